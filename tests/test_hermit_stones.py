"""Hermit (stones), Phil Leduc: one test per rule of rules/hermit-stones.txt.

Positions are reached by real moves.  The finished games below were found by
seeded random play on square5 and are replayed move by move; each is checked
to be the tie-break it illustrates (the rules' Figures 2 and 3 are not in the
text we have).
"""

from __future__ import annotations

import json
import math
import random

import pytest
from hypothesis import given, settings, strategies as st

from game import IllegalMove, new_game
from game.rules.boards import BOARDS, hex_board, square_board
from game.rules.hermit_stones import ALLOWED, STONES, GameState, decide

GID = "hermit-stones"


def game(board: str = "square7", first: int = 0):
    return new_game(GID, options={"board": board, "first": first})


def play_all(state, moves: str):
    """Play 'seat:cell' tokens in order."""
    for token in moves.split():
        seat, cell = token.split(":")
        state.play(int(seat), cell)
    return state


def flood_groups(state) -> list[tuple[int, list[int]]]:
    """(seat, cells) of every group, by flood fill of the whole board."""
    b = state.board
    seen: set[int] = set()
    out = []
    for start in range(len(b.cells)):
        seat = state.stone[start]
        if seat < 0 or start in seen:
            continue
        stack, cells = [start], []
        seen.add(start)
        while stack:
            c = stack.pop()
            cells.append(c)
            for n in b.neighbours[c]:
                if n not in seen and state.stone[n] == seat:
                    seen.add(n)
                    stack.append(n)
        out.append((seat, sorted(cells)))
    return out


def brute_open(state, seat: int) -> list[str]:
    """Cells where ``seat`` may place, by trying each one and flood filling."""
    b = state.board
    out = []
    for c in range(len(b.cells)):
        if state.stone[c] >= 0 or (state.placed == 0 and c == b.centre):
            continue
        state.stone[c] = seat
        size = next(len(cells) for s, cells in flood_groups(state) if c in cells)
        state.stone[c] = -1
        if size in ALLOWED:
            out.append(b.cells[c])
    return out


def random_game(board: str, seed: int, check=None):
    rng = random.Random(seed)
    s = game(board)
    while not s.is_over():
        seat = s.to_move()[0]
        s.play(seat, rng.choice(s.legal_moves(seat)))
        if check:
            check(s)
    return s


# ---- boards ------------------------------------------------------------------


@pytest.mark.parametrize("name,count", [("square7", 49), ("hex5", 61), ("square5", 25),
                                        ("square9", 81), ("hex4", 37)])
def test_every_board_has_its_cell_count(name, count):
    """'A 7 x 7 square (standard) or 5 x 5 hex game board' (hex5: 61 hexagons),
    plus square5, square9 and hex4."""
    b = BOARDS[name]
    assert len(b.cells) == len(set(b.cells)) == count
    assert len(b.neighbours) == len(b.xy) == count
    assert game(name).legal_moves(0) == [c for c in b.cells if c != b.cells[b.centre]]


def test_square_notation_files_left_to_right_ranks_bottom_to_top():
    """DESIGN: square7 files a-g left to right, ranks 1-7 bottom to top, d4 centre."""
    b = BOARDS["square7"]
    xy = dict(zip(b.cells, b.xy))
    assert xy["a1"] == (0, 6) and xy["g1"] == (6, 6) and xy["a7"] == (0, 0) and xy["g7"] == (6, 0)
    assert b.cells[b.centre] == "d4" and xy["d4"] == (3, 3)
    assert BOARDS["square5"].cells[BOARDS["square5"].centre] == "c3"
    assert BOARDS["square9"].cells[BOARDS["square9"].centre] == "e5"
    assert set(BOARDS["square9"].cells) == {f + r for f in "abcdefghi" for r in "123456789"}


@pytest.mark.parametrize("name,rows", [("hex5", [5, 6, 7, 8, 9, 8, 7, 6, 5]),
                                       ("hex4", [4, 5, 6, 7, 6, 5, 4])])
