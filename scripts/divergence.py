"""Where one bot gains on another: the first decision where a duplicate pair's plays part.

Usage::

    .venv/bin/euchre arena A B --deals N --duplicate --seed S --record DIR
    .venv/bin/python scripts/divergence.py DIR [--base BASE] [--json]

In a duplicate match of deals every deal is played twice with the seats swapped, so in
both plays the same seat holds the same cards and the two plays agree, action for
action, until some seat where ``A`` sits in one play and ``B`` in the other decides
differently. Everything that differs in the result follows from that decision (and
from the later ones it led to), so the pair's net points for ``A`` (its side's points
less the other side's, summed over both plays) are credited to that first decision:
its phase, the seat's position, and what each bot chose. Pairs whose plays never part
score exactly 0 and are counted apart.

The table lists, for each kind of decision, how many pairs parted there, ``A``'s mean
gain per such pair with a 95% interval, and its share of the match's points per deal
(the shares add up to the arena's points per deal for ``A``). ``docs/strength.md``
uses it to see where ``expert`` gains and loses.

With ``--base BASE``, the records of a second match on the same deals (the same
``--seed``, the same ``B``, a changed ``A``) are compared pair by pair as well: the
arena's seeds depend on the deal's index, not on the bots' names, so where the change
alters no decision the two matches play out identically and the difference is exactly 0.
The mean difference per deal and its 95% interval then measure the change with far less
noise than two separate matches' results.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any, NamedTuple

from euchre.analysis.arena import confidence_interval
from euchre.engine.actions import KIND_DISCARD, KIND_PLAY, Action
from euchre.engine.deal import Deal
from euchre.engine.game import Game, Phase
from euchre.errors import EuchreError
from euchre.records.files import read_record
from euchre.records.record import Record

_PAIR = re.compile(r"deal-(\d+)a\.json")
_POSITIONS = ("first", "second", "third", "dealer")


class DivergenceError(EuchreError):
    """The records cannot be compared (missing, broken, or not a duplicate match)."""


def _action_word(action: Action) -> str:
    """The action without its card: what kind of choice it was."""
    if action.kind in (KIND_PLAY, KIND_DISCARD):
        return str(action).split()[0]
    return str(action)


def decision_label(game: Game, seat: int) -> str:
    """A short name for the kind of decision ``seat`` faces in ``game`` (four-handed).

    >>> from euchre.engine.deal import random_deal
    >>> from euchre.engine.rules import Rules
    >>> import random
    >>> game = Game(Rules(), deals=[random_deal(Rules(), 0, random.Random(1))])
    >>> decision_label(game, game.to_act)
    'bid1 first'
    """
    phase = game.phase
    position = _POSITIONS[(seat - game.dealer - 1) % 4]
    if phase in (Phase.BID1, Phase.BID2):
        return f"{phase.value} {position}"
    if phase is Phase.EXCHANGE:
        return "exchange"
    maker = game.maker
    side = "makers" if maker is not None and seat % 2 == maker % 2 else "defenders"
    if phase is Phase.ALONE:
        return f"alone {side}"
    trick = len(game.tricks) + 1
    turn = "follow" if game.current_trick else "lead"
    return f"play trick {trick} {turn} {side}"


def _pair_paths(directory: Path) -> list[tuple[Path, Path]]:
    if not directory.is_dir():
        raise DivergenceError(f"{directory} is not a directory of arena records")
    pairs = []
    for path in sorted(directory.iterdir()):
        found = _PAIR.fullmatch(path.name)
        if found:
            other = path.with_name(f"deal-{found.group(1)}b.json")
            if not other.exists():
                raise DivergenceError(f"{path.name} has no swapped play ({other.name})")
            pairs.append((path, other))
    if not pairs:
        raise DivergenceError(
            f"{directory} holds no duplicate deal records (deal-NNNNNNa.json and "
            f"...b.json, as `euchre arena A B --deals N --duplicate --record DIR` writes)")
    return pairs


def _players(record: Record, path: Path) -> list[str]:
    metadata = record.metadata
    arena = metadata.get("arena")
    if isinstance(arena, dict) and arena.get("mode") != "deals":
        raise DivergenceError(f"{path.name}: a record of whole games; compare the records "
                              f"of a match of deals (euchre arena ... --deals N)")
    players = metadata.get("players")
    if (not isinstance(players, list) or len(players) != 4
            or not all(isinstance(p, str) for p in players)):
        raise DivergenceError(f"{path.name}: not a four-handed arena record (no players)")
    return players


def _net(game: Game, team: int) -> int:
    """``team``'s points less the other team's, over the record's one deal."""
    result = game.results[0]
    if result.team is None:
        return 0
    return result.points if result.team == team else -result.points


