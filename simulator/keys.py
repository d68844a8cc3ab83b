"""The keyboard as the device's buttons: which keys, and a quick tap made
long enough to count. Shared by the window (simulator/window.py) and the
web page (web/page.py); no pygame here.

Keys are named as pygame-ce's `key.key_code` names them; the page turns a
browser's key names into these (web/page.js).
"""

from hal import buttons as B

# A key counts as down at least this long: a tap shorter than the buttons'
# debounce (20 ms) plus a frame would otherwise never reach the firmware.
TAP_MS = 60

KEY_NAMES = (
    ("up", B.UP), ("down", B.DOWN), ("left", B.LEFT), ("right", B.RIGHT),
    ("z", B.A), ("space", B.A), ("return", B.A),
    ("x", B.B), ("backspace", B.B),
    ("escape", B.MENU), ("m", B.MENU),
)


class Keys:
    """Keys down -> the raw button mask. Several keys may be one button (Z,
    Space, Enter); a key let go sooner than TAP_MS after its press stays
    down until then."""

    def __init__(self, keymap):
        self.keymap = keymap
        self.down = {}  # key -> when it was pressed
        self.until = {}  # key -> when a quick tap ends

    def press(self, key, now):
        self.down[key] = now
        self.until.pop(key, None)

    def release(self, key, now):
        since = self.down.pop(key, None)
        if since is not None and now - since < TAP_MS:
            self.until[key] = since + TAP_MS

    def mask(self, now):
        for key, end in list(self.until.items()):
            if now >= end:
                del self.until[key]
        mask = 0
        for key in list(self.down) + list(self.until):
            mask |= 1 << self.keymap[key]
        return mask
