"""The simulator in a pygame-ce window: glowing LEDs, keyboard as buttons.

Keys: arrows = D-pad, Z / Space / Enter = A, X / Backspace = B,
Esc / M = the Menu button (pause a game), F12 = screenshot, close the window
to quit.
"""

import os
import time

from simulator import render

KEYS = None


def _keymap(pygame):
    from hal import buttons as B
    return {
        pygame.K_UP: B.UP, pygame.K_DOWN: B.DOWN, pygame.K_LEFT: B.LEFT, pygame.K_RIGHT: B.RIGHT,
        pygame.K_z: B.A, pygame.K_SPACE: B.A, pygame.K_RETURN: B.A,
        pygame.K_x: B.B, pygame.K_BACKSPACE: B.B,
        pygame.K_ESCAPE: B.MENU, pygame.K_m: B.MENU,
    }


def run(app, title="Tomo handheld"):
    import pygame
    pygame.display.init()  # only the display: the simulator plays no sound (no ALSA noise)
    d = app.hal.display
    size = render.panel_size(d.width, d.height)
    screen = pygame.display.set_mode(size)
    pygame.display.set_caption(title)
    keys = _keymap(pygame)
    buttons = app.hal.buttons
    clock = app.hal.clock
    mask = 0
    shots = 0
    while app.running:
        for e in pygame.event.get():
            if e.type == pygame.QUIT:
                app.running = False
            elif e.type in (pygame.KEYDOWN, pygame.KEYUP) and e.key in keys:
                bit = 1 << keys[e.key]
                mask = (mask | bit) if e.type == pygame.KEYDOWN else (mask & ~bit)
                buttons.set_raw(mask, clock.now())
            elif e.type == pygame.KEYDOWN and e.key == pygame.K_F12:
                shots += 1
                path = os.path.abspath("screenshot-%d.png" % shots)
                render.save_png(d.last, d.width, d.height, path, d.brightness)
                print("saved", path)
        start = time.monotonic()
        app.step()
        render.draw(screen, d.last, d.width, d.height, d.brightness)
        pygame.display.flip()
        rest = 0.030 - (time.monotonic() - start)
        if rest > 0:
            time.sleep(rest)
    pygame.quit()
