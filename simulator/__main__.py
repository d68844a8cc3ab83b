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

# pygame prints a banner on import; the display check below imports it first.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

MAX_SIDE = 64  # LEDs along one side of the largest matrix the simulator draws
MAX_SEED = 2 ** 32 - 1


def _size(text):
    """'32x16' -> (32, 16); at least 16x16, at most 64x64."""
    w, x, h = text.lower().partition("x")
    if not (x and w.isdigit() and h.isdigit()):
        raise argparse.ArgumentTypeError("%r: give WIDTHxHEIGHT, e.g. 16x16 or 32x16" % text)
    w, h = int(w), int(h)
    if not (16 <= w <= MAX_SIDE and 16 <= h <= MAX_SIDE):
        raise argparse.ArgumentTypeError("%r: each side must be 16 to %d LEDs" % (text, MAX_SIDE))
    return w, h


def _brightness(text):
    try:
        n = int(text)
    except ValueError:
        n = None
    if n is None or not 10 <= n <= 100:
        raise argparse.ArgumentTypeError("%r: give a percentage from 10 to 100" % text)
    return n


def _seed(text):
    """A game seed: 0 to 2**32-1 (the PRNG is 32 bits: larger seeds wrapped
    round to another game's, 2**32 played seed 0's)."""
    try:
        n = int(text)
    except ValueError:
        n = None
    if n is None or not 0 <= n <= MAX_SEED:
        raise argparse.ArgumentTypeError("%r: give a seed from 0 to %d" % (text, MAX_SEED))
    return n


def _seats(text):
    """'ai,ai:hard' -> ['ai', 'ai:hard'], every seat checked."""
    from simulator.headless import seat_kind
    seats = text.split(",")
    if not text.strip() or any(not s.strip() for s in seats):
        raise argparse.ArgumentTypeError(
            "%r: give comma-separated seats, e.g. ai,human (ai, ai:easy, ai:normal, ai:hard, "
            "random, human)" % text)
    for s in seats:
        try:
            seat_kind(s)
        except ValueError as e:
            raise argparse.ArgumentTypeError(str(e))
    return [s.strip().lower() for s in seats]  # as the JSON line gives them back


def _script(text):
    from simulator.headless import parse_script
    try:
        steps = parse_script(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e))
    if not steps:
        raise argparse.ArgumentTypeError("%r: give at least one step, e.g. 'idle,shot:x'" % text)
    return text


def parser():
    from engines_core import registry
    ap = argparse.ArgumentParser(prog="python -m simulator", description=__doc__.splitlines()[0])
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--window", action="store_true", help="pygame window (default with a display)")
    mode.add_argument("--terminal", action="store_true", help="24-bit colour text in this terminal")
    mode.add_argument("--headless", action="store_true", help="no display: JSON results or PNG frames")
    ap.add_argument("--game", help="%s (default: start at the menu)" % ", ".join(registry.NAMES))
    ap.add_argument("--seats", default=None, type=_seats,
                    help="comma-separated seats: ai, ai:easy, ai:normal, ai:hard, random, human "
                         "(default: human, then computer players, as few seats as the game "
                         "takes; with --headless and no --script: all ai)")
    ap.add_argument("--seed", type=_seed, default=None,
                    help="game seed, 0 to %d (default: from the clock; headless computer "
                         "games: 1)" % MAX_SEED)
    ap.add_argument("--variant", default="standard",
                    help="; ".join("%s: %s" % (g, ", ".join(registry.variants(g)))
                                   for g in registry.NAMES) + " (default: standard)")
    ap.add_argument("--json", action="store_true", help="headless: print one JSON line")
    ap.add_argument("--script", type=_script,
                    help="headless: comma-separated steps: a button (UP DOWN LEFT RIGHT A B "
                         "MENU) is tapped, BUTTON:long held, BUTTON:down ... BUTTON:up kept "
                         "down in between, wait:MS waits, idle runs until a "
                         "person must act, shot:NAME saves NAME.png, e.g. 'RIGHT,A,idle,shot:x'")
    ap.add_argument("--frames", default=None,
                    help="headless: folder for shot:NAME PNGs (default: frames)")
    ap.add_argument("--storage", default=None,
                    help="folder for settings and saved games (default ~/.tomo-handheld; "
                         "headless: in memory)")
    ap.add_argument("--size", default=(16, 16), type=_size, help="matrix size, e.g. 32x16")
    ap.add_argument("--brightness", type=_brightness, default=None, help="10-100")
    return ap


def parse_args(argv):
    return parser().parse_args(argv)


def _check(ap, args):
    """Refuse options that would be silently ignored in the chosen mode."""
    if args.game is not None:
        from engines_core import registry
        try:
            registry.check(args.game)
        except ValueError as e:
            ap.error(str(e))
    elif args.seats is not None or args.seed is not None or args.variant != "standard":
        ap.error("--seats, --seed and --variant need --game")
    if not args.headless:
        for flag, given in (("--json", args.json), ("--script", args.script is not None),
                            ("--frames", args.frames is not None)):
            if given:
                ap.error("%s needs --headless" % flag)
    elif args.script is None:
        if not args.game:
            ap.error("--headless needs --game (and --seats of computer players) or --script")
        for flag, given in (("--frames", args.frames is not None),
                            ("--storage", args.storage is not None),
                            ("--size", args.size != (16, 16)),
                            ("--brightness", args.brightness is not None)):
            if given:
                ap.error("%s needs --script (a computer game draws nothing)" % flag)
    elif args.json:
        ap.error("--json is for a computer game; --script saves PNG frames")
    for flag, path in (("--frames", args.frames), ("--storage", args.storage)):
        if path is not None and os.path.exists(path) and not os.path.isdir(path):
            ap.error("%s: %s is not a folder" % (flag, path))
        if path is not None:
            # Made now, not at the first shot or save: that failed after the
            # whole script had run, or left every save failing quietly.
            try:
                os.makedirs(path, exist_ok=True)
            except OSError as e:
                ap.error("%s: cannot make the folder %s (%s)" % (flag, path, e.strerror or e))


