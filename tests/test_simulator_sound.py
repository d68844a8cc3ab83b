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