def test_hex_notation_rows_top_to_bottom_numbered_from_the_left(name, rows):
    """DESIGN: hex5 is a hexagon of 61 hexagons, rows a-i top to bottom of
    lengths 5,6,7,8,9,8,7,6,5, cells numbered from 1 at the left (e5 centre)."""
    b = BOARDS[name]
    letters = "abcdefghi"[:len(rows)]
    assert list(b.cells) == [f"{letters[r]}{i + 1}" for r, n in enumerate(rows) for i in range(n)]
    xy = dict(zip(b.cells, b.xy))
    for r, n in enumerate(rows):
        row = [xy[f"{letters[r]}{i + 1}"] for i in range(n)]
        assert all(y == row[0][1] for _, y in row)                 # one row, one height
        assert [x for x, _ in row] == sorted(x for x, _ in row)    # numbered from the left
        if r:
            assert row[0][1] > xy[f"{letters[r - 1]}1"][1]         # rows go down
    mid = len(rows) // 2
    assert b.cells[b.centre] == f"{letters[mid]}{rows[mid] // 2 + 1}"
    assert BOARDS["hex5"].cells[BOARDS["hex5"].centre] == "e5"


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_adjacency_is_edge_sharing_and_symmetric(name):
    """'edgewise/orthogonally connected': neighbours are exactly the cells whose
    drawn centres are one cell apart, and adjacency is symmetric."""
    b = BOARDS[name]
    for i, (x, y) in enumerate(b.xy):
        near = [j for j, (u, v) in enumerate(b.xy) if j != i and math.isclose(math.hypot(u - x, v - y), 1, abs_tol=1e-3)]
        assert list(b.neighbours[i]) == near
        assert all(i in b.neighbours[j] for j in b.neighbours[i])


def test_square_adjacency_orthogonal_corners_two_edges_three_inside_four():
    """'orthogonally connected' on the square board: no diagonals."""
    b = BOARDS["square7"]
    assert sorted(b.neighbour_names("d4")) == ["c4", "d3", "d5", "e4"]
    assert sorted(b.neighbour_names("a1")) == ["a2", "b1"]
    assert sorted(b.neighbour_names("a4")) == ["a3", "a5", "b4"]
    counts = sorted(len(n) for n in b.neighbours)
    assert counts.count(2) == 4 and counts.count(3) == 4 * 5 and counts.count(4) == 25


@pytest.mark.parametrize("name,side", [("hex5", 5), ("hex4", 4)])
def test_hex_adjacency_centre_six_corners_three_edges_four(name, side):
    """'edgewise connected' on the hex board: six neighbours inside, three at the
    six corners, four along the edges."""
    b = BOARDS[name]
    assert len(b.neighbours[b.centre]) == 6
    last = "abcdefghi"[2 * side - 2]
    mid = "abcdefghi"[side - 1]
    corners = {"a1", f"a{side}", f"{mid}1", f"{mid}{2 * side - 1}", f"{last}1", f"{last}{side}"}
    degree = {c: len(n) for c, n in zip(b.cells, b.neighbours)}
    assert {c for c, d in degree.items() if d == 3} == corners
    assert sum(1 for d in degree.values() if d == 4) == 6 * (side - 2)   # edges between corners
    assert sum(1 for d in degree.values() if d == 6) == 3 * (side - 1) * (side - 2) + 1
    assert set(degree.values()) == {3, 4, 6}
    if name == "hex5":
        assert sorted(b.neighbour_names("e5")) == ["d4", "d5", "e4", "e6", "f4", "f5"]
        assert sorted(b.neighbour_names("a1")) == ["a2", "b1", "b2"]
        assert sorted(b.neighbour_names("i5")) == ["h5", "h6", "i4"]


def test_board_builders_reject_sizes_without_a_centre():
    with pytest.raises(ValueError):
        square_board(6)
    with pytest.raises(ValueError):
        hex_board(1)


# ---- placement ---------------------------------------------------------------------


def test_first_stone_not_on_the_centre_cell():
    """'The first player must place/drop a stone on any empty cell other than the
    center cell.' 'Central cells are off-limits for the first stone placement only.'"""
    for name, centre in (("square7", "d4"), ("hex5", "e5"), ("hex4", "d4"), ("square5", "c3")):
        s = game(name)
        assert centre not in s.legal_moves(0)
        with pytest.raises(IllegalMove, match="first stone .* centre"):
            s.play(0, centre)
        s.play(0, "a1")
        assert centre in s.legal_moves(1)           # off-limits for the first stone only
        s.play(1, centre)
    s = game("square7", first=1)
    assert s.to_move() == [1] and "d4" not in s.legal_moves(1)


