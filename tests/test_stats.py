"""Statistics and the export/import bundle (game/stats.py): counting rules and untrusted input."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import GAMES, new_game
from game.core import make_rng, random_playout
from game.stats import (BACKUP_KEY, LAST, MAX_TEXT, RECENT, STATS_KEY, GameStats, Result, Stats,
                        dumps, export_bundle, fingerprint, from_json, import_bundle, load, loads, lower_wins,
                        outcome, record_result, store, to_json)


def finished(gid: str, seed: int, **kw):
    s = new_game(gid, seed=seed, **kw)
    random_playout(s, make_rng(f"stats {gid} {seed}"))
    return s


def fractional_hermit():
    """A finished House Party game where seat 0's total is a fraction."""
    for seed in range(200):
        s = finished("hermit", seed, players=4, options={"house_party": True, "target": 30})
        if isinstance(s.scores()[0], Fraction):
            return s
    raise AssertionError("no fractional House Party total in 200 seeds")


POOL = [finished(gid, seed) for gid in GAMES for seed in range(4)]
POOL += [finished("type-trump", 9, options={"partnership": True}), finished("hermit", 3, players=2),
         fractional_hermit()]


class Storage:
    def __init__(self):
        self.data = {}

    def getItem(self, k):
        return self.data.get(k)

    def setItem(self, k, v):
        self.data[k] = str(v)

    def removeItem(self, k):
        self.data.pop(k, None)


# ---- what counts -------------------------------------------------------------------


def test_lower_is_better_exactly_where_winners_hold_the_lowest_score():
    """The direction of "best" agrees with each game's winners() on real finished games."""
    for s in POOL:
        if s.players < 2 or not s.winners():
            continue
        scores, w = s.scores(), s.winners()
        extreme = min(scores) if lower_wins(s.GAME_ID) else max(scores)
        assert all(scores[x] == extreme for x in w), (s, scores, w)
    assert {g for g in GAMES if lower_wins(g)} == {"hermit"}


@pytest.mark.parametrize("s", POOL, ids=repr)
def test_outcome_is_seat_zero_in_winners_and_its_score(s):
    won, score = outcome(s)
    assert won == (0 in s.winners()) and score == s.scores()[0]
    g = record_result(Stats(), s).get(s.GAME_ID)
    assert (g.played, g.won, g.best, g.streak, g.best_streak) == (1, int(won), score, int(won), int(won))


def test_whist_is_won_only_when_all_six_wild_cards_flip():
    for s in POOL:
        if s.GAME_ID == "hermits-whist":
            assert outcome(s)[0] == (s.scores() == [6])


def test_fractional_hermit_best_round_trips_exactly():
    s = fractional_hermit()
    st1 = record_result(Stats(), s)
    assert isinstance(st1.get("hermit").best, Fraction)
    assert loads(dumps(st1)) == st1
    assert "/" in json.dumps(to_json(st1)["games"]["hermit"]["best"])


def test_unfinished_game_is_not_recorded():
    with pytest.raises(ValueError, match="not over"):
        record_result(Stats(), new_game("ferret"))


def test_recording_the_same_game_twice_counts_once_and_inputs_are_unchanged():
    s = POOL[0]
    empty = Stats()
    once = record_result(empty, s)
    assert empty == Stats() and record_result(once, s) is once
    assert record_result(once, s.clone(), assisted=True) is once       # same game, same fingerprint


