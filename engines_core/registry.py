"""Which games exist, where their engine and computer player live, and what
a menu needs to offer them (player counts, variants).

Modules are imported on first use, so a device only loads the game it plays:
listing the games, their player counts and variants imports no engine (tests
check these facts against the engine classes).
"""

_ALL = 0b11100  # 2, 3 or 4 players (bit n: playable with n players)

# name -> (engine module, engine class, computer-player module, title,
#          fewest players, most players,
#          ((variant, player counts as bits, what the menu calls it), ...))
# Add a game at the end: a save names its game by its place here. Names and
# variants are lower-case letters and digits (variants may join words with
# "+"), at most 12 and 24 characters, as settings files keep them; titles and
# variant labels use the 3x5 font's characters; at most 4 players (there are
# 4 seat colours). Tests check all of it (tests/test_firmware.py).
GAMES = (
    ("tomoko", "engines_core.tomoko", "Tomoko", "engines_core.tomoko_ai", "TOMOKO", 2, 4,
     (("standard", _ALL, "BASIC"), ("quick", _ALL, "QUICK"), ("teams", 1 << 4, "TEAMS"),
      ("open", _ALL, "OPEN"), ("quick+teams", 1 << 4, "QUICK TEAMS"),
      ("quick+open", _ALL, "QUICK OPEN"))),
    ("tomoe", "engines_core.tomoe", "Tomoe", "engines_core.tomoe_ai", "TOMOE", 2, 2,
     (("standard", _ALL, "SMALL"), ("large", _ALL, "LARGE"), ("tiles32", _ALL, "32 TILES"))),
    ("tokkome", "engines_core.tokkome", "Tokkome", "engines_core.tokkome_ai", "TOKKOME", 3, 4,
     (("standard", _ALL, "BASIC"),)),
    ("toncc", "engines_core.toncc", "Toncc", "engines_core.toncc_ai", "TONCC", 3, 3,
     (("standard", _ALL, "3 CHALLENGES"), ("short", _ALL, "1 CHALLENGE"))),
)
NAMES = tuple(g[0] for g in GAMES)


def _entry(name):
    for g in GAMES:
        if g[0] == name:
            return g
    raise ValueError("unknown game %r (have: %s)" % (name, ", ".join(NAMES)))


def check(name):
    """Raise ValueError naming the games if `name` is not one of them."""
    _entry(name)


def load(modname):
    """The module `modname` (e.g. "engines_core.tomoe"), imported if need be."""
    import sys
    if modname not in sys.modules:
        # Loading a module needs some large blocks of RAM: free what is
        # garbage first, so a small heap has them (MicroPython does not
        # compact its heap).
        import gc
        gc.collect()
    mod = __import__(modname)
    for part in modname.split(".")[1:]:
        mod = getattr(mod, part)
    return mod


def game_class(name):
    """The engine class of a game, e.g. game_class('tomoko')(2, 'standard', 7)."""
    g = _entry(name)
    return getattr(load(g[1]), g[2])


def ai_module(name):
    return load(_entry(name)[3])


def title(name):
    return _entry(name)[4]


def players(name):
    """(fewest, most) players of a game, without importing its engine."""
    g = _entry(name)
    return g[5], g[6]


def variants(name):
    """Every variant of a game, with any number of players."""
    return [v[0] for v in _entry(name)[7]]


def variants_for(name, num_players):
    """The variants a game offers with this many players (the engine's
    `variants_for`, without importing it)."""
    return [v[0] for v in _entry(name)[7] if v[1] >> num_players & 1]


def variant_label(name, variant):
    """What the menu calls a variant, e.g. 'QUICK OPEN'."""
    for v in _entry(name)[7]:
        if v[0] == variant:
            return v[2]
    return variant.upper()


def installed(modname):
    """True if `modname` is on this build, importing it only if need be: a
    module file next to its package's is enough (a frozen one is imported)."""
    import sys
    if modname in sys.modules:
        return True
    parent, leaf = modname.rsplit(".", 1)
    try:
        paths = load(parent).__path__
    except (ImportError, AttributeError):
        paths = ()
    if isinstance(paths, str):  # MicroPython: one folder
        paths = (paths,)
    import os
    for folder in paths:
        for ext in (".mpy", ".py"):
            try:
                os.stat(folder + "/" + leaf + ext)
                return True
            except OSError:
                pass
    return probe(modname)


def probe(modname):
    """True if `modname` imports. A module that was not loaded before is
    dropped again, so a menu can list games without keeping them all in RAM."""
    import sys
    loaded = modname in sys.modules
    try:
        load(modname)
    except ImportError:
        return False
    if not loaded:
        sys.modules.pop(modname, None)
        parent, leaf = modname.rsplit(".", 1)
        try:
            delattr(sys.modules[parent], leaf)
        except (KeyError, AttributeError):
            pass
    return True


def available():
    """Names of the games whose engine is installed on this build."""
    return [g[0] for g in GAMES if installed(g[1])]


def new_game(name, num_players, variant="standard", seed=1):
    return game_class(name)(num_players, variant, seed)
