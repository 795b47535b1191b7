"""Single-observer Information Set MCTS, one search for every game.

Cowling, Powley & Whitehouse (2012), "Information Set Monte Carlo Tree
Search": each iteration samples one determinization of the searching seat's
information set (``state.determinize(seat, rng)``), then walks ONE tree whose
edges are moves, restricted to the moves legal in that sample, choosing with
availability-aware UCB1::

    mean + C * sqrt(ln(times the move was available) / times it was chosen)

(``C`` is the game's ``UCB_C`` where the searching seat chooses and its
``UCB_C_OPP``, by default the same, where another seat does.)

On a perfect-information game ``determinize`` is a clone, every move is
always available, and this is plain UCT.

Simultaneous choices are hidden commits in the contract: every seat in
``to_move()`` plays one move and nobody sees the others' until all have
chosen.  A tree node where several seats must commit keeps one table of
statistics per seat (decoupled UCT); each seat picks from its own table
without seeing the others' picks, and the joint choice leads to the child.
So in the tree another seat's commit is just a move of theirs, chosen
without peeking at ours (and ours without peeking at theirs).

The search knows nothing about any game: a :class:`~game.ai.knowledge.Knowledge`
object supplies the rollout policy, the evaluation at the horizon and the
move ordering.  Multi-round games are searched to the end of the current
round (``state.round`` changes or the game ends) and evaluated there.

A game may ask for sequential halving at the root (``Knowledge.root_halving``;
Karnin, Koren & Somekh 2013, as SHOT and H-MCTS use it in MCTS): the root's
moves share the budget in rounds, each round giving every move still in the
running the same number of iterations and keeping the better half by mean, so
the budget goes to telling the best few apart rather than to UCB's exploration
of all of them.  A round also ends once it has used its share of the time cap
(``seconds / rounds``), so that where the cap stops the search before its
budget (Pyodide is slower than CPython) the halving still runs to the end
instead of choosing among untold moves.  Below the root the tree is UCB's as before.

The search is bounded by an iteration budget (the primary bound, so that a
seed gives the same move on any machine that is fast enough) and by a CPU
time budget (a safety cap), and runs in slices: ``step(0.03)`` returns after
about 30 ms so that a browser page stays responsive.
"""

from __future__ import annotations

import math
import time
from typing import Any

from ..core import State, make_rng, randbelow


# ---- natural logarithms from + - * / only ------------------------------------
#
# ``math.log`` comes from the platform's C library, which need not round the
# same way in CPython on Linux and in Pyodide (WebAssembly); IEEE arithmetic
# and ``sqrt`` do.  So UCB's ln(n) is taken from a table computed with
# arithmetic alone: the same bits everywhere, the same move for the same seed.

_LN2 = 0.6931471805599453


def ln(n: int) -> float:
    """ln(n) for an int n >= 1, by arithmetic alone (within 1e-15 of math.log).

    >>> abs(ln(1000) - 6.907755278982137) < 1e-12
    True
    """
    k = n.bit_length() - 1
    m = n / (1 << k)                 # in [1, 2), exact
    if m > 1.4142135623730951:
        m /= 2.0
        k += 1
    y = (m - 1.0) / (m + 1.0)        # |y| < 0.172
    y2 = y * y
    s = 0.0
    term = y
    for i in range(1, 41, 2):
        s += term / i
        term *= y2
    return 2.0 * s + k * _LN2


#: LN[n] = ln(n), grown on demand (LN[0] unused)
LN: list[float] = [0.0, 0.0]


def _grow_ln(n: int) -> None:
    LN.extend(ln(i) for i in range(len(LN), max(n, 2 * len(LN)) + 1))


#: positions per chunk of a root solver without a ``chunk`` of its own (the stones prover:
#: about 10 ms in CPython, well under a browser slice)
PROVER_CHUNK = 600


class Node:
    """One information-set node: per-seat move statistics and children.

    ``stats[seat][move] = [visits, total reward, availability]``.
    """

    __slots__ = ("stats", "children", "amaf")

    def __init__(self) -> None:
        self.stats: dict[int, dict[str, list[Any]]] = {}
        self.children: dict[Any, Node] = {}
        #: RAVE only: ``amaf[seat][move] = [times played later in an iteration, total reward]``
        self.amaf: dict[int, dict[str, list[Any]]] = {}


