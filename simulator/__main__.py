"""Command line of the simulator.

    python -m simulator                      # the menu, in a window or the terminal
    python -m simulator --game tomoko --seats human,ai:hard
    python -m simulator --headless --game tomoko --seats ai,ai --seed 7 --json
    python -m simulator --headless --game tomoko --seats human,ai --seed 3 \\
        --script "idle,shot:board,RIGHT,A,idle,shot:after" --frames docs/screens
"""

import argparse
import json
import os
import sys


def parse_args(argv):
    ap = argparse.ArgumentParser(prog="python -m simulator", description=__doc__.splitlines()[0])
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--window", action="store_true", help="pygame window (default with a display)")
    mode.add_argument("--terminal", action="store_true", help="24-bit colour text in this terminal")
    mode.add_argument("--headless", action="store_true", help="no display: JSON results or PNG frames")
    ap.add_argument("--game", help="tomoko, tomoe, tokkome or toncc (default: start at the menu)")
    ap.add_argument("--seats", default=None,
                    help="comma-separated seats: ai, ai:easy, ai:normal, ai:hard, random, human")
    ap.add_argument("--seed", type=int, default=None, help="game seed (default: from the clock)")
    ap.add_argument("--variant", default="standard")
    ap.add_argument("--json", action="store_true", help="headless: print one JSON line")
    ap.add_argument("--script", help="headless: button script (see simulator/headless.py)")
    ap.add_argument("--frames", default="frames", help="headless: folder for shot:NAME PNGs")
    ap.add_argument("--storage", default=None,
                    help="folder for settings and saved games (default ~/.tomo-handheld; "
                         "headless: in memory)")
    ap.add_argument("--size", default="16x16", help="matrix size, e.g. 32x16")
    ap.add_argument("--brightness", type=int, default=None, help="10-100")
    return ap.parse_args(argv)


def _size(text):
    try:
        w, h = text.lower().split("x")
        return int(w), int(h)
    except ValueError:
        raise SystemExit("--size must look like 16x16")


def _has_display():
    if sys.platform in ("darwin", "win32"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    from simulator import headless
    seats = args.seats.split(",") if args.seats else None
    if args.headless and not args.script:
        if not args.game:
            raise SystemExit("--headless needs --game (and --seats of computer players)")
        seed = 1 if args.seed is None else args.seed
        try:
            result = headless.play_computer_game(args.game, seats or ["ai", "ai"], seed, args.variant)
        except ValueError as e:
            raise SystemExit("error: %s" % e)
        if args.json:
            print(json.dumps(result, separators=(",", ":")))
        else:
            print("%s (%s), seed %d: winners %s, scores %s, %d moves" % (
                result["game"], result["variant"], seed,
                ",".join("P%d" % (s + 1) for s in result["winners"]), result["scores"], result["moves"]))
        return 0

    from simulator.sim_hal import make_hal, default_storage_dir
    from firmware.main import boot
    w, h = _size(args.size)
    storage = args.storage
    if storage is None and not args.headless:
        storage = default_storage_dir()
    if args.headless:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    hal = make_hal(w, h, fake_clock=args.headless, storage_dir=storage)
    session = None
    if args.game:
        from firmware.session import Session
        import time
        seed = args.seed if args.seed is not None else int(time.time()) & 0xFFFFFFFF
        kinds = [headless.seat_kind(s) for s in (seats or ["human", "ai"])]
        try:
            session = Session(args.game, kinds, args.variant, seed)
        except ValueError as e:
            raise SystemExit("error: %s" % e)
    app = boot(hal, session)
    if args.brightness is not None:
        app.settings.brightness = max(10, min(100, args.brightness))
        app.apply_settings()
    if args.headless:
        runner = headless.ScriptRunner(app, args.frames)
        shots = runner.run(args.script)
        for p in shots:
            print(p)
        return 0
    use_window = args.window or (not args.terminal and _has_display())
    if use_window:
        try:
            from simulator import window
            window.run(app)
            return 0
        except Exception as e:  # no usable video driver: fall back to text
            if args.window:
                raise
            print("window unavailable (%s); using the terminal" % e, file=sys.stderr)
    from simulator import terminal
    terminal.run(app)
    return 0


if __name__ == "__main__":
    sys.exit(main())
