"""Ferret's sets: wild Aces and Crowns, set choices, layoff waves, final scoring.

Pure functions over card indexes, used by :mod:`game.rules.ferret`.

Every suit of the basic Decktet has exactly one card of each rank 1..10 (the
Ace, one card of each rank 2-9, the Crown), so a set is pinned down by its
suit, the value of its lowest slot (``base``) and which card fills each slot.

* A *reading* is ``(suit, base, cards)``: ``cards`` are the three card
  indexes in slot order, i.e. read low to high at values base, base+1, base+2.
* A *formed set* on the table is ``(owner, suit, base, lo, hi, cards,
  layoffs)``: ``lo``..``hi`` is its extent after layoffs, ``layoffs`` a tuple
  of ``(card, seat)`` (seat: whose tableau the card came from).

Rules text (rules/ferret.txt): "Aces and Crowns may be used as wild cards to
help form sets in their own suit. [...] they must be used as naturals if they
are used in a set where their value could occur. Wraparound sets aren't
allowed, so a set formed of A-2-crown would be read as an A-2-3 run.
Similarly, a 9-crown-A set must be read as an 8-9-crown."

>>> choices(["ace-knots", "author"], "windfall")   # A-2-Crown reads A-2-3 only
['set ace-knots author windfall']
>>> choices(["ace-wyrms", "darkness"], "calamity")  # 9-Crown-A reads 8-9-Crown
['set ace-wyrms darkness calamity']
>>> choices(["ace-knots", "market"], "castle")      # the Ace as 5, or as 8
['set ace-knots market castle', 'set market castle ace-knots']
"""

from __future__ import annotations

from typing import Collection, Sequence

from ..decktet import ACE_OF, CARDS, CROWN_OF, IDS, INDEX, SUIT_INDEX, SUITS

N_SUITS = len(SUITS)
#: NAT[suit][rank]: the one card of that suit and rank (index 0 unused).
NAT: tuple[tuple[int, ...], ...] = tuple(
    tuple([-1] + [next(c.index for c in CARDS if c.rank == r and s in c.suits) for r in range(1, 11)])
    for s in SUITS
)
WILD_ACE: tuple[int, ...] = tuple(ACE_OF[s] for s in SUITS)
WILD_CROWN: tuple[int, ...] = tuple(CROWN_OF[s] for s in SUITS)
#: _BELOW[suit][lo] / _ABOVE[suit][hi]: the natural card just below / above a set's extent
#: (-1, no card, beyond the Ace or the Crown)
_BELOW: tuple[tuple[int, ...], ...] = tuple(tuple(NAT[s][v - 1] if v > 1 else -1 for v in range(11))
                                            for s in range(len(SUITS)))
_ABOVE: tuple[tuple[int, ...], ...] = tuple(tuple(NAT[s][v + 1] if 1 <= v < 10 else -1 for v in range(11))
                                            for s in range(len(SUITS)))
#: suit indexes of each card
CARD_SUITS: tuple[tuple[int, ...], ...] = tuple(tuple(SUIT_INDEX[s] for s in c.suits) for c in CARDS)
WILD_VALUE: dict[int, int] = {**{a: 1 for a in WILD_ACE}, **{c: 10 for c in WILD_CROWN}}
#: a way to read three cards as a set: (suit, base, cards in slot order)
Reading = tuple[int, int, tuple[int, ...]]
#: a set on the table: (owner, suit, base, lo, hi, cards, layoffs as (card, seat))
FormedSet = tuple[int, int, int, int, int, tuple[int, ...], tuple[tuple[int, int], ...]]
#: what final scoring works on: (tableaux, formed sets, score piles)
Board = tuple[list[list[int]], list[FormedSet], list[list[int]]]
#: the cards that decide which sets a card entering a tableau completes (the naturals of
#: its suits within two ranks of it, all ranks for a wild, and the wilds of its suits),
#: each as its bit in a key of _SET_OPTIONS
_DECIDES: tuple[dict[int, int], ...] = tuple(
    {c: 1 << c for s in CARD_SUITS[e] for c in (
        [NAT[s][v] for v in range(1, 11) if e in WILD_VALUE or abs(v - CARDS[e].rank) <= 2]
        + [WILD_ACE[s], WILD_CROWN[s]])}
    for e in range(len(CARDS)))
