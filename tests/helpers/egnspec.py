"""What EGN and EMN allow in a file, from their own documents, for checking every file
this project writes; and a record's deals as EGN gives them back. A plain module the
tests import (``from egnspec import ...``); pytest puts tests/ on the path.

The field lists are those of the EGN project's JSON schemas (NextSuit-Labs/
euchre-game-notation), which forbid any other field at every level
(``additionalProperties: false``):

- ``schemas/egn-schema-v1.json`` as published with EGN 1.6 (its ``version`` pattern
  ``^1\\.[23456](?:\\.\\d+)?$``; commit 0fcea2f2); the schema of EGN 1.2 to 1.4
  (pattern ``^1\\.[234]``, commit 3ffee90b) has the same fields less ``teamNames``, and
  requires ``phaseNumber``;
- ``schemas/emn/emn-schema-v1.json`` (EMN 1.1 and 1.2), whose ``players`` and
  ``playersOverride`` are ``uniqueItems``;
- ``changelog.md``: 1.2 dropped ``kitty`` and ``initialLead`` ("redundant"); 1.4 added
  ``finalScore`` and ``num_deals``; the 1.6 schema added ``teamNames``.
"""

from __future__ import annotations

import dataclasses
import random
import re
from typing import Any, Final

from euchre.engine.actions import FARMER, GO_UNDER, STAY, Declare
from euchre.engine.cards import UNKNOWN
from euchre.engine.game import Game, Phase
from euchre.engine.rules import Rules
from euchre.records.record import Record, RecordedDeal

Json = Any

EGN_NEWEST: Final = (1, 6)
"""The newest EGN version published (``schemas/egn-schema-v1.json``)."""

# -- schemas/egn-schema-v1.json (EGN 1.6) -------------------------------------------------

EGN_TOP: Final = frozenset({"fileType", "version", "metadata", "deals"})
EGN_TOP_REQUIRED: Final = EGN_TOP
EGN_METADATA: Final = frozenset({
    "gameId", "title", "description", "players", "teamNames", "initialScore", "finalScore",
    "date", "ruleset",
})
EGN_METADATA_REQUIRED: Final = frozenset({"players", "initialScore"})
EGN_PLAYER: Final = frozenset({"id", "name", "playerIds"})  # definitions.player
EGN_PLAYER_REQUIRED: Final = frozenset({"name"})
EGN_PLAYER_ID: Final = frozenset({"id", "source"})  # both required
EGN_RULESET: Final = frozenset({
    "std", "min_rank", "winning_score", "num_deals", "canadian", "loner_lead",
    "loner_march_score", "loner_euchred_score", "defend_alone", "farmers", "partners_best",
    "go_under", "joker", "num_players", "allow_no_trump", "fast_break", "four_trick_tokens",
})
EGN_DEAL: Final = frozenset({"dealNumber", "initialState", "phases", "alternativeLines"})
EGN_DEAL_REQUIRED: Final = frozenset({"dealNumber", "initialState", "phases"})
EGN_INITIAL_STATE: Final = frozenset({"dealer", "upCard", "playerCards"})
EGN_INITIAL_STATE_REQUIRED: Final = frozenset({"dealer", "upCard"})
EGN_BIDDING: Final = frozenset({  # definitions.biddingPhase
    "phaseNumber", "type", "calls", "isAlone", "aloneDefender", "discard", "cardExchanges",
    "callAnnotations",
})
EGN_BIDDING_REQUIRED: Final = frozenset({"type", "calls"})
EGN_TRICK_PLAY: Final = frozenset({  # definitions.trickPlayPhase
    "phaseNumber", "type", "tricks", "isAlone", "playAnnotations",
})
EGN_TRICK_PLAY_REQUIRED: Final = frozenset({"type", "tricks"})
EGN_EXCHANGE: Final = frozenset({"sender", "receiver", "cards"})
EGN_EXCHANGE_REQUIRED: Final = frozenset({"receiver", "cards"})
EGN_ALTERNATIVE_LINE: Final = frozenset({"branchIndex", "phases"})  # both required
EGN_CALLS: Final = frozenset({"Pass", "Order", "s", "h", "d", "c", "n", "x"})
EGN_CARD: Final = re.compile(r"([78N9TJQKAX][SsHhCcDdxtngh]|[LRB])")
EGN_VERSION: Final = re.compile(r"1\.[23456](?:\.\d+)?")
EGN_DATE: Final = re.compile(  # its pattern, or the "date" and "date-time" formats
    r"|\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?"
    r"|\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})"
)
EGN_MAX_LENGTH: Final = {"gameId": 64, "title": 128, "description": 1024, "date": 64}