def _has_display():
    if sys.platform in ("darwin", "win32"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def _window_problem():
    """Why no window can open here (None if one can): pygame missing, or the
    display not there (SDL then falls back to a video driver nobody sees)."""
    if not _has_display():
        return "no display (DISPLAY and WAYLAND_DISPLAY are not set)"
    try:
        import pygame
    except ImportError as e:
        return str(e)
    from simulator.quiet import stderr_silenced
    names = ", ".join("%s=%s" % (k, os.environ[k]) for k in ("WAYLAND_DISPLAY", "DISPLAY")
                      if os.environ.get(k))
    try:
        with stderr_silenced():  # SDL's own complaints, e.g. about XDG_RUNTIME_DIR
            pygame.display.init()
        driver = pygame.display.get_driver()
    except Exception as e:  # pygame.error
        why = str(e) or type(e).__name__
        return "the display could not be opened (%s)" % ": ".join(filter(None, (names, why)))
    wanted = os.environ.get("SDL_VIDEODRIVER", "")
    if driver in ("offscreen", "dummy") and driver != wanted:
        return "the display could not be opened (%s)" % (names or "SDL chose %r" % driver)
    return None


def _terminal_problem():
    """Why the terminal front end cannot run here (None if it can)."""
    try:
        import termios
    except ImportError:
        return "this system has no termios"
    try:
        termios.tcgetattr(sys.stdin.fileno())
    except (termios.error, ValueError, OSError):
        return "standard input is not a terminal"
    try:
        out_is_tty = sys.stdout.isatty()
    except (AttributeError, ValueError):  # closed, or no stdout at all
        out_is_tty = False
    if not out_is_tty:
        return "standard output is not a terminal"  # escape codes into a file, forever
    return None


def default_seats(game, first):
    """Seats when --seats is not given: `first` and computer players, as few
    seats as the game takes."""
    from engines_core import registry
    return [first] + ["ai"] * (registry.players(game)[0] - 1)


def main(argv=None):
    try:
        return _main(argv)
    except KeyboardInterrupt:  # Ctrl-C: the game is saved after every move
        print(file=sys.stderr)
        return 130


def _main(argv):
    ap = parser()
    args = ap.parse_args(sys.argv[1:] if argv is None else argv)
    _check(ap, args)
    from simulator import headless
    seats = args.seats
    if args.headless and not args.script:
        seed = 1 if args.seed is None else args.seed
        try:
            result = headless.play_computer_game(args.game, seats or default_seats(args.game, "ai"),
                                                 seed, args.variant)
        except ValueError as e:
            ap.error(str(e))
        if args.json:
            print(json.dumps(result, separators=(",", ":")))
        else:
            print("%s (%s), seed %d: winners %s, scores %s, %d moves" % (
                result["game"], result["variant"], seed,
                ",".join("P%d" % (s + 1) for s in result["winners"]), result["scores"], result["moves"]))
        return 0

    use_window = False
    if not args.headless:
        why_not_window = None if args.terminal else _window_problem()
        use_window = not args.terminal and why_not_window is None
        if args.window and not use_window:
            ap.error("--window: %s" % why_not_window)
        if not use_window:
            why_not_terminal = _terminal_problem()
            if why_not_terminal:
                if args.terminal:
                    ap.error("--terminal: %s" % why_not_terminal)
                ap.error("the simulator needs a terminal or a display: %s, and %s "
                         "(--headless runs without either)" % (why_not_window, why_not_terminal))

    from simulator.sim_hal import make_hal, default_storage_dir
    from firmware.main import boot
    w, h = args.size
    storage = args.storage
    if storage is None and not args.headless:
        storage = default_storage_dir()
    if args.headless:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    sound = None  # headless: tones are recorded
    if not args.headless:
        from simulator.mixer_sound import open_sound
        sound = open_sound()
    hal = make_hal(w, h, fake_clock=args.headless, storage_dir=storage, sound=sound)
    session = None
    if args.game:
        from firmware.session import Session
        import time
        seed = args.seed if args.seed is not None else int(time.time()) & MAX_SEED
        kinds = [headless.seat_kind(s) for s in (seats or default_seats(args.game, "human"))]
        try:
            session = Session(args.game, kinds, args.variant, seed)
        except ValueError as e:
            ap.error(str(e))
    app = boot(hal, session)
    if args.brightness is not None:
        app.settings.brightness = args.brightness
        app.apply_settings()
    if args.headless:
        runner = headless.ScriptRunner(app, args.frames or "frames")
        shots = runner.run(args.script)
        for p in shots:
            print(p)
        return 0
    if use_window:
        from simulator import window
        try:
            window.run(app)
            return 0
        except window.Unavailable as e:  # it failed to open after all: fall back to text
            if args.window or _terminal_problem():
                ap.error("the window did not open: %s" % e)
            print("window unavailable (%s); using the terminal" % e, file=sys.stderr)
    from simulator import terminal
    terminal.run(app)
    return 0


if __name__ == "__main__":
    sys.exit(main())
