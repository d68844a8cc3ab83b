"""Code run inside MicroPython by the tests and benchmarks (source text, sent to the guest).

`firmware_game()` boots the firmware with an in-memory display, a fake clock
and scripted buttons, picks a game in the menu and who plays each seat, plays
the whole game, and goes back to the menu from the end screen. With people in
some seats, one person presses seeded random buttons whenever the game waits
for a person (pass screens, cursors, choices, refused moves, the pause menu).
"""

# The guest in three parts: set-up (_HEAD), choosing the game and its seats
# in the menu and pressing A (_CHOOSE, with `kinds` set), and playing it to
# the end and back to the menu (_PLAY).
_HEAD = """
import gc
from hal import Hal, buttons as B
from hal.display import Display
from hal.buttons import Buttons
from hal.clock import FakeClock
from hal.sound import Sound
from hal.storage import MemoryStorage
from firmware.main import boot
from firmware.play import PlayScreen
from firmware.end import EndScreen
from engines_core.prng import Rng

# A silent Sound, as on a board without a buzzer: a RecordingSound's log of
# every tone grows all game (every move has its sound) in a device-sized heap.
hal = Hal(Display(), Buttons(), Sound(), FakeClock(), MemoryStorage())
%(before_boot)sapp = boot(hal)

def step(ms):
    end = hal.clock.now() + ms
    while hal.clock.now() < end:
        hal.clock.advance(30)
        app.step()

def press(b):
    hal.buttons.set_raw(1 << b, hal.clock.now())
    step(60)
    hal.buttons.set_raw(0, hal.clock.now())
    step(60)

"""

_CHOOSE = """menu = app.screen
assert type(menu).__name__ == 'Menu'
guard = 0
while app.settings.game != %(game)r:
    press(B.RIGHT)
    guard += 1
    assert guard < 10, 'game not in the menu'
n = menu.players()
while n != len(kinds):
    while menu.lines()[menu.line] != 'PLAYERS':
        press(B.DOWN)
    press(B.RIGHT)
    n = menu.players()
for seat in range(n):
    while menu.lines()[menu.line] != seat:
        press(B.DOWN)
    guard = 0
    while app.settings.seats_for(app.settings.game)[seat] != kinds[seat]:
        press(B.RIGHT)
        guard += 1
        assert guard < 10, 'seat kind not offered'
menu = None  # holding the menu would keep its module in RAM during the game
press(B.A)
"""

_PLAY = """assert isinstance(app.screen, PlayScreen), 'game did not start'
session = app.screen.session
frames = hal.display.frames
steps = 0
rng = Rng(%(seed)d)
keys = (B.UP, B.DOWN, B.LEFT, B.RIGHT, B.A, B.B, B.A, B.A, B.A)
while not isinstance(app.screen, EndScreen):
    if 'human' in kinds:
        press(keys[rng.below(len(keys))])
        if type(app.screen).__name__ == 'Menu':  # B twice: paused and quit; resume
            press(B.A)
    else:
        step(300)
    steps += 1
    # (a refusal's notice takes a press to clear)
    assert steps < (6000 if 'human' in kinds else 200000), 'game never ended'
st = session.state
gc.collect()
free = gc.mem_free()
step(1000)
press(B.A)
assert type(app.screen).__name__ == 'Menu', 'end screen did not return to the menu'
print('RESULT', st.winners(), st.scores(), session.ply, hal.display.frames - frames, free)
"""


FULL_EFFORT = """
def _full_effort(self):
    return self.session.computer_move(100)
PlayScreen.think = _full_effort
"""


# The menu seeds a new game from the clock and the frame count; a benchmark
# that plays many games gives each its own seed instead.
_GAME_SEED = """import firmware.menu
firmware.menu.mix_seed = lambda *parts: %d
"""


def _game_part(game, kinds, seed, full_effort, game_seed):
    return ("kinds = %r\n" % (list(kinds),) + (FULL_EFFORT if full_effort else "")
            + (_GAME_SEED % game_seed if game_seed is not None else "")
            + _CHOOSE % {"game": game} + _PLAY % {"seed": seed})


def firmware_game(game, kinds, seed=1, full_effort=False, game_seed=None):
    """The guest that plays `game` with these seat kinds (e.g. ['human',
    'normal']); the people's buttons come from Rng(seed). `full_effort`: a
    MemoryError in a computer player's search ends the run, instead of the
    play screen retrying with less effort (to measure the heap the full
    search needs). `game_seed`: the game's seed (else the menu's, from the
    clock)."""
    return _HEAD % {"before_boot": ""} + _game_part(game, kinds, seed, full_effort, game_seed)


# The device path: device/start boots the board as main.py does, on the fake
# machine/neopixel/time modules (tests/fakes/micropython), with the LED
# pipeline and the pin-sampled buttons; presses drive the board's button
# pins. The fakes are loaded first and their own heap is reported
# ('FAKES <bytes>'), since a board has those modules built in.
_DEVICE_HEAD = """
import gc, sys
gc.collect()
_before = gc.mem_alloc()
sys.path.insert(0, '/fakes/micropython')
sys.path.insert(0, '/fakes')
import fakehw, machine, neopixel
neopixel.KEEP = 0  # a real driver keeps no copy of what it sent
machine.PWM.KEEP = 0  # nor does a real PWM of the tones it played
gc.collect()
print('FAKES', gc.mem_alloc() - _before)
from hal import buttons as B
from hal.storage import MemoryStorage
from device import start
from firmware.play import PlayScreen
from firmware.end import EndScreen
from engines_core.prng import Rng

app, hal = start.start(%(board)r, 'micropython',
                       {'fakehw': fakehw, 'machine': machine, 'neopixel': neopixel,
                        'time': fakehw}, storage=MemoryStorage())
_pins = {}
for _name, _pin in hal.board.BUTTONS.items():
    _pins[B.NAMES.index(_name)] = _pin

def step(ms):
    end = fakehw.now[0] + ms
    while fakehw.now[0] < end:
        fakehw.advance(30)
        app.step()

def press(b):
    fakehw.drive(_pins[b], hal.board.BUTTON_ACTIVE)
    step(60)
    fakehw.drive(_pins[b], None)
    step(60)

"""


