"""Euchre Game Notation (EGN): reading and writing, through :class:`~euchre.records.record.Record`.

EGN (``.egn``, JSON) writes each deal as its dealer, upcard, bidding calls and tricks;
who played each card follows from the rules (the first lead, then each trick's
winner). Reading rebuilds the hands from the cards each seat plays (plus
``playerCards`` when given, the dealer's exchange and the ``cardExchanges``: a farmer's
hand or going under, a call for partner's best); cards never seen stay unknown (``X``),
and a seat given no hand has it taken from its plays
(:data:`~euchre.records.record.HANDS_FROM_PLAYS`). The whole game is replayed on reading, so a
record that reads is legal. Every ruleset flag of EGN 1.4 to 1.6 maps to an option
(RULES-forms §20).

Files of every EGN version read (:mod:`euchre.records.egn_versions`); files are written in the
newest, with its fields only: no ``kitty`` (dropped in 1.2; reading works it out from
the hands when the file gives them all), every seat a player of its own. See
``docs/record-format.md`` for the mapping and for what EGN cannot express.

>>> record = loads_egn('''{"fileType": "Euchre Game Notation", "version": "1.4",
...   "metadata": {"players": ["N", "E", "S", "W"], "initialScore": [0, 0]},
...   "deals": [{"dealNumber": 0, "initialState": {"dealer": 3, "upCard": "Jd"},
...     "phases": [{"type": "EUCHRE_BIDDING", "calls": ["Pass", "Order"], "isAlone": false}]}]}''')
>>> [str(action) for action in record.deals[0].actions]
['pass', 'order', 'discard X', 'stay']
>>> record.deals[0].deal.to_dict()["hands"][0]
['X', 'X', 'X', 'X', 'X']
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Final

from euchre.engine.actions import (
    ALONE,
    BEST,
    CALL,
    DECLINE,
    DISCARD,
    FARMER,
    GIVE,
    GO_UNDER,
    NO_TRUMP,
    ORDER,
    PASS,
    PLAY,
    STAY,
    Action,
    Best,
    Call,
    Declare,
    Discard,
    Give,
    GoAlone,
    Order,
    Pass,
    Play,
)
from euchre.engine.cards import (
    ACE,
    BENNY,
    EIGHT,
    JACK,
    KING,
    NINE,
    QUEEN,
    SEVEN,
    SUIT_CHARS,
    TEN,
    UNKNOWN,
    Card,
    card,
    card_name,
    card_rank,
    cards_of,
    deck_has_benny,
    deck_lowest_rank,
    deck_mask,
    left_bower,
    mask_of,
    trick_winner_index,
)
from euchre.engine.deal import Deal, DealResult
from euchre.engine.game import Game, Phase
from euchre.engine.rules import SEAT_NAMES, LonerLead, Rules
from euchre.engine.scoring import deal_score
from euchre.errors import CardError, IllegalActionError, Reason, RecordError, RulesError
from euchre.records.egn_versions import NEWEST_EGN_VERSION, upgrade_egn
from euchre.records.jsondata import (
    PathLike,
    as_int,
    as_list,
    as_object,
    as_string,
    describe,
    format_json,
    known_keys,
    parse_json,
    read_text,
    require,
    write_text,
)
from euchre.records.record import (
    HANDS_FROM_PLAYS,
    GameResult,
    Record,
    RecordedDeal,
    ReplayError,
    seat_players,
)

__all__ = [
    "DEFAULT_PLAYERS",
    "EGN_FILE_TYPE",
    "EGN_VERSION",
    "dump_egn",
    "dumps_egn",
    "egn_rules_note",
    "egn_ruleset",
    "from_egn",
    "load_egn",
    "loads_egn",
    "rules_from_egn",
    "to_egn",
]

EGN_FILE_TYPE: Final = "Euchre Game Notation"
"""The ``fileType`` of an EGN file."""
EGN_VERSION: Final = NEWEST_EGN_VERSION
"""The EGN version written: the newest published (every field written is one of its
schema, ``schemas/egn-schema-v1.json`` of the EGN project)."""
DEFAULT_PLAYERS: Final = SEAT_NAMES[4]
"""Player names written when the record's metadata has none."""

_BOOL_FLAGS: Final = ("std", "joker", "defend_alone", "canadian", "fast_break", "farmers",
                      "partners_best", "go_under", "allow_no_trump", "four_trick_tokens")
_INT_FLAGS: Final = (
    "min_rank",
    "winning_score",
    "num_deals",
    "loner_march_score",
    "loner_euchred_score",
    "num_players",
)
_EGN_DECKS: Final = (24, 25, 28, 29, 32, 33)
"""The decks EGN's ``min_rank`` (9, 8, 7) and ``joker`` say."""
_LONER_LEAD: Final = {"LEFT_OF_DEALER": "left_of_dealer", "LEFT_OF_LONER": "left_of_loner"}
_ACCEPT_CALLS: Final = ("Order", "PickUp", "Call", "Alone")
_RANKS: Final = {
    "7": SEVEN,
    "8": EIGHT,
    "9": NINE,
    "N": NINE,
    "T": TEN,
    "J": JACK,
    "Q": QUEEN,
    "K": KING,
    "A": ACE,
}
_CARD_HELP: Final = (
    "an EGN card is a rank (9 or N, T, J, Q, K, A; 7, 8) and a suit (c d h s), "
    "or R / L (the right / left bower), B (the joker) or X (unknown)"
)
_META_STRINGS: Final = ("title", "description", "date", "gameId")
_DEFAULT_LONER_MARCH: Final = 4
_DEFAULT_LONER_EUCHRED: Final = 2


# -- public API --------------------------------------------------------------------------


def loads_egn(text: str | bytes) -> Record:
    """Read an EGN game from its text (the game is replayed: every card must be legal)."""
    return from_egn(parse_json(text))


def dumps_egn(record: Record) -> str:
    """The record as EGN text (see :func:`to_egn`); :class:`~euchre.errors.RecordError`
    when a deal used what EGN cannot express (the maker's partner going alone...)."""
    return format_json(to_egn(record)) + "\n"


def load_egn(path: PathLike) -> Record:
    """Read an EGN file."""
    return loads_egn(read_text(path))


def dump_egn(record: Record, path: PathLike) -> None:
    """Write a record to a file as EGN."""
    write_text(path, dumps_egn(record))


# -- rules -------------------------------------------------------------------------------


def rules_from_egn(ruleset: object, where: str = "metadata.ruleset") -> Rules:
    """The :class:`~euchre.engine.rules.Rules` of an EGN ``ruleset`` object (RULES-forms §20).

    A flag left out takes EGN's default. ``partners_best`` reads as ``loner`` (a file
    whose ``cardExchanges`` give a card to an ``aloneDefender`` is read as
    ``loner_and_defender`` by :func:`from_egn`), with the lone player receiving before
    discarding, as EGN says.

    >>> rules_from_egn({"std": True, "loner_lead": "LEFT_OF_LONER"}).loner_lead
    'left_of_loner'
    >>> rules = rules_from_egn({"farmers": True, "allow_no_trump": True, "partners_best": True})
    >>> rules.farmers, rules.no_trump, rules.partners_best, rules.partners_best_order
    (True, True, 'loner', 'receive_first')
    >>> rules_from_egn({"num_players": 3})
    Traceback (most recent call last):
    ...
    euchre.errors.RecordError: metadata.ruleset.num_players: 3 players is not supported: ...
    """
    flags = as_object(ruleset, where)
    for key, value in flags.items():
        place = f"{where}.{key}"
        if key in _BOOL_FLAGS:
            _bool(value, place)
        elif key in _INT_FLAGS:
            as_int(value, place, 0)
        elif key == "loner_lead":
            if not isinstance(value, str) or value not in _LONER_LEAD:
                raise RecordError(
                    f"{place}: must be LEFT_OF_DEALER or LEFT_OF_LONER, not {value!r}"
                )
        else:
            raise RecordError(f"{place}: unknown EGN ruleset flag {key!r}")
    players = _flag(flags, "num_players", 4)
    if players == 3:
        raise RecordError(
            f"{where}.num_players: 3 players is not supported: three-handed Euchre scores "
            "each player, and EGN keeps two scores (initialScore, finalScore) (only 4 or 2)"
        )
    if players not in (2, 4):
        raise RecordError(
            f"{where}.num_players: {players} players is not supported (only 4 or 2)"
        )
    min_rank = _flag(flags, "min_rank", 9)
    sizes = {(_min_rank(size), deck_has_benny(size)): size for size in _EGN_DECKS}
    deck = sizes.get((min_rank, flags.get("joker") is True))
    if deck is None:
        raise RecordError(f"{where}.min_rank: must be 9 (24 cards), 8 (28) or 7 (32), "
                          f"not {min_rank}")
    deals = _flag(flags, "num_deals", 0)
    target = _flag(flags, "winning_score", 0 if deals else 10)
    if deals and target:
        raise RecordError(
            f"{where}: both winning_score and num_deals end the game: "
            "only one of them is supported"
        )
    if not deals and not target:
        raise RecordError(f"{where}: winning_score or num_deals must end the game")
    defend_alone = flags.get("defend_alone") is True
    lead: LonerLead = (
        "left_of_loner" if flags.get("loner_lead") == "LEFT_OF_LONER" else "left_of_dealer"
    )
    four = players == 4  # two-handed Euchre takes none of the loner options (§21)
    if not four:
        lead = "left_of_loner"
    best = flags.get("partners_best") is True
    try:
        return Rules(
            players=players,
            deck=deck,
            stick_the_dealer=flags.get("std", True) is True,
            dealer_must_take_upcard=False,
            going_alone=players == 4,
            lone_defender=defend_alone,
            lone_defender_needs_loner=defend_alone,
            canadian=players == 4 and flags.get("canadian") is True,
            fast_break=flags.get("fast_break") is True,
            maker_partner_alone=False,
            loner_lead=lead,
            loner_march_points=_flag(flags, "loner_march_score", _DEFAULT_LONER_MARCH)
            if four else 4,
            loner_euchred_points=_flag(flags, "loner_euchred_score", _DEFAULT_LONER_EUCHRED)
            if four else 2,
            lone_defender_scoring="flat_4" if defend_alone and four else "by_tricks",
            target=target,
            deals=deals,
            no_trump=flags.get("allow_no_trump") is True,
            farmers=flags.get("farmers") is True,
            go_under=flags.get("go_under") is True,
            partners_best="loner" if best else "none",
            partners_best_order="receive_first" if best else "discard_first",
            four_trick_tokens=flags.get("four_trick_tokens") is True,
        )
    except RulesError as error:
        raise RecordError(f"{where}: {error}") from None


