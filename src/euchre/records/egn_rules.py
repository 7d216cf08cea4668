"""EGN's ruleset and the engine's :class:`~euchre.engine.rules.Rules`, both ways.

An EGN file's ``metadata.ruleset`` is a set of flags (RULES-forms §20):
:func:`rules_from_egn` reads them as rules, :func:`egn_ruleset` writes rules as them:
exact where EGN has a flag, else EGN's nearest (:func:`egn_rules_note` says how they
differ, :func:`egn_refusal` what EGN cannot say at all). :func:`file_rules` is the rules
of a whole file, which its card exchanges may widen. ``docs/rules.md`` has the table
of flags and options.

>>> rules_from_egn(egn_ruleset(Rules.preset("two-handed"))) == Rules.preset("two-handed")
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from euchre.engine.cards import NINE, deck_has_benny, deck_lowest_rank
from euchre.engine.rules import LonerLead, Rules
from euchre.errors import RecordError, RulesError
from euchre.records.jsondata import as_int, as_object, describe

__all__ = [
    "as_bool",
    "egn_refusal",
    "egn_rules_note",
    "egn_ruleset",
    "file_rules",
    "rules_from_egn",
]

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
_DEFAULT_LONER_MARCH: Final = 4
_DEFAULT_LONER_EUCHRED: Final = 2


# -- reading a ruleset -------------------------------------------------------------------


def rules_from_egn(ruleset: object, where: str = "metadata.ruleset") -> Rules:
    """The :class:`~euchre.engine.rules.Rules` of an EGN ``ruleset`` object (RULES-forms §20).

    A flag left out takes EGN's default. ``partners_best`` reads as ``loner`` (a file
    whose ``cardExchanges`` give a card to an ``aloneDefender`` is read as
    ``loner_and_defender``: :func:`file_rules`), with the lone player receiving before
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
    _check_flags(flags, where)
    players = _players(flags, where)
    deck = _deck(flags, where)
    deals, target = _game_end(flags, where)
    try:
        return _rules(flags, players, deck, deals, target)
    except RulesError as error:
        raise RecordError(f"{where}: {error}") from None


def _check_flags(flags: Mapping[str, object], where: str) -> None:
    """Each flag is one EGN has, with a value of its kind."""
    for key, value in flags.items():
        place = f"{where}.{key}"
        if key in _BOOL_FLAGS:
            as_bool(value, place)
        elif key in _INT_FLAGS:
            as_int(value, place, 0)
        elif key == "loner_lead":
            if not isinstance(value, str) or value not in _LONER_LEAD:
                raise RecordError(
                    f"{place}: must be LEFT_OF_DEALER or LEFT_OF_LONER, not {value!r}"
                )
        else:
            raise RecordError(f"{place}: unknown EGN ruleset flag {key!r}")


def _players(flags: Mapping[str, object], where: str) -> int:
    """``num_players``: 4 or 2 (EGN keeps two scores, so not three-handed)."""
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
    return players


def _deck(flags: Mapping[str, object], where: str) -> int:
    """The deck ``min_rank`` and ``joker`` say."""
    min_rank = _flag(flags, "min_rank", 9)
    sizes = {(_min_rank(size), deck_has_benny(size)): size for size in _EGN_DECKS}
    deck = sizes.get((min_rank, flags.get("joker") is True))
    if deck is None:
        raise RecordError(f"{where}.min_rank: must be 9 (24 cards), 8 (28) or 7 (32), "
                          f"not {min_rank}")
    return deck


def _game_end(flags: Mapping[str, object], where: str) -> tuple[int, int]:
    """The game's end: ``num_deals`` or ``winning_score`` (one of them), as
    ``(deals, target)``."""
    deals = _flag(flags, "num_deals", 0)
    target = _flag(flags, "winning_score", 0 if deals else 10)
    if deals and target:
        raise RecordError(
            f"{where}: both winning_score and num_deals end the game: "
            "only one of them is supported"
        )
    if not deals and not target:
        raise RecordError(f"{where}: winning_score or num_deals must end the game")
    return deals, target


def _rules(
    flags: Mapping[str, object], players: int, deck: int, deals: int, target: int
) -> Rules:
    """The rules of checked flags (:class:`~euchre.errors.RulesError` when they do not
    go together)."""
    defend_alone = flags.get("defend_alone") is True
    lead: LonerLead = (
        "left_of_loner" if flags.get("loner_lead") == "LEFT_OF_LONER" else "left_of_dealer"
    )
    four = players == 4  # two-handed Euchre takes none of the loner options (§21)
    if not four:
        lead = "left_of_loner"
    best = flags.get("partners_best") is True
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


def _min_rank(deck: int) -> int:
    """EGN's ``min_rank`` of a deck: 9, 8 or 7."""
    return 9 - (NINE - deck_lowest_rank(deck))


def _flag(flags: Mapping[str, object], name: str, default: int) -> int:
    value = flags.get(name, default)
    return value if isinstance(value, int) else default


def file_rules(ruleset: object, raw_deals: object) -> Rules:
    """The rules of a file: its ruleset's (:func:`rules_from_egn`), with
    ``partners_best=loner_and_defender`` when a deal's ``cardExchanges`` give a card to
    its ``aloneDefender`` (§20). ``raw_deals`` is the file's ``deals`` as they are (only
    the bidding phases' ``aloneDefender`` and ``cardExchanges`` are looked at).

    >>> deal = {"phases": [{"type": "EUCHRE_BIDDING", "aloneDefender": 1,
    ...         "cardExchanges": [{"sender": 3, "receiver": 1, "cards": ["Ah"]}]}]}
    >>> file_rules({"partners_best": True, "defend_alone": True}, [deal]).partners_best
    'loner_and_defender'
    """
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


def as_bool(value: object, where: str) -> bool:
    """A JSON ``true`` or ``false`` (a ruleset flag, a phase's ``isAlone``), or a
    :class:`~euchre.errors.RecordError` naming ``where``.

    >>> as_bool(True, "isAlone")
    True
    >>> as_bool(1, "isAlone")
    Traceback (most recent call last):
    ...
    euchre.errors.RecordError: isAlone: must be true or false, not ...
    """
    if not isinstance(value, bool):
        raise RecordError(f"{where}: must be true or false, not {describe(value)}")
    return value


# -- writing a ruleset -------------------------------------------------------------------


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
    (a deal may still use what EGN cannot say:
    :func:`~euchre.records.egn_write.to_egn` checks each).

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
    (:func:`~euchre.records.egn_write.to_egn` refuses a deal that did), so the note says
    why each is harmless.

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
