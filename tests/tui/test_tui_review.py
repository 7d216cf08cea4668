"""The terminal game's review: "Your decisions" in each deal's summary, the chance of
winning drawn at the end of the game, ``--no-review``, and :func:`text_chart`.

The apps run headless with ``basic`` bots, pace 0 and a review budget of a few sampled
deals a decision (the review is deterministic for a seed). Nothing waits on the clock:
a review is awaited with :meth:`~textual.worker_manager.WorkerManager.wait_for_complete`,
and a review held back by a test waits on an event the test sets.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import re
import threading
from pathlib import Path
from typing import Any

import pytest
from rich.text import Text
from textual.pilot import Pilot
from textual.widgets import Static

import euchre.tui.decisions as decisions
from euchre.analysis.review import Decision, Estimate, OptionValue, review_record
from euchre.cli.play import add_play_commands
from euchre.engine.actions import ORDER, PASS, PLAY, Action
from euchre.engine.cards import parse_card
from euchre.engine.rules import Rules
from euchre.table.data_folder import ENV_VAR
from euchre.table.winchart import text_chart
from euchre.tui.app import DealSummaryScreen, EuchreApp, GameOverScreen, TableScreen, screen_text
from euchre.tui.decisions import DealReview, decision_line, win_series
from euchre.tui.session import REVIEW_BUDGET, PlayConfig

SMALL = (80, 24)
"""The smallest terminal the game plays in: the dialogs must fit it, review and all."""

LINE = re.compile(r"^(trick \d|bidding|exchange|alone) \[(\?\?|\?|\?!)\] .+; .+ was better "
                  r"\(−\d+\.\d% chance to win\)$")
"""One costly decision in the summary, where the game has a target."""
NONE = re.compile(r"^No costly decisions \(\d+ decisions? reviewed\)\.$")


def config(seed: int, *, review: bool = True, target: int = 3, deals: int = 0) -> PlayConfig:
    return PlayConfig(rules=Rules(target=target, deals=deals), seed=seed, partner="basic",
                      opponents="basic", hint_bot="basic", speed=0.0, review=review,
                      review_budget=4)


@pytest.fixture(autouse=True)
def _data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv(ENV_VAR, str(folder))
    return folder


def run(app: EuchreApp, script: Any, size: tuple[int, int] = SMALL) -> None:
    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await script(pilot)

    asyncio.run(main())


async def next_dialog(pilot: Pilot[None], app: EuchreApp) -> DealSummaryScreen | GameOverScreen:
    """Play on with Enter (the first legal choice, or on from a trick) until a deal's
    summary or the end of the game shows."""
    for _ in range(2000):
        await pilot.pause()
        screen = app.screen
        if isinstance(screen, (DealSummaryScreen, GameOverScreen)):
            return screen
        if isinstance(screen, TableScreen):
            session = screen.session
            if screen.waiting or (session.human_to_act() and session.forced() is None):
                await pilot.press("enter")
    raise AssertionError("no dialog came")


async def reviewed(pilot: Pilot[None], app: EuchreApp) -> None:
    """Wait for the reviews running (a bounded number of rounds), then let the screen
    catch up."""
    for _ in range(100):
        await app.workers.wait_for_complete()
        await pilot.pause()
        if not any(w.group == "review" and not w.is_finished for w in app.workers):
            break  # no review started since
    await pilot.pause()


async def reviewed_summary(pilot: Pilot[None], app: EuchreApp) -> DealSummaryScreen:
    """The next deal's summary, once its review has come in."""
    screen = await next_dialog(pilot, app)
    assert isinstance(screen, DealSummaryScreen)
    await reviewed(pilot, app)
    return screen


def review_lines(screen: DealSummaryScreen) -> list[str]:
    return str(screen.query_one("#review", Static).render()).splitlines()


def check_fits(app: EuchreApp, where: str) -> None:
    """The dialog is on the screen, clear of the top two lines and the footer, and every
    text in it fits its box."""
    dialog = app.screen.query_one("#dialog")
    width, height = app.size
    region = dialog.region
    assert region.y >= 2 and region.bottom <= height - 1, (where, region)
    assert region.right <= width, (where, region)
    for widget in dialog.query(Static):
        content = widget.content
        assert isinstance(content, Text), where
        rows = content.wrap(app.console, widget.content_region.width)
        assert len(rows) <= widget.content_region.height, (where, content.plain)