#: the wilds of each card's suits (a natural card entering beside none of them forms
#: natural sets only), and the natural sets it may complete, in set_options' order
_SUIT_WILDS: tuple[tuple[int, ...], ...] = tuple(
    tuple(w for s in CARD_SUITS[e] for w in (WILD_ACE[s], WILD_CROWN[s])) for e in range(len(CARDS)))
_NATURAL_SETS: tuple[tuple[Reading, ...], ...] = tuple(
    () if e in WILD_VALUE or not CARD_SUITS[e] else tuple(
        (s, base, (NAT[s][base], NAT[s][base + 1], NAT[s][base + 2]))
        for s in CARD_SUITS[e] for base in range(max(1, CARDS[e].rank - 2), min(8, CARDS[e].rank) + 1))
    for e in range(len(CARDS)))
#: set_options' answers where a wild of the entering card's suits is held, by (entering
#: card, the deciding cards held); cleared when it grows past _SET_OPTIONS_MAX
_SET_OPTIONS: dict[tuple[int, int], list[Reading]] = {}
_SET_OPTIONS_MAX = 100_000
#: notation of a reading's card triple, built once per triple
_NOTATION: dict[tuple[int, int, int], str] = {}


def notation(cards: tuple[int, ...]) -> str:
    """``set <card> <card> <card>`` for a reading's cards (slot order).

    >>> notation((INDEX["ace-knots"], INDEX["market"], INDEX["castle"]))
    'set ace-knots market castle'
    """
    n = _NOTATION.get(cards)  # type: ignore[arg-type]
    if n is None:
        n = _NOTATION[cards] = "set " + " ".join(IDS[c] for c in cards)  # type: ignore[index]
    return n


# ---- readings ------------------------------------------------------------------


def _fills(card: int, value: int, suit: int) -> bool:
    """Whether ``card`` can stand at ``value`` in a set of ``suit`` (naturally or as a wild)."""
    return NAT[suit][value] == card or card == WILD_ACE[suit] or card == WILD_CROWN[suit]


def _could_be_natural(wild: int, suit: int, others: tuple[int, int]) -> bool:
    """Whether ``wild`` and the two ``others`` can be read with ``wild`` at its natural value."""
    value = WILD_VALUE[wild]
    a, b = others
    for base in range(max(1, value - 2), min(8, value) + 1):
        r1, r2 = [r for r in (base, base + 1, base + 2) if r != value]
        if (_fills(a, r1, suit) and _fills(b, r2, suit)) or (_fills(a, r2, suit) and _fills(b, r1, suit)):
            return True
    return False


def valid_reading(suit: int, base: int, cards: tuple[int, ...]) -> bool:
    """Whether the three cards may be read at base..base+2 in ``suit``.

    Each card is the natural card of its slot, or the Ace or Crown of the
    suit as a wild; a wild must be read as its natural value whenever these
    three cards allow it, and no set wraps around.

    >>> K = SUIT_INDEX["knots"]
    >>> valid_reading(K, 1, (INDEX["ace-knots"], INDEX["author"], INDEX["windfall"]))
    True
    >>> valid_reading(K, 2, (INDEX["author"], INDEX["ace-knots"], INDEX["windfall"]))  # Ace must be 1
    False
    """
    if not 1 <= base <= 8:
        return False
    for i, c in enumerate(cards):
        if NAT[suit][base + i] == c:
            continue
        if c != WILD_ACE[suit] and c != WILD_CROWN[suit]:
            return False
        others = tuple(x for j, x in enumerate(cards) if j != i)
        if _could_be_natural(c, suit, others):  # type: ignore[arg-type]
            return False
    return True


_ALL_SUITS = range(N_SUITS)
_ALL_BASES = range(1, 9)
#: the cards of each suit (naturals and wilds), and each suit's readings by the bits of
#: its cards held (at most 2^10 entries a suit)
_SUIT_CARDS: tuple[tuple[int, ...], ...] = tuple(tuple(NAT[s][1:]) for s in range(N_SUITS))
_SUIT_READINGS: tuple[dict[int, list[Reading]], ...] = tuple({} for _ in range(N_SUITS))


