"""The project's modules as an import graph, read from their source (AST):
no import circle, and no module importing a sibling only for its constants.

Every import counts, at module level or inside a function: a lazy import
still ties the two modules together. The modules a game is loaded from by
name (its engine, computer player and screens: engines_core/registry.py and
firmware/games.py build those names) count as imported by the loader.
"""

import ast
import os

from engines_core import registry

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGES = ("firmware", "hal", "engines_core", "tools", "device", "boards", "simulator")


def module_files():
    """{module name: path} of every .py file of PACKAGES."""
    out = {}
    for pkg in PACKAGES:
        for name in sorted(os.listdir(os.path.join(ROOT, pkg))):
            if name.endswith(".py"):
                mod = pkg if name == "__init__.py" else pkg + "." + name[:-3]
                out[mod] = os.path.join(ROOT, pkg, name)
    return out


MODULES = module_files()


def imports_of(path):
    """(module imported, names taken from it or None, line) of each import."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                out.append((a.name, None, node.lineno))
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            out.append((node.module, [a.name for a in node.names], node.lineno))
    return out


def loaded_by_name():
    """The modules the game loaders import by a name they build."""
    engines, screens, pages = [], [], []
    for name in registry.NAMES:
        engine = registry.engine_module(name)
        engines += [engine, engine + "_ai", engine + "_facts"]
        screens.append("firmware.%s_screens" % name)
        pages.append("firmware.%s_howto" % name)
    return {"engines_core.registry": engines, "firmware.games": screens,
            "firmware.howto": pages}


def graph():
    """{module: {module it imports}} within the project."""
    edges = {}
    for mod, path in MODULES.items():
        out = edges.setdefault(mod, set())
        for target, names, _ in imports_of(path):
            if names is not None:
                # `from pkg import mod` imports the module pkg.mod.
                subs = [target + "." + n for n in names if target + "." + n in MODULES]
                if subs:
                    out.update(subs)
                    continue
            if target in MODULES:
                out.add(target)
    for mod, extra in loaded_by_name().items():
        edges[mod].update(m for m in extra if m in MODULES)
    for mod in edges:
        edges[mod].discard(mod)
    return edges


def circles(edges):
    """Every strongly connected set of more than one module (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                out.append(sorted(part))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def test_no_import_circle():
    assert circles(graph()) == []


def test_the_circle_finder_finds_one():
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(edges) == [["a", "b", "c"]]


def is_constant(name):
    return name.isupper() or (name[:1] == "_" and name[1:].isupper())


def reach(edges, starts):
    """Every module reachable from `starts` (themselves included)."""
    seen, todo = set(), list(starts)
    while todo:
        m = todo.pop()
        if m not in seen:
            seen.add(m)
            todo.extend(edges.get(m, ()))
    return seen


def constants_that_drag():
    """(importer, sibling, names, line) where a module takes only constants
    from a sibling of its package and the sibling brings modules the
    importer does not otherwise load: the constant belongs lower down
    (tokkome_screens took the computer's pause from firmware.play, which
    loads every game's screens). A table module (tomoko_deck) or one the
    importer already depends on (a computer player's engine) costs nothing
    and is fine."""
    edges = graph()
    found = []
    for mod, path in MODULES.items():
        pkg = mod.rpartition(".")[0] or mod
        for target, names, line in imports_of(path):
            if names is None or target.rpartition(".")[0] != pkg or target not in MODULES:
                continue
            if not all(is_constant(n) for n in names):
                continue
            # A computer player (NAME_ai) only ever runs beside its engine.
            beside = [mod[:-3]] if mod.endswith("_ai") and mod[:-3] in MODULES else []
            others = reach(edges, [m for m in edges[mod] if m != target] + beside)
            if not reach(edges, [target]) - others - {target, mod}:
                continue
            found.append((mod, target, names, line))
    return found


def test_no_module_imports_a_sibling_for_a_constant():
    assert constants_that_drag() == []


def test_layers_only_call_downward():
    """engines_core imports no other layer; hal imports no game code;
    firmware imports neither the device boot nor the tools."""
    below = {"engines_core": {"engines_core"},
             "hal": {"hal"},
             "firmware": {"firmware", "hal", "engines_core"}}
    bad = []
    for mod, targets in graph().items():
        layer = mod.split(".")[0]
        if layer in below:
            bad += [(mod, t) for t in targets if t.split(".")[0] not in below[layer]]
    assert bad == []