def _min_rank(deck: int) -> int:
    """EGN's ``min_rank`` of a deck: 9, 8 or 7."""
    return 9 - (NINE - deck_lowest_rank(deck))


def _flag(flags: Mapping[str, object], name: str, default: int) -> int:
    value = flags.get(name, default)
    return value if isinstance(value, int) else default


_NEAREST_WHY: Final = {
    "laps": "laps score a match of games, not the one game a record holds",
    "slam": "slams score a match of games, not the one game a record holds",
    "dealer_must_take_upcard": "a dealer free to turn the upcard down plays the same game",
    "deal_pattern": "the record gives every hand as dealt",
    "going_alone": "nobody went alone",
    "maker_partner_alone": "no maker's partner went alone",
    "lone_defender_needs_loner": "no defender went alone against a maker who did not",
    "super_euchre_points": "no deal's makers were swept of every trick",
    "partners_best": "read back as 'loner' when no lone defender called for best",
    "partners_best_order": "a lone player who discarded before receiving the partner's "
                           "card could discard the same card after it",
}
"""Why a game written with EGN's nearest rules is still the same game, for each option
EGN has no flag for (to_egn refuses the deals for which it is not)."""


_NO_EGN_OPTIONS: Final = {
    "benny_upcard": "EGN has no flag for what a Benny upcard does (its joker flag only "
                    "puts the Benny in the deck)",
    "throw_in": "EGN has no flag for throw-in hands, and no call or card exchange to "
                "write the declaration in",
}
"""Options EGN cannot say, and why; a game that sets one is not written."""


def egn_refusal(rules: Rules) -> str | None:
    """Why a game under ``rules`` can not be written as EGN, or ``None`` when it can
    (a deal may still use what EGN cannot say: :func:`to_egn` checks each).

    >>> print(egn_refusal(Rules.preset("napoleon")))
    EGN records four- and two-handed Euchre only, not Napoleon (Nap)
    >>> print(egn_refusal(Rules.preset("three-handed")))  # doctest: +NORMALIZE_WHITESPACE
    EGN records four- and two-handed Euchre only, not three-handed (cutthroat) Euchre
    (EGN keeps two scores, one per partnership)
    >>> print(egn_refusal(Rules(throw_in="no_ace_no_face")))  # doctest: +ELLIPSIS
    throw_in='no_ace_no_face': EGN has no flag for throw-in hands, ...
    >>> egn_refusal(Rules(farmers=True, no_trump=True, four_trick_tokens=True)) is None
    True
    """
    if rules.form not in ("four_handed", "two_handed"):
        why = " (EGN keeps two scores, one per partnership)" if (
            rules.form == "three_handed") else ""
        return f"EGN records four- and two-handed Euchre only, not {rules.form_name}{why}"
    defaults = Rules(form=rules.form)
    for option, why in _NO_EGN_OPTIONS.items():
        if getattr(rules, option) != getattr(defaults, option):
            return f"{option}={getattr(rules, option)!r}: {why}"
    return None


def egn_ruleset(rules: Rules) -> dict[str, object]:
    """The EGN ``ruleset`` flags of some rules: exact where EGN has a flag, else the
    nearest (:func:`egn_rules_note` says how they differ).

    >>> egn_ruleset(Rules.preset("two-handed"))["num_players"]
    2
    >>> egn_ruleset(Rules())["defend_alone"]
    True
    >>> flags = egn_ruleset(Rules(go_under=True, partners_best="loner"))
    >>> flags["go_under"], flags["partners_best"]
    (True, True)
    """
    flags: dict[str, object] = {"std": rules.stick_the_dealer}
    if rules.deck not in (24, 25):
        flags["min_rank"] = _min_rank(rules.deck)
    if deck_has_benny(rules.deck):
        flags["joker"] = True
    if rules.deals:
        flags["num_deals"] = rules.deals
    else:
        flags["winning_score"] = rules.target
    flags["loner_lead"] = "LEFT_OF_LONER" if rules.loner_lead == "left_of_loner" else (
        "LEFT_OF_DEALER"
    )
    if rules.loner_march_points != _DEFAULT_LONER_MARCH:
        flags["loner_march_score"] = rules.loner_march_points
    if rules.loner_euchred_points != _DEFAULT_LONER_EUCHRED:
        flags["loner_euchred_score"] = rules.loner_euchred_points
    flags["defend_alone"] = rules.lone_defender
    for flag, on in (
        ("canadian", rules.canadian),
        ("fast_break", rules.fast_break),
        ("allow_no_trump", rules.no_trump),
        ("farmers", rules.farmers),
        ("go_under", rules.go_under),
        ("partners_best", rules.partners_best != "none"),
        ("four_trick_tokens", rules.four_trick_tokens),
    ):
        if on:
            flags[flag] = True
    if rules.players != 4:
        flags["num_players"] = rules.players
    return flags


def egn_rules_note(rules: Rules) -> str | None:
    """One line saying how the rules EGN is written with differ from ``rules`` (``None``
    when EGN says them exactly). Writing succeeds only when no deal used the difference
    (:func:`to_egn` refuses a deal that did), so the note says why each is harmless.

    >>> egn_rules_note(Rules.preset("two-handed")) is None
    True
    >>> print(egn_rules_note(Rules()))
    written with EGN's nearest rules; no deal used what they leave out:
    maker_partner_alone=True (no maker's partner went alone),
    lone_defender_scoring='by_tricks' (no lone defender took 3 or 4 tricks),
    lone_defender_needs_loner=False (no defender went alone against a maker who did not)
    """
    theirs = rules_from_egn(egn_ruleset(rules)).to_dict()
    parts = []
    for name, value in rules.to_dict().items():
        if theirs[name] == value:
            continue
        if name == "lone_defender_scoring":
            why = "no lone defender took 3 or 4 tricks" if rules.lone_defender else (
                "nobody may defend alone"
            )
        elif name == "partners_best_order" and rules.partners_best == "none":
            why = "nobody calls for best"
        else:
            why = _NEAREST_WHY[name]
        parts.append(f"{name}={value!r} ({why})")
    if not parts:
        return None
    return "written with EGN's nearest rules; no deal used what they leave out: " + ", ".join(
        parts
    )


