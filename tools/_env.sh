# Sourced by tools/test, tools/play and tools/flash (or by you, as
# `source tools/_env.sh dev`): make .venv with the pinned packages of one
# pyproject group ("dev", "sim" or "flash") and put it first on PATH. Idempotent:
# a stamp named after pyproject.toml's hash skips work already done.
_group="${1:-dev}"
_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$_root"
_py="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
    if ! "$_py" -c 'import sys; sys.exit(sys.version_info < (3, 10))' 2>/dev/null; then
        echo "tools: Python 3.10 or newer is needed (found: $($_py --version 2>&1))." >&2
        echo "tools: run with PYTHON=/path/to/python3.x to choose one." >&2
        return 1
    fi
    echo "tools: creating .venv with $($_py --version 2>&1)" >&2
    "$_py" -m venv .venv
fi
_hash="$(.venv/bin/python -c 'import hashlib,sys;print(hashlib.sha256(open("pyproject.toml","rb").read()).hexdigest()[:16])')"
_stamp=".venv/.deps-$_group-$_hash"
if [ ! -f "$_stamp" ]; then
    echo "tools: installing the pinned '$_group' packages into .venv" >&2
    .venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip
    # shellcheck disable=SC2046
    .venv/bin/python -m pip install --quiet --disable-pip-version-check $(.venv/bin/python tools/deps.py "$_group")
    touch "$_stamp"
fi
export PATH="$_root/.venv/bin:$PATH"
export PYTHONPATH="$_root${PYTHONPATH:+:$PYTHONPATH}"
unset _group _py _hash _stamp
