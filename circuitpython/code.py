# Tomo handheld: CircuitPython runs this file at power-on (device/start.py).
# tools/flash copies it to the root of the CIRCUITPY drive. (It lives in
# circuitpython/ in the repository: at the top it would hide Python's own
# `code` module.)
from device.start import main

main()
