"""The simulator in a terminal: 24-bit colour half blocks, keyboard input.

Each LED is two character cells wide; one text row holds two LED rows (the
upper LED is the foreground of '▀', the lower the background).
Terminals report no key releases, so a key counts as held while it repeats.

Keys: arrows = D-pad, z / space / enter = A, x / backspace = B,
m / esc = the Menu button (pause a game), tab = hold A (look), q = quit.
"""

import os
import select
import sys
import time

from hal import buttons as B

HOLD_MS = 150  # a key without repeats counts as held this long
HELP = " arrows, z=A x=B m=pause tab=look q=quit"
# The game is drawn on the terminal's alternate screen: quitting gives the
# shell's screen back as it was, like less or vim.
ALT_SCREEN_ON, ALT_SCREEN_OFF = "\x1b[?1049h", "\x1b[?1049l"

_KEYS = {
    "\x1b[A": B.UP, "\x1b[B": B.DOWN, "\x1b[D": B.LEFT, "\x1b[C": B.RIGHT,
    "z": B.A, " ": B.A, "\r": B.A, "\n": B.A,
    "x": B.B, "\x7f": B.B,
    "m": B.MENU, "\x1b": B.MENU,
}


def frame_text(buf, width, height, brightness=100):
    """The frame as lines of ANSI text (no cursor movement). A colour is
    sent only where it changes along a line: a mostly dark frame is a few
    hundred bytes, not 10 KB, 33 times a second (over SSH too)."""
    from simulator.render import visible
    lines = []
    for y in range(0, height, 2):
        parts = []
        fg = bg = None
        for x in range(width):
            i = (y * width + x) * 3
            top = visible((buf[i], buf[i + 1], buf[i + 2]), brightness)
            if y + 1 < height:
                j = ((y + 1) * width + x) * 3
                bot = visible((buf[j], buf[j + 1], buf[j + 2]), brightness)
            else:
                bot = (0, 0, 0)
            if top != fg:
                parts.append("\x1b[38;2;%d;%d;%dm" % top)
                fg = top
            if bot != bg:
                parts.append("\x1b[48;2;%d;%d;%dm" % bot)
                bg = bot
            parts.append("▀▀")
        lines.append("".join(parts) + "\x1b[0m")
    return lines


def screen_text(buf, width, height, brightness, cols, rows):
    """All that is drawn from the top left corner: the frame and a line of
    keys, or, in a terminal too small for the frame, the size it needs (a
    frame taller than the terminal scrolled a little further every time)."""
    need_cols, need_rows = 2 * width, (height + 1) // 2 + 1
    if cols < need_cols or rows < need_rows:
        say = "make the terminal at least %dx%d (it is %dx%d), q quits" % (
            need_cols, need_rows, cols, rows)
        return "\x1b[0m" + say[:max(1, cols - 1)] + "\x1b[K"
    return ("\n".join(frame_text(buf, width, height, brightness)) + "\n\x1b[0m"
            + HELP[:cols - 1] + "\x1b[K")


def split_keys(text):
    """The keys in `text` and what is left at its end of an escape sequence
    not yet complete. Arrows come as ESC [ A or ESC O A, with modifiers as
    ESC [ 1 ; 5 A; other sequences (F-keys, Home...) are one key each that
    does nothing; a letter counts the same with Caps Lock."""
    keys = []
    i = 0
    while i < len(text):
        c = text[i]
        if c != "\x1b":
            keys.append(c.lower())
            i += 1
            continue
        if i + 1 == len(text):
            return keys, text[i:]
        if text[i + 1] == "[":
            j = i + 2
            while j < len(text) and not "@" <= text[j] <= "~":
                j += 1
            if j == len(text):
                return keys, text[i:]
        elif text[i + 1] == "O":
            j = i + 2
            if j == len(text):
                return keys, text[i:]
        else:
            keys.append(c)  # Esc on its own
            i += 1
            continue
        end = text[j]
        keys.append("\x1b[" + end if end in "ABCD" else text[i:j + 1])
        i = j + 1
    return keys, ""


def _read(fd):
    """Everything waiting on the terminal, as text."""
    data = b""
    while select.select([fd], [], [], 0)[0]:
        chunk = os.read(fd, 1024)
        if not chunk:
            break
        data += chunk
    return data.decode("utf-8", "replace")


def _size(out, fd):
    """(columns, rows) of the terminal."""
    try:
        return tuple(os.get_terminal_size(out.fileno()))
    except (AttributeError, ValueError, OSError):  # io.UnsupportedOperation is both
        pass
    try:
        return tuple(os.get_terminal_size(fd))
    except OSError:
        return 80, 24


def run(app):
    import termios
    import tty
    fd = sys.stdin.fileno()
    old = termios.tcgetattr(fd)
    out = sys.stdout
    d = app.hal.display
    buttons = app.hal.buttons
    clock = app.hal.clock
    held_until = {}
    pending = ""  # an escape sequence cut short by the last read
    shown = size = None
    try:
        tty.setcbreak(fd, when=termios.TCSANOW)  # keep keys typed while it loaded
        out.write(ALT_SCREEN_ON + "\x1b[?25l")
        while app.running:
            now = clock.now()
            got = _read(fd)
            if pending and not got:
                keys, pending = ["\x1b"], ""  # nothing more came: Esc on its own
            else:
                keys, pending = split_keys(pending + got)
            for k in keys:
                if k == "q":
                    app.running = False
                elif k == "\t":
                    held_until[B.A] = now + 1600
                elif k in _KEYS:
                    held_until[_KEYS[k]] = now + HOLD_MS
            mask = 0
            for b, until in list(held_until.items()):
                if until > now:
                    mask |= 1 << b
                else:
                    del held_until[b]
            buttons.set_raw(mask, now)
            app.step()
            cols, rows = _size(out, fd)
            text = screen_text(d.last, d.width, d.height, d.brightness, cols, rows)
            if (cols, rows) != size:
                size = (cols, rows)
                shown = None
                out.write("\x1b[0m\x1b[2J")
            if text != shown:
                shown = text
                out.write("\x1b[H" + text)
                out.flush()
            time.sleep(0.03)
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, old)
        out.write("\x1b[0m\x1b[?25h" + ALT_SCREEN_OFF)
        out.flush()
