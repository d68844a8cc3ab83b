"""The simulator in a pygame-ce window: glowing LEDs, keyboard as buttons.

Keys: arrows = D-pad, Z / Space / Enter = A, X / Backspace = B,
Esc / M = the Menu button (pause a game), F12 = screenshot, close the window
to quit.
"""

import os
import time

from simulator import render
from simulator.keys import KEY_NAMES, TAP_MS, Keys  # noqa: F401 (tests take them from here)

FIT = 0.9  # the first window takes at most this share of the desktop
TITLE = "Tomo - arrows, Z=A, X=B, Esc=pause, F12=shot"  # the keys, where they are seen


def _keymap(pygame):
    return dict((pygame.key.key_code(name), button) for name, button in KEY_NAMES)


def first_size(panel, desktop):
    """The window's first size: the panel's own, or smaller (same shape) if
    that does not fit the desktop (a 64x64 matrix is 1696 pixels square)."""
    w, h = panel
    scale = min(1.0, desktop[0] * FIT / w, desktop[1] * FIT / h)
    return max(1, int(w * scale)), max(1, int(h * scale))


def fit(panel, window):
    """Where the panel goes in a window of any size: (x, y, w, h), as large
    as fits, same shape, centred."""
    scale = min(window[0] / panel[0], window[1] / panel[1])
    w, h = max(1, int(panel[0] * scale)), max(1, int(panel[1] * scale))
    return (window[0] - w) // 2, (window[1] - h) // 2, w, h


class Unavailable(Exception):
    """The window could not be opened (nothing was shown or played yet)."""


def run(app, title=TITLE):
    """Play `app` in a window until it is closed; raises Unavailable if no
    window opens."""
    import pygame
    d = app.hal.display
    size = render.panel_size(d.width, d.height)
    try:
        pygame.display.init()  # only the display: the sound is simulator/mixer_sound.py's
        desktops = pygame.display.get_desktop_sizes()
        pygame.display.set_mode(first_size(size, desktops[0]) if desktops else size,
                                pygame.RESIZABLE)
    except pygame.error as e:
        raise Unavailable(str(e) or "pygame.error")
    pygame.display.set_caption(title)
    panel = pygame.Surface(size)
    drawn = None
    keys = Keys(_keymap(pygame))
    buttons = app.hal.buttons
    clock = app.hal.clock
    shots = 0
    while app.running:
        for e in pygame.event.get():
            if e.type == pygame.QUIT:
                app.running = False
            elif e.type in (pygame.VIDEOEXPOSE, pygame.WINDOWEXPOSED):
                drawn = None  # uncovered: draw it again
            elif e.type == pygame.KEYDOWN and e.key in keys.keymap:
                keys.press(e.key, clock.now())
            elif e.type == pygame.KEYUP and e.key in keys.keymap:
                keys.release(e.key, clock.now())
            elif e.type == pygame.KEYDOWN and e.key == pygame.K_F12:
                shots += 1
                while os.path.exists("screenshot-%d.png" % shots):
                    shots += 1  # never over an earlier run's
                path = os.path.abspath("screenshot-%d.png" % shots)
                render.save_png(d.last, d.width, d.height, path, d.brightness)
                print("saved", path)
        buttons.set_raw(keys.mask(clock.now()), clock.now())
        start = time.monotonic()
        app.step()
        screen = pygame.display.get_surface()  # a new one after a resize
        now_showing = (d.last, d.brightness, screen.get_size())
        if now_showing != drawn:
            drawn = now_showing
            render.draw(panel, d.last, d.width, d.height, d.brightness)
            if screen.get_size() == size:
                screen.blit(panel, (0, 0))
            else:
                x, y, w, h = fit(size, screen.get_size())
                screen.fill(render.PANEL)
                screen.blit(pygame.transform.smoothscale(panel, (w, h)), (x, y))
            pygame.display.flip()
        rest = 0.030 - (time.monotonic() - start)
        if rest > 0:
            time.sleep(rest)
    pygame.quit()
