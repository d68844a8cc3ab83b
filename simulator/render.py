"""Draw a framebuffer as a panel of round, glowing LEDs with pygame-ce.

The look of one LED (size, halo, gamma and brightness as on the device) is
simulator/led.py's, shared with the web page.
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from simulator.led import (CENTRE, CORE, FLOOR, HALO, OFF, OFF_RADIUS, PANEL,  # noqa: E402,F401
                           SPRITE, centre, panel_size, pale, visible)

_sprites = {}


def _sprite(rgb):
    """A lit LED: a soft halo, a solid core and a paler centre."""
    s = _sprites.get(rgb)
    if s is None:
        if len(_sprites) > 1024:
            _sprites.clear()
        c = SPRITE // 2
        s = pygame.Surface((SPRITE, SPRITE), pygame.SRCALPHA)
        for inset, a in HALO:
            pygame.draw.circle(s, rgb + (a,), (c, c), c - inset)
        pygame.draw.circle(s, rgb + (255,), (c, c), CORE)
        pygame.draw.circle(s, pale(rgb) + (255,), (c, c), CENTRE)
        _sprites[rgb] = s
    return s


def draw(surface, buf, width, height, brightness=100, origin=(0, 0)):
    """Draw the RGB framebuffer `buf` (width x height) onto `surface`."""
    ox, oy = origin
    w, h = panel_size(width, height)
    surface.fill(PANEL, pygame.Rect(ox, oy, w, h))
    lit = []
    for y in range(height):
        for x in range(width):
            i = (y * width + x) * 3
            cx, cy = centre(x, y)
            cx += ox
            cy += oy
            level = (buf[i], buf[i + 1], buf[i + 2])
            if level == (0, 0, 0):
                pygame.draw.circle(surface, OFF, (cx, cy), OFF_RADIUS)
            else:
                lit.append((cx, cy, visible(level, brightness)))
    # Lit LEDs last, so their halo falls over unlit neighbours.
    for cx, cy, rgb in lit:
        s = _sprite(rgb)
        surface.blit(s, (cx - s.get_width() // 2, cy - s.get_height() // 2))


def save_png(buf, width, height, path, brightness=100):
    """Write one frame as a PNG of glowing LEDs."""
    surface = pygame.Surface(panel_size(width, height))
    draw(surface, buf, width, height, brightness)
    d = os.path.dirname(path)
    if d:
        os.makedirs(d, exist_ok=True)
    pygame.image.save(surface, path)