# -- changelog.md and the schemas' history: when a field was added or dropped -------------

EGN_SINCE: Final = {"finalScore": (1, 4), "num_deals": (1, 4), "teamNames": (1, 6)}
"""Fields a version before these lacks (1.4.0: finalScore, num_deals; the schema of 1.6:
teamNames). The fields 1.2.0 dropped ("Removed Redundant Metadata Fields": ``kitty``,
``initialLead``) are in no list above."""

# -- schemas/emn/emn-schema-v1.json (EMN 1.1 and 1.2) -------------------------------------

EMN_TOP: Final = frozenset({"fileType", "version", "metadata", "games"})  # all required
EMN_METADATA: Final = frozenset({
    "matchId", "title", "description", "date", "teams", "players", "matchFormat", "result",
})
EMN_GAME: Final = frozenset({"gameIndex", "playersOverride", "gameData"})  # all required
EMN_VERSION: Final = re.compile(r"1\.[12](?:\.\d+)?")


def egn_problems(data: Json) -> list[str]:
    """Where an EGN file breaks EGN's own schema (its newest version) or writes a field
    under a version that lacks it; empty when it conforms."""
    problems: list[str] = []

    def fields(value: Json, allowed: frozenset[str], required: frozenset[str],
               where: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            problems.append(f"{where}: not an object")
            return {}
        for key in sorted(set(value) - allowed):
            problems.append(f"{where}.{key}: not a field of EGN")
        for key in sorted(required - set(value)):
            problems.append(f"{where}.{key}: required by EGN, missing")
        return value

    def cards(value: Json, where: str) -> None:
        for k, text in enumerate(value if isinstance(value, list) else [value]):
            if not isinstance(text, str) or not EGN_CARD.fullmatch(text):
                problems.append(f"{where}[{k}]: {text!r} is not an EGN card")

    def phases(value: Json, where: str) -> None:
        for k, phase in enumerate(value):
            place = f"{where}[{k}]"
            if isinstance(phase, dict) and phase.get("type") == "EUCHRE_BIDDING":
                fields(phase, EGN_BIDDING, EGN_BIDDING_REQUIRED, place)
                for j, call in enumerate(phase.get("calls", [])):
                    if call not in EGN_CALLS:
                        problems.append(f"{place}.calls[{j}]: {call!r} is not an EGN call")
                if "discard" in phase:
                    cards(phase["discard"], f"{place}.discard")
                for j, entry in enumerate(phase.get("cardExchanges", [])):
                    fields(entry, EGN_EXCHANGE, EGN_EXCHANGE_REQUIRED,
                           f"{place}.cardExchanges[{j}]")
                    cards(entry.get("cards", []), f"{place}.cardExchanges[{j}].cards")
            elif isinstance(phase, dict) and phase.get("type") == "TRICK_PLAY":
                fields(phase, EGN_TRICK_PLAY, EGN_TRICK_PLAY_REQUIRED, place)
                for j, trick in enumerate(phase.get("tricks", [])):
                    cards(trick, f"{place}.tricks[{j}]")
            else:
                problems.append(f"{place}: not an EGN phase")

    top = fields(data, EGN_TOP, EGN_TOP_REQUIRED, "file")
    version = top.get("version")
    if data.get("fileType") != "Euchre Game Notation":
        problems.append("file.fileType: not 'Euchre Game Notation'")
    if not isinstance(version, str) or not EGN_VERSION.fullmatch(version):
        problems.append(f"file.version: {version!r} is not a version of EGN's schema")
        number = EGN_NEWEST
    else:
        number = (1, int(version.split(".")[1]))
    meta = fields(top.get("metadata"), EGN_METADATA, EGN_METADATA_REQUIRED, "metadata")
    for key, length in EGN_MAX_LENGTH.items():
        if key in meta and (not isinstance(meta[key], str) or len(meta[key]) > length):
            problems.append(f"metadata.{key}: not a text of at most {length} characters")
    if "date" in meta and not EGN_DATE.fullmatch(str(meta["date"])):
        problems.append(f"metadata.date: {meta['date']!r} is not an EGN date")
    for k, player in enumerate(meta.get("players", [])):
        if isinstance(player, dict):
            fields(player, EGN_PLAYER, EGN_PLAYER_REQUIRED, f"metadata.players[{k}]")
            for j, entry in enumerate(player.get("playerIds", [])):
                fields(entry, EGN_PLAYER_ID, EGN_PLAYER_ID, f"metadata.players[{k}].playerIds[{j}]")
        elif not isinstance(player, str) or len(player) > 64:
            problems.append(f"metadata.players[{k}]: not a name or an EGN player")
    ruleset = fields(meta.get("ruleset", {}), EGN_RULESET, frozenset(), "metadata.ruleset")
    if "winning_score" in ruleset and "num_deals" in ruleset:
        problems.append("metadata.ruleset: both winning_score and num_deals")
    written = {*meta, *ruleset}
    for k, deal in enumerate(top.get("deals", [])):
        place = f"deals[{k}]"
        deal = fields(deal, EGN_DEAL, EGN_DEAL_REQUIRED, place)
        state = fields(deal.get("initialState"), EGN_INITIAL_STATE, EGN_INITIAL_STATE_REQUIRED,
                       f"{place}.initialState")
        written |= set(state)
        if "upCard" in state:
            cards(state["upCard"], f"{place}.initialState.upCard")
        for seat, hand in enumerate(state.get("playerCards", [])):
            cards(hand, f"{place}.initialState.playerCards[{seat}]")
        phases(deal.get("phases", []), f"{place}.phases")
        for j, line in enumerate(deal.get("alternativeLines", [])):
            line = fields(line, EGN_ALTERNATIVE_LINE, EGN_ALTERNATIVE_LINE,
                          f"{place}.alternativeLines[{j}]")
            phases(line.get("phases", []), f"{place}.alternativeLines[{j}].phases")
    for key, since in EGN_SINCE.items():
        if key in written and number < since:
            problems.append(f"{key}: written under EGN {version}, but added in "
                            f"{since[0]}.{since[1]}")
    return problems


def emn_problems(data: Json) -> list[str]:
    """Where an EMN match breaks EMN's schema (its fields, four different players a
    game, unique player ids), its games checked by :func:`egn_problems`."""
    problems: list[str] = []
    for key in sorted(set(data) ^ EMN_TOP):
        problems.append(f"file.{key}: not a field of EMN, or missing")
    if not EMN_VERSION.fullmatch(str(data.get("version"))):
        problems.append(f"file.version: {data.get('version')!r} is not an EMN version")
    meta = data.get("metadata", {})
    for key in sorted(set(meta) - EMN_METADATA):
        problems.append(f"metadata.{key}: not a field of EMN")
    ids = [player.get("id") for player in meta.get("players", [])]
    if None in ids or len(set(ids)) != len(ids):
        problems.append(f"metadata.players: ids missing or not unique: {ids}")
    for k, game in enumerate(data.get("games", [])):
        for key in sorted(set(game) ^ EMN_GAME):
            problems.append(f"games[{k}].{key}: not a field of EMN, or missing")
        seats = game.get("playersOverride", [])
        if len(seats) != 4 or len(set(seats)) != 4:
            problems.append(f"games[{k}].playersOverride: not four different players: {seats}")
        problems.extend(f"games[{k}].gameData: {p}" for p in egn_problems(game.get("gameData")))
    return problems


def egn_deals(record: Record) -> tuple[RecordedDeal, ...]:
    """A record's deals as EGN gives them back: EGN has no kitty (since 1.2), so the
    reader works it out from the hands, a swap's kitty cards first (as the exchange gives
    them), then the rest in the deck's order."""
    deals = []
    for recorded in record.deals:
        kitty = recorded.deal.kitty
        if UNKNOWN not in kitty:
            swapped = 3 if any(isinstance(a, Declare) and a.what in (FARMER, GO_UNDER)
                               for a in recorded.actions) else 0
            kitty = (*kitty[:swapped], *sorted(kitty[swapped:]))
        deal = dataclasses.replace(recorded.deal, kitty=kitty)
        deals.append(dataclasses.replace(recorded, deal=deal))
    return tuple(deals)


def without_kitty(deals: tuple[RecordedDeal, ...]) -> list[RecordedDeal]:
    """Deals with their kitties left out, for comparing a record with the one EGN gives
    back when the record knows a kitty the hands do not give (from an EGN 1.0 file)."""
    return [dataclasses.replace(d, deal=dataclasses.replace(d.deal, kitty=())) for d in deals]


def play_for_egn(rules: Rules, seed: int, stop_after: int | None = None) -> Game:
    """A game of random legal actions in which only the maker goes alone (as EGN's
    ``isAlone`` can say: the rest stay where they may), ``stop_after`` actions at most."""
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    count = 0
    while not game.is_over() and (stop_after is None or count < stop_after):
        actions = game.legal_actions()
        if game.phase is Phase.ALONE and game.to_act != game.maker and STAY in actions:
            actions = [STAY]
        game.apply(rng.choice(actions))
        count += 1
    return game
