"""Reading an EGN file as a :class:`~euchre.records.record.Record` (:func:`from_egn`).

A file of any EGN version is first brought to the newest shape
(:func:`~euchre.records.egn_versions.upgrade_egn`); its ruleset is read as rules
(:func:`~euchre.records.egn_rules.file_rules`), its metadata as the record's, each deal
as a recorded deal (:func:`~euchre.records.egn_deal.convert_deal`). The whole game is
then replayed, so a record that reads is legal; an illegal card is named by its place
in the file, and a card that did not follow suit by the revoke it was.

>>> record = from_egn({"fileType": "Euchre Game Notation", "version": "1.6",
...     "metadata": {"players": ["Ann", "Bo", "Cy", "Di"], "initialScore": [3, 4]},
...     "deals": []})
>>> record.metadata["players"], record.start_score, record.metadata["egnVersion"]
(['Ann', 'Bo', 'Cy', 'Di'], (3, 4), '1.6')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Final

from euchre.engine.actions import ALONE, Play
from euchre.engine.cards import Card, card_name
from euchre.errors import Reason, RecordError
from euchre.records.egn_deal import ConvertedDeal, convert_deal
from euchre.records.egn_rules import file_rules
from euchre.records.egn_versions import NEWEST_EGN_VERSION, upgrade_egn
from euchre.records.jsondata import as_int, as_list, as_object, as_string, known_keys, require
from euchre.records.record import GameResult, Record, ReplayError

__all__ = ["BOT_SOURCE", "EGN_FILE_TYPE", "META_STRINGS", "from_egn"]

EGN_FILE_TYPE: Final = "Euchre Game Notation"
"""The ``fileType`` of an EGN file."""
META_STRINGS: Final = ("title", "description", "date", "gameId")
"""The text fields of EGN's ``metadata`` that a record keeps under the same names (read
as they are; written when the record has them)."""
BOT_SOURCE: Final = "euchre bot"
"""The ``source`` of the ``playerIds`` entry that names a seat's bot (written by
:func:`~euchre.records.egn_write.to_egn`, read back as the seat's bot)."""


def from_egn(data: object) -> Record:
    """A record from EGN data (as :func:`json.loads` returns it); the game is replayed.

    Every problem raises :class:`~euchre.errors.RecordError` naming where it is.
    """
    top = as_object(data, "the EGN file")
    file_type = top.get("fileType", top.get("file_type"))
    if file_type != EGN_FILE_TYPE:
        hint = ""
        if "format" in top:
            hint = " (this looks like a native record: read it with loads, or name it .json)"
        elif top.get("fileType") == "Euchre Match Notation":
            hint = " (this is a match of several games: name it .emn, or use euchre.records.emn)"
        raise RecordError(f'fileType: an EGN file has "fileType": "{EGN_FILE_TYPE}"{hint}')
    upgraded = upgrade_egn(top)
    try:
        return _from_upgraded(upgraded.data, upgraded.version)
    except RecordError as error:
        if not (upgraded.is_older and upgraded.renamed):
            raise
        raise RecordError(
            f"{error} (an EGN {upgraded.version} file, read as {NEWEST_EGN_VERSION}: "
            f"fields are named as in {NEWEST_EGN_VERSION})"
        ) from None


def _from_upgraded(top: dict[str, object], version: str) -> Record:
    """The record of an EGN file's data in the newest shape (:func:`upgrade_egn`)."""
    known_keys(top, ("fileType", "version", "metadata", "deals"), "the EGN file")
    meta = as_object(top.get("metadata", {}), "metadata")
    rules = file_rules(meta.get("ruleset", {}), top.get("deals", []))
    metadata, start, final = _metadata(meta, version)
    raw_deals = as_list(top.get("deals", []), "deals")
    converted = [
        convert_deal(raw, rules, f"deals[{i}]") for i, raw in enumerate(raw_deals)
    ]
    for i, item in enumerate(converted[:-1]):
        if not item.finished:
            raise RecordError(
                f"deals[{i}]: the deal stops before its end (bidding or tricks missing), "
                "but another deal follows"
            )
    record = Record(
        metadata=metadata,
        rules=rules,
        start_score=start,
        deals=tuple(item.recorded for item in converted),
    )
    return _replayed(record, converted, final)


