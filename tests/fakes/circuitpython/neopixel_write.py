"""Fake `neopixel_write`: the only thing under Adafruit's real NeoPixel
library that touches a pin. It records the exact bytes of every write."""

writes = []


def neopixel_write(digitalinout, buf):
    if len(writes) >= 64:
        writes.pop(0)
    writes.append((digitalinout.pin, bytes(buf)))
