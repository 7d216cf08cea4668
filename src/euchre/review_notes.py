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

from euchre.actions import ALONE, Action, Call, Discard, GoAlone, Order, Pass, Play
from euchre.cards import SUIT_CHARS, card_name
from euchre.game import Game, Phase
from euchre.players.basic import BasicPlayer
from euchre.record import Record, RecordedDeal
from euchre.review import THRESHOLDS, Decision, Review, describe_action

__all__ = ["annotate", "cost_text", "deal_actions", "egn_index", "note_of"]

_SOURCE = "review"


def cost_text(decision: Decision) -> str:
    """The cost of the option chosen in words: ``4.1% chance to win ± 1.0 (+0.62
    points)`` (the points: what the better option is worth more this deal, which can
    be less than nothing where the chance of winning, not the points, decides)."""
    taken = decision.taken
    best = decision.values()[decision.best]
    points = best.points.mean - taken.points.mean
    if decision.unit == "win":
        return (f"{100 * decision.cost.mean:.1f}% chance to win ± "
                f"{100 * decision.cost.error:.1f} ({points:+.2f} points)")
    return f"{decision.cost.mean:.2f} points ± {decision.cost.error:.2f}"


def note_of(decision: Decision) -> str | None:
    """The annotation of a decision: its label and what was better, and the open-hands
    verdict of a card that cost a trick; ``None`` when there is nothing to say."""
    parts = []
    label = decision.label
    if label in ("[?!]", "[?]", "[??]"):
        parts.append(f"{label} {_SOURCE}: {describe_action(decision.best)} was better by "
                     f"{cost_text(decision)}")
    elif label is not None:
        parts.append(f"{label} {_SOURCE}: the best choice"
                     + ("" if label == "[!?]" else ", and a hard one to find"))
    hands = decision.open_hands
    if hands is not None and hands.lost > 0:
        best = [card_name(c) for c, t in hands.tricks.items() if t == hands.best]
        parts.append(f"open hands: costs {hands.lost} trick{'s' * (hands.lost > 1)} "
                     f"with every card seen ({' or '.join(best)} best)")
    return "; ".join(parts) if parts else None


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
            text = note_of(d)
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