# -- reading -----------------------------------------------------------------------------


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
    rules = _file_rules(meta.get("ruleset", {}), top.get("deals", []))
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
        elif key in (*_META_STRINGS, "matchId"):
            metadata[key] = as_string(value, place)
        else:
            metadata[key] = value
    metadata["egnVersion"] = version
    raw_deals = as_list(top.get("deals", []), "deals")
    converted = [
        _convert_deal(raw, rules, f"deals[{i}]") for i, raw in enumerate(raw_deals)
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


def _file_rules(ruleset: object, raw_deals: object) -> Rules:
    """The rules of a file: its ruleset's (:func:`rules_from_egn`), with
    ``partners_best=loner_and_defender`` when a deal's ``cardExchanges`` give a card to
    its ``aloneDefender`` (§20)."""
    rules = rules_from_egn(ruleset)
    if rules.partners_best != "loner" or not isinstance(raw_deals, list):
        return rules
    for i, raw in enumerate(raw_deals):
        for k, phase in enumerate(raw.get("phases", []) if isinstance(raw, dict) else []):
            if not isinstance(phase, dict) or phase.get("type") != "EUCHRE_BIDDING":
                continue
            defender = phase.get("aloneDefender", -1)
            exchanges = phase.get("cardExchanges", [])
            if not isinstance(exchanges, list) or not isinstance(defender, int) or defender < 0:
                continue
            if any(isinstance(e, dict) and e.get("receiver") == defender
                   and "sender" in e for e in exchanges):
                try:
                    return rules.replace(partners_best="loner_and_defender")
                except RulesError as error:  # loner_and_defender needs defend_alone
                    raise RecordError(f"deals[{i}].phases[{k}].cardExchanges: {error}") from None
    return rules


class _Unresolved(RecordError):
    """A deal whose cards EGN does not say exactly, and that cannot be worked out: the
    message names the place; ``why`` says it without the place (for :func:`to_egn`)."""

    def __init__(self, where: str, why: str) -> None:
        super().__init__(f"{where}: {why}")
        self.why = why


@dataclasses.dataclass(frozen=True, slots=True)
class _Exchange:
    """One ``cardExchanges`` entry: a swap with the kitty (``sender`` None, the three
    kitty cards taken) or a call for best (the partner's card)."""

    sender: int | None
    receiver: int
    cards: tuple[Card, ...]
    where: str


@dataclasses.dataclass(frozen=True, slots=True)
class _Converted:
    recorded: RecordedDeal
    finished: bool
    where: str
    tricks_where: str
    seats: tuple[int, ...] = ()
    """The seat that played each card of the tricks, in order."""


def _convert_deal(raw: object, rules: Rules, where: str) -> _Converted:
    """One EGN deal as a recorded deal: cards rebuilt, actions in the engine's order."""
    if isinstance(raw, str):
        raise RecordError(
            f"{where}: condensed (binary-encoded) deals are not supported; "
            "expand the file to plain EGN first"
        )
    data = as_object(raw, where)
    known_keys(data, ("dealNumber", "initialState", "phases", "alternativeLines"), where)
    if "dealNumber" in data:
        as_int(data["dealNumber"], f"{where}.dealNumber", 0)
    state_where = f"{where}.initialState"
    state = as_object(require(data, "initialState", where), state_where)
    known_keys(state, ("dealer", "upCard", "playerCards", "kitty"), state_where)
    n = rules.players
    deck = deck_mask(rules.deck)
    dealer = as_int(require(state, "dealer", state_where), f"{state_where}.dealer", 0, n - 1)
    upcard = _egn_card(require(state, "upCard", state_where), None, f"{state_where}.upCard")
    if upcard == UNKNOWN:
        raise RecordError(f"{state_where}.upCard: the upcard must be known")
    _in_deck(upcard, deck, rules, f"{state_where}.upCard")

    bidding, bid_where, trick_phase, trick_where = _phases(data, where)
    calls: list[object] = []
    is_alone = False
    alone_defender = -1
    discard_raw: object = None
    entries: list[tuple[int | None, int, list[object], str]] = []
    if bidding is not None:
        known_keys(
            bidding,
            ("phaseNumber", "type", "calls", "isAlone", "aloneDefender", "discard",
             "cardExchanges", "callAnnotations"),
            bid_where,
        )
        calls = as_list(bidding.get("calls", []), f"{bid_where}.calls")
        is_alone = _bool(bidding.get("isAlone", False), f"{bid_where}.isAlone")
        alone_defender = as_int(
            bidding.get("aloneDefender", -1), f"{bid_where}.aloneDefender", -1, n - 1
        )
        discard_raw = bidding.get("discard")
        if bidding.get("cardExchanges") is not None:
            entries = _entries(bidding["cardExchanges"], rules, f"{bid_where}.cardExchanges")
    tricks_raw: list[object] = []
    initial_lead: int | None = None
    if trick_phase is not None:
        known_keys(
            trick_phase,
            ("phaseNumber", "type", "tricks", "isAlone", "initialLead", "playAnnotations"),
            trick_where,
        )
        tricks_raw = as_list(trick_phase.get("tricks", []), f"{trick_where}.tricks")
        if _bool(trick_phase.get("isAlone", False), f"{trick_where}.isAlone"):
            is_alone = True
        if "initialLead" in trick_phase:
            initial_lead = as_int(
                trick_phase["initialLead"], f"{trick_where}.initialLead", 0, n - 1
            )

    # Drive the engine over a deal of unknown cards: it says whose turn each call is and
    # asks the declarations, the going-alone and the best questions in its own order.
    size = rules.hand_size
    blank = Deal(dealer, tuple((UNKNOWN,) * size for _ in range(n)), upcard,
                 (UNKNOWN,) * (rules.kitty_size - 1))
    probe = Game(rules, deals=[blank], seed=0)
    declare_seats: list[int] = []
    if bidding is not None:
        while probe.phase is Phase.DECLARE:  # a pass stands in for the swap, if any
            declare_seats.append(probe.to_act)
            probe.apply(PASS)
    bids, alone_call = _bids(probe, calls, f"{bid_where}.calls")
    thrown_in = bool(probe.results)
    trump = None if thrown_in else probe.trump
    maker = probe.maker if trump is not None else None
    accepted = probe.phase is Phase.EXCHANGE and not thrown_in
    is_alone = is_alone or alone_call
    exchanges = [_exchange_entry(entry, trump, rules, deck) for entry in entries]
    swap = _swap(exchanges, declare_seats, rules)
    if trump is None or maker is None:
        why = "the deal was thrown in" if thrown_in else "the bidding did not name trump"
        for present, field in (
            (is_alone, "isAlone"),
            (alone_defender >= 0, "aloneDefender"),
            (discard_raw is not None, "discard"),
        ):
            if present:
                raise RecordError(f"{bid_where}.{field}: given, but {why}")
        if tricks_raw:
            raise RecordError(f"{trick_where}.tricks: tricks are given, but {why}")
        for item in exchanges:
            if item.sender is not None:
                raise RecordError(f"{item.where}: a call for best is given, but {why}")
        kitty = _kitty(state, None, rules, deck, state_where, swap)
        unplayed: list[list[Card]] = [[] for _ in range(n)]
        ins = _received(swap, [])
        hands, recorded_seats = _hands(state, None, rules, deck, state_where, unplayed, False,
                                       dealer, upcard, ins)
        declares: list[Action] = []
        if swap is not None:
            declared, _, _ = _resolve(swap.receiver, hands[swap.receiver], rules, swap=swap,
                                      plays=[], where=swap.where)
            declares = [declared if s == swap.receiver and declared else PASS
                        for s in declare_seats]
        else:
            declares = [PASS] * len(declare_seats)
        full = tuple(tuple(hand + [UNKNOWN] * (size - len(hand))) for hand in hands)
        recorded = RecordedDeal(
            Deal(dealer, full, upcard, _inferred_kitty(kitty, full, upcard, deck,
                                                       len(recorded_seats) == n)),
            (*declares, *bids),
            extras=_extras(data, bidding, trick_phase, where, bid_where, trick_where,
                           _from_plays(recorded_seats, n)),
        )
        _check(recorded.deal, rules, where)
        return _Converted(recorded, thrown_in, where, trick_where)
    if discard_raw is not None and not accepted:
        raise RecordError(
            f"{bid_where}.discard: given, but nobody accepted the upcard (no exchange)"
        )
    if accepted:
        probe.apply(DISCARD[UNKNOWN])
    alone_actions = _alone(probe, maker, is_alone, alone_defender, bid_where)
    best_seats: list[int] = []
    while probe.phase is Phase.BEST and not probe.results:
        best_seats.append(probe.to_act)
        probe.apply(DECLINE)
    bests = _bests(exchanges, best_seats, rules)
    leader = probe.to_act
    out = set(probe.sitting_out)
    if initial_lead is not None and initial_lead != leader:
        raise RecordError(
            f"{trick_where}.initialLead: the record says seat {initial_lead} leads first, "
            f"but under these rules seat {leader} does"
        )

    kitty = _kitty(state, trump, rules, deck, state_where, swap)
    played, plays, seats = _tricks(tricks_raw, trump, leader, out, rules, deck, trick_where)
    finished = len(plays) == size * (n - len(out))
    ins = _received(swap, list(bests.values()))
    hands, recorded_seats = _hands(state, trump, rules, deck, state_where, played, accepted,
                                   dealer, upcard, ins)
    for item in bests.values():
        assert item.sender is not None
        gift = item.cards[0]
        if gift in played[item.sender]:
            raise RecordError(
                f"{item.where}: seat {item.sender} gives {card_name(gift)} to its partner "
                "but plays it in a trick"
            )
        if (accepted and item.sender == dealer and gift == upcard) or (
                gift in ins.get(item.sender, ())):
            continue  # the upcard the dealer took, or a kitty card taken: not dealt
        _place(hands, item.sender, gift, rules, f"{state_where}.playerCards[{item.sender}]",
               "gives")
    declares = [PASS] * len(declare_seats)
    best_discards: dict[int, Card] = {}
    exchange: list[Action] = []
    if swap is None and not bests:
        if accepted:
            exchange = [
                _exchange(hands, played, dealer, upcard, discard_raw, trump, rules, deck,
                          f"{bid_where}.discard", bid_where)
            ]
    else:
        given = _given_discard(hands, played, dealer, upcard, discard_raw, trump, rules,
                               deck, f"{bid_where}.discard", ins) if accepted else None
        for seat in range(n):
            mine = swap if swap is not None and swap.receiver == seat else None
            best = bests.get(seat)
            up = upcard if accepted and seat == dealer else None
            if mine is None and best is None and (up is None or given is not None):
                continue
            about = mine if mine is not None else best
            declared, laid, best_laid = _resolve(
                seat, hands[seat], rules, swap=mine, upcard=up, discard=given, best=best,
                plays=played[seat], gifts=[b.cards[0] for b in bests.values()
                                           if b.sender == seat],
                where=about.where if about is not None else f"{bid_where}.discard",
            )
            if declared is not None:
                declares = [declared if s == seat else PASS for s in declare_seats]
            if up is not None:
                laid_away = laid if given is None else given
                assert laid_away is not None
                exchange = [DISCARD[laid_away]]
            if best_laid is not None:
                best_discards[seat] = best_laid
        if accepted and not exchange:
            assert given is not None
            exchange = [DISCARD[given]]
    best_actions: list[Action] = []
    for seat in best_seats:
        called = bests.get(seat)
        if called is None:
            best_actions.append(DECLINE)
            continue
        steps: list[Action] = [GIVE[called.cards[0]], DISCARD[best_discards[seat]]]
        if rules.partners_best_order == "discard_first":
            steps.reverse()
        best_actions.extend((BEST, *steps))
    full = tuple(tuple(hand + [UNKNOWN] * (size - len(hand))) for hand in hands)
    deal = Deal(dealer, full, upcard,
                _inferred_kitty(kitty, full, upcard, deck, len(recorded_seats) == n))
    _check(deal, rules, where)
    recorded = RecordedDeal(
        deal,
        (*declares, *bids, *exchange, *alone_actions, *best_actions, *plays),
        extras=_extras(data, bidding, trick_phase, where, bid_where, trick_where,
                       _from_plays(recorded_seats, n)),
    )
    return _Converted(recorded, finished, where, trick_where, tuple(seats))


def _entries(
    value: object, rules: Rules, where: str
) -> list[tuple[int | None, int, list[object], str]]:
    """The ``cardExchanges`` entries as ``(sender, receiver, cards, place)``; the cards
    are read once trump is known (``R`` and ``L`` need it)."""
    n = rules.players
    out: list[tuple[int | None, int, list[object], str]] = []
    for k, raw in enumerate(as_list(value, where)):
        place = f"{where}[{k}]"
        entry = as_object(raw, place)
        known_keys(entry, ("sender", "receiver", "cards"), place)
        sender = None
        if "sender" in entry:
            sender = as_int(entry["sender"], f"{place}.sender", 0, n - 1)
            if rules.partners_best == "none":
                raise RecordError(
                    f"{place}: card exchanges between partners (a sender) need the "
                    "partners_best flag"
                )
        elif not (rules.farmers or rules.go_under):
            raise RecordError(
                f"{place}: card exchanges with the kitty (no sender) need the farmers or "
                "go_under flag"
            )
        receiver = as_int(require(entry, "receiver", place), f"{place}.receiver", 0, n - 1)
        cards = as_list(require(entry, "cards", place), f"{place}.cards")
        out.append((sender, receiver, cards, place))
    return out


def _exchange_entry(
    entry: tuple[int | None, int, list[object], str], trump: int | None, rules: Rules,
    deck: int,
) -> _Exchange:
    """An entry's cards, checked: three kitty cards for a swap, one card for best."""
    sender, receiver, raw_cards, place = entry
    want = 3 if sender is None else 1
    what = "the three kitty cards taken" if sender is None else "the one card passed"
    if len(raw_cards) != want:
        raise RecordError(f"{place}.cards: {what}, not {len(raw_cards)} cards")
    cards = []
    for k, item in enumerate(raw_cards):
        c = _egn_card(item, trump, f"{place}.cards[{k}]")
        if c == UNKNOWN:
            raise RecordError(f"{place}.cards[{k}]: a card exchanged must be known")
        _in_deck(c, deck, rules, f"{place}.cards[{k}]")
        if c in cards:
            raise RecordError(f"{place}.cards[{k}]: {card_name(c)} is given twice")
        cards.append(c)
    return _Exchange(sender, receiver, tuple(cards), place)


def _swap(exchanges: Sequence[_Exchange], seats: Sequence[int], rules: Rules) -> _Exchange | None:
    """The deal's farmer's hand or going under (at most one, §19.3), if any."""
    swaps = [item for item in exchanges if item.sender is None]
    if len(swaps) > 1:
        raise RecordError(
            f"{swaps[1].where}: a second exchange with the kitty in one deal (after a "
            "farmer's hand or going under nobody may exchange)"
        )
    if swaps and swaps[0].receiver not in seats:  # pragma: no cover - every seat is asked
        raise RecordError(f"{swaps[0].where}.receiver: seat {swaps[0].receiver} is not asked")
    return swaps[0] if swaps else None


def _bests(
    exchanges: Sequence[_Exchange], seats: Sequence[int], rules: Rules
) -> dict[int, _Exchange]:
    """The calls for best, by the lone seat that called."""
    out: dict[int, _Exchange] = {}
    for item in exchanges:
        if item.sender is None:
            continue
        receiver = item.receiver
        if receiver not in seats:
            who = "a lone maker" if rules.partners_best == "loner" else (
                "a lone maker or a lone defender")
            raise RecordError(
                f"{item.where}.receiver: seat {receiver} may not call for its partner's "
                f"best card here (only {who} may)"
            )
        partner = rules.seating.partner(receiver)
        if item.sender != partner:
            raise RecordError(
                f"{item.where}.sender: must be seat {partner}, the partner of the lone "
                f"seat {receiver}, not {item.sender}"
            )
        if receiver in out:
            raise RecordError(f"{item.where}: seat {receiver} calls for best only once")
        out[receiver] = item
    return out


def _received(swap: _Exchange | None, bests: Sequence[_Exchange]) -> dict[int, set[Card]]:
    """The cards each seat receives after the deal (kitty cards, a partner's best)."""
    ins: dict[int, set[Card]] = {}
    items = list(bests) if swap is None else [swap, *bests]
    for item in items:
        ins.setdefault(item.receiver, set()).update(item.cards)
    return ins


def _qualifies(what: str, hand: Sequence[Card]) -> bool:
    """Whether a dealt hand may declare a farmer's hand or go under (§19.4)."""
    ranks = [card_rank(c) for c in hand]
    if what == FARMER:
        return sum(r in (NINE, TEN) for r in ranks) >= 3
    return BENNY not in hand and not any(r in (JACK, QUEEN, KING) for r in ranks)


def _resolve(
    seat: int,
    dealt: Sequence[Card],
    rules: Rules,
    *,
    swap: _Exchange | None = None,
    upcard: Card | None = None,
    discard: Card | None = None,
    best: _Exchange | None = None,
    plays: Sequence[Card],
    gifts: Sequence[Card] = (),
    where: str,
) -> tuple[Declare | None, Card | None, Card | None]:
    """What EGN does not write of one seat's exchanges, worked out from its dealt cards
    and the cards it plays: the declaration of a swap with the kitty (the three cards it
    gave up), the dealer's discard when not given, the discard after a call for best.

    Each must follow from the cards: the one way the seat's cards add up. Otherwise an
    :class:`_Unresolved` error says which cannot be told.
    """
    need_dd = upcard is not None and discard is None
    if len(dealt) != rules.hand_size or UNKNOWN in dealt:
        if swap is None and best is None:
            return None, UNKNOWN, None  # the dealer's unseen discard
        what = "the three cards it gave up for the kitty" if swap else (
            "its discard after the call for best")
        raise _Unresolved(where, f"seat {seat}'s dealt cards are not all known, so {what} "
                                 "cannot be worked out (give its playerCards)")
    taken = set(swap.cards) if swap else set()
    received = best.cards[0] if best else None
    ins = taken | ({upcard} if upcard is not None else set()) | (
        {received} if received is not None else set())
    pool = (set(dealt) | ins) - set(plays) - set(gifts) - (
        {discard} if discard is not None else set())
    options: list[Declare | None] = [None]
    if swap is not None:
        options = []
        free = sorted(pool & set(dealt))
        if rules.farmers and _qualifies(FARMER, dealt):
            low = [c for c in free if card_rank(c) in (NINE, TEN)]
            options.extend(Declare(FARMER, three) for three in combinations(low, 3))
        if rules.go_under and _qualifies(GO_UNDER, dealt):
            farmer = {option.cards for option in options if option is not None}
            options.extend(Declare(GO_UNDER, three) for three in combinations(free, 3)
                           if tuple(sorted(three)) not in farmer)
    ways: list[tuple[Declare | None, Card | None, Card | None]] = []
    for declared in options:
        gave = set(declared.cards) if declared is not None else set()
        hand = (set(dealt) - gave) | taken
        for laid in sorted(pool - gave) if need_dd else [discard]:
            if need_dd and laid not in hand | {upcard}:
                continue
            later = (hand | {upcard}) - {laid} if upcard is not None else hand
            if received is None:
                ways.append((declared, laid, None))
                continue
            for best_laid in sorted(pool - gave - {laid}):
                if best_laid in later | {received}:
                    ways.append((declared, laid, best_laid))
    if len(ways) == 1:
        return ways[0]
    if not ways:
        raise _Unresolved(where, f"seat {seat}'s cards do not add up: its dealt cards, the "
                                 "cards it receives and the cards it plays disagree")
    if len({way[0] for way in ways}) > 1:
        why = "it sits out, or the record stops first" if len(plays) < rules.hand_size else (
            "it also laid a card away after its call for best")
        raise _Unresolved(
            where,
            f"the three cards seat {seat} gave up for the kitty cannot be told from the "
            f"cards it plays ({why}), and EGN's cardExchanges names only the kitty cards "
            "taken",
        )
    if len({way[1] for way in ways}) > 1:
        raise _Unresolved(
            where,
            "the dealer's discard is not given and cannot be worked out "
            "(give 'discard', or leave a card of the dealer's playerCards unknown)",
        )
    raise _Unresolved(
        where,
        f"seat {seat}'s discard after the call for best cannot be told from the cards it "
        "plays (the record stops first), and EGN does not write it",
    )


def _phases(
    data: dict[str, object], where: str
) -> tuple[dict[str, object] | None, str, dict[str, object] | None, str]:
    bidding: dict[str, object] | None = None
    trick: dict[str, object] | None = None
    bid_where = f"{where}.phases[0]"
    trick_where = f"{where}.phases[1]"
    for k, raw in enumerate(as_list(data.get("phases", []), f"{where}.phases")):
        place = f"{where}.phases[{k}]"
        phase = as_object(raw, place)
        kind = phase.get("type")
        if kind == "EUCHRE_BIDDING" and bidding is None:
            bidding, bid_where = phase, place
        elif kind == "TRICK_PLAY" and trick is None:
            trick, trick_where = phase, place
        elif kind in ("EUCHRE_BIDDING", "TRICK_PLAY"):
            raise RecordError(f"{place}: a second {kind} phase in one deal")
        else:
            raise RecordError(
                f"{place}.type: unknown phase type {kind!r} (EUCHRE_BIDDING or TRICK_PLAY)"
            )
    if trick is not None and bidding is None:
        raise RecordError(f"{trick_where}: a TRICK_PLAY phase without an EUCHRE_BIDDING phase")
    return bidding, bid_where, trick, trick_where


def _bids(probe: Game, calls: list[object], where: str) -> tuple[list[Action], bool]:
    """Apply the EGN calls to the probe game; the actions, and whether a call was 'Alone'."""
    actions: list[Action] = []
    alone_call = False
    for j, raw in enumerate(calls):
        place = f"{where}[{j}]"
        text = as_string(raw, place)
        if probe.results or probe.phase not in (Phase.BID1, Phase.BID2):
            raise RecordError(f"{place}: {text!r} comes after the bidding ended")
        action: Action
        if text == "Pass":
            action = PASS
        elif probe.phase is Phase.BID1:
            if text not in _ACCEPT_CALLS:
                raise RecordError(
                    f"{place}: {text!r} is not a round-one call "
                    "(Pass, Order, PickUp, Call or Alone)"
                )
            action = ORDER
            alone_call = text == "Alone"
        elif len(text) == 1 and text.lower() in SUIT_CHARS:
            action = CALL[SUIT_CHARS.index(text.lower())]
        elif text.lower() == "n":
            if not probe.rules.no_trump:
                raise RecordError(
                    f"{place}: no-trump ('n') is not supported without the allow_no_trump flag"
                )
            action = CALL[NO_TRUMP]
        else:
            raise RecordError(
                f"{place}: {text!r} is not a round-two call (Pass or a suit: c, d, h, s)"
            )
        try:
            probe.apply(action)
        except IllegalActionError as error:
            raise RecordError(f"{place}: {error}") from None
        actions.append(action)
    return actions, alone_call


def _alone(
    probe: Game, maker: int, is_alone: bool, alone_defender: int, where: str
) -> list[Action]:
    """Answer the engine's going-alone questions from isAlone and aloneDefender."""
    n = probe.rules.players
    if alone_defender >= 0 and probe.rules.seating.same_team(alone_defender, maker):
        raise RecordError(
            f"{where}.aloneDefender: seat {alone_defender} is not a defender "
            f"(seat {maker} made trump)"
        )
    actions: list[Action] = []
    while probe.phase is Phase.ALONE and not probe.results:
        seat = probe.to_act
        action = ALONE if (seat == maker and is_alone) or seat == alone_defender else STAY
        probe.apply(action)
        actions.append(action)
    if is_alone and maker not in probe.alone:
        raise RecordError(f"{where}.isAlone: these rules do not let the maker go alone")
    if not is_alone and maker in probe.alone:
        raise RecordError(f"{where}.isAlone: false, but under the canadian flag the dealer's "
                          "partner who ordered up went alone")
    if alone_defender >= 0 and alone_defender not in probe.alone:
        raise RecordError(
            f"{where}.aloneDefender: seat {alone_defender} may not defend alone under these "
            f"rules (the ruleset needs defend_alone, with {n} players)"
        )
    return actions


def _tricks(
    tricks_raw: list[object],
    trump: int,
    leader: int,
    out: set[int],
    rules: Rules,
    deck: int,
    where: str,
) -> tuple[list[list[Card]], list[Action], list[int]]:
    """Who played each card (first lead, then each trick's winner): the cards of each
    seat, the plays, and the seat of each play."""
    n = rules.players
    seating = rules.seating
    skip = sum(1 << s for s in out)
    active = n - len(out)
    played: list[list[Card]] = [[] for _ in range(n)]
    plays: list[Action] = []
    by: list[int] = []
    seen: dict[Card, str] = {}
    if len(tricks_raw) > rules.hand_size:
        raise RecordError(
            f"{where}.tricks: a deal has {rules.hand_size} tricks, not {len(tricks_raw)}"
        )
    seat = leader
    for t, raw in enumerate(tricks_raw):
        place = f"{where}.tricks[{t}]"
        items = as_list(raw, place)
        last = t == len(tricks_raw) - 1
        if not items or len(items) > active or (len(items) < active and not last):
            raise RecordError(f"{place}: a trick has {active} cards here, not {len(items)}")
        cards = []
        for k, item in enumerate(items):
            c = _egn_card(item, trump, f"{place}[{k}]")
            if c == UNKNOWN:
                raise RecordError(
                    f"{place}[{k}]: a trick with an unknown card 'X' cannot be replayed"
                )
            _in_deck(c, deck, rules, f"{place}[{k}]")
            if c in seen:
                raise RecordError(f"{place}[{k}]: {card_name(c)} is played twice (also {seen[c]})")
            seen[c] = f"{place}[{k}]"
            cards.append(c)
        seats = []
        for c in cards:
            seats.append(seat)
            played[seat].append(c)
            plays.append(PLAY[c])
            seat = seating.next_active(seat, skip)
        by.extend(seats)
        if len(cards) == active:
            seat = seats[trick_winner_index(cards, trump)]
    return played, plays, by


def _hands(
    state: dict[str, object],
    trump: int | None,
    rules: Rules,
    deck: int,
    where: str,
    played: list[list[Card]],
    accepted: bool,
    dealer: int,
    upcard: Card,
    received: Mapping[int, set[Card]],
) -> tuple[list[list[Card]], frozenset[int]]:
    """The dealt hands as far as known: ``playerCards``, then the cards each seat plays
    (but those it received after the deal: the upcard, kitty cards, a partner's card);
    and the seats whose ``playerCards`` give a card (an empty list, or one of unknown
    cards, ``X`` or EGN 1.0's ``""``, gives none: that hand was not recorded)."""
    n = rules.players
    hands: list[list[Card]] = [[] for _ in range(n)]
    recorded: set[int] = set()
    given = state.get("playerCards")
    if given is not None:
        lists = as_list(given, f"{where}.playerCards")
        if lists and len(lists) != n:
            raise RecordError(f"{where}.playerCards: {n} hands, not {len(lists)}")
        for seat, raw in enumerate(lists):
            place = f"{where}.playerCards[{seat}]"
            hand = [_egn_card(item, trump, f"{place}[{k}]")
                    for k, item in enumerate(as_list(raw, place))]
            if len(hand) > rules.hand_size:
                raise RecordError(f"{place}: a hand holds {rules.hand_size} cards, not {len(hand)}")
            for k, c in enumerate(hand):
                if c != UNKNOWN:
                    _in_deck(c, deck, rules, f"{place}[{k}]")
                    recorded.add(seat)
            hands[seat] = hand
    for seat in range(n):
        for c in played[seat]:
            if (accepted and seat == dealer and c == upcard) or c in received.get(seat, ()):
                continue
            if c == upcard:
                why = "only the dealer can take it" if accepted else "it was turned down"
                raise RecordError(
                    f"{where}: seat {seat} plays {card_name(c)}, the upcard, but {why}"
                )
            _place(hands, seat, c, rules, f"{where}.playerCards[{seat}]", "plays")
    return hands, frozenset(recorded)


def _place(
    hands: list[list[Card]], seat: int, c: Card, rules: Rules, where: str, verb: str
) -> None:
    """Put a known card in a seat's dealt hand (in place of an unknown one if need be)."""
    hand = hands[seat]
    if c in hand:
        return
    if UNKNOWN in hand:
        hand[hand.index(UNKNOWN)] = c
    elif len(hand) < rules.hand_size:
        hand.append(c)
    else:
        raise RecordError(
            f"{where}: seat {seat} {verb} {card_name(c)}, which its dealt cards do not hold"
        )


def _exchange(
    hands: list[list[Card]],
    played: list[list[Card]],
    dealer: int,
    upcard: Card,
    discard_raw: object,
    trump: int,
    rules: Rules,
    deck: int,
    where: str,
    bid_where: str,
) -> Action:
    """The dealer's discard: given, or worked out from the cards played, or unknown."""
    dealt = hands[dealer]
    plays = played[dealer]
    if discard_raw is not None:
        discard = _egn_card(discard_raw, trump, where)
        if discard != UNKNOWN:
            _in_deck(discard, deck, rules, where)
            if discard in plays:
                raise RecordError(
                    f"{where}: the dealer discards {card_name(discard)} but plays it in a trick"
                )
            if discard != upcard:
                _place(hands, dealer, discard, rules, where, "discards")
            return DISCARD[discard]
    unknown = dealt.count(UNKNOWN) + rules.hand_size - len(dealt)
    if unknown:
        return DISCARD[UNKNOWN]
    if len(plays) == rules.hand_size:
        rest = (set(dealt) | {upcard}) - set(plays)
        if len(rest) == 1:
            return DISCARD[rest.pop()]
    raise RecordError(
        f"{bid_where}: the dealer's discard is not given and cannot be worked out "
        "(give 'discard', or leave a card of the dealer's playerCards unknown)"
    )


def _given_discard(
    hands: list[list[Card]],
    played: list[list[Card]],
    dealer: int,
    upcard: Card,
    discard_raw: object,
    trump: int,
    rules: Rules,
    deck: int,
    where: str,
    received: Mapping[int, set[Card]],
) -> Card | None:
    """The dealer's discard when the bidding gives it (placed in the dealer's dealt hand
    unless it is the upcard or a card taken from the kitty), else ``None``."""
    if discard_raw is None:
        return None
    discard = _egn_card(discard_raw, trump, where)
    if discard == UNKNOWN:
        return None
    _in_deck(discard, deck, rules, where)
    if discard in played[dealer]:
        raise RecordError(
            f"{where}: the dealer discards {card_name(discard)} but plays it in a trick"
        )
    if discard != upcard and discard not in received.get(dealer, ()):
        _place(hands, dealer, discard, rules, where, "discards")
    return discard


def _kitty(
    state: dict[str, object], trump: int | None, rules: Rules, deck: int, where: str,
    swap: _Exchange | None = None,
) -> tuple[Card, ...]:
    """The face-down cards as dealt; a swap's kitty cards come first (the engine's swap
    takes the three top cards, §19.4), in the order the exchange gives them. EGN 1.0's
    ``kitty`` (dropped in 1.2) is read when given; one of empty strings only, whatever
    its length, as EGN 1.0 writers leave a kitty they did not record, is not given."""
    size = rules.kitty_size - 1
    raw = state.get("kitty")
    place = f"{where}.kitty"
    if raw is None or (isinstance(raw, list) and all(item == "" for item in raw)):
        cards = [UNKNOWN] * size
    else:
        cards = [_egn_card(item, trump, f"{place}[{k}]")
                 for k, item in enumerate(as_list(raw, place))]
        if len(cards) != size:
            raise RecordError(
                f"{place}: the kitty holds {size} cards besides the upcard, not {len(cards)}"
            )
        for k, c in enumerate(cards):
            if c != UNKNOWN:
                _in_deck(c, deck, rules, f"{place}[{k}]")
    if swap is None:
        return tuple(cards)
    rest = [c for c in cards if c not in swap.cards]
    for c in swap.cards:
        if c in cards:
            continue
        if UNKNOWN not in rest:
            raise RecordError(
                f"{swap.where}.cards: {card_name(c)} is taken from the kitty, but "
                f"{place} does not hold it"
            )
        rest.remove(UNKNOWN)
    return (*swap.cards, *rest)


def _inferred_kitty(
    kitty: tuple[Card, ...],
    hands: Sequence[Sequence[Card]],
    upcard: Card,
    deck: int,
    recorded: bool,
) -> tuple[Card, ...]:
    """The kitty, its unknown cards worked out when the file records every hand
    (``recorded``: each seat's ``playerCards``) and every card of them is known: the
    cards of the deck in no hand, not the upcard and not already in the kitty, in the
    deck's order.

    EGN has no kitty since 1.2, its changelog says, as it "can be determined from cards
    played"; this is that determination, for the files that give the hands (those
    :func:`to_egn` writes from a game). A file that gives only the plays keeps its kitty
    unknown; so does one with a hand not all known. Cards that do not add up (one dealt
    twice) are left for :func:`_check` to name.
    """
    if not recorded or UNKNOWN not in kitty or any(UNKNOWN in hand for hand in hands):
        return kitty
    seen = mask_of(c for c in (upcard, *kitty, *(c for hand in hands for c in hand))
                   if c != UNKNOWN)
    free = cards_of(deck & ~seen)
    if len(free) != kitty.count(UNKNOWN):
        return kitty
    rest = iter(free)
    return tuple(next(rest) if c == UNKNOWN else c for c in kitty)


def _from_plays(recorded: frozenset[int], players: int) -> list[int]:
    """The seats whose hands the file did not record (:data:`HANDS_FROM_PLAYS`)."""
    return [seat for seat in range(players) if seat not in recorded]


def _check(deal: Deal, rules: Rules, where: str) -> None:
    """The rebuilt deal must be sound (no card twice)."""
    try:
        deal.validate(rules, "deal")
    except CardError as error:
        raise RecordError(f"{where}: the cards do not add up: {error}") from None


def _extras(
    data: dict[str, object],
    bidding: dict[str, object] | None,
    trick: dict[str, object] | None,
    where: str,
    bid_where: str,
    trick_where: str,
    from_plays: list[int],
) -> dict[str, object]:
    """Annotations and alternative lines, kept as they are for writing back; and the
    seats whose hands the file did not record (:data:`HANDS_FROM_PLAYS`), if any."""
    extras: dict[str, object] = {}
    if from_plays:
        extras[HANDS_FROM_PLAYS] = from_plays
    if bidding is not None and "callAnnotations" in bidding:
        extras["callAnnotations"] = _annotations(
            bidding["callAnnotations"], f"{bid_where}.callAnnotations"
        )
    if trick is not None and "playAnnotations" in trick:
        extras["playAnnotations"] = _annotations(
            trick["playAnnotations"], f"{trick_where}.playAnnotations"
        )
    if "alternativeLines" in data:
        extras["alternativeLines"] = as_list(data["alternativeLines"], f"{where}.alternativeLines")
    return extras


def _annotations(value: object, where: str) -> dict[str, object]:
    notes = as_object(value, where)
    for key, texts in notes.items():
        place = f"{where}.{key}"
        if not key.isdigit():
            raise RecordError(f"{place}: an annotation key is the index of a call or play")
        for k, text in enumerate(as_list(texts, place)):
            as_string(text, f"{place}[{k}]")
    return notes


def _egn_replay_error(
    error: ReplayError, record: Record, converted: Sequence[_Converted]
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

    >>> from euchre.engine.cards import parse_card
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


def _egn_card(value: object, trump: int | None, where: str) -> Card:
    """An EGN card: ``9c``, ``Nc``, ``R``/``L`` (bowers of ``trump``), ``B``, ``X``; and
    ``""``, a card EGN 1.0 writers did not record (unknown, as ``X``)."""
    text = as_string(value, where)
    if text == "B":
        return BENNY
    if text == "":
        return UNKNOWN
    if text in ("R", "L"):
        if trump == NO_TRUMP:
            raise RecordError(f"{where}: {text!r} (a bower) means nothing under no-trump")
        if trump is None:
            raise RecordError(
                f"{where}: {text!r} (a bower) needs a trump suit, and none is known here"
            )
        return card(JACK, trump) if text == "R" else left_bower(trump)
    if text == "X":
        return UNKNOWN
    if len(text) == 2:
        rank, suit = text[0], text[1]
        if rank in _RANKS or rank == "X":
            if suit == "x":
                return UNKNOWN
            if suit.lower() in SUIT_CHARS:
                if rank == "X":
                    return UNKNOWN
                return card(_RANKS[rank], SUIT_CHARS.index(suit.lower()))
            if suit in "tng":
                raise RecordError(
                    f"{where}: generic suits (t, n, g) are not supported: {text!r}"
                )
    raise RecordError(f"{where}: unknown EGN card {text!r}: {_CARD_HELP}")


def _in_deck(c: Card, deck: int, rules: Rules, where: str) -> None:
    if not deck >> c & 1:
        raise RecordError(f"{where}: {card_name(c)} is not a card of the {rules.deck}-card deck")


def _players(value: object, where: str) -> tuple[list[str], list[str]]:
    """The players' names, and each one's bot (its ``playerIds`` entry whose source is
    ``euchre bot``, as :func:`to_egn` writes it; ``"human"`` where none is given)."""
    names = []
    bots = []
    for k, item in enumerate(as_list(value, where)):
        bot = "human"
        if isinstance(item, dict):
            place = f"{where}[{k}].playerIds"
            for j, entry in enumerate(as_list(item.get("playerIds", []), place)):
                if isinstance(entry, dict) and entry.get("source") == _BOT_SOURCE:
                    bot = as_string(entry.get("id"), f"{place}[{j}].id")
            item = require(item, "name", f"{where}[{k}]")
        names.append(as_string(item, f"{where}[{k}]"))
        bots.append(bot)
    return names, bots


# -- writing -----------------------------------------------------------------------------

_DESCRIBED: Final = ("event", "app", "seed")
"""Native metadata EGN has no field for, written into its ``description``."""
_BOT_SOURCE: Final = "euchre bot"
"""The ``source`` of the ``playerIds`` entry that names a seat's bot."""
_PLAYER_SOURCE: Final = "euchre"
"""The ``source`` of the ``playerIds`` entry that gives a seat's player id."""
_EGN_DATE: Final = re.compile(
    r"|\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?"
    r"|\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})"
)
"""The dates EGN's schema takes (``metadata.date``): empty, a date, a date and time
(its pattern), or an RFC 3339 date-time (its ``format``)."""


def to_egn(record: Record) -> dict[str, object]:
    """The record as EGN data (ready for JSON). Writing then reading gives the same game
    back: the same deals (as far as known), calls, cards and results.

    Rules EGN has no flag for are written as EGN's nearest rules
    (:func:`egn_rules_note` says how they differ). The decision is taken per record:
    a deal that used what EGN cannot express raises
    :class:`~euchre.errors.RecordError` naming it (``deal 7: the maker's partner went
    alone, which EGN cannot express ...``); so does a record that stops among the
    going-alone answers, the declarations or a call for best, and one whose unwritten
    cards (those a swap with the kitty gives up, a lone player's discard after a call
    for best) cannot be told from the cards played. Forms and options EGN has no way to
    say are refused whatever the deals (:func:`egn_refusal`), and so is a record that
    starts with four-trick tokens (EGN has no field for them).

    >>> from euchre.engine.game import Game
    >>> game = Game(Rules(four_trick_tokens=True), seed=1, score=(6, 7), tokens=(3, 1))
    >>> to_egn(Record.from_game(game))
    Traceback (most recent call last):
    ...
    euchre.errors.RecordError: start_tokens=[3, 1]: EGN has no field for the four-trick \
tokens a game starts with (its initialScore gives only the score)
    """
    rules = record.rules
    refusal = egn_refusal(rules)
    if refusal:
        raise RecordError(refusal)
    if record.start_tokens:
        raise RecordError(
            f"start_tokens={list(record.start_tokens)}: EGN has no field for the four-trick "
            "tokens a game starts with (its initialScore gives only the score)"
        )
    ruleset = egn_ruleset(rules)
    replayed = record.replay_all()
    results = replayed.results
    current = replayed.current
    for i in range(len(record.deals)):
        if i < len(results):
            problem = _inexpressible(rules, results[i].maker, results[i].alone, results[i])
        else:
            problem = _inexpressible(rules, current.maker, current.alone, None)
        if problem:
            raise RecordError(f"deal {i + 1}: {problem}")
    stopped = len(results) < len(record.deals)
    if stopped and current.phase in _STOPS and record.deals[-1].actions:
        raise RecordError(
            f"deal {len(record.deals)}: EGN cannot express its actions exactly (the record "
            f"stops {_STOPS[current.phase]})"
        )

    def written(read_rules: Rules) -> list[object]:
        deals: list[object] = []
        for i, recorded in enumerate(record.deals):
            if i < len(results):
                alone, maker = results[i].alone, results[i].maker
            else:
                alone, maker = current.alone, current.maker
            deals.append(_egn_deal(recorded, i, rules, read_rules, alone, maker))
        return deals

    read_rules = rules_from_egn(ruleset)
    deals = written(read_rules)
    if (file_rules := _file_rules(ruleset, deals)) != read_rules:
        read_rules = file_rules  # a lone defender called for best: loner_and_defender
        deals = written(read_rules)
    final = record.result.score if record.result is not None else replayed.score
    data: dict[str, object] = {
        "fileType": EGN_FILE_TYPE,
        "version": EGN_VERSION,
        "metadata": _egn_metadata(record, final, ruleset),
        "deals": deals,
    }
    _verify(record, data, results, exact=read_rules == rules)
    return data


_STOPS: Final = {
    Phase.EXCHANGE: "before the dealer's discard, and EGN would read one",
    Phase.ALONE: "among the going-alone answers, and EGN would read the rest as stay",
    Phase.DECLARE: "among the declarations, and EGN would read the rest as passes",
    Phase.BEST: "during the calls for best, and EGN would read the rest as declined",
    Phase.GIVE: "during a call for best, before the partner's card, which EGN would "
                "read as declined",
    Phase.DISCARD: "during a call for best, before the lone player's discard",
}
"""Where a record may not stop, as EGN would read the rest of the deal otherwise."""


def _inexpressible(
    rules: Rules, maker: int | None, alone: Sequence[int], result: DealResult | None
) -> str | None:
    """What a deal did that EGN cannot express, or ``None``.

    EGN's ``isAlone`` names only the maker; its ``aloneDefender`` defends only against a
    lone maker, and its ``defend_alone`` scores 4 for any euchre by a lone defender.
    """
    if maker is None:
        return None
    seating = rules.seating
    if (result is not None and rules.super_euchre_points
            and result.tricks[seating.team(maker)] == 0
            and result.points > deal_score(rules.replace(super_euchre_points=0), maker,
                                           alone, 0)[1]):
        return (
            f"the makers took no trick and the defenders scored the "
            f"super_euchre_points ({rules.super_euchre_points}), which EGN cannot express "
            "(it has no super-euchre)"
        )
    partner = seating.partner(maker)
    if partner is not None and partner in alone:
        return (
            "the maker's partner went alone, which EGN cannot express "
            "(its isAlone names only the maker)"
        )
    defenders = [seat for seat in alone if not seating.same_team(seat, maker)]
    if not defenders:
        return None
    if maker not in alone:
        return (
            "a defender went alone against a maker who did not, which EGN cannot express "
            "(its aloneDefender defends only against a lone maker)"
        )
    if result is not None and rules.lone_defender_scoring == "by_tricks":
        taken = result.tricks[seating.team(defenders[0])]
        if taken in (3, 4):
            return (
                f"the lone defender's side took {taken} tricks, 2 points under "
                "lone_defender_scoring='by_tricks', which EGN cannot express "
                "(its defend_alone scores 4)"
            )
    return None


def _egn_metadata(
    record: Record, final: tuple[int, ...], ruleset: dict[str, object]
) -> dict[str, object]:
    """EGN's metadata: its own fields from the record's, what it has no field for (the
    event, the app, the seed; a date not in EGN's forms) in the description, each
    seat's player under an id of its own (:func:`~euchre.records.record.seat_players`), a bot
    with its level in its ``playerIds``."""
    meta = record.metadata
    metadata: dict[str, object] = {}
    for key in _META_STRINGS:
        value = meta.get(key)
        if isinstance(value, str) and (key != "date" or _EGN_DATE.fullmatch(value)):
            metadata[key] = value
    described = [
        f"{key}: {meta[key]}"
        for key in ("date", *_DESCRIBED)
        if isinstance(meta.get(key), (str, int)) and not isinstance(meta.get(key), bool)
        and (key != "date" or "date" not in metadata)
    ]
    if described:
        base = metadata.get("description")
        extra = "; ".join(described)
        metadata["description"] = f"{base}\n{extra}" if base else extra
    players: list[object] = []
    for player in seat_players(meta, record.rules.players):
        if player.bot is None:
            players.append(player.id)
            continue
        # the id first among the playerIds too: EGN's match combiner (emn-match-combine,
        # src/emn/combiner.ts) keys a player object by its first playerIds entry, and
        # each seat must be a player of its own (EMN's playersOverride)
        players.append({
            "id": player.id,
            "name": player.id,
            "playerIds": [{"id": player.id, "source": _PLAYER_SOURCE},
                          {"id": player.bot, "source": _BOT_SOURCE}],
        })
    metadata["players"] = players
    teams = meta.get("teamNames")
    if isinstance(teams, list) and len(teams) == 2 and all(isinstance(x, str) for x in teams):
        metadata["teamNames"] = list(teams)
    metadata["initialScore"] = list(record.start_score)
    metadata["finalScore"] = list(final)
    metadata["ruleset"] = ruleset
    return metadata


def _verify(
    record: Record, data: dict[str, object], results: Sequence[DealResult], exact: bool
) -> None:
    """Read the EGN data back: the same deals, decisions and results, or a RecordError.

    Under EGN's nearest rules the going-alone questions differ (EGN's do not ask the
    maker's partner, or ask where ours do not), so only the ``stay`` answers may differ.
    """
    back = from_egn(data)
    for i, (mine, theirs) in enumerate(zip(record.deals, back.deals, strict=True)):
        ours = _comparable(mine.actions, exact)
        read = _comparable(theirs.actions, exact)
        if ours != read:
            pairs = zip(ours, read, strict=False)
            at = next((j for j, (a, b) in enumerate(pairs) if a != b), min(len(ours), len(read)))
            raise RecordError(
                f"deal {i + 1}: EGN cannot express its actions exactly "
                f"(action {_position(mine.actions, at, exact) + 1} would read back differently)"
            )
        if not _same_cards(mine.deal, theirs.deal):  # pragma: no cover - playerCards
            raise RecordError(f"deal {i + 1}: EGN cannot express its cards exactly")
        if i < len(results) and theirs.result != results[i]:  # pragma: no cover
            # _inexpressible refuses every deal that EGN's nearest rules score otherwise
            raise RecordError(f"deal {i + 1}: EGN would read it back with another result")


def _same_cards(mine: Deal, theirs: Deal) -> bool:
    """Whether a deal read back has the record's cards as far as EGN carries them: the
    same dealer, upcard and hands; a kitty of the same cards, in whatever order, or
    unknown where the hands do not give it (EGN has no kitty since 1.2: the reader works
    it out from the hands when they are all known, and a swap's cards from the exchange).
    """
    if (mine.dealer, mine.upcard, mine.hands) != (theirs.dealer, theirs.upcard, theirs.hands):
        return False
    ours = {c for c in mine.kitty if c != UNKNOWN}
    read = {c for c in theirs.kitty if c != UNKNOWN}
    return len(mine.kitty) == len(theirs.kitty) and (ours <= read or read <= ours)


def _comparable(actions: Sequence[Action], exact: bool) -> list[Action]:
    """The actions to compare on reading back: all under the same rules; under EGN's
    nearest rules, without the answers to questions one set of rules asks and the other
    does not (``stay``, ``decline``), and with a lone player's discard after the
    partner's card, as EGN's order (receive first) reads it back."""
    if exact:
        return list(actions)
    out = [a for a in actions if a != STAY and a != DECLINE]
    for j in range(len(out) - 1):
        if isinstance(out[j], Discard) and isinstance(out[j + 1], Give):
            out[j], out[j + 1] = out[j + 1], out[j]
    return out


def _position(actions: Sequence[Action], index: int, exact: bool) -> int:
    """The place in ``actions`` of the ``index``-th action compared (``stay`` and
    ``decline`` left out unless ``exact``)."""
    if exact:
        return index
    kept = [j for j, action in enumerate(actions) if action != STAY and action != DECLINE]
    return kept[index] if index < len(kept) else len(actions)


def _egn_deal(
    recorded: RecordedDeal,
    index: int,
    rules: Rules,
    read_rules: Rules,
    alone: tuple[int, ...],
    maker: int | None,
) -> dict[str, object]:
    """One deal in EGN: played under ``rules``, written for reading with ``read_rules``."""
    deal = recorded.deal
    n = read_rules.players
    calls: list[str] = []
    discard: Card | None = None
    plays: list[Card] = []
    exchanges: list[dict[str, object]] = []
    for phase, seat, action in _tagged(recorded, rules):
        if isinstance(action, Declare):
            if action.what == GO_UNDER and rules.farmers and all(
                    card_rank(c) in (NINE, TEN) for c in action.cards):
                raise RecordError(
                    f"deal {index + 1}: seat {seat} went under giving up three 9s and 10s, "
                    "which EGN would read back as a farmer's hand (its cardExchanges does "
                    "not say which declaration was made)"
                )
            exchanges.append(
                {"receiver": seat, "cards": [card_name(c) for c in deal.kitty[:3]]}
            )
        elif isinstance(action, Pass):
            if phase is not Phase.DECLARE:
                calls.append("Pass")
        elif isinstance(action, Order):
            calls.append("Order")
        elif isinstance(action, Call):
            calls.append((SUIT_CHARS + "n")[action.suit])
        elif isinstance(action, Discard):
            if phase is Phase.EXCHANGE:
                discard = action.card  # a lone player's discard after best is not written
        elif isinstance(action, Give):
            receiver = rules.seating.partner(seat)
            exchanges.append(
                {"sender": seat, "receiver": receiver, "cards": [card_name(action.card)]}
            )
        elif isinstance(action, Play):
            plays.append(action.card)
        elif not isinstance(action, (GoAlone, Best)):  # pragma: no cover - refused rules
            raise RecordError(f"deal {index + 1}: {action} has no EGN form")
    state: dict[str, object] = {"dealer": deal.dealer, "upCard": card_name(deal.upcard)}
    phases: list[object] = []
    extras = recorded.extras
    if recorded.actions:
        bidding: dict[str, object] = {"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": calls}
        bidding["isAlone"] = maker is not None and maker in alone
        defenders = [] if maker is None else [
            s for s in alone if not read_rules.seating.same_team(s, maker)
        ]
        if defenders:
            bidding["aloneDefender"] = defenders[0]
        if discard is not None and discard != UNKNOWN:
            bidding["discard"] = card_name(discard)
        if exchanges:
            bidding["cardExchanges"] = exchanges
        if "callAnnotations" in extras:
            bidding["callAnnotations"] = extras["callAnnotations"]
        phases.append(bidding)
    if plays:
        active = n - len(read_rules.seating.sitting_out(alone))
        tricks = [
            [card_name(c) for c in plays[k : k + active]] for k in range(0, len(plays), active)
        ]
        trick_phase: dict[str, object] = {"phaseNumber": 1, "type": "TRICK_PLAY", "tricks": tricks}
        if "playAnnotations" in extras:
            trick_phase["playAnnotations"] = extras["playAnnotations"]
        phases.append(trick_phase)
    out: dict[str, object] = {"dealNumber": index, "initialState": state, "phases": phases}
    if "alternativeLines" in extras:
        out["alternativeLines"] = extras["alternativeLines"]
    # every hand the record knows, as dealt; none of a seat whose hand the record's
    # source did not give (its cards played give it back), unless they would not
    hands = [[_egn_text(c) for c in hand] for hand in deal.hands]
    unrecorded = recorded.hands_from_plays
    tries = [hands]
    if unrecorded:
        tries.insert(0, [[] if seat in unrecorded else hand for seat, hand in enumerate(hands)])
    where = f"deals[{index}]"
    for given in tries:
        last = given is hands
        if any(given):
            state["playerCards"] = given
        else:
            state.pop("playerCards", None)
        try:
            derived = _convert_deal(out, read_rules, where).recorded.deal
        except _Unresolved as error:  # what EGN leaves unwritten does not follow
            if last:
                raise RecordError(f"deal {index + 1}: {error.why}") from None
            continue
        except RecordError:  # _verify names the action that reads back differently
            if last:
                break
            continue
        if last or derived.hands == deal.hands:
            break
    return out


def _egn_text(c: Card) -> str:
    """A card as EGN writes it: ``Xx`` for an unknown one (EGN's card pattern has no
    ``X`` alone)."""
    return "Xx" if c == UNKNOWN else card_name(c)


def _tagged(recorded: RecordedDeal, rules: Rules) -> list[tuple[Phase, int, Action]]:
    """Each action of a deal with the phase it was taken in and the seat that took it."""
    game = Game(rules, deals=[recorded.deal], first_dealer=recorded.deal.dealer, seed=0)
    out = []
    for action in recorded.actions:
        out.append((game.phase, game.to_act, action))
        game.apply(action)
    return out


# -- small readers -----------------------------------------------------------------------


def _bool(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        raise RecordError(f"{where}: must be true or false, not {describe(value)}")
    return value


def _pair(value: object, where: str) -> tuple[int, int]:
    items = as_list(value, where)
    if len(items) != 2:
        raise RecordError(f"{where}: must be two numbers (team 0, team 1)")
    return (as_int(items[0], f"{where}[0]", 0), as_int(items[1], f"{where}[1]", 0))
