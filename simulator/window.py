"""The simulator in a pygame-ce window: glowing LEDs, keyboard as buttons.

Keys: arrows = D-pad, Z / Space / Enter = A, X / Backspace = B,
Esc / M = the Menu button (pause a game), F12 = screenshot, close the window
to quit.
"""

import os
import time

from simulator import render

# A key counts as down at least this long: a tap shorter than the buttons'
# debounce (20 ms) plus a frame would otherwise never reach the firmware.
TAP_MS = 60


def _keymap(pygame):
    from hal import buttons as B
    return {
        pygame.K_UP: B.UP, pygame.K_DOWN: B.DOWN, pygame.K_LEFT: B.LEFT, pygame.K_RIGHT: B.RIGHT,
        pygame.K_z: B.A, pygame.K_SPACE: B.A, pygame.K_RETURN: B.A,
        pygame.K_x: B.B, pygame.K_BACKSPACE: B.B,
        pygame.K_ESCAPE: B.MENU, pygame.K_m: B.MENU,
    }


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


def run(app, title="Tomo handheld"):
    import pygame
    pygame.display.init()  # only the display: the simulator plays no sound (no ALSA noise)
    d = app.hal.display
    size = render.panel_size(d.width, d.height)
    screen = pygame.display.set_mode(size)
    pygame.display.set_caption(title)
    keys = Keys(_keymap(pygame))
    buttons = app.hal.buttons
    clock = app.hal.clock
    shots = 0
    while app.running:
        for e in pygame.event.get():
            if e.type == pygame.QUIT:
                app.running = False
            elif e.type == pygame.KEYDOWN and e.key in keys.keymap:
                keys.press(e.key, clock.now())
            elif e.type == pygame.KEYUP and e.key in keys.keymap:
                keys.release(e.key, clock.now())
            elif e.type == pygame.KEYDOWN and e.key == pygame.K_F12:
                shots += 1
                path = os.path.abspath("screenshot-%d.png" % shots)
                render.save_png(d.last, d.width, d.height, path, d.brightness)
                print("saved", path)
        buttons.set_raw(keys.mask(clock.now()), clock.now())
        start = time.monotonic()
        app.step()
        render.draw(screen, d.last, d.width, d.height, d.brightness)
        pygame.display.flip()
        rest = 0.030 - (time.monotonic() - start)
        if rest > 0:
            time.sleep(rest)
    pygame.quit()
