"""Render docs/benchmarks.md from the figures of tools/bench."""

from tools.fuel import BUDGET
from tools.bench_stats import wilson

# Free heap after boot, in KB, as sources give it: (board, low, high, source).
BOARDS = (
    ("RP2040, MicroPython (Pico)", 233, 240,
     "the official v1.27.0 on the emulated Pico: a 240 KB GC heap, in use and free "
     "together at the menu (`tools/bench_pico.py`, below), of which MicroPython itself "
     "holds a few KB after boot; 233 KB free after boot on 1.23 in the team's platform "
     "notes. Since 1.20 the GC heap is all of the 256 KB of main RAM past .bss and the "
     "C heap (ports/rp2/memmap_mp_rp2040.ld, micropython/micropython#10968); a Pico W's "
     "Wi-Fi driver takes some of it"),
    ("RP2040, CircuitPython (Feather RP2040)", 171, 179,
     "the team's platform notes; a Pico W under CircuitPython 9.0 has 126 KB at "
     "start, 152 KB under 8.0.5 (adafruit/circuitpython#9085)"),
    ("ESP32-S3, MicroPython, no PSRAM", 267, 267,
     "gc.mem_free() 267,120 after gc.collect() on 1.23 "
     "(PIBSAS/MicroPython_ESP32-S3-WROOM-1-N16R8_with_SmartConfig#1)"),
    ("ESP32-S3, MicroPython, 8 MB PSRAM", 4096, 8192,
     "gc.mem_free() 8,192,976 on 1.20 with ESP-IDF 4.4, 4,254,384 with ESP-IDF 5 "
     "(micropython/micropython#11853)"),
)

# A section measured elsewhere (the lead's emulated Pico, real firmware), put
# in as written when this file exists; otherwise a marker stands in its place.
PICO_SECTION = "benchmarks-pico.md"
PICO_MARKER = "<!-- emulated Pico: write docs/%s and run the generator again -->" % PICO_SECTION
# The same for the web page in a headless Chromium (python -m tools.bench_web).
WEB_SECTION = "benchmarks-web.md"
WEB_MARKER = "<!-- web page: write docs/%s and run the generator again -->" % WEB_SECTION
# And the heap module by module (python -m tools.bench_modules --markdown).
MODULES_SECTION = "benchmarks-modules.md"
MODULES_MARKER = "<!-- modules: write docs/%s and run the generator again -->" % MODULES_SECTION
# What changed since the figures were measured, written by hand (measured
# with other tools or not yet): put in after the commit, as written. Written
# into the generated page, it would be lost at the next run.
SINCE_SECTION = "benchmarks-since.md"


def _fmt(n):
    if n is None:
        return "-"
    if isinstance(n, float):
        return "%.1f" % n
    return "{:,}".format(n)


_TITLES = {"toncc": "Tóncc"}  # else the registry's title, capitalised


def _title(name):
    """A game's name as the page writes it."""
    from engines_core import registry
    return _TITLES.get(name) or registry.title(name).capitalize()
_TURN_NOTES = {"tomoe": " (tiles breathing)"}


def _game_cases():
    """Two rows per registered game: a person's turn, a new screen a frame."""
    from engines_core import registry
    out = []
    for name in registry.NAMES:
        title = _title(name)
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


def _kb(h):
    return h.get("kb") if h and "error" not in h else None


def _device_kb(h):
    """The device path's figure less what the fake pin modules took."""
    if _kb(h) is None:
        return None
    return h["kb"] - (h.get("fakes_bytes") or 0) // 1024


def _worst(games, kind):
    """(KB, game, level) of the largest heap figure of `kind`."""
    best = None
    for g, x in games.items():
        for level, h in x["heap"][kind].items():
            kb = _device_kb(h) if kind == "device" else _kb(h)
            if kb is not None and (best is None or kb > best[0]):
                best = (kb, g, level)
    return best


LEDS_JSON = "pico-leds.json"  # python -m tools.bench_leds --out docs/pico-leds.json


