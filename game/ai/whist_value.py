"""Hermits Whist: what the rest of a game is worth, by the wild cards still face up and
the 8s turned: the chance of winning it, estimated by play.

The table is written by scripts/whist_value.py (``--check`` compares it with a fresh
estimate; a test does): for each of :data:`DEALS` deals and each number of 8s turned, the
rule-based player, which sees only what a player sees, plays a hand aiming at each pip
0-10 in turn; a hand's best end is the pip it hit whose rest is worth most, and V(open
pips, 8s turned) is the mean over the deals (an 8 can always be turned before the next
hand's first card, so one more 8 turned is never worth more).  Per mille, for the default
wild cards (pips 1-6); other pips have no table (:func:`chance` says None).

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

#: per mille, by the open pips (sorted): with 1, 2, 3, 4 8s turned
VALUE: dict[tuple[int, ...], tuple[int, int, int, int]] = {
    (): (1000, 1000, 1000, 1000),
    (1,): (962, 962, 962, 962),
    (2,): (911, 911, 911, 911),
    (3,): (866, 864, 852, 824),
    (4,): (848, 836, 803, 660),
    (5,): (817, 762, 714, 426),
    (6,): (744, 637, 538, 217),
    (1, 2): (935, 935, 935, 935),
    (1, 3): (921, 921, 921, 921),
    (1, 4): (899, 895, 875, 846),
    (1, 5): (900, 879, 831, 642),
    (1, 6): (871, 801, 679, 372),
    (2, 3): (843, 843, 843, 843),
    (2, 4): (846, 844, 827, 785),
    (2, 5): (855, 835, 799, 601),
    (2, 6): (832, 769, 665, 350),
    (3, 4): (793, 782, 750, 683),
    (3, 5): (808, 782, 739, 533),
    (3, 6): (794, 732, 632, 314),
    (4, 5): (762, 725, 646, 402),
    (4, 6): (756, 687, 575, 244),
    (5, 6): (683, 590, 469, 147),
    (1, 2, 3): (912, 912, 912, 912),
    (1, 2, 4): (889, 889, 889, 889),
    (1, 2, 5): (897, 886, 859, 753),
    (1, 2, 6): (890, 845, 746, 485),
    (1, 3, 4): (870, 866, 865, 865),
    (1, 3, 5): (887, 877, 851, 736),
    (1, 3, 6): (883, 844, 755, 476),
    (1, 4, 5): (861, 843, 797, 652),
    (1, 4, 6): (862, 821, 727, 430),
    (1, 5, 6): (839, 778, 650, 308),
    (2, 3, 4): (794, 791, 780, 777),
    (2, 3, 5): (818, 805, 783, 665),
    (2, 3, 6): (814, 781, 703, 433),
    (2, 4, 5): (814, 795, 754, 601),
    (2, 4, 6): (814, 779, 695, 397),
    (2, 5, 6): (800, 746, 634, 287),
    (3, 4, 5): (757, 727, 672, 514),
    (3, 4, 6): (761, 717, 628, 343),
    (3, 5, 6): (756, 697, 588, 253),
    (4, 5, 6): (696, 626, 502, 187),
    (1, 2, 3, 4): (888, 888, 888, 888),
    (1, 2, 3, 5): (883, 876, 861, 805),
    (1, 2, 3, 6): (886, 859, 789, 567),
    (1, 2, 4, 5): (865, 857, 841, 772),
    (1, 2, 4, 6): (871, 849, 785, 548),
    (1, 2, 5, 6): (866, 830, 737, 442),
    (1, 3, 4, 5): (853, 840, 819, 745),
    (1, 3, 4, 6): (858, 832, 772, 531),
    (1, 3, 5, 6): (860, 826, 738, 432),
    (1, 4, 5, 6): (831, 789, 689, 377),
    (2, 3, 4, 5): (784, 766, 742, 663),
    (2, 3, 4, 6): (789, 759, 704, 475),
    (2, 3, 5, 6): (794, 762, 684, 389),
    (2, 4, 5, 6): (785, 747, 656, 346),
    (3, 4, 5, 6): (729, 679, 583, 294),
    (1, 2, 3, 4, 5): (861, 857, 848, 817),
    (1, 2, 3, 4, 6): (871, 856, 809, 621),
    (1, 2, 3, 5, 6): (867, 844, 782, 544),
    (1, 2, 4, 5, 6): (852, 828, 768, 517),
    (1, 3, 4, 5, 6): (840, 812, 751, 498),
    (2, 3, 4, 5, 6): (773, 741, 682, 441),
    (1, 2, 3, 4, 5, 6): (854, 837, 798, 607),
}


def chance(pips: tuple[int, ...], flipped: tuple[bool, ...] | list[bool], turned: int) -> int | None:
    """The chance per mille of winning the rest of the game from a hand's start with the
    wild cards of ``pips`` not ``flipped`` still to flip and ``turned`` 8s turned; None
    for wild cards with no table."""
    if tuple(sorted(pips)) != DEFAULT_PIPS:
        return None
    return VALUE[tuple(sorted(p for p, f in zip(pips, flipped) if not f))][turned - 1]