def model(games: list, flags: list[bool], levels: list[str]) -> dict[str, GameStats]:
    """The counting rules, written out plainly."""
    out: dict[str, dict] = {}
    seen: set[str] = set()
    for s, assisted, level in zip(games, flags, levels):
        if fingerprint(s) in seen:
            continue
        seen.add(fingerprint(s))
        g = out.setdefault(s.GAME_ID, {"played": 0, "won": 0, "assisted": 0, "scores": [], "run": [],
                                       "recent": [], "levels": {}, "results": []})
        won, score = outcome(s)
        g["played"] += 1
        g["assisted"] += assisted
        g["won"] += won and not assisted
        g["run"].append(won and not assisted)
        g["recent"].append(fingerprint(s))
        lv = level if s.players > 1 else None         # a game played alone has no computer level
        if lv is not None:
            p, w = g["levels"].get(lv, (0, 0))
            g["levels"][lv] = (p + 1, w + (won and not assisted))
        g["results"].append(Result(won and not assisted, score, lv, s.players, assisted, "2025-03-04"))
        if not assisted:
            g["scores"].append(score)
    res = {}
    for gid, g in out.items():
        streaks, cur = [0], 0
        for w in g["run"]:
            cur = cur + 1 if w else 0
            streaks.append(cur)
        pick = min if lower_wins(gid) else max
        res[gid] = GameStats(g["played"], g["won"], g["assisted"], pick(g["scores"]) if g["scores"] else None,
                             cur, max(streaks), tuple(g["recent"][-RECENT:]), g["levels"], sum(g["scores"]),
                             len(g["scores"]), tuple(g["results"][-LAST:]))
    return res


games_and_flags = st.lists(st.tuples(st.integers(0, len(POOL) - 1), st.booleans(),
                                     st.sampled_from(["easy", "normal", "hard"])), max_size=RECENT)


@settings(max_examples=60, deadline=None)
@given(games_and_flags)
def test_record_result_matches_the_counting_rules(seq):
    stats = Stats()
    for i, assisted, level in seq:
        stats = record_result(stats, POOL[i], assisted=assisted, level=level, date="2025-03-04")
    assert dict(stats.games) == model([POOL[i] for i, _, _ in seq], [a for _, a, _ in seq], [lv for *_, lv in seq])
    for g in stats.games.values():
        assert g.won + g.assisted <= g.played and g.streak <= g.best_streak <= g.won
        assert sum(p for p, _ in g.levels.values()) <= g.played and len(g.results) <= LAST


@settings(max_examples=60, deadline=None)
@given(games_and_flags)
def test_stats_json_round_trip(seq):
    stats = Stats()
    for i, assisted, level in seq:
        stats = record_result(stats, POOL[i], assisted=assisted, level=level, date="2025-03-04")
    text = dumps(stats)
    assert loads(text) == stats and from_json(json.loads(text)) == stats
    assert json.loads(text)["kind"] == "hermitage-stats"


# ---- untrusted statistics ----------------------------------------------------------------


def good_game(**kw):
    g = {"played": 3, "won": 1, "assisted": 1, "best": 7, "streak": 1, "best_streak": 1,
         "recent": ["0123456789abcdef"]}
    g.update(kw)
    return g


def doc(games):
    return {"format": 1, "kind": "hermitage-stats", "games": games}


BAD_STATS = [
    ([], "expected a JSON object"),
    ({"format": 1, "kind": "hermitage-stats"}, "expected the keys"),
    ({**doc({}), "kind": "other"}, "kind must be"),
    ({**doc({}), "format": 3}, "unknown format 3"),
    ({**doc({}), "format": True}, "unknown format True"),
    (doc([]), "games must be an object"),
    (doc({"chess": good_game()}), "unknown game 'chess'"),
    (doc({"ferret": good_game(won=3)}), "won (3) plus assisted (1) is more than played (3)"),
    (doc({"ferret": good_game(played=-1)}), "played must be a whole number"),
    (doc({"ferret": good_game(played=True)}), "played must be a whole number"),
    (doc({"ferret": good_game(played=1.0)}), "played must be a whole number"),
    (doc({"ferret": good_game(played=10**12)}), "played must be a whole number"),
    (doc({"ferret": good_game(streak=2, best_streak=1)}), "streaks must satisfy"),
    (doc({"ferret": good_game(best_streak=2, streak=0)}), "streaks must satisfy"),
    (doc({"ferret": good_game(best="7/2")}), "best must be a score"),
    (doc({"hermit": good_game(best="7/0")}), "best must be a score"),
    (doc({"hermit": good_game(best="-7/2")}), "best must be a score"),
    (doc({"hermit": good_game(best="<img src=x>")}), "best must be a score"),
    (doc({"ferret": good_game(best=None)}), "best must be null exactly when"),
    (doc({"ferret": good_game(played=1, assisted=1, won=0, streak=0, best_streak=0)}),
     "best must be null exactly when"),
    (doc({"ferret": good_game(recent=["xyz"])}), "recent must be"),
    (doc({"ferret": good_game(recent="0123456789abcdef")}), "recent must be"),
    (doc({"ferret": good_game(recent=["0123456789abcdef"] * 2)}), "recent must be"),
    (doc({"ferret": {**good_game(), "extra": 1}}), "unknown keys ['extra']"),
    (doc({"ferret": {k: v for k, v in good_game().items() if k != "best"}}), "missing keys ['best']"),
]


