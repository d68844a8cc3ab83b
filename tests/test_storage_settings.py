"""Storage, settings and the session save format."""

import pytest

from engines_core import registry
from engines_core.game import CorruptState
from firmware import saves
from firmware.session import Session
from firmware.settings import Settings
from hal.colour import GAMMA, pixel_duty
from hal.storage import FileStorage, MemoryStorage
from tools.gen_gamma import table


def test_file_storage_replaces_atomically(tmp_path):
    st = FileStorage(str(tmp_path / "store"))
    assert st.read("a") is None
    st.write("a", b"one")
    st.write("a", b"two")
    assert st.read("a") == b"two"
    assert st.names() == ["a"]
    assert not [p for p in (tmp_path / "store").iterdir() if p.name.endswith(".tmp")]
    st.remove("a")
    assert st.read("a") is None
    with pytest.raises(ValueError):
        st.write("../escape", b"x")


class _RecordingOs:
    """The real os, logging the calls that make a write durable; `fsync`
    False acts like MicroPython's os (sync only)."""

    def __init__(self, fsync=True):
        import os
        self.real = os
        self.calls = []
        self.has_fsync = fsync

    def __getattr__(self, name):
        if name == "fsync" and not self.has_fsync:
            raise AttributeError(name)
        attr = getattr(self.real, name)
        if name in ("fsync", "sync", "rename"):
            def logged(*args):
                self.calls.append(name)
                return attr(*args)
            return logged
        return attr


def test_a_write_reaches_the_disk_before_and_after_its_rename(tmp_path):
    """The new bytes are flushed to the disk before the rename makes them the
    file, and the rename is flushed before write returns - with fsync where
    the system has it (file, then folder: no flushing of every disk), with
    MicroPython's sync after the rename where it has not."""
    st = FileStorage(str(tmp_path / "store"))
    st._os = _RecordingOs()
    st.write("a", b"one")
    assert st._os.calls == ["fsync", "rename", "fsync"] and st.read("a") == b"one"
    st._os = _RecordingOs(fsync=False)
    st.write("a", b"two")
    assert st._os.calls == ["rename", "sync"] and st.read("a") == b"two"


def test_settings_round_trip_and_bad_lines_keep_defaults():
    s = Settings()
    s.brightness, s.volume, s.game = 70, 3, "tomoko"
    s.players["tomoko"] = 3
    s.variant["tomoko"] = "quick+open"
    s.seats = ["human", "hard", "easy", "human"]
    s.seats_for("tokkome")[1:] = ["human", "human", "human"]
    again = Settings.from_text(s.to_text())
    assert again.to_text() == s.to_text()
    assert again.seats_for("tokkome") == ["human"] * 4
    assert again.seats_for("tomoe") == ["human", "hard", "easy", "human"]  # never set
    junk = Settings.from_text("brightness=9000\nvolume=x\nseats=a,b\n__import__('os')=1\ngame=../x\n")
    assert junk.to_text() == Settings().to_text().replace("brightness=40", "brightness=100")


@pytest.mark.parametrize("game", registry.NAMES)
def test_every_game_and_variant_name_survives_a_settings_and_stats_reload(game):
    """Settings and statistics files keep only names they can parse safely;
    every game name and variant the registry offers must be one of them (a
    variant with a digit, Tomoe's tiles32, was once forgotten on reload)."""
    from firmware.stats import Stats
    lo, hi = registry.players(game)
    for n in range(lo, hi + 1):
        for variant in registry.variants_for(game, n):
            s = Settings()
            s.game = game
            s.players[game] = n
            s.variant[game] = variant
            again = Settings.from_text(s.to_text())
            assert (again.game, again.players, again.variant) == \
                (game, {game: n}, {game: variant}), (game, variant)
    st = Stats()
    st.record(game, ["human", "hard"], [0])
    assert st.counts and Stats.from_text(st.to_text()).counts == st.counts, game