class Parting(NamedTuple):
    """Where the two plays of one duplicate pair part, and what the pair came to."""

    label: str | None
    """:func:`decision_label` of the first differing decision (``None``: never)."""
    choices: str
    """What ``A`` and ``B`` chose there (``"order / pass"``: ``A`` ordered, ``B`` passed)."""
    gain: int
    """``A``'s net points over both plays."""
    players: list[str]
    """The bots by seat in the first play."""
    deal: Deal
    """The cards dealt."""


def compare_pair(first: Path, second: Path) -> Parting:
    """The first decision where the two plays of a pair part (see :class:`Parting`)."""
    records = []
    for path in (first, second):
        try:
            records.append(read_record(path))
        except EuchreError as error:
            raise DivergenceError(f"{path.name}: {error}") from error
    players = [_players(record, path) for record, path in zip(records, (first, second),
                                                              strict=True)]
    name_a = players[0][0]
    if players[1] != [players[0][seat ^ 1] for seat in range(4)] or name_a == players[0][1]:
        raise DivergenceError(
            f"{first.name} and {second.name} are not the two plays of one duplicate "
            f"pair of two different bots (players {players[0]} and {players[1]})")
    games = []
    for record, path in zip(records, (first, second), strict=True):
        try:
            games.append(record.replay())
        except EuchreError as error:
            raise DivergenceError(f"{path.name}: {error}") from error
    if len(games[0].deals) != 1 or len(games[1].deals) != 1:
        raise DivergenceError(f"{first.name}: a record of more than one deal; compare the "
                              f"records of a match of deals (euchre arena ... --deals N)")
    if games[0].deals[0] != games[1].deals[0]:
        raise DivergenceError(f"{first.name} and {second.name} were not dealt the same cards")
    gain = _net(games[0], 0) + _net(games[1], 1)
    history = (games[0].history[0], games[1].history[0])
    walk = Game(games[0].rules, deals=[games[0].deals[0]])
    for mine, theirs in zip(*history, strict=False):
        if mine != theirs:
            seat = walk.to_act
            a_first = players[0][seat] == name_a
            a_choice, b_choice = (mine, theirs) if a_first else (theirs, mine)
            return Parting(decision_label(walk, seat),
                           f"{_action_word(a_choice)} / {_action_word(b_choice)}", gain,
                           players[0], games[0].deals[0])
        walk.apply(mine)
    if len(history[0]) != len(history[1]):
        raise DivergenceError(f"{first.name}: one play stops where the other goes on")
    return Parting(None, "", gain, players[0], games[0].deals[0])


def analyse(directory: Path) -> dict[str, Any]:
    """The table of where the plays of a duplicate match's records parted."""
    pairs = _pair_paths(directory)
    gains: dict[str, list[int]] = defaultdict(list)
    choices: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(list))
    same = 0
    names: list[str] = []
    for first, second in pairs:
        label, chosen, gain, names, _ = compare_pair(first, second)
        if label is None:
            same += 1
            continue
        gains[label].append(gain)
        choices[label][chosen].append(gain)
    deals = 2 * len(pairs)
    rows = []
    for label in sorted(gains, key=_order):
        values = gains[label]
        interval = confidence_interval(values, [1] * len(values))
        rows.append({
            "decision": label,
            "pairs": len(values),
            "gain_per_pair": interval.mean,
            "ci95": [interval.low, interval.high],
            "points_per_deal": sum(values) / deals,
            "choices": {choice: {"pairs": len(v), "gain_per_pair": sum(v) / len(v)}
                        for choice, v in sorted(choices[label].items(),
                                                key=lambda item: -len(item[1]))},
        })
    total = sum(sum(v) for v in gains.values())
    return {"a": names[0], "b": names[1], "pairs": len(pairs), "never_parted": same,
            "points_per_deal": total / deals, "rows": rows}