def test_group_sizes_one_three_and_five_only():
    """'A group is a set of edgewise/orthogonally connected, like-colored stones of
    size 1, 3 or 5 stones. Groups of size 1 are referred to as hermits.'"""
    s = play_all(game(), "0:a1 1:g7 0:a3 1:e7")
    assert s.size_if(0, "a2") == 3 and "a2" in s.legal_moves(0)
    play_all(s, "0:a2 1:g5 0:c2 1:e5")
    assert s.size_if(0, "b2") == 5 and "b2" in s.legal_moves(0)
    play_all(s, "0:b2")
    v = s.view(1)
    mine = [g for g in v["groups"] if g["seat"] == 0]
    assert mine == [{"group": mine[0]["group"], "seat": 0, "size": 5,
                     "cells": ["a3", "a2", "b2", "c2", "a1"]}]    # board order: top row first
    assert v["hermits"] == [0, 4] and v["fives"] == [1, 0]


def test_even_sized_groups_are_not_allowed():
    """'Even sized groups are not allowed.' (a group of 2, or 3 + 1 = 4)"""
    s = play_all(game(), "0:a1 1:g7")
    assert s.size_if(0, "a2") == 2 and "a2" not in s.legal_moves(0)
    with pytest.raises(IllegalMove, match="group of 2 stones"):
        s.play(0, "a2")
    play_all(s, "0:a3 1:e7 0:a2 1:g5")              # a1-a2-a3: three
    assert s.size_if(0, "a4") == 4 and "a4" not in s.legal_moves(0)
    with pytest.raises(IllegalMove, match="group of 4 stones"):
        s.play(0, "a4")


def test_groups_larger_than_five_are_not_allowed():
    """'groups of even size or any size greater that five may not be created'"""
    s = play_all(game(), "0:a1 1:g7 0:a3 1:e7 0:a2 1:g5 0:c2 1:e5 0:b2 1:c7")   # a 5 for seat 0
    assert s.size_if(0, "b1") == 6 and s.size_if(0, "d2") == 6
    play_all(s, "0:c4 1:g3")
    assert s.size_if(0, "c3") == 7                   # 5 + hermit c4 + the stone
    for cell in ("b1", "b3", "c3", "d2", "a4", "c1"):
        assert cell not in s.legal_moves(0)
    with pytest.raises(IllegalMove, match="group of 7 stones"):
        s.play(0, "c3")


def test_merging_groups_adds_their_sizes():
    """A stone joins every like-coloured group it touches: 'such that groups of
    like-colored stones are formed'; hermit + stone + hermit = 3, 3 + stone + 1 = 5."""
    s = play_all(game(), "0:a1 1:g7 0:a3 1:e7")
    ids = {c["cell"]: c["group"] for c in s.view(0)["cells"] if c["stone"] == 0}
    assert ids["a1"] != ids["a3"] and s.scores() == [2, 2]
    s.play(0, "a2")
    cells = {c["cell"]: c for c in s.view(0)["cells"]}
    assert cells["a1"]["group"] == cells["a2"]["group"] == cells["a3"]["group"]
    assert cells["a1"]["size"] == 3 and s.scores() == [1, 2]
    assert s.group_sizes(0) == [3]


def test_opposing_stones_may_be_adjacent():
    """'Note that opposing stones may be placed adjacent to each other because only
    like-colored stones contribute to the size of a group.'"""
    s = play_all(game(), "0:a1")
    assert s.size_if(1, "a2") == 1 and "a2" in s.legal_moves(1)
    play_all(s, "1:a2 0:a3 1:b1")
    assert s.group_sizes(0) == [1, 1] and s.group_sizes(1) == [1, 1]


