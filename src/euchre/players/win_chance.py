"""The chance of winning a game of Euchre from any score, made by self-play.

A deal gives one side 1, 2 or 4 points (or nobody any, when it is thrown in), and the
side that deals scores more often than the other. ``scripts/win_table.py`` measures, by
self-play of ``basic`` at every seat, how often the dealer's side and the other side
score each, and solves a dynamic programme over the scores with the deal passing to the
other side every deal (four-handed Euchre deals to the left, two-handed Euchre
alternates): the chance that a side with ``mine`` points beats one with ``theirs``
when it deals the next deal, or when the other side does. The measured chances and the
table for a game to 10 ship as package data (``data/win_chance.json``): one entry each
for the ``standard``, ``tournament`` (stick the dealer) and ``two-handed`` presets.
Other targets are solved from the same measured chances, once each.

>>> from euchre.engine.rules import Rules
>>> win_chance(Rules(), 0, 0, we_deal_next=True) > 0.5 > win_chance(Rules(), 0, 0, False)
True
>>> win_chance(Rules(), 10, 4, we_deal_next=False)
1.0
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Final

from euchre.engine.rules import Rules

__all__ = [
    "FORMAT",
    "TABLE_TARGET",
    "Grid",
    "deal_distribution",
    "deals_next",
    "rules_key",
    "solve",
    "win_chance",
]

FORMAT: Final = 1
"""The version of ``data/win_chance.json``'s layout that this module reads."""

TABLE_TARGET: Final = 10
"""The target whose table ships; any other is solved on demand."""

Grid = tuple[tuple[float, ...], ...]
"""``grid[mine][theirs]``: a chance for every score short of the target."""


@dataclass(frozen=True)
class _Entry:
    """One measured rules key of the data file."""

    dealer: dict[int, float]
    other: dict[int, float]
    we_deal: Grid
    they_deal: Grid


def solve(target: int, dealer: Mapping[int, float],
          other: Mapping[int, float]) -> tuple[Grid, Grid]:
    """The chance of winning to ``target`` from every score, ``(we_deal, they_deal)``:
    ``we_deal[mine][theirs]`` when the side with ``mine`` points deals the next deal,
    ``they_deal`` when the other side does. Each deal the dealer's side scores ``k``
    points with chance ``dealer[k]``, the other side with chance ``other[k]``, and with
    what is left of 1 nobody scores (a thrown-in deal); then the deal passes to the
    other side. Exact, up to rounding: a thrown-in deal returns to the same score with
    the dealer changed, a pair of equations solved in closed form.

    With target 2, a dealer's side that scores 1 point with chance 0.6, the other side
    1 with chance 0.4: from 0-0 the dealer's side wins with 0.6 * 0.76 + 0.4 * 0.24.

    >>> we, they = solve(2, {1: 0.6}, {1: 0.4})
    >>> round(we[0][0], 12), round(they[1][0], 12), round(we[1][1], 12)
    (0.552, 0.76, 0.6)
    """
    if target <= 0:
        raise ValueError(f"the target must be at least 1 point, not {target}")
    if any(k <= 0 for k in (*dealer, *other)):
        raise ValueError("a deal's points are positive")
    void = 1.0 - sum(dealer.values()) - sum(other.values())
    if not -1e-9 <= void < 1.0:
        raise ValueError(f"the chances of scoring must sum to at most 1 and more than 0, "
                         f"not {1.0 - void}")
    void = max(void, 0.0)
    we = [[0.0] * target for _ in range(target)]
    they = [[0.0] * target for _ in range(target)]

    def at(grid: list[list[float]], mine: int, theirs: int) -> float:
        if mine >= target:
            return 1.0
        if theirs >= target:
            return 0.0
        return grid[mine][theirs]

    # every scoring deal raises mine + theirs: a later row, or a later column of this one
    for mine in range(target - 1, -1, -1):
        for theirs in range(target - 1, -1, -1):
            # after a deal we deal, they deal the next one, and the other way round
            ours = sum(p * at(they, mine + k, theirs) for k, p in dealer.items()) \
                + sum(p * at(they, mine, theirs + k) for k, p in other.items())
            theirs_ = sum(p * at(we, mine, theirs + k) for k, p in dealer.items()) \
                + sum(p * at(we, mine + k, theirs) for k, p in other.items())
            # we = ours + void * they, they = theirs_ + void * we
            we_deal = (ours + void * theirs_) / (1.0 - void * void)
            we[mine][theirs] = we_deal
            they[mine][theirs] = theirs_ + void * we_deal
    return tuple(map(tuple, we)), tuple(map(tuple, they))


