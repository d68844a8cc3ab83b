"""Time the web page in a headless Chromium: load to menu, frame rate.

    python -m tools.bench_web                 # the figures, a line each
    python -m tools.bench_web --markdown > docs/benchmarks-web.md   # the section for
                                              # docs/benchmarks.md (tools/bench_doc.py)

The page (tools/web.py) is built, served on this machine and opened in
Debian's chromium through Playwright (tools/chromium.py), each load in a
fresh browser context: nothing cached, nothing stored. Load to menu is the
page's own clock from navigation to the first frame drawn (fetching the
runtime and the firmware, starting MicroPython, importing the firmware,
booting it). The frame rate is counted on the browser's timers while the
page runs by itself, at the menu and in a Tomoko turn against EASY
computers; a frame's cost is App.frame inside MicroPython, timed by the page.
"""

import argparse
import json
import statistics
import sys
import tempfile

LOADS = 5
SECONDS = 5.0


def _spread(values):
    values = sorted(values)
    return {"median": statistics.median(values), "min": values[0], "max": values[-1],
            "p95": values[min(len(values) - 1, int(0.95 * len(values)))], "n": len(values)}


def _run_for(page, seconds):
    """Frames counted and their costs over `seconds` of the page running."""
    before = page.evaluate("tomo.frames")
    page.evaluate("tomo.stepMs.length = 0")
    page.wait_for_timeout(int(seconds * 1000))
    frames = page.evaluate("tomo.frames") - before
    steps = page.evaluate("tomo.stepMs.slice()")
    return {"fps": frames / seconds, "step_ms": _spread(steps)}


def measure(loads=LOADS, seconds=SECONDS):
    from playwright.sync_api import sync_playwright
    from tools import chromium, web
    from tests.test_web import against_computers
    from tests.web_helpers import DOM_KEYS, Server
    from hal import buttons as B
    exe = chromium.executable()
    if exe is None:
        raise RuntimeError(chromium.SKIP)
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(web.build(tmp + "/site"))
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=exe, args=["--no-sandbox"])
                version = browser.version
                boots = []
                for _ in range(loads):
                    context = browser.new_context()
                    page = context.new_page()
                    page.goto(server.url)
                    page.wait_for_function("tomo.bootMs !== null || tomo.error", timeout=60000)
                    boots.append(page.evaluate("tomo.bootMs"))
                    context.close()
                context = browser.new_context()
                page = context.new_page()
                page.goto(server.url)
                page.wait_for_function("tomo.drawn > 0", timeout=60000)
                menu = _run_for(page, seconds)
                names = dict(zip(B.NAMES, range(len(B.NAMES))))
                for press in against_computers("tomoko").split(","):
                    page.keyboard.press(DOM_KEYS[names[press]], delay=80)
                    page.wait_for_timeout(150)
                page.wait_for_function("tomo.page.where().startsWith('tomoko')", timeout=60000)
                page.wait_for_timeout(3000)  # the computers' first moves, if any
                game = _run_for(page, seconds)
                context.close()
                browser.close()
        finally:
            server.close()
    return {"chromium": version, "load_ms": _spread(boots), "menu": menu, "game": game,
            "seconds": seconds}


def markdown(r):
    """docs/benchmarks-web.md, which tools/bench_doc.py puts in docs/benchmarks.md
    under "In a web browser"."""
    load = r["load_ms"]
    rows = ["`python -m tools.bench_web --markdown > docs/benchmarks-web.md` (under a",
            "minute): the web page (`./tools/play --web`, MicroPython 1.27.0's WebAssembly",
            "port running the firmware's own files) served on this machine and opened in",
            "Debian's headless chromium %s, each load in a fresh browser context (nothing"
            % r["chromium"],
            "cached). Wall-clock times on a shared 2-core machine: a phone is slower.", "",
            "Load to menu (navigation to the first frame drawn: fetching about 1 MB,",
            "starting MicroPython, importing and booting the firmware): median %.0f ms,"
            % load["median"],
            "%.0f-%.0f ms over %d loads." % (load["min"], load["max"], load["n"]), "",
            "| Page running by itself for %.0f s | Frames a second | A frame in MicroPython: "
            "median / p95 / max |" % r["seconds"],
            "| --- | --- | --- |"]
    for key, label in (("menu", "the menu"), ("game", "a Tomoko turn against EASY computers")):
        m = r[key]
        s = m["step_ms"]
        rows.append("| %s | %.1f | %.2f / %.2f / %.2f ms |" % (
            label, m["fps"], s["median"], s["p95"], s["max"]))
    rows += ["", "The firmware asks for a frame every 30 ms (`firmware/app.py` FRAME_MS, as",
             "on the device): about 33 a second is its full rate; the browser's timers",
             "round each wait up a little."]
    return "\n".join(rows) + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.bench_web",
                                 description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true", help="one JSON object")
    ap.add_argument("--markdown", action="store_true", help="the section for docs/benchmarks.md")
    ap.add_argument("--loads", type=int, default=LOADS, help="page loads timed (default %d)" % LOADS)
    args = ap.parse_args(argv)
    if args.loads < 1:
        ap.error("--loads must be 1 or more")
    try:
        r = measure(args.loads)
    except RuntimeError as e:
        print("bench_web: %s" % e, file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(r, indent=1, sort_keys=True))
    elif args.markdown:
        print(markdown(r), end="")
    else:
        print("load to menu: median %.0f ms (%.0f-%.0f, %d loads)" % (
            r["load_ms"]["median"], r["load_ms"]["min"], r["load_ms"]["max"], r["load_ms"]["n"]))
        for key in ("menu", "game"):
            s = r[key]["step_ms"]
            print("%s: %.1f frames/s; a frame %.2f ms median, %.2f p95" % (
                key, r[key]["fps"], s["median"], s["p95"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
