"""Render docs/benchmarks.md from the figures of tools/bench."""

# Fuel a computer-player move may cost inside MicroPython (median of a
# whole game): `normal` by platform.md; `hard` ours, about 2 s on an RP2040
# (tools/bench's calibration), so no one waits long for a computer.
BUDGET = {"normal": 50000000, "hard": 300000000}


def _fmt(n):
    if n is None:
        return "-"
    if isinstance(n, float):
        return "%.1f" % n
    return "{:,}".format(n)


_TITLES = {"toncc": "Tóncc"}  # else the registry's title, capitalised
_TURN_NOTES = {"tomoe": " (tiles breathing)"}


def _game_cases():
    """Two rows per registered game: a person's turn, a new screen a frame."""
    from engines_core import registry
    out = []
    for name in registry.NAMES:
        title = _TITLES.get(name) or registry.title(name).capitalize()
        out.append((name, "%s, a person's turn%s" % (title, _TURN_NOTES.get(name, ""))))
        out.append((name + "_new", "%s, a new screen every frame" % title))
    return tuple(out)


PIPELINE_CASES = (
    ("game", "a Tomoko turn, frame after frame (the cursor blinks)"),
    ("game_new", "the Tomoko turn, a new screen every frame"),
    ("game_dim_changes", "the Tomoko turn, one dim LED changing hue every frame"),
) + _game_cases() + (
    ("busy", "all 256 LEDs lit, varied colours, limited to 500 mA, new every frame"),
    ("busy_unlimited", "the same frames on a budget they fit in"),
    ("dim", "200 dim LEDs at 10% brightness, new every frame"),
    ("busy_pure", "`busy` on the plain-Python path (CircuitPython, Blinka)"),
)


def _pipeline(p, wire_ms, w):
    """The LED output stage table (tools/bench_frame.py)."""
    if not p:
        return
    if "error" in p:
        w("The LED output stage could not be measured: %s" % p["error"])
        w("")
        return
    w("The LED output stage (`hal/pipeline.py`: wiring map, gamma, brightness and")
    w("current limit, GRB wire bytes) on the Pico's board definition, one render per")
    w("frame, measured by `python -m tools.bench_frame` (the cases are described in")
    w("its docstring). The wire itself takes %.1f ms for 256 LEDs. On a Pico the frame" % wire_ms)
    w("goes out through PIO fed by DMA (`hal/rp2_pixels.py`): `show()` renders, starts")
    w("the transfer and returns, so the next frame is composed while the wire runs.")
    w("With the bit-banged `neopixel` it falls back to (and MicroPython's `neopixel`")
    w("on an ESP32-S3, which waits for its RMT transfer) the write holds the firmware")
    w("for the wire's time after the stage, on rp2 with interrupts off: see")
    w("\"The LED write on a Pico\" below.")
    w("")
    w("| Case | Fuel per render | RP2040 ms | Current after limit |")
    w("| --- | --- | --- | --- |")
    cases = p.get("cases", {})
    for name, what in PIPELINE_CASES:
        c = cases.get(name)
        if c is None:
            continue
        if "error" in c:
            w("| %s | error: %s | | |" % (what, c["error"]))
            continue
        w("| %s | %s | %s ms | %d mA%s |" % (what, _fmt(c["fuel"]), _fmt(c["rp2040_ms"]), c["ma"],
                                            " (limited)" if c["limited"] else ""))
    w("")


LEDS_JSON = "pico-leds.json"  # python -m tools.bench_leds --out docs/pico-leds.json


def _led_paths(leds, w):
    """The frame period on each LED path of the emulated Pico (tools/bench_leds.py)."""
    if not leds:
        return
    w("### The LED write on a Pico")
    w("")
    w("Measured on the emulated Pico (official MicroPython v1.27.0, the project")
    w("flashed with `./tools/flash`) by `python -m tools.bench_leds`: `App.step()` of")
    w("a person's turn timed with `time.ticks_us` on the device, 200 steps 30 ms")
    w("apart, on each path. A step that sends a frame pays for the output stage and")
    w("the write; on the bit-banged path the write is the whole 7.68 ms of wire")
    w("(interrupts off), through PIO and DMA it is a 768-byte copy and starting the")
    w("channel, and a `show()` waits only if the last frame is still on the wire or")
    w("in its 300 us latch gap. The emulator runs the PIO and DMA on the emulated")
    w("clock (the frame takes its real 7.68 ms there too) but, like every emulated")
    w("figure, charges no XIP cache misses: a real RP2040 is this slow or slower.")
    w("")
    w("| Game | Path | Steps that sent a frame | median | max | Other steps, median |")
    w("| --- | --- | --- | --- | --- | --- |")
    names = {"pio": "PIO + DMA", "neopixel": "bit-banged neopixel"}
    for game, paths in leds.items():
        for path in ("pio", "neopixel"):
            row = paths.get(path)
            if not row:
                continue
            a, q = row["shown_us"], row["quiet_us"]
            w("| %s | %s | %d of %d | %.1f ms | %.1f ms | %.1f ms |" % (
                game, names[path], a["n"], a["n"] + q["n"], a["median"] / 1e3, a["max"] / 1e3,
                q["median"] / 1e3))
    w("")


