"""What the search may know about a game: defaults for any game, plus per-game modules.

The generic search (:mod:`game.ai.search`) asks a :class:`Knowledge` for

* ``rollout(state, root_round, rng, ctx)``: play on from a tree leaf to the
  horizon (the end of the current round, or of the game) and return one reward
  in [0, 1] per seat;
* ``pick_untried(state, seat, moves, rng)``: which untried move to expand first;
* ``heuristic_move(state, seat, rng)``: the rule-based player (no search).

Defaults work for every registered game through the contract alone: random
rollouts, and an evaluation from the result (winners) or from the points
scored since the root, in the direction the game counts (found once per game
by playing random games: do the winners hold the highest or the lowest
scores?).  A module ``game/ai/heuristics/<module>.py`` (module name as in
``game/rules``) may define any of ``heuristic_move``, ``rollout_move``,
``evaluate``, ``pick_untried``, ``UCB_C``, ``UCB_C_OPP`` (UCB's constant at the other
seats' choices in the tree; default ``UCB_C``), ``ITERATIONS``, ``HORIZON``,
``ROLLOUT_DEPTH``, ``TRUSTED_POLICY``, ``RAVE``, ``ROOT_HALVING``, and

* ``rollout_cap(state) -> int``: the rollout depth from this leaf (e.g. play
  to the end once the exact final scoring is near);
* ``random_rollout(state, rng, cap) -> None``: for a game of one round, the
  random rollout's moves played faster than through notations: the same draws
  from ``rng`` and the same moves as the generic loop below, at most ``cap``
  of them, the state then thrown away (its history is not kept); used when
  there is no rollout policy and no trace is asked for;
* ``root_solver(state, seat, level, seed)``: an object with ``step(nodes) -> bool``
  and ``move`` (:class:`game.ai.solver.RootProver`), run before the search;
  a proven winning move is played at once; ``PROVER_SHARE`` (default 1.0): the
  share of the level's time cap it may use, the rest left to the search (less
  than 1 where the search, not the solver, is the main player, so a proof that
  does not come on a slow machine still leaves a searched move);
* ``ponder(state, seat, level, memory)``: an object with ``step(nodes) -> bool``
  that thinks for ``seat`` during another seat's turn, keeping what it finds in
  ``memory`` (a dict the player keeps for one game); a game that ponders takes
  the same ``memory`` as a last argument of ``root_solver``;
* ``exact_ready(state) -> bool`` (+ ``EXACT_BUDGET`` positions per world,
  ``EXACT_WORLDS`` worlds per level): the position is small enough to decide
  by solving sampled worlds exactly (:class:`game.ai.solver.SampledSolver`)
  instead of searching; within ``PROVER_SHARE`` of the cap, after which the
  worlds solved so far decide (or the search, if they are too few);
* ``blunder(state, seat, move) -> bool``: a mistake a person notices at once;
  the search's choice is vetoed when it is one and the search is not
  confident (its mean beats the best other move by less than ``VETO_MARGIN``);
* ``budget(state, seat, level, n) -> int``: the iteration budget for this
  position, from the level's ``n`` (e.g. more for a decision that sets up a
  whole round);
* ``sampler(state, seat, level, rng)``: a function ``rng -> State`` that draws
  the worlds of one search (default ``state.determinize(seat, rng)``; a game
  may weight them by how likely the observed plays were).
"""

from __future__ import annotations

import importlib
import importlib.util
import random
from types import ModuleType
from typing import Any, Callable

from ..core import State, make_rng, randbelow
from .solver import SampledSolver

#: default iteration budgets per level (a game module may override)
ITERATIONS = {"easy": 0, "normal": 1000, "hard": 3000}
#: a rollout that has not reached the horizon after this many moves is evaluated where it is
ROLLOUT_CAP = 3000

def score_sign(game_id: str, players: int | None = None, options: dict[str, Any] | None = None) -> int:
    """+1 if the game's winners hold the highest scores, -1 if the lowest
    (as the game declares it: ``GameState.LOWER_WINS``).

    >>> score_sign("hermit", 4)
    -1
    """
    from .. import GAMES

    return -1 if GAMES[game_id].LOWER_WINS else 1


def _module_for(game_id: str) -> ModuleType | None:
    """The game's heuristics module, named after its rules module (None if it has none)."""
    from .. import module_name

    name = f"{__package__}.heuristics.{module_name(game_id)}"
    if importlib.util.find_spec(name) is None:
        return None
    return importlib.import_module(name)


