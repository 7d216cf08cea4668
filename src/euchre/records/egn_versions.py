"""The published versions of EGN, and reading any of them in the newest shape.

The EGN project (NextSuit-Labs/euchre-game-notation) has published these schema
versions; a file's ``version`` names one, with or without a patch number (``"1.0.0"``,
``"1.2.1"``, ``"1.4"``). From its changelog:

======== ==============================================================================
version  what changed in the files
======== ==============================================================================
1.0      first release: ``player_cards``, ``card_exchanges``, ``calls_annotations``,
         ``tricks_annotations``, ``matchId``; ``initialState.kitty``; ``initialLead``
         in ``TRICK_PLAY``; phases numbered from 1; annotations sometimes plain strings
1.1      fields renamed to camelCase (``playerCards``, ``cardExchanges``,
         ``callAnnotations``, ``playAnnotations``, ``gameId``); ``num_players``,
         ``loner_march_score``, ``loner_euchred_score``, ``defend_alone``,
         ``aloneDefender``; players as names or objects
1.2      ``kitty`` and ``initialLead`` dropped as redundant; ``discard`` and
         ``playerCards`` kept by the binary form; phases may be empty; the version is
         written as major.minor
1.3      no change in the files (the library's names, looser text fields)
1.4      ``num_deals`` (a game of a fixed number of deals), ``finalScore``; the match
         format EMN (:mod:`euchre.records.emn`)
1.5      dates may be a date alone, or empty
1.6      ``phaseNumber`` optional, ``teamNames``; calls ``"p"`` and ``"o"`` short for
         ``"Pass"`` and ``"Order"`` (library 1.6.1)
======== ==============================================================================

Reading runs every file through :func:`upgrade_egn`, which does what the project's own
upgrader (``egn-upgrade``) does, whatever the file's version: snake_case fields renamed,
``max_deals`` read as ``num_deals``, the display settings of its web tool (``timings``,
``views``, ``layouts``...) left out, phases renumbered from 0. It also does what that
upgrader leaves undone: ``TRICK_PLAY_PHASE`` read as ``TRICK_PLAY``, an ``aloneDefender``
given in the trick phase moved to the bidding, 1.0's alternative lines
(``biddingPhase`` / ``trickPlayPhase``) turned into ``phases``, an annotation given as a
string made a list of one. Unlike that upgrader it keeps ``kitty`` (its cards make the
deal more complete) and ``initialLead`` (the reader checks it against the rules). A
current file comes out unchanged. Files are written in the newest version
(:data:`NEWEST_EGN_VERSION`, :data:`euchre.records.egn.EGN_VERSION`).

A version after 1.6 in the 1.x line is read as 1.6: EGN's minor versions only add
fields, and any field this reader does not know is refused with its own message, so
nothing is misread in silence. Other versions (2.0, ``"1.x"``, a number) are refused.

>>> upgraded = upgrade_egn({"fileType": "Euchre Game Notation", "version": "1.0.0",
...     "deals": [{"initial_state": {"dealer": 1, "up_card": "9h", "player_cards": []},
...                "phases": [{"phase_number": 1, "type": "EUCHRE_BIDDING", "calls": ["p"],
...                            "is_alone": False}]}]})
>>> upgraded.version, upgraded.is_older, upgraded.data["deals"][0]["initialState"]
('1.0.0', True, {'dealer': 1, 'upCard': '9h', 'playerCards': []})
>>> upgraded.data["deals"][0]["phases"][0]
{'phaseNumber': 0, 'type': 'EUCHRE_BIDDING', 'calls': ['Pass'], 'isAlone': False}
>>> version_note("1.0.0")
'EGN version 1.0.0 (an older version: read as 1.6)'
>>> version_note("1.4") is None
True
>>> version_note("1.9")
'EGN version 1.9 (newer than 1.6, the newest this reader knows: read as 1.6)'
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from euchre.errors import RecordError

__all__ = [
    "EGN_VERSIONS",
    "NEWEST_EGN_VERSION",
    "EgnUpgrade",
    "egn_version",
    "replay_note",
    "upgrade_egn",
    "version_note",
]

EGN_VERSIONS: Final = ("1.0", "1.1", "1.2", "1.3", "1.4", "1.5", "1.6")
"""The EGN schema versions published, oldest first (a file may add a patch number)."""
NEWEST_EGN_VERSION: Final = EGN_VERSIONS[-1]
"""The shape every file is read in."""

_VERSION_RE: Final = re.compile(r"1(?:\.(\d+)){0,2}")
_CAMEL_SINCE: Final = (1, 2)
"""The first version whose files need no renaming (the upgrader's target was 1.2)."""

# The upgrader's renames (fields that were already right are left out of this table).
_RENAMES: Final = {
    "calls_annotations": "callAnnotations",
    "tricks_annotations": "playAnnotations",
    "play_annotations": "playAnnotations",
    "player_cards": "playerCards",
    "card_exchanges": "cardExchanges",
    "match_id": "gameId",
    "matchId": "gameId",
    "initial_score": "initialScore",
    "initial_state": "initialState",
    "phase_number": "phaseNumber",
    "is_alone": "isAlone",
    "alone_defender": "aloneDefender",
    "alternative_lines": "alternativeLines",
    "branch_index": "branchIndex",
    "up_card": "upCard",
    "file_type": "fileType",
    "player_ids": "playerIds",
    "max_deals": "num_deals",
    # not in the upgrader's table, but snake_case names of fields it knows
    "deal_number": "dealNumber",
    "final_score": "finalScore",
    "team_names": "teamNames",
    "game_id": "gameId",
    "initial_lead": "initialLead",
}
# Display settings of the EGN web tool, which the upgrader leaves out.
_DROPPED: Final = frozenset(
    ("timings", "views", "layouts", "videoUrl", "viewSwitches", "screens")
)
_SHORT_CALLS: Final = {"p": "Pass", "o": "Order"}
_PHASE_NUMBERS: Final = {"EUCHRE_BIDDING": 0, "TRICK_PLAY": 1}


@dataclass(frozen=True, slots=True)
class EgnUpgrade:
    """An EGN file's data in the newest shape, and the version the file said it was."""

    data: dict[str, object]
    """The file's JSON object, upgraded (a new object: the original is left as it was)."""
    version: str
    """The file's ``version``, as written (``"1.0.0"``)."""
    renamed: bool
    """Whether any field was renamed, dropped or reshaped on the way."""

    @property
    def number(self) -> tuple[int, int]:
        """The version as (major, minor)."""
        return egn_version(self.version)

    @property
    def is_older(self) -> bool:
        """A version from before the camelCase names (1.0 or 1.1)."""
        return self.number < _CAMEL_SINCE

    @property
    def is_newer(self) -> bool:
        """A version after the newest this reader knows."""
        return self.number > egn_version(NEWEST_EGN_VERSION)


def egn_version(value: object) -> tuple[int, int]:
    """The (major, minor) of an EGN ``version``; :class:`~euchre.errors.RecordError`
    when it is not a 1.x version.

    >>> egn_version("1.2.1"), egn_version("1")
    ((1, 2), (1, 0))
    >>> egn_version("2.0")
    Traceback (most recent call last):
    ...
    euchre.errors.RecordError: version: EGN version '2.0' is not supported (versions 1.0 to ...
    """
    match = _VERSION_RE.fullmatch(value) if isinstance(value, str) else None
    if match is None:
        raise RecordError(
            f"version: EGN version {value!r} is not supported (versions "
            f"{EGN_VERSIONS[0]} to {NEWEST_EGN_VERSION} are, and later 1.x versions are "
            f"read as {NEWEST_EGN_VERSION})"
        )
    assert isinstance(value, str)
    parts = value.split(".")
    return (1, int(parts[1]) if len(parts) > 1 else 0)


def version_note(version: object) -> str | None:
    """One line saying how a file of this version was read, or ``None`` when its
    version is one read as it is (1.2 to 1.6)."""
    try:
        number = egn_version(version)
    except RecordError:
        return None
    if number < _CAMEL_SINCE:
        return f"EGN version {version} (an older version: read as {NEWEST_EGN_VERSION})"
    if number > egn_version(NEWEST_EGN_VERSION):
        return (
            f"EGN version {version} (newer than {NEWEST_EGN_VERSION}, the newest this "
            f"reader knows: read as {NEWEST_EGN_VERSION})"
        )
    return None


def replay_note(path: str | os.PathLike[str], metadata: Mapping[str, object]) -> str | None:
    """The line ``euchre replay`` prints for an EGN file read from an older or newer
    version (``metadata["egnVersion"]``, set by the reader); ``None`` for other files.

    >>> replay_note("old.egn", {"egnVersion": "1.1.0"})
    'EGN version 1.1.0 (an older version: read as 1.6)'
    >>> replay_note("game.json", {"egnVersion": "1.1.0"}) is None
    True
    """
    if not os.fspath(path).lower().endswith(".egn"):
        return None
    return version_note(metadata.get("egnVersion"))


def upgrade_egn(data: Mapping[str, object]) -> EgnUpgrade:
    """An EGN file's JSON object in the newest shape (see the module's docstring).

    Raises :class:`~euchre.errors.RecordError` for a version that is not 1.x, and for
    a field given under both its old and its new name.
    """
    version = data.get("version")
    egn_version(version)
    assert isinstance(version, str)
    changes: list[bool] = []
    try:
        upgraded = _renamed(data, "", changes)
    except RecursionError:
        raise RecordError("the EGN file: the JSON nests too deeply") from None
    assert isinstance(upgraded, dict)
    deals = upgraded.get("deals")
    if isinstance(deals, list):
        for i, deal in enumerate(deals):
            if isinstance(deal, dict):
                _reshape_deal(deal, f"deals[{i}]", changes)
    return EgnUpgrade(upgraded, version, any(changes))


def _renamed(value: object, where: str, changes: list[bool]) -> object:
    """A copy of ``value`` with every field renamed, display settings left out."""
    if isinstance(value, list):
        return [_renamed(item, f"{where}[{k}]", changes) for k, item in enumerate(value)]
    if not isinstance(value, Mapping):
        return value
    out: dict[str, object] = {}
    origin: dict[str, str] = {}
    for raw, item in value.items():
        key = str(raw)
        if key in _DROPPED:
            changes.append(True)
            continue
        new = _RENAMES.get(key, key)
        if new in origin:
            raise RecordError(
                f"{where or 'the EGN file'}: both {origin[new]!r} and {key!r} are given, "
                f"two names of one field: give it once, as {new!r}"
            )
        if new != key:
            changes.append(True)
        origin[new] = key
        out[new] = _renamed(item, f"{where}.{new}" if where else new, changes)
    return out


def _reshape_deal(deal: dict[str, object], where: str, changes: list[bool]) -> None:
    """The structural changes of one deal (after the renames), in place."""
    _reshape_phases(deal.get("phases"), f"{where}.phases", changes)
    lines = deal.get("alternativeLines")
    if not isinstance(lines, list):
        return
    for j, line in enumerate(lines):
        if not isinstance(line, dict):
            continue
        if "phases" not in line and ("biddingPhase" in line or "trickPlayPhase" in line):
            line["phases"] = [
                line.pop(name) for name in ("biddingPhase", "trickPlayPhase") if name in line
            ]
            changes.append(True)
        _reshape_phases(line.get("phases"), f"{where}.alternativeLines[{j}].phases", changes)


def _reshape_phases(phases: object, where: str, changes: list[bool]) -> None:
    if not isinstance(phases, list):
        return
    bidding: dict[str, object] | None = None
    for k, phase in enumerate(phases):
        if not isinstance(phase, dict):
            continue
        if phase.get("type") == "TRICK_PLAY_PHASE":
            phase["type"] = "TRICK_PLAY"
            changes.append(True)
        kind = phase.get("type")
        number = _PHASE_NUMBERS.get(kind) if isinstance(kind, str) else None
        if number is not None and "phaseNumber" in phase and phase["phaseNumber"] != number:
            phase["phaseNumber"] = number
            changes.append(True)
        if kind == "EUCHRE_BIDDING":
            bidding = phase
            calls = phase.get("calls")
            if isinstance(calls, list):
                for k, call in enumerate(calls):
                    if isinstance(call, str) and call in _SHORT_CALLS:
                        calls[k] = _SHORT_CALLS[call]
        elif kind == "TRICK_PLAY" and "aloneDefender" in phase and bidding is not None:
            # before 1.2 it could sit with the tricks; since, it is the bidding's
            defender = phase.pop("aloneDefender")
            changes.append(True)
            if bidding.setdefault("aloneDefender", defender) != defender:
                raise RecordError(
                    f"{where}[{k}].aloneDefender: {defender!r}, but the bidding phase "
                    f"gives {bidding['aloneDefender']!r}"
                )
        for name in ("callAnnotations", "playAnnotations"):
            notes = phase.get(name)
            if isinstance(notes, dict):
                for key, text in notes.items():
                    if isinstance(text, str):
                        notes[key] = [text]
                        changes.append(True)