def test_off_limit_cells_may_become_available_again():
    """'This means there will be empty cells that may not be used by one or both
    players ... As more stones are placed, some of these off-limit cells may become
    available again!'  Groups never shrink; a cell reopens for a player when a new
    group of his next to it makes the total odd again.  A cell closed to one player
    may be open to the other."""
    s = play_all(game(), "0:b2 1:g7")
    assert "b3" not in s.legal_moves(0)              # 1 + 1 = 2
    assert "b3" in s.view(0)["open"][1]              # yet open to the opponent
    play_all(s, "0:b4 1:e7")
    assert "b3" in s.legal_moves(0) and s.size_if(0, "b3") == 3    # 1 + 1 + 1: available again
    s.play(0, "b3")
    assert s.group_sizes(0) == [3]


def test_a_seat_that_cannot_place_never_can_again():
    """Groups only grow, so a player without a legal placement stays without one
    (opposing stones only fill cells): once skipped, skipped to the end."""
    for seed in range(15):
        blocked: set[int] = set()

        def check(s):
            now = {seat for seat in (0, 1) if not s.view(seat)["open"][seat]}
            assert blocked <= now
            blocked.update(now)

        random_game("square5", seed, check)


# ---- turns and the end -----------------------------------------------------------------

#: a square5 game in which seat 0 runs out of placements before seat 1 does
SKIP_GAME = ("0:b5 1:a4 0:b2 1:e2 0:e4 1:d4 0:c3 1:a1 0:b3 1:c2 0:d1 1:e5 0:b4 1:d5 1:d2")


def test_a_seat_with_no_legal_placement_is_skipped_and_logged():
    """'Players may pass their turn only if they have no legal placement. Their
    opponent continues play if possible.'"""
    s = game("square5")
    play_all(s, SKIP_GAME.rsplit(" ", 2)[0] + " 1:d5")
    assert brute_open(s, 0) == [] and brute_open(s, 1)
    assert s.to_move() == [1] and s.legal_moves(0) == []       # seat 0 is passed over
    with pytest.raises(IllegalMove, match="not seat 0's turn"):
        s.play(0, "d2")
    v = s.view(0)
    assert v["log"][-2:] == [{"seat": 1, "cell": "d5"}, {"seat": 0, "cell": None, "skipped": True}]
    assert v["skipped"] == [0] and v["skips"] == [1, 0] and v["turn"] == 1
    s.play(1, "d2")                                             # the opponent continues
    assert s.is_over()


def test_no_pass_while_a_placement_exists():
    """'Players may pass their turn only if they have no legal placement.'"""
    s = game()
    assert "pass" not in s.legal_moves(0)
    with pytest.raises(IllegalMove):
        s.play(0, "pass")


def test_game_ends_when_neither_player_can_place():
    """'The game ends when neither player can legally place a stone.' 'When both
    players have no legal moves, the game is over and a winner is determined.'"""
    for board in ("square5", "hex4", "square7"):
        for seed in range(4):
            def check(s):
                if not s.is_over():
                    assert brute_open(s, s.to_move()[0]), "the player to move can place"
            s = random_game(board, seed, check)
            assert brute_open(s, 0) == [] and brute_open(s, 1) == []
            assert s.to_move() == [] and s.view(0)["skipped"] == [0, 1]
            assert s.view(0)["phase"] == "over" and s.view(0)["legal"] == []


def test_first_option_chooses_who_places_first():
    """'Players decide who is to play first.' (option first: a seat, default 0;
    blank draws it from the seed)."""
    assert game().to_move() == [0] and game(first=1).to_move() == [1]
    drawn = {new_game(GID, seed=k, options={"first": None}).to_move()[0] for k in range(12)}
    assert drawn == {0, 1}
    assert new_game(GID, seed=3, options={"first": None}).to_move() == \
        new_game(GID, seed=3, options={"first": None}).to_move()
    with pytest.raises(ValueError, match="first"):
        game(first=2)
    with pytest.raises(ValueError, match="board"):
        game("square8")


# ---- scoring ---------------------------------------------------------------------

