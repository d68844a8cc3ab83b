"""Tokkome screenshots for the README (python -m tools.screenshots --games tokkome).

Drives the firmware headless as a person would: the person's choices are the
ones the `normal` computer player would make, entered with the D-pad, A and B
like any player's.
"""

from engines_core import tokkome as T
from hal import buttons as B
from firmware import tokkome_screens as TS


def press_action(run, app, a):
    """Enter action `a` for the person to move with buttons."""
    play = app.screen
    ui = play.ui
    st = play.session.state
    seat = st.current_player()
    cards = ui.hand_cards(seat)
    if st.phase == T.MAIN and a == T.TAKE:
        run.run("UP,A")
        return
    if st.phase == T.LAY and a == T.NO_SET:
        run.run("B")
        return
    if T.plays_on_a_pile(a):
        v = T.played_values(a, st.top(T.pile_of(a)))[0]
    elif T.is_set(a):
        v = T.set_value(a)
    else:
        v = T.put_value(a)
    move_to(run, ui, cards, cards.index(v))
    run.run("A")
    if ui.options is not None:
        while ui.options[ui.opt] != a:
            run.run("RIGHT")
        run.run("A")


def move_to(run, ui, cards, i):
    n = len(cards)
    right = (i - ui.cur) % n
    if right <= n // 2:
        run.run(",".join(["RIGHT"] * right))
    else:
        run.run(",".join(["LEFT"] * (n - right)))


def normal_choice(play):
    from engines_core import players
    st = play.session.state
    return players.choose(st, "normal", players.rng_for(play.session.seed, play.session.ply,
                                                        st.current_player()))


def shots(out):
    from firmware.session import Session
    from firmware.play import PlayScreen
    from tests.firmware_helpers import app_with
    shots = []
    taken = set()

    def shot(name):
        if name not in taken:
            taken.add(name)
            shots.append(run.shot("tokkome-" + name))

    app, run = app_with(Session("tokkome", ["human", "hard", "normal"], "standard", 24))
    run.frames_dir = out
    for _ in range(80):
        run.idle()
        play = app.screen
        if not isinstance(play, PlayScreen):
            break
        st = play.session.state
        ui = play.ui
        a = normal_choice(play)
        if st.phase == T.MAIN and "turn" not in taken and st.turns >= 3 \
                and any(sum(k) for k in st.known[1:]):  # seen cards in a row
            run.advance(150)
            shot("turn")
        if st.phase == T.MAIN and "choose" not in taken:
            cards = ui.hand_cards(st.current_player())
            multi = [i for i in range(len(cards))
                     if any(T.is_run(o) for o in ui.card_options(cards[i]))
                     and len(ui.card_options(cards[i])) > 1]
            if multi:
                move_to(run, ui, cards, multi[0])
                run.run("A")
                while not T.is_run(ui.options[ui.opt]):
                    run.run("RIGHT")
                run.advance(120)
                shot("choose")
                run.run("B")
        if st.phase == T.MAIN and a == T.TAKE and len(st.tokkome) >= 3 and "browse" not in taken:
            run.run("UP")
            run.advance(120)
            shot("browse")
            run.run("DOWN")
        if st.phase == T.LAY and "set" not in taken:
            run.advance(120)
            while (app.now() // 1400) % 2 or app.now() % 1400 > 1000:
                run.advance(60)  # the prompt, not its "B=NO" half
            shot("set")
        if st.phase == T.MAIN and "look" not in taken and st.turns >= 4:
            taken.add("look")
            shots.append(run.shot_while_held(B.A, "tokkome-look"))
        if st.phase == T.MAIN and "look-piles" not in taken and len(st.tokkome) >= 4:
            # The look's second page: the piles (hold A a page longer).
            taken.add("look-piles")
            shots.append(run.shot_while_held(B.A, "tokkome-look-piles", 900 + TS.LOOK_PAGE_MS))
        press_action(run, app, a)
        if st.is_terminal():
            break
    # The end: the first page of the reveal (every hand and set shown).
    while isinstance(app.screen, PlayScreen) and app.screen.ui.page < 0:
        run.advance(100)
    run.advance(1500)
    shot("reveal")
    return shots