def _metadata(
    meta: dict[str, object], version: str
) -> tuple[dict[str, object], tuple[int, int], tuple[int, int] | None]:
    """The record's metadata from EGN's (``ruleset`` aside), with the file's version;
    the starting score; and ``finalScore``, if given."""
    metadata: dict[str, object] = {}
    start: tuple[int, int] = (0, 0)
    final: tuple[int, int] | None = None
    for key, value in meta.items():
        place = f"metadata.{key}"
        if key == "ruleset":
            continue
        if key == "initialScore":
            start = _pair(value, place)
        elif key == "finalScore":
            final = _pair(value, place)
        elif key == "players":
            metadata["players"], bots = _players(value, place)
            if any(bot != "human" for bot in bots):
                metadata["bots"] = bots
        elif key == "teamNames":
            metadata["teamNames"] = [
                as_string(name, f"{place}[{k}]") for k, name in enumerate(as_list(value, place))
            ]
        elif key in (*META_STRINGS, "matchId"):
            metadata[key] = as_string(value, place)
        else:
            metadata[key] = value
    metadata["egnVersion"] = version
    return metadata, start, final


def _replayed(
    record: Record, converted: Sequence[ConvertedDeal], final: tuple[int, int] | None
) -> Record:
    """The record replayed: its deals' results filled in, its result the file's
    ``finalScore`` (else the replay's score)."""
    try:
        replayed = record.replay_all()
    except ReplayError as error:
        raise _egn_replay_error(error, record, converted) from None
    results = replayed.results
    deals = tuple(
        dataclasses.replace(recorded, result=results[i]) if i < len(results) else recorded
        for i, recorded in enumerate(record.deals)
    )
    # finalScore is the other program's claim, kept for checking: a replay that
    # disagrees is a warning of Record.replay_all, not an error
    score = replayed.score if final is None else final
    result = GameResult(score, replayed.game.winner())
    return dataclasses.replace(record, deals=deals, result=result)


def _players(value: object, where: str) -> tuple[list[str], list[str]]:
    """The players' names, and each one's bot (its ``playerIds`` entry whose source is
    ``euchre bot``, as :func:`~euchre.records.egn_write.to_egn` writes it; ``"human"``
    where none is given)."""
    names = []
    bots = []
    for k, item in enumerate(as_list(value, where)):
        bot = "human"
        if isinstance(item, dict):
            place = f"{where}[{k}].playerIds"
            for j, entry in enumerate(as_list(item.get("playerIds", []), place)):
                if isinstance(entry, dict) and entry.get("source") == BOT_SOURCE:
                    bot = as_string(entry.get("id"), f"{place}[{j}].id")
            item = require(item, "name", f"{where}[{k}]")
        names.append(as_string(item, f"{where}[{k}]"))
        bots.append(bot)
    return names, bots


def _pair(value: object, where: str) -> tuple[int, int]:
    """A score: two whole numbers, team 0's and team 1's."""
    items = as_list(value, where)
    if len(items) != 2:
        raise RecordError(f"{where}: must be two numbers (team 0, team 1)")
    return (as_int(items[0], f"{where}[0]", 0), as_int(items[1], f"{where}[1]", 0))


def _egn_replay_error(
    error: ReplayError, record: Record, converted: Sequence[ConvertedDeal]
) -> RecordError:
    """Say where in the EGN file an illegal action is."""
    item = converted[error.deal_index]
    actions = record.deals[error.deal_index].actions
    action = actions[error.action_index]
    if isinstance(action, Play):
        active = record.rules.players - sum(1 for a in actions if a == ALONE)
        index = sum(1 for a in actions[: error.action_index] if isinstance(a, Play))
        trick, position = divmod(index, active)
        message = (
            f"{item.tricks_where}.tricks[{trick}][{position}] "
            f"(deal {error.deal_index + 1}, {error.label}): "
            f"{card_name(action.card)} is not legal ({error.reason})"
        )
        if error.code is Reason.MUST_FOLLOW and index < len(item.seats):
            plays = [a.card for a in actions if isinstance(a, Play)]
            message += _revoke(item.seats[index], index, plays, error.legal, active)
        return RecordError(message)
    return RecordError(f"{item.where}: {error}")


def _revoke(
    seat: int, index: int, plays: Sequence[Card], legal: Sequence[object], active: int
) -> str:
    """What a play that did not follow suit tells: a revoke, the seat holding cards of
    the suit led, with where it plays them later (hands taken from the plays hold only
    the cards their seats play, so that is how a revoke shows in such a record).

    >>> from euchre.engine.actions import PLAY
    >>> from euchre.engine.cards import UNKNOWN, parse_card
    >>> ace, king = parse_card("Ac"), parse_card("Kc")
    >>> _revoke(2, 5, [UNKNOWN] * 14 + [ace], [PLAY[ace], PLAY[king]], 4)  # the 15th play
    ': a revoke: seat 2 held Ac (it plays it at tricks[3][2]) and Kc'
    """
    held = []
    for c in (a.card for a in legal if isinstance(a, Play)):
        later = [k for k in range(index + 1, len(plays)) if plays[k] == c]
        at = f" (it plays it at tricks[{later[0] // active}][{later[0] % active}])" if later else ""
        held.append(f"{card_name(c)}{at}")
    if not held:
        return ""
    return f": a revoke: seat {seat} held {' and '.join(held)}"
