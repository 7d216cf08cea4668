"""``euchre review FILE``: what it prints, writes and draws (``docs/review.md``).

The record (native ``.json`` or ``.egn``) is reviewed decision by decision
(:func:`euchre.analysis.review.review_record`); the labelled decisions are printed deal by deal,
with the open-hands verdicts marked apart, then a summary per player and the chance of
winning over the game as a chart. ``--out`` writes the record annotated
(:func:`euchre.analysis.review_notes.annotate`), ``--plot`` draws the chart as an image (with
the optional ``plot`` extra: matplotlib), ``--json`` prints everything as data.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Final

from euchre.analysis.review import (
    DEFAULT_BUDGET,
    DEFAULT_CAP,
    GOOD_LABELS,
    PHASE_GROUPS,
    Decision,
    Review,
    describe_action,
    review_record,
    score_modelled,
)
from euchre.analysis.review_notes import annotate, open_hands_text, situation_text, verdict_text
from euchre.cli.options import whole_number
from euchre.engine.rules import seat_name, team_name
from euchre.errors import EuchreError, RecordError
from euchre.extras import optional_module
from euchre.records.jsondata import PathLike
from euchre.records.record import Record
from euchre.text import plural

__all__ = ["add_review_command", "format_review", "plot_review", "run_review"]

Write = Callable[[str], None]


def add_review_command(sub: Any) -> None:
    """Add ``review`` to the subparsers of the ``euchre`` command."""
    review = sub.add_parser(
        "review",
        help="judge every decision of a recorded game (.json or .egn) as a chess engine would",
        description="Judge every decision of a recorded game from the deciding seat's view: "
                    "each option's worth in points and in the chance of winning, a label "
                    "where a choice was clearly costly or clearly good, the play with every "
                    "card seen, and a summary per player. See docs/review.md.")
    review.add_argument("file", help="the record (.json or .egn)")
    review.add_argument("--seat", type=whole_number(0), action="append", metavar="N",
                        help="review only this seat's decisions (repeat for more seats)")
    review.add_argument("--out", metavar="FILE",
                        help="write the record annotated (.egn or .json) with the review's "
                             "labels and better lines beside any annotations it had")
    review.add_argument("--budget", type=whole_number(1), default=DEFAULT_BUDGET, metavar="N",
                        help=f"sampled deals per decision to begin with (default: "
                             f"{DEFAULT_BUDGET}; more is slower and surer)")
    review.add_argument("--cap", type=whole_number(1), metavar="N",
                        help="the most sampled deals a decision may take: one whose label "
                             "is close draws more until it is settled or has this many "
                             f"(default: {DEFAULT_CAP}, or the budget if more; --cap equal "
                             "to --budget draws no more)")
    review.add_argument("--jobs", type=whole_number(1), default=os.cpu_count() or 1,
                        metavar="N", help="processes to review with (default: one per CPU)")
    review.add_argument("--seed", type=whole_number(), default=0,
                        help="seed of the sampling (default: 0)")
    review.add_argument("--all", action="store_true",
                        help="list every decision with each option's worth, not only the "
                             "labelled ones")
    review.add_argument("--json", action="store_true", help="print the review as JSON")
    review.add_argument("--plot", metavar="FILE.png",
                        help="draw the chance of winning over the game as an image "
                             "(needs matplotlib: pip install 'euchre[plot]')")
    review.add_argument("--no-progress", action="store_true", help="no progress bar")
    review.set_defaults(func=_cmd_review)


def _cmd_review(args: argparse.Namespace) -> int:
    run_review(args.file, seats=args.seat, out=args.out, budget=args.budget, cap=args.cap,
               jobs=args.jobs, seed=args.seed, every=args.all, as_json=args.json, plot=args.plot,
               progress=not args.no_progress)
    return 0


def run_review(path: PathLike, *, seats: Sequence[int] | None = None,
               out: PathLike | None = None, budget: int = DEFAULT_BUDGET,
               cap: int | None = None, jobs: int = 1,
               seed: int = 0, every: bool = False, as_json: bool = False,
               plot: PathLike | None = None, progress: bool = True,
               write: Write = print) -> Review:
    """What ``euchre review`` does; returns the review. ``cap``: the most samples a
    decision may take (``None``: :data:`~euchre.analysis.review.DEFAULT_CAP`, or the
    budget if that is more)."""
    from euchre.cli.arena import ProgressLine
    from euchre.records.files import read_record, write_record

    # every option is checked before the work: the options alone, then with the record
    if cap is None:
        cap = max(DEFAULT_CAP, budget)
    elif cap < budget:
        raise EuchreError(f"--cap {cap}: a decision's cap is at least its budget "
                          f"(--budget {budget})")
    if plot is not None:
        if not os.fspath(plot).lower().endswith(".png"):
            raise EuchreError(f"--plot {os.fspath(plot)}: the image is written as PNG: "
                              "name it FILE.png")
        _check_folder("--plot", plot)
        optional_module("matplotlib", "plot", "--plot")
    if out is not None:
        _check_target(out)
        _check_folder("--out", out)
    record = read_record(path)
    record.replay_all()  # an illegal record stops here, with where and why
    players = record.rules.players
    for seat in seats or ():
        if seat >= players:
            raise EuchreError(f"--seat {seat}: the record's seats are 0 to {players - 1}")
    if plot is not None and not score_modelled(record.rules):
        raise EuchreError(_NO_CHANCE)
    if out is not None and os.fspath(out).lower().endswith(".egn"):
        from euchre.records.egn import to_egn

        try:  # a record EGN cannot say is refused now, not after the review
            to_egn(record)
        except RecordError as error:
            raise EuchreError(f"--out {os.fspath(out)}: {error} (write .json instead)"
                              ) from None
    bar = ProgressLine(sys.stderr, "decisions", progress, label="review")
    pool = ProcessPoolExecutor(max_workers=jobs) if jobs > 1 else None
    try:
        review = review_record(record, seats=seats, budget=budget, cap=cap, seed=seed,
                               executor=pool, progress=bar)
    finally:
        bar.clear()
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
    if out is not None:
        note = write_record(annotate(review), out)
        if note:
            print(f"note: {note}", file=sys.stderr)
    if plot is not None:
        plot_review(review, plot)
    if as_json:
        data = review.to_dict()
        data["metadata"] = record.metadata
        write(json.dumps(data))
    else:
        for line in format_review(review, every):
            write(line)
        if out is not None:
            write(f"wrote {os.fspath(out)} (the record with the review's annotations)")
        if plot is not None:
            write(f"wrote {os.fspath(plot)} (the chance of winning over the game)")
    return review


_NO_CHANCE: Final = ("--plot: this game has no target score (or not two sides), so there "
                      "is no chance of winning to draw")
"""Why ``--plot`` is refused for a record whose rules model no chance of winning."""


def _check_target(out: PathLike) -> None:
    suffix = os.path.splitext(os.fspath(out))[1].lower()
    if suffix not in (".egn", ".json"):
        raise EuchreError(f"--out {os.fspath(out)}: the annotated record is written as .egn "
                          "or .json")


def _check_folder(option: str, path: PathLike) -> None:
    """Refuse, before the review's work, a file whose folder is not there."""
    folder = os.path.dirname(os.path.abspath(os.fspath(path)))
    if not os.path.isdir(folder):
        raise EuchreError(f"{option} {os.fspath(path)}: there is no folder {folder}")