class Knowledge:
    """Game knowledge for the search, with generic defaults.

    ``plain=True`` ignores the game's module: the search is then plain
    (IS)MCTS with random rollouts (the baseline the heuristics must beat).
    """

    def __init__(self, state: State, plain: bool = False) -> None:
        self.game_id = state.GAME_ID
        self.players = state.players
        self.module = None if plain else _module_for(state.GAME_ID)
        m = self.module
        self.ucb_c: float = getattr(m, "UCB_C", 0.7)
        #: UCB's constant where another seat chooses in the tree: lower, and the tree's
        #: opponents play more as their best replies so far say (greedier, stronger)
        self.ucb_c_opp: float = getattr(m, "UCB_C_OPP", self.ucb_c)
        self.iterations: dict[str, int] = dict(ITERATIONS)
        self.iterations.update(getattr(m, "ITERATIONS", {}))
        self.horizon: str = getattr(m, "HORIZON", "round")
        #: RAVE equivalence constant (0: no RAVE); for games where a move means the
        #: same whenever it is played (stone placements)
        self.rave: float = getattr(m, "RAVE", 0)
        #: sequential halving at the root instead of UCB (see game.ai.search)
        self.root_halving: bool = getattr(m, "ROOT_HALVING", False)
        #: evaluate a rollout after this many moves (None: play to the horizon)
        self.depth: int = getattr(m, "ROLLOUT_DEPTH", None) or ROLLOUT_CAP
        self._rollout_move: Callable[..., Any] | None = getattr(m, "rollout_move", None)
        self._evaluate: Callable[..., Any] | None = getattr(m, "evaluate", None)
        self._pick: Callable[..., Any] | None = getattr(m, "pick_untried", None)
        self._heuristic: Callable[..., Any] | None = getattr(m, "heuristic_move", None)
        #: the module promises its rollout moves are legal: skip play()'s check
        self.trusted: bool = getattr(m, "TRUSTED_POLICY", False)
        self._rollout_cap: Callable[..., Any] | None = getattr(m, "rollout_cap", None)
        self._random_rollout: Callable[..., Any] | None = getattr(m, "random_rollout", None)
        self._exact_ready: Callable[..., Any] | None = getattr(m, "exact_ready", None)
        self.exact_budget: int = getattr(m, "EXACT_BUDGET", 2000)
        self.exact_worlds: dict[str, int] = getattr(m, "EXACT_WORLDS", {"normal": 100, "hard": 300})
        self._root_solver: Callable[..., Any] | None = getattr(m, "root_solver", None)
        self.prover_share: float = getattr(m, "PROVER_SHARE", 1.0)
        self._ponder: Callable[..., Any] | None = getattr(m, "ponder", None)
        self._blunder: Callable[..., Any] | None = getattr(m, "blunder", None)
        self.veto_margin: float = getattr(m, "VETO_MARGIN", 0.05)
        self._sampler: Callable[..., Any] | None = getattr(m, "sampler", None)
        self._budget: Callable[..., Any] | None = getattr(m, "budget", None)
        self.sign = score_sign(state.GAME_ID, state.players, state.options)

    # ---- context of one search ----------------------------------------------------

    def context(self, state: State, seat: int) -> dict[str, Any]:
        """Public facts about the root that the evaluation compares against."""
        return {"seat": seat, "scores": list(state.scores()), "round": state.round,
                "players": state.players, "sign": self.sign}

    # ---- policies -------------------------------------------------------------------

    def pick_untried(self, state: State, seat: int, moves: list[str], rng: random.Random) -> str:
        if self._pick is not None:
            return str(self._pick(state, seat, moves, rng))
        return moves[randbelow(rng, len(moves))]

    def heuristic_move(self, state: State, seat: int, rng: random.Random) -> str:
        if self._heuristic is not None:
            return str(self._heuristic(state, seat, rng))
        moves = state.legal_moves(seat)
        return moves[randbelow(rng, len(moves))]

    def budget(self, state: State, seat: int, level: str, n: int) -> int:
        """Iterations for this decision (the level's ``n`` unless the game says otherwise)."""
        return self._budget(state, seat, level, n) if self._budget is not None else n

    def blunder(self, state: State, seat: int, move: str) -> bool:
        """Whether ``move`` is a visible mistake (the game's rule-based veto)."""
        return self._blunder is not None and self._blunder(state, seat, move)

    def root_solver(self, state: State, seat: int, level: str, seed: int = 0,
                    memory: dict[str, Any] | None = None) -> Any:
        """The game's exact solver for this root, or None (``memory``: see :meth:`ponder`)."""
        if self._root_solver is not None:
            if memory is not None and self._ponder is not None:
                return self._root_solver(state, seat, level, seed, memory)
            return self._root_solver(state, seat, level, seed)
        if self._exact_ready is not None and level in self.exact_worlds and self._exact_ready(state):
            rng = make_rng(f"pimc|{seed}|{seat}")
            sample = self.sampler(state, seat, level, make_rng(f"pimc-worlds|{seed}|{seat}"))
            return SampledSolver(state, seat, sample, rng, self.exact_worlds[level],
                                 self._evaluate or generic_evaluate, self.context(state, seat), self.exact_budget)
        return None

    def ponder(self, state: State, seat: int, level: str, memory: dict[str, Any]) -> Any:
        """What ``seat`` may think about during another seat's turn, or None: an object
        with ``step(nodes) -> bool`` keeping its findings in ``memory``, where this
        player's next :meth:`root_solver` reads them."""
        return self._ponder(state, seat, level, memory) if self._ponder is not None else None

    def sampler(self, state: State, seat: int, level: str, rng: random.Random) -> Callable[[random.Random], State]:
        """``rng -> State``: the worlds one search samples (the information set of ``seat``)."""
        if self._sampler is not None:
            sample: Callable[[random.Random], State] = self._sampler(state, seat, level, rng)
            return sample
        return lambda r: state.determinize(seat, r)

    def rollout(self, s: State, root_round: int, rng: random.Random, ctx: dict[str, Any],
                trace: list[Any] | None = None) -> list[float]:
        """Play to the horizon with the rollout policy; rewards per seat.

        ``trace`` (RAVE) receives every (seat, move) played."""
        policy = self._rollout_move
        whole_game = self.horizon == "game"
        trusted = policy is None or self.trusted
        cap = self.depth if self._rollout_cap is None else self._rollout_cap(s)
        if policy is None and trace is None and self._random_rollout is not None:
            self._random_rollout(s, rng, cap)
            return self._evaluate(s, ctx) if self._evaluate is not None else generic_evaluate(s, ctx)
        n = 0
        while not s.is_over() and (whole_game or s.round == root_round):
            seat = s.to_move()[0]
            if policy is not None:
                m = policy(s, seat, rng)
                if m is None:  # the policy asks to evaluate here
                    break
            else:
                m = s.random_move(seat, rng)
            if trace is not None:
                trace.append((seat, m))
            if trusted:
                s.push(seat, m)
            else:
                s.play(seat, m)
            n += 1
            if n >= cap:
                break
        if self._evaluate is not None:
            rewards: list[float] = self._evaluate(s, ctx)
            return rewards
        return generic_evaluate(s, ctx)


