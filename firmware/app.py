"""The device application: the main loop and what every screen shares."""

import gc

from engines_core import registry
from firmware.settings import Settings
from firmware import saves, gfx, palette
from hal import buttons as B

# Modules only the menu uses, forgotten while a game plays (the menu imports
# them again): their RAM goes to the game's computer players.
MENU_ONLY = ("firmware.menu", "firmware.launch", "firmware.stats")

FRAME_MS = 30  # ~33 frames a second at most; the wire takes 8 ms per frame

# Drawing a frame runs with MicroPython's heap locked, where it
# can be (micropython.heap_lock; not CPython nor CircuitPython). A frame
# allocates nothing in the steady state (tests/test_frame_garbage.py), but
# MicroPython gives every call of a function with more than 11 words of
# locals a frame on the heap, freed on return (py/objfun.c): with no garbage
# to collect, the heap keeps the holes left by loading a game, and each such
# call searched them for room, which made a frame some 50% slower on the
# emulated Pico. With the heap locked those frames go on the C stack. A
# frame that does allocate (a screen building what it keeps) fails with
# MemoryError and is drawn again unlocked; after
# LOCK_MISSES such frames in a row the next LOCK_REST frames are drawn
# unlocked (a screen that allocates every frame is not drawn twice a frame).
try:
    from micropython import heap_lock as _heap_lock, heap_unlock as _heap_unlock
except ImportError:
    _heap_lock = _heap_unlock = None
LOCK_MISSES = 3
LOCK_REST = 64
WHOLE = 2  # App._to_draw: the screen and the notice over it
BAND = 1  # only the notice's band