def readings(held: Collection[int], suits: Sequence[int] = _ALL_SUITS,
             bases: Sequence[int] = _ALL_BASES) -> list[Reading]:
    """Every valid reading of three cards from ``held`` (any slot filler).

    A slot holds its natural card or a wild of the suit, also where ``held``
    holds the slot's natural card (the text has no rule against a wild
    standing in for a natural card the player keeps for another set); when
    both wilds fill slots the Ace is in the lower one (the same set either way).
    """
    if suits is _ALL_SUITS and bases is _ALL_BASES:
        # a suit's readings depend only on which cards of that suit are held: memoized
        out = []
        for s in _ALL_SUITS:
            m = 0
            for c in _SUIT_CARDS[s]:
                if c in held:
                    m |= 1 << c
            found = _SUIT_READINGS[s].get(m)
            if found is None:
                found = _SUIT_READINGS[s][m] = _readings(held, (s,), _ALL_BASES)
            out += found
        return out
    return _readings(held, suits, bases)


def _readings(held: Collection[int], suits: Sequence[int], bases: Sequence[int]) -> list[Reading]:
    """:func:`readings`, not memoized."""
    out: list[Reading] = []
    lo, hi = bases[0], bases[-1] + 2
    for s in suits:
        nat = NAT[s]
        wilds = [w for w in (WILD_ACE[s], WILD_CROWN[s]) if w in held]
        n_wilds = len(wilds)
        have = {r: nat[r] in held for r in range(lo, hi + 1)}
        for base in bases:
            missing = (not have[base]) + (not have[base + 1]) + (not have[base + 2])
            if missing > n_wilds:
                continue
            if not wilds:  # the common case: three naturals
                out.append((s, base, (nat[base], nat[base + 1], nat[base + 2])))
                continue
            options = []
            for r in (base, base + 1, base + 2):
                n = nat[r]
                opts = [n] if have[r] else []
                opts += [w for w in wilds if w != n]
                options.append(opts)
            for x in options[0]:
                for y in options[1]:
                    if y == x:
                        continue
                    for z in options[2]:
                        if z == x or z == y:
                            continue
                        cards = (x, y, z)
                        wild_slots = [c for i, c in enumerate(cards) if c != nat[base + i]]
                        if len(wild_slots) == 2 and wild_slots[0] != WILD_ACE[s]:
                            continue  # both wilds: the Ace takes the lower wild slot
                        if valid_reading(s, base, cards):
                            out.append((s, base, cards))
    return out


def set_options(tableau: Collection[int], entering: int) -> list[Reading]:
    """The different sets ``entering`` completes in ``tableau`` (which holds it).

    The Castle (7 of Suns and Knots) entering beside the Ace and the Crown of
    Knots completes three different Knot sets: 5-6-7, 6-7-8 and 7-8-9.
    A wild may stand in any slot of its suit the text allows, also where the
    tableau holds that slot's natural card.

    >>> tab = [INDEX[c] for c in ("ace-knots", "windfall", "castle")]
    >>> [notation(r[2]) for r in set_options(tab, INDEX["castle"])]
    ['set ace-knots windfall castle', 'set ace-knots castle windfall', 'set castle ace-knots windfall']
    """
    if entering in WILD_VALUE:
        bases = range(1, 9)
    else:
        r = CARDS[entering].rank
        bases = range(max(1, r - 2), min(8, r) + 1)
        for w in _SUIT_WILDS[entering]:
            if w in tableau:
                break
        else:
            # the common case, no wild of its suits in the tableau: naturals only
            # (what readings() gives then, in the same order)
            return [rd for rd in _NATURAL_SETS[entering]
                    if rd[2][0] in tableau and rd[2][1] in tableau and rd[2][2] in tableau]
    held = set(tableau)
    decides = _DECIDES[entering]
    bits = 0
    for c in held:
        if c in decides:
            bits |= decides[c]
    key = (entering, bits)
    out = _SET_OPTIONS.get(key)
    if out is None:
        out = []
        seen = set()
        for reading in readings(held, CARD_SUITS[entering], bases):
            cards = reading[2]
            if entering in cards and cards not in seen:
                seen.add(cards)
                out.append(reading)
        if len(_SET_OPTIONS) >= _SET_OPTIONS_MAX:
            _SET_OPTIONS.clear()
        _SET_OPTIONS[key] = out
    return list(out)


