"""The game reviewer: every decision of a recorded game judged as a chess engine would.

Each decision of each seat (one with more than one legal option) is judged from that
seat's own view only (:class:`~euchre.engine.view.PlayerView`), never from the hidden cards:
deals consistent with what the seat knew are sampled with ``expert``'s inference
(the bids and plays of the others weigh each sample), every legal option is applied to
each sample and the deal is finished by ``basic`` at every seat (in the play, half
blended with the card's double-dummy value, as ``expert`` does). Each option gets:

* its worth in **expected points** for the seat's side this deal (its side's points
  less the other side's), with its standard error;
* where the game has a target and two sides, its **change in the chance of winning the
  game** from the score of the deal and who deals it (the table of
  :func:`~euchre.players.win_chance.win_chance`, made by self-play), with its standard
  error;
* its **cost**: how much less than the best option it is worth, measured sample by
  sample (a paired difference, so the error of a cost is far smaller than the errors
  of the two worths), in the chance of winning where there is one, else in points.

A label in EGN's convention is given by :data:`THRESHOLDS`, only where the sampling
error cannot take it away: a decision is a mistake ``[?]`` when its cost is at least the
mistake threshold even at :data:`Z` standard errors below its estimate (see
:func:`label_of` and ``docs/review.md``); a good label needs the only good option and a
hard one (:func:`label_decision`), and options the sampling cannot tell apart are
level (:func:`is_level`), not a recommendation. Each decision keeps what its seat saw
(:class:`Situation`: the hand, the upcard or the trick so far). **Open hands**, marked
apart, judge each card played with every card seen: the tricks its side ends with when
both sides then play perfectly (:func:`~euchre.players.solver.card_values`), and what it cost
in tricks.

>>> from euchre.engine.game import Game
>>> from euchre.players import play_game
>>> from euchre.players.registry import make_player
>>> from euchre.records.record import Record
>>> game = play_game(Game(seed=5, rules=Game().rules.replace(target=3)),
...                  [make_player("basic", s) for s in range(4)])
>>> review = review_record(Record.from_game(game), budget=4, seed=1)
>>> len(review.decisions) > 0, review.decisions[0].best in review.decisions[0].values()
(True, True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field, replace
from typing import Final, TypeVar

from euchre.engine.actions import ALONE, MISERE, Action, Best, GoAlone, Pass, Play
from euchre.engine.cards import (
    SUIT_CHARS,
    UNKNOWN,
    Card,
    card_name,
    cards_of,
    deck_mask,
    sort_cards,
)
from euchre.engine.game import Game, Phase
from euchre.engine.rules import Rules
from euchre.engine.view import PlayerView
from euchre.errors import EuchreError
from euchre.players.basic import BasicPlayer
from euchre.players.expert import (
    SCORE_AWARE,
    ExpertPlayer,
    replayable,
)
from euchre.players.solver import Position, PositionError, card_values
from euchre.players.win_chance import deals_next, win_chance
from euchre.records.record import Record

__all__ = [
    "DEFAULT_BUDGET",
    "DEFAULT_CAP",
    "GOOD_LABELS",
    "LABELS",
    "PHASE_GROUPS",
    "SETTLE",
    "THRESHOLDS",
    "Decision",
    "Estimate",
    "Judge",
    "OpenHands",
    "OptionValue",
    "PlayerSummary",
    "Review",
    "Situation",
    "Skipped",
    "Z",
    "describe_action",
    "evaluate",
    "is_level",
    "is_passive",
    "judge_decision",
    "label_decision",
    "label_of",
    "label_settled",
    "review_record",
    "score_modelled",
    "situation_of",
    "weighted_estimate",
    "win_change",
]

_K = TypeVar("_K")

DEFAULT_BUDGET: Final = 80
"""Sampled deals per decision to begin with, by default (``euchre review --budget``)."""

DEFAULT_CAP: Final = 640
"""The most sampled deals a decision may take, by default (``euchre review --cap``): a
decision whose label is not settled (:func:`label_settled`) after its budget draws as
many samples again, and again, until it is or this many were drawn."""

SETTLE: Final = 2.0
"""Standard errors by which the estimates a label reads may move without changing it,
for the label to be settled (:func:`label_settled`): between two seeds an estimate
moves by about one standard error, so a label that holds two away holds from one seed
to another."""

Z: Final = 1.645
"""Standard errors a label must hold by: a label claims that a cost is at least (or at
most) a threshold, and at 1.645 standard errors that one-sided claim holds with 95%
confidence, so the sampling error cannot take the label away."""

THRESHOLDS: Final = {
    "win": (0.01, 0.025, 0.05),
    "points": (0.15, 0.4, 0.8),
}
"""The costs of a dubious, a mistaken and a blundering decision: in the chance of
winning the game (1, 2.5 and 5 percentage points; one point is worth about 6.5 at
0-0 to 10, so about 0.15, 0.4 and 0.8 points there) where the game has a target and
two sides, else in points."""

GOOD_LABELS: Final = ("[!?]", "[!]", "[!!]")
"""The good labels, the weakest first."""

LABELS: Final = {
    "[??]": "blunder",
    "[?]": "mistake",
    "[?!]": "dubious",
    "[!?]": "interesting",
    "[!]": "great",
    "[!!]": "brilliant",
}
"""EGN's labels and their names."""

