"""Each engine owns its action encoding: named functions make an action int
and take it apart, and no other module (computer players, screens) reads
the layout the numbers have."""

import ast
import os

import pytest

from engines_core import registry, tokkome as K, tomoe as E, tomoko as T

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Names only arithmetic on an action int needs: where in the numbering a
# kind of action starts. Engines export them for their own use and tests.
LAYOUT = {registry.engine_module(n): registry.game_class(n).ACTION_LAYOUT
          for n in registry.NAMES}


@pytest.mark.parametrize("modname", sorted(LAYOUT))
def test_each_engines_action_layout_names_its_own_offsets(modname):
    """ACTION_LAYOUT (the engine class's) names int constants of the engine's module."""
    import importlib
    mod = importlib.import_module(modname)
    assert all(isinstance(getattr(mod, n), int) for n in LAYOUT[modname]), modname


def test_tokkome_actions_come_apart_into_what_made_them():
    kinds = {}
    for p in (K.TOKKOME, K.MAKI):
        for v in range(1, K.VALUES + 1):
            a = K.single(p, v)
            assert (K.is_single(a), K.pile_of(a), K.single_value(a)) == (True, p, v)
            assert K.played_values(a, 0) == (v,)
            kinds[a] = "single"
        for down in (0, 1):
            a = K.run(p, down)
            assert (K.is_run(a), K.pile_of(a), K.run_is_down(a)) == (True, p, down)
            assert K.played_values(a, 4) == K.run_values(4, down)
            kinds[a] = "run"
    for v in range(1, K.VALUES + 1):
        assert (K.is_set(K.lay_set(v)), K.set_value(K.lay_set(v))) == (True, v)
        assert (K.is_put(K.put(v)), K.put_value(K.put(v))) == (True, v)
        kinds[K.lay_set(v)] = "set"
        kinds[K.put(v)] = "put"
    kinds[K.TAKE] = "take"
    kinds[K.NO_SET] = "no set"
    assert K.set_value(K.NO_SET) == 0
    assert sorted(kinds) == list(range(K.NUM_ACTIONS))  # each action made once
    for a in range(K.NUM_ACTIONS):
        said = [K.is_single(a), K.is_run(a), K.is_set(a), K.is_put(a)]
        assert said.count(True) == (kinds[a] in ("single", "run", "set", "put"))
        assert K.plays_on_a_pile(a) == (kinds[a] in ("single", "run"))


def test_tomoko_actions_and_entries_come_apart_into_what_made_them():
    assert sorted(T.action_of(c, e) for c in (T.DARK, T.LIGHT)
                  for e in range(T.ENTRIES)) == list(range(T.NUM_ACTIONS))
    for a in range(T.NUM_ACTIONS):
        assert T.action_of(T.colour_of(a), T.entry_of(a)) == a
    assert sorted(T.entry_at(s, k) for s in (T.TOP, T.RIGHT, T.BOTTOM, T.LEFT)
                  for k in range(T.SIZE)) == list(range(T.ENTRIES))
    for e in range(T.ENTRIES):
        assert T.entry_at(T.side_of(e), T.line_of(e)) == e
    # The docstring's sides: an entry on the left pushes right.
    assert T.LINES[T.entry_at(T.LEFT, 0)][:2] == (0, 1)


def test_tomoe_actions_come_apart_into_what_made_them():
    made = []
    for c in range(E.MAX_CELLS):
        for p in range(1, 7):
            a = E.lay_action(c, p)
            assert (E.is_turn(a), E.cell_of(a), E.pattern_of(a)) == (False, c, p)
            made.append(a)
        for d in (0, 1):
            a = E.turn_action(c, d)
            assert (E.is_turn(a), E.cell_of(a), E.direction_of(a)) == (True, c, d)
            made.append(a)
    assert sorted(made) == list(range(E.NUM_ACTIONS))


def layout_reads(path):
    """(name, line) of every read of a LAYOUT name in a source file, through
    the engine's module (T.RUN) or imported from it."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    aliases = {}  # local name of an engine module -> its LAYOUT names
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            for a in node.names:
                full = node.module + "." + a.name
                if full in LAYOUT:
                    aliases[a.asname or a.name] = LAYOUT[full]
                elif a.name in LAYOUT.get(node.module, ()):
                    out.append((a.name, node.lineno))
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                and node.attr in aliases.get(node.value.id, ()):
            out.append((node.attr, node.lineno))
    return out


def sources_outside_the_engines():
    for pkg in ("engines_core", "firmware", "tools"):
        for name in sorted(os.listdir(os.path.join(ROOT, pkg))):
            mod = pkg + "." + name[:-3]
            if name.endswith(".py") and mod not in LAYOUT:
                yield os.path.join(pkg, name)


@pytest.mark.parametrize("rel", list(sources_outside_the_engines()))
def test_no_module_but_the_engine_reads_its_action_layout(rel):
    assert layout_reads(os.path.join(ROOT, rel)) == []


def test_the_layout_scan_sees_a_read(tmp_path):
    path = tmp_path / "probe.py"
    path.write_text("from engines_core import tokkome as T\nx = (a - T.SINGLE) % 7\n")
    assert layout_reads(str(path)) == [("SINGLE", 2)]
