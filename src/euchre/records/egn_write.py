"""Writing a :class:`~euchre.records.record.Record` as EGN (:func:`to_egn`).

Files are written in the newest EGN version (:data:`EGN_VERSION`), with its fields only:
no ``kitty`` (dropped in 1.2; reading works it out from the hands when the file gives
them all), every seat a player of its own. Rules EGN has no flag for are written as
EGN's nearest (:func:`~euchre.records.egn_rules.egn_ruleset`), and the decision is
taken per record: a deal that used what EGN cannot express is refused, naming it.
Every file written is read back (:func:`~euchre.records.egn_read.from_egn`) and
compared with the record before it is given out.

>>> from euchre.engine.game import Game
>>> from euchre.engine.rules import Rules
>>> data = to_egn(Record.from_game(Game(Rules.preset("two-handed"), seed=3)))
>>> data["fileType"], data["version"], data["metadata"]["ruleset"]["num_players"]
('Euchre Game Notation', '1.6', 2)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from euchre.engine.actions import (
    DECLINE,
    GO_UNDER,
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
from euchre.engine.cards import NINE, SUIT_CHARS, TEN, UNKNOWN, Card, card_name, card_rank
from euchre.engine.deal import Deal, DealResult
from euchre.engine.game import Game, Phase
from euchre.engine.rules import SEAT_NAMES, Rules
from euchre.engine.scoring import deal_score
from euchre.errors import RecordError
from euchre.records.egn_deal import UnresolvedDeal, convert_deal
from euchre.records.egn_read import BOT_SOURCE, EGN_FILE_TYPE, META_STRINGS, from_egn
from euchre.records.egn_rules import egn_refusal, egn_ruleset, file_rules, rules_from_egn
from euchre.records.egn_versions import NEWEST_EGN_VERSION
from euchre.records.record import Record, RecordedDeal, Replay, seat_players

__all__ = ["DEFAULT_PLAYERS", "EGN_VERSION", "to_egn"]

EGN_VERSION: Final = NEWEST_EGN_VERSION
"""The EGN version written: the newest published (every field written is one of its
schema, ``schemas/egn-schema-v1.json`` of the EGN project)."""
DEFAULT_PLAYERS: Final = SEAT_NAMES[4]
"""Player names written when the record's metadata has none."""

_DESCRIBED: Final = ("event", "app", "seed")
"""Native metadata EGN has no field for, written into its ``description``."""
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
    (:func:`~euchre.records.egn_rules.egn_rules_note` says how they differ). The
    decision is taken per record: a deal that used what EGN cannot express raises
    :class:`~euchre.errors.RecordError` naming it (``deal 7: the maker's partner went
    alone, which EGN cannot express ...``); so does a record that stops among the
    going-alone answers, the declarations or a call for best, and one whose unwritten
    cards (those a swap with the kitty gives up, a lone player's discard after a call
    for best) cannot be told from the cards played. Forms and options EGN has no way to
    say are refused whatever the deals (:func:`~euchre.records.egn_rules.egn_refusal`),
    and so is a record that starts with four-trick tokens (EGN has no field for them).

    >>> from euchre.engine.game import Game
    >>> game = Game(Rules(four_trick_tokens=True), seed=1, score=(6, 7), tokens=(3, 1))
    >>> to_egn(Record.from_game(game))
    Traceback (most recent call last):
    ...
    euchre.errors.RecordError: start_tokens=[3, 1]: EGN has no field for the four-trick \
