"""The scoring table of a deal, in one place for the engine, the bots and the help.

>>> from euchre.rules import Rules
>>> score_deal(Rules(), 5, lone_maker=True, lone_defender=False)
(True, 4)
>>> deal_score(Rules(), maker=1, alone=(1,), maker_tricks=5)
(1, 4)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from euchre.rules import Rules

__all__ = ["deal_score", "is_fast_break", "score_deal", "signed_points"]


def score_deal(
    rules: Rules, maker_tricks: int, lone_maker: bool, lone_defender: bool
) -> tuple[bool, int]:
    """The scoring table: ``(makers_scored, points)`` for a finished deal.

    >>> from euchre.rules import Rules
    >>> score_deal(Rules(), 2, lone_maker=False, lone_defender=False)
    (False, 2)
    """
    if maker_tricks >= 3:
        if maker_tricks == 5:
            return True, rules.loner_march_points if lone_maker else 2
        return True, 1
    if lone_defender:
        points = 4 if rules.lone_defender_scoring == "flat_4" or maker_tricks == 0 else 2
    else:
        points = rules.loner_euchred_points if lone_maker else 2
    if maker_tricks == 0:  # a super-euchre scores at least its points, when they are on
        return False, max(points, rules.super_euchre_points)
    return False, points


def deal_score(
    rules: Rules, maker: int, alone: Sequence[int], maker_tricks: int
) -> tuple[int, int]:
    """``(team, points)``: the team that scores a finished deal and what it scores, when
    ``maker`` made trump, ``alone`` went alone and the makers took ``maker_tricks``."""
    seating = rules.seating
    team_of = seating.team_of
    makers = team_of[maker]
    lone_maker = lone_defender = False
    for s in alone:
        if team_of[s] == makers:
            lone_maker = True
        else:
            lone_defender = True
    made, points = score_deal(rules, maker_tricks, lone_maker, lone_defender)
    if made:
        return makers, points
    return (makers + 1) % seating.team_count, points  # the defending side


def signed_points(
    rules: Rules, maker: int, alone: Sequence[int], maker_tricks: int, team: int
) -> int:
    """The points of a finished deal for ``team``: negative when the other side scores.

    >>> from euchre.rules import Rules
    >>> signed_points(Rules(), maker=0, alone=(), maker_tricks=2, team=0)
    -2
    """
    scoring, points = deal_score(rules, maker, alone, maker_tricks)
    return points if scoring == team else -points


def is_fast_break(rules: Rules, maker: int, winners: Sequence[int]) -> bool:
    """Whether a finished deal is a fast break (§19.8, with ``fast_break`` on): the
    defenders won tricks 1 and 2 and the makers tricks 3, 4 and 5 (``winners``: the
    seat that won each trick). Nobody scores it.

    >>> from euchre.rules import Rules
    >>> is_fast_break(Rules(fast_break=True), 0, [1, 3, 0, 2, 0])
    True
    >>> is_fast_break(Rules(), 0, [1, 3, 0, 2, 0])
    False
    """
    if not rules.fast_break or len(winners) != 5:
        return False
    team_of = rules.seating.team_of
    makers = team_of[maker]
    return [team_of[w] == makers for w in winners] == [False, False, True, True, True]
