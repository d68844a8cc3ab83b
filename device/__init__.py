"""The device entry point: main.py (MicroPython, and `python3 main.py` on a
Raspberry Pi) and code.py (CircuitPython) call device.start.main()."""
