"""npm packages the tools use, installed once per machine from a lock file.

    modules = node_modules("tools/pico", "pico-node", "the emulated Pico")

A folder holding a package.json and its package-lock.json pins what is
needed; `npm ci` installs exactly that into the cache next to the
virtualenv (.venv/cache/NAME-<hash of the lock>), once: a changed lock is a
new folder, and concurrent first uses wait for each other.
"""

import hashlib
import os
import shutil
import subprocess


def node_modules(folder, name, who):
    """The node_modules folder of the npm project in `folder`, installed with
    `npm ci` on first use; `who` needs it (for the error when npm is missing)."""
    from tools.locks import one_at_a_time
    from tools.wasm_patch import cache_dir
    with open(os.path.join(folder, "package-lock.json"), "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()[:16]
    home = os.path.join(cache_dir(), "%s-%s" % (name, digest))
    modules = os.path.join(home, "node_modules")
    done = os.path.join(modules, ".tomo-ok")
    if os.path.exists(done):
        return modules
    if not shutil.which("node") or not shutil.which("npm"):
        raise RuntimeError("%s needs Node.js 18+ and npm" % who)
    os.makedirs(home, exist_ok=True)
    with one_at_a_time(home + ".lock"):
        if not os.path.exists(done):
            for f in ("package.json", "package-lock.json"):
                shutil.copy(os.path.join(folder, f), home)
            subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--silent"], cwd=home,
                           check=True)
            open(done, "w").close()
    return modules
