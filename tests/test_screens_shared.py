"""Issue 24 item 9: the four screens modules share one way of timing what is
shown (firmware/game_ui.Show: segments, pages that wait for A, a settle),
one decoding of button events (GameUI.button into move/act/back) and one
refusal path (GameUI.illegal: flash, REFUSED, a word). The per-game modules
keep only what is particular to the game."""

import ast
import os
import random

import pytest

from engines_core import registry
from firmware import game_ui, gfx, sounds
from firmware.game_ui import DONE, FIRM, HOLD, JOINED, Show
from firmware.play import PlayScreen, SHOW
from firmware.session import Session
from tests.firmware_helpers import app_with, mash_to_the_end

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCREENS = ["firmware/%s_screens.py" % g for g in registry.NAMES] + ["firmware/tomoe_count.py"]


# The Show ------------------------------------------------------------------------
def show_of(*segments, settle=0, at=1000):
    s = Show(settle)
    s.start(at)
    for seg in segments:
        s.add(*seg) if isinstance(seg, tuple) else s.add(seg)
    return s


def test_segments_follow_one_another_and_zero_lengths_are_passed_over():
    s = show_of(100, 0, 50)
    assert [s.index(t) for t in (1000, 1099, 1100, 1149, 1150)] == [0, 0, 2, 2, DONE]
    assert s.busy(1149) and not s.busy(1150)
    assert [s.start_of(i) for i in range(3)] == [1000, 1100, 1100]
    assert not Show().busy(0) and Show().index(0) == DONE  # nothing added: nothing shows


def test_a_ends_the_segment_showing_and_the_later_ones_keep_their_lengths():
    s = show_of(100, 200, 300)
    assert s.skip(1040) == 0
    assert s.index(1040) == 1 and s.start_of(1) == 1040
    assert s.index(1239) == 1 and s.index(1240) == 2 and s.index(1540) == DONE
    # The hurried segment's clock is as if it had run its whole length.
    assert s.clock(0) == 1040 - 100 and s.clock(1) == 1040


def test_joined_segments_are_hurried_as_one_and_a_firm_one_is_seen_out():
    s = show_of(260, (1500, JOINED), (700, JOINED), (3000, FIRM))  # Tomoko's push
    assert s.skip(1100) == 0
    assert s.index(1100) == 3 and s.start_of(3) == 1100
    assert s.skip(1200) == -1 and s.index(4099) == 3 and s.index(4100) == DONE


def test_a_page_that_waits_for_a_stays_until_a():
    s = show_of(100, HOLD, 50)
    assert s.index(10 ** 6) == 1 and s.busy(10 ** 6)
    assert s.skip(5000) == 1
    assert s.index(5000) == 2 and s.index(5050) == DONE
    assert s.clock(1) == 1100  # a page that waited: its clock is its start


def test_the_settle_keeps_it_busy_after_any_a():
    s = show_of(100, settle=400)
    s.skip(1050)
    assert s.index(1050) == DONE and s.busy(1449) and not s.busy(1450)
    s.skip(2000)  # an A with nothing showing settles too (a double tap)
    assert s.busy(2399)


def test_at_reports_when_the_segment_showing_ends():
    s = show_of(100, 200)
    gfx.watch(1050)
    assert s.at(1050) == 0 and gfx.due() == 1100
    gfx.watch(1150)
    assert s.at(1150) == 1 and gfx.due() == 1300
    h = show_of(HOLD)
    gfx.watch(1050)
    assert h.at(1050) == 0 and gfx.due() == 1050 + gfx.WATCH_MS  # waits: no change due


def test_a_show_refuses_more_segments_than_it_holds():
    s = Show()
    for _ in range(game_ui.SEGMENTS):
        s.add(10)
    with pytest.raises(ValueError):
        s.add(10)
    assert s.n == game_ui.SEGMENTS


