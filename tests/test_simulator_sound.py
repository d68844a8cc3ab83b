"""The simulator's sound: recorded when headless, played through pygame's
mixer in the window and the terminal (SDL's dummy audio driver here)."""

from simulator.sim_hal import make_hal


def test_headless_sound_keeps_only_the_last_tones():
    """The recording kept every tone ever started: a long session (a soak,
    hours of play) grew without bound."""
    sound = make_hal(fake_clock=True).sound
    for i in range(5000):
        sound.play(((200 + i, 10),), i * 20)
        sound.update(i * 20 + 10)
    assert len(sound.log) == sound.KEEP < 5000
    assert sound.log[-1] == 200 + 4999 and 200 + 4000 in sound.log and 200 + 3999 not in sound.log
    sound.log.clear()
    assert 220 not in sound.log  # what the firmware tests do with it


# The tone player ------------------------------------------------------------

import os
import subprocess
import sys
from array import array

import pygame
import pytest

from firmware import sounds
from hal.sound import Sound
from simulator import mixer_sound as M
from tests.conftest import ROOT


@pytest.fixture
def mixer(monkeypatch):
    """pygame's mixer on SDL's dummy audio driver: it plays to nowhere."""
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


def rising_edges(samples):
    return [i for i in range(1, len(samples)) if samples[i - 1] < 0 < samples[i]]


@pytest.mark.parametrize("freq", [180, 440, 1319, 1568])
def test_a_tone_is_a_square_wave_at_its_pitch(freq):
    s = M.tone_samples(freq, 1000, 10, 44100)
    edges = rising_edges(s)
    period = (edges[-1] - edges[0]) / (len(edges) - 1)
    assert abs(44100 / period - freq) < 0.5
    assert len(edges) == freq - 1  # every period of the second, none lost at the ends
    ramp = 44100 * M.RAMP_MS // 1000
    inner = [e for e in edges if ramp <= e <= len(s) - ramp]
    periods = s[inner[0]:inner[-1]]
    assert set(periods) == {M.PEAK, -M.PEAK}  # square
    assert abs(sum(periods)) <= M.PEAK * len(periods) // 100  # centred: no sample more per period


def test_a_tone_lasts_its_note_and_fades_at_the_edges():
    for freq, ms in sounds.REFUSED + sounds.WIN + sounds.CLICK:
        assert len(M.tone_samples(freq, ms, 5, 44100)) == 44100 * ms // 1000
    s = M.tone_samples(440, 90, 10, 44100)
    ramp = 44100 * M.RAMP_MS // 1000
    assert s[0] == s[-1] == 0 and abs(s[ramp // 2]) == M.PEAK // 2
    assert max(map(abs, s[:ramp])) < M.PEAK and abs(s[ramp]) == M.PEAK


def test_volume_scales_the_tone_and_zero_is_silence():
    peaks = [max(map(abs, M.tone_samples(880, 50, v, 44100))) for v in range(11)]
    assert peaks == [M.PEAK * v // 10 for v in range(11)]
    assert M.tone_samples(880, 50, 0, 44100) == array("h", bytes(2 * 2205))
    assert M.tone_samples(0, 30, 10, 44100) == array("h", bytes(2 * 1323))  # a rest


def playing(sound):
    """The samples on the player's channel (None if it is quiet)."""
    if not sound.channel.get_busy():
        return None
    return array("h", sound.channel.get_sound().get_raw())


def test_the_player_plays_each_note_without_waiting(mixer):
    s = M.open_sound()
    assert isinstance(s, M.MixerSound) and (s.rate, s.channels) == (44100, 1)
    s.volume = 3
    s.play(sounds.REFUSED, 1000)  # 220 Hz 90 ms, a 30 ms rest, 180 Hz 120 ms
    assert playing(s) == M.tone_samples(220, 90, 3)  # under way: play() did not wait
    s.update(1090)
    assert playing(s) is None
    s.update(1120)
    assert playing(s) == M.tone_samples(180, 120, 3)
    s.update(1240)
    assert playing(s) is None and not s.playing
    s.volume = 0
    s.play(sounds.WIN, 2000)
    assert playing(s) is None


def test_a_mixer_that_took_other_settings_gets_the_same_tone(mixer):
    """SDL may open the device stereo or at another rate than asked for."""
    pygame.mixer.init(48000, -16, 2)
    s = M.MixerSound(pygame)
    s.play(((440, 100),), 0)
    mono = M.tone_samples(440, 100, 5, 48000)
    assert playing(s) == array("h", [x for x in mono for _ in (0, 1)])


def test_the_menus_sound_setting_sets_the_volume(mixer):
    from firmware.main import boot
    from simulator.sim_hal import make_hal
    app = boot(make_hal(fake_clock=True, sound=M.open_sound()))
    app.settings.volume = 7
    app.apply_settings()
    app.beep(sounds.CLICK)
    assert playing(app.hal.sound) == M.tone_samples(1320, 12, 7)
    app.settings.volume = 0  # SOUND OFF
    app.apply_settings()
    app.hal.clock.advance(30)
    app.step()  # the click is over
    app.beep(sounds.WIN)
    assert playing(app.hal.sound) is None


def test_without_an_audio_device_it_is_silent(mixer, monkeypatch, capfd):
    monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-driver")
    s = M.open_sound()
    assert type(s) is Sound  # the silent base class
    s.play(sounds.WIN, 0)
    s.update(200)
    err = capfd.readouterr().err
    assert err.startswith("no sound: ") and err.count("\n") == 1, err


def test_a_machine_without_a_sound_card_says_one_line_at_most():
    """With SDL_AUDIODRIVER unset SDL tries the real devices: on a machine
    without a sound card ALSA printed eight lines of its own."""
    env = {k: v for k, v in os.environ.items() if k != "SDL_AUDIODRIVER"}
    env.update(PYTHONPATH=ROOT, PYGAME_HIDE_SUPPORT_PROMPT="1")
    code = ("from simulator.mixer_sound import open_sound; s = open_sound(); "
            "s.play(((440, 20),), 0); s.update(20); print(type(s).__name__)")
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and r.stdout in ("Sound\n", "MixerSound\n"), r.stderr
    assert r.stderr.count("\n") <= 1, r.stderr


@pytest.mark.parametrize("mode", ["--terminal", "--window"])
def test_the_window_and_the_terminal_play_sound(mixer, monkeypatch, tmp_path, mode):
    """Both used the recording sound: the SOUND setting did nothing."""
    import simulator.__main__ as cli
    from simulator import terminal, window
    monkeypatch.setenv("DISPLAY", ":0")  # SDL's dummy video driver opens the "window"
    monkeypatch.setattr(cli, "_terminal_problem", lambda: None)
    apps = []
    monkeypatch.setattr(terminal, "run", apps.append)
    monkeypatch.setattr(window, "run", apps.append)
    assert cli.main([mode, "--storage", str(tmp_path)]) == 0
    assert [type(app.hal.sound) for app in apps] == [M.MixerSound]
