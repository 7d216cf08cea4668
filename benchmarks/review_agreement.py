"""How often ``euchre review`` agrees with the judgments strong players wrote by hand.

The judgments are in ``benchmarks/review_agreement.json`` (read from the annotated
records of ``../shared/data/egn/``, of which ``tests/data/egn/`` keeps a copy: see its
``about``). Each record is reviewed whole
at the default budget; each judgment is matched with the reviewer's verdict on the same
decision:

* a human ``costly`` (a ``[?]``): does the reviewer also find it costly (its cost at
  least the dubious threshold), does it label it, and is its better move the human's?
* a human ``good`` (a ``[!]``): does the reviewer find it the best option?
* a human ``fine`` (the alternatives as good): does the reviewer leave it unfaulted?
* a human ``doubtful`` (a ``[?!]``): reported, not scored.

Run: ``.venv/bin/python benchmarks/review_agreement.py [--budget N] [--jobs N]
[--markdown]``; ``docs/review.md`` shows its output.
"""

from __future__ import annotations

import argparse
import json
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from euchre.analysis.review import (
    DEFAULT_BUDGET,
    THRESHOLDS,
    Decision,
    describe_action,
    review_record,
)
from euchre.analysis.review_notes import deal_actions, egn_index
from euchre.records.egn import load_egn

HERE = Path(__file__).parent
RECORDS = HERE.parent / "tests" / "data" / "egn"
"""The project's copy of the records of ``../shared/data/egn/``."""


def judgments(path: Path = HERE / "review_agreement.json") -> list[dict[str, object]]:
    data = json.loads(path.read_text())
    out: list[dict[str, object]] = data["judgments"]
    return out


def locate(record_path: Path, deal: int, where: str, index: int) -> tuple[int, str]:
    """The action index in the record's deal (from 1) of an EGN call or card, and the
    action there."""
    record = load_egn(record_path)
    tagged = deal_actions(record)[deal - 1]
    for k, (_, _, action) in enumerate(tagged):
        if egn_index(tagged, k) == (where, index) and (
                where == "play" or str(action) in ("pass", "order") or
                str(action).startswith("call")):
            return k, str(action)
    raise LookupError(f"{record_path.name} deal {deal}: no {where} {index}")


def verdict(kind: str, d: Decision, better: object) -> tuple[bool | None, str]:
    """Whether the reviewer agrees with a human judgment of ``kind``, and why."""
    dubious = THRESHOLDS[d.unit][0]
    if kind == "costly":
        agrees = d.cost.mean >= dubious
        same = better is not None and describe_action(d.best) == describe_action_text(better)
        return agrees, "same better move" if agrees and same else ""
    if kind == "good":
        return d.best == d.chosen, ""
    if kind == "fine":
        return d.label not in ("[?!]", "[?]", "[??]"), ""
    return None, ""


def describe_action_text(text: object) -> str:
    """A judgment's move (``order``, ``play Ad``) in the words of
    :func:`~euchre.analysis.review.describe_action`."""
    return "order up" if text == "order" else str(text)


def _count(tally: dict[str, list[int]], key: str, yes: bool) -> None:
    count = tally.setdefault(key, [0, 0])
    count[0] += yes
    count[1] += 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args(argv)
    rows = judgments()
    files = sorted({str(r["file"]) for r in rows})
    decisions: dict[tuple[str, int, int], Decision] = {}
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for name in files:
            review = review_record(load_egn(RECORDS / name), budget=args.budget,
                                   seed=args.seed, executor=pool)
            for d in review.decisions:
                decisions[(name, d.deal + 1, d.action_index)] = d
    tally: dict[str, list[int]] = {}
    disagreements: list[str] = []
    lines = ["| record | deal | move | human | reviewer | cost | reviewer's best | agrees |",
             "|---|---|---|---|---|---|---|---|"]
    for r in rows:
        name, deal = str(r["file"]), int(str(r["deal"]))
        k, action = locate(RECORDS / name, deal, str(r["where"]), int(str(r["index"])))
        if action != r["move"]:
            raise SystemExit(f"{name} deal {deal}: the judgment is of {r['move']}, "
                             f"the record has {action}")
        found = decisions.get((name, deal, k))
        kind = str(r["human"])
        if found is None:
            lines.append(f"| {name} | {deal} | {action} | {kind} | not reviewed | | | |")
            continue
        d = found
        agrees, why = verdict(kind, d, r["better"])
        if agrees is not None:
            _count(tally, kind, agrees)
        if kind == "costly":
            _count(tally, "costly, labelled", d.label in ("[?!]", "[?]", "[??]"))
            _count(tally, "costly, the same better move", bool(why))
        cost = (f"{100 * d.cost.mean:.1f}% ± {100 * d.cost.error:.1f}" if d.unit == "win"
                else f"{d.cost.mean:.2f} ± {d.cost.error:.2f}")
        mark = "-" if agrees is None else "yes" if agrees else "no"
        if agrees is False:
            disagreements.append(_reasons(name, deal, kind, d))
        lines.append(f"| {name.removesuffix('.egn')} | {deal} | {describe_action(d.chosen)} | "
                     f"{kind} | {d.label or ''} | {cost} | {describe_action(d.best)} | "
                     f"{mark}{' (' + why + ')' if why else ''} |")
    print("\n".join(lines))
    print()
    for kind, (yes, total) in tally.items():
        print(f"- {kind}: {yes} of {total}")
    print()
    print("\n\n".join(disagreements))
    return 0


def _reasons(name: str, deal: int, kind: str, d: Decision) -> str:
    """A disagreement with the reviewer's numbers: each option's worth."""
    head = (f"{name.removesuffix('.egn')}, deal {deal} ({d.where().split(', ')[1]}, score "
            f"{'-'.join(map(str, d.score))}, seat {d.seat}): the player judged "
            f"{describe_action(d.chosen)} {kind}; {d.samples} samples")
    rows = []
    for o in sorted(d.options, key=lambda o: o.cost.mean):
        win = "" if o.win is None else f", chance to win {100 * o.win.mean:+.1f}%"
        rows.append(f"  - {describe_action(o.action)}: {o.points.mean:+.2f} ± "
                    f"{o.points.error:.2f} points{win}"
                    + (" (chosen)" if o.action == d.chosen else ""))
    hands = d.open_hands
    if hands is not None:
        rows.append(f"  - open hands: the card played keeps {hands.tricks[hands.chosen]} "
                    f"tricks for its side, the best {hands.best}")
    return "\n".join([head, *rows])


if __name__ == "__main__":
    sys.exit(main())
