"""Which games exist and where their engine and computer player live.

Modules are imported on first use, so a device only loads the game it plays.
"""

# name -> (engine module, engine class, computer-player module, title)
GAMES = (
    ("tomoko", "engines_core.tomoko", "Tomoko", "engines_core.tomoko_ai", "TOMOKO"),
    ("tomoe", "engines_core.tomoe", "Tomoe", "engines_core.tomoe_ai", "TOMOE"),
    ("tokkome", "engines_core.tokkome", "Tokkome", "engines_core.tokkome_ai", "TOKKOME"),
    ("toncc", "engines_core.toncc", "Toncc", "engines_core.toncc_ai", "TONCC"),
)
NAMES = tuple(g[0] for g in GAMES)


def _entry(name):
    for g in GAMES:
        if g[0] == name:
            return g
    raise ValueError("unknown game %r (have: %s)" % (name, ", ".join(NAMES)))


def _import(modname):
    mod = __import__(modname)
    for part in modname.split(".")[1:]:
        mod = getattr(mod, part)
    return mod


def game_class(name):
    """The engine class of a game, e.g. game_class('tomoko')(2, 'standard', 7)."""
    g = _entry(name)
    return getattr(_import(g[1]), g[2])


def ai_module(name):
    return _import(_entry(name)[3])


def title(name):
    return _entry(name)[4]


def probe(modname):
    """True if `modname` imports. A module that was not loaded before is
    dropped again, so a menu can list games without keeping them all in RAM."""
    import sys
    loaded = modname in sys.modules
    try:
        _import(modname)
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
    return [g[0] for g in GAMES if probe(g[1])]


def new_game(name, num_players, variant="standard", seed=1):
    return game_class(name)(num_players, variant, seed)