class Search:
    """An ISMCTS search from ``state`` for ``seat``, run in slices.

    >>> from game import new_game
    >>> s = new_game("hermit", players=3, seed=1)
    >>> search = Search(s, 0, knowledge=None, iterations=20, seconds=5.0, seed=0)
    >>> search.step(10.0)
    True
    >>> search.best() in s.legal_moves(0)
    True
    """

    def __init__(self, state: State, seat: int, knowledge: Any, iterations: int,
                 seconds: float, seed: int = 0, c: float | None = None, level: str = "normal",
                 memory: dict[str, Any] | None = None) -> None:
        from .knowledge import knowledge_for  # late: avoid a cycle

        if seat not in state.to_move():
            raise ValueError(f"seat {seat} is not to move")
        self.root_state = state
        self.seat = seat
        self.k = knowledge if knowledge is not None else knowledge_for(state)
        self.budget = iterations
        self.seconds = seconds
        self.c = self.k.ucb_c if c is None else c
        #: UCB's constant at the other seats' choices (``c``, when given, sets both)
        self.c_opp = self.k.ucb_c_opp if c is None else c
        self.rng = make_rng(f"ismcts|{seed}|{seat}")
        self.root = Node()
        self.iterations = 0
        self.elapsed = 0.0
        self.moves = state.legal_moves(seat)
        self.root_round = state.round
        self.ctx = self.k.context(state, seat)
        self.done = len(self.moves) <= 1 or iterations <= 0
        self._fallback: str | None = None
        self.level = level
        #: the game's exact solver for this position (e.g. the stones ending), run first
        self.prover = None if self.done else self.k.root_solver(state, seat, level, seed, memory)
        self.sample = self.k.sampler(state, seat, level, make_rng(f"worlds|{seed}|{seat}"))
        #: whether the rule-based veto replaced the search's choice (see best())
        self.vetoed: str | None = None
        self.halving = None if self.done else Halving.start(self.moves, iterations, self.k.root_halving, seconds)
        #: the search's time so far, as of the current iteration (sequential halving reads it)
        self.spent = 0.0

    # ---- running ------------------------------------------------------------

    def step(self, max_seconds: float) -> bool:
        """Run iterations for about ``max_seconds``; True once the search is done."""
        if self.done:
            return True
        t0 = time.perf_counter()
        stop = t0 + max_seconds
        cap = t0 + max(0.0, self.seconds - self.elapsed)
        now = t0
        prover = self.prover
        prover_cap = t0 + max(0.0, self.k.prover_share * self.seconds - self.elapsed)
        chunk = getattr(prover, "chunk", PROVER_CHUNK)
        while prover is not None and not prover.done and now < stop and now < prover_cap:
            prover.step(chunk)  # fixed chunks: the result never depends on the slicing
            now = time.perf_counter()
            if prover.move is not None:
                self.elapsed += now - t0
                self.done = True
                return True
        if prover is not None and not prover.done and now >= prover_cap and hasattr(prover, "settle"):
            # the solver's share of the cap is spent: an anytime solver may decide on what
            # it has solved (else the search, below, decides in the rest of the cap)
            if prover.settle():
                self.elapsed += now - t0
                self.done = True
                return True
        while self.iterations < self.budget and now < stop and now < cap:
            self.spent = self.elapsed + (now - t0)
            self._iterate()
            self.iterations += 1
            now = time.perf_counter()
        self.elapsed += now - t0
        # Done when this slice reached the cap, not when elapsed >= seconds: summed slices
        # can fall short of the cap by a rounding error (0.8999999999999999 of 0.9 s, seen
        # in the browser, whose clock is coarse), and then every later slice would run
        # nothing and add nothing, for ever.
        if self.iterations >= self.budget or now >= cap:
            self.done = True
        return self.done

    def best(self) -> str:
        """The move chosen so far: a proven win, else the most visited root move
        (ties: higher mean; under sequential halving, the best mean still in the
        running), unless the rule-based veto replaces it (below)."""
        if len(self.moves) == 1:
            return self.moves[0]
        if self.prover is not None and self.prover.move is not None:
            return str(self.prover.move)
        choice = self._most_visited() if self.halving is None else self.halving.best(self.root.stats.get(self.seat, {}))
        return self._veto(choice)

    def _veto(self, choice: str) -> str:
        """No visible blunders: a move the game's rules of thumb call a blunder
        (``Knowledge.blunder``) is replaced by the best-supported other move,
        unless the search is confident: its mean beats that move's by at least
        ``VETO_MARGIN``."""
        k = self.k
        self.vetoed = None
        if k._blunder is None or not k.blunder(self.root_state, self.seat, choice):
            return choice
        table = self.root.stats.get(self.seat, {})
        mine = table.get(choice)
        alt, key = None, None
        for m in self.moves:
            if m == choice or k.blunder(self.root_state, self.seat, m):
                continue
            e = table.get(m)
            kk = (e[0], e[1] / e[0]) if e and e[0] else (0, 0.0)
            if key is None or kk > key:
                alt, key = m, kk
        if alt is None or key is None:
            return choice
        if mine and mine[0] and key[0] and mine[1] / mine[0] - key[1] >= k.veto_margin:
            return choice
        self.vetoed = choice
        return alt

    def _most_visited(self) -> str:
        table = self.root.stats.get(self.seat)
        if not table:  # no iteration yet: the rule-based choice
            if self._fallback is None:
                self._fallback = self.k.heuristic_move(self.root_state, self.seat, make_rng(f"fallback|{self.seat}"))
            return self._fallback
        best, key = None, None
        for m in self.moves:
            e = table.get(m)
            if e is None:
                continue
            k = (e[0], e[1] / e[0])
            if key is None or k > key:
                best, key = m, k
        return best if best is not None else self.moves[0]

    def root_stats(self) -> list[tuple[str, int, float]]:
        """(move, visits, mean reward) at the root for the searching seat, most visited first."""
        table = self.root.stats.get(self.seat, {})
        out = [(m, e[0], e[1] / e[0]) for m, e in table.items() if e[0]]
        return sorted(out, key=lambda x: (-x[1], -x[2]))

    # ---- one iteration --------------------------------------------------------

    def _iterate(self) -> None:
        rng = self.rng
        k = self.k
        s = self.sample(rng)
        root_round = self.root_round
        node = self.root
        path: list[tuple[Node, list[tuple[int, str]]]] = []
        c = self.c
        if self.iterations + 2 >= len(LN):  # availabilities never exceed the iterations + 1
            _grow_ln(self.iterations + 2)
        lnt = LN
        sqrt = math.sqrt
        whole_game = k.horizon == "game"
        rave = k.rave
        seq: list[tuple[int, str]] | None = [] if rave else None
        starts: list[int] = []
        first = True
        while not s.is_over() and (whole_game or s.round == root_round):
            movers = s.to_move()
            if first:
                # the searching seat decides at the root (it may share it with others)
                movers = [self.seat] + [x for x in movers if x != self.seat]
                first = False
            picks: list[tuple[int, str]] = []
            expanded = False
            for seat in movers:
                if seat not in s.to_move():
                    continue
                table = node.stats.get(seat)
                if table is None:
                    table = node.stats[seat] = {}
                if node is self.root and seat == self.seat and self.halving is not None:
                    m = self.halving.next(table, self.spent)
                    e = table.get(m)
                    if e is None:
                        table[m] = [0, 0.0, 1]
                        expanded = True
                    else:
                        e[2] += 1
                    picks.append((seat, m))
                    s.play(seat, m)
                    continue
                moves = s.legal_moves(seat)
                cs = c if seat == self.seat else self.c_opp
                untried = None
                best_m, best_v = None, -1.0
                amaf = node.amaf.get(seat) if rave else None
                for m in moves:
                    e = table.get(m)
                    if e is None:
                        if untried is None:
                            untried = [m]
                        else:
                            untried.append(m)
                        continue
                    e[2] += 1
                    if untried is None:
                        q = e[1] / e[0]
                        if amaf is not None:
                            a = amaf.get(m)
                            if a is not None:
                                beta = sqrt(rave / (3 * e[0] + rave))
                                q = (1.0 - beta) * q + beta * a[1] / a[0]
                        v = q + cs * sqrt(lnt[e[2]] / e[0])
                        if v > best_v:
                            best_m, best_v = m, v
                if untried is not None:
                    if amaf:
                        m = _best_by_amaf(untried, amaf)
                    else:
                        m = k.pick_untried(s, seat, untried, rng)
                    table[m] = [0, 0.0, 1]
                    expanded = True
                else:
                    assert best_m is not None
                    m = best_m
                picks.append((seat, m))
                s.play(seat, m)
            path.append((node, picks))
            if seq is not None:
                starts.append(len(seq))
                seq.extend(picks)
            key = picks[0][1] if len(picks) == 1 else tuple(m for _, m in picks)
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = Node()
                expanded = True
            node = child
            if expanded:
                break
        rewards = k.rollout(s, root_round, rng, self.ctx, seq)
        for nd, picks in path:
            stats = nd.stats
            for seat, m in picks:
                e = stats[seat][m]
                e[0] += 1
                e[1] += rewards[seat]
        if seq is not None:
            _update_amaf(path, starts, seq, rewards)