PHASE_GROUPS: Final = {
    "bidding": ("bid1", "bid2", "bid", "trump", "benny", "declare", "best"),
    "exchange": ("exchange", "discard", "give", "widow"),
    "alone": ("alone",),
    "play": ("play",),
}
"""The phases of the summary's accuracy, by the engine's phases."""


@dataclass(frozen=True, slots=True)
class Estimate:
    """A sampled average and its standard error."""

    mean: float
    error: float

    def __str__(self) -> str:
        return f"{self.mean:+.2f} ± {self.error:.2f}"

    def to_dict(self) -> dict[str, float]:
        return {"mean": round(self.mean, 4), "error": round(self.error, 4)}


@dataclass(frozen=True, slots=True)
class OptionValue:
    """One legal option of a decision: its worth and its cost against the best."""

    action: Action
    points: Estimate
    """Expected points for the seat's side this deal, less the other side's."""
    win: Estimate | None
    """The expected change in the chance of winning the game (``None``: no target)."""
    cost: Estimate
    """What it is worth less than the best option (0 for the best), in the unit of
    the labels (:attr:`Decision.unit`), measured sample by sample."""

    def to_dict(self) -> dict[str, object]:
        return {
            "action": str(self.action),
            "points": self.points.to_dict(),
            "win": None if self.win is None else self.win.to_dict(),
            "cost": self.cost.to_dict(),
        }


@dataclass(frozen=True, slots=True)
class OpenHands:
    """A card played judged with every card seen (double dummy): per legal card, the
    tricks the seat's side ends the deal with when both sides then play their best."""

    tricks: dict[Card, int]
    chosen: Card

    @property
    def best(self) -> int:
        return max(self.tricks.values())

    @property
    def lost(self) -> int:
        """Tricks the card played cost against the best card, all cards seen."""
        return self.best - self.tricks[self.chosen]

    def to_dict(self) -> dict[str, object]:
        return {"tricks": {card_name(c): t for c, t in self.tricks.items()},
                "lost": self.lost}


@dataclass(frozen=True, slots=True)
class Situation:
    """What the deciding seat saw as it decided, shown beside its decision: its hand,
    the upcard while bidding, trump once named and, in the play, the trick so far."""

    hand: tuple[Card, ...]
    """The seat's cards, sorted for display (none for a dealer who names trump blind)."""
    upcard: Card | None = None
    """The upcard while bidding (``None`` in the play, and in forms without one)."""
    turned_down: bool = False
    """Whether the upcard was turned down (round two)."""
    trump: int | None = None
    trick: tuple[tuple[int, Card], ...] = ()
    """In the play, the cards of the trick so far as ``(seat, card)`` (none: to lead)."""

    def to_dict(self) -> dict[str, object]:
        return {
            "hand": [card_name(c) for c in self.hand],
            "upcard": None if self.upcard is None else card_name(self.upcard),
            "turned_down": self.turned_down,
            "trump": None if self.trump is None else (SUIT_CHARS + "n")[self.trump],
            "trick": [[seat, card_name(c)] for seat, c in self.trick],
        }