class App:
    """Routes button events to the current screen, draws it, shows changes."""

    def __init__(self, hal, settings=None):
        self.hal = hal
        self.settings = settings or Settings.load(hal.storage)
        self._stats = None  # loaded when the menu or a game's end needs it
        self.screen = None
        self.running = True
        self.notice = None  # (text, since, until): a message over any screen
        # The last frame shown, kept in one buffer: a new 768-byte object
        # every frame would need a free stretch that big in the heap.
        self._shown = bytearray(len(hal.display.buf))
        self.stale = True  # draw and show the next frame even if it looks the same
        # Draw the next frame whole even if the screen is still (Screen.still):
        # set by a button event, a new screen, or a screen whose tick changed
        # what it shows. Else a still screen is drawn again only when the
        # time gfx's helpers reported comes (_due), and a notice over it only
        # its band, when its own time comes (_notice_due).
        self.dirty = True
        self._due = self._notice_due = 0
        self._drawn_notice = None  # the notice the last frame was drawn with
        self._still = False  # the screen was still (Screen.still) when last asked
        self._strip = self._strip_of = None  # the notice's text, drawn once (tell)
        self._swallow = 0  # buttons held across a screen change: ignored until pressed anew
        self.unlocked_frames = 0  # frames drawn again unlocked (see _heap_lock), for tests
        self._misses = 0  # of them in a row
        self._rest = 0  # frames still to draw unlocked after LOCK_MISSES misses
        self.apply_settings()

    # Shared services ---------------------------------------------------------
    @property
    def stats(self):
        """The statistics (firmware/stats.py), read from storage when first
        needed after a game started."""
        if self._stats is None:
            from firmware.stats import Stats
            self._stats = Stats.load(self.hal.storage)
        return self._stats

    def now(self):
        return self.hal.clock.now()

    def apply_settings(self):
        self.hal.display.brightness = self.settings.brightness
        self.hal.sound.volume = self.settings.volume

    def save_settings(self):
        try:
            self.settings.save(self.hal.storage)
        except (OSError, MemoryError):
            self.tell("NO SAVE")

    def log(self, text, collect=True):
        """One line to the device's serial console, with the free heap (where
        there is one; tools and tests read it): after a collection, so it is
        what the game really holds, unless `collect` is False (then it
        includes garbage not yet collected)."""
        if self.hal.log is not None:
            free = getattr(gc, "mem_free", None)
            if free is not None and collect:
                gc.collect()
            self.hal.log(text if free is None else "%s free=%d" % (text, free()))

    def beep(self, notes):
        self.hal.sound.play(notes, self.now())

    def tell(self, text, ms=2500, after=0):
        """Show a notice in the top rows for `ms`, or as long as it takes
        to scroll through once and be read; `after` ms from now. The next
        button press clears it (and only that: see step). Returns the
        notice, for untell."""
        start = self.now() + after
        self.notice = (text, start, start + max(ms, gfx.marquee_ms(text) + 800))
        # Its text drawn once, moved each frame (else drawn as a marquee).
        self._strip = None
        try:
            self._strip = gfx.strip(self.hal.display, 0, text, palette.ACCENT)
        except MemoryError:
            pass
        self._strip_of = self.notice
        return self.notice

    def untell(self, notice):
        """Take `notice` (what tell returned) off, if it is still there."""
        if notice is not None and self.notice is notice:
            self.notice = None

    def noticing(self, now):
        """True while a notice is on screen."""
        return self.notice is not None and self.notice[1] <= now < self.notice[2]

    def swallow_held(self):
        """Buttons held now act no more until pressed anew: the press that
        changed what is shown must not act again on what comes next (its
        CLICK or REPEAT arrives later). A hold stays a hold: its LONG and
        RELEASE still arrive, so holding B pauses and letting go of A ends
        the look view whenever the hold began."""
        self._swallow = self.hal.buttons.stable

    def goto(self, screen):
        self.swallow_held()
        self.screen = screen
        self.dirty = True
        self._misses = self._rest = 0
        gc.collect()
        screen.enter(self, self.now())

    # Screens move between each other through these: the app imports a
    # screen as it is first shown, so no screen imports another (the menu,
    # the play and the end screen would import each other in a circle) and
    # boot loads only what it shows.
    def goto_menu(self, saved=None):
        """The menu; `saved`: a parked game it offers to resume."""
        from firmware.menu import Menu
        self.goto(Menu(saved=saved))

    def goto_play(self, session, ui=None):
        """The play screen of `session` (its game's modules load here);
        `ui`: the game's screens already showing it (from the end screen)."""
        from firmware.play import PlayScreen
        self._stats = None
        # The menu after this game offers it again (a game resumed at boot,
        # or started by a tool, would leave the menu on another).
        self.settings.game = session.game
        for name in MENU_ONLY:
            registry.release(name)
        self.goto(PlayScreen(session, ui))

    def goto_end(self, session, ui):
        """The end screen of a finished game."""
        from firmware.end import EndScreen
        self.goto(EndScreen(session, ui))

    def autosave(self, session, where=saves.PLAYING):
        """Save the game after a move; a failing flash must not stop play."""
        if not saves.save_game(self.hal.storage, session, where):
            self.tell("NO SAVE")
        else:
            self.log("saved %s moves=%d" % (session.game, session.ply), collect=False)

    def game_over(self, session):
        """Count a finished game (once: not again after playing on for the
        places, nor after a restart on its end screen) and keep its save
        marked ended, so a restart before the end screen's A shows the
        result again (the end screen forgets it)."""
        if not session.state.played_on() and not session.counted:
            self.stats.record(session.game, session.seats, session.state.winners())
            try:
                self.stats.save(self.hal.storage)
            except (OSError, MemoryError):
                self.tell("NO SAVE")
            self.log("over %s moves=%d winners=%s" % (
                session.game, session.ply, ",".join("P%d" % (w + 1) for w in session.state.winners())))
        session.counted = True
        self.autosave(session, saves.ENDED)

    # The loop ----------------------------------------------------------------
    def step(self):
        """One iteration: buttons, tick, draw, show if changed, sound."""
        # Each part is a call of its own, with few locals: MicroPython gives
        # a bigger call frame a place on the heap (see _heap_lock), and
        # finding one in a loaded game's heap cost a step that draws nothing
        # about 1 ms of its 1.5-2 on the emulated Pico.
        hal = self.hal
        now = hal.clock.now()
        events = hal.buttons.events(now)
        if events:
            self._route(events, now)
        self.screen.tick(now)
        now = hal.clock.now()
        whole = self._to_draw(now)
        if whole:
            self._compose(whole, now)
        self._show()
        hal.sound.update(now)
        if hal.watchdog is not None:
            hal.watchdog.feed()

    def _route(self, events, now):
        """Button events to the screen (or to clearing a notice)."""
        for ev in events:
            self.dirty = True
            bit = 1 << (ev & 15)
            kind = ev >> 4
            if self._swallow & bit:
                if kind == B.CLICK or kind == B.REPEAT:
                    continue
                if kind == B.PRESS:
                    self._swallow &= ~bit  # pressed anew: the button is free again
            if kind == B.PRESS and self.noticing(now):
                # A notice covers the top rows: a press clears it and does
                # nothing else, so no one acts on a screen they cannot see
                # whole. (Its hold still pauses or looks.)
                self.notice = None
                self._swallow |= bit
                continue
            self.screen.button(ev, now)

    def _compose(self, whole, now):
        """Draw what _to_draw asked for, locked where the port can."""
        d = self.hal.display
        if _heap_lock is None:
            self._draw(d, now, whole)
        elif self._rest:
            self._rest -= 1
            self._draw(d, now, whole)
        elif not self._locked_draw(d, now, whole):
            self.unlocked_frames += 1
            self._misses += 1
            if self._misses >= LOCK_MISSES:
                self._misses = 0
                self._rest = LOCK_REST
            self._draw(d, now, whole)
        else:
            self._misses = 0

    def _show(self):
        """Send the frame if it differs from the last one sent."""
        d = self.hal.display
        if self.stale or d.buf != self._shown:
            d.show()
            self._shown[:] = d.buf
            self.stale = False

    def _to_draw(self, now):
        """What this step draws: WHOLE (the screen and any notice over it),
        BAND (only the notice: it covers its rows whole, so drawing it over
        the last frame gives what drawing both would) or 0 (the last frame
        is still right)."""
        notice = self.notice
        if notice is not None and now >= notice[2]:
            self.notice = notice = None
        # A screen that was not still when last drawn may have changed since
        # without telling (its tick moved on).
        was, self._still = self._still, self.screen.still(now)
        if (self.dirty or self.stale or now >= self._due or notice is not self._drawn_notice
                or not was or not self._still):
            return WHOLE
        if notice is not None and now >= self._notice_due:
            return BAND
        return 0

    def _draw(self, d, now, whole=WHOLE):
        """Draw the screen (unless `whole` is BAND), and a notice over it,
        keeping when each may look different next."""
        if whole == WHOLE:
            gfx.watch(now)
            d.fill(0)
            self.screen.draw(d, now)
            self._due = gfx.due()
            self.dirty = False
        notice = self._drawn_notice = self.notice
        if notice is None:
            self._strip = self._strip_of = None
        else:
            gfx.watch(now)
            self._draw_notice(d, now, notice)
            self._notice_due = gfx.due()

    def _locked_draw(self, d, now, whole):
        """_draw with the heap locked; False if it had to allocate (or failed
        otherwise: it is drawn again unlocked, where an error shows as
        itself). Drawing changes only the display's pixels (and what the
        app keeps of when to draw next), so a second draw is safe; the LED
        stage locks its own render (hal/pipeline.py, LedDisplay.show)."""
        _heap_lock()
        try:
            self._draw(d, now, whole)
            return True
        except Exception:
            return False
        finally:
            _heap_unlock()

    def _draw_notice(self, d, now, notice):
        text, since, until = notice
        if gfx.before(now, since):
            return
        # Rows 0-5, the text on 0-4: the rows below stay as the screen drew
        # them (a pass screen's tag starts on row 6).
        if self._strip is not None and self._strip_of is notice:
            d.rect(0, 5, 16, 1, palette.BLACK)
            gfx.show_strip(self._strip, now, since)  # rows 0-4 whole
        else:
            d.rect(0, 0, 16, 6, palette.BLACK)
            gfx.marquee(d, 0, text, palette.ACCENT, now, since=since)  # from its start

    def frame(self):
        """One step of the loop; returns the milliseconds to wait before the
        next (FRAME_MS from this one's start; 0 or less: due now). A host
        that cannot block (the web page) calls this from its own timer."""
        clock = self.hal.clock
        start = clock.now()
        self.step()
        return FRAME_MS - (clock.now() - start)

    def run(self):
        """Loop until `running` is cleared (never, on a device)."""
        clock = self.hal.clock
        while self.running:
            rest = self.frame()
            if rest > 0:
                clock.sleep_ms(rest)
