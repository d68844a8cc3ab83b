"""Tomoe's end (docs/rules/tomoe.md, "Screens and controls"): the final
board in the map's LEDs on the top 10 rows, dim but for what each side
enclosed, lit cell by cell as both totals count up below; until A. Loaded
by firmware/tomoe_screens.py as the count begins, forgotten as it ends.
"""

from firmware import gfx, palette

SWEEP_MS = 5000  # the large board (wider than the map): one look across and back
DIM_PCT = 18  # what scores for no one


def tables(ui):
    """(lit, order, sums, cells) of the final board of `ui`'s game: per map
    LED 0 dim or 1 + the colour of the enclosed sector it stands for; per
    cell its step of the count (0: none); the two totals after each step
    (White's, Black's, a byte each); the cells that score, in order."""
    st = ui.state
    geo = st.geo
    owner = st.owners()
    per = st.NODES
    pic = ui.picture
    nodes = pic.map_nodes
    lit = bytearray(4 * geo.n)  # per map LED: 0 dim, 1 white, 2 black enclosed
    order = bytearray(geo.n)  # per cell: its step of the count (0: none)
    cells = bytearray()
    sums = [0, 0]
    sums_out = bytearray(2)  # the totals after each step: White's, Black's
    for c in range(geo.n):
        ci = geo.or8[c] | st.board[c]
        got = [0, 0]
        for s in range(per):
            w = owner[per * c + s]
            if w == 1 or w == 2:
                got[w - 1] += 1
                col = pic.scol[ci * per + s]
                for i in range(4):
                    if nodes[ci * 4 + i] >> s & 1 and not lit[4 * c + i]:
                        lit[4 * c + i] = col + 1
        if got[0] or got[1]:
            cells.append(c)
            order[c] = len(cells)
            sums[0] += got[0]
            sums[1] += got[1]
            sums_out.append(min(sums[0], 255))
            sums_out.append(min(sums[1], 255))
    return lit, order, sums_out, bytes(cells)


def draw(ui, d, now):
    """The count as it shows at `now`."""
    col_of, rim_col, count_ms, draw_numbers = ui.COUNT  # tomoe_screens' (no import circle)
    st = ui.state
    geo = st.geo
    lay = ui.layout
    k = ui.counted(now)
    since = ui.count_from()
    cells = ui.count_cells
    if lay.mw <= 16:
        ox = (16 - lay.mw) // 2
    else:
        if 0 < k < len(cells) or (k and now - since < k * count_ms):
            cx = lay.map[8 * cells[k - 1]]
            ox = -max(0, min(cx - 8, lay.mw - 16))
        else:  # all counted: look across the board and back
            t = (now - since) % SWEEP_MS
            half = SWEEP_MS // 2
            span = lay.mw - 16
            ox = -(span * (t if t < half else SWEEP_MS - t) // half)
    rim = lay.mrim
    for i in range(0, len(rim), 3):
        d.pixel(rim[i] + ox, rim[i + 1], rim_col[rim[i + 2]])
    board = st.board
    orient = geo.orient
    pics = ui.picture.map
    m = lay.map
    lit = ui.lit
    order = ui.order
    for c in range(geo.n):
        ci = (orient[c] * 8 + board[c]) * 4
        shown = order[c] and order[c] <= k
        # The cell just counted flashes white for a moment.
        new = shown and order[c] == k and now - since < k * count_ms
        b = 8 * c
        for i in range(4):
            x = m[b] + ox
            if 0 <= x < 16:
                v = lit[4 * c + i]
                if new and v:
                    col = palette.WHITE if gfx.blink(now, 120) else col_of[v - 1]
                elif shown and v:
                    col = col_of[v - 1]
                else:
                    col = palette.scale(ui.picture.pal[pics[ci + i]], DIM_PCT)
                d.pixel(x, m[b + 1], col)
            b += 2
    if ui.reveal_texts[0] != k:
        ui.reveal_texts = (k, str(ui.sums[2 * k]), str(ui.sums[2 * k + 1]))
    draw_numbers(d, 11, ui.reveal_texts[1], ui.reveal_texts[2], now, 0)
    # (The count shows only with a person at the table: tomoe_screens.)
    if k == len(cells) and gfx.blink(now, 900, 60):
        d.pixel(15, 10, palette.GOOD)  # waits for A (no room for the letter)
