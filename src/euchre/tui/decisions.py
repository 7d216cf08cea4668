""""Your decisions" after each deal, and the chance of winning over the game.

After each deal the terminal game reviews the person's decisions of that deal with
:func:`~euchre.analysis.review.review_record` (each judged from the person's own view, never
from the hidden cards) and keeps a :class:`DealReview`: the deal summary lists the
costly ones (:meth:`DealReview.lines`), and the end of the game draws the side's
chance of winning after each decision (:func:`win_series`, drawn by
:func:`~euchre.table.winchart.text_chart`). Nothing here knows Textual: the table screen
runs :func:`review_deal` on a worker thread and hands the result to the dialogs.

>>> from euchre.engine.rules import Rules
>>> from euchre.tui.session import GameSession, PlayConfig
>>> session = GameSession.start(PlayConfig(rules=Rules(target=3), partner="basic",
...                                        opponents="basic", seed=3), save=False)
>>> while session.frozen is None:
...     if session.human_to_act():
...         _ = session.apply(session.hint().choice)
...     else:
...         _ = session.apply(session.bot_choice())
>>> review = review_deal(record_of(session.game), 0, seats=[0], budget=2)
>>> review.deal, review.error, len(review.decisions) > 0
(0, None, True)
>>> review.lines()[0].startswith(("No costly decisions", "bidding", "trick", "alone"))
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from euchre.analysis.review import Decision, review_record
from euchre.engine.actions import PASS, Action, Discard, Play
from euchre.engine.game import Game
from euchre.engine.rules import Rules
from euchre.records.record import Record
from euchre.table.wording import action_text, alone_word, card_face, order_word
from euchre.text import plural

__all__ = [
    "COSTLY",
    "SHOWN",
    "DealReview",
    "ReviewStopped",
    "chart_caption",
    "cost_words",
    "decision_line",
    "record_of",
    "review_deal",
    "win_series",
]

COSTLY: Final = ("[??]", "[?]", "[?!]")
"""The labels of the decisions a summary lists: blunders, mistakes and dubious ones."""

SHOWN: Final = 4
"""The most costly decisions a summary lists (the costliest first)."""


class ReviewStopped(Exception):
    """The review was called off before it finished (the game closed or went on to
    another one)."""


@dataclass(frozen=True, slots=True)
class DealReview:
    """The review of the person's decisions in one deal."""

    deal: int
    """The deal's index in the game (0 for the first)."""
    decisions: tuple[Decision, ...] = ()
    """The person's decisions, in the order they were made."""
    not_reviewed: tuple[str, ...] = ()
    """Why each decision the review could not judge was left out."""
    error: str | None = None
    """Why the review failed (``None``: it did not)."""
    rules: Rules | None = None
    """The game's rules (for the words of a decision: ``pick up`` or ``assist``)."""
    dealer: int | None = None
    """The deal's dealer."""
    maker: int | None = None
    """The seat that made trump in the deal, if any."""

    def costly(self) -> list[Decision]:
        """The decisions labelled dubious, mistaken or blundering, the costliest first
        (in the order they were made among equals)."""
        marked = [d for d in self.decisions if d.label in COSTLY]
        return sorted(marked, key=lambda d: -d.cost.mean)

    def lines(self, shown: int = SHOWN) -> list[str]:
        """What the summary says under "Your decisions": up to ``shown`` costly
        decisions, one a line (:func:`decision_line`), and how many more there were; or
        that there was none, and how many were reviewed; or why there is no review."""
        if self.error is not None:
            return [f"review unavailable: {self.error}"]
        costly = self.costly()
        if costly:
            lines = [self.line(d) for d in costly[:max(1, shown)]]
            more = len(costly) - len(lines)
            if more:
                lines.append(f"and {more} more costly "
                             f"{'decision' if more == 1 else 'decisions'}")
            return lines
        if self.decisions:
            text = f"No costly decisions ({plural(len(self.decisions), 'decision')} reviewed)."
        elif self.not_reviewed:
            text = f"Not reviewed: {self.not_reviewed[0]}."
        else:
            text = "No decision of yours to review in this deal."
        return [text]

    def line(self, decision: Decision) -> str:
        """One decision in the words of the table (:func:`decision_line`)."""
        order, alone = "order up", "go alone"
        if self.rules is not None and self.dealer is not None:
            seating = self.rules.seating
            order = order_word(seating, self.dealer, decision.seat)
            alone = alone_word(seating, self.maker, decision.seat)
        napoleon = self.rules is not None and self.rules.form == "napoleon"
        return decision_line(decision, order=order, alone=alone, napoleon=napoleon)

    def wins(self) -> list[float]:
        """The person's side's chance of winning the game after each decision, as the
        review expects it (none where the rules have no target)."""
        return [w for w in (d.win_after() for d in self.decisions) if w is not None]