def situation_of(view: PlayerView) -> Situation:
    """The :class:`Situation` of the seat of ``view``, as it is about to decide."""
    rules = view.rules
    playing = view.phase == "play"
    shown = rules.has_upcard and not playing and view.upcard != UNKNOWN
    return Situation(
        hand=tuple(sort_cards(view.hand, view.trump, order=rules.trump_order)),
        upcard=view.upcard if shown else None,
        turned_down=shown and view.phase == "bid2",
        trump=view.trump,
        trick=view.trick if playing else (),
    )


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of a recorded game, judged from its seat's view."""

    deal: int
    """The deal's index in the record (0 for the first)."""
    action_index: int
    """The action's index among the deal's actions."""
    seat: int
    phase: str
    trick: int | None
    """In the play, the trick's number (1 for the first)."""
    score: tuple[int, ...]
    """The score as the deal began."""
    chosen: Action
    options: tuple[OptionValue, ...]
    unit: str
    """``"win"`` (costs in the chance of winning) or ``"points"``."""
    samples: int
    label: str | None
    basic: Action
    """What ``basic`` (the rules of thumb) would have done."""
    open_hands: OpenHands | None = None
    win_now: float | None = None
    """The seat's side's chance of winning the game as the deal began (``None``: no
    target)."""
    situation: Situation | None = None
    """What the seat saw as it decided (its hand, the upcard or the trick so far)."""

    def values(self) -> dict[Action, OptionValue]:
        return {o.action: o for o in self.options}

    @property
    def best(self) -> Action:
        return min(self.options, key=lambda o: o.cost.mean).action

    @property
    def level(self) -> tuple[Action, ...]:
        """The options the review cannot tell from the best (:func:`is_level`), the best
        first: more than one where the best is no recommendation over the others."""
        best = self.best
        return (best, *(o.action for o in sorted(self.options, key=lambda o: o.cost.mean)
                        if o.action != best and is_level(o.cost)))

    @property
    def taken(self) -> OptionValue:
        """The option chosen."""
        return self.values()[self.chosen]

    @property
    def cost(self) -> Estimate:
        """What the option chosen cost against the best, in :attr:`unit`."""
        return self.taken.cost

    @property
    def points_lost(self) -> float:
        """Expected points the choice gave away against the best option (0 or more)."""
        values = self.values()
        return max(0.0, values[self.best].points.mean - self.taken.points.mean)

    @property
    def group(self) -> str:
        """The summary's phase: ``bidding``, ``exchange``, ``alone`` or ``play``."""
        return next((g for g, phases in PHASE_GROUPS.items() if self.phase in phases),
                    "bidding")

    @property
    def accurate(self) -> bool:
        """Whether the option chosen was within the dubious threshold of the best."""
        return self.cost.mean < THRESHOLDS[self.unit][0]

    def where(self) -> str:
        """``deal 3, trick 2`` or ``deal 3, bidding``."""
        place = f"trick {self.trick}" if self.trick is not None else self.group
        return f"deal {self.deal + 1}, {place}"

    def win_after(self) -> float | None:
        """The seat's side's chance of winning after the choice, as the review expects."""
        taken = self.taken
        if self.win_now is None or taken.win is None:
            return None
        return min(1.0, max(0.0, self.win_now + taken.win.mean))

    def to_dict(self) -> dict[str, object]:
        return {
            "deal": self.deal + 1,
            "action_index": self.action_index,
            "seat": self.seat,
            "phase": self.phase,
            "trick": self.trick,
            "score": list(self.score),
            "chosen": str(self.chosen),
            "best": str(self.best),
            "level": [str(a) for a in self.level],
            "basic": str(self.basic),
            "label": self.label,
            "unit": self.unit,
            "cost": self.cost.to_dict(),
            "points_lost": round(self.points_lost, 4),
            "samples": self.samples,
            "options": [o.to_dict() for o in self.options],
            "open_hands": None if self.open_hands is None else self.open_hands.to_dict(),
            "situation": None if self.situation is None else self.situation.to_dict(),
        }


@dataclass(frozen=True, slots=True)
class Skipped:
    """A decision the review could not judge, and why."""

    deal: int
    action_index: int
    seat: int
    phase: str
    reason: str


@dataclass(frozen=True, slots=True)
class PlayerSummary:
    """One seat's review: points lost per deal, accuracy by phase, costliest choices."""

    seat: int
    deals: int
    decisions: int
    points_lost: float
    accuracy: dict[str, tuple[int, int]]
    """Per phase group: (accurate decisions, decisions)."""
    labels: dict[str, int]
    costliest: tuple[Decision, ...]
    """The costliest choices (at least the dubious threshold by their estimate)."""

    @property
    def lost_per_deal(self) -> float:
        return self.points_lost / self.deals if self.deals else 0.0

    def to_dict(self) -> dict[str, object]:
        return {
            "seat": self.seat,
            "deals": self.deals,
            "decisions": self.decisions,
            "points_lost_per_deal": round(self.lost_per_deal, 4),
            "accuracy": {g: {"accurate": a, "decisions": n}
                         for g, (a, n) in self.accuracy.items()},
            "labels": self.labels,
            "costliest": [d.where() for d in self.costliest],
        }