# The screens modules keep no timing, decoding or refusal of their own -------------
def source_tree(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        return ast.parse(f.read(), path)


def own_timing_and_refusals(tree):
    """What in a screens module times, decodes or refuses on its own: an
    attribute named *_until set (an end time kept by hand), REFUSED sounded,
    GameUI.illegal overridden, hal.buttons' kind_of read."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) \
                and node.attr.endswith("_until"):
            out.append("sets %s (line %d)" % (node.attr, node.lineno))
        elif isinstance(node, ast.Attribute) and node.attr in ("REFUSED", "kind_of"):
            out.append("reads %s (line %d)" % (node.attr, node.lineno))
        elif isinstance(node, ast.FunctionDef) and node.name in ("illegal", "button"):
            out.append("defines %s (line %d)" % (node.name, node.lineno))
    return out


@pytest.mark.parametrize("path", SCREENS)
def test_no_screens_module_times_decodes_or_refuses_on_its_own(path):
    assert own_timing_and_refusals(source_tree(path)) == []


def test_the_scan_finds_what_it_looks_for():
    """The scan of the test above, on what the modules did before."""
    tree = ast.parse("class UI:\n"
                     "    def button(self, ev, seat, now):\n"
                     "        kind = B.kind_of(ev)\n"
                     "        self.anim_until = now + 700\n"
                     "        self.beep(sounds.REFUSED)\n")
    assert len(own_timing_and_refusals(tree)) == 4


# Every game through the shared pieces ------------------------------------------------
SEATS = {"tomoko": ("human", "easy"), "tomoe": ("human", "easy"),
         "tokkome": ("human", "easy", "easy"), "toncc": ("human", "easy", "easy")}


@pytest.mark.parametrize("game", registry.NAMES)
def test_every_refusal_goes_the_one_way(game, monkeypatch):
    """A person mashing buttons: each REFUSED sounds from inside
    GameUI.illegal, with the flash set, and each reason the game's
    REFUSALS name puts its word up (Tóncc refuses nothing: every movement
    is legal)."""
    app, run = app_with(Session(game, list(SEATS[game]), "standard", 4))
    play = app.screen
    refused = []  # per REFUSED sounded: (inside illegal, flash set)
    wrong_words = []
    inside = []
    beep = app.beep
    real = game_ui.GameUI.illegal

    def recording_beep(notes):
        if notes == sounds.REFUSED:
            refused.append((bool(inside), play.ui.flash_until == app.now() + game_ui.FLASH_MS))
        return beep(notes)

    def recording_illegal(self, reason, now, what=None):
        inside.append(1)
        self.told = None
        try:
            return real(self, reason, now, what)
        finally:
            inside.pop()
            words = [w for part, w in self.REFUSALS if part in reason][:1]
            if words and (self.told is None or app.notice is None or app.notice[0] != words[0]):
                wrong_words.append(reason)

    app.beep = play.ui.sound = recording_beep
    monkeypatch.setattr(game_ui.GameUI, "illegal", recording_illegal)
    mash_to_the_end(app, run, random.Random(7), limit=400,
                    buttons=("UP", "DOWN", "LEFT", "RIGHT", "A", "A", "B", "B"),
                    other=lambda p: "A" if p.phase == SHOW else None)
    assert bool(refused) == bool(play.ui.REFUSALS), game  # mashing met refusals
    assert all(inside and flashed for inside, flashed in refused), refused
    assert wrong_words == []


@pytest.mark.parametrize("game", registry.NAMES)
def test_every_games_show_is_the_shared_one(game):
    """After each action, as the play screen sees it: the UI is busy
    exactly while its Show is, and A ends the segment showing (unless it
    is FIRM), the same for every game."""
    app, run = app_with(Session(game, ["easy"] * len(SEATS[game]), "standard", 5))
    play = app.screen
    ui = play.ui
    hurried = checked = 0
    for step in range(600):
        if not isinstance(app.screen, PlayScreen):
            break
        now = app.now()
        assert ui.busy(now) == ui.show.busy(now), (game, step)
        i = ui.show.index(now)
        if play.phase == SHOW and i != DONE and step % 3 == 0:
            firm = ui.show.kinds[i] == FIRM
            run.run("A")
            if not firm:
                assert ui.show.index(app.now()) != i, (game, step)  # A ended it
                hurried += 1
        else:
            run.advance(70)
        checked += 1
    assert hurried > 5 and checked > 100
