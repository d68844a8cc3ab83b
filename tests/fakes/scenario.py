"""A boot-and-play scenario on fake hardware, run the same way in CPython and
inside real MicroPython (tests/test_hardware_backends.py compares them)."""


def menu_scenario(start, modules, storage, board="pico", down_pin=3):
    """Boot, show the menu, press DOWN once through a bouncing contact.
    Returns (menu line before, after, last bytes on the wire, watchdog feeds)."""
    fh = modules["fakehw"]
    app, hal = start.start(board, "micropython", modules, storage=storage)

    def frames(n):
        for _ in range(n):
            fh.advance(30)
            app.step()
    frames(5)
    before = app.screen.line
    # 12 ms of chatter, then held; released 150 ms later.
    for level, ms in ((0, 2), (1, 1), (0, 3), (1, 2), (0, 4), (1, 1), (0, 20)):
        fh.drive(down_pin, level)
        fh.advance(ms)
    frames(4)
    fh.drive(down_pin, None)
    frames(5)
    strip = modules["neopixel"].strips[0]
    return before, app.screen.line, strip.writes[-1], hal.watchdog.feeds
