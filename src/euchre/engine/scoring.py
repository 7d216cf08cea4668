"""The scoring table of a deal, in one place for the engine, the bots and the help.

>>> from euchre.engine.rules import Rules
>>> score_deal(Rules(), 5, lone_maker=True, lone_defender=False)
(True, 4)
>>> deal_score(Rules(), maker=1, alone=(1,), maker_tricks=5)
(1, 4)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from euchre.engine.actions import BLUCHER, MISERE, NAP, WELLINGTON

if TYPE_CHECKING:
    from euchre.engine.deal import DealResult
    from euchre.engine.rules import Rules
    from euchre.engine.seating import Seating

__all__ = [
    "deal_gains",
    "deal_score",
    "game_winner",
    "is_fast_break",
    "match_start",
    "match_value",
    "nap_points",
    "score_deal",
    "settlement",
    "signed_points",
]


def score_deal(
    rules: Rules, maker_tricks: int, lone_maker: bool, lone_defender: bool
) -> tuple[bool, int]:
    """The scoring table: ``(makers_scored, points)`` for a finished deal.

    >>> from euchre.engine.rules import Rules
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
    return _deal_score(rules, rules.seating, maker, alone, maker_tricks)


def _deal_score(rules: Rules, seating: Seating, maker: int, alone: Sequence[int],
                maker_tricks: int) -> tuple[int, int]:
    """:func:`deal_score` at ``rules.seating`` (a property worked out each time it is
    read: the scoring tables read it once a deal)."""
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

    >>> from euchre.engine.rules import Rules
    >>> signed_points(Rules(), maker=0, alone=(), maker_tricks=2, team=0)
    -2
    """
    scoring, points = deal_score(rules, maker, alone, maker_tricks)
    return points if scoring == team else -points


def is_fast_break(rules: Rules, maker: int, winners: Sequence[int]) -> bool:
    """Whether a finished deal is a fast break (§19.8, with ``fast_break`` on): the
    defenders won tricks 1 and 2 and the makers tricks 3, 4 and 5 (``winners``: the
    seat that won each trick). Nobody scores it.

    >>> from euchre.engine.rules import Rules
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


def _euchre_gains(rules: Rules, maker: int, alone: Sequence[int], tricks: Sequence[int],
                  winners: Sequence[int], bid: int, tokens: Sequence[int],
                  ) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Four- and two-handed Euchre: §8, the fast break (§19.8), the super-euchre (§19.10)
    and four-trick tokens (§19.9)."""
    seating = rules.seating
    team_of = seating.team_of
    makers = team_of[maker]
    gains = [0] * len(tricks)
    won = list(tokens)
    if rules.fast_break and is_fast_break(rules, maker, winners):
        return tuple(gains), tuple(won)
    team, points = _deal_score(rules, seating, maker, alone, tricks[makers])
    gains[team] = points
    if rules.four_trick_tokens and tricks[makers] == 4 and not any(
            team_of[s] == makers for s in alone):
        won[makers] += 1
        if won[makers] == 4:
            won[makers] = 0
            gains[makers] += 1
    return tuple(gains), tuple(won)


def _three_handed_gains(rules: Rules, maker: int, alone: Sequence[int], tricks: Sequence[int],
                        winners: Sequence[int], bid: int, tokens: Sequence[int],
                        ) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Three-handed Euchre (§14): the maker 1 or 3 (a march), else each defender 2.

    >>> from euchre.engine.rules import Rules
    >>> _three_handed_gains(Rules(form="three_handed"), 1, (), (2, 2, 1), [], -1, (0,) * 3)
    ((2, 0, 2), (0, 0, 0))
    """
    made = tricks[maker]
    if rules.fast_break and is_fast_break(rules, maker, winners):
        return (0,) * len(tricks), tuple(tokens)
    if made >= 3:
        gains = tuple((3 if made == 5 else 1) if s == maker else 0 for s in range(len(tricks)))
    else:
        gains = tuple(0 if s == maker else 2 for s in range(len(tricks)))
    return gains, tuple(tokens)


