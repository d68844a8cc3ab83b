"""Issue 24, item 6: colours that only their colour tells apart stay apart
for viewers with the common colour-vision deficiencies, as the LEDs show them.

Every module that draws declares them (`TELL_APART` in firmware/palette.py and
in each game's screens module); every pair within one entry is compared at
every brightness the menu can set, through the LED output stage (gamma,
brightness), under normal vision and Machado et al.'s protanopia,
deuteranopia and tritanopia (tests/cvd.py), in CIEDE2000.
"""

import itertools

import pytest

from engines_core import registry
from firmware import palette, settings
from tests import cvd

# The smallest CIEDE2000 allowed between two colours that must be told apart.
# A difference of about 1 is just noticeable between two large patches side
# by side (2.3 in the older CIELAB metric). On the device a colour is one LED
# or a few, a point a few arc-minutes wide at arm's length, often read apart
# from the colour it must be told from (another row, another moment); colour
# discrimination over such small fields is several times coarser than over
# large ones (and blue-yellow nearly vanishes: small-field tritanopia). So
# we ask for about five times the large-field step: 12. Nothing in the old
# palette between 7 and 12 read reliably for the people who tried it (P2's
# green and P4's teal were 7.0 apart under tritanopia); everything now
# listed is at least 12.
MIN_DELTA_E = 12

BRIGHTNESSES = range(settings.BRIGHTNESS_MIN, settings.BRIGHTNESS_MAX + 1)


def declared():
    """(module name, what, colours) for every TELL_APART entry."""
    out = [("palette", what, colours) for what, colours in palette.TELL_APART]
    for name in registry.NAMES:
        mod = registry.load("firmware." + name + "_screens")
        for what, colours in mod.TELL_APART:
            out.append((name, what, colours))
    return out


def test_every_game_declares_the_colours_it_tells_apart():
    names = {m for m, _, _ in declared()}
    assert names == {"palette"} | set(registry.NAMES)
    for _, what, colours in declared():
        assert len(colours) >= 2 and len(set(colours)) == len(colours), what


def test_the_simulation_is_the_published_one():
    """CIEDE2000 against Sharma et al.'s test data (pairs 1, 7, 17, 25), and
    the matrices keep white white and grey grey (each row sums to 1)."""
    for lab1, lab2, expected in (
            ((50, 2.6772, -79.7751), (50, 0, -82.7485), 2.0425),
            ((50, 0, 0), (50, -1, 2), 2.3669),
            ((50, 2.5, 0), (73, 25, -18), 27.1492),
            ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644)):
        assert abs(cvd.ciede2000(lab1, lab2) - expected) < 1e-4
    for m in cvd.MACHADO.values():
        for row in m:
            assert abs(sum(row) - 1) < 1e-3
    # Red and green, far apart for most, nearly merge without L or M cones.
    red, green = 0xFF2010, 0x10E010
    assert cvd.distance(red, green, "normal", 40) > 60
    assert cvd.distance(red, green, "deuteranopia", 40) < 20


@pytest.mark.parametrize("module, what, colours", declared(), ids=lambda v: v.replace(" ", "-") if isinstance(v, str) else "")
def test_colours_that_only_colour_tells_apart_stay_apart(module, what, colours):
    too_close = []
    for a, b in itertools.combinations(colours, 2):
        d, vision, level = cvd.worst(a, b, BRIGHTNESSES)
        if d < MIN_DELTA_E:
            too_close.append("%06X/%06X %.1f (%s, brightness %d)" % (a, b, d, vision, level))
    assert not too_close, "%s, %s: %s" % (module, what, "; ".join(too_close))
