"""UCB's two constants in the search (game/ai/search.py): ``UCB_C`` where the searching
seat chooses and ``UCB_C_OPP`` where another seat does (Ferret's opponent in the tree is
greedier: plans 88, 90 and 91 in docs/ai-strength.md)."""

from __future__ import annotations

from game import new_game
from game.ai.knowledge import knowledge_for
from game.ai.search import Search


def test_a_game_without_its_own_opponents_constant_uses_one_constant() -> None:
    k = knowledge_for(new_game("hermit", players=4, seed=1))
    assert k.ucb_c_opp == k.ucb_c


def test_ferrets_opponent_explores_less_than_the_searching_seat() -> None:
    k = knowledge_for(new_game("ferret", seed=1))
    assert (k.ucb_c, k.ucb_c_opp) == (0.7, 0.35)


def test_a_constant_given_to_the_search_sets_both() -> None:
    s = new_game("ferret", seed=1)
    search = Search(s, s.to_move()[0], None, iterations=10, seconds=5.0, c=0.2)
    assert (search.c, search.c_opp) == (0.2, 0.2)


def _top_reply(c_opp: float) -> int:
    """The most iterations any one reply of the opponent got, below any root move of one
    Ferret search (800 iterations).  Its replies depend on the cards it is dealt in each
    sampled world, so a reply node holds a hundred or so, most of them tried once: UCB's
    constant decides only how often the opponent goes back to the ones already tried."""
    s = new_game("ferret", seed=5)
    seat = s.to_move()[0]
    search = Search(s, seat, None, iterations=800, seconds=60.0, seed=1)
    search.c_opp = c_opp
    while not search.step(60.0):
        pass
    return max(e[0] for child in search.root.children.values()
               for e in child.stats.get(1 - seat, {}).values())


def test_the_opponents_constant_decides_how_the_opponent_chooses_in_the_tree() -> None:
    # nearly greedy, the opponent goes back to its best reply so far; exploring widely, it spreads
    greedy, wide = _top_reply(0.05), _top_reply(3.0)
    assert greedy >= 2 * wide >= 2
