"""An emulated Raspberry Pi Pico running the official MicroPython firmware.

    pico = Pico(flash_path)          # the board's flash lives in that file
    pico.start()                     # power on (Node + rp2040js, tools/pico/emulator.js)
    pico.port                        # a serial port for mpremote, like /dev/ttyACM0
    pico.press("A")                  # a button, through its GPIO pin
    frame = pico.wait_frame(lambda f: ...)   # the WS2812 frames on the matrix pin
    words = pico.wait_fifo_frame(lambda f: ...)  # what went into its PIO TX FIFO
    pico.power_cut()                 # kill the emulator: the flash keeps what was written

What the emulator adds to rp2040js, and why, is in tools/pico/emulator.js and
docs/hardware.md ("The emulated Pico"). The firmware and the boot ROM are
found by `firmware_files()`; Node and the pinned npm packages by
`node_modules()` (installed once per machine, like binaryen).
"""

import hashlib
import json
import os
import signal
import struct
import subprocess
import threading
import time
import tty

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NODE_DIR = os.path.join(ROOT, "tools", "pico")

FIRMWARE = "micropython-v1.27.0-RPI_PICO.uf2"
BOOTROM = "rp2040-bootrom-b1.bin"
SHA256 = {
    FIRMWARE: "73b71d2c6d185430c2c611a29a09107ed3929fce11ff795d5bea2e26f35722bd",
    BOOTROM: "90b31e108faedfa6bbcfcc33ba05dac61e645108cfbbdc385f8dafc71fde44ae",
}
WHERE_TO_GET = (
    "the emulated-Pico tests need %s (MicroPython's download page, board RPI_PICO, "
    "v1.27.0) and %s (the RP2040 B1 boot ROM, from Raspberry Pi's pico-bootrom or the "
    "rp2040js repository) in $TOMO_PICO_FILES, ../shared/pico or .venv/cache/pico"
    % (FIRMWARE, BOOTROM))

LFS_START = 0xA0000  # flash offset of MicroPython's file system on an RPI_PICO
LFS_BLOCK = 4096

# One emulated second is this many wall seconds, at worst, on a busy CPU (measured
# in docs/benchmarks.md); used only to size time-outs.
SLOWDOWN = 4


def _cache_dir():
    from tools.wasm_patch import cache_dir
    return cache_dir()


def _sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 16), b""):
            h.update(block)
    return h.hexdigest()


def firmware_files():
    """(uf2, bootrom) paths, or None if they are not on this machine. A file with
    the right name but other bytes is an error, not a skip."""
    places = [os.environ.get("TOMO_PICO_FILES"),
              os.path.join(os.path.dirname(ROOT), "shared", "pico"),
              os.path.join(_cache_dir(), "pico")]
    for place in places:
        if not place:
            continue
        paths = [os.path.join(place, name) for name in (FIRMWARE, BOOTROM)]
        if all(os.path.exists(p) for p in paths):
            for p in paths:
                digest = _sha256(p)
                if digest != SHA256[os.path.basename(p)]:
                    raise RuntimeError("%s: sha256 %s, expected %s"
                                       % (p, digest, SHA256[os.path.basename(p)]))
            return tuple(paths)
    return None


def node_modules():
    """The folder holding rp2040js as pinned by tools/pico/package-lock.json,
    installed with `npm ci` on first use (tools/npm.py)."""
    from tools.npm import node_modules as installed
    return installed(NODE_DIR, "pico-node", "the emulated Pico")


class Frame:
    """One WS2812 frame as it went down the wire: the bytes (in the panel's
    colour order), when it started and ended (emulated ns), and its bit timing."""

    def __init__(self, head, data):
        self.data = data
        self.start = head["start"]
        self.end = head["end"]
        self.bits = head.get("bits", 8 * len(data))
        self.timing = head

    def __repr__(self):
        return "<Frame %d bytes at %.3f s>" % (len(self.data), self.start / 1e9)