#: finished square5 games, one per deciding tie-break: (moves, sizes, last placer, winner)
DECIDED = {
    "most groups": ("0:b1 1:a4 0:b3 1:d3 0:e5 1:c4 0:e2 1:b4 0:b5 1:d4 0:c2 1:a2 0:c1 1:d1 0:c3",
                    [[1, 1, 1, 5], [1, 1, 5]], 0, [0]),
    "then most hermits": ("0:c2 1:a4 0:b1 1:c5 0:c1 1:e4 0:d3 1:e1 0:b5 1:a2 0:c3 1:a3 0:e2 1:d2 0:d5 1:d1",
                          [[1, 1, 1, 5], [1, 1, 3, 3]], 1, [0]),
    "then most groups of 3": ("0:a1 1:c3 0:e5 1:c5 0:d1 1:b2 0:b3 1:c2 0:a5 1:e4 0:d3 1:e1 0:d2 1:a4 0:c4 0:d4",
                              [[1, 1, 1, 1, 5], [1, 1, 1, 1, 3]], 0, [1]),
    "finally the last to place": ("0:e2 1:b1 0:b2 1:e4 0:a1 1:a2 0:d5 1:b5 0:a4 1:d1 0:d3 1:c3 0:e3 1:c1 0:d4 1:c2",
                                  [[1, 1, 1, 5], [1, 1, 1, 5]], 1, [1]),
}


@pytest.mark.parametrize("rule", list(DECIDED))
def test_scoring_tie_breaks(rule):
    """'The player with the most groups on the board at game's end wins. Ties are
    broken by the most groups of size 1, then by the most groups of size 3, and
    finally, the last player to place a stone wins.'"""
    moves, sizes, last, winners = DECIDED[rule]
    s = play_all(game("square5"), moves)
    assert s.is_over()
    assert [s.group_sizes(0), s.group_sizes(1)] == sizes
    assert s.scores() == [len(sizes[0]), len(sizes[1])]        # scores: groups per seat
    assert s.view(0)["last_seat"] == last
    assert s.winners() == winners == decide(sizes, last)
    # the earlier criteria really are tied, and the deciding one really differs
    order = list(DECIDED).index(rule)
    keys = [lambda g: len(g), lambda g: g.count(1), lambda g: g.count(3)]
    for k in keys[:order]:
        assert k(sizes[0]) == k(sizes[1])
    if order < 3:
        assert keys[order](sizes[0]) != keys[order](sizes[1])
        assert last not in winners or rule == "most groups"      # beats the last placer


def test_decide_orders_groups_hermits_threes_last():
    """The tie-break chain on its own, including a win against more fives."""
    assert decide([[5, 5, 5], [1, 1]], last=1) == [0]
    assert decide([[1, 3], [1, 5]], last=1) == [0]
    assert decide([[3, 5], [5, 3]], last=0) == [0]
    assert decide([[], []], last=1) == [1]


def test_scores_are_groups_per_seat_during_play():
    """DESIGN: 'Scores: groups per seat.'"""
    s = play_all(game(), "0:a1 1:a2 0:c1 1:g7 0:b1")
    assert s.scores() == [1, 2] and s.view(1)["scores"] == [1, 2]
    assert s.winners() == []


# ---- the view ---------------------------------------------------------------------


def test_view_has_what_a_page_draws():
    s = play_all(game("hex5"), "0:a1 1:e5 0:a3")
    v = s.view(1)
    assert json.loads(json.dumps(v)) == v and v["round"] == 1 and "hand" not in v
    assert v["board"] == "hex5" and v["shape"] == "hex" and v["centre"] == "e5"
    assert len(v["cells"]) == 61 and v["cells"][0] == {"cell": "a1", "x": 2.0, "y": 0.0, "stone": 0,
                                                         "group": 1, "size": 1}
    assert {c["cell"]: c["stone"] for c in v["cells"] if c["stone"] is not None} == {"a1": 0, "a3": 0, "e5": 1}
    assert v["turn"] == 1 and v["legal"] == s.legal_moves(1) and v["open"][1] == v["legal"]
    assert "b1" not in v["open"][0] and "b1" in v["open"][1]      # b1 would join a1: 2
    assert "a2" in v["open"][0]                                    # a1 + a2 + a3: 3
    assert v["last"] == "a3" and v["last_seat"] == 0
    assert v["log"] == [{"seat": 0, "cell": "a1"}, {"seat": 1, "cell": "e5"}, {"seat": 0, "cell": "a3"}]
    assert v["stones"] == [2, 1] and v["hermits"] == [2, 1] and v["skipped"] == [] and v["phase"] == "play"
    assert [g["group"] for g in v["groups"]] == [1, 2, 3]
    assert v == s.view(0) | {"seat": 1}                       # perfect information
    assert s.board.layout()["cells"][0] == {"cell": "a1", "x": 2.0, "y": 0.0}