def choices(tableau_ids: list[str], entering_id: str) -> list[str]:
    """``set_options`` in notation, from card ids (``entering_id`` joins the tableau)."""
    tab = [INDEX[c] for c in tableau_ids] + [INDEX[entering_id]]
    return [notation(r[2]) for r in set_options(tab, INDEX[entering_id])]


# ---- layoffs -------------------------------------------------------------------


def form(tabs: list[list[int]], sets: list[FormedSet], piles: list[list[int]], seat: int, reading: Reading) -> None:
    """Form ``reading`` from ``seat``'s tableau: its cards go to his score pile."""
    s, base, cards = reading
    tab = tabs[seat]
    for c in cards:
        tab.remove(c)
    piles[seat].extend(cards)
    sets.append((seat, s, base, base, base + 2, cards, ()))


def waves(tabs: list[list[int]], sets: list[FormedSet], piles: list[list[int]]) -> bool:
    """Forced layoffs in waves, from both tableaux; True if any card was laid off.

    In each wave every tableau card that fits a set at that moment (its suit,
    the natural value just below or above the set's extent) is laid off at
    once, to every set it fits, and scores for the tableau it came from.
    """
    if not sets:
        return False
    changed = False
    while True:
        t0, t1 = tabs
        on = set(t0)
        on.update(t1)
        for st in sets:  # the common case first: no card fits any set
            if _BELOW[st[1]][st[3]] in on or _ABOVE[st[1]][st[4]] in on:
                break
        else:
            return changed
        hits: dict[int, list[tuple[int, bool]]] = {}
        for i, st in enumerate(sets):
            c = _BELOW[st[1]][st[3]]
            if c in on:
                hits.setdefault(c, []).append((i, False))
            c = _ABOVE[st[1]][st[4]]
            if c in on:
                hits.setdefault(c, []).append((i, True))
        changed = True
        for c, where in hits.items():
            seat = 0 if c in t0 else 1
            tabs[seat].remove(c)
            piles[seat].append(c)
            for i, up in where:
                o, s, base, lo, hi, cards, lay = sets[i]
                if up:
                    hi += 1
                else:
                    lo -= 1
                sets[i] = (o, s, base, lo, hi, cards, lay + ((c, seat),))


# ---- final scoring -------------------------------------------------------------


#: arrangements already found, by (held, new) as sorted tuples: a search's play-outs reach
#: final scoring with the same few hands over and over (bounded: cleared when full)
_ARRANGEMENTS: dict[tuple[tuple[int, ...], tuple[int, ...] | None], list[tuple[Reading, ...]]] = {}
_ARRANGEMENTS_MAX = 20_000


def arrangements(held: Collection[int], new: Collection[int] | None = None) -> list[tuple[Reading, ...]]:
    """Every way to form sets from ``held`` at final scoring.

    Sets do not share cards, a wild may fill any slot of its suit the text
    allows (also the slot of a natural card the player holds: "final scoring
    weighs every such reading"), and the arrangement is maximal ("a formable
    set is always formed").  Always at least one (maybe empty).
    With ``new`` (the hand joining a tableau that holds no formable set) every
    set must use one of those cards, which keeps the search small.

    >>> held = [INDEX[c] for c in ("soldier", "ace-knots", "market", "castle")]
    >>> [notation(r[2]) for a in arrangements(held) for r in a]
    ['set ace-knots soldier market', 'set soldier market castle', 'set soldier market ace-knots', 'set soldier ace-knots castle', 'set ace-knots market castle', 'set market castle ace-knots']
    """
    key = (tuple(sorted(held)), None if new is None else tuple(sorted(new)))
    found = _ARRANGEMENTS.get(key)
    if found is None:
        if len(_ARRANGEMENTS) >= _ARRANGEMENTS_MAX:
            _ARRANGEMENTS.clear()
        found = _ARRANGEMENTS[key] = _arrangements(key[0], key[1])
    return list(found)


