"""Hermits Whist: what the rest of a game is worth, by the wild cards still face up and
the 8s turned: the chance of winning it, estimated by play.

The table is written by scripts/whist_value.py (``--check`` compares it with a fresh
estimate; a test does): for each of :data:`DEALS` deals and each number of 8s turned, the
player's hand is kept and :data:`WORLDS` deals of the cards it cannot see are sampled; in
each, the rule-based player, which sees only what a player sees, plays the hand aiming at
each pip 1-6 in turn.  The aim is chosen from the hand alone (the best mean over the
worlds), a hand's end is worth the rest of the game from the pips then open, and V(open
pips, 8s turned) is the mean over the deals (an 8 can always be turned before the next
hand's first card, so one more 8 turned is never worth more).  Per mille, for the default
wild cards (pips 1-6); other pips have no table (:func:`chance` says None).  Until
2026-12-06 the aim was the best pip one play-out hit, chosen knowing the dummy's cards,
which rated leaving pip 6 for later as nearly free (plan70, docs/ai-strength.md).

The AI reads it where it plays as a player does (game/ai/whist_pimc.py's honest play-outs,
game/ai/whist_tail.py's exact tail): there a hand's end is worth the chance of winning the
rest, and hitting pip 6 while it can is worth more than keeping an 8.

>>> flipped = (True, True, True, True, True, False)      # pip 6 alone is left
>>> chance(DEFAULT_PIPS, flipped, 1) < chance(DEFAULT_PIPS, flipped[::-1], 1)  # than pip 1 alone
True
>>> chance(DEFAULT_PIPS, flipped, 4) < chance(DEFAULT_PIPS, flipped, 1)   # no trump left
True
>>> chance(DEFAULT_PIPS, (True,) * 6, 4), chance((1, 1, 2, 3, 4, 5), flipped, 1)
(1000, None)
"""

from __future__ import annotations

#: the wild cards' pips the table is for (the rules' default, "wilds" option unset)
DEFAULT_PIPS = (1, 2, 3, 4, 5, 6)
#: deals played per number of 8s turned to estimate the table
DEALS = 4000
#: worlds sampled from the player's view of each deal, in which each aim is played
WORLDS = 16

#: per mille, by the open pips (sorted): with 1, 2, 3, 4 8s turned
VALUE: dict[tuple[int, ...], tuple[int, int, int, int]] = {
    (): (1000, 1000, 1000, 1000),
    (1,): (962, 962, 962, 962),
    (2,): (918, 918, 918, 918),
    (3,): (867, 863, 857, 826),
    (4,): (852, 832, 810, 661),
    (5,): (811, 758, 704, 439),
    (6,): (732, 629, 535, 217),
    (1, 2): (936, 936, 936, 936),
    (1, 3): (849, 849, 849, 849),
    (1, 4): (840, 832, 819, 721),
    (1, 5): (814, 784, 743, 524),
    (1, 6): (751, 684, 597, 289),
    (2, 3): (875, 871, 858, 846),
    (2, 4): (809, 800, 785, 691),
    (2, 5): (785, 756, 717, 499),
    (2, 6): (727, 662, 582, 275),
    (3, 4): (833, 812, 762, 667),
    (3, 5): (749, 716, 669, 457),
    (3, 6): (694, 629, 549, 248),
    (4, 5): (759, 706, 620, 403),
    (4, 6): (671, 593, 499, 207),
    (5, 6): (628, 533, 415, 151),
    (1, 2, 3): (887, 884, 881, 880),
    (1, 2, 4): (837, 829, 813, 749),
    (1, 2, 5): (807, 785, 749, 567),
    (1, 2, 6): (750, 697, 618, 331),
    (1, 3, 4): (832, 823, 788, 727),
    (1, 3, 5): (753, 730, 695, 524),
    (1, 3, 6): (704, 655, 582, 303),
    (1, 4, 5): (781, 746, 676, 493),
    (1, 4, 6): (692, 636, 553, 269),
    (1, 5, 6): (674, 603, 491, 219),
    (2, 3, 4): (824, 809, 778, 734),
    (2, 3, 5): (760, 734, 693, 526),
    (2, 3, 6): (708, 656, 580, 303),
    (2, 4, 5): (754, 719, 649, 476),
    (2, 4, 6): (669, 614, 533, 259),
    (2, 5, 6): (654, 584, 476, 209),
    (3, 4, 5): (740, 698, 623, 476),
    (3, 4, 6): (666, 603, 512, 254),
    (3, 5, 6): (622, 552, 445, 195),
    (4, 5, 6): (602, 520, 405, 179),
    (1, 2, 3, 4): (845, 834, 814, 789),
    (1, 2, 3, 5): (778, 757, 724, 583),
    (1, 2, 3, 6): (727, 681, 611, 351),
    (1, 2, 4, 5): (784, 756, 695, 551),
    (1, 2, 4, 6): (697, 648, 572, 313),
    (1, 2, 5, 6): (689, 628, 524, 268),
    (1, 3, 4, 5): (759, 729, 670, 556),
    (1, 3, 4, 6): (684, 634, 554, 310),
    (1, 3, 5, 6): (651, 594, 495, 252),
    (1, 4, 5, 6): (647, 582, 477, 250),
    (2, 3, 4, 5): (753, 722, 667, 569),
    (2, 3, 4, 6): (675, 624, 548, 315),
    (2, 3, 5, 6): (649, 591, 491, 254),
    (2, 4, 5, 6): (626, 562, 459, 242),
    (3, 4, 5, 6): (611, 544, 443, 247),
    (1, 2, 3, 4, 5): (780, 755, 712, 637),
    (1, 2, 3, 4, 6): (699, 654, 586, 364),
    (1, 2, 3, 5, 6): (678, 625, 532, 306),
    (1, 2, 4, 5, 6): (664, 608, 513, 306),
    (1, 3, 4, 5, 6): (646, 591, 501, 316),
    (2, 3, 4, 5, 6): (639, 585, 499, 325),
    (1, 2, 3, 4, 5, 6): (673, 625, 549, 388),
}


def chance(pips: tuple[int, ...], flipped: tuple[bool, ...] | list[bool], turned: int) -> int | None:
    """The chance per mille of winning the rest of the game from a hand's start with the
    wild cards of ``pips`` not ``flipped`` still to flip and ``turned`` 8s turned; None
    for wild cards with no table."""
    if tuple(sorted(pips)) != DEFAULT_PIPS:
        return None
    return VALUE[tuple(sorted(p for p, f in zip(pips, flipped) if not f))][turned - 1]