def test_illegal_moves_explain_themselves_and_change_nothing():
    s = play_all(game(), "0:a1")
    before = s.view(0)
    with pytest.raises(IllegalMove, match="not a cell of square7"):
        s.play(1, "h1")
    with pytest.raises(IllegalMove, match="already holds a stone of seat 0"):
        s.play(1, "a1")
    assert s.view(0) == before
    assert s.determinize(1, random.Random(0)).view(1) == s.view(1)


# ---- properties -------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(board=st.sampled_from(sorted(BOARDS)), picks=st.lists(st.integers(0, 10_000), min_size=10, max_size=90),
       first=st.integers(0, 1))
def test_groups_always_have_size_1_3_or_5_and_match_a_flood_fill(board, picks, first):
    """Every group on the board has 1, 3 or 5 stones at all times, and the
    incremental groups (ids, sizes) and open cells equal a full recomputation."""
    s = game(board, first)
    for p in picks:
        if s.is_over():
            break
        seat = s.to_move()[0]
        moves = s.legal_moves(seat)
        s.play(seat, moves[p % len(moves)])
        flood = flood_groups(s)
        assert all(len(cells) in ALLOWED for _, cells in flood)
        incremental = sorted((s.stone[g], sorted(m)) for g, m in s.members.items())
        assert incremental == sorted(flood)
        for g, m in s.members.items():
            assert all(s.gid[c] == g for c in m)
        assert sorted(len(c) for _, c in flood if _ == 0) == s.group_sizes(0)
        for q in (0, 1):
            assert s.view(q)["open"][q] == brute_open(s, q)


# ---- "Two sets of 30 stones" -------------------------------------------------------


def _checkerboard(board: str) -> tuple[list[str], list[str]]:
    """The cells of a square board split like a checkerboard: no two cells of one colour
    share an edge, so stones of one seat on one colour are all hermits."""
    b = new_game(GID, options={"board": board}).board
    dark = [c for c in b.cells if (ord(c[0]) + int(c[1:])) % 2 == 0]
    light = [c for c in b.cells if (ord(c[0]) + int(c[1:])) % 2 == 1]
    return dark, light


def test_each_seat_has_thirty_stones_on_every_board():
    """Components: "Two sets of 30 stones".  On square9 (81 cells) both seats drop lone stones
    on their own colour of a checkerboard; once each has placed 30, neither may place although
    empty cells are open to both, so the game ends ("When both players have no legal moves,
    the game is over"), and with every count tied the last player to place wins."""
    dark, light = _checkerboard("square9")
    dark.remove("e5")                     # the first stone may not go on the centre
    s = game("square9")
    for i in range(STONES):
        assert s.view(0)["stones_left"] == [STONES - i, STONES - i]
        s.play(0, dark[i])
        if i < STONES - 1:
            assert not s.is_over()
        s.play(1, light[i])
    assert s.is_over() and s.view(0)["stones_left"] == [0, 0]
    assert s.view(0)["open"][0] and s.view(0)["open"][1], "cells were still open to both seats"
    assert s.legal_moves(0) == [] and s.legal_moves(1) == []
    assert s.scores() == [30, 30] and s.winners() == [1]
    over = s.events(0)[-1]
    assert over["kind"] == "over" and over["decided_by"] == "last-stone"


def test_a_seat_out_of_stones_cannot_place():
    """A seat that has placed all 30 stones has no legal placement (it is skipped like any
    blocked seat), and saying so names the reason."""
    dark, light = _checkerboard("square9")
    dark.remove("e5")
    s = game("square9")
    for i in range(STONES - 1):
        s.play(0, dark[i])
        s.play(1, light[i])
    s.play(0, dark[STONES - 1])
    assert s.view(0)["stones_left"] == [0, 1] and s.to_move() == [1]
    assert s.can_place(1) and not s.can_place(0)
    assert GameState.event_text({"kind": "skip", "seat": 0, "reason": "no-stones"}, ["You", "Rowan"], 0) == \
        "You have placed all 30 stones and pass."