# -- the summary after a deal ----------------------------------------------------------------


def test_the_summary_says_reviewing_then_lists_the_costly_decisions() -> None:
    app = EuchreApp(config(4), setup=False, save=False)

    async def script(pilot: Pilot[None]) -> None:
        screen = await next_dialog(pilot, app)
        assert isinstance(screen, DealSummaryScreen)
        assert screen.deal == 0
        await reviewed(pilot, app)
        lines = review_lines(screen)
        assert lines[0] == "Your decisions"
        assert "reviewing" not in "\n".join(lines)
        assert 2 <= len(lines) <= 1 + decisions.SHOWN + 1, lines
        for line in lines[1:]:
            assert LINE.match(line) or NONE.match(line) or line.startswith("and "), line
        assert app.session is not None
        review = app.session.reviews[0]
        assert review.error is None and review.decisions
        assert all(d.seat == 0 for d in review.decisions)  # the person's only
        text = screen_text(app)
        assert "Your decisions" in text and lines[1][:30] in text
        check_fits(app, "the summary at 80x24")
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, DealSummaryScreen)

    run(app, script)


def test_the_review_never_holds_up_the_game_and_fills_in_when_it_comes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    go = threading.Event()

    def slow(*args: Any, **kwargs: Any) -> Any:
        assert go.wait(30), "the test never let the review go"
        return review_record(*args, **kwargs)

    monkeypatch.setattr("euchre.tui.decisions.review_record", slow)
    app = EuchreApp(config(4), setup=False, save=False)

    async def script(pilot: Pilot[None]) -> None:
        screen = await next_dialog(pilot, app)
        assert isinstance(screen, DealSummaryScreen)
        await pilot.pause()
        assert review_lines(screen) == ["Your decisions: reviewing…"]
        check_fits(app, "reviewing at 80x24")
        await pilot.press("enter")  # the game goes on while the review works
        for _ in range(200):
            await pilot.pause()
            table = app.table
            if isinstance(app.screen, TableScreen) and table is not None \
                    and table.session.human_to_act():
                break
        assert isinstance(app.screen, TableScreen)
        assert app.session is not None and not app.session.reviews
        go.set()
        await reviewed(pilot, app)
        assert app.session.reviews[0].decisions  # kept for the chart at the end

    try:
        run(app, script)
    finally:
        go.set()