tokens a game starts with (its initialScore gives only the score)
    """
    rules = record.rules
    _refuse_game(record)
    ruleset = egn_ruleset(rules)
    replayed = record.replay_all()
    _refuse_deals(record, replayed)
    read_rules = rules_from_egn(ruleset)
    deals = _egn_deals(record, replayed, read_rules)
    if (rules_read := file_rules(ruleset, deals)) != read_rules:
        read_rules = rules_read  # a lone defender called for best: loner_and_defender
        deals = _egn_deals(record, replayed, read_rules)
    final = record.result.score if record.result is not None else replayed.score
    data: dict[str, object] = {
        "fileType": EGN_FILE_TYPE,
        "version": EGN_VERSION,
        "metadata": _egn_metadata(record, final, ruleset),
        "deals": deals,
    }
    _verify(record, data, replayed.results, exact=read_rules == rules)
    return data


def _refuse_game(record: Record) -> None:
    """What refuses a record whatever its deals: its rules
    (:func:`~euchre.records.egn_rules.egn_refusal`), four-trick tokens at the start."""
    refusal = egn_refusal(record.rules)
    if refusal:
        raise RecordError(refusal)
    if record.start_tokens:
        raise RecordError(
            f"start_tokens={list(record.start_tokens)}: EGN has no field for the four-trick "
            "tokens a game starts with (its initialScore gives only the score)"
        )


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


def _refuse_deals(record: Record, replayed: Replay) -> None:
    """A deal that did what EGN cannot express (:func:`_inexpressible`), or a record
    that stops where EGN would read the rest of the deal otherwise (:data:`_STOPS`),
    is refused, naming the deal."""
    rules = record.rules
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
    for key in META_STRINGS:
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
    metadata["players"] = _egn_players(record)
    teams = meta.get("teamNames")
    if isinstance(teams, list) and len(teams) == 2 and all(isinstance(x, str) for x in teams):
        metadata["teamNames"] = list(teams)
    metadata["initialScore"] = list(record.start_score)
    metadata["finalScore"] = list(final)
    metadata["ruleset"] = ruleset
    return metadata


def _egn_players(record: Record) -> list[object]:
    """Each seat's player: its id, or for a bot an object whose ``playerIds`` name the
    bot (:data:`~euchre.records.egn_read.BOT_SOURCE`)."""
    players: list[object] = []
    for player in seat_players(record.metadata, record.rules.players):
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
                          {"id": player.bot, "source": BOT_SOURCE}],
        })
    return players


# -- reading back ------------------------------------------------------------------------


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


# -- deals -------------------------------------------------------------------------------


def _egn_deals(record: Record, replayed: Replay, read_rules: Rules) -> list[object]:
    """Every deal of the record in EGN, written for reading with ``read_rules``."""
    results = replayed.results
    current = replayed.current
    deals: list[object] = []
    for i, recorded in enumerate(record.deals):
        if i < len(results):
            alone, maker = results[i].alone, results[i].maker
        else:
            alone, maker = current.alone, current.maker
        deals.append(_egn_deal(recorded, i, record.rules, read_rules, alone, maker))
    return deals


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
    calls, discard, plays, exchanges = _egn_actions(recorded, index, rules)
    state: dict[str, object] = {"dealer": deal.dealer, "upCard": card_name(deal.upcard)}
    phases: list[object] = []
    extras = recorded.extras
    if recorded.actions:
        phases.append(_bidding_phase(calls, discard, exchanges, extras, read_rules,
                                     alone, maker))
    if plays:
        phases.append(_trick_phase(plays, extras, read_rules, alone))
    out: dict[str, object] = {"dealNumber": index, "initialState": state, "phases": phases}
    if "alternativeLines" in extras:
        out["alternativeLines"] = extras["alternativeLines"]
    _player_cards(out, state, recorded, index, read_rules)
    return out


def _egn_actions(
    recorded: RecordedDeal, index: int, rules: Rules
) -> tuple[list[str], Card | None, list[Card], list[dict[str, object]]]:
    """A deal's actions as EGN says them: the calls, the dealer's discard, the cards
    played, and the card exchanges (a swap with the kitty, a partner's best card)."""
    deal = recorded.deal
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
    return calls, discard, plays, exchanges


def _bidding_phase(
    calls: list[str],
    discard: Card | None,
    exchanges: list[dict[str, object]],
    extras: dict[str, object],
    read_rules: Rules,
    alone: tuple[int, ...],
    maker: int | None,
) -> dict[str, object]:
    """A deal's ``EUCHRE_BIDDING`` phase."""
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
    return bidding


def _trick_phase(
    plays: list[Card], extras: dict[str, object], read_rules: Rules, alone: tuple[int, ...]
) -> dict[str, object]:
    """A deal's ``TRICK_PLAY`` phase: the cards played, trick by trick."""
    active = read_rules.players - len(read_rules.seating.sitting_out(alone))
    tricks = [
        [card_name(c) for c in plays[k : k + active]] for k in range(0, len(plays), active)
    ]
    trick_phase: dict[str, object] = {"phaseNumber": 1, "type": "TRICK_PLAY", "tricks": tricks}
    if "playAnnotations" in extras:
        trick_phase["playAnnotations"] = extras["playAnnotations"]
    return trick_phase


def _player_cards(
    out: dict[str, object],
    state: dict[str, object],
    recorded: RecordedDeal,
    index: int,
    read_rules: Rules,
) -> None:
    """Give the deal (``out``, whose ``initialState`` is ``state``) every hand the record
    knows, as dealt; none of a seat whose hand the record's source did not give (its
    cards played give it back), unless they would not."""
    deal = recorded.deal
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
            derived = convert_deal(out, read_rules, where).recorded.deal
        except UnresolvedDeal as error:  # what EGN leaves unwritten does not follow
            if last:
                raise RecordError(f"deal {index + 1}: {error.why}") from None
            continue
        except RecordError:  # _verify names the action that reads back differently
            if last:
                break
            continue
        if last or derived.hands == deal.hands:
            break


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
