"""tools/bench_modules.py: the heap while a game plays, module by module
(issue 29, item 2: "say what moved where, module by module")."""

import pytest

from tools import bench_modules


def test_the_load_order_puts_a_module_after_what_it_imports_and_leaves_out_the_menu():
    names = bench_modules.load_order("tokkome")
    for name in ("engines_core.tokkome", "engines_core.tokkome_ai", "firmware.tokkome_screens",
                 "firmware.play", "hal.display"):
        assert name in names
    # While a game plays the menu's modules are forgotten (firmware/app.py MENU_ONLY).
    assert not set(names) & {"firmware.menu", "firmware.launch", "firmware.stats"}
    # The engine's base class finished importing before the engine that subclasses it.
    assert names.index("engines_core.game") < names.index("engines_core.tokkome")
    assert names.index("firmware.game_ui") < names.index("firmware.tokkome_screens")


def test_groups_follow_the_layers():
    assert bench_modules.group("hal.display") == "hal"
    assert bench_modules.group("engines_core.tomoe_search") == "computer players"
    assert bench_modules.group("engines_core.toncc") == "engine"
    assert bench_modules.group("firmware.tomoe_tiles") == "the game's screens"
    assert bench_modules.group("firmware.app") == "firmware"


@pytest.mark.mpy
def test_every_byte_the_modules_hold_is_put_on_a_module_or_the_names():
    r = bench_modules.measure("tokkome")
    own = sum(r["modules"].values())
    # The per-module figures and the name pools add up to what the imports
    # held together (give or take the list the guest keeps the figures in).
    assert abs(own + r["names"] - r["modules_total"]) <= 1024, r
    assert r["modules"]["engines_core.tokkome"] > 2048
    assert r["names"] > 4096 and r["objects"] > 1024
    assert r["total"] == r["modules_total"] + r["objects"]
