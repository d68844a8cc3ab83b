"""Which games exist, and what a menu needs to offer them.

A game NAME is four modules: its facts (engines_core/NAME_facts.py: title,
player counts, variants, menu icon, keys; data only), its engine
(engines_core/NAME.py), its computer players (engines_core/NAME_ai.py) and
its screens (firmware/NAME_screens.py). Listing the games and their facts
imports no engine; the others are imported on first use, so a device only
loads the game it plays. Of the facts modules, only the one asked for last
and those of loaded engines stay in RAM: the menu shows one game at a time.
"""

# Add a game at the end: a save names its game by its place here. Names are
# lower-case letters and digits, at most 12 characters, as settings files
# keep them (tests/test_firmware.py checks every game's facts).
NAMES = ("tomoko", "tomoe", "tokkome", "toncc")


def check(name):
    """Raise ValueError naming the games if `name` is not one of them."""
    if name not in NAMES:
        raise ValueError("unknown game %r (have: %s)" % (name, ", ".join(NAMES)))


def engine_module(name):
    """The engine's module name, e.g. "engines_core.tomoko"."""
    check(name)
    return "engines_core." + name


def facts(name):
    """The facts module of game `name` (facts(name).TITLE ...); ValueError
    naming the games if there is no such game. Loading one forgets the facts
    of the other games whose engine is not loaded (a few hundred bytes each)."""
    if name == _facts_shown[0]:
        return _facts_shown[1]  # the menu asks every frame: no string built
    import sys
    modname = engine_module(name) + "_facts"
    if modname not in sys.modules:
        for other in NAMES:
            engine = "engines_core." + other
            if other != name and engine not in sys.modules:
                forget(engine + "_facts")
    mod = load(modname)
    _facts_shown[0], _facts_shown[1] = name, mod
    return mod


_facts_shown = [None, None]  # the game whose facts were asked for last, and its module


def load(modname):
    """The module `modname` (e.g. "engines_core.tomoe"), imported if need be."""
    import sys
    if modname not in sys.modules:
        # Loading a module needs some large blocks of RAM: free what is
        # garbage first, so a small heap has them (MicroPython does not
        # compact its heap).
        import gc
        gc.collect()
    __import__(modname)
    return sys.modules[modname]  # not the package's attribute: forget() drops that


def game_class(name):
    """The engine class of a game, e.g. game_class('tomoko')(2, 'standard', 7)."""
    return getattr(load(engine_module(name)), facts(name).CLASS)


def ai_module(name):
    return load(engine_module(name) + "_ai")


def title(name):
    return facts(name).TITLE


def players(name):
    """(fewest, most) players of a game, without importing its engine."""
    return facts(name).PLAYERS


def variants(name):
    """Every variant of a game, with any number of players."""
    return list(facts(name).VARIANTS)


def variants_for(name, num_players):
    """The variants a game offers with this many players (the engine's
    `variants_for`, without importing it)."""
    f = facts(name)
    return [v for v, n in zip(f.VARIANTS, f.VARIANT_PLAYERS) if n >> num_players & 1]


def variant_label(name, variant):
    """What the menu calls a variant, e.g. 'QUICK OPEN'."""
    f = facts(name)
    if variant in f.VARIANTS:
        return f.VARIANT_LABELS[f.VARIANTS.index(variant)]
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
        forget(modname)
    return True


def release(modname):
    """forget(modname) on a microcontroller's Python (MicroPython,
    CircuitPython), where its RAM matters; CPython keeps it, as a test that
    imported its classes expects them to stay the ones in use."""
    import sys
    if sys.implementation.name != "cpython":
        forget(modname)


def forget(modname):
    """Drop `modname` from sys.modules and its package, so its RAM goes back
    to the heap once nothing else holds it (no error if it is not loaded)."""
    import sys
    sys.modules.pop(modname, None)
    if "." in modname:
        parent, leaf = modname.rsplit(".", 1)
        try:
            delattr(sys.modules[parent], leaf)
        except (KeyError, AttributeError):
            pass


def available():
    """Names of the games whose engine is installed on this build."""
    return [n for n in NAMES if installed(engine_module(n))]


def new_game(name, num_players, variant="standard", seed=1):
    return game_class(name)(num_players, variant, seed)
