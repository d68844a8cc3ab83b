"""Draw a framebuffer as a panel of round, glowing LEDs with pygame-ce.

What the screen shows follows the hardware: the framebuffer level goes
through the same gamma and brightness as on the device (hal/colour.py), and
the resulting LED duty is shown back in screen (sRGB-like) terms, so a dim
detail that stays lit on the LEDs stays visible here too.
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from hal.colour import pixel_duty  # noqa: E402

PITCH = 26  # screen pixels from one LED to the next
MARGIN = 16
OFF = (26, 26, 30)  # an unlit LED package
PANEL = (6, 6, 8)
FLOOR = 64  # the dimmest lit LED on screen
_sprites = {}


def visible(colour, brightness):
    """The screen colour of an LED showing framebuffer `colour` at `brightness`%."""
    shown = [0 if not d else min(255, int(255 * (d / 255) ** (1 / 2.2) + 0.5))
             for d in pixel_duty(colour[0], colour[1], colour[2], brightness)]
    # A lit LED is a point of light: even duty 1 is plainly visible in a room,
    # more than its share of a monitor's range suggests.
    top = max(shown)
    if 0 < top < FLOOR:
        shown = [v * FLOOR // top for v in shown]
    return tuple(shown)


def _sprite(rgb):
    """A lit LED: a soft halo, a solid core and a paler centre."""
    s = _sprites.get(rgb)
    if s is None:
        if len(_sprites) > 1024:
            _sprites.clear()
        size = PITCH + 8
        c = size // 2
        s = pygame.Surface((size, size), pygame.SRCALPHA)
        for r, a in ((c, 18), (c - 2, 34), (c - 4, 60)):
            pygame.draw.circle(s, rgb + (a,), (c, c), r)
        core = PITCH // 2 - 3
        pygame.draw.circle(s, rgb + (255,), (c, c), core)
        # Whiter in the middle, as much as the LED is bright.
        k = max(rgb)
        pale = tuple(min(255, v + (255 - v) * 2 * k // (5 * 255)) for v in rgb)
        pygame.draw.circle(s, pale + (255,), (c, c), max(2, core // 2))
        _sprites[rgb] = s
    return s


def panel_size(width, height):
    return (MARGIN * 2 + PITCH * width, MARGIN * 2 + PITCH * height)


def draw(surface, buf, width, height, brightness=100, origin=(0, 0)):
    """Draw the RGB framebuffer `buf` (width x height) onto `surface`."""
    ox, oy = origin
    w, h = panel_size(width, height)
    surface.fill(PANEL, pygame.Rect(ox, oy, w, h))
    off_r = PITCH // 2 - 5
    lit = []
    for y in range(height):
        for x in range(width):
            i = (y * width + x) * 3
            cx = ox + MARGIN + x * PITCH + PITCH // 2
            cy = oy + MARGIN + y * PITCH + PITCH // 2
            level = (buf[i], buf[i + 1], buf[i + 2])
            if level == (0, 0, 0):
                pygame.draw.circle(surface, OFF, (cx, cy), off_r)
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