def _arrangements(held: tuple[int, ...], new: tuple[int, ...] | None) -> list[tuple[Reading, ...]]:
    """:func:`arrangements`, uncached: maximal packings of the readings, cards as bits."""
    cands = readings(set(held))
    if new is not None:
        cands = [r for r in cands if any(c in new for c in r[2])]
    if not cands:
        return [()]
    masks = [(1 << r[2][0]) | (1 << r[2][1]) | (1 << r[2][2]) for r in cands]
    n = len(masks)
    out: list[tuple[Reading, ...]] = []

    def rec(start: int, chosen: list[int], used: int) -> None:
        for m in masks:
            if not m & used:
                break
        else:  # no reading left that shares no card with the chosen ones: maximal
            out.append(tuple(cands[i] for i in chosen))
        for j in range(start, n):
            if not masks[j] & used:
                chosen.append(j)
                rec(j + 1, chosen, used | masks[j])
                chosen.pop()

    rec(0, [], 0)
    return out or [()]


def score_step(board: Board, seat: int, hand: list[int], arrangement: Sequence[Reading]) -> Board:
    """A copy of ``board`` after ``seat`` puts his hand in his tableau, forms
    ``arrangement`` and every forced layoff follows."""
    tabs, sets, piles = board
    tabs = [tabs[0][:], tabs[1][:]]
    piles = [piles[0][:], piles[1][:]]
    sets = sets[:]
    tabs[seat].extend(hand)
    for reading in arrangement:
        form(tabs, sets, piles, seat, reading)
    waves(tabs, sets, piles)
    return tabs, sets, piles


def final_scoring(board: Board, hands: list[list[int]], first: int) -> Board:
    """The board after final scoring, ``first`` scoring first.

    The first player puts his hand in his tableau and forms sets, then forced
    layoffs follow from both tableaux; then the second player does the same;
    the first player's last layoffs to the new sets are among those forced
    layoffs.  Each player takes the arrangement that gives him the highest
    final score (the first player looks ahead to the second player's reply),
    on a tie the one leaving the opponent lowest, then the first found.

    The choice is made on counts (:func:`_final_choice`, every pair of
    arrangements tried); the board is then built by :func:`score_step` for
    the chosen pair.
    """
    arr_f, arr_s = _final_choice(board, hands, first)
    b1 = score_step(board, first, hands[first], arr_f)
    return score_step(b1, 1 - first, hands[1 - first], arr_s)


#: _BELOW_BIT[suit][lo] / _ABOVE_BIT[suit][hi]: the bit of the card just below / above
#: a set's extent (0: none)
_BELOW_BIT: tuple[tuple[int, ...], ...] = tuple(tuple(0 if c < 0 else 1 << c for c in row) for row in _BELOW)
_ABOVE_BIT: tuple[tuple[int, ...], ...] = tuple(tuple(0 if c < 0 else 1 << c for c in row) for row in _ABOVE)


