"""The table's work on worker threads, so that the game never waits for it: the hint bot's
answer to ``?`` (a searching bot may take a moment), and the review of the person's
decisions after each deal (:mod:`euchre.tui.decisions`), one deal at a time.

The workers belong to :class:`~euchre.tui.table_screen.TableScreen` (their groups are
``hint`` and ``review``), so they are called off when it goes: the game closes or a new
one starts. A hint comes back through the app's thread; a review as a
:class:`DealReviewed` message, which the screen hands back to :meth:`DealReviews.keep`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from textual.message import Message
from textual.screen import Screen
from textual.worker import get_current_worker

from euchre.engine.actions import Action
from euchre.engine.view import PlayerView
from euchre.records.record import Record
from euchre.tui.deal_summary import DealSummaryScreen
from euchre.tui.decisions import DealReview, ReviewStopped, record_of, review_deal
from euchre.tui.game_over import GameOverScreen
from euchre.tui.session import GameSession, Hint

__all__ = ["DealReviewed", "DealReviews", "ask_hint"]


def ask_hint(screen: Screen[None], session: GameSession, show: Callable[[Hint], None],
             fail: Callable[[str], None]) -> None:
    """Ask the hint bot for the person's turn now, on a worker thread of ``screen``; on
    the app's thread, ``show`` the hint or ``fail`` with what went wrong, unless the
    game has moved on since."""
    version = session.version

    def current(answer: Callable[[], None]) -> None:
        if version == session.version:
            answer()

    def work(request: tuple[PlayerView, list[Action]]) -> None:
        try:
            hint = session.hint(request)
        except Exception as error:  # a broken bot must not end the game
            screen.app.call_from_thread(current, partial(fail, str(error)))
            return
        screen.app.call_from_thread(current, partial(show, hint))

    screen.run_worker(partial(work, session.hint_request()), name="hint_worker",
                      group="hint", exclusive=True, thread=True)


class DealReviewed(Message):
    """The review of a deal's decisions came back from its worker thread."""

    def __init__(self, review: DealReview, record: Record) -> None:
        super().__init__()
        self.review = review
        self.record = record


class DealReviews:
    """The reviews of the person's decisions, asked after each deal (when the game's
    setting says so) and made on a worker thread of ``screen``, a deal at a time; each
    is kept in the session's reviews and shown in the dialogs open."""

    def __init__(self, screen: Screen[None], session: GameSession) -> None:
        self._screen = screen
        self._session = session
        self._queue: list[tuple[int, Record]] = []
        """Deals waiting for the review of the person's decisions, and their records."""
        self._running = False
        """A review is running on its worker thread."""

    @property
    def busy(self) -> bool:
        """Whether a review is running or waiting to run."""
        return self._running or bool(self._queue)

    def ask(self) -> None:
        """Have the deal just finished reviewed (when the game's setting says so): on a
        worker thread, after the deals before it; nothing waits for it."""
        s = self._session
        if not s.config.review:
            return
        deal = len(s.game.results) - 1
        if deal < 0:
            return
        for stale in [d for d in s.reviews if d >= deal]:  # a deal taken back, played again
            del s.reviews[stale]
        try:
            record = record_of(s.game)
        except Exception as error:  # the review must never stop the game
            s.reviews[deal] = DealReview(deal, error=str(error) or type(error).__name__)
            return
        self._queue.append((deal, record))
        self._next()

    def _next(self) -> None:
        if self._running or not self._queue:
            return
        deal, record = self._queue.pop(0)
        self._running = True
        config = self._session.config
        work = partial(self._work, deal, record, self._session.people, config.review_budget,
                       config.seed or 0)
        self._screen.run_worker(work, name="review_worker", group="review",
                                exit_on_error=False, thread=True)

    def _work(self, deal: int, record: Record, seats: tuple[int, ...], budget: int,
              seed: int) -> None:
        """Review deal ``deal`` of ``record`` for ``seats`` in a thread; called off
        between two decisions when the screen goes (the game closes or a new one
        starts)."""
        worker = get_current_worker()
        try:
            review = review_deal(record, deal, seats=seats, budget=budget, seed=seed,
                                 stop=lambda: worker.is_cancelled)
        except ReviewStopped:
            return
        except Exception as error:  # the review must never stop the game
            review = DealReview(deal, error=str(error) or type(error).__name__)
        if not worker.is_cancelled:
            self._screen.post_message(DealReviewed(review, record))

    def keep(self, message: DealReviewed) -> None:
        """Keep a deal's review (unless the deal was taken back and played again since)
        and show it in the dialogs open; then start the next one."""
        self._running = False
        s = self._session
        review = message.review
        game = s.game
        deal = review.deal
        recorded = message.record.deals[deal].actions
        app = self._screen.app
        if deal < len(game.history) and tuple(game.history[deal]) == tuple(recorded):
            s.reviews[deal] = review
            for screen in app.screen_stack:
                if isinstance(screen, DealSummaryScreen) and screen.deal == deal:
                    screen.show_review(review)
        self._next()
        for screen in app.screen_stack:
            if isinstance(screen, GameOverScreen):
                screen.show_chart(reviewing=self.busy)