class Pico:
    """A Raspberry Pi Pico with MicroPython v1.27.0, its flash kept in `flash_path`
    (created from the firmware on first use, like a new board after the UF2 copy).

    `buttons` maps names to GPIO numbers (boards/pico.py's BUTTONS); a button is
    held low while pressed and high otherwise, as the pull-up would hold it."""

    def __init__(self, flash_path, buttons=None, led_pin=28, paced=True):
        files = firmware_files()
        if files is None:
            raise RuntimeError(WHERE_TO_GET)
        self.uf2, self.bootrom = files
        self.flash_path = flash_path
        self.buttons = dict(buttons or {})
        self.led_pin = led_pin
        self.paced = paced
        self.proc = None
        self.frames = []
        # Frames as the words written to the TX FIFO of the PIO state machine
        # driving the LED pin (by the CPU or by DMA), one per burst: Frame with
        # start, end (emulated ns of the first and last write) and timing
        # holding pio, sm and words.
        self.fifo_frames = []
        self.boots = []  # one dict per boot: t, boot, reason, scratch4
        self.resets = []  # one dict per reset: t, why, reason
        self.errors = []
        self.serial_log = bytearray()
        self.serial_times = []  # (offset in serial_log, emulated ns it was sent at)
        self._cond = threading.Condition()
        self._answers = []
        self._limit_reached = None
        self.port = None
        self._master = self._slave = None

    # -- power -------------------------------------------------------------------------

    def start(self):
        """Power on: the chip boots from its flash (the buttons idle high)."""
        env = dict(os.environ, NODE_PATH=node_modules())
        cmd = ["node", os.path.join(NODE_DIR, "emulator.js"), "--firmware", self.uf2,
               "--bootrom", self.bootrom, "--flash", self.flash_path,
               "--led-pin", str(self.led_pin)]
        if self.paced:
            cmd.append("--paced")
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     env=env)
        if self._master is None:
            self._master, self._slave = os.openpty()
            tty.setraw(self._slave)
            self.port = os.ttyname(self._slave)
            threading.Thread(target=self._from_port, daemon=True).start()
        threading.Thread(target=self._from_emulator, args=(self.proc,), daemon=True).start()
        self.set_pins({pin: 1 for pin in self.buttons.values()})
        return self

    def power_cut(self):
        """Pull the plug: the emulator is killed mid-instruction. The flash file
        holds every erase and program the chip finished, as a real flash would."""
        if self.proc is not None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait()
            self.proc = None

    def stop(self):
        if self.proc is not None:
            try:
                self._send("x", b"")
                self.proc.wait(10)
            except (OSError, subprocess.TimeoutExpired):
                self.proc.kill()
                self.proc.wait()
            self.proc = None

    def close(self):
        self.stop()
        for fd in (self._master, self._slave):
            if fd is not None:
                try:
                    os.close(fd)
                except OSError:
                    pass
        self._master = self._slave = None

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.close()

    # -- the wire to the emulator ------------------------------------------------------

    def _send(self, kind, body):
        if isinstance(body, str):
            body = body.encode()
        self.proc.stdin.write(kind.encode() + struct.pack("<I", len(body)) + body)
        self.proc.stdin.flush()

    def _from_emulator(self, proc):
        out = proc.stdout
        while True:
            head = out.read(5)
            if len(head) < 5:
                break
            kind = head[:1].decode()
            body = out.read(struct.unpack("<I", head[1:])[0])
            with self._cond:
                if kind == "s":
                    t, body = struct.unpack("<d", body[:8])[0], body[8:]
                    self.serial_times.append((len(self.serial_log), t))
                    self.serial_log += body
                    if self._master is not None:
                        try:
                            os.write(self._master, body)
                        except OSError:
                            pass
                elif kind == "f":
                    line, _, data = body.partition(b"\n")
                    self.frames.append(Frame(json.loads(line), data))
                elif kind == "w":
                    line, _, data = body.partition(b"\n")
                    self.fifo_frames.append(Frame(json.loads(line), data))
                elif kind == "b":
                    self.boots.append(json.loads(body))
                elif kind == "r":
                    self.resets.append(json.loads(body))
                elif kind == "t":
                    self._limit_reached = json.loads(body)["t"]
                elif kind == "q":
                    self._answers.append(json.loads(body))
                elif kind == "l":
                    self.errors.append(json.loads(body))
                self._cond.notify_all()
        with self._cond:
            self._cond.notify_all()

    def _from_port(self):
        while True:
            try:
                data = os.read(self._master, 4096)
            except OSError:
                return
            if not data:
                return
            if self.proc is not None:
                try:
                    self._send("s", data)
                except (OSError, ValueError):
                    pass

    # -- the board ---------------------------------------------------------------------

    def set_pins(self, levels, after_ms=0):
        """Drive GPIO inputs: {pin: 0 or 1}, now or after `after_ms` emulated ms."""
        events = [{"pin": p, "level": int(v), "after_ns": int(after_ms * 1e6)}
                  for p, v in levels.items()]
        self._send("p", json.dumps(events))

    def press(self, name, ms=120, after_ms=0):
        """Press a button for `ms` emulated milliseconds (bounce-free)."""
        pin = self.buttons[name]
        self.set_pins({pin: 0}, after_ms)
        self.set_pins({pin: 1}, after_ms + ms)

    def hold(self, name):
        self.set_pins({self.buttons[name]: 0})

    def release(self, name):
        self.set_pins({self.buttons[name]: 1})

    def hang(self):
        """The CPU stops in a loop with interrupts off (as a firmware bug below
        Python would): nothing feeds the watchdog, which resets the chip.
        Returns once the emulator has stopped the CPU (every flash write
        before it is in the flash file)."""
        self._send("h", b"")
        self.query()

    def files(self, folder="/"):
        """{name: bytes} of the files in `folder` of the board's littlefs file
        system, read from the flash image (MicroPython's rp2 port keeps it in
        the last 1408 KB of the Pico's 2 MB: ports/rp2/boards/RPI_PICO)."""
        from littlefs import LittleFS
        with open(self.flash_path, "rb") as f:
            image = f.read()
        fs = LittleFS(block_size=LFS_BLOCK, block_count=(len(image) - LFS_START) // LFS_BLOCK,
                      mount=False)
        fs.context.buffer = bytearray(image[LFS_START:])
        fs.mount()
        out = {}
        for name in fs.listdir(folder):
            path = folder.rstrip("/") + "/" + name
            if fs.stat(path).type == 1:  # a file
                with fs.open(path, "rb") as f:
                    out[name] = f.read()
        return out

    def write_serial(self, data):
        """Bytes to the USB serial port, as a terminal would type them."""
        self._send("s", data)

    def query(self, timeout=30):
        """The emulator's state: t (emulated ns), boots, warnings, clkSys, pins."""
        with self._cond:
            n = len(self._answers)
            self._send("q", b"")
            self._cond.wait_for(lambda: len(self._answers) > n or self.proc is None, timeout)
            return self._answers[n] if len(self._answers) > n else None

    def now(self):
        """Emulated time in seconds since power-on."""
        return self.query()["t"] / 1e9

    def run_for(self, ms, timeout=None):
        """Let the chip run `ms` emulated milliseconds more, then hold it."""
        with self._cond:
            self._limit_reached = None
            self._send("l", json.dumps({"ns": int(ms * 1e6)}))
            ok = self._cond.wait_for(lambda: self._limit_reached is not None,
                                     timeout or 30 + ms / 1000 * SLOWDOWN)
        if not ok:
            raise TimeoutError("the emulated Pico did not reach +%d ms" % ms)

    def run_free(self):
        self._send("l", json.dumps({"ns": None}))

    def set_paced(self, paced):
        """Paced: emulated time never runs ahead of the wall clock (for mpremote and
        people). Free: idle time is skipped, for tests."""
        self.paced = paced
        self._send("m", json.dumps({"paced": paced}))

    def wait_for(self, predicate, timeout):
        """Wait (wall seconds) until predicate(self) is true; returns it."""
        with self._cond:
            return self._cond.wait_for(lambda: predicate(self), timeout)

    def wait_frame(self, predicate=None, timeout=60, since=None, fifo=False):
        """The first frame from index `since` (default: frames from now on) for which
        predicate(frame) holds; raises TimeoutError after `timeout` wall seconds.
        fifo: from fifo_frames (what went into the PIO TX FIFO), not the wire."""
        frames = self.fifo_frames if fifo else self.frames
        start = len(frames) if since is None else since
        found = []

        def check(_):
            for f in frames[start:]:
                if predicate is None or predicate(f):
                    found.append(f)
                    return True
            return False

        if not self.wait_for(check, timeout):
            raise TimeoutError("no matching frame in %d s (%d frames seen)"
                               % (timeout, len(frames) - start))
        return found[0]

    def wait_fifo_frame(self, predicate=None, timeout=60, since=None):
        """wait_frame on fifo_frames: the words the LED pin's PIO state machine
        was given, as the bytes it shifts out."""
        return self.wait_frame(predicate, timeout, since, fifo=True)

    def sent_at(self, offset):
        """Emulated ns at which the serial byte at `offset` left the chip."""
        t = None
        for start, when in self.serial_times:
            if start > offset:
                break
            t = when
        return t

    def wait_serial(self, text, timeout=30, since=0):
        data = text.encode() if isinstance(text, str) else text
        if not self.wait_for(lambda s: data in s.serial_log[since:], timeout):
            raise TimeoutError("%r not seen on the serial port; last output: %r"
                               % (text, bytes(self.serial_log[-300:])))