def _mask(cards: Collection[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def _touch(ext: list[int]) -> int:
    """The cards that would extend one of the sets ``ext`` (``[suit, lo, hi, ...]``), as bits."""
    below, above = _BELOW_BIT, _ABOVE_BIT
    touch = 0
    for i in range(0, len(ext), 3):
        s = ext[i]
        touch |= below[s][ext[i + 1]] | above[s][ext[i + 2]]
    return touch


def _step_counts(tab0: int, tab1: int, ext: list[int], touch: int, seat: int, hand: int,
                 arrangement: Sequence[Reading]) -> tuple[int, int, int, int, int]:
    """:func:`score_step` on counts: ``seat``'s hand joins his tableau, ``arrangement``
    is formed, the forced layoffs follow.  Tableaux are bit masks of cards, the sets'
    extents a flat list ``[suit, lo, hi, ...]`` (changed in place) and ``touch`` is
    :func:`_touch` of it.  Returns the tableaux after, the cards each seat adds to his
    score pile, and ``_touch`` of the sets after.
    """
    below, above = _BELOW_BIT, _ABOVE_BIT
    add0 = add1 = 0
    if seat == 0:
        tab0 |= hand
    else:
        tab1 |= hand
    for s, base, (a, b, c) in arrangement:
        m = ~((1 << a) | (1 << b) | (1 << c))
        if seat == 0:
            tab0 &= m
            add0 += 3
        else:
            tab1 &= m
            add1 += 3
        ext += (s, base, base + 2)
        touch |= below[s][base] | above[s][base + 2]
    n = len(ext)
    while True:
        hit = (tab0 | tab1) & touch
        if not hit:
            return tab0, tab1, add0, add1, touch
        # every card that fits at this moment goes, to every set it fits
        touch = 0
        for i in range(0, n, 3):
            s = ext[i]
            low = below[s][ext[i + 1]]
            if low & hit:
                ext[i + 1] -= 1
                low = below[s][ext[i + 1]]
            high = above[s][ext[i + 2]]
            if high & hit:
                ext[i + 2] += 1
                high = above[s][ext[i + 2]]
            touch |= low | high
        h0 = hit & tab0
        h1 = hit & tab1
        tab0 &= ~h0
        tab1 &= ~h1
        add0 += h0.bit_count()
        add1 += h1.bit_count()


def _cards_of(mask: int, among: Collection[int]) -> list[int]:
    return [c for c in among if mask >> c & 1]


def _final_choice(board: Board, hands: list[list[int]], first: int) -> tuple[tuple[Reading, ...], tuple[Reading, ...]]:
    """The arrangements :func:`final_scoring` takes: the first player's, and the second
    player's reply to it (the same comparisons, made on counts of cards).

    The Ace of Knots read as 8, not 5, so that the second player's Betrayal (the 8
    of Knots) finds no set to lay off on:

    >>> hands = [[INDEX[c] for c in ("ace-knots", "market", "castle")], [INDEX["betrayal"]]]
    >>> arr_f, arr_s = _final_choice(([[], []], [], [[], []]), hands, 0)
    >>> [notation(r[2]) for r in arr_f], arr_s
    (['set market castle ace-knots'], ())
    """
    second = 1 - first
    tabs, sets, piles = board
    ext0: list[int] = []
    for st in sets:
        ext0 += (st[1], st[3], st[4])
    touch0 = _touch(ext0)
    t0, t1 = _mask(tabs[0]), _mask(tabs[1])
    hand_f, hand_s = _mask(hands[first]), _mask(hands[second])
    pile_f, pile_s = len(piles[first]), len(piles[second])
    best: tuple[tuple[int, int], tuple[Reading, ...], tuple[Reading, ...]] | None = None
    #: the second player's arrangements by what his tableau still holds (the first
    #: player's layoffs seldom take any of it)
    replies: dict[int, list[tuple[Reading, ...]]] = {}
    for arr_f in arrangements(tabs[first] + hands[first], hands[first]):
        ext1 = ext0[:]
        a0, a1, f0, f1, touch1 = _step_counts(t0, t1, ext1, touch0, first, hand_f, arr_f)
        got_f, got_s = (f0, f1) if first == 0 else (f1, f0)
        tab_s = a1 if first == 0 else a0
        arrs_s = replies.get(tab_s)
        if arrs_s is None:
            arrs_s = replies[tab_s] = arrangements(_cards_of(tab_s, tabs[second]) + hands[second], hands[second])
        reply: tuple[tuple[int, int], tuple[int, int], tuple[Reading, ...]] | None = None
        for arr_s in arrs_s:
            _, _, g0, g1, _ = _step_counts(a0, a1, ext1[:], touch1, second, hand_s, arr_s)
            end_f = pile_f + got_f + (g0 if first == 0 else g1)
            end_s = pile_s + got_s + (g1 if first == 0 else g0)
            key = (end_s, -end_f)
            if reply is None or key > reply[0]:
                reply = (key, (end_f, end_s), arr_s)
        assert reply is not None
        end_f, end_s = reply[1]
        key = (end_f, -end_s)
        if best is None or key > best[0]:
            best = (key, arr_f, reply[2])
    assert best is not None
    return best[1], best[2]


__all__ = ["NAT", "CARD_SUITS", "readings", "valid_reading", "set_options", "choices", "notation",
           "form", "waves", "arrangements", "score_step", "final_scoring"]