@dataclass(slots=True)
class Review:
    """The review of one record."""

    record: Record
    decisions: list[Decision]
    skipped: list[Skipped] = field(default_factory=list)
    budget: int = DEFAULT_BUDGET
    seed: int = 0
    cap: int | None = None
    """The most samples a decision could take (``None``: the budget, no more)."""

    def summary(self, seat: int, costliest: int = 3) -> PlayerSummary:
        mine = [d for d in self.decisions if d.seat == seat]
        accuracy: dict[str, tuple[int, int]] = {}
        for group in PHASE_GROUPS:
            in_group = [d for d in mine if d.group == group]
            accuracy[group] = (sum(d.accurate for d in in_group), len(in_group))
        labels: dict[str, int] = {}
        for d in mine:
            if d.label:
                labels[d.label] = labels.get(d.label, 0) + 1
        worst = sorted((d for d in mine if not d.accurate),
                       key=lambda d: -d.cost.mean)[:costliest]
        deals = len({d.deal for d in self.decisions}) or len(self.record.deals)
        return PlayerSummary(seat, deals, len(mine), sum(d.points_lost for d in mine),
                             accuracy, labels, tuple(worst))

    def seats(self) -> list[int]:
        return sorted({d.seat for d in self.decisions})

    def win_series(self, side: int = 0) -> list[tuple[int, float]]:
        """``side``'s chance of winning the game after each decision, as the reviewer
        expects it from the deciding seat's view: ``(deal index, chance)``."""
        team_of = self.record.rules.seating.team_of
        out = []
        for d in self.decisions:
            after = d.win_after()
            if after is None:
                continue
            out.append((d.deal, after if team_of[d.seat] == side else 1.0 - after))
        return out

    def to_dict(self) -> dict[str, object]:
        return {
            "budget": self.budget,
            "cap": self.cap,
            "seed": self.seed,
            "decisions": [d.to_dict() for d in self.decisions],
            "skipped": [
                {"deal": s.deal + 1, "action_index": s.action_index, "seat": s.seat,
                 "phase": s.phase, "reason": s.reason} for s in self.skipped],
            "players": [self.summary(seat).to_dict() for seat in self.seats()],
        }


# -- labels ------------------------------------------------------------------------------


def is_level(cost: Estimate) -> bool:
    """Whether an option whose cost against the best is ``cost`` is level with it: the
    cost is within :data:`Z` standard errors of nothing, so the sampling cannot tell the
    two apart and the best is no recommendation over it.

    >>> is_level(Estimate(0.0, 0.3)), is_level(Estimate(0.4, 0.3)), is_level(Estimate(0.6, 0.3))
    (True, True, False)
    """
    return cost.mean <= Z * cost.error


def is_passive(action: Action) -> bool:
    """Whether ``action`` is a decision's default, the choice of doing nothing: a pass
    (a bid or a declaration), staying with the partner rather than going alone,
    declining to call for the partner's best.

    >>> from euchre.engine.actions import ALONE, ORDER, PASS, STAY
    >>> [is_passive(a) for a in (PASS, STAY, ORDER, ALONE)]
    [True, True, False, False]
    """
    if isinstance(action, GoAlone):
        return not action.alone
    if isinstance(action, Best):
        return not action.call
    return isinstance(action, Pass)


def label_of(unit: str, cost: Estimate, margin: Estimate | None = None,
             rules_cost: Estimate | None = None) -> str | None:
    """The label of a decision whose option chosen cost ``cost`` against the best, and,
    when it was the best, was better than the next best by ``margin``; ``rules_cost``:
    the cost of what ``basic``'s rules of thumb would have chosen, when that was another
    option (``None`` when they agree). The whole rule, a passive choice's included, is
    :func:`label_decision`'s.

    * ``[?!]``, ``[?]``, ``[??]``: the cost is at least the dubious, mistake or blunder
      threshold (:data:`THRESHOLDS`) at :data:`Z` standard errors below its estimate;
    * ``[!]``, ``[!!]``: the only good option, and a hard one: the best option, every
      other option would have cost at least the mistake or blunder threshold (at ``Z``
      standard errors: ``margin.mean - Z * margin.error``), and not the choice of the
      rules of thumb;
    * ``[!?]``: an unusual choice the review cannot fault (its cost is under the
      dubious threshold even at ``Z`` standard errors above its estimate) where the
      rules of thumb would have cost at least the dubious threshold (``rules_cost``, at
      ``Z`` standard errors): a good idea, though not the only one;
    * no label otherwise.

    >>> label_of("points", Estimate(1.4, 0.1))
    '[??]'
    >>> label_of("points", Estimate(0.7, 0.3))   # at least a dubious choice
    '[?!]'
    >>> label_of("points", Estimate(0.3, 0.2)) is None   # it could be nothing
    True
    >>> label_of("points", Estimate(0.0, 0.0), Estimate(0.8, 0.1), Estimate(0.8, 0.1))
    '[!]'
    """
    dubious, mistake, blunder = THRESHOLDS[unit]
    low = cost.mean - Z * cost.error
    if low >= blunder:
        return "[??]"
    if low >= mistake:
        return "[?]"
    if low >= dubious:
        return "[?!]"
    if rules_cost is None:
        return None
    if margin is not None and cost.mean <= 0.0:
        sure = margin.mean - Z * margin.error
        if sure >= blunder:
            return "[!!]"
        if sure >= mistake:
            return "[!]"
    if cost.mean + Z * cost.error < dubious and \
            rules_cost.mean - Z * rules_cost.error >= dubious:
        return "[!?]"
    return None


