"""Hostile saves, every game: a save cut short, a byte changed (with its
checksum made right again, so only the game's own checks stand between it
and play), fields out of range. The only outcomes allowed: the load refuses
it (SAVE LOST, or the other slot), or the game goes on - a computer or a
person can move, it ends with a result the statistics take, and every move
saves and loads back the same. Nothing else: no exception, no save that
fails, no game stuck with no move.

docs/reliability.md lists this attack; re-run it with
`./tools/test -k hostile`.
"""

import pytest

from engines_core import players, registry
from engines_core.prng import Rng
from firmware import games, saves
from firmware.play import PlayScreen
from firmware.session import Session, SEAT_KINDS
from firmware.stats import Stats
from hal.storage import MemoryStorage
from tests.firmware_helpers import app_with
from tests.test_reliability import play_on_for

PLAY_ON = 6  # moves played from each accepted hostile state
ON_DEVICE = 3  # accepted states of each also played on through the firmware


def configs(name):
    """Each variant once and each player count at least once."""
    cls = registry.game_class(name)
    counts = range(cls.MIN_PLAYERS, cls.MAX_PLAYERS + 1)
    out = []
    for i, variant in enumerate(cls.VARIANTS):
        can = [n for n in counts if variant in cls.variants_for(n)]
        out.append((can[i % len(can)], variant))
    for n in counts:
        if n not in [c[0] for c in out]:
            out.append((n, cls.variants_for(n)[0]))
    return out


def positions(name, n, variant):
    """Saved sessions from a seeded random game: the start, two middles, the
    end (and the game played on, where it may be)."""
    seats = [SEAT_KINDS[(k + n) % len(SEAT_KINDS)] for k in range(n)]
    s = Session(name, seats, variant, 7 + n)
    rng = Rng(n)
    seen = []
    while not s.state.is_terminal():
        seen.append(s.to_bytes())
        s.play(rng.choice(s.state.legal_actions()))
    out = seen[::len(seen) // 3 + 1]
    out.append(s.to_bytes())
    if s.state.can_play_on():
        s.state.play_on()
        out.append(s.to_bytes())
    return out


CONFIGS = [(name,) + c for name in games.playable() for c in configs(name)]


def mutants(payload, rng):
    """Every cut of the payload, and each byte set to neighbouring and
    extreme values (0, 255, one up, one down, a random bit flipped)."""
    for cut in range(len(payload)):
        yield payload[:cut]
    for i in range(len(payload)):
        v = payload[i]
        for w in sorted({0, 255, (v + 1) & 255, (v - 1) & 255, v ^ (1 << rng.below(8))}
                        - {v}):
            b = bytearray(payload)
            b[i] = w
            yield bytes(b)


def play_on(session, rng):
    """Play on as the device would, saving after every move; a finished game
    gives its result to the statistics (and plays on where it may)."""
    storage = MemoryStorage()
    for moves in range(PLAY_ON):
        state = session.state
        if state.is_terminal():
            Stats().record(session.game, session.seats, state.winners())
            assert len(state.scores()) == len(session.seats)
            if not state.can_play_on():
                return
            state.play_on()
        seat = state.current_player()
        assert 0 <= seat < len(session.seats)
        if session.is_human(seat) or moves:
            action = players.choose(state, "random", rng)
            assert state.why_illegal(action) is None
        else:  # the first move by the seat's own computer player
            action = session.computer_move(1)
        session.play(action)
        assert saves.save_game(storage, session), "a move that cannot be saved"
        again, where = saves.read_slot(storage, saves.slot_for(session))
        assert again.to_bytes() == session.to_bytes()


def load(payload, where=saves.PLAYING):
    """What boot makes of a save holding `payload` (its checksum right)."""
    storage = MemoryStorage()
    storage.write(saves.SLOTS[0], saves.pack(payload, where))
    session, where, outcome = saves.load_game(storage)
    assert (session is None) == (outcome in (saves.LOST, saves.OLD))
    return session, storage


@pytest.mark.slow
@pytest.mark.parametrize("name,n,variant", CONFIGS)
def test_hostile_saves_are_refused_or_play_on(name, n, variant):
    rng = Rng(len(name) + n)
    accepted = []
    tried = 0
    for base in positions(name, n, variant):
        for payload in mutants(base, rng):
            tried += 1
            session, storage = load(payload)
            if session is None:
                continue  # refused at load: SAVE LOST (or the other slot)
            if payload != base:
                accepted.append(payload)
            try:
                play_on(session, Rng(tried))
            except Exception as e:  # noqa: BLE001 - name the state that broke it
                raise AssertionError("%s: a hostile save %s played on into %r"
                                     % (name, payload.hex(), e))
    assert tried > 500 and accepted, (tried, len(accepted))
    # Some of the accepted ones through the firmware too: boot, screens, saves.
    for payload in accepted[::max(1, len(accepted) // ON_DEVICE)][:ON_DEVICE]:
        session, storage = load(payload)
        app, run = app_with(storage=storage)
        if isinstance(app.screen, PlayScreen):
            play_on_for(app, run, PLAY_ON)
        run.idle()
        saved = saves.load_game(storage)[0]
        assert saved is not None and saved.ply >= session.ply


@pytest.mark.parametrize("name", games.playable())
def test_a_hostile_header_is_refused(name):
    """Where the game was left, out of range (3 to 255), with the checksum
    made right: refused, as is any format but 2 and 3."""
    s = Session(name, ["random"] * registry.players(name)[0])
    payload = s.to_bytes()
    for where in range(3, 256):
        assert load(payload, where)[0] is None
    for fmt in (0, 1, 4, 255):
        data = bytearray(saves.pack(payload))
        data[4] = fmt
        with pytest.raises(Exception, match="format %d is not supported" % fmt):
            saves.unpack(bytes(data))