def test_settings_survive_a_missing_or_binary_file():
    st = MemoryStorage()
    assert Settings.load(st).to_text() == Settings().to_text()
    st.write("settings.txt", b"\xff\xfe\x00garbage")
    assert Settings.load(st).brightness == 40


def test_session_round_trip_and_refusals():
    s = Session("tomoko", ["human", "hard", "random"], "quick", 99)
    for _ in range(5):
        s.play(s.state.legal_actions()[0])
    data = s.to_bytes()
    t = Session.from_bytes(data)
    assert t.to_bytes() == data and t.seats == s.seats and t.ply == 5 and t.seed == 99
    for cut in range(len(data)):
        with pytest.raises(CorruptState):
            Session.from_bytes(data[:cut])
    with pytest.raises(ValueError):
        Session("tomoko", ["human", "robot"])


def test_save_file_checksum_catches_damage():
    s = Session("tomoko", ["human", "normal"], "standard", 5)
    packed = saves.pack(s.to_bytes())
    assert saves.unpack(packed) == (s.to_bytes(), saves.PLAYING)
    for i in range(len(packed)):
        damaged = bytearray(packed)
        damaged[i] ^= 0x10
        with pytest.raises(CorruptState):
            saves.unpack(bytes(damaged))
    assert saves.crc32(b"123456789") == 0xCBF43926  # the CRC-32 check value
    assert saves._crc32_bitwise(b"123456789") == 0xCBF43926


def test_gamma_table_is_the_formula():
    assert list(GAMMA) == table()
    assert GAMMA[0] == 0 and GAMMA[255] == 255
    assert pixel_duty(0, 0, 0, 100) == (0, 0, 0)
    assert pixel_duty(255, 128, 0, 50) == (127, GAMMA[128] // 2, 0)


def test_a_lit_pixel_never_goes_dark_and_keeps_its_hue():
    """Every channel that full brightness lights keeps duty 1 when the
    brightness rounds the whole pixel to black; a pixel below the gamma
    curve's first step on every channel lights each of its lit channels."""
    assert GAMMA[14] == 0 and GAMMA[15] == 1  # the curve's first step
    assert pixel_duty(56, 7, 3, 10) == (1, 0, 0)  # red with a faint tint stays red
    assert pixel_duty(2, 33, 45, 10) == (0, 1, 1)  # a dim cyan stays cyan
    assert pixel_duty(56, 49, 35, 10) == (1, 1, 1)  # a dim warm white stays white
    assert pixel_duty(12, 12, 12, 100) == (1, 1, 1)  # the faintest grey, even at 100%
    assert pixel_duty(12, 0, 5, 40) == (1, 0, 1)  # nothing visible at full: every lit one
    assert pixel_duty(0, 0, 0, 10) == (0, 0, 0)
    assert pixel_duty(255, 16, 0, 40) == (GAMMA[255] * 40 // 100, 0, 0)  # not dark: as is


def test_statistics_count_games_not_seats():
    """Two Tomoko games - one person against NORM and HARD, won; four people,
    two on each team - read as two games: one won alone, one with friends;
    a draw between every seat is no one's win."""
    from firmware.stats import Stats
    st = Stats()
    st.record("tomoko", ["human", "normal", "hard"], [0])
    st.record("tomoko", ["human", "human", "human", "human"], [0, 2])
    assert st.summary("tomoko") == \
        "PLAYED 2 YOU WON 1 OF 1 WITH FRIENDS 1 NORM WON 0 OF 1 HARD WON 0 OF 1"
    st.record("toncc", ["human", "hard", "hard"], [0, 1, 2])  # a three-way tie
    st.record("toncc", ["human", "hard", "hard"], [1])
    st.record("toncc", ["hard", "hard", "normal"], [2])
    assert st.summary("toncc") == "PLAYED 3 YOU WON 0 OF 2 NORM WON 1 OF 1 HARD WON 1 OF 3"
    assert Stats.from_text(st.to_text()).summary("toncc") == st.summary("toncc")
