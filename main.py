# Tomo handheld: MicroPython runs this file at power-on (and a Raspberry Pi
# runs it with `sudo python3 main.py [board]`). device/start.py does the rest.
import sys
from device.start import main

main(sys.argv[1] if len(sys.argv) > 1 and sys.implementation.name == "cpython" else None)
