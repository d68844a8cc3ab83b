"""How one LED of the matrix looks on a screen: the numbers and colours the
window, the PNGs (simulator/render.py) and the web page (web/page.py) share.

What the screen shows follows the hardware: the framebuffer level goes
through the same gamma and brightness as on the device (hal/colour.py), and
the resulting LED duty is shown back in screen (sRGB-like) terms, so a dim
detail that stays lit on the LEDs stays visible here too. No pygame here:
the web page runs this module inside MicroPython.
"""

from hal.colour import pixel_duty

PITCH = 26  # screen pixels from one LED to the next
MARGIN = 16
OFF = (26, 26, 30)  # an unlit LED package
PANEL = (6, 6, 8)
FLOOR = 64  # the dimmest lit LED on screen
OFF_RADIUS = PITCH // 2 - 5  # an unlit LED's disc
SPRITE = PITCH + 8  # a lit LED's square, halo included
# The halo of a lit LED: (radius inside the sprite's half, alpha 0-255),
# outermost first, drawn over each other.
HALO = ((0, 18), (2, 34), (4, 60))
CORE = PITCH // 2 - 3  # its solid core's radius
CENTRE = max(2, CORE // 2)  # the paler centre's radius


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


def pale(rgb):
    """The centre of a lit LED of screen colour `rgb`: whiter, as much as
    the LED is bright."""
    k = max(rgb)
    return tuple(min(255, v + (255 - v) * 2 * k // (5 * 255)) for v in rgb)


def panel_size(width, height):
    return (MARGIN * 2 + PITCH * width, MARGIN * 2 + PITCH * height)


def centre(x, y):
    """The screen position of LED (x, y)'s centre on the panel."""
    return MARGIN + x * PITCH + PITCH // 2, MARGIN + y * PITCH + PITCH // 2


def look():
    """The numbers above, for a page that draws LEDs itself (web/page.js)."""
    return {"pitch": PITCH, "margin": MARGIN, "off": list(OFF), "panel": list(PANEL),
            "off_radius": OFF_RADIUS, "sprite": SPRITE, "halo": [list(h) for h in HALO],
            "core": CORE, "centre": CENTRE}
