"""Hermit rule player with weights, for tuning in self-play (probe)."""
import sys, random, time

from game import new_game
from game.ai.heuristics.hermit import _would_control
from game.decktet import RANK, SUIT_MASK
from game.rules.hermit import ON, POINTS, START, COTTAGE

BASE = dict(s_rank=1.0, s_pts=0.7, t4_c=6.0, t4_p=3.0, r2=0.35, r3=0.6, k=4.0, c_rank=0.05,
            give=1.0, f_rank=0.3, f_pts=0.5, hold=0.0)

def scored(state, seat, W):
    phase = state.phase
    hand = state.hands[seat]
    if phase == "start":
        return [(W["s_rank"] * RANK[c] + W["s_pts"] * POINTS[c], START[c]) for c in hand]
    if phase == "cottage":
        return [(-(2.0 * POINTS[c] + RANK[c]), COTTAGE[c]) for c in hand]
    out = []
    risk = (0.0, 0.2, W["r2"], W["r3"], 1.0)
    for t, owner in zip(state.tricks, state.owners):
        lm = SUIT_MASK[t[-1]]
        row = t[0]
        size = len(t) + 1
        tpts = 0
        for x in t:
            tpts += POINTS[x]
        for c in hand:
            if SUIT_MASK[c] & lm:
                pts = tpts + POINTS[c]
                if _would_control(t, c) or (size == 4 and owner == seat):
                    if size == 4:
                        cost = W["t4_c"] + W["t4_p"] * pts
                    else:
                        cost = risk[size] * (pts + W["k"]) + W["c_rank"] * RANK[c]
                elif size == 4:
                    cost = -W["give"] * pts if owner is not None else -0.2 * pts
                else:
                    cost = -W["f_rank"] * RANK[c] - W["f_pts"] * POINTS[c] + (W["hold"] * pts if owner == seat else 0.0)
                out.append((cost, ON[c][row]))
    if out:
        return out
    return [(W["s_rank"] * RANK[c] + W["s_pts"] * POINTS[c], START[c]) for c in hand]

def move(state, seat, W):
    sc = scored(state, seat, W)
    best = sc[0]
    for x in sc:
        if x[0] < best[0]:
            best = x
    return best[1]

def match(WA, WB, seeds, players=4):
    """A in each seat of every deal, B elsewhere; A's points minus the others' mean, per hand (lower better)."""
    tot = 0.0; sq = 0.0; n = 0
    for seed in seeds:
        deal_d = 0.0
        for a in range(players):
            s = new_game("hermit", players=players, seed=seed)
            r = s.round
            while not s.is_over() and s.round == r:
                for seat in list(s.to_move()):
                    s.play(seat, move(s, seat, WA if seat == a else WB))
            pts = s.last_hand["points"]
            pts = [float(__import__("fractions").Fraction(p)) for p in pts]
            deal_d += pts[a] - (sum(pts) - pts[a]) / (players - 1)
        deal_d /= players
        tot += deal_d; sq += deal_d * deal_d; n += 1
    mean = tot / n
    sd = ((sq / n - mean * mean) * n / (n - 1)) ** 0.5
    return mean, 1.96 * sd / n ** 0.5

if __name__ == "__main__":
    t = time.time()
    print(match(BASE, BASE, range(100000, 100050)), time.time() - t)