def _load_leds():
    import json
    import os
    path = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "docs",
                        LEDS_JSON)
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return json.load(f)


def _summary(r, w):
    """The headline figures, worked out from the tables below."""
    games = r["games"]
    ok = [x for x in games.values() if "error" not in x["fuel"]["normal"]]
    if not ok:
        return
    w("## In short")
    w("")
    normal = max(x["fuel"]["normal"]["median"] for x in ok)
    w("- A `normal` move costs at most %s million fuel (median, the dearest game), "
      "%d%% of the 50-million budget." % (_fmt(round(normal / 1e6, 1)), 100 * normal // BUDGET["normal"]))
    hard = [x["fuel"]["hard"] for x in ok if "error" not in x["fuel"]["hard"]]
    if hard:
        w("- A `hard` move: at most %s s on an RP2040 (median), %s s (95th percentile), "
          "in the dearest game." % (_fmt(round(max(h["rp2040_ms_median"] for h in hard) / 1000, 1)),
                                    _fmt(round(max(h["rp2040_ms_p95"] for h in hard) / 1000, 1))))
    heaps = [x["heap_firmware_kb"] for x in games.values() if x["heap_firmware_kb"]]
    engines = [x["heap_engine_kb"] for x in games.values() if x["heap_engine_kb"]]
    if heaps and engines:
        w("- Memory: every engine with its computer players plays a whole game in %d KB of "
          "heap or less; the whole firmware in %d KB (an RP2040 has about 233 KB free)." % (
              max(engines), max(heaps)))
    p = r.get("pipeline") or {}
    cases = p.get("cases", {})
    turns = [cases[g]["rp2040_ms"] for g in games if "rp2040_ms" in cases.get(g, {})]
    news = [cases[g + "_new"]["rp2040_ms"] for g in games if "rp2040_ms" in cases.get(g + "_new", {})]
    if turns and news:
        w("- The LED output stage: %s-%s ms a frame in a person's turn, %s-%s ms for a "
          "whole new screen, against %.1f ms on the wire." % (
              _fmt(min(turns)), _fmt(max(turns)), _fmt(min(news)), _fmt(max(news)), r["wire_ms_16x16"]))
    ups = [x["startup"] for x in games.values() if "boot_fuel" in x.get("startup", {})]
    if ups:
        w("- Power-on to the menu: %d ms on an RP2040; opening a game: %d-%d ms." % (
            max(u["boot_rp2040_ms"] for u in ups), min(u["open_rp2040_ms"] for u in ups),
            max(u["open_rp2040_ms"] for u in ups)))
    rates = [(g, d) for g, x in games.items() for d in x["win_rates"]
             if (d["a"], d["b"]) == ("normal", "random")]
    if rates:
        w("- `normal` against `random`: %s." % ", ".join(
            "%s %.0f%% of %d games" % (g, 100 * d["a_rate"], d["games"]) for g, d in rates))
    w("")


def render(r):
    cal = r["calibration"]
    m = r["machine"]
    out = []
    w = out.append
    w("# Benchmarks")
    w("")
    w("Generated by `python -m tools.bench --write-doc` (the raw figures are in")
    w("[benchmarks.json](benchmarks.json)). Everything measured inside MicroPython is")
    w("counted in *fuel*: WebAssembly instructions executed by MicroPython 1.27 in")
    w("wasmtime (`tools/mpy_runtime.py`). Fuel is exact and repeatable on a busy")
    w("machine, unlike wall time. Win rates come from seeded games in CPython, which")
    w("are move for move the games the device plays (integer-only engines; a test")
    w("compares CPython and MicroPython).")
    w("")
    w("**Calibration.** %s Measured here: F = %s fuel, so 1 million fuel is about" % (
        cal["note"], _fmt(int(round(cal["fuel_per_loop"])))))
    w("%.1f ms on an RP2040 (about %.1f ms on an ESP32-S3). These are estimates: real" % (
        cal["rp2040_us_per_mfuel"] / 1000, cal["rp2040_us_per_mfuel"] / 1000 * 3.4 / 7.98))
    w("code mixes bytecodes differently from the calibration loop.")
    if "gc_safe_factor" in cal:
        w("")
        w("**Which fuel.** Every figure is counted in the GC-safe build of the runtime")
        w("(`tools/wasm_patch.py` spills pointers to the shadow stack so the garbage")
        w("collector sees them). That costs %s times the fuel of the package's original" % cal["gc_safe_factor"])
        w("build for the same code (the loop: %s fuel against %s; a method call that" % (
            _fmt(int(round(cal["fuel_per_loop"]))), _fmt(int(round(cal["fuel_per_loop_original"])))))
        w("sets a pixel costs about the same ratio), the build in which the team's")
        w("platform notes (`shared/design/platform.md`, beside this repository) state")
        w("856 fuel per loop and the 50-million budget of a `normal` move. The")
        w("budget is checked here against the GC-safe counts, so with a margin of that")
        w("factor; the RP2040 times use this build's own calibration, so they hold.")
    w("")
    w("**Machine.** Python %s on %s, %s CPUs; MicroPython %s." % (
        m["python"], m["platform"], m["cpus"], m["micropython"]))
    w("")
    games = r["games"]
    _summary(r, w)

    w("## Memory: the smallest MicroPython heap that finishes a whole game")
    w("")
    w("Bisected with `python -m tools.mpy_check --game NAME --heap N` (engine and")
    w("computer players from the `.mpy` bundle, all seats `normal`) and with the")
    w("firmware driven from the menu to the end screen (menu, screens, font, saves,")
    w("all seats `normal` computer players, at full effort: a search that runs out")
    w("of memory ends the run, where the device would retry it with less effort).")
    w("Near the limit a game may fit in one size and not in the next, as garbage")
    w("collections happen to fall, so the figure is the smallest size from which")
    w("it and the three sizes above it (4 KB apart for the engine, 8 KB for the")
    w("firmware) all finish. Free heap after boot: ~233 KB on an RP2040, 171-179 KB")
    w("under CircuitPython.")
    w("")
    w("Playing every game in turn in one boot needs more than the largest figure")
    w("below: MicroPython keeps the names of every module it has loaded (its qstr")
    w("pools grew from 9 to 30 KB over the four games) in blocks that are never")
    w("freed and end up between the next game's modules. To keep large blocks free,")
    w("the firmware loads a game's computer players as the game starts, not at its")
    w("first computer move, and the Tomoko and Tomoe players no longer allocate a")
    w("large table every move. When a game still does not fit, the board restarts")
    w("into a clean heap and starts it there (`firmware/launch.py`):")
    w("`tests/test_mpy.py` plays all four games in turn through the menu in 128 KB")
    w("(one restart, before the second game) and in 160 KB (none). Modules frozen")
    w("into a custom MicroPython build would avoid the restart altogether.")
    w("")
    w("| Game | Engine + computer players | Firmware with its screens |")
    w("| --- | --- | --- |")
    for g, x in games.items():
        w("| %s | %s KB | %s KB |" % (g, _fmt(x["heap_engine_kb"]), _fmt(x["heap_firmware_kb"])))
    w("")

    w("## Computer-player moves: fuel per move inside MicroPython")
    w("")
    w("All seats at one level, whole games (`mpy_check --seats ai:LEVEL,...`); a move")
    w("includes applying it. Budgets (median): a `normal` move at most 50 million fuel")
    w("(platform.md), a `hard` move at most 300 million (ours: about 2 s on an RP2040).")
    w("")
    w("| Game | Level | Moves | Median fuel | 95th pct fuel | RP2040 median | RP2040 95th pct |")
    w("| --- | --- | --- | --- | --- | --- | --- |")
    for g, x in games.items():
        for level in ("easy", "normal", "hard"):
            f = x["fuel"][level]
            if "error" in f:
                w("| %s | %s | error: %s | | | | |" % (g, level, f["error"]))
                continue
            mark = ""
            if level in BUDGET:
                mark = " (within budget)" if f["median"] <= BUDGET[level] else " (OVER BUDGET)"
            w("| %s | %s | %d | %s%s | %s | %s ms | %s ms |" % (
                g, level, f["moves"], _fmt(f["median"]), mark, _fmt(f["p95"]),
                _fmt(f["rp2040_ms_median"]), _fmt(f["rp2040_ms_p95"])))
    w("")

    w("## Frames")
    w("")
    _pipeline(r.get("pipeline"), r["wire_ms_16x16"], w)
    w("Drawing a game screen, before the output stage: one main-loop frame with a")
    w("game on screen (poll the buttons, tick, clear and draw the 16x16 screen,")
    w("compare with the last frame), in a person's turn. The firmware draws and")
    w("shows only when something changed: a blink, a move, a pressed button.")
    w("")
    w("| Game | Draw fuel per frame | RP2040 ms |")
    w("| --- | --- | --- |")
    for g, x in games.items():
        f = x["frame"]
        if "error" in f:
            w("| %s | error: %s | |" % (g, f["error"]))
        else:
            w("| %s | %s | %s ms |" % (g, _fmt(f["draw_fuel"]), _fmt(f["draw_rp2040_ms"])))
    w("")
    _led_paths(r.get("pico_leds") or _load_leds(), w)

    w("## Start-up")
    w("")
    w("Power-on to the menu on the LEDs: importing the firmware from the `.mpy`")
    w("bundle, reading the settings and statistics, drawing and showing the first")
    w("frame. Opening a game: from the frame that shows A pressed (the menu answers")
    w("a press at once) to the game's first screen on the LEDs, its engine, screens")
    w("and computer players loaded, seats as the menu offers them. Reading files")
    w("from a board's flash is not in the count (the runtime reads them from the")
    w("host), so a board takes somewhat longer.")
    w("")
    w("| Game | Power-on to the menu | Opening the game |")
    w("| --- | --- | --- |")
    for g, x in games.items():
        f = x.get("startup", {"error": "not measured"})
        if "error" in f:
            w("| %s | error: %s | |" % (g, f["error"]))
        else:
            w("| %s | %s fuel, %s ms | %s fuel, %s ms |" % (
                g, _fmt(f["boot_fuel"]), _fmt(f["boot_rp2040_ms"]),
                _fmt(f["open_fuel"]), _fmt(f["open_rp2040_ms"])))
    w("")

    w("## Engine speed in CPython, and state size")
    w("")
    w("Uniformly random legal actions from the start to the end of a game (one")
    w("core), and the size of `serialize()` sampled along the way.")
    w("")
    w("| Game | Random playouts / s | Actions / s | State bytes (median) | State bytes (max) |")
    w("| --- | --- | --- | --- | --- |")
    for g, x in games.items():
        s = x["speed"]
        w("| %s | %s | %s | %s | %s |" % (g, _fmt(s["playouts_per_s"]), _fmt(s["actions_per_s"]),
                                          _fmt(s["state_bytes_median"]), _fmt(s["state_bytes_max"])))
    w("")

    w("## Strength")
    w("")
    w("`python -m tools.duel`: level A takes one seat, rotating over the seats with the")
    w("seed, level B every other seat (minimum player count of the game). A win shared")
    w("with a B seat is counted as shared. Seeds 0 to N-1. With three or more players")
    w("the B seats' wins add up, so a fair share for A is 1/players; *head to head*")
    w("compares the A seat with each B seat of every game: how often A finished ahead")
    w("of it (a winner is ahead of a non-winner, else the higher final score) and how")
    w("often behind.")
    w("")
    w("| Game | Players | A | B | Games | A wins | B wins | Shared | A win rate | Fair share "
      "| Head to head: A ahead / behind |")
    w("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for g, x in games.items():
        for d in x["win_rates"]:
            h2h = "%d / %d of %d" % (d["a_ahead"], d["b_ahead"], d["pairs"]) \
                if "pairs" in d else "-"
            w("| %s | %d | %s | %s | %d | %d | %d | %d | %.1f%% | %.1f%% | %s |" % (
                g, d["players"], d["a"], d["b"], d["games"], d["a_wins"], d["b_wins"],
                d["draws"], 100 * d["a_rate"], 100.0 / d["players"], h2h))
    w("")
    if r.get("quick"):
        w("*(A quick run: tiny counts, not meaningful.)*")
        w("")
    return "\n".join(out)
