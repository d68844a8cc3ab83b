"""Print the pinned requirements of one optional-dependency group of pyproject.toml.

    python tools/deps.py dev     # one requirement per line

Used by tools/_env.sh so the pins live in one place.
"""

import os
import re
import sys


def group(name, path=None):
    path = path or os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "pyproject.toml")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    try:
        import tomllib
        return list(tomllib.loads(text)["project"]["optional-dependencies"][name])
    except ImportError:  # Python < 3.11: the group is a simple list of strings
        m = re.search(r"^%s = \[(.*?)^\]" % re.escape(name), text, re.S | re.M)
        if not m:
            raise KeyError(name)
        return re.findall(r'"([^"]+)"', m.group(1))


if __name__ == "__main__":
    name = sys.argv[1] if len(sys.argv) > 1 else "dev"
    try:
        print("\n".join(group(name)))
    except KeyError:
        sys.exit("deps.py: no group %r in pyproject.toml's optional-dependencies" % name)
