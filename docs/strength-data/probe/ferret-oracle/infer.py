"""Step 2 diagnostic (only if step 1 reaches 0.56): does a model of the opponent's LAST play
locate its hidden hand cards?  For positions of self-play games (saves, JSON lines), the seat
to move's uniform worlds are weighted by P(opponent's last ferret | its hand then), a softmax
over its legal moves of beta x the rule player's one-move value (game/ai/heuristics/ferret.py);
the hand then is the world's hand less the card it drew (marginalized over the hidden cards)
or the card it took, plus the card it played.  Prints the mean log-probability of every hidden
hand card's true place (the opponent's hand rather than the stock) per beta; beta 0 is uniform.
With GAP=1 the model is the gap to the hand's best move, unnormalized (see below).

    python3 infer.py selfplay-ferret-6000.jsonl
"""
import json, math, os, random, sys
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "../../../.."))
from game import load_game
from game.ai.heuristics import ferret as fk
from game.rules.ferret import PARSE, to_tableau

BETAS = [float(b) for b in os.environ.get("BETAS", "0 0.25 0.5 1 2").split()]
#: GAP=1: P(play | hand) = exp(-beta x (the hand's best value - the play's)), no softmax
#: normalization (a hand explains a play when no card of it would have done clearly better)
GAP = os.environ.get("GAP") == "1"
POOL = int(os.environ.get("POOL", 300))


def likelihoods(prev, opp, c, t, hand_now, beta):
    """P(the play c onto t | opp's hand was hand_now's reconstruction), marginalized over the drawn card."""
    base = [x for x in hand_now if x != t] if not to_tableau(c, t) else list(hand_now)
    drawn = [None] if not to_tableau(c, t) else [x for x in base if x not in prev.public[opp]]
    total = 0.0
    for d in drawn:
        hand = [x for x in base if x != d] + [c]
        w = prev.clone()
        w.hands[opp] = hand
        w._legal_cache = {}
        vals = {}
        for m in w.legal_moves(opp):
            x = w.clone(); x.play(opp, m); vals[m] = fk._value(x, opp)
        mine = next(m for m in vals if m != "pass" and PARSE[m] == (c, t))
        top = max(vals.values())
        z = 1.0 if GAP else sum(math.exp(beta * (v - top)) for v in vals.values())
        total += math.exp(beta * (vals[mine] - top)) / z
    return total / len(drawn)


saves = [json.loads(l) for f in sys.argv[1:] for l in open(f)]
tot = {b: 0.0 for b in BETAS}; n = 0; npos = 0
for save in saves:
    moves = save["moves"]
    base = {k: v for k, v in save.items() if k != "moves"}
    for cut in range(6, len(moves) - 2, 3):
        s = load_game({**base, "moves": moves[:cut]})
        if s.phase != "play":
            continue
        seat = s.to_move()[0]; opp = 1 - seat
        last = max((i for i in range(cut) if moves[i][0] == opp and moves[i][1] in PARSE), default=None)
        if last is None:
            continue
        prev = load_game({**base, "moves": moves[:last]})
        c, t = PARSE[moves[last][1]]
        truth = [x for x in s.hands[opp] if x not in s.public[opp]]
        rng = random.Random(cut)
        pool = [s.determinize(seat, rng) for _ in range(POOL)]
        npos += 1; n += len(truth)
        for b in BETAS:
            wts = [likelihoods(prev, opp, c, t, w.hands[opp], b) for w in pool] if b else [1.0] * POOL
            W = sum(wts)
            for x in truth:
                p = sum(wt for w, wt in zip(pool, wts) if x in w.hands[opp]) / W
                tot[b] += math.log(max(p, 1e-3))
    print(len(saves), npos, n, {b: round(tot[b] / max(n, 1), 4) for b in BETAS}, flush=True)
