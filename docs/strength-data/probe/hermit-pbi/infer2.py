"""Soft model: P(obs | hand) = softmax over the hand's cards of -beta * (card's best rule cost).

    python infer2.py [--late N] SAVES.jsonl...

Every third position of the hands; with ``--late N`` every position with N or fewer cards
left in hands instead (probe/oracle, 2026-12-07: ``--late 16``).
"""
import sys, json, math, random
sys.path.insert(0, __import__("os").path.join(__import__("os").path.dirname(__file__), "../../../.."))
from game import load_game
from game.ai.heuristics import hermit as h
from game.rules.hermit import PARSE, START
from game.decktet import DECK
from game.ai.inference import WeightedWorlds

def costs(state, seat, move):
    kind, c, _ = PARSE[move]
    played = set()
    for t in state.tricks: played.update(t)
    for t in state.taken: played.update(t)
    free = [x for x in DECK if x not in played or x == c]
    if state.phase == "start" or kind == "start":
        order = [(h._start_cost(x), x, START[x]) for x in free]
    else:
        order = [(cost, PARSE[m][1], m) for cost, m in h._scored(state, seat, free)]
    v = {}
    for cost, x, m in order:
        if x not in v or cost < v[x]: v[x] = cost
    vo = next(cost for cost, x, m in order if m == move)
    return c, vo, v

def make(state, seat, beta, rng, size=600):
    table, moves = state.hand_so_far(seat, rng)
    found = []
    for i, (who, m) in enumerate(moves):
        if who != seat:
            found.append((who, i) + costs(table, who, m))
        table.push(who, m)
    rows = []
    for who, i, c, vo, v in found:
        later = [PARSE[m][1] for s, m in moves[i + 1:] if s == who]
        e = {x: math.exp(-beta * (vx - vo)) for x, vx in v.items()}
        base = 1.0 + sum(e.get(x, 0.0) for x in later)
        rows.append((who, e, base))
    return WeightedWorlds(state, seat, rows_weight(rows), size, rng)


def held(w, who):
    """The cards ``who`` holds in world ``w`` (its hand and a start card not yet shown)."""
    return list(w.hands[who]) + ([w.pending[who]] if w.pending[who] is not None else [])


def rows_weight(rows):
    """A world's weight: the product over the others' choices ``(who, e, base)`` of the chance
    of the card chosen (``e``: each card's odds against it) among the cards it then held."""
    def weight(w):
        x = 1.0
        for who, e, base in rows:
            x /= base + sum(e.get(c, 0.0) for c in held(w, who))
        return x
    return weight


def positions(save, late=None):
    """(cut, the game after its first ``cut`` moves) for the positions the measures score:
    every third, or with ``late`` every one from the hand's first 8 moves on (its first hand
    and its card play only are scored; the callers filter)."""
    moves = save["moves"]
    base = {k: v for k, v in save.items() if k != "moves"}
    for cut in (range(8, len(moves) - 2) if late else range(8, len(moves) - 4, 3)):
        yield cut, load_game({**base, "moves": moves[:cut]})


def truth_of(s, seat):
    """Every card hidden from ``seat``: the seat that really holds it."""
    return {c: o for o in range(4) if o != seat for c in held(s, o)}


def log_chance(pool, wts, truth):
    """Sum over the hidden cards of the log of the pool's chance that each is where it is."""
    W = sum(wts)
    out = 0.0
    for c, o in truth.items():
        p = sum(wt for w, wt in zip(pool, wts) if c in w.hands[o]) / W
        out += math.log(max(p, 1e-3))
    return out

def main():
    args = sys.argv[1:]
    LATE = None
    if args[:1] == ["--late"]:
        LATE, args = int(args[1]), args[2:]
    files = args
    saves = [json.loads(l) for f in files for l in open(f)]
    betas = [0.0, 0.25, 0.5, 1.0, 2.0]
    tot = {d: 0.0 for d in betas}; ess = {d: 0.0 for d in betas}; n = 0; npos = 0
    for save in saves:
        for cut, s in positions(save, LATE):
            if s.round != 1 or s.phase != "play": continue
            if LATE and sum(len(x) for x in s.hands) > LATE: continue
            seat = s.to_move()[0]
            truth = truth_of(s, seat)
            npos += 1
            for d in betas:
                smp = make(s, seat, d, random.Random(cut))
                smp.effective_size()
                pool, wts = smp.pool, smp.weights
                W = sum(wts)
                ess[d] += W * W / sum(x * x for x in wts)
                tot[d] += log_chance(pool, wts, truth)
            n += len(truth)
        print(len(saves), npos, {d: round(tot[d] / n, 4) for d in betas}, {d: round(ess[d] / npos) for d in betas}, flush=True)


if __name__ == "__main__":
    main()