@pytest.mark.parametrize("data,message", BAD_STATS, ids=[m for _, m in BAD_STATS])
def test_bad_stats_raise_a_value_error_naming_the_problem(data, message):
    with pytest.raises(ValueError) as e:
        from_json(data)
    assert message in str(e.value)


def test_a_valid_hand_written_stats_document_loads():
    s = from_json(doc({"hermit": good_game(best="7/2"), "ferret": good_game()}))
    assert s.get("hermit").best == Fraction(7, 2) and s.get("ferret").best == 7


@pytest.mark.parametrize("text,message", [
    ("{", "not valid JSON"),
    ('{"a": 1, "a": 2}', "duplicate key"),
    ("[" * 100_000 + "]" * 100_000, "stats:"),
    ("1" * 5000, "not valid JSON"),             # more digits than int() takes
    (b"\xff\xfe", "not UTF-8"),
    (" " * (MAX_TEXT + 1), "too large"),
    (None, "expected text"),
])
def test_hostile_stats_text_raises_value_error(text, message):
    with pytest.raises(ValueError) as e:
        loads(text)
    assert message in str(e.value)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4),
    max_leaves=20)


@settings(max_examples=150, deadline=None)
@given(json_values)
def test_any_json_is_either_valid_stats_or_a_value_error(data):
    try:
        s = from_json(data)
    except ValueError:
        return
    assert from_json(to_json(s)) == s


# ---- storage ----------------------------------------------------------------------------


def test_store_and_load_round_trip():
    box = Storage()
    stats = record_result(Stats(), POOL[1])
    store(box, stats)
    assert load(box) == (stats, None)
    assert load(Storage()) == (Stats(), None)


def test_broken_stored_stats_are_kept_aside_and_reported():
    box = Storage()
    box.setItem(STATS_KEY, '{"format": 1}')
    box.setItem(BACKUP_KEY, "an older backup")
    stats, problem = load(box)
    assert stats == Stats()
    assert box.getItem(BACKUP_KEY + ".1") == '{"format": 1}' and box.getItem(BACKUP_KEY) == "an older backup"
    assert box.getItem(STATS_KEY) is None and BACKUP_KEY + ".1" in problem


# ---- the export bundle --------------------------------------------------------------------


def a_bundle():
    saves = {"hermit": new_game("hermit", players=3, seed=4), "ferret": next(s for s in POOL if s.GAME_ID == "ferret")}
    saves["hermit"].play(0, saves["hermit"].legal_moves(0)[0])
    stats = record_result(Stats(), POOL[0])
    return saves, stats


def test_export_bundle_has_the_documented_shape_and_imports_back():
    saves, stats = a_bundle()
    data = json.loads(export_bundle(saves, stats))
    assert set(data) == {"format", "kind", "saves", "stats", "assisted"}
    assert data["format"] == 1 and data["kind"] == "hermitage-export" and data["assisted"] == []
    assert data["saves"]["hermit"] == saves["hermit"].to_json()
    got = import_bundle(export_bundle(saves, stats))
    assert got.problems == [] and got.stats == stats and got.assisted == frozenset()
    assert {g: s.view(0) for g, s in got.saves.items()} == {g: s.view(0) for g, s in saves.items()}


