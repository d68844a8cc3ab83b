"""The sound vocabulary every game shares: tuples of (frequency Hz,
milliseconds), 0 Hz a rest.

The game cues mean the same in all four games (docs/adding-a-game.md has
what each game plays when):
  TURN     a person's turn begins (after someone else's), or pass the device
  MOVE     a move made: a push, a tile turned, a take, a King's step
  LAY      a card, tile or Seal laid
  SCORE    points scored (a set laid, a Tomoe area closed, a challenge won)
  REFUSED  an action refused (with a flash and, where it helps, a word)
  WIN      the end: a person won, or no person played
  LOSE     the end: every person lost
CLICK is the menus' and cursors' tick. Each cue begins with a note no other
cue contains, so a log of tones tells them apart (tests rely on it). The
hal's Sound plays nothing at volume 0: the menu's SOUND OFF.
"""

CLICK = ((1320, 12),)
TURN = ((660, 40), (990, 50))
MOVE = ((880, 25),)
LAY = ((1175, 30), (0, 20), (740, 45))
SCORE = ((698, 70), (932, 70), (1245, 110))
REFUSED = ((220, 90), (0, 30), (180, 120))
WIN = ((523, 120), (659, 120), (784, 120), (1047, 300))
LOSE = ((392, 160), (330, 160), (262, 300))

CUES = (TURN, MOVE, LAY, SCORE, REFUSED, WIN, LOSE)