def _hasen_gains(rules: Rules, maker: int, alone: Sequence[int], tricks: Sequence[int],
                 winners: Sequence[int], bid: int, tokens: Sequence[int],
                 ) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Hasenpfeffer (§16): the makers their tricks, or minus the bid when set; the
    defenders their tricks (when ``hasen_defenders_score``).

    >>> from euchre.engine.rules import Rules
    >>> _hasen_gains(Rules.preset("hasenpfeffer"), 1, (), (3, 3), [], 4, (0, 0))
    ((3, -4), (0, 0))
    """
    makers = rules.seating.team_of[maker]
    gains = [0, 0]
    gains[makers] = tricks[makers] if tricks[makers] >= bid else -bid
    if rules.hasen_defenders_score:
        gains[1 - makers] = tricks[1 - makers]
    return tuple(gains), tuple(tokens)


_NAP_HIGH: Final = {NAP: (10, 5), WELLINGTON: (20, 10), BLUCHER: (30, 15)}
_NAP_LOW: Final = {NAP: (5, 5), WELLINGTON: (10, 10), BLUCHER: (20, 20)}


def nap_points(rules: Rules, bid: int) -> tuple[int, int]:
    """Napoleon's table (§17): ``(made, failed)``, what the bidder scores for a made
    bid and what each opponent scores when it fails.

    >>> from euchre.engine.rules import Rules
    >>> from euchre.engine.actions import MISERE, NAP
    >>> nap = Rules.preset("napoleon")
    >>> nap_points(nap, 3), nap_points(nap, NAP), nap_points(nap.replace(nap_values="low"), NAP)
    ((3, 3), (10, 5), (5, 5))
    >>> nap_points(nap.replace(misere=True, misere_loss_points=6), MISERE)
    (3, 6)
    """
    if bid == MISERE:
        return 3, rules.misere_loss_points
    if bid in _NAP_HIGH:
        return (_NAP_HIGH if rules.nap_values == "high" else _NAP_LOW)[bid]
    return bid, bid


def _nap_gains(rules: Rules, maker: int, alone: Sequence[int], tricks: Sequence[int],
               winners: Sequence[int], bid: int, tokens: Sequence[int],
               ) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Napoleon (§17): the bidder scores the made value, or each opponent the failed
    value."""
    taken = tricks[maker]
    made = taken == 0 if bid == MISERE else taken >= (5 if bid >= NAP else bid)
    won, lost = nap_points(rules, bid)
    if made:
        gains = tuple(won if s == maker else 0 for s in range(len(tricks)))
    else:
        gains = tuple(0 if s == maker else lost for s in range(len(tricks)))
    return gains, tuple(tokens)


_GAINS: Final = {
    "four_handed": _euchre_gains,
    "two_handed": _euchre_gains,
    "three_handed": _three_handed_gains,
    "hasenpfeffer": _hasen_gains,
    "napoleon": _nap_gains,
}


def deal_gains(rules: Rules, maker: int, alone: Sequence[int], tricks: Sequence[int],
               winners: Sequence[int], bid: int = -1, tokens: Sequence[int] = (),
               ) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """What each side gains from a finished deal, and the four-trick tokens after it:
    the scoring table of the form (``maker``: the seat that made trump or won the
    bidding; ``tricks``: tricks taken by each side; ``winners``: the seat that won each
    trick; ``bid``: the winning bid, where the form bids for tricks).

    >>> from euchre.engine.rules import Rules
    >>> deal_gains(Rules(), 1, (), (1, 4), [], tokens=(0, 0))
    ((0, 1), (0, 0))
    >>> deal_gains(Rules(four_trick_tokens=True), 1, (), (1, 4), [], tokens=(0, 3))
    ((0, 2), (0, 0))
    """
    if not tokens:
        tokens = (0,) * len(tricks)
    form = rules.form
    if form == "four_handed" or form == "two_handed":  # called directly: compiled, a C call
        return _euchre_gains(rules, maker, alone, tricks, winners, bid, tokens)
    return _GAINS[form](rules, maker, alone, tricks, winners, bid, tokens)


def game_winner(rules: Rules, score: Sequence[int], last: DealResult | None) -> int | None:
    """The side that wins a game played to ``rules.target`` once some side has reached
    it (``last``: the deal that got there): the highest total; Hasenpfeffer's makers when
    both partnerships reach the target on one deal (§16); ``None`` when two or more
    share the highest total and one more deal must be played (§13).

    >>> from euchre.engine.rules import Rules
    >>> game_winner(Rules(form="three_handed"), (10, 4, 10), None) is None
    True
    >>> game_winner(Rules(form="three_handed"), (11, 4, 10), None)
    0
    """
    if rules.form == "hasenpfeffer" and last is not None and last.maker is not None and (
            min(score) >= rules.target):  # both reached it on this deal: the makers win
        return rules.seating.team_of[last.maker]
    top = max(score)
    leaders = [t for t, p in enumerate(score) if p == top]
    if len(leaders) == 1:
        return leaders[0]
    if rules.per_player:
        return None
    return leaders[0]  # pragma: no cover (one partnership scores a Euchre deal)


def match_start(rules: Rules, score: Sequence[int], winner: int) -> tuple[int, ...]:
    """The score the next game of a match starts from (§19.12): with ``laps`` the
    winner's points above the target (at most ``target`` - 1), the loser 0.

    >>> from euchre.engine.rules import Rules
    >>> match_start(Rules(laps=True), (12, 7), 0), match_start(Rules(), (12, 7), 0)
    ((2, 0), (0, 0))
    """
    if not rules.laps:
        return (0,) * len(score)
    over = min(max(score[winner] - rules.target, 0), rules.target - 1)
    return tuple(over if t == winner else 0 for t in range(len(score)))


def match_value(rules: Rules, score: Sequence[int], winner: int) -> int:
    """How many games of a match a won game counts for: 2 for a slam (``slam``: the
    losers have 0 points or fewer), else 1.

    >>> from euchre.engine.rules import Rules
    >>> match_value(Rules(slam=True), (10, 0), 0), match_value(Rules(), (10, 0), 0)
    (2, 1)
    """
    losers = [p for t, p in enumerate(score) if t != winner]
    return 2 if rules.slam and all(p <= 0 for p in losers) else 1


def settlement(score: Sequence[int]) -> tuple[int, ...]:
    """Napoleon's settlement in stakes (§17): player i's balance n·P_i − ΣP.

    >>> settlement((12, 7, 5, 0))
    (24, 4, -4, -24)
    """
    n = len(score)
    total = sum(score)
    return tuple(n * p - total for p in score)