def label_decision(options: Sequence[OptionValue], chosen: Action, basic: Action,
                   unit: str) -> str | None:
    """The label of the decision that chose ``chosen`` among ``options`` (their worths
    and costs in ``unit``), where ``basic``'s rules of thumb chose ``basic``:
    :func:`label_of` on the costs, and one more test of hardness for a good label.

    A good label (``[!?]``, ``[!]``, ``[!!]``) needs a hard choice: the rules of thumb
    chose otherwise, and the choice is not merely the default of doing nothing
    (:func:`is_passive`) made right by the score. Judged in the chance of winning, a
    pass is often right only because the score makes any euchre dear (at 8-8 a euchre
    ends the game): the routine a strong player follows without thinking. So a passive
    choice keeps a good label only as far as the points of this deal earn it as well:
    :func:`label_of` again on the options' expected points (each difference with the
    two standard errors combined), and the weaker of the two labels is given. A pass
    is thus ``[!!]`` only where every call loses at least the blunder threshold in
    points (0.8), beyond :data:`Z` combined standard errors, and the rules of thumb
    would have called.

    >>> from euchre.engine.actions import CALL, PASS
    >>> def option(action, points, cost):
    ...     return OptionValue(action, Estimate(points, 0.1), Estimate(-cost, 0.01),
    ...                        Estimate(cost, 0.005))
    >>> routine = [option(PASS, 0.05, 0.0), option(CALL[2], -0.2, 0.08)]  # at 8-8, say
    >>> label_of("win", Estimate(0.0, 0.0), routine[1].cost, routine[1].cost)
    '[!!]'
    >>> label_decision(routine, PASS, CALL[2], "win") is None
    True
    >>> hard = [option(PASS, 0.3, 0.0), option(CALL[2], -0.9, 0.08)]
    >>> label_decision(hard, PASS, CALL[2], "win")
    '[!!]'
    """
    values = {o.action: o for o in options}
    taken = values[chosen]
    margin = _margin(options, chosen) if taken.cost.mean <= 0 else None
    rules_cost = None if basic == chosen else values[basic].cost
    label = label_of(unit, taken.cost, margin, rules_cost)
    if label not in GOOD_LABELS or unit == "points" or not is_passive(chosen):
        return label
    plain = label_of("points", *_points_terms(options, chosen, basic))
    if plain not in GOOD_LABELS:
        return None
    return GOOD_LABELS[min(GOOD_LABELS.index(label), GOOD_LABELS.index(plain))]


def _moved(option: OptionValue, by: float) -> OptionValue:
    """``option`` with its cost ``by`` standard errors higher and its points as much
    lower (``by`` may be negative)."""
    cost, points = option.cost, option.points
    return replace(option, cost=Estimate(cost.mean + by * cost.error, cost.error),
                   points=Estimate(points.mean - by * points.error, points.error))


def label_settled(options: Sequence[OptionValue], chosen: Action, basic: Action,
                  unit: str, spread: float = SETTLE) -> bool:
    """Whether the label of the decision (:func:`label_decision`) stays the same when
    the option chosen is worth ``spread`` standard errors less and every other option
    as much more, and the other way about: then another draw of the samples would not
    change it.

    >>> from euchre.engine.actions import CALL, PASS
    >>> def option(action, cost, error):
    ...     return OptionValue(action, Estimate(-cost, 0.1), None, Estimate(cost, error))
    >>> clear = [option(PASS, 0.0, 0.0), option(CALL[2], 1.5, 0.1)]
    >>> label_settled(clear, CALL[2], PASS, "points")      # a blunder by far
    True
    >>> close = [option(PASS, 0.0, 0.0), option(CALL[2], 0.55, 0.1)]
    >>> label_settled(close, CALL[2], PASS, "points")      # a mistake, or only dubious
    False
    """
    label = label_decision(options, chosen, basic, unit)
    for sign in (1.0, -1.0):
        moved = [_moved(o, sign * spread if o.action == chosen else -sign * spread)
                 for o in options]
        if label_decision(moved, chosen, basic, unit) != label:
            return False
    return True


def _behind(option: OptionValue, other: OptionValue) -> Estimate:
    """How much less ``option`` is worth in points than ``other``, the two standard
    errors combined (the points of two options are not paired as their costs are)."""
    if option is other:
        return Estimate(0.0, 0.0)
    return Estimate(other.points.mean - option.points.mean,
                    math.hypot(option.points.error, other.points.error))


