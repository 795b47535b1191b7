"""Exact search where a game gets small: the endgame solvers the ISMCTS calls.

Two solvers, both game-agnostic (they play moves through the contract:
``legal_moves``, ``clone``, ``push``) and both bounded by a node budget, so
they give up (return None) rather than run long:

* :func:`maxn` solves one sampled world of a multi-player game to the end of
  the round, each seat choosing the move best for its own evaluation (max^n,
  Luckhardt & Irani 1986): the double-dummy analysis a Bridge or Skat program
  runs on each sampled deal, here on the few cards left in a trick game.
* :func:`prove` decides a two-player perfect-information game exactly
  (negamax over won/lost with a transposition table): the stones game's
  ending, where the AI must never throw away a won position.

>>> from game import new_game
>>> s = new_game("hermit-stones", options={"board": "square5"})
>>> while len(s.legal_moves(s.to_move()[0])) > 5:
...     s.play(s.to_move()[0], s.legal_moves(s.to_move()[0])[0])
>>> prove(s, s.to_move()[0], budget=100_000) in (True, False)
True
"""

from __future__ import annotations

import random
from typing import Any, Callable

from ..core import State


class Budget:
    """A node counter shared by one solve; ``spent()`` once it runs out."""

    __slots__ = ("left",)

    def __init__(self, nodes: int) -> None:
        self.left = nodes

    def take(self) -> bool:
        self.left -= 1
        return self.left >= 0


def maxn(state: State, root_round: int, evaluate: Callable[[State, dict[str, Any]], list[float]],
         ctx: dict[str, Any], budget: int) -> list[float] | None:
    """Rewards per seat of ``state`` (one full world) under max^n play to the round's end.

    Every seat, at its turn, picks the move whose solved outcome gives IT the
    highest reward (ties: the first such move).  Returns None when a
    simultaneous choice comes up (hidden commits are not a sequential game)
    or the budget of nodes runs out.
    """
    run = MaxnRun(state.clone(), root_round, evaluate, ctx, Budget(budget))
    run.run(budget + 1)
    return run.value


class MaxnRun:
    """One :func:`maxn` solve, depth first with its own stack, so that it can pause.

    ``run(nodes)`` expands about ``nodes`` more positions and returns True once
    the solve is over: ``value`` is then the rewards, or None where :func:`maxn`
    gives None (``failed``).  It visits the positions in the same order however
    it is sliced, so the result never depends on the slicing; a browser page
    can run a large solve in short slices.  ``state`` is played on, not copied.

    >>> from game import new_game
    >>> from game.ai.knowledge import knowledge_for
    >>> s = new_game("hermit", players=3, seed=4)
    >>> while sum(len(h) for h in s.hands) > 5:
    ...     seat = s.to_move()[0]
    ...     s.play(seat, s.legal_moves(seat)[0])
    >>> k = knowledge_for(s)
    >>> ev, ctx = k._evaluate, k.context(s, 0)
    >>> run = MaxnRun(s.clone(), s.round, ev, ctx, Budget(10**6))
    >>> while not run.run(3):
    ...     pass
    >>> run.value == maxn(s, s.round, ev, ctx, 10**6)
    True
    """

    __slots__ = ("root_round", "evaluate", "ctx", "budget", "stack", "value", "failed", "done")

    def __init__(self, state: State, root_round: int, evaluate: Callable[[State, dict[str, Any]], list[float]],
                 ctx: dict[str, Any], budget: Budget) -> None:
        self.root_round = root_round
        self.evaluate = evaluate
        self.ctx = ctx
        self.budget = budget
        #: frames ``[state, seat to move, its moves, next move's index, best rewards so far,
        #: number of moves]``
        self.stack: list[list[Any]] = []
        self.value: list[float] | None = None
        self.failed = False
        self.done = False
        v = self._enter(state)
        if v is not None:
            self._finish(v)

    def _enter(self, s: State) -> list[float] | None:
        """A leaf's rewards, or None having pushed the position's frame (or failed)."""
        if s.is_over() or s.round != self.root_round:
            return self.evaluate(s, self.ctx)
        movers = s.to_move()
        if not self.budget.take() or len(movers) != 1:
            self._fail()
            return None
        moves = s.legal_moves(movers[0])
        self.stack.append([s, movers[0], moves, 0, None, len(moves)])
        return None

    def _fail(self) -> None:
        self.stack.clear()
        self.failed = self.done = True

    def _finish(self, v: list[float] | None) -> None:
        self.value = v
        self.done = True

    def run(self, nodes: int) -> bool:
        """Expand up to about ``nodes`` more positions; True once the solve is over."""
        b = self.budget
        limit = b.left - nodes
        stack = self.stack
        while stack:
            f = stack[-1]
            i = f[3]
            if i == f[5]:                        # every move solved: hand the best up
                stack.pop()
                v = f[4]
                if not stack:
                    self._finish(v)
                    break
                up = stack[-1]
                if up[4] is None or v[up[1]] > up[4][up[1]]:
                    up[4] = v
                continue
            if b.left <= limit:                  # out of this slice's positions: pause
                return False
            f[3] = i + 1
            seat = f[1]
            c = f[0] if i + 1 == f[5] else f[0].clone()
            c.push(seat, f[2][i])
            v = self._enter(c)
            if v is not None:
                if f[4] is None or v[seat] > f[4][seat]:
                    f[4] = v
            elif self.failed:
                break
        return self.done