class Halving:
    """Sequential halving over the root's moves for a fixed iteration budget.

    ``rounds`` = ceil(log2(moves)); every round has ``budget // rounds`` iterations,
    shared equally by the moves still in it, played in turn; then the better half by
    mean reward stays (ties: more visits, then the earlier move).  Given the time cap
    ``seconds``, round r also ends once the search has spent r/rounds of it.

    >>> h = Halving.start(["a", "b", "c", "d"], 8, True)
    >>> table = {}
    >>> for _ in range(4):
    ...     m = h.next(table)
    ...     table.setdefault(m, [0, 0.0, 0])[0] += 1
    ...     table[m][1] += {"a": 0.1, "b": 0.9, "c": 0.5, "d": 0.2}[m]
    >>> h.next(table), h.alive            # the first round is over: the better half stays
    ('b', ['b', 'c'])
    >>> h.best(table)
    'b'
    >>> h = Halving.start(["a", "b", "c", "d"], 800, True, seconds=1.0)
    >>> h.next(table, 0.2), h.alive       # round 1 has half the second...
    ('a', ['a', 'b', 'c', 'd'])
    >>> h.next(table, 0.5), h.alive       # ... and it is over, whatever its iterations
    ('b', ['b', 'c'])
    """

    def __init__(self, moves: list[str], budget: int, seconds: float | None = None) -> None:
        self.alive = list(moves)
        self.rounds = max(1, (len(moves) - 1).bit_length())
        self.per_round = max(len(moves), budget // self.rounds)
        #: the time share of a round (None: rounds end by iterations only)
        self.round_seconds = seconds / self.rounds if seconds else None
        self.round = 0
        self._quota = max(1, self.per_round // len(self.alive))
        self._turn = 0

    @classmethod
    def start(cls, moves: list[str], budget: int, wanted: bool,
              seconds: float | None = None) -> "Halving | None":
        return cls(moves, budget, seconds) if wanted and len(moves) > 2 else None

    def next(self, table: dict[str, list[Any]], spent: float = 0.0) -> str:
        """The root move of the next iteration, ``spent`` seconds into the search."""
        if len(self.alive) > 1 and (self._turn >= len(self.alive) * self._quota or (
                self.round_seconds is not None and spent >= (self.round + 1) * self.round_seconds)):
            self._halve(table)
        m = self.alive[self._turn % len(self.alive)]
        self._turn += 1
        return m

    @staticmethod
    def _rank(table: dict[str, list[Any]], m: str) -> tuple[float, int]:
        """(mean reward, visits) of root move ``m``; a move never tried ranks last."""
        e = table.get(m)
        return (e[1] / e[0], e[0]) if e and e[0] else (-1.0, 0)

    def _halve(self, table: dict[str, list[Any]]) -> None:
        order = sorted(range(len(self.alive)), key=lambda i: (self._rank(table, self.alive[i]), -i), reverse=True)
        keep = sorted(order[:(len(self.alive) + 1) // 2])
        self.alive = [self.alive[i] for i in keep]
        self._quota = max(1, self.per_round // len(self.alive))
        self._turn = 0
        self.round += 1

    def best(self, table: dict[str, list[Any]]) -> str:
        """The move still in the running with the best mean so far."""
        return max(self.alive, key=lambda m: self._rank(table, m))  # ties: the earlier move


def _best_by_amaf(moves: list[str], amaf: dict[str, list[Any]]) -> str:
    """The untried move whose all-moves-as-first mean is highest (unknown: 0.5)."""
    best, best_v = moves[0], -1.0
    for m in moves:
        a = amaf.get(m)
        v = a[1] / a[0] if a is not None else 0.5
        if v > best_v:
            best, best_v = m, v
    return best


def _update_amaf(path: list[Any], starts: list[int], seq: list[tuple[int, str]], rewards: list[float]) -> None:
    """RAVE: credit every move a seat played from a node on (first time only) to that node."""
    for (nd, _), start in zip(path, starts):
        seen = set()
        tables = nd.amaf
        for sm in seq[start:]:
            if sm in seen:
                continue
            seen.add(sm)
            seat, m = sm
            tab = tables.get(seat)
            if tab is None:
                tab = tables[seat] = {}
            a = tab.get(m)
            if a is None:
                tab[m] = [1, rewards[seat]]
            else:
                a[0] += 1
                a[1] += rewards[seat]


def random_move(state: State, seat: int, seed: int = 0) -> str:
    """A uniformly random legal move (deterministic per seed)."""
    moves = state.legal_moves(seat)
    return moves[randbelow(make_rng(f"random|{seed}|{seat}"), len(moves))]
