"""A review written into its record: EGN annotations and alternative lines.

:func:`annotate` returns the record with, for every labelled decision and every card
that cost a trick with all cards seen, an annotation beside those the record already
had (EGN's ``callAnnotations`` and ``playAnnotations``, keyed by the index of the call
or of the card played in the deal), and for every decision that cost at least a
mistake (``[?]``, ``[??]``) the better option as an EGN alternative line: the better
option, then the rest of the deal as ``basic`` plays it on the deal's real cards (only
the better option when the record does not show every hand).

An alternative line is EGN's ``{"branchIndex": i, "phases": [...]}``: ``i`` counts the
deal's calls and then its cards played; the phases hold the moves from there on. A
decision that is neither a call nor a card (the dealer's discard, going alone) is
written at the call that led to it, that call stated again with the better choice.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from euchre.analysis.review import (
    GOOD_LABELS,
    THRESHOLDS,
    Decision,
    Estimate,
    Review,
    describe_action,
)
from euchre.engine.actions import ALONE, NO_TRUMP, Action, Call, Discard, GoAlone, Order, Pass, Play
from euchre.engine.cards import SUIT_CHARS, card_name, suit_name
from euchre.engine.game import Game, Phase
from euchre.engine.rules import seat_name
from euchre.players.basic import BasicPlayer
from euchre.records.record import Record, RecordedDeal
from euchre.text import plural

__all__ = [
    "annotate",
    "cost_text",
    "deal_actions",
    "egn_index",
    "note_of",
    "open_hands_text",
    "situation_text",
    "verdict_text",
]

_SOURCE = "review"


def _amount(decision: Decision, cost: Estimate, better: Action, worse: Action) -> str:
    """``cost``, what ``worse`` is worth less than ``better``, in words (in the chance
    of winning, with what ``better`` is worth more in points this deal)."""
    if decision.unit == "win":
        values = decision.values()
        points = values[better].points.mean - values[worse].points.mean
        return (f"{100 * cost.mean:.1f}% chance to win ± {100 * cost.error:.1f} "
                f"({points:+.2f} points)")
    return f"{cost.mean:.2f} points ± {cost.error:.2f}"


def cost_text(decision: Decision) -> str:
    """The cost of the option chosen in words: ``4.1% chance to win ± 1.0 (+0.62
    points)`` (the points: what the better option is worth more this deal, which can
    be less than nothing where the chance of winning, not the points, decides)."""
    return _amount(decision, decision.cost, decision.best, decision.chosen)


def _listed(actions: Sequence[Action]) -> str:
    """``pass``, ``pass and call h``, ``pass, call h and call s``."""
    words = [describe_action(a) for a in actions]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def verdict_text(decision: Decision) -> str | None:
    """What the review says of a decision, after its label: what was better and by how
    much; that options are level where the review cannot tell them apart (a tie is no
    recommendation: ``pass and call h are level (0.2% chance to win ± 0.3 (+0.01
    points) apart, within the sampling error)``); what made a good label; ``None`` for
    the best choice, level with no other, unlabelled."""
    label = decision.label
    chosen, best = decision.chosen, decision.best
    values = decision.values()
    if label in GOOD_LABELS:
        basic = decision.basic
        if label == "[!?]":
            return (f"a good idea: no option was clearly better, and the rules of thumb's "
                    f"{describe_action(basic)} cost "
                    f"{_amount(decision, values[basic].cost, best, basic)}")
        runner = min((o for o in decision.options if o.action != chosen),
                     key=lambda o: o.cost.mean)
        return (f"the only good choice, and a hard one to find: the next best, "
                f"{describe_action(runner.action)}, cost "
                f"{_amount(decision, runner.cost, chosen, runner.action)}, and the rules "
                f"of thumb would have chosen {describe_action(basic)}")
    level = decision.level
    if chosen in level and len(level) > 1:
        if len(level) > 2:
            return f"{_listed(level)} are level (each within the sampling error of the first)"
        other = level[1] if chosen == best else chosen
        return (f"{_listed(level)} are level ("
                f"{_amount(decision, values[other].cost, best, other)} apart, within the "
                "sampling error)")
    if chosen != best:
        return f"{describe_action(best)} was better by {cost_text(decision)}"
    return None


def situation_text(decision: Decision, players: int = 4) -> str | None:
    """What the seat saw as it decided, in a few words: ``hand Jh Ah Kd 9c Ts; upcard
    Js; score 8-8`` while bidding (``upcard Js turned down`` in round two), ``hand Jh
    Ts; trump hearts; trick so far Kd (West), Qh (North); score 4-6`` in the play
    (``to lead`` with no card played); ``None`` where the review did not keep it.
    ``players``: the table's, to name the seats."""
    seen = decision.situation
    if seen is None:
        return None
    parts = [f"hand {' '.join(card_name(c) for c in seen.hand)}" if seen.hand
             else "no cards seen yet"]
    if seen.upcard is not None:
        parts.append(f"upcard {card_name(seen.upcard)}"
                     + (" turned down" if seen.turned_down else ""))
    if seen.trump is not None:
        parts.append(f"trump {'no trump' if seen.trump == NO_TRUMP else suit_name(seen.trump)}")
    if decision.phase == "play":
        parts.append("trick so far " + ", ".join(
            f"{card_name(c)} ({seat_name(seat, players)})" for seat, c in seen.trick)
            if seen.trick else "to lead")
    parts.append(f"score {'-'.join(str(p) for p in decision.score)}")
    return "; ".join(parts)