def rules_key(rules: Rules) -> str:
    """The data file's entry for ``rules``: ``two-handed`` for two-handed Euchre (the
    form decides before its options), ``tournament`` when the dealer is stuck (no deal
    is thrown in), else ``standard`` (also where the file has no entry for the first
    two). Only four- and two-handed Euchre are modelled: the other forms have more than
    two sides, or no fixed side that deals.

    >>> rules_key(Rules.preset("tournament")), rules_key(Rules(stick_the_dealer=True))
    ('tournament', 'tournament')
    >>> rules_key(Rules.preset("two-handed")), rules_key(Rules.preset("railroad"))
    ('two-handed', 'standard')
    """
    if rules.form not in ("four_handed", "two_handed"):
        raise ValueError(f"the chance of winning is modelled for four- and two-handed "
                         f"Euchre, not {rules.form}")
    key = "two-handed" if rules.form == "two_handed" else \
        "tournament" if rules.stick_the_dealer else "standard"
    return key if key in _entries() else "standard"


def deal_distribution(rules: Rules) -> tuple[dict[int, float], dict[int, float]]:
    """The measured chances that a deal gives the dealer's side 1, 2 or 4 points, and
    the other side (the rest of 1: thrown in), for the entry of :func:`rules_key`.

    >>> mine, theirs = deal_distribution(Rules())
    >>> sorted(mine), sum(mine.values()) > sum(theirs.values())
    ([1, 2, 4], True)
    """
    entry = _entries()[rules_key(rules)]
    return dict(entry.dealer), dict(entry.other)


def win_chance(rules: Rules, mine: int, theirs: int, we_deal_next: bool) -> float:
    """The chance that the side with ``mine`` points beats the side with ``theirs`` to
    ``rules.target``, when it deals the next deal (``we_deal_next``) or the other side
    does: from the shipped table for a target of 10, solved from the measured chances
    (:func:`deal_distribution`) for any other. A score at or past the target has won.
    Raises :class:`ValueError` for rules without a target (a fixed number of deals).

    >>> f"{win_chance(Rules(), 9, 9, True):.2f}", f"{win_chance(Rules(), 9, 9, False):.2f}"
    ('0.67', '0.33')
    >>> f"{win_chance(Rules(target=5), 0, 0, True):.2f}"   # solved for this target
    '0.53'
    >>> win_chance(Rules(), 3, 10, True)
    0.0
    >>> win_chance(Rules(target=0, deals=4), 0, 0, True)
    Traceback (most recent call last):
    ...
    ValueError: the chance of winning needs a game to a target score: these rules play 4 deals
    """
    target = rules.target
    if target <= 0:
        raise ValueError(f"the chance of winning needs a game to a target score: these "
                         f"rules play {rules.deals} deals")
    if mine >= target:
        return 1.0
    if theirs >= target:
        return 0.0
    if mine < 0 or theirs < 0:
        raise ValueError(f"a score short of the target is 0 or more, not {mine}-{theirs}")
    we, they = _table(rules_key(rules), target)
    return (we if we_deal_next else they)[mine][theirs]


def deals_next(rules: Rules, dealer: int, team: int) -> bool:
    """Whether side ``team`` deals the deal after one dealt by seat ``dealer``: the deal
    passes to the next seat, of the other side.

    >>> deals_next(Rules(), 0, 0), deals_next(Rules(), 3, 0), deals_next(Rules(players=2), 1, 0)
    (False, True, True)
    """
    seating = rules.seating
    return bool(seating.team_of[seating.next_seat[dealer]] == team)


@cache
def _table(key: str, target: int) -> tuple[Grid, Grid]:
    entry = _entries()[key]
    if target == TABLE_TARGET:
        return entry.we_deal, entry.they_deal
    return solve(target, entry.dealer, entry.other)


def _grid(rows: Any) -> Grid:
    return tuple(tuple(float(p) for p in row) for row in rows)


@cache
def _entries() -> dict[str, _Entry]:
    """The data file, read once."""
    path = resources.files("euchre.players") / "data" / "win_chance.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    if data.get("format") != FORMAT:
        raise RuntimeError(f"{path}: format {data.get('format')!r}, this module reads "
                           f"format {FORMAT}")
    entries = {}
    for key, entry in data["entries"].items():
        deals = entry["deals"]
        chances = [{int(k): n / deals for k, n in entry["counts"][side].items()}
                   for side in ("dealer", "other")]
        table = entry["table"]
        entries[key] = _Entry(chances[0], chances[1], _grid(table["we_deal"]),
                              _grid(table["they_deal"]))
    return entries