def _led_paths(leds, w):
    """The frame period on each LED path of the emulated Pico (tools/bench_leds.py)."""
    if not leds:
        return
    w("### The LED write on a Pico")
    w("")
    w("Measured on the emulated Pico (official MicroPython v1.27.0, the project")
    seeds = max((row.get("seeds") or [0] for paths in leds.values() for row in paths.values()),
                key=len)
    many = len(seeds) > 1
    w("flashed with `./tools/flash`) by `python -m tools.bench_leds%s`: `App.step()` of"
      % (" --seeds %d" % len(seeds) if many else ""))
    w("a person's turn timed with `time.ticks_us` on the device, 200 steps 30 ms")
    w("apart, on each path%s. A step that sends a frame pays for the output stage and"
      % (", in each of %d games (seeds %d-%d), pooled" % (len(seeds), seeds[0], seeds[-1])
         if many else ""))
    w("the write; on the bit-banged path the write is the whole 7.68 ms of wire")
    w("(interrupts off), through PIO and DMA it is a 768-byte copy and starting the")
    w("channel, and a `show()` waits only if the last frame is still on the wire or")
    w("in its 300 us latch gap. The emulator runs the PIO and DMA on the emulated")
    w("clock (the frame takes its real 7.68 ms there too) but, like every emulated")
    w("figure, charges no XIP cache misses: a real RP2040 is this slow or slower.")
    w("")
    w("A person's first turns begin with the guided game's hint over the top rows")
    w("(a notice, scrolling): the steps under it are counted apart. \"Drawn again")
    w("unlocked\": steps whose drawing allocated under MicroPython's heap lock")
    w("(firmware/app.py) and was done again.")
    w("")
    w("| Game | Path | Steps that sent a frame | median | max | Other steps, median / max "
      "| Under a notice: sent, median / max | Drawn again unlocked |")
    w("| --- | --- | --- | --- | --- | --- | --- | --- |")
    names = {"pio": "PIO + DMA", "neopixel": "bit-banged neopixel"}
    for game, paths in leds.items():
        for path in ("pio", "neopixel"):
            row = paths.get(path)
            if not row:
                continue
            a, q = row["shown_us"], row["quiet_us"]
            na = row.get("notice_shown_us")
            told = "%d: %.1f / %.1f ms" % (na["n"], na["median"] / 1e3, na["max"] / 1e3) \
                if na and na["n"] else "-"
            w("| %s | %s | %d of %d | %.1f ms | %.1f ms | %.1f / %.1f ms | %s | %s |" % (
                game, names[path], a["n"], a["n"] + q["n"], a["median"] / 1e3, a["max"] / 1e3,
                q["median"] / 1e3, q["max"] / 1e3, told, row.get("unlocked", "-")))
    w("")


def _load_leds():
    return _load_json(LEDS_JSON)


TOMOE_TOTALS_JSON = "tomoe-totals.json"  # python -m tools.bench_tomoe_totals --out docs/...


def _tomoe_totals(totals, w):
    """Tomoe's final totals against the rulebook's (tools/bench_tomoe_totals.py)."""
    if not totals:
        return
    from tools import bench_tomoe_totals
    w("## Tomoe: final totals against the rulebook")
    w("")
    bench_tomoe_totals.markdown(totals, w)


def _load_json(name):
    import json
    import os
    path = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "docs",
                        name)
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return json.load(f)


