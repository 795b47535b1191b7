"""How well does the rule player's one-move value describe a player's choices?  For every
ferret play in the saves (the player's real hand), the gap between the best value any legal
move reaches and the chosen move's value (0: the choice is among the rule player's best).
Also: in how many plays does a card NOT played have a strictly better move than the one chosen
(the evidence a 'no card did clearly better' model can use)."""
import json, os, sys
from collections import Counter
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "../../../.."))
from game import load_game
from game.ai.heuristics import ferret as fk
from game.rules.ferret import PARSE
for f in sys.argv[1:]:
    gaps = Counter(); n = 0; better_cards = 0; ties = 0
    for line in open(f):
        save = json.loads(line); moves = save["moves"]; base = {k: v for k, v in save.items() if k != "moves"}
        s = load_game({**base, "moves": []})
        for seat, m in moves:
            if m in PARSE and s.phase == "play":
                vals = {}
                for x in s.legal_moves(seat):
                    c = s.clone(); c.play(seat, x); vals[x] = fk._value(c, seat)
                top = max(vals.values()); v = vals[m]
                gaps[round(top - v, 1)] += 1; n += 1
                best_by_card = {}
                for x, vx in vals.items():
                    if x in PARSE:
                        card = PARSE[x][0]; best_by_card[card] = max(best_by_card.get(card, -1e9), vx)
                better_cards += sum(1 for card, vx in best_by_card.items() if card != PARSE[m][0] and vx > v + 1e-9)
                ties += sum(1 for vx in vals.values() if abs(vx - top) < 1e-9)
            s.play(seat, m)
    print(f, n, "plays; gap to the best value:", sorted(gaps.items())[:8], "share at 0:", round(gaps[0.0] / n, 3),
          "mean other cards doing strictly better:", round(better_cards / n, 2), "mean moves tied at the top:", round(ties / n, 1))