def device_game(game, kinds, game_seed=None, full_effort=False, board="pico"):
    """firmware_game on the device path (device/start on `board`, fake pins):
    the heap a board needs, less what the fakes themselves take (printed)."""
    return _DEVICE_HEAD % {"board": board} + _game_part(game, kinds, 1, full_effort, game_seed)


# A board's hal.restart (firmware/launch.py) in the guest: report which game
# was being started and the flash's files, and stop. The host runs the guest
# again from that game on those files: a new interpreter is the clean heap.
_RESTART = """def restart():
    print('RESTART', current, repr(hal.storage.files))
    raise SystemExit
hal.restart = restart
hal.storage.files = %r
"""


def firmware_games(names, kinds_of, first=0, files=None):
    """firmware_game for several games one after the other in one boot (back
    at the menu between them); `kinds_of(name)` gives each one's seats. The
    firmware may restart the board to start a game in a clean heap: the guest
    then prints `RESTART <index of the game> <files>` and stops; run
    firmware_games(names, kinds_of, index, files) next (the game is already
    chosen: boot starts it)."""
    out = _HEAD % {"before_boot": _RESTART % (files or {},)}
    for k in range(first, len(names)):
        out += "current = %d\nkinds = %r\n" % (k, list(kinds_of(names[k])))
        out += "if not isinstance(app.screen, PlayScreen):\n"
        for line in (_CHOOSE % {"game": names[k]}).splitlines():
            out += "    " + line + "\n"
        out += _PLAY % {"seed": 1}
    return out


# Several games back to back through the firmware; after each, back at the
# menu, collect and report the free heap. Also forces a real MemoryError in
# the first computer move of each game (a huge allocation), which the play
# screen must survive by retrying with less effort. `leak` bytes a game are
# kept on purpose (0 but in the test that shows a leak is caught). The guest
# drops its own names for the game before it measures.
FIRMWARE_SOAK = """
import gc
from hal import Hal, buttons as B
from hal.display import Display
from hal.buttons import Buttons
from hal.clock import FakeClock
from hal.sound import Sound
from hal.storage import MemoryStorage
from firmware.main import boot
from firmware.play import PlayScreen
from firmware.end import EndScreen

hal = Hal(Display(), Buttons(), Sound(), FakeClock(), MemoryStorage())
app = boot(hal)

def step(ms):
    end = hal.clock.now() + ms
    while hal.clock.now() < end:
        hal.clock.advance(30)
        app.step()

def press(b):
    hal.buttons.set_raw(1 << b, hal.clock.now())
    step(60)
    hal.buttons.set_raw(0, hal.clock.now())
    step(60)

menu = app.screen
while app.settings.game != %(game)r:
    press(B.RIGHT)
for seat in range(menu.players()):
    while menu.lines()[menu.line] != seat:
        press(B.DOWN)
    while app.settings.seats_for(app.settings.game)[seat] != 'easy':
        press(B.RIGHT)
# Preallocated, so the harness itself does not allocate between measurements.
free = [0] * %(games)d
retries = [0] * %(games)d
kept = []
for game in range(%(games)d):
    press(B.A)
    play = app.screen
    assert isinstance(play, PlayScreen)
    real = play.session.computer_steps
    tries = []
    def greedy(effort=100, real=real, tries=tries):
        tries.append(effort)
        if len(tries) == 1:
            hog = bytearray(10 * 1024 * 1024)  # far more than the heap
        return real(effort)
    play.session.computer_steps = greedy
    while not isinstance(app.screen, EndScreen):
        step(300)
    retries[game] = tries[0] * 1000 + tries[1]
    step(1000)
    press(B.A)
    assert type(app.screen).__name__ == 'Menu'
    app.screen.line = 0
    if %(leak)d:
        kept.append(bytearray(%(leak)d))
    del play, real, greedy, tries
    gc.collect()
    free[game] = gc.mem_free()
import json
print('SOAK ' + json.dumps({'free': free, 'retries': retries}))
"""


# Frames of a screen in its steady state, for the guests that measure garbage
# (tests/test_frame_garbage.py, tests/test_tokkome_screens.py): `warm` frames
# first (they load and build what they keep), then `frames` more, 30 ms apart,
# with the collector off, so gc.mem_free() falls by exactly what they left.
# Returns (frames sent to the display, bytes left, frames drawn unlocked).
STEADY_FRAMES = """
def steady_frames(app, hal, frames, warm=8):
    for i in range(warm):
        hal.clock.advance(30)
        app.step()
    gc.collect()
    gc.disable()
    before = gc.mem_free()
    shown = hal.display.frames
    unlocked = app.unlocked_frames
    for i in range(frames):
        hal.clock.advance(30)
        app.step()
    left = before - gc.mem_free()
    gc.enable()
    return hal.display.frames - shown, left, app.unlocked_frames - unlocked
"""