def _points_terms(options: Sequence[OptionValue], chosen: Action, basic: Action
                  ) -> tuple[Estimate, Estimate | None, Estimate | None]:
    """:func:`label_of`'s cost, margin and rules' cost of a decision, in points."""
    values = {o.action: o for o in options}
    taken = values[chosen]
    top = max(options, key=lambda o: o.points.mean)
    cost = _behind(taken, top)
    margin = None
    if cost.mean <= 0:
        margin = min((_behind(o, taken) for o in options if o.action != chosen),
                     key=lambda e: e.mean - Z * e.error, default=None)
    return cost, margin, None if basic == chosen else _behind(values[basic], top)


# -- evaluation --------------------------------------------------------------------------


def score_modelled(rules: Rules) -> bool:
    """Whether the chance of winning is modelled under ``rules``: a target, two sides."""
    return rules.target > 0 and rules.form in SCORE_AWARE


def win_change(rules: Rules, score: Sequence[int], team: int, points: float,
               dealer: int) -> float:
    """The change in ``team``'s chance of winning when its side nets ``points`` in the
    deal ``dealer`` deals from ``score`` (one of the two sides scores; then the deal
    passes to the other side: :func:`~euchre.players.win_chance.win_chance`)."""
    mine, theirs = score[team], score[1 - team]
    now = win_chance(rules, mine, theirs, rules.seating.team_of[dealer] == team)
    after_deals = deals_next(rules, dealer, team)
    p = round(points)
    after = win_chance(rules, mine + p, theirs, after_deals) if p >= 0 else \
        win_chance(rules, mine, theirs - p, after_deals)
    return after - now


class Judge(ExpertPlayer):
    """``expert``'s sampling and rollouts, keeping each sample's worth of every option
    (:meth:`rows`): no time limit, points not converted (the reviewer converts them),
    ``samples`` deals for every decision."""

    def __init__(self, seed: int, samples: int) -> None:
        super().__init__(seed=seed, samples=samples, bid_samples=samples, time_limit=None,
                         score_aware=False)

    def rows(self, view: PlayerView, legal: Sequence[Action]
             ) -> list[tuple[float, dict[Action, float]]]:
        """``(weight, points per option)`` for each sample."""
        if view.phase == "play":
            return list(self.play_rows(view, legal, self.play_samples(view)))
        samples = self.sample(view, self.sample_count(view))
        return [(1.0, row) for row in self.rollout_rows(view, legal, samples)]

    def sample_count(self, view: PlayerView) -> int:
        return self.samples

    def search_rows(self, view: PlayerView, legal: Sequence[Action]
                    ) -> list[tuple[float, dict[Action, float]]]:
        """Double-dummy worths of each card on uniform samples (the play of the forms
        whose deals the rollouts cannot replay)."""
        worth: dict[int, float] = {}
        out = []
        for hands in super().sample(view, self.samples):
            values = self.card_worth(view, hands, worth)
            row: dict[Action, float] = {
                a: values[a.card] for a in legal if isinstance(a, Play)}
            out.append((1.0, row))
        return out


def weighted_estimate(values: Sequence[float], weights: Sequence[float]) -> Estimate:
    """The weighted mean of ``values`` and its standard error (by the effective number
    of samples, ``(sum w)^2 / sum w^2``)."""
    total = sum(weights)
    if total <= 0:
        return Estimate(0.0, 0.0)
    mean = sum(w * v for w, v in zip(weights, values, strict=True)) / total
    if len(values) < 2:
        return Estimate(mean, 0.0)
    var = sum(w * (v - mean) ** 2 for w, v in zip(weights, values, strict=True)) / total
    n_eff = total * total / sum(w * w for w in weights)
    if n_eff <= 1:
        return Estimate(mean, math.sqrt(var))
    return Estimate(mean, math.sqrt(var * n_eff / (n_eff - 1) / n_eff))


def evaluate(view: PlayerView, legal: Sequence[Action], budget: int = DEFAULT_BUDGET,
             seed: int = 0, *, cap: int | None = None,
             settled: Callable[[Sequence[OptionValue]], bool] | None = None,
             ) -> tuple[tuple[OptionValue, ...], str, int]:
    """Each legal option's worth from ``view``: ``(options, unit, samples)``, the
    options in the order of ``legal`` (see the module docstring), from ``budget``
    sampled deals; with ``cap`` and ``settled`` (a test of the options), from as many
    more again, and again, while ``settled`` does not hold, up to ``cap`` in all.
    Raises :class:`~euchre.errors.EuchreError` where the form's hidden steps cannot
    be replayed outside the play."""
    rules = view.rules
    judge = Judge(seed, budget)
    draw = judge.rows
    if not replayable(rules) or (view.phase == "play" and view.bid == MISERE):
        if view.phase != "play" or view.bid == MISERE:
            raise EuchreError("this form's hidden steps (a swap with the kitty, a Benny "
                              "named blind, the widow) cannot be replayed: only its "
                              "play is reviewed")
        draw = judge.search_rows
    rows = draw(view, legal)
    options = _options(view, legal, rows)
    while cap is not None and settled is not None and len(rows) < cap \
            and not settled(options):
        judge.samples = min(len(rows), cap - len(rows))
        rows += draw(view, legal)
        options = _options(view, legal, rows)
    return options, "win" if score_modelled(rules) else "points", len(rows)