def test_a_failed_review_is_one_dim_line_and_the_game_goes_on(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("the sampler fell over")

    monkeypatch.setattr("euchre.tui.decisions.review_record", broken)
    app = EuchreApp(config(4), setup=False, save=False)

    async def script(pilot: Pilot[None]) -> None:
        screen = await reviewed_summary(pilot, app)
        assert review_lines(screen) == ["Your decisions",
                                        "review unavailable: the sampler fell over"]
        content = screen.query_one("#review", Static).content
        assert isinstance(content, Text)
        assert any("dim" in str(span.style) for span in content.spans)
        await pilot.press("enter")
        after = await next_dialog(pilot, app)  # the next deal is played all the same
        assert isinstance(after, (DealSummaryScreen, GameOverScreen))

    run(app, script)


def test_without_a_target_the_costs_are_in_points_and_there_is_no_chart() -> None:
    app = EuchreApp(config(4, target=0, deals=1), setup=False, save=False)

    async def script(pilot: Pilot[None]) -> None:
        screen = await reviewed_summary(pilot, app)
        assert app.session is not None
        review = app.session.reviews[0]
        assert review.decisions and all(d.unit == "points" for d in review.decisions)
        assert not review.wins()
        for line in review_lines(screen)[1:]:
            assert line.endswith(" points)") or NONE.match(line) or line.startswith("and ")
        await pilot.press("enter")
        over = await next_dialog(pilot, app)
        assert isinstance(over, GameOverScreen)
        await reviewed(pilot, app)
        assert not over.query("#win-chart")
        assert "Chance to win" not in screen_text(app)

    run(app, script)


def test_many_costly_decisions_fit_the_smallest_terminal(
        monkeypatch: pytest.MonkeyPatch) -> None:
    made = tuple(decision(None if i < 2 else i, ORDER if i else PASS, PASS if i else ORDER,
                          0.3 - i / 100, "[??]", index=i) for i in range(7))

    def seven(record: object, deal: int, **kwargs: object) -> DealReview:
        return DealReview(deal, tuple(dataclasses.replace(d, deal=deal) for d in made))

    monkeypatch.setattr("euchre.tui.review_workers.review_deal", seven)
    app = EuchreApp(config(4), setup=False, save=False)

    async def script(pilot: Pilot[None]) -> None:
        screen = await reviewed_summary(pilot, app)
        lines = review_lines(screen)
        assert lines[1] == "bidding [??] passed; order up was better (−30.0% chance to win)"
        assert lines[-1].startswith("and ") and len(lines) <= 2 + decisions.SHOWN
        check_fits(app, "seven costly decisions at 80x24")
        await pilot.resize_terminal(80, 40)
        await pilot.pause()
        assert review_lines(screen)[-1] == "and 3 more costly decisions"
        check_fits(app, "seven costly decisions at 80x40")

    run(app, script)


# -- the chart at the end of the game ---------------------------------------------------------


def test_the_end_of_the_game_draws_the_chance_of_winning() -> None:
    app = EuchreApp(config(1), setup=False, save=False)

    async def script(pilot: Pilot[None]) -> None:
        deals = 0
        while True:
            screen = await next_dialog(pilot, app)
            if isinstance(screen, GameOverScreen):
                break
            deals += 1
            await pilot.press("enter")  # on at once: the reviews catch up
        await reviewed(pilot, app)
        assert app.session is not None
        values, marks = win_series(app.session.reviews)
        assert len(app.session.reviews) == deals >= 2
        assert len(marks) == deals and marks[0] == 0 and values
        chart = str(screen.query_one("#win-chart", Static).render())
        assert chart.startswith(f"Chance to win after each of your {len(values)} decisions")
        rows = chart.splitlines()
        assert rows[1].startswith("100% ┤") and any(r.startswith(" 50% ┤") for r in rows)
        assert rows[-1].startswith("     └┴") and rows[-1].count("┴") == deals
        assert "being reviewed" not in chart
        text = screen_text(app)
        assert "100% ┤" in text and "0% ┤" in text
        check_fits(app, "the end of the game at 80x24")
        await pilot.resize_terminal(80, 40)  # room for the tallest chart: eight lines
        await pilot.pause()
        rows = str(screen.query_one("#win-chart", Static).render()).splitlines()
        assert len(rows) == 1 + 8 + 1 and rows[4].startswith(" 50% ┤")
        check_fits(app, "the end of the game at 80x40")
        await pilot.resize_terminal(80, 16)  # no room: no chart
        await pilot.pause()
        assert not screen.query("#win-chart")

    run(app, script)


# -- turning it off -------------------------------------------------------------------------


def test_no_review_shows_no_decisions_and_no_chart() -> None:
    app = EuchreApp(config(1, review=False), setup=False, save=False)

    async def script(pilot: Pilot[None]) -> None:
        while True:
            screen = await next_dialog(pilot, app)
            await pilot.pause()
            assert all(w.group != "review" for w in app.workers)
            if isinstance(screen, GameOverScreen):
                break
            assert not screen.query("#review")
            assert "Your decisions" not in screen_text(app)
            await pilot.press("enter")
        assert not screen.query("#win-chart")
        assert "Chance to win" not in screen_text(app)
        assert app.session is not None and not app.session.reviews

    run(app, script)


def test_euchre_play_reviews_unless_no_review() -> None:
    parser = argparse.ArgumentParser()
    add_play_commands(parser.add_subparsers())
    assert parser.parse_args(["play"]).no_review is False
    assert parser.parse_args(["play", "--no-review"]).no_review is True
    assert PlayConfig(review_budget=0).resolved().review_budget == 1
    assert PlayConfig().review_budget == REVIEW_BUDGET == 40


# -- the words of a decision -------------------------------------------------------------------


def option(action: Action, cost: float) -> OptionValue:
    return OptionValue(action, Estimate(-cost, 0.1), Estimate(-cost / 10, 0.01),
                       Estimate(cost, 0.005))


def decision(trick: int | None, chosen: Action, best: Action, cost: float,
             label: str | None, *, unit: str = "win", index: int = 0) -> Decision:
    options = (option(best, 0.0), option(chosen, cost))
    return Decision(0, index, 0, "play" if trick else "bid1", trick, (0, 0), chosen, options,
                    unit, 4, label, best, win_now=0.5)


def play(card: str) -> Action:
    return PLAY[parse_card(card)]


def test_a_decision_line_says_where_what_was_better_and_the_cost() -> None:
    assert decision_line(decision(2, play("9h"), play("Ah"), 0.041, "[?]")) == \
        "trick 2 [?] played 9♥; A♥ was better (−4.1% chance to win)"
    assert decision_line(decision(None, PASS, ORDER, 0.2, "[??]"), order="assist") == \
        "bidding [??] passed; assist was better (−20.0% chance to win)"
    assert decision_line(decision(None, ORDER, PASS, 0.62, "[?]", unit="points")) == \
        "bidding [?] chose order up; passing was better (−0.62 points)"


def test_the_summary_lists_four_costly_decisions_the_costliest_first() -> None:
    labels = ["[?!]", None, "[??]", "[?]", "[?!]", "[!]", "[?]"]
    costs = [0.02, 0.001, 0.09, 0.04, 0.015, 0.0, 0.05]
    made = tuple(decision(i + 1, play("9h"), play("Ah"), cost, label, index=i)
                 for i, (label, cost) in enumerate(zip(labels, costs, strict=True)))
    review = DealReview(0, made)
    lines = review.lines()
    assert [line.split(" [")[0] for line in lines[:4]] == ["trick 3", "trick 7", "trick 4",
                                                          "trick 1"]
    assert lines[4] == "and 1 more costly decision" and len(lines) == 5
    assert review.lines(shown=2)[-1] == "and 3 more costly decisions"
    calm = DealReview(0, (made[1], made[5]))
    assert calm.lines() == ["No costly decisions (2 decisions reviewed)."]
    assert DealReview(0, (), ("no deal fits",)).lines() == ["Not reviewed: no deal fits."]
    assert DealReview(0, error="boom").lines() == ["review unavailable: boom"]
    assert review.wins() == pytest.approx([0.5 - c / 10 for c in costs])
    values, marks = win_series({1: calm, 0: review})
    assert marks == [0, 7] and len(values) == 9


# -- text_chart ------------------------------------------------------------------------------


def test_text_chart_draws_columns_axis_labels_and_deal_marks() -> None:
    lines = text_chart([0.0, 0.25, 0.5, 0.75, 1.0], height=4, marks=[0, 3])
    assert lines == [
        "100% ┤    █",
        " 50% ┤···██",
        "     │  ███",
        "  0% ┤ ████",
        "     └┴──┴─",
    ]
    assert text_chart([0.7] * 3, height=4) == text_chart([0.7] * 3, height=4)


def test_text_chart_averages_long_series_into_its_width_and_holds_the_range() -> None:
    values = [0.0, 1.0] * 50  # a hundred values, two to a column, each pair 0.5 on average
    lines = text_chart(values, width=50, height=8, marks=[0, 50, 99])
    assert len(lines) == 9 and all(len(line) <= 6 + 50 for line in lines)
    assert lines[0] == "100% ┤" and lines[3] == " 50% ┤" + "·" * 50  # all at 50% on average
    assert lines[4] == "     │" + "█" * 50
    assert lines[-1] == "     └┴" + "─" * 24 + "┴" + "─" * 23 + "┴"
    assert text_chart([-1.0, 2.0, float("nan")], height=2) == [  # held to 0..1
        "100% ┤ █",
        "  0% ┤ █",
        "     └───",
    ]
    assert text_chart([]) == []
    assert text_chart([0.5], width=0, height=0) == ["100% ┤▄", "     └─"]