def open_hands_text(decision: Decision) -> str | None:
    """The open-hands verdict of a card that cost a trick with every card seen (``open
    hands: costs 1 trick with every card seen (Ah best)``), else ``None``."""
    hands = decision.open_hands
    if hands is None or hands.lost <= 0:
        return None
    best = [card_name(c) for c, t in hands.tricks.items() if t == hands.best]
    return (f"open hands: costs {plural(hands.lost, 'trick')} with every card seen "
            f"({' or '.join(best)} best)")


def note_of(decision: Decision, players: int = 4) -> str | None:
    """The annotation of a decision: its label and what the review says of it
    (:func:`verdict_text`), the open-hands verdict of a card that cost a trick, and
    what the seat saw (:func:`situation_text`); ``None`` when there is nothing to say."""
    parts = []
    label = decision.label
    if label is not None:
        said = verdict_text(decision)
        parts.append(f"{label} {_SOURCE}" + ("" if said is None else f": {said}"))
    hands = open_hands_text(decision)
    if hands is not None:
        parts.append(hands)
    if not parts:
        return None
    seen = situation_text(decision, players)
    return "; ".join(parts if seen is None else [*parts, seen])


def _tagged(recorded: RecordedDeal, game: Game) -> list[tuple[Phase, int, Action]]:
    """Each action of the deal with its phase and seat, from ``game`` at the deal's
    start."""
    out = []
    game = game.copy()
    for action in recorded.actions:
        out.append((game.phase, game.to_act, action))
        game.apply(action)
    return out


def _is_call(phase: Phase, action: Action) -> bool:
    if isinstance(action, Pass):
        return phase is not Phase.DECLARE
    return isinstance(action, (Order, Call))


def egn_index(tagged: Sequence[tuple[Phase, int, Action]], action_index: int
              ) -> tuple[str, int]:
    """Where EGN writes a deal's action: ``("call", i)`` or ``("play", i)``; an action
    that is neither goes with the call before it."""
    calls = plays = 0
    last_call = 0
    for k, (phase, _, action) in enumerate(tagged):
        if k == action_index:
            if isinstance(action, Play):
                return "play", plays
            if _is_call(phase, action):
                return "call", calls
            return "call", last_call
        if isinstance(action, Play):
            plays += 1
        elif _is_call(phase, action):
            last_call = calls
            calls += 1
    raise IndexError(action_index)


def _call_text(action: Action) -> str:
    if isinstance(action, Order):
        return "Order"
    if isinstance(action, Call):
        return (SUIT_CHARS + "n")[action.suit]
    return "Pass"