def player_names(record: Record) -> list[str]:
    """Each seat's name: the player's, with its compass seat."""
    n = record.rules.players
    names = record.metadata.get("players")
    out = []
    for seat in range(n):
        compass = seat_name(seat, n)
        given = names[seat] if isinstance(names, list) and seat < len(names) else None
        out.append(f"{given} ({compass})" if isinstance(given, str) and given else compass)
    return out


def _pct(value: float) -> str:
    return f"{100 * value:+.1f}%"


def _decision_line(d: Decision, names: Sequence[str]) -> str:
    place = f"trick {d.trick}" if d.trick is not None else d.group
    head = f"  {place:<9} {names[d.seat]:<28} {d.label or '':<4} {describe_action(d.chosen)}"
    said = verdict_text(d)  # every label says something
    if said is None:
        return head
    return f"{head}{':' if d.label in GOOD_LABELS else ';'} {said}"


def _situation_line(d: Decision, players: int) -> list[str]:
    """What the seat saw, under its decision (none where the review did not keep it)."""
    seen = situation_text(d, players)
    return [] if seen is None else [f"{'':12}{seen}"]


def _options_lines(d: Decision) -> list[str]:
    level = d.level if len(d.level) > 1 else ()
    lines = []
    for o in sorted(d.options, key=lambda o: o.cost.mean):
        win = "" if o.win is None else f"  win {_pct(o.win.mean)} ± {100 * o.win.error:.1f}"
        mark = "*" if o.action == d.chosen else " "
        tie = "  level" if o.action in level else ""
        lines.append(f"      {mark} {describe_action(o.action):<16} points "
                     f"{o.points.mean:+.2f} ± {o.points.error:.2f}{win}{tie}")
    return lines


