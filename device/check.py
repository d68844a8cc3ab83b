"""The hardware check screen: hold A while the device powers up.

What it shows, and what to change in your board file if it looks wrong:

- the four corners: top-left red, top-right green, bottom-left blue,
  bottom-right white, and a white arrow pointing up in the middle. Corners in
  the wrong places or a scrambled picture: FIRST_LED, STRIPS, SERPENTINE,
  ROTATION, FLIP_X, FLIP_Y. Red and green swapped: COLOR_ORDER.
- one mark per button along the bottom (UP DOWN LEFT RIGHT A B MENU): it
  lights while the button is held, and the buzzer beeps on each press. A
  mark that never lights: that button's pin, or BUTTON_PULL/BUTTON_ACTIVE.
- a bar on the left: the estimated current of this frame (full height =
  the POWER_BUDGET_MA budget).

Hold B for a second to leave and start the games.
"""

from hal import buttons as B

CORNERS = ((0, 0, 0xFF0000), (15, 0, 0x00FF00), (0, 15, 0x0000FF), (15, 15, 0xFFFFFF))
ARROW = ((7, 3), (8, 3), (6, 4), (9, 4), (5, 5), (10, 5), (7, 4), (8, 4), (7, 5), (8, 5),
         (7, 6), (8, 6), (7, 7), (8, 7), (7, 8), (8, 8), (7, 9), (8, 9))
MARK_COLOURS = (0x00FFFF, 0x00FFFF, 0x00FFFF, 0x00FFFF, 0x00FF00, 0xFF0000, 0xFFB000)


def draw(d, held, ma, budget):
    d.fill(0)
    for x, y, c in CORNERS:
        d.pixel(x, y, c)
    for x, y in ARROW:
        d.pixel(x, y, 0x808080)
    for b in range(B.COUNT):
        x = 1 + 2 * b
        c = MARK_COLOURS[b] if held >> b & 1 else 0x101010
        d.pixel(x, 12, c)
        d.pixel(x, 13, c)
    if budget:
        h = min(10, ma * 10 // budget)
        for i in range(h):
            d.pixel(0, 11 - i, 0xFFB000)


def run_check(hal, frames=None):
    """Loop until B is held (or `frames` frames have been shown)."""
    d, buttons, clock, sound = hal.display, hal.buttons, hal.clock, hal.sound
    sound.volume = 5
    budget = getattr(d, "pipeline", None)
    budget = budget.budget_ma if budget is not None else 0
    shown = 0
    while frames is None or shown < frames:
        now = clock.now()
        for ev in buttons.events(now):
            kind = B.kind_of(ev)
            b = B.button_of(ev)
            if kind == B.PRESS:
                sound.play(((660 + 110 * b, 60),), now)
            elif kind == B.LONG and b == B.B:
                d.fill(0)
                d.show()
                return
        ma = getattr(getattr(d, "pipeline", None), "ma", 0)
        draw(d, buttons.stable, ma, budget)
        d.show()
        shown += 1
        sound.update(now)
        clock.sleep_ms(30)