def test_assisted_marks_travel_with_their_saves_in_the_export_file():
    saves, stats = a_bundle()
    data = json.loads(export_bundle(saves, stats, assisted=["hermit", "ferret", "hermit"]))
    assert data["assisted"] == ["ferret", "hermit"]
    assert import_bundle(json.dumps(data)).assisted == {"ferret", "hermit"}
    data["saves"]["hermit"]["moves"].append([1, "start bard on bard"])      # that save no longer replays
    got = import_bundle(json.dumps(data))
    assert sorted(got.saves) == ["ferret"] and got.assisted == {"ferret"}


def test_an_export_file_from_before_assisted_marks_still_imports_unmarked():
    saves, stats = a_bundle()
    data = json.loads(export_bundle(saves, stats, assisted=["ferret"]))
    del data["assisted"]
    got = import_bundle(json.dumps(data))
    assert sorted(got.saves) == sorted(saves) and got.assisted == frozenset()


def test_export_refuses_an_assisted_mark_without_a_save():
    with pytest.raises(ValueError, match="no save"):
        export_bundle({"ferret": new_game("ferret")}, Stats(), assisted=["hermit"])


def test_export_refuses_a_save_filed_under_another_game():
    with pytest.raises(ValueError, match="not a ferret save"):
        export_bundle({"ferret": new_game("hermit")}, Stats())


def test_bad_saves_are_reported_not_imported_and_the_rest_still_imports():
    saves, stats = a_bundle()
    data = json.loads(export_bundle(saves, stats))
    data["saves"]["hermit"]["moves"].append([1, "start bard on bard"])
    data["saves"]["type-trump"] = new_game("ferret").to_json()             # filed under the wrong id
    data["saves"]["chess"] = {"format": 1}
    data["saves"]["hermit-stones"] = {**new_game("hermit-stones").to_json(), "moves": [[0, "a1"]] * 60_000}
    got = import_bundle(json.dumps(data))
    assert sorted(got.saves) == ["ferret"]
    text = " ".join(got.problems)
    assert len(got.problems) == 4
    for fragment in ("Hermit game was not imported", "does not replay", "Type Trump game was not imported",
                     "unknown game 'chess'", "more than any game has"):
        assert fragment in text, fragment


@pytest.mark.parametrize("mutate,message", [
    (lambda d: d.update(kind="hermitage-stats"), "not a Hermitage export file"),
    (lambda d: d.update(format=2), "unknown format 2"),
    (lambda d: d.update(extra=1), "expected the keys"),
    (lambda d: d.update(saves=[]), "saves must be an object"),
    (lambda d: d["stats"]["games"]["hermit"].update(won=99), "won (99)"),
    (lambda d: d.pop("stats"), "expected the keys"),
    (lambda d: d.update(assisted=["chess"]), "assisted must be a list"),
    (lambda d: d.update(assisted="ferret"), "assisted must be a list"),
    (lambda d: d.update(assisted=["ferret", "ferret"]), "assisted must be a list"),
])
def test_a_bad_bundle_is_refused_whole_with_the_reason(mutate, message):
    saves, stats = a_bundle()
    data = json.loads(export_bundle(saves, stats))
    mutate(data)
    with pytest.raises(ValueError) as e:
        import_bundle(json.dumps(data))
    assert message in str(e.value)


def paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from paths(v, prefix + (i,))


BUNDLE = json.loads(export_bundle(*a_bundle()))
BUNDLE_PATHS = [p for p in paths(BUNDLE) if p]


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(BUNDLE_PATHS), json_values)
def test_a_tampered_bundle_gives_value_error_or_only_replayable_saves(path, value):
    data = json.loads(json.dumps(BUNDLE))
    node = data
    for k in path[:-1]:
        node = node[k]
    node[path[-1]] = value
    try:
        got = import_bundle(json.dumps(data))
    except ValueError:
        return
    for gid, s in got.saves.items():
        assert s.GAME_ID == gid
        assert [list(m) for m in s.history] == data["saves"][gid]["moves"]


# ---- format 2: levels, averages, the last results ------------------------------------------