def prove(state: State, seat: int, budget: int, table: dict[str, Any] | None = None,
          key: Callable[[State], Any] | None = None) -> bool | None:
    """Whether ``seat`` wins ``state`` against every defence (True / False), or
    None when the budget of nodes runs out first.

    A two-player perfect-information game played to its end; the seat to
    move may repeat (a seat with no move is skipped).  ``key(state)`` names a
    position for the transposition table (default: none kept).
    """
    b = Budget(budget)
    return _prove(state.clone(), seat, b, table if table is not None else {}, key)


def _prove(s: State, seat: int, b: Budget, table: dict[Any, bool],
           key: Callable[[State], Any] | None) -> bool | None:
    if s.is_over():
        return seat in s.winners()
    k = None
    if key is not None:
        k = key(s)
        hit = table.get(k)
        if hit is not None:
            return bool(hit)
    if not b.take():
        return None
    mover = s.to_move()[0]
    moves = s.legal_moves(mover)
    want = mover == seat       # the mover looks for a move that gives it the win
    unknown = False
    result = not want
    for i, m in enumerate(moves):
        c = s if i == len(moves) - 1 else s.clone()
        c.push(mover, m)
        v = _prove(c, seat, b, table, key)
        if v is None:
            unknown = True
            if b.left < 0:
                return None
            continue
        if v == want:
            result = want
            break
    else:
        if unknown:
            return None
    if k is not None:
        table[k] = result
    return result


class RootProver:
    """Finds a move that wins by force for ``seat``, in resumable chunks.

    ``step(nodes)`` spends about ``nodes`` positions and returns True once
    decided: ``move`` is then a proven win, or None when every move loses
    (``lost``) or the total budget ran out first.  Positions proven along the
    way are kept in the transposition table, so a chunk that runs out of
    nodes still leaves the next one less to do: the search can run in the
    short slices a browser page needs.
    """

    def __init__(self, state: State, seat: int, budget: int,
                 key: Callable[[Any], Any], order: Callable[[Any, int, list[str]], list[str]] | None = None) -> None:
        self.state = state
        self.seat = seat
        moves = state.legal_moves(seat)
        self.moves = order(state, seat, moves) if order is not None else moves
        self.left = budget
        self.key = key
        self.table: dict[str, Any] = {}
        self.i = 0
        self.move: str | None = None
        self.lost = False
        self.done = not self.moves
        self.nodes = 0

    def step(self, nodes: int) -> bool:
        while not self.done:
            if self.left <= 0:
                self.done = True
                break
            chunk = min(nodes, self.left)
            v, used = self._prove_move(self.i, chunk)
            self.left -= used
            self.nodes += used
            nodes -= used
            if v is True:
                self.move, self.done = self.moves[self.i], True
            elif v is False:
                self.i += 1
                if self.i == len(self.moves):
                    self.lost = self.done = True
            if nodes <= 0:
                break
        return self.done

    def _prove_move(self, i: int, chunk: int) -> tuple[bool | None, int]:
        """Whether root move ``i`` wins by force (None: not decided within ``chunk``
        positions), and the positions spent."""
        c = self.state.clone()
        c.push(self.seat, self.moves[i])
        b = Budget(chunk)
        v = _prove(c, self.seat, b, self.table, self.key)
        return v, chunk - max(b.left, 0)