def _summary(r, w):
    """The headline figures, worked out from the tables below."""
    games = r["games"]
    ok = [x for x in games.values() if "error" not in x["fuel"].get("normal", {"error": 1})]
    if not ok:
        return
    w("## In short")
    w("")
    normal = max(x["fuel"]["normal"]["p95"] for x in ok)
    w("- A `normal` move costs at most %s million fuel at the 95th percentile (the dearest "
      "game), %d%% of the 50-million budget." % (_fmt(round(normal / 1e6, 1)),
                                                  100 * normal // BUDGET["normal"]))
    hard = [(g, x["fuel"]["hard"]) for g, x in games.items() if "error" not in x["fuel"]["hard"]]
    if hard:
        over = [(g, f) for g, f in hard if f["p95"] > BUDGET["hard"] or f["max"] > BUDGET["hard"]]
        g, f = max(hard, key=lambda gf: gf[1]["p95"])
        w("- A `hard` move in the dearest game (%s): median %s s on an RP2040, 95th "
          "percentile %s s, longest %s s." % (
              g, _fmt(round(f["rp2040_ms_median"] / 1000, 1)),
              _fmt(round(f["rp2040_ms_p95"] / 1000, 1)), _fmt(round(f["rp2040_ms_max"] / 1000, 1))))
        if over:
            w("  **Over the 300-million budget:** %s." % "; ".join(
                "%s: %.0f%% of moves, 95th percentile %s M, longest %s M" % (
                    g, 100 * f["over_share"], _fmt(f["p95"] // 10 ** 6), _fmt(f["max"] // 10 ** 6))
                for g, f in over))
        else:
            w("  Every `hard` move measured is within the 300-million budget.")
    for kind, what in (("engine", "an engine with its computer players"),
                       ("firmware", "the firmware in the test harness"),
                       ("device", "the firmware as a Pico boots it (device path)")):
        worst = _worst(games, kind)
        if worst:
            w("- Memory, %s: at most %d KB (%s, `%s` seats, the worst of %d seeds)." % (
                what, worst[0], worst[1], worst[2],
                len(games[worst[1]]["heap"][kind][worst[2]]["seeds"])))
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
             if (d["a"], d["b"]) == ("normal", "random") and "error" not in d]
    if rates:
        w("- `normal` against `random`: %s." % ", ".join(
            "%s %.0f%% of %d games" % (g, 100 * d["a_rate"], d["games"]) for g, d in rates))
    w("")


def _ci(pair, scale=1, fmt="%s-%s"):
    return fmt % (_fmt(int(pair[0] // scale)), _fmt(int(pair[1] // scale)))


def _heap_cell(h, device=False):
    if h and "skipped" in h:
        return "-"
    if not h or "error" in h:
        return "error: %s" % (h or {}).get("error", "not measured")
    kb = _device_kb(h) if device else h["kb"]
    cell = "%d KB (seed %d)" % (kb, h["worst_seed"])
    if device and h.get("fakes_bytes"):
        cell = "%d KB (seed %d; %d KB with the fakes)" % (kb, h["worst_seed"], h["kb"])
    fails = {}
    for seed, passed, failed in h.get("non_monotone", ()):
        fails.setdefault((seed, passed), []).append(failed)
    for (seed, passed), failed in sorted(fails.items()):
        cell += "; seed %d finishes in %d KB but not in %s KB" % (
            seed, passed, " or ".join(str(f) for f in sorted(failed)))
    return cell


def _memory(r, w, docs):
    games = r["games"]
    c = r.get("counts", {})
    seeds = c.get("heap_seeds", ["?", "?", "?"])
    fw = c.get("firmware_seeds", seeds)
    w("## Memory: the smallest MicroPython heap that finishes a whole game")
    w("")
    w("Three ways of running a whole computer-versus-computer game, for every seat "
      "`normal`, then every seat `hard` (`tools/bench_heap.py`), on seeds the tests do "
      "not use:")
    w("")
    w("- *engine*: `python -m tools.mpy_check --game NAME --heap N --seed S`: the engine")
    w("  and its computer players from the `.mpy` bundle, nothing else; %s seeds (%s-%s);" % (
        seeds[2], seeds[0], seeds[1]))
    w("- *harness*: the firmware driven from the menu to the end screen and back, in the")
    w("  tests' hal (in-memory display, fake clock): menu, screens, font, saves; %s seeds" %
      fw[2])
    w("  (%s-%s);" % (fw[0], fw[1]))
    w("- *device*: the same, booted the way a Pico boots it: `device/start.py` on the Pico's")
    w("  board definition with its LED output stage, pin-sampled buttons, buzzer, watchdog")
    w("  and timer, on the fake `machine`, `neopixel` and `time` modules of")
    w("  `tests/fakes/micropython` (compiled to `.mpy`, the neopixel fake keeping no copy of")
    w("  what it sends). A board has those modules built in, so the figure leaves out the")
    w("  heap the fakes took (measured in the same run). Measured with `hard` seats, whose")
    w("  searches need the most, for the %s seeds that needed the most in the harness." %
      c.get("device_seeds", "?"))
    w("")
    w("Computer players search at full effort: a search that runs out of memory ends")
    w("the run, where the device would retry it with less effort. Sizes are tried")
    w("1 KB apart. The first seeds (three for the engine, one for the firmware,")
    w("whose runs cost ten times as much) are measured exactly: bisected, then the")
    w("three sizes above the answer must finish too, else the search goes on above")
    w("the failure. Every other seed is run at the largest minimum so far and")
    w("measured exactly only if it fails there. The figure is the worst seed's")
    w("minimum, raised until every seed finishes at it. Near the limit garbage")
    w("collections fall differently at each size, so a game can fail one size above")
    w("one it finished in: every such pair seen is listed. With n seeds, a new seed")
    w("needs more than the worst of them about once in n+1 (the chance that the")
    w("largest of n+1 draws is the new one): once in %s for the engine, once in %s" % (
        seeds[2] + 1 if isinstance(seeds[2], int) else "?",
        fw[2] + 1 if isinstance(fw[2], int) else "?"))
    w("for the firmware.")
    w("")
    w("| Game | Seats | Engine + computer players | Firmware, harness | Firmware, device path |")
    w("| --- | --- | --- | --- | --- |")
    for g, x in games.items():
        for level in ("normal", "hard"):
            hp = x["heap"]
            w("| %s | %s | %s | %s | %s |" % (
                g, level, _heap_cell(hp["engine"].get(level)),
                _heap_cell(hp["firmware"].get(level)),
                _heap_cell(hp["device"].get(level), device=True)))
    w("")
    w("The device path needs more than the harness: the board's own modules")
    w("(`device/start.py`, `boards`, the MicroPython hal backend, the LED output")
    w("stage with its tables, the watchdog and button timer) are bytecode in the")
    w("heap too, as the firmware's are.")
    w("")
    w("### Which boards it fits")
    w("")
    w("Free heap after boot, from the sources named, against the device-path figure")
    w("of each game (`hard` seats), with the margin")
    w("at each end of the board's range. The device path measured is the MicroPython")
    w("Pico's; under CircuitPython the hal backend differs (Adafruit's NeoPixel")
    w("library, `keypad`), so its row is an estimate from the same figure.")
    w("")
    need = {}
    for g, x in games.items():
        kbs = [_device_kb(h) for h in x["heap"]["device"].values() if _device_kb(h) is not None]
        if kbs:
            need[g] = max(kbs)
    w("| Board | Free heap after boot | %s | Source |" % " | ".join(need))
    w("| --- | --- | %s--- |" % ("--- | " * len(need)))
    for name, low, high, source in BOARDS:
        free = "%d KB" % low if low == high else "%d-%d KB" % (low, high)
        cells = []
        for g, kb in need.items():
            m, top = low - kb, high - kb
            if m >= 0:
                cells.append("fits, %s KB spare" % (m if high == low else "%d-%d" % (m, top)))
            elif top >= 0:
                cells.append("**short by %d KB** at %d KB free, %d KB spare at %d" % (
                    -m, low, top, high))
            else:
                cells.append("**short by %d KB**" % -m)
        w("| %s | %s | %s | %s |" % (name, free, " | ".join(cells), source))
    w("")
    w("Playing every game in turn in one boot needs more than the largest figure:")
    w("MicroPython keeps the names of every module it has loaded (its qstr pools")
    w("grew from 9 to 30 KB over the four games) in blocks that are never freed and")
    w("end up between the next game's modules. To keep large blocks free, the")
    w("firmware loads a game's computer players as the game starts, and the Tomoko")
    w("and Tomoe players allocate no large table every move. When a game still does")
    w("not fit, the board restarts into a clean heap and starts it there")
    w("(`firmware/launch.py`): `tests/test_mpy.py` plays all four games in turn")
    w("through the menu in 136 KB (two restarts, before the second and the third game) and in")
    w("160 KB (two, before the second and the fourth; one until Tomoe's screens gained the")
    w("end-of-game count and the pictures of the second tile model, issue 24: their names")
    w("stay in the qstr pools after Tomoe is forgotten), in the harness. Modules frozen into a custom MicroPython build")
    w("would take the firmware's bytecode out of the heap altogether.")
    w("")
    w("### Where the heap goes, module by module")
    w("")
    _measured_elsewhere(w, docs, MODULES_SECTION, MODULES_MARKER, "tools.bench_modules",
                        "what each module holds while a game plays")


def _later_games(r, w):
    """Which games were measured again later on their own (tools.bench
    --games G --write-doc), and on which commit."""
    later = {}
    for name, g in r["games"].items():
        if g.get("commit") and g["commit"] != r["commit"]:
            later.setdefault(g["commit"], []).append(name)
    for commit, names in sorted(later.items()):
        w("%s measured again on commit %s (`python -m tools.bench --games %s --write-doc`):" % (
            " and ".join(_title(n) for n in names), commit,
            ",".join(names)))
        w("%s rows come from that run, the other games' from the full run." % (
            "their" if len(names) > 1 else "its"))


def _written(docs, name):
    """The text of docs/`name`, a section written elsewhere, or None."""
    import os
    path = os.path.join(docs, name)
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as f:
        return f.read().rstrip("\n")


def _since(w, docs):
    """The hand-written notes of what changed since (SINCE_SECTION), if any."""
    text = _written(docs, SINCE_SECTION)
    if text is not None:
        w("")
        w(text)


def _measured_elsewhere(w, docs, name, marker, tool, what):
    """A section measured by another tool, from docs/`name` as written."""
    text = _written(docs, name)
    if text is not None:
        w(text)
    else:
        w(marker)
        w("")
        w("Not measured by this generator: the figures of `python -m %s`" % tool)
        w("(%s) go in" % what)
        w("`docs/%s`, which is put in here as written." % name)
    w("")


def _pico(w, docs):
    """The emulated Pico's section, measured elsewhere, as written."""
    _measured_elsewhere(w, docs, PICO_SECTION, PICO_MARKER, "tools.bench_pico",
                        "the official MicroPython firmware on an emulated RP2040")


def _web(w, docs):
    """The web page's section, measured in a headless Chromium, as written."""
    _measured_elsewhere(w, docs, WEB_SECTION, WEB_MARKER, "tools.bench_web",
                        "the web page in a headless Chromium")


def _fuel(r, w):
    games = r["games"]
    c = r.get("counts", {})
    seeds = c.get("fuel_seeds", ["?", "?", "?"])
    w("## Computer-player moves: fuel per move inside MicroPython")
    w("")
    w("Every seat at one level, %s whole games per game and level (seeds %s-%s), each in" % (
        seeds[2], seeds[0], seeds[1]))
    w("a %s heap (`mpy_check --heap %s --seats ai:LEVEL,...`: about what an RP2040 leaves" % (
        r.get("fuel_heap", "96k").replace("k", " KB"), r.get("fuel_heap", "96k")))
    w("the engine once the device's modules are loaded, so garbage collections come")
    w("about as often as there); a move includes applying it. Median and 95th")
    w("percentile are over every move of every game, with 95% intervals from")
    w("drawing whole games again with replacement (1000 times: the moves of one game")
    w("are not independent). Budgets: a `normal` move at most 50 million fuel")
    w("(platform.md), a `hard` move at most 300 million (ours: about 2 s on an RP2040),")
    w("meant for every move, not only the median.")
    w("")
    w("| Game | Level | Moves (longest game) | Median fuel [95% interval] "
      "| 95th pct fuel [95% interval] | Max fuel (seed) | RP2040 median / 95th pct / max | Moves over budget [95% interval] "
      "| Games whose 95th pct / max is over |")
    w("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for g, x in games.items():
        for level in ("easy", "normal", "hard"):
            f = x["fuel"][level]
            if "error" in f:
                w("| %s | %s | error: %s | | | | | | |" % (g, level, f["error"]))
                continue
            if "budget" in f:
                over = "%d (%.1f%%) [%.1f-%.1f%%]" % (f["over"], 100 * f["over_share"],
                                                     100 * f["over_ci"][0], 100 * f["over_ci"][1])
                games_over = "%d / %d of %d" % (f["games_p95_over"], f["games_max_over"],
                                                f["games"])
            else:
                over = games_over = "-"
            w("| %s | %s | %d (%d) | %s [%s] | %s [%s] | %s (%d) | %s / %s / %s ms | %s | %s |" % (
                g, level, f["moves"], f["longest_game"], _fmt(f["median"]), _ci(f["median_ci"]),
                _fmt(f["p95"]), _ci(f["p95_ci"]), _fmt(f["max"]), f["max_seed"],
                _fmt(f["rp2040_ms_median"]), _fmt(f["rp2040_ms_p95"]), _fmt(f["rp2040_ms_max"]),
                over, games_over))
    w("")
    over = [(g, x["fuel"]["hard"]) for g, x in games.items()
            if "budget" in x["fuel"]["hard"] and x["fuel"]["hard"]["max"] > BUDGET["hard"]]
    if over:
        w("**The `hard` budget does not hold for every move.** %s The computer player" % " ".join(
            "%s `hard`: %d of %d moves (%.1f%%) cost more than 300 million fuel; the 95th "
            "percentile is %s million (%s s on an RP2040) and the longest move %s million "
            "(%s s, seed %d); %d of %d games have a 95th percentile over the budget." % (
                g, f["over"], f["moves"], 100 * f["over_share"], _fmt(f["p95"] // 10 ** 6),
                _fmt(round(f["rp2040_ms_p95"] / 1000, 1)), _fmt(f["max"] // 10 ** 6),
                _fmt(round(f["rp2040_ms_max"] / 1000, 1)), f["max_seed"], f["games_p95_over"],
                f["games"]) for g, f in over))
        w("thinks for that long on a device while its three dots run. On MicroPython the")
        w("timer feeds the watchdog meanwhile (up to its 60 s of patience); under")
        w("CircuitPython only frames feed it, and its hardware timeout is 8 s")
        w("([hardware.md](hardware.md)): a move longer than that resets the board, the")
        w("game comes back on the same move, and the second time the stuck-twice rule")
        w("parks it with the watchdog off.")
        w("")


def render(r, docs=None):
    """The document; `docs`: the folder it goes in (for the emulated Pico's
    and the web page's sections, PICO_SECTION and WEB_SECTION there, which
    this generator does not measure)."""
    import os
    from tools import mpy_runtime
    docs = docs or os.path.join(mpy_runtime.repo_root(), "docs")
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
    if r.get("piece_seconds"):
        w("**How long.** The full run measures %d pieces (fuel per game and level, heap" % r.get(
            "pieces", 0))
        w("surveys, duels) in two worker processes. Here they took at least %d minutes" % (
            r["piece_seconds"] // 60))
        w("of the workers' time (a piece resumed after an interruption counts only its")
        w("last part), so at least %d minutes of wall time, on this 2-core machine while" % (
            r["piece_seconds"] // 120))
        w("other work shared it (less on an idle one), plus a few minutes for")
        w("calibration, frames, start-up and playouts. Each piece is kept in")
        w("`build/bench-cache` under a hash of the sources it depends on, so a rerun")
        w("measures again only what changed (`--no-cache`: everything). `python -m")
        w("tools.bench --quick` is the smoke run the tests use: one seed of everything,")
        w("16 KB steps, a couple of minutes.")
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
    if r.get("commit"):
        w("")
        w("**Commit.** Measured on commit %s: the figures hold for its sources (a piece" %
          r["commit"])
        w("taken from the cache was measured on the same sources of what it depends on).")
        _later_games(r, w)
    _since(w, docs)
    w("")
    games = r["games"]
    _summary(r, w)

    _memory(r, w, docs)
    w("## An emulated Pico, real firmware")
    w("")
    _pico(w, docs)
    w("## In a web browser")
    w("")
    _web(w, docs)
    _fuel(r, w)

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
    w("core, timed in CPU time), and the size of `serialize()` sampled along the way.")
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
    w("with a B seat is counted as shared. Seeds %s to %s, away from the seeds 0-199 the" % (
        _seed_range(r)))
    w("computer players were tuned on. The interval is Wilson's 95% interval of A's")
    w("win rate. With three or more players the B seats' wins add up, so a fair share")
    w("for A is 1/players; *head to head* compares the A seat with each B seat of every")
    w("game: how often A finished ahead of it (a winner is ahead of a non-winner, else")
    w("the higher final score) and how often behind.")
    w("")
    _duel_table(games, "win_rates", w)
    _reference(r, games, w)
    _tomoe_totals(r.get("tomoe_totals") or _load_json(TOMOE_TOTALS_JSON), w)
    if r.get("quick"):
        w("*(A quick run: tiny counts, not meaningful.)*")
        w("")
    return "\n".join(out)


def _duel_table(games, kind, w, work=None):
    """The win-rate rows of every game's `kind` duels; `work(game, level)`
    adds a column on what level A spends a move."""
    w("| Game | Players | A | B | Games | A wins | B wins | Shared | A win rate [95% interval] "
      "| Fair share | Head to head: A ahead / behind |" + (" A's move: median fuel |" if work else ""))
    w("| --- " * (12 if work else 11) + "|")
    for g, x in games.items():
        for d in x.get(kind, []):
            if "error" in d:
                w("| %s | | %s | %s | %s | | | | | | |%s" % (g, d["a"], d["b"], d["error"],
                                                              " |" if work else ""))
                continue
            h2h = "%d / %d of %d" % (d["a_ahead"], d["b_ahead"], d["pairs"]) \
                if "pairs" in d else "-"
            lo, hi = wilson(d["a_wins"], d["games"])
            w("| %s | %d | %s | %s | %d | %d | %d | %d | %.1f%% [%.1f-%.1f%%] | %.1f%% | %s |%s" % (
                g, d["players"], d["a"], d["b"], d["games"], d["a_wins"], d["b_wins"],
                d["draws"], 100 * d["a_rate"], 100 * lo, 100 * hi, 100.0 / d["players"], h2h,
                " %s |" % work(x, d["a"]) if work else ""))
    w("")


def _reference(r, games, w):
    """Every level against the one reference player that does not change."""
    rows = [d for x in games.values() for d in x.get("reference", [])]
    if not rows:
        return
    ref = rows[0]["b"]
    first = next((d["first_seed"] for d in rows if "first_seed" in d), "?")
    w("### Against a reference player")
    w("")
    w("Each level against `%s`: `tools/reference_player.py`, information-set Monte" % ref)
    w("Carlo tree search written only against the public Game interface (deal what the")
    w("seat cannot see anew, walk the tree by UCB1, one uniformly random playout to the")
    w("end per iteration), with %s iterations a move. It knows nothing of any game and" %
      ref.split(":")[1])
    w("stays as it is, so this table follows the computer players' strength over")
    w("time; the last column is what a level's move costs inside MicroPython (the fuel")
    w("table above), for strength per unit of work. Seeds from %s, counted as above" % first)
    w("(`python -m tools.duel --game G --a LEVEL --b %s`)." % ref)
    w("")

    def work(x, level):
        f = x["fuel"].get(level, {})
        return _fmt(f["median"]) if "median" in f else "-"
    _duel_table(games, "reference", w, work)
    beaten = [g for g, x in games.items()
              if [d.get("a_rate", 0) >= 0.95 for d in x.get("reference", [])
                  if d.get("a") in ("normal", "hard")] == [True, True]]
    if beaten:
        w("In %s both `normal` and `hard` win at least 95%% of their games: there `%s` is too"
          % (" and ".join(beaten), ref))
        w("weak to tell them apart, and a reference with more iterations would be needed to")
        w("follow those levels' strength.")
        w("")


def _seed_range(r):
    for x in r["games"].values():
        for d in x["win_rates"]:
            if "first_seed" in d:
                return d["first_seed"], d["first_seed"] + d["games"] - 1
    return "?", "?"