def _options(view: PlayerView, legal: Sequence[Action],
             rows: Sequence[tuple[float, Mapping[Action, float]]]
             ) -> tuple[OptionValue, ...]:
    """The options' worths from the samples' ``(weight, points per option)``."""
    rules = view.rules
    weights = [w for w, _ in rows]
    scored = score_modelled(rules)
    team = rules.seating.team_of[view.seat]

    def win_of(points: float) -> float:
        # a blended worth lies between two whole outcomes: its change is blended too
        low = math.floor(points)
        frac = points - low
        change = win_change(rules, view.score, team, low, view.dealer)
        if frac > 1e-9:
            change += frac * (win_change(rules, view.score, team, low + 1, view.dealer)
                              - change)
        return change

    points = {a: [r[a] for _, r in rows] for a in legal}
    compared = compare(points, weights, win_of if scored else None)
    return tuple(OptionValue(a, *compared[a]) for a in legal)


def compare(points: Mapping[_K, Sequence[float]], weights: Sequence[float],
            win_of: Callable[[float], float] | None
            ) -> dict[_K, tuple[Estimate, Estimate | None, Estimate]]:
    """Options compared on the same samples: from each option's worth in points on each
    sample (``points``, weighted by ``weights``) and the change in the chance of winning
    that a worth makes (``win_of``; ``None``: no target), each option's points, change
    of the chance of winning and cost against the best option (paired, sample by
    sample, in the chance of winning where there is one, else in points)."""
    wins = {k: [win_of(v) for v in vs] for k, vs in points.items()} if win_of else {}
    measure = wins if win_of else points
    means = {k: weighted_estimate(measure[k], weights).mean for k in points}
    best = max(points, key=lambda k: means[k])
    out = {}
    for k in points:
        diffs = [b - x for b, x in zip(measure[best], measure[k], strict=True)]
        out[k] = (weighted_estimate(points[k], weights),
                  weighted_estimate(wins[k], weights) if win_of else None,
                  weighted_estimate(diffs, weights))
    return out


def _open_hands(game: Game, chosen: Action) -> OpenHands | None:
    if not isinstance(chosen, Play):
        return None
    try:
        position = Position.from_game(game)
    except PositionError:
        return None
    values = card_values(position)
    if chosen.card not in values:
        return None
    return OpenHands(values, chosen.card)


def _margin(options: Sequence[OptionValue], chosen: Action) -> Estimate | None:
    """How much the next best option is worse than ``chosen`` (the best)."""
    others = [o for o in options if o.action != chosen]
    if not others:
        return None
    return min((o.cost for o in others), key=lambda e: e.mean)


def judge_decision(game: Game, chosen: Action, deal: int, action_index: int,
                   budget: int, seed: int, cap: int | None = None) -> Decision | Skipped:
    """One decision: the state ``game`` before ``chosen`` (see :func:`review_record`),
    from ``budget`` samples, or up to ``cap`` while its label is not settled."""
    seat = game.to_act
    phase = game.phase.value
    legal = game.legal_actions()
    if game.unknown_count(seat):
        return Skipped(deal, action_index, seat, phase,
                       "the record does not show this seat's hand")
    view = game.view(seat)
    if view.discard == UNKNOWN:
        view = replace(view, discard=_guess_discard(game, seed))
    basic = BasicPlayer(seed=seed).choose(view, legal)
    unit = "win" if score_modelled(view.rules) else "points"

    def settled(options: Sequence[OptionValue]) -> bool:
        return label_settled(options, chosen, basic, unit)

    try:
        options, unit, samples = evaluate(view, legal, budget, seed, cap=cap,
                                          settled=settled)
    except EuchreError as error:
        return Skipped(deal, action_index, seat, phase, str(error))
    except ValueError:  # the sampler: the view admits no deal (a hand-built record)
        return Skipped(deal, action_index, seat, phase,
                       "no deal fits what this seat saw")
    label = label_decision(options, chosen, basic, unit)
    trick = len(game.tricks) + 1 if game.phase is Phase.PLAY else None
    score = game.score
    win_now = None
    if score_modelled(game.rules):
        team = game.rules.seating.team_of[seat]
        win_now = win_chance(game.rules, score[team], score[1 - team],
                             game.rules.seating.team_of[view.dealer] == team)
    return Decision(deal, action_index, seat, phase, trick, score, chosen, options, unit,
                    samples, label, basic, _open_hands(game, chosen), win_now,
                    situation_of(view))