def paired_difference(directory: Path, base: Path) -> dict[str, Any]:
    """``A``'s points per deal in ``directory`` less those in ``base``, pair by pair.

    Both hold the records of duplicate matches of deals against the same ``B`` from the
    same seed; only the pairs of deal indices present in both are compared.
    """
    mine = {first.name: (first, second) for first, second in _pair_paths(directory)}
    theirs = {first.name: (first, second) for first, second in _pair_paths(base)}
    common = sorted(mine.keys() & theirs.keys())
    if not common:
        raise DivergenceError(f"{directory} and {base} hold no deal in common")
    differences = []
    for name in common:
        changed, before = compare_pair(*mine[name]), compare_pair(*theirs[name])
        if changed.deal != before.deal:
            raise DivergenceError(f"{name} was dealt differently in {directory} and "
                                  f"{base}: the matches need the same --seed")
        opponents = {changed.players[1], before.players[1]}
        if len(opponents) != 1:
            raise DivergenceError(f"{name}: the matches were against different bots "
                                  f"({' and '.join(sorted(opponents))})")
        differences.append(changed.gain - before.gain)
    interval = confidence_interval(differences, [2] * len(differences))
    return {"pairs": len(common), "differing": sum(d != 0 for d in differences),
            "difference_per_deal": interval.mean, "ci95": [interval.low, interval.high]}


def _order(label: str) -> tuple[int, str]:
    ranks = ("bid1", "exchange", "bid2", "alone", "play")
    return next(i for i, word in enumerate(ranks) if label.startswith(word)), label


def _format(table: dict[str, Any]) -> str:
    lines = [f"{table['a']} (A) against {table['b']} (B): {table['pairs']} duplicate pairs, "
             f"{table['never_parted']} never parted; A's points per deal "
             f"{table['points_per_deal']:+.3f}", "",
             f"{'first decision that differed':<34}{'pairs':>6}{'gain/pair':>11}"
             f"{'95% interval':>20}{'per deal':>10}  most common choices (A / B)"]
    for row in table["rows"]:
        low, high = row["ci95"]
        interval = "" if low is None else f"[{low:+.2f}, {high:+.2f}]"
        common = "; ".join(f"{choice} {c['pairs']}× {c['gain_per_pair']:+.2f}"
                           for choice, c in list(row["choices"].items())[:2])
        lines.append(f"{row['decision']:<34}{row['pairs']:>6}{row['gain_per_pair']:>+11.3f}"
                     f"{interval:>20}{row['points_per_deal']:>+10.4f}  {common}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory", type=Path, help="the --record directory of a "
                        "duplicate arena match of deals")
    parser.add_argument("--base", type=Path, help="the records of the same match with "
                        "another A, to compare pair by pair")
    parser.add_argument("--json", action="store_true", help="print the table as JSON")
    args = parser.parse_args(argv)
    try:
        table = analyse(args.directory)
        if args.base is not None:
            table["against_base"] = paired_difference(args.directory, args.base)
    except DivergenceError as error:
        parser.exit(2, f"divergence: {error}\n")
    if args.json:
        print(json.dumps(table))
        return table
    print(_format(table))
    if args.base is not None:
        paired = table["against_base"]
        low, high = paired["ci95"]
        interval = "" if low is None else f" [{low:+.4f}, {high:+.4f}]"
        print(f"\nagainst {args.base}: {paired['pairs']} pairs in common, "
              f"{paired['differing']} ended differently; A's points per deal changed by "
              f"{paired['difference_per_deal']:+.4f}{interval}")
    return table


if __name__ == "__main__":
    main(sys.argv[1:])
