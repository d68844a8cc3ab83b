"""Build the web page (the firmware in MicroPython's WebAssembly port) and
serve it.

    python -m tools.web                  # build build/web/ and serve it (./tools/play --web)
    python -m tools.web --build-only     # just build it
    python -m tools.web --port 8123 --out DIR
    python -m tools.web --screenshot docs/screens/web.png   # the README's picture

The folder is static and self-contained (index.html, page.js, sw.js which
keeps it for offline use, MicroPython's micropython.mjs and .wasm from the npm
package pinned in web/package-lock.json, and bundle.json: the firmware's own
.py files plus the LED look), so it can be published as it is on any static
host. What the page does is in web/page.js
and web/page.py.
"""

import argparse
import http.server
import json
import os
import shutil
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WEB = os.path.join(ROOT, "web")
DEFAULT_OUT = os.path.join(ROOT, "build", "web")
PACKAGE = "@micropython/micropython-webassembly-pyscript"
RUNTIME = ("micropython.mjs", "micropython.wasm")
PAGE = ("index.html", "page.js", "sw.js")
# The device's packages as they are, and the desktop modules the page shares
# (the LED look, the keys, the scripted runs its tests use).
PACKAGES = ("engines_core", "hal", "firmware")
SHARED = ("simulator/__init__.py", "simulator/led.py", "simulator/keys.py",
          "simulator/headless.py", "web/__init__.py", "web/page.py")
HEAP = 4 * 1024 * 1024  # MicroPython's heap in the page: roomy, the browser has it


def runtime_dir():
    """Where the pinned MicroPython WebAssembly files are (npm ci on first use)."""
    from tools.npm import node_modules
    modules = node_modules(WEB, "web-node", "the web page")
    return os.path.join(modules, *PACKAGE.split("/"))


def sources():
    """The .py files the page runs, as paths relative to the project."""
    out = []
    for pkg in PACKAGES:
        for name in sorted(os.listdir(os.path.join(ROOT, pkg))):
            if name.endswith(".py"):
                out.append(pkg + "/" + name)
    return out + list(SHARED)


def bundle():
    """What page.js loads in one request: the files, the LED look, the tone's
    loudness (both the simulator's) and the heap size."""
    from simulator.led import look
    from simulator.mixer_sound import PEAK
    files = {}
    for rel in sources():
        with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
            files[rel] = f.read()
    return {"files": files, "look": look(), "peak": PEAK / 32768, "heap": HEAP}


def build(out=DEFAULT_OUT):
    """Write the page's folder `out` (replacing what was there); returns it."""
    runtime = runtime_dir()
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(out)
    for name in PAGE:
        shutil.copy(os.path.join(WEB, name), out)
    for name in RUNTIME:
        shutil.copy(os.path.join(runtime, name), out)
    with open(os.path.join(out, "bundle.json"), "w", encoding="utf-8") as f:
        json.dump(bundle(), f, separators=(",", ":"))
    return out


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files, nothing cached by the browser between builds, quiet."""

    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map,
                          **{".mjs": "text/javascript", ".js": "text/javascript",
                             ".wasm": "application/wasm", ".json": "application/json"})

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        http.server.SimpleHTTPRequestHandler.end_headers(self)

    def log_message(self, *args):
        pass


def server(folder, port=0, host="127.0.0.1"):
    """An HTTP server for `folder` (not started: serve_forever it); port 0
    picks a free one (server.server_port)."""
    def handler(*args, **kw):
        return Handler(*args, directory=folder, **kw)
    return http.server.ThreadingHTTPServer((host, port), handler)


def screenshot(path, folder):
    """The page as a phone shows it, in the headless chromium (tools/chromium.py),
    a Tomoko game against EASY computers under way, saved as PNG `path`."""
    from playwright.sync_api import sync_playwright
    from tools import chromium
    from tests.test_web import against_computers
    from tests.web_helpers import Server, WebPage
    exe = chromium.executable()
    if exe is None:
        raise RuntimeError(chromium.SKIP)
    server = Server(folder)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=exe, args=["--no-sandbox"])
            context = browser.new_context(viewport={"width": 390, "height": 780},
                                          has_touch=True)
            web = WebPage(context, server.url).open()
            web.run(against_computers("tomoko") + ",idle,A,idle,RIGHT,RIGHT,wait:400")
            web.page.screenshot(path=path)
            browser.close()
    finally:
        server.close()
    return path


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.web",
                                 description="Build the web page (the firmware in MicroPython "
                                             "WebAssembly) and serve it.")
    ap.add_argument("--out", default=DEFAULT_OUT, help="the folder to build (default: build/web)")
    ap.add_argument("--port", type=int, default=8000, help="port to serve on (default: 8000)")
    ap.add_argument("--host", default="127.0.0.1",
                    help="address to serve on (default: this machine only; 0.0.0.0 for a phone "
                         "on the same network)")
    ap.add_argument("--build-only", action="store_true", help="build the folder, do not serve it")
    ap.add_argument("--screenshot", metavar="PNG",
                    help="save the page, a game under way, as a phone shows it; do not serve")
    args = ap.parse_args(argv)
    try:
        out = build(os.path.abspath(args.out))
    except (RuntimeError, OSError) as e:
        print("web: %s" % e, file=sys.stderr)
        return 1
    print("built %s" % out)
    if args.screenshot:
        try:
            print("saved %s" % screenshot(args.screenshot, out))
        except RuntimeError as e:
            print("web: %s" % e, file=sys.stderr)
            return 1
        return 0
    if args.build_only:
        return 0
    try:
        httpd = server(out, args.port, args.host)
    except OSError as e:
        ap.error("cannot serve on %s:%d: %s (try --port)" % (args.host, args.port, e))
    host = "localhost" if args.host in ("127.0.0.1", "0.0.0.0") else args.host
    print("serving at http://%s:%d/ (Ctrl-C stops)" % (host, httpd.server_port), flush=True)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