def _line(decision: Decision, start: Game,
          tagged: Sequence[tuple[Phase, int, Action]]) -> dict[str, object]:
    """The better option of ``decision`` as an alternative line."""
    game = start.copy()
    for _, _, action in tagged[: decision.action_index]:
        game.apply(action)
    where, index = egn_index(tagged, decision.action_index)
    main_calls = sum(_is_call(p, a) for p, _, a in tagged)
    chosen_is_call = _is_call(*tagged[decision.action_index][::2])
    trick_cards = len(game.current_trick)
    finished = len(game.results)
    moves: list[tuple[Phase, Action]] = []
    active = game.rules.players - len(game.sitting_out)
    game.apply(decision.best)
    moves.append((Phase(decision.phase), decision.best))
    known = not any(game.unknown_count(s) for s in range(game.rules.players))
    if known:
        basic = BasicPlayer()
        while len(game.results) == finished and not game.is_over():
            legal = game.legal_actions()
            phase = game.phase
            if phase is Phase.PLAY:
                active = game.rules.players - len(game.sitting_out)
            action = legal[0] if len(legal) == 1 else basic.choose(game.view(game.to_act), legal)
            game.apply(action)
            moves.append((phase, action))
    phases: list[dict[str, object]] = []
    calls = [_call_text(a) for p, a in moves if _is_call(p, a)]
    discards = [a.card for p, a in moves if isinstance(a, Discard) and p is Phase.EXCHANGE]
    alone = [a for _, a in moves if isinstance(a, GoAlone)]
    plays = [card_name(a.card) for _, a in moves if isinstance(a, Play)]
    note = {"0": [f"{_SOURCE}: {describe_action(decision.best)}, better by "
                  f"{cost_text(decision)}"]}
    if where == "call":
        if not chosen_is_call:  # the discard or going alone: state the call again
            calls.insert(0, _call_text(tagged[_call_at(tagged, index)][2]))
        branch = index
        bidding: dict[str, object] = {"phaseNumber": 0, "type": "EUCHRE_BIDDING",
                                      "calls": calls, "callAnnotations": note}
        result = game.results[finished] if len(game.results) > finished else None
        if result is not None:
            bidding["isAlone"] = result.maker is not None and result.maker in result.alone
        elif alone:
            bidding["isAlone"] = alone[-1] == ALONE
        if discards:
            bidding["discard"] = card_name(discards[0])
        phases.append(bidding)
        if plays:
            phases.append({"phaseNumber": 1, "type": "TRICK_PLAY",
                           "tricks": _tricks(plays, active, 0)})
    else:
        branch = main_calls + index
        phases.append({"phaseNumber": 1, "type": "TRICK_PLAY",
                       "tricks": _tricks(plays, active, trick_cards),
                       "playAnnotations": note})
    return {"branchIndex": branch, "phases": phases}


def _call_at(tagged: Sequence[tuple[Phase, int, Action]], call_index: int) -> int:
    """The action index of the deal's ``call_index``-th call."""
    count = 0
    for k, (phase, _, action) in enumerate(tagged):
        if _is_call(phase, action):
            if count == call_index:
                return k
            count += 1
    raise IndexError(call_index)


def _tricks(plays: list[str], active: int, already: int) -> list[list[str]]:
    """The cards in tricks of ``active`` cards, the first of which had ``already``
    cards played."""
    out: list[list[str]] = []
    first = active - already
    if plays[:first]:
        out.append(plays[:first])
    rest = plays[first:]
    out.extend(rest[k : k + active] for k in range(0, len(rest), active))
    return out


def _deal_starts(record: Record) -> list[Game]:
    """The game as each deal of the record begins."""
    starts: list[Game] = []
    states = record.states()
    state = next(states)
    for recorded in record.deals:
        starts.append(state.copy())
        for _ in recorded.actions:
            state = next(states)
    return starts


def deal_actions(record: Record) -> list[list[tuple[Phase, int, Action]]]:
    """Each deal's actions with the phase each was taken in and the seat that took it."""
    return [_tagged(recorded, start)
            for recorded, start in zip(record.deals, _deal_starts(record), strict=True)]


def annotate(review: Review) -> Record:
    """The reviewed record with the review's annotations and alternative lines beside
    those it had (see the module docstring)."""
    record = review.record
    starts = _deal_starts(record)
    by_deal: dict[int, list[Decision]] = {}
    for d in review.decisions:
        by_deal.setdefault(d.deal, []).append(d)
    deals = []
    mistake = {unit: t[1] for unit, t in THRESHOLDS.items()}
    for i, recorded in enumerate(record.deals):
        mine = by_deal.get(i)
        if not mine:
            deals.append(recorded)
            continue
        extras = {k: _copy(v) for k, v in recorded.extras.items()}
        tagged = _tagged(recorded, starts[i])
        for d in mine:
            text = note_of(d, record.rules.players)
            if text is not None:
                where, index = egn_index(tagged, d.action_index)
                key = "callAnnotations" if where == "call" else "playAnnotations"
                notes = extras.setdefault(key, {})
                assert isinstance(notes, dict)
                notes.setdefault(str(index), []).append(text)
            if d.label in ("[?]", "[??]") and d.cost.mean >= mistake[d.unit]:
                lines = extras.setdefault("alternativeLines", [])
                assert isinstance(lines, list)
                lines.append(_line(d, starts[i], tagged))
        for key in ("callAnnotations", "playAnnotations"):
            if key in extras:
                notes = extras[key]
                assert isinstance(notes, dict)
                extras[key] = dict(sorted(notes.items(), key=lambda kv: int(kv[0])))
        deals.append(dataclasses.replace(recorded, extras=extras))
    metadata = dict(record.metadata)
    return dataclasses.replace(record, metadata=metadata, deals=tuple(deals))


def _copy(value: object) -> object:
    """A deep copy of JSON data (the record's own stays as it was)."""
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value