def format_review(review: Review, every: bool = False) -> list[str]:
    """The review for people: labelled decisions deal by deal, open hands apart, the
    summary per player and the chart of the chance of winning."""
    record = review.record
    names = player_names(record)
    title = record.metadata.get("title")
    sampled = f"{review.budget} sampled deals each"
    if review.cap is not None and review.cap > review.budget:
        sampled = (f"{review.budget} to {review.cap} sampled deals each, more where a "
                   "label was close")
    lines = [
        f"Review of {title!r}" if isinstance(title, str) and title else "Review",
        f"{plural(len(record.deals), 'deal')}, {plural(len(review.decisions), 'decision')} "
        f"reviewed, {sampled} (seed {review.seed}); each judged from its seat's view only",
    ]
    by_deal: dict[int, list[Decision]] = {}
    for d in review.decisions:
        by_deal.setdefault(d.deal, []).append(d)
    for i in sorted(by_deal):
        shown = [d for d in by_deal[i]
                 if every or d.label is not None or open_hands_text(d) is not None]
        if not shown:
            continue
        first = by_deal[i][0]
        score = "-".join(str(s) for s in first.score)
        lines.append("")
        lines.append(f"Deal {i + 1} (score {score})")
        for d in shown:
            if every or d.label is not None:
                lines.append(_decision_line(d, names))
            hands = open_hands_text(d)
            if hands is not None:
                lines.append(f"  {f'trick {d.trick}':<9} {names[d.seat]:<28} {hands}")
            lines.extend(_situation_line(d, record.rules.players))
            if every:
                lines.extend(_options_lines(d))
    lines.append("")
    lines.extend(_summary_lines(review, names))
    chart = _chart_lines(review)
    if chart:
        lines.append("")
        lines.extend(chart)
    if review.skipped:
        reasons: dict[str, int] = {}
        for s in review.skipped:
            reasons[s.reason] = reasons.get(s.reason, 0) + 1
        lines.append("")
        lines.append(f"Not reviewed: {plural(len(review.skipped), 'decision')}")
        for reason, count in sorted(reasons.items(), key=lambda kv: -kv[1]):
            lines.append(f"  {count}: {reason}")
    return lines


def _summary_lines(review: Review, names: Sequence[str]) -> list[str]:
    groups = list(PHASE_GROUPS)
    lines = [
        "Players (points lost a deal against the best options; accuracy: choices within "
        "the dubious threshold of the best)",
        f"  {'player':<28} {'lost/deal':>9}  " + "  ".join(f"{g:>9}" for g in groups)
        + "  labels",
    ]
    costly: list[str] = []
    for seat in review.seats():
        s = review.summary(seat)
        cells = []
        for g in groups:
            good, total = s.accuracy[g]
            cells.append(f"{f'{good}/{total}' if total else '-':>9}")
        labels = " ".join(f"{label}{count}" for label, count in sorted(s.labels.items()))
        lines.append(f"  {names[seat]:<28} {s.lost_per_deal:>9.2f}  " + "  ".join(cells)
                     + f"  {labels}")
        for d in s.costliest:
            costly.append(f"  {names[seat]}: {d.where()}, {describe_action(d.chosen)}; "
                          f"{verdict_text(d)}")
            costly.extend(_situation_line(d, review.record.rules.players))
    if costly:
        lines.append("Costliest decisions")
        lines.extend(costly)
    return lines


def _chart_lines(review: Review) -> list[str]:
    series = review.win_series(0)
    if not series:
        return []
    from euchre.table.winchart import text_chart

    values = [v for _, v in series]
    marks = [k for k, (deal, _) in enumerate(series) if k == 0 or series[k - 1][0] != deal]
    players = review.record.rules.players
    return [f"Chance of winning for {team_name(0, players)}, decision by decision "
            "(┴ a new deal)", *text_chart(values, marks=marks)]


def plot_review(review: Review, path: PathLike) -> None:
    """Draw the chance of winning of each side over the game into a PNG file."""
    series = review.win_series(0)
    if not series:
        raise EuchreError(_NO_CHANCE if not score_modelled(review.record.rules) else
                          "--plot: no decision was reviewed, so there is no chance of "
                          "winning to draw")
    matplotlib = optional_module("matplotlib", "plot", "--plot")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    players = review.record.rules.players
    xs = list(range(1, len(series) + 1))
    ys = [100 * v for _, v in series]
    figure, axes = plt.subplots(figsize=(9, 3.6), dpi=100)
    try:
        axes.plot(xs, ys, color="#1f5fa8", linewidth=1.8, label=team_name(0, players))
        axes.plot(xs, [100 - y for y in ys], color="#b03a2e", linewidth=1.0, alpha=0.6,
                  label=team_name(1, players))
        for k, (deal, _) in enumerate(series):
            if k == 0 or series[k - 1][0] != deal:
                axes.axvline(k + 0.5, color="#999999", linewidth=0.5)
                axes.text(k + 0.7, 97, str(deal + 1), fontsize=7, color="#666666",
                          va="top")
        axes.set_ylim(0, 100)
        axes.set_xlim(0.5, len(series) + 0.5)
        axes.set_ylabel("chance of winning (%)")
        axes.set_xlabel("decision (the grey lines start each deal, numbered)")
        title = review.record.metadata.get("title")
        axes.set_title(str(title) if isinstance(title, str) and title else "Chance of winning")
        axes.legend(loc="lower left", fontsize=8)
        figure.tight_layout()
        try:
            figure.savefig(os.fspath(path), format="png")
        except OSError as error:
            raise EuchreError(f"--plot {os.fspath(path)}: cannot write it: "
                              f"{error.strerror or error}") from None
    finally:
        plt.close(figure)
