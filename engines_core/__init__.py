"""Pure game logic for the handheld: engines, computer players, seeded PRNG.

Nothing in this package does I/O or imports from the other layers, and every
module runs unchanged on CPython and MicroPython.
"""
