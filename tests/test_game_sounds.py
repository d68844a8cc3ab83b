"""One sound vocabulary across the four games (firmware/sounds.py): each
action sounds as what it did (a move, a lay, a score), a person's turn
starts with TURN, a refusal with REFUSED, the end with WIN or LOSE, and
nothing sounds with the sound off. Played through the firmware with the
headless simulator, whose sound records the tones it starts."""

import random

import pytest

from engines_core import registry, tomoe, tokkome
from hal import buttons as B
from firmware import sounds
from firmware.end import EndScreen
from firmware.play import PlayScreen
from firmware.session import Session
from tests.firmware_helpers import app_with, mash_to_the_end

GAME_CUES = {"MOVE": sounds.MOVE, "LAY": sounds.LAY, "SCORE": sounds.SCORE}


def expected_cue(game, state, seat, action):
    """What the rules say `action` did, by playing it on a copy of `state`:
    the cue the vocabulary gives it."""
    after = type(state).restore(state.serialize())
    after.apply(action)
    if game == "tomoko":
        return "LAY" if after.lays else "MOVE"
    if game == "tomoe":
        if after.scores()[seat] > state.scores()[seat]:
            return "SCORE"
        return "MOVE" if tomoe.is_turn(action) else "LAY"
    if game == "tokkome":
        if action == tokkome.TAKE or action == tokkome.NO_SET:
            return "MOVE"
        return "SCORE" if tokkome.SET < action < tokkome.NO_SET else "LAY"
    if game == "toncc":
        if len(after.history) > len(state.history):
            return "SCORE"  # a challenge ended
        if any(after.seals_placed(s) > state.seals_placed(s) for s in range(3)):
            return "LAY"
        return "MOVE"
    raise AssertionError("say here which of MOVE, LAY, SCORE each action of %s makes "
                         "(docs/adding-a-game.md, the sound vocabulary)" % game)


def recording(app):
    """Log (ply, notes) for every sequence the firmware starts."""
    heard = []
    sound = app.hal.sound
    play = sound.play

    def record(notes, now):
        heard.append((app.screen.session.ply if hasattr(app.screen, "session") else -1, notes))
        play(notes, now)

    sound.play = record
    return heard


SEATS = {n: ("normal",) + ("easy",) * (registry.players(n)[0] - 1) for n in registry.NAMES}


@pytest.mark.parametrize("game", registry.NAMES)
def test_every_action_sounds_as_what_it_did(game):
    """Computer players only: each action's cue, in the order played, is the
    one its effect calls for; the game plays every cue it has."""
    session = Session(game, list(SEATS[game]), "standard", 4)
    expected = []
    real_play = session.play

    def play(action):
        expected.append(expected_cue(game, session.state, session.state.current_player(),
                                     action))
        real_play(action)

    session.play = play
    app, run = app_with(session)
    heard = recording(app)
    run.advance(1000)
    while isinstance(app.screen, PlayScreen):
        run.advance(1000)
    names = {v: k for k, v in GAME_CUES.items()}
    got = [names[notes] for ply, notes in heard if notes in names]
    assert got == expected
    # (Tomoko has no points but the cards laid; these Tomoe players turn
    # no tile, the order above checks the turns' MOVE where there are any.)
    wanted = {"tomoko": {"MOVE", "LAY"}, "tomoe": {"LAY", "SCORE"}}.get(
        game, {"MOVE", "LAY", "SCORE"})
    assert wanted <= set(got)
    assert sounds.TURN not in [n for p, n in heard]  # no person plays
    assert isinstance(app.screen, EndScreen) and heard[-1][1] == sounds.WIN


def waits_for_a(play):
    """A where a game's screen waits for it between turns: Tóncc's scores
    of a challenge, Tomoe's count at the end."""
    ui = play.ui
    if getattr(ui, "summary", None) is not None or \
            getattr(ui, "revealing", lambda now: False)(play.app.now()):
        return "A"
    return None


@pytest.mark.parametrize("game", registry.NAMES)
def test_a_person_hears_turn_refused_and_the_end(game):
    """One person pressing at random against computers: TURN as each of
    their turns begins (not again within a turn of several actions),
    REFUSED for refusals, and WIN or LOSE by how it ended for them."""
    seats = ["human"] + list(SEATS[game][1:])
    app, run = app_with(Session(game, seats, "standard", 6))
    heard = recording(app)
    play = app.screen
    turns = []
    real_begin = play.begin_human

    def begin_human(now, passed):
        again = play.last_mover == play.seat
        real_begin(now, passed)
        turns.append((play.session.ply, again))

    play.begin_human = begin_human
    mash_to_the_end(app, run, random.Random(game), limit=20000, other=waits_for_a)
    run.advance(1000)
    assert isinstance(app.screen, EndScreen)
    turn_plies = [p for p, n in heard if n == sounds.TURN]
    assert turn_plies == [p for p, again in turns if not again] and turn_plies
    won = 0 in play.session.state.winners()
    assert heard[-1][1] == (sounds.WIN if won else sounds.LOSE)


@pytest.mark.parametrize("game", registry.NAMES)
def test_a_refused_action_sounds_refused(game):
    """Whatever the game, an action the rules refuse sounds REFUSED (and
    plays nothing else: no move cue, no change)."""
    seats = ["human"] + list(SEATS[game][1:])
    app, run = app_with(Session(game, seats, "standard", 6))
    play = app.screen
    run.idle()
    state = play.session.state
    legal = state.legal_actions()
    illegal = next(a for a in range(1000) if a not in legal)
    click_a = B.CLICK << 4 | B.A
    play.ui.button = lambda ev, seat, now: illegal if ev == click_a else None
    before = state.serialize()
    heard = recording(app)
    run.run("A")
    assert [n for p, n in heard] == [sounds.REFUSED] and state.serialize() == before


def test_nothing_sounds_with_the_sound_off():
    app, run = app_with(Session("tomoe", ["human", "normal"], "standard", 2))
    app.settings.volume = 0
    app.apply_settings()
    app.hal.sound.log.clear()  # the first TURN, before the sound went off
    heard = recording(app)
    mash_to_the_end(app, run, random.Random(1), limit=400)
    assert heard  # the firmware asked for cues...
    assert not app.hal.sound.log  # ...and none was played


def test_each_cue_begins_with_a_note_of_its_own():
    """A tone log tells the cues apart by their first notes."""
    for cue in sounds.CUES + (sounds.CLICK,):
        others = [f for c in sounds.CUES + (sounds.CLICK,) if c is not cue for f, ms in c]
        assert cue[0][0] not in others
