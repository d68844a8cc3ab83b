"""Colour-vision deficiency maths for tests/test_colour_vision.py.

How an LED colour looks to a viewer with protanopia, deuteranopia or
tritanopia, and how far apart two looks are:
- the framebuffer colour goes through the LED output stage as on the device
  (hal.colour.pixel_duty: gamma, then the menu's brightness), and a duty is
  the LED's light, i.e. linear RGB; the eye adapts to the display's white
  at that brightness, so light is counted as a fraction of white's duty;
- the deficiency is simulated by the matrices of Machado, Oliveira and
  Fernandes 2009 ("A physiologically-based model for simulation of color
  vision deficiency", IEEE TVCG 15(6)) at severity 1.0, applied to linear RGB
  (LED primaries taken as sRGB's);
- linear RGB -> CIE XYZ (sRGB primaries, D65) -> CIELAB, and the distance is
  CIEDE2000 (Sharma, Wu and Dalal 2005, "The CIEDE2000 color-difference
  formula: implementation notes, supplementary test data and mathematical
  observations", Color Res. Appl. 30(1), equations 1-22).
"""

import math

from hal.colour import pixel_duty

# Machado et al. 2009, severity 1.0 (the paper's table of matrices).
MACHADO = {
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779),
                   (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
VISIONS = ("normal",) + tuple(MACHADO)

# Linear sRGB (D65) to XYZ, and D65's white point (IEC 61966-2-1).
_XYZ = ((0.4124, 0.3576, 0.1805), (0.2126, 0.7152, 0.0722), (0.0193, 0.1192, 0.9505))
_WHITE = (0.95047, 1.0, 1.08883)


def led_linear(colour, brightness):
    """The light of framebuffer `colour` (0xRRGGBB) on the LEDs at the menu's
    `brightness` percent, per channel as a fraction of white's."""
    duty = pixel_duty(colour >> 16, (colour >> 8) & 0xFF, colour & 0xFF, brightness)
    white = pixel_duty(255, 255, 255, brightness)[0]
    return tuple(v / white for v in duty)


def simulate(linear, vision):
    if vision == "normal":
        return linear
    m = MACHADO[vision]
    return tuple(min(1.0, max(0.0, m[i][0] * linear[0] + m[i][1] * linear[1] + m[i][2] * linear[2]))
                 for i in range(3))


def lab(linear):
    xyz = [sum(_XYZ[i][j] * linear[j] for j in range(3)) / _WHITE[i] for i in range(3)]

    def f(t):
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29
    fx, fy, fz = (f(t) for t in xyz)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def ciede2000(lab1, lab2):
    """CIEDE2000 with kL = kC = kH = 1 (Sharma et al. 2005)."""
    L1, a1, b1 = lab1
    L2, a2, b2 = lab2
    c_bar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_bar ** 7 / (c_bar ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dLp = L2 - L1
    dCp = c2p - c1p
    if c1p * c2p == 0:
        dhp = 0.0
    elif abs(h2p - h1p) <= 180:
        dhp = h2p - h1p
    elif h2p - h1p > 180:
        dhp = h2p - h1p - 360
    else:
        dhp = h2p - h1p + 360
    dHp = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dhp / 2))
    Lbp = (L1 + L2) / 2
    Cbp = (c1p + c2p) / 2
    if c1p * c2p == 0:
        hbp = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hbp = (h1p + h2p) / 2
    elif h1p + h2p < 360:
        hbp = (h1p + h2p + 360) / 2
    else:
        hbp = (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(hbp - 30)) + 0.24 * math.cos(math.radians(2 * hbp))
         + 0.32 * math.cos(math.radians(3 * hbp + 6)) - 0.20 * math.cos(math.radians(4 * hbp - 63)))
    d_theta = 30 * math.exp(-(((hbp - 275) / 25) ** 2))
    rc = 2 * math.sqrt(Cbp ** 7 / (Cbp ** 7 + 25 ** 7))
    sl = 1 + 0.015 * (Lbp - 50) ** 2 / math.sqrt(20 + (Lbp - 50) ** 2)
    sc = 1 + 0.045 * Cbp
    sh = 1 + 0.015 * Cbp * t
    rt = -math.sin(math.radians(2 * d_theta)) * rc
    return math.sqrt((dLp / sl) ** 2 + (dCp / sc) ** 2 + (dHp / sh) ** 2
                     + rt * (dCp / sc) * (dHp / sh))


def distance(c1, c2, vision, brightness):
    """CIEDE2000 between two framebuffer colours as the LEDs show them at
    `brightness` to a viewer with `vision` ("normal" or a MACHADO key)."""
    return ciede2000(lab(simulate(led_linear(c1, brightness), vision)),
                     lab(simulate(led_linear(c2, brightness), vision)))


def worst(c1, c2, brightnesses):
    """(smallest distance, vision, brightness) over every vision and level."""
    return min((distance(c1, c2, v, b), v, b) for v in VISIONS for b in brightnesses)
