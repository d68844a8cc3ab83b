"""A tiny seeded PRNG that gives the same numbers on CPython and MicroPython.

xorshift32 (Marsaglia 2003) with explicit 32-bit masks. The state is one int,
so it can live inside a game state and be serialised as four bytes.
"""

MASK32 = 0xFFFFFFFF
_DEFAULT = 0x6D2B79F5


def mix_seed(*parts):
    """Fold several small ints (seed, seat, move number...) into one 32-bit seed."""
    h = 0x811C9DC5
    for p in parts:
        p &= MASK32
        for _ in range(4):
            h ^= p & 0xFF
            h = (h * 0x01000193) & MASK32
            p >>= 8
    return h


class Rng:
    """xorshift32 generator; `state` is a non-zero 32-bit int."""

    def __init__(self, seed=1):
        self.state = 0
        self.seed(seed)

    def seed(self, seed):
        """Reset from any int; equal seeds give equal sequences everywhere."""
        s = mix_seed(seed) or _DEFAULT
        self.state = s
        for _ in range(4):
            self.next32()

    def next32(self):
        """Return the next 32-bit unsigned value."""
        x = self.state
        x ^= (x << 13) & MASK32
        x ^= x >> 17
        x ^= (x << 5) & MASK32
        self.state = x
        return x

    def below(self, n):
        """Uniform int in [0, n) by rejection (no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = MASK32 - (MASK32 + 1) % n
        while True:
            x = self.next32()
            if x <= limit:
                return x % n

    def choice(self, seq):
        """One element of a non-empty sequence."""
        return seq[self.below(len(seq))]

    def shuffle(self, seq):
        """Fisher-Yates shuffle in place."""
        for i in range(len(seq) - 1, 0, -1):
            j = self.below(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    def get_state(self):
        return self.state

    def set_state(self, state):
        if not 0 < state <= MASK32:
            raise ValueError("bad PRNG state")
        self.state = state