def test_format_1_statistics_still_load_and_are_written_back_as_format_2():
    old = from_json(doc({"ferret": good_game()}))
    g = old.get("ferret")
    assert (g.played, g.won, g.best) == (3, 1, 7)
    assert dict(g.levels) == {} and g.results == () and g.average() is None
    data = to_json(old)
    assert data["format"] == 2 and from_json(data) == old


def test_levels_average_and_the_last_results_are_kept_per_game():
    games = [s for s in POOL if s.GAME_ID == "ferret"]
    stats = Stats()
    for i, s in enumerate(games):
        stats = record_result(stats, s, level=("easy", "hard")[i % 2], date=f"2025-01-0{i + 1}")
    g = stats.get("ferret")
    results = [outcome(s) for s in games]
    assert g.levels["easy"][0] + g.levels["hard"][0] == len(games)
    assert g.levels["easy"][1] + g.levels["hard"][1] == g.won == sum(w for w, _ in results)
    assert g.average() == sum(sc for _, sc in results) / len(games)
    assert [r.date for r in g.results] == [f"2025-01-0{i + 1}" for i in range(len(games))]
    whist = record_result(Stats(), POOL[[s.GAME_ID for s in POOL].index("hermits-whist")], level="hard")
    assert dict(whist.get("hermits-whist").levels) == {}                      # played alone: no level
    assert whist.get("hermits-whist").results[0].level is None


def test_only_the_last_results_are_kept():
    stats = Stats()
    for s in [s for s in POOL][:LAST + 3]:
        stats = record_result(stats, s, level="easy")
    assert all(len(g.results) <= LAST for g in stats.games.values())


def good_game_2(**kw):
    g = {**good_game(), "levels": {"easy": [2, 1]}, "total": 12, "scored": 2,
         "results": [{"won": True, "score": 7, "level": "easy", "players": 2, "assisted": False,
                      "date": "2025-02-03"}]}
    g.update(kw)
    return g


def doc2(games):
    return {"format": 2, "kind": "hermitage-stats", "games": games}


BAD_STATS_2 = [
    (doc2({"ferret": good_game()}), "missing keys"),
    (doc({"ferret": good_game_2()}), "unknown keys"),
    (doc2({"ferret": good_game_2(levels={"easy": [1, 2]})}), "won (2) is more than played (1)"),
    (doc2({"ferret": good_game_2(levels={"Easy!": [1, 0]})}), "levels must map a level name"),
    (doc2({"ferret": good_game_2(levels={"easy": [4, 1]})}), "more games than played"),
    (doc2({"ferret": good_game_2(scored=3)}), "scored (3) is more than"),
    (doc2({"ferret": good_game_2(total=5, scored=0)}), "total must be 0"),
    (doc2({"ferret": good_game_2(total=-1)}), "total must be a score"),
    (doc2({"ferret": good_game_2(results=[{"won": True}])}), "a result must be an object"),
    (doc2({"ferret": good_game_2(results=[{**good_game_2()["results"][0], "players": 5}])}), "players must be 2-2"),
    (doc2({"ferret": good_game_2(results=[{**good_game_2()["results"][0], "date": "<b>"}])}), "date must be"),
    (doc2({"ferret": good_game_2(results=[{**good_game_2()["results"][0], "won": 1}])}), "won and assisted"),
    (doc2({"ferret": good_game_2(results=[good_game_2()["results"][0]] * 4)}), "results must be a list"),
]


@pytest.mark.parametrize("data,message", BAD_STATS_2, ids=[m for _, m in BAD_STATS_2])
def test_bad_format_2_stats_raise_a_value_error_naming_the_problem(data, message):
    with pytest.raises(ValueError) as e:
        from_json(data)
    assert message in str(e.value)


def test_a_valid_format_2_document_round_trips():
    s = from_json(doc2({"ferret": good_game_2()}))
    g = s.get("ferret")
    assert g.levels["easy"] == (2, 1) and g.average() == 6.0 and g.results[0].date == "2025-02-03"
    assert from_json(to_json(s)) == s
