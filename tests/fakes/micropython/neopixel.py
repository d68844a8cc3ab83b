"""Fake MicroPython `neopixel` (the micropython-lib driver's interface):
`NeoPixel(pin, n, bpp=3, timing=1)`, a public `buf`, `write()`. Every write
is recorded (the last KEEP) as the exact bytes that would go down the wire;
the real driver keeps none, so a heap benchmark sets KEEP to 0."""

KEEP = 64
strips = []


class NeoPixel:
    ORDER = (1, 0, 2, 3)

    def __init__(self, pin, n, bpp=3, timing=1):
        self.pin = pin
        self.n = n
        self.bpp = bpp
        self.timing = timing
        self.buf = bytearray(n * bpp)
        self.writes = []
        pin.init(pin.OUT)
        strips.append(self)

    def __len__(self):
        return self.n

    def __setitem__(self, i, v):
        offset = i * self.bpp
        for j in range(self.bpp):
            self.buf[offset + self.ORDER[j]] = v[j]

    def fill(self, v):
        for i in range(self.n):
            self[i] = v

    def write(self):
        if KEEP == 0:
            return
        if len(self.writes) >= KEEP:
            self.writes.pop(0)
        self.writes.append(bytes(self.buf))
