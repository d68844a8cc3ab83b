"""The headless Chromium the web page's tests drive: Debian's `chromium`.

    python -m tools.chromium --install    # ./tools/test's set-up: quiet, idempotent

Playwright drives it (PyPI `playwright`, pinned in pyproject.toml) through
its executable path: Playwright's own browser download is not used. Where
it cannot be installed (not root, no apt-get, no network) one line says so
and the web tests skip.
"""

import os
import shutil
import subprocess
import sys

NAMES = ("chromium", "chromium-browser")
SKIP = "no chromium (Debian's `chromium`; ./tools/test installs it where it can): web tests skipped"


def executable():
    """The path of the chromium on PATH, or None."""
    for name in NAMES:
        path = shutil.which(name)
        if path:
            return path
    return None


def install():
    """Chromium's path, installing Debian's package first if it is missing;
    None if that cannot be done (the reason is printed, one line)."""
    path = executable()
    if path:
        return path
    why = None
    if not shutil.which("apt-get"):
        why = "no apt-get here"
    elif hasattr(os, "geteuid") and os.geteuid() != 0:
        why = "installing it needs root (apt-get install chromium)"
    else:
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "env": env}
        cmd = ["apt-get", "install", "-y", "-qq", "--no-install-recommends", "chromium"]
        if subprocess.run(cmd, **quiet).returncode != 0:
            subprocess.run(["apt-get", "update", "-qq"], **quiet)  # a fresh machine's empty lists
            if subprocess.run(cmd, **quiet).returncode != 0:
                why = "apt-get install chromium failed"
    path = executable()
    if path is None:
        print("tools: chromium could not be installed (%s): the web tests will skip"
              % (why or "not found after installing"), file=sys.stderr)
    return path


if __name__ == "__main__":
    if sys.argv[1:] != ["--install"]:
        sys.exit("usage: python -m tools.chromium --install")
    install()