def generic_evaluate(s: State, ctx: dict[str, Any]) -> list[float]:
    """Rewards in [0, 1] per seat from the contract alone.

    A finished single-round game: the result (shared wins split), with the
    score margin as a small tie-breaker.  Otherwise (a round ended, or a cut-off
    rollout): the points each seat gained since the root relative to the mean
    of the others, in the game's direction, squashed into [0, 1].
    """
    n = ctx["players"]
    sign = ctx["sign"]
    sc = s.scores()
    root = ctx["scores"]
    d = [sign * float(sc[i] - root[i]) for i in range(n)]
    if n == 1:
        if s.is_over():
            return [1.0 if s.winners() == [0] else 0.0]
        x = d[0] / 4
        return [0.5 + 0.5 * x / (1.0 + abs(x))]  # arithmetic only: same bits everywhere
    total = sum(d)
    rel = [(d[i] - (total - d[i]) / (n - 1)) for i in range(n)]
    scale = max(1.0, max(abs(r) for r in rel))
    margin = [0.5 + 0.5 * r / scale for r in rel]
    if s.is_over() and s.round == ctx["round"]:
        w = s.winners()
        share = 1.0 / len(w) if w else 0.0
        return [0.85 * (share if i in w else 0.0) + 0.15 * margin[i] for i in range(n)]
    return margin


_CACHE: dict[tuple[str, int, bool, str], Knowledge] = {}


def knowledge_for(state: State, plain: bool = False) -> Knowledge:
    """The (cached) Knowledge for a state's game and player count."""
    key = (state.GAME_ID, state.players, plain, repr(sorted(state.options.items())))
    k = _CACHE.get(key)
    if k is None:
        k = _CACHE[key] = Knowledge(state, plain)
    return k