def _guess_discard(game: Game, seed: int) -> Card:
    """A card for a dealer's discard that the record does not show: one of the cards
    nobody is known to hold (the discard is one of them; the dealer knew which)."""
    deal = game.deals[-1]
    known = 0
    for c in (deal.upcard, *deal.kitty, *(c for hand in deal.hands for c in hand)):
        if c != UNKNOWN:
            known |= 1 << c
    unseen = cards_of(deck_mask(game.rules.deck) & ~known)
    return random.Random(seed).choice(unseen) if unseen else UNKNOWN


def _seed_of(seed: int, deal: int, action: int) -> int:
    return random.Random(f"review {seed} {deal} {action}").getrandbits(63)


_Task = tuple[Game, Action, int, int, int, int, int | None]
"""A decision to judge: the state before it, the action taken, the deal's index, the
action's index in the deal, the budget, the seed and the cap."""


def _tasks(record: Record, seats: Iterable[int] | None, deals: Iterable[int] | None,
           budget: int, seed: int, cap: int | None) -> Iterator[tuple[int, _Task]]:
    """Each decision to judge, with its action's index among all the record's actions."""
    wanted = None if seats is None else set(seats)
    chosen = None if deals is None else set(deals)
    states = record.states()
    state = next(states)
    k = 0
    for i, recorded in enumerate(record.deals):
        for j, action in enumerate(recorded.actions):
            if state.is_over() or state.phase is Phase.OVER:
                return
            if (len(state.legal_actions()) > 1 and (wanted is None or state.to_act in wanted)
                    and (chosen is None or i in chosen)):
                yield k, (state, action, i, j, budget, _seed_of(seed, i, j), cap)
            state = next(states)
            k += 1


def _run(task: _Task) -> Decision | Skipped:
    return judge_decision(*task)


def _run_at(record: Record, k: int, task: tuple[Action, int, int, int, int, int | None]
            ) -> Decision | Skipped:
    """:func:`_run` in another process: the state is replayed there from the record (a
    record crosses processes as data; a game's state is the engine's own business)."""
    states = record.states()
    for _ in range(k):
        next(states)
    return judge_decision(next(states), *task)


def review_record(record: Record, *, seats: Iterable[int] | None = None,
                  deals: Iterable[int] | None = None,
                  budget: int = DEFAULT_BUDGET, seed: int = 0,
                  executor: Executor | None = None,
                  progress: Callable[[int, int], None] | None = None,
                  cap: int | None = None) -> Review:
    """Review every decision of ``record`` (of the seats in ``seats`` and the deals, by
    index, in ``deals``; all by default) with ``budget`` sampled deals each, or, with
    ``cap`` (``euchre review`` uses :data:`DEFAULT_CAP`), as many more as a decision
    whose label is not settled needs (:func:`label_settled`), up to ``cap``.
    Deterministic for a seed, whatever the ``executor`` (a process pool spreads the
    decisions); ``progress(done, total)`` is called as decisions finish. The deals
    recorded after the game's end are reviewed too (their states are those of the game
    going on)."""
    if budget < 1:
        raise EuchreError("the budget is at least 1 sampled deal per decision")
    if cap is not None and cap < budget:
        raise EuchreError(f"the cap ({cap}) is at least the budget ({budget}) sampled "
                          "deals per decision")
    tasks = list(_tasks(record, seats, deals, budget, seed, cap))
    total = len(tasks)
    if progress:
        progress(0, total)
    results: list[Decision | Skipped] = []
    if executor is None:
        mapped: Iterator[Decision | Skipped] = map(_run, (task for _, task in tasks))
    else:
        mapped = executor.map(_run_at, [record] * total, [k for k, _ in tasks],
                              [task[1:] for _, task in tasks], chunksize=1)
    for done, result in enumerate(mapped, 1):
        results.append(result)
        if progress:
            progress(done, total)
    decisions = [r for r in results if isinstance(r, Decision)]
    skipped = [r for r in results if isinstance(r, Skipped)]
    return Review(record, decisions, skipped, budget, seed, cap)


def describe_action(action: Action) -> str:
    """An action in a reader's words: ``play Jh``, ``order up``, ``go alone``."""
    if isinstance(action, Play):
        return f"play {card_name(action.card)}"
    if action == ALONE:
        return "go alone"
    text = str(action)
    return "order up" if text == "order" else text


def card_of(action: Action) -> str:
    """The card of a play, for short listings."""
    return card_name(action.card) if isinstance(action, Play) else str(action)