def mpremote(port, *args, timeout=120):
    """Run the real mpremote against `port`; returns the CompletedProcess."""
    import sys
    return subprocess.run([sys.executable, "-m", "mpremote", "connect", port, *args],
                          capture_output=True, text=True, timeout=timeout)


def main(argv=None):
    """Run an emulated Pico until Ctrl-C, with its serial port for mpremote."""
    import argparse
    import sys
    ap = argparse.ArgumentParser(description="An emulated Raspberry Pi Pico with the official "
                                             "MicroPython firmware; its serial port works with "
                                             "mpremote and ./tools/flash.")
    ap.add_argument("--flash", required=True,
                    help="the board's flash image (made from the firmware if missing)")
    args = ap.parse_args(argv)
    if firmware_files() is None:
        print("pico_emu: " + WHERE_TO_GET, file=sys.stderr)
        return 2
    import boards
    board = boards.load("pico")
    pico = Pico(args.flash, buttons=board.BUTTONS, led_pin=board.PIXEL_PIN)
    pico.start()
    print("Emulated Pico running; serial port %s (e.g. ./tools/flash --board pico --port %s). "
          "Ctrl-C stops it; the flash stays in %s." % (pico.port, pico.port, args.flash))
    seen = 0
    try:
        while pico.proc is not None and pico.proc.poll() is None:
            time.sleep(1)
            if len(pico.frames) != seen:
                seen = len(pico.frames)
                print("\r%d frames on GP%d, %d resets" % (seen, board.PIXEL_PIN, len(pico.resets)),
                      end="", flush=True)
    except KeyboardInterrupt:
        print()
    finally:
        pico.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
