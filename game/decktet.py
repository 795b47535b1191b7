"""The basic Decktet: 36 cards, six suits, antipathy and types.

One source of truth for the deck (see ``shared/decktet.md``).  Inside the
engine a card is a small int (its index in :data:`CARDS`); notation strings
(the ``id`` column of decktet.md) appear only at the edges of the contract.

>>> CARDS[INDEX["lunatic"]].name
'the Lunatic'
>>> card_suits("lunatic")
('moons', 'waves')
>>> antipathetic("moons", "wyrms")
True
>>> [c.id for c in CARDS if c.rank == CROWN and "P" in c.types]
['huntress', 'bard']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

#: The six suits in canonical order (decktet.md: "always in this order").
SUITS: tuple[str, ...] = ("moons", "suns", "waves", "leaves", "wyrms", "knots")
SUIT_INDEX: dict[str, int] = {s: i for i, s in enumerate(SUITS)}
SUIT_BIT: dict[str, int] = {s: 1 << i for i, s in enumerate(SUITS)}

#: Antipathetic pairs: never on the same card.
ANTIPATHY: dict[str, str] = {
    "moons": "wyrms", "wyrms": "moons",
    "suns": "leaves", "leaves": "suns",
    "waves": "knots", "knots": "waves",
}

ACE = 1
CROWN = 10
TYPE_NAMES = {"P": "Personality", "L": "Location", "E": "Event"}


@dataclass(frozen=True)
class Card:
    """One Decktet card.  ``rank`` is 1 (Ace) .. 10 (Crown)."""

    index: int
    id: str
    name: str
    rank: int
    suits: tuple[str, ...]
    types: frozenset[str]

    @property
    def suit_mask(self) -> int:
        return sum(SUIT_BIT[s] for s in self.suits)

    @property
    def rank_name(self) -> str:
        return {ACE: "Ace", CROWN: "Crown"}.get(self.rank, str(self.rank))

    def label(self) -> str:
        """Words naming the card for people and screen readers.

        >>> CARDS[INDEX["lunatic"]].label()
        'the Lunatic, 6, Moons and Waves, Personality'
        >>> CARDS[INDEX["ace-knots"]].label()
        'the Ace of Knots, Ace, Knots'
        """
        suits = " and ".join(s.capitalize() for s in self.suits)
        parts = [self.name, self.rank_name, suits]
        kinds = [TYPE_NAMES[t] for t in "PLE" if t in self.types]
        if kinds:
            parts.append(" and ".join(kinds))
        return ", ".join(parts)


# id, name, rank, suits, types -- exactly the table in shared/decktet.md.
_TABLE = [
    ("ace-moons", "the Ace of Moons", 1, "moons", ""),
    ("ace-suns", "the Ace of Suns", 1, "suns", ""),
    ("ace-waves", "the Ace of Waves", 1, "waves", ""),
    ("ace-leaves", "the Ace of Leaves", 1, "leaves", ""),
    ("ace-wyrms", "the Ace of Wyrms", 1, "wyrms", ""),
    ("ace-knots", "the Ace of Knots", 1, "knots", ""),
    ("author", "the Author", 2, "moons knots", "P"),
    ("desert", "the Desert", 2, "suns wyrms", "L"),
    ("origin", "the Origin", 2, "waves leaves", "LE"),
    ("journey", "the Journey", 3, "moons waves", "E"),
    ("painter", "the Painter", 3, "suns knots", "P"),
    ("savage", "the Savage", 3, "leaves wyrms", "P"),
    ("battle", "the Battle", 4, "wyrms knots", "E"),
    ("mountain", "the Mountain", 4, "moons suns", "L"),
    ("sailor", "the Sailor", 4, "waves leaves", "P"),
    ("discovery", "the Discovery", 5, "suns waves", "E"),
    ("forest", "the Forest", 5, "moons leaves", "L"),
    ("soldier", "the Soldier", 5, "wyrms knots", "P"),
    ("lunatic", "the Lunatic", 6, "moons waves", "P"),
    ("market", "the Market", 6, "leaves knots", "LE"),
    ("penitent", "the Penitent", 6, "suns wyrms", "P"),
    ("castle", "the Castle", 7, "suns knots", "L"),
    ("cave", "the Cave", 7, "waves wyrms", "L"),
    ("chance-meeting", "the Chance Meeting", 7, "moons leaves", "E"),
    ("betrayal", "the Betrayal", 8, "wyrms knots", "E"),
    ("diplomat", "the Diplomat", 8, "moons suns", "P"),
    ("mill", "the Mill", 8, "waves leaves", "L"),
    ("darkness", "the Darkness", 9, "waves wyrms", "L"),
    ("merchant", "the Merchant", 9, "leaves knots", "P"),
    ("pact", "the Pact", 9, "moons suns", "E"),
    ("huntress", "the Huntress", 10, "moons", "P"),
    ("bard", "the Bard", 10, "suns", "P"),
    ("sea", "the Sea", 10, "waves", "L"),
    ("end", "the End", 10, "leaves", "LE"),
    ("calamity", "the Calamity", 10, "wyrms", "E"),
    ("windfall", "the Windfall", 10, "knots", "E"),
]

CARDS: tuple[Card, ...] = tuple(
    Card(i, cid, name, rank, tuple(suits.split()), frozenset(types))
    for i, (cid, name, rank, suits, types) in enumerate(_TABLE)
)
#: card id -> card index
INDEX: dict[str, int] = {c.id: c.index for c in CARDS}
#: card index -> card id (fast tuple lookup for the hot paths)
IDS: tuple[str, ...] = tuple(c.id for c in CARDS)
RANK: tuple[int, ...] = tuple(c.rank for c in CARDS)
SUIT_MASK: tuple[int, ...] = tuple(c.suit_mask for c in CARDS)
#: Mask of the suits antipathetic to any suit of the card.
ANTI_MASK: tuple[int, ...] = tuple(
    sum(SUIT_BIT[ANTIPATHY[s]] for s in c.suits) for c in CARDS
)
DECK: tuple[int, ...] = tuple(range(len(CARDS)))
PERSONALITIES: frozenset[int] = frozenset(c.index for c in CARDS if "P" in c.types)

#: Aces and Crowns by suit name.
ACE_OF: dict[str, int] = {c.suits[0]: c.index for c in CARDS if c.rank == ACE}
CROWN_OF: dict[str, int] = {c.suits[0]: c.index for c in CARDS if c.rank == CROWN}


def card(card_id: str) -> Card:
    """The card with this id; ValueError naming it if there is none."""
    try:
        return CARDS[INDEX[card_id]]
    except (KeyError, TypeError):
        raise ValueError(f"unknown card id {card_id!r}") from None


def name_of(card_id: str) -> str:
    """A card's name in words, for sentences.

    >>> name_of("lunatic"), name_of("ace-moons")
    ('the Lunatic', 'the Ace of Moons')
    """
    return card(card_id).name


def card_suits(card_id: str) -> tuple[str, ...]:
    return card(card_id).suits


def antipathetic(a: str, b: str) -> bool:
    """True when suits ``a`` and ``b`` are an antipathetic pair."""
    return ANTIPATHY.get(a) == b


def shares_suit(a: int, b: int) -> bool:
    """True when cards ``a`` and ``b`` (indexes) have a suit in common."""
    return bool(SUIT_MASK[a] & SUIT_MASK[b])


def has_type(c: int, t: str) -> bool:
    """Whether card index ``c`` has interpretive type ``t`` (P, L or E)."""
    return t in CARDS[c].types


def ids(cards: Iterable[int]) -> list[str]:
    """Card indexes to ids, in the given order."""
    return [IDS[c] for c in cards]


def sorted_ids(cards: Iterable[int]) -> list[str]:
    """Card indexes to ids in deck order (a canonical order for hands)."""
    return [IDS[c] for c in sorted(cards)]


def parse_cards(values: Any, where: str) -> list[int]:
    """Card ids to indexes, with a ValueError naming ``where`` on a bad id."""
    if not isinstance(values, (list, tuple)):
        raise ValueError(f"{where}: expected a list of card ids, got {values!r}")
    out = []
    for v in values:
        if not isinstance(v, str) or v not in INDEX:
            raise ValueError(f"{where}: unknown card id {v!r}")
        out.append(INDEX[v])
    return out