def decision_line(decision: Decision, *, order: str = "order up", alone: str = "go alone",
                  napoleon: bool = False) -> str:
    """A decision in one line: where in the deal, its label, what was chosen, what was
    better and what the choice cost, in the chance of winning (percentage points) or in
    points: ``trick 2 [?] played 9♥; A♥ was better (−4.1% chance to win)``.

    ``order`` and ``alone`` name ordering up and going alone for the seat, as the table
    did (:func:`~euchre.table.wording.order_word`)."""
    def words(action: Action) -> str:
        return action_text(action, order=order, alone=alone, napoleon=napoleon)

    chosen, best = decision.chosen, decision.best
    if isinstance(chosen, Play):
        did = f"played {card_face(chosen.card)}"
    elif isinstance(chosen, Discard):
        did = f"discarded {card_face(chosen.card)}"
    elif chosen == PASS:
        did = "passed"
    else:
        did = f"chose {words(chosen)}"
    if isinstance(best, (Play, Discard)) and type(best) is type(chosen):
        better = card_face(best.card)
    else:
        better = "passing" if best == PASS else words(best)
    where = f"trick {decision.trick}" if decision.trick is not None else decision.group
    label = f" {decision.label}" if decision.label else ""
    return f"{where}{label} {did}; {better} was better ({cost_words(decision)})"


def cost_words(decision: Decision) -> str:
    """What a decision cost against the best option: ``−4.1% chance to win`` or
    ``−0.62 points``."""
    cost = max(0.0, decision.cost.mean)
    if decision.unit == "win":
        return f"−{cost * 100:.1f}% chance to win"
    return f"−{cost:.2f} points"


def record_of(game: Game) -> Record:
    """The record of ``game`` so far, to review on another thread (take it on the
    thread that changes the game)."""
    return Record.from_game(game)


def review_deal(record: Record, deal: int, *, seats: Iterable[int], budget: int,
                seed: int = 0, stop: Callable[[], bool] | None = None) -> DealReview:
    """Review the decisions of ``seats`` in deal ``deal`` (an index) of ``record``,
    ``budget`` sampled deals each, each seat judged from its own view.

    A failure of the review becomes a :class:`DealReview` with its ``error``; ``stop``
    is asked between decisions, and when it says so the review is called off by
    raising :class:`ReviewStopped`."""
    recorded = record.deals[deal] if 0 <= deal < len(record.deals) else None
    dealer = recorded.deal.dealer if recorded is not None else None
    maker = recorded.result.maker if recorded is not None and recorded.result else None

    def progress(done: int, total: int) -> None:
        if stop is not None and stop():
            raise ReviewStopped

    try:
        review = review_record(record, seats=list(seats), deals=[deal], budget=budget,
                               seed=seed, progress=progress)
    except ReviewStopped:
        raise
    except Exception as error:  # a failed review must never stop the game
        return DealReview(deal, error=str(error) or type(error).__name__)
    decisions = tuple(d for d in review.decisions if d.deal == deal)
    skipped = tuple(s.reason for s in review.skipped if s.deal == deal)
    return DealReview(deal, decisions, skipped, None, record.rules, dealer, maker)


def win_series(reviews: Mapping[int, DealReview]) -> tuple[list[float], list[int]]:
    """The person's side's chance of winning after each of their decisions over the
    deals reviewed, in order, and the index where each deal's values start (the
    marks of :func:`~euchre.table.winchart.text_chart`).

    >>> win_series({})
    ([], [])
    """
    values: list[float] = []
    marks: list[int] = []
    for deal in sorted(reviews):
        wins = reviews[deal].wins()
        if wins:
            marks.append(len(values))
            values.extend(wins)
    return values, marks


def chart_caption(values: Sequence[float]) -> str:
    """The line over the chart of :func:`win_series`'s ``values``.

    >>> chart_caption([0.5, 0.6])
    'Chance to win after each of your 2 decisions (┴ a new deal)'
    """
    return f"Chance to win after each of your {plural(len(values), 'decision')} (┴ a new deal)"
