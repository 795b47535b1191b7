"""Type Trump 4p: do the others' card plays, read by the rule player, put hidden cards in place?

    python infer.py SAVES.jsonl...

For positions of normal self-play (the card play, every second position), the seat to
move's view: main's worlds (``sampler`` at normal: voids kept, weighted by the others'
declarations; a pool of 600) are weighted again by the chance of every card the others
have played this deal under a soft model of the rule-based player (``_choose`` of
game/ai/heuristics/type_trump.py): the chance of a card is a softmax, at ``beta``, over
the cards its player could legally have played from the hand it held then (its cards in
the world plus those it played later), of the value the rule player gives each card.
Prints, per beta, the mean log-chance that a hidden card lies where it really is (a
blind guess among three: ln 1/3 = -1.099; beta 0 is main) and the pool's effective size.
"""
import json
import math
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "../../../.."))
from game import load_game  # noqa: E402
from game.ai.heuristics import type_trump as h  # noqa: E402
from game.ai.inference import WeightedWorlds  # noqa: E402
from game.decktet import RANK, SUIT_MASK  # noqa: E402
from game.rules.type_trump import SPOILER, follow_cards, trick_winner  # noqa: E402

BETAS = [0.0, 1.0, 3.0, 10.0]


def value(trick, trump, d, c):
    """The rule player's value of playing ``c`` (as ``_choose`` scores it)."""
    bit = (1 << d) if 0 <= d < SPOILER else 0
    mine = 1 if SUIT_MASK[c] & bit else 0
    if not trick:
        return (RANK[c] / 10 - 3.0) if mine else -RANK[c] / 10
    pts = sum(1 for x in trick if SUIT_MASK[x] & bit)
    if trick_winner(trick + [c], trump) == len(trick):
        return pts * (1.0 if d != SPOILER else -1.0)
    return -1.0 * mine - 0.05 * RANK[c]


def observations(state, seat):
    """(who, card, trick before it, later cards of who) for every other seat's play this deal."""
    plays = state.plays_this_deal()
    n = state.players
    out, trick = [], []
    for i, (who, c) in enumerate(plays):
        if who != seat:
            later = [x for s, x in plays[i + 1:] if s == who]
            out.append((who, c, list(trick), later))
        trick.append(c)
        if len(trick) == n:
            trick = []
    return out


def card_weight(state, obs, beta):
    trump = state.trump

    def weight(w):
        x = 1.0
        for who, c, trick, later in obs:
            hand = list(w.hands[who]) + later + [c]
            legal = follow_cards(hand, trick[0], trump) if trick else hand
            d = state.decl[who]
            num = math.exp(beta * value(trick, trump, d, c))
            x *= num / sum(math.exp(beta * value(trick, trump, d, y)) for y in legal)
        return x
    return weight


def main(files):
    saves = [json.loads(line) for f in files for line in open(f)]
    tot = {b: 0.0 for b in BETAS}
    ess = {b: 0.0 for b in BETAS}
    n = npos = 0
    for save in saves:
        moves = save["moves"]
        base = {k: v for k, v in save.items() if k != "moves"}
        for cut in range(8, len(moves) - 8, 2):
            s = load_game({**base, "moves": moves[:cut]})
            if s.round != 1 or s.phase != "play":
                continue
            seat = s.to_move()[0]
            truth = {c: o for o in range(4) if o != seat for c in s.hands[o]}
            rng = random.Random(cut)
            first = h.sampler(s, seat, "normal", rng)
            decl_w = first.weight if isinstance(first, WeightedWorlds) else (lambda w: 1.0)
            pool = WeightedWorlds(s, seat, decl_w, 600, rng)
            pool.effective_size()
            obs = observations(s, seat)
            npos += 1
            n += len(truth)
            for b in BETAS:
                cw = card_weight(s, obs, b)
                wts = [x * cw(w) for w, x in zip(pool.pool, pool.weights)]
                W = sum(wts)
                ess[b] += W * W / sum(x * x for x in wts)
                for c, o in truth.items():
                    p = sum(x for w, x in zip(pool.pool, wts) if c in w.hands[o]) / W
                    tot[b] += math.log(max(p, 1e-3))
        print(len(saves), npos, {b: round(tot[b] / n, 4) for b in BETAS},
              {b: round(ess[b] / npos) for b in BETAS}, flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