#: the fewest fully solved worlds whose totals may decide when the solver's time runs out
SETTLE_WORLDS = 8


class SampledSolver:
    """Perfect-information Monte Carlo with an exact solver (the Bridge/Skat way).

    For each of ``worlds`` worlds drawn by ``sample(rng)`` (the seat's
    information set), every root move is solved exactly with :func:`maxn` to
    the end of the round; the move with the highest total reward for ``seat``
    is chosen (ties: the first).  Used once few cards are left, where one
    world solves in a few dozen positions.  ``step(nodes)`` solves root moves
    of the current world until about ``nodes`` positions are spent (the same
    sequence of solves whatever the slicing, so the same result); it gives up (``move`` None, done)
    as soon as one world cannot be solved within ``budget`` positions or
    holds a simultaneous choice: the ordinary search then decides.

    Where its time runs out first (the search calls :meth:`settle` at the end of the
    solver's share of the level's cap), the worlds solved so far decide if there are at
    least :data:`SETTLE_WORLDS` of them, else the search does.
    """

    #: positions a step of the search asks for: about 5 ms of CPython here in Hermit (a
    #: position is a copy, a move and the legal moves), so that a slice of the search
    #: stays short in the browser; a solve pauses mid-world, so this never changes a result
    chunk = 100

    def __init__(self, state: State, seat: int, sample: Callable[..., Any], rng: random.Random, worlds: int,
                 evaluate: Callable[..., Any], ctx: dict[str, Any], budget: int) -> None:
        self.state = state
        self.seat = seat
        self.sample = sample
        self.rng = rng
        self.worlds = worlds
        self.evaluate = evaluate
        self.ctx = ctx
        self.budget = budget
        self.moves = state.legal_moves(seat)
        self.totals = [0.0] * len(self.moves)
        self.solved = 0
        self.nodes = 0
        self.move: str | None = None
        self.done = len(self.moves) < 2 or len(state.to_move()) != 1
        self._world: State | None = None
        self._budget = Budget(budget)
        self._values: list[float] = []
        #: the root move's solve in the current world, paused at the end of a step
        self._run: MaxnRun | None = None

    def step(self, nodes: int) -> bool:
        spent = 0
        while not self.done and spent < nodes:
            if self._world is None:  # the next world: solved one root move at a time
                self._world = self.sample(self.rng)
                self._budget = Budget(self.budget)
                self._values = []
            b = self._budget
            before = b.left
            if self._run is None:
                c = self._world.clone()
                c.push(self.seat, self.moves[len(self._values)])
                self._run = MaxnRun(c, self.state.round, self.evaluate, self.ctx, b)
            over = self._run.run(nodes - spent)
            spent += before - b.left
            self.nodes += before - b.left
            if not over:
                continue
            v = self._run.value
            self._run = None
            if v is None:
                self.done = True
                return True
            self._values.append(v[self.seat])
            if len(self._values) < len(self.moves):
                continue
            for i, x in enumerate(self._values):
                self.totals[i] += x
            self._world = None
            self.solved += 1
            if self.solved >= self.worlds:
                self._decide()
        return self.done

    def settle(self) -> bool:
        """Out of time: decide by the worlds solved so far if there are at least
        :data:`SETTLE_WORLDS` (True), else give up for the search (False).  Done either way."""
        if self.done:
            return self.move is not None
        if self.solved >= SETTLE_WORLDS:
            self._decide()
            return True
        self.done = True
        return False

    def _decide(self) -> None:
        """The move with the highest total over the solved worlds (ties: the first)."""
        best = 0
        for i in range(1, len(self.moves)):
            if self.totals[i] > self.totals[best]:
                best = i
        self.move = self.moves[best]
        self.done = True
