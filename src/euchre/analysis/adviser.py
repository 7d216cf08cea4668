"""``euchre hand``: what each bid is worth now, for one hand in the bidding.

Given a seat's five cards, the upcard, the dealer, the score and the calls so far,
:func:`hand_options` values every option the seat has now: pass; in round one order up
(the dealer: pick up) and order up alone; in round two each suit it may name, and each
named alone. It judges from the seat's own view only, as the reviewer
(:mod:`euchre.analysis.review`) does: deals consistent with the hand and the upcard are sampled,
weighted by the bidding so far (``expert``'s inference: the others' passes make some
of their hands likelier than others); each option is applied to every sample (the same
samples for all, so the options are compared on the same deals) and the deal is
finished by ``basic`` at every seat. An *alone* option goes alone when the seat is
asked; the plain one stays. Each option gets:

* its **expected points** for the seat's side this deal (its side's points less the
  other side's), with the standard error of the sampling;
* where the game has a target, its **change in the chance of winning the game** (the
  table of :func:`~euchre.players.win_chance.win_chance`, from the score and who
  deals), with its error;
* for an option that makes trump, how often the seat's side **made** it (3 or 4
  tricks), **marched** (all 5) or was **euchred**; for a pass, how often the deal ends
  with the seat's side making trump, the other side making it, or thrown in.

>>> advice = hand_options("Jh Jd Ah Kh As", "Qh", seat=1, dealer=0, budget=8)
>>> advice.best.name, advice.round
('order up alone', 1)
>>> [o.name for o in advice.options if o.name.startswith("order")]
['order up alone', 'order up']
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from euchre.analysis.review import Estimate, Judge, compare, is_level, score_modelled, win_change
from euchre.engine.actions import ALONE, ORDER, PASS, STAY, Action, Call, parse_action
from euchre.engine.cards import (
    NUM_CARD_CODES,
    UNKNOWN,
    Card,
    card_name,
    cards_of,
    deck_mask,
    parse_card,
    suit_name,
)
from euchre.engine.deal import Deal, DealResult
from euchre.engine.game import CHOICES, Game, Phase
from euchre.engine.rules import Rules, seat_name
from euchre.engine.view import PlayerView
from euchre.errors import CardError, EuchreError, IllegalActionError
from euchre.players.expert import replayable
from euchre.players.knowledge import constraints
from euchre.players.sampling import gains_value

__all__ = [
    "DEFAULT_BUDGET",
    "HandAdvice",
    "HandError",
    "OptionAdvice",
    "format_advice",
    "hand_options",
    "split_calls",
]

DEFAULT_BUDGET = 200
"""Sampled deals by default (``euchre hand --budget``)."""

_FORMS = ("four_handed", "two_handed")
"""The forms whose bidding is asked about: two sides, an upcard, two rounds."""

_BIDDING = (Phase.BID1, Phase.BID2)


class HandError(EuchreError, ValueError):
    """A hand, upcard, seat, score or list of calls that does not make a bidding
    position (the message says what is wrong, in one line)."""


@dataclass(frozen=True, slots=True)
class OptionAdvice:
    """One option of the seat now: its worth and what it came to in the rollouts."""

    name: str
    """In a reader's words: ``pass``, ``order up``, ``pick up alone``, ``call spades``."""
    action: Action
    alone: bool
    """Whether the seat goes alone when asked (else it stays)."""
    points: Estimate
    """Expected points for the seat's side this deal, less the other side's."""
    win: Estimate | None
    """The expected change in the chance of winning the game (``None``: the rules have
    no target)."""
    cost: Estimate
    """What it is worth less than the best option (0 for the best), in the unit of
    :attr:`HandAdvice.unit`, measured sample by sample."""
    outcomes: dict[str, float]
    """Shares of the samples (they sum to 1): ``made``, ``marched``, ``euchred`` for an
    option that makes trump; ``we make``, ``they make``, ``thrown in`` for a pass."""

    @property
    def makes_trump(self) -> bool:
        return self.action != PASS

    def to_dict(self) -> dict[str, object]:
        return {
            "option": self.name,
            "action": str(self.action),
            "alone": self.alone,
            "points": self.points.to_dict(),
            "win": None if self.win is None else self.win.to_dict(),
            "cost": self.cost.to_dict(),
            "outcomes": {k: round(v, 4) for k, v in self.outcomes.items()},
        }


@dataclass(frozen=True, slots=True)
class HandAdvice:
    """Every option of a seat in the bidding, best first."""

    seat: int
    dealer: int
    score: tuple[int, ...]
    hand: tuple[Card, ...]
    upcard: Card
    calls: tuple[tuple[int, Action], ...]
    """The calls so far, as ``(seat, action)``."""
    round: int
    """1 (the upcard's suit is offered) or 2 (a suit is named)."""
    rules: Rules
    options: tuple[OptionAdvice, ...]
    """Best first."""
    unit: str
    """What the options are ranked by: ``"win"`` (the chance of winning the game) or
    ``"points"`` (no target)."""
    samples: int
    budget: int
    seed: int

    @property
    def best(self) -> OptionAdvice:
        return self.options[0]

    @property
    def level(self) -> tuple[OptionAdvice, ...]:
        """The best option and those the sampling cannot tell from it
        (:func:`~euchre.analysis.review.is_level`): more than one where no option is best."""
        return (self.best, *(o for o in self.options[1:] if is_level(o.cost)))

    @property
    def margin(self) -> Estimate | None:
        """How much the best option is worth more than the next, in :attr:`unit`
        (sample by sample); ``None`` with one option."""
        return self.options[1].cost if len(self.options) > 1 else None

    def to_dict(self) -> dict[str, object]:
        margin = self.margin
        return {
            "seat": self.seat,
            "dealer": self.dealer,
            "score": list(self.score),
            "hand": [card_name(c) for c in self.hand],
            "upcard": card_name(self.upcard),
            "calls": [{"seat": s, "action": str(a)} for s, a in self.calls],
            "round": self.round,
            "rules": self.rules.preset_name() or self.rules.to_dict(),
            "unit": self.unit,
            "best": self.best.name,
            "level": [o.name for o in self.level],
            "margin": None if margin is None else margin.to_dict(),
            "samples": self.samples,
            "budget": self.budget,
            "seed": self.seed,
            "options": [o.to_dict() for o in self.options],
        }


@dataclass(frozen=True, slots=True)
class _Choice:
    action: Action
    alone: bool | None
    """Go alone when asked (True), stay (False), or leave it to ``basic`` (a pass)."""
    name: str


# -- reading the position ----------------------------------------------------------------


def _cards(text: str | Sequence[Card | str], what: str) -> list[Card]:
    parts = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    out = []
    for part in parts:
        try:
            c = parse_card(part) if isinstance(part, str) else part
        except CardError as error:
            raise HandError(f"{what}: {error}") from None
        out.append(c)
    return out


def _check_card(c: Card, rules: Rules, what: str) -> None:
    if c == UNKNOWN:
        raise HandError(f"{what}: every card must be known (X is an unknown card)")
    if not isinstance(c, int) or not 0 <= c < NUM_CARD_CODES or not deck_mask(rules.deck) >> c & 1:
        shown = card_name(c) if isinstance(c, int) and c >= 0 else repr(c)
        raise HandError(f"{what}: {shown} is not a card of the {rules.deck}-card deck")


def split_calls(text: str) -> list[str]:
    """The calls of ``--calls``: separated by commas, or by spaces (``call h`` and
    ``order up`` are one call each).

    >>> split_calls("pass, pass,call h")
    ['pass', 'pass', 'call h']
    >>> split_calls("pass pass call h")
    ['pass', 'pass', 'call h']
    """
    if "," in text:
        return [part.strip() for part in text.split(",") if part.strip()]
    words = text.split()
    out = []
    i = 0
    while i < len(words):
        if i + 1 < len(words):
            pair = f"{words[i]} {words[i + 1]}"
            try:
                parse_action(pair)
            except EuchreError:
                pass
            else:
                out.append(pair)
                i += 2
                continue
        out.append(words[i])
        i += 1
    return out


def _position(hand: str | Sequence[Card | str], upcard: str | Card, seat: int, dealer: int,
              score: Sequence[int], calls: Sequence[str | Action], rules: Rules,
              seed: int) -> Game:
    """A one-deal game at the seat's turn to bid (the others' cards are random)."""
    if rules.form not in _FORMS:
        raise HandError(f"euchre hand answers four- and two-handed Euchre's bidding, not "
                        f"{rules.form_name}'s")
    if not replayable(rules):
        raise HandError("euchre hand cannot replay these rules' hidden steps (a Benny the "
                        "dealer names, farmers, going under, the widow)")
    if rules.throw_in != "none":
        raise HandError("euchre hand does not take throw-in hands (the declarations before "
                        "the bidding): leave --throw-in at none")
    n = rules.players
    for name, value in (("seat", seat), ("dealer", dealer)):
        if not 0 <= value < n:
            raise HandError(f"the {name} must be one of the seats 0 to {n - 1}, not {value}")
    score = tuple(score)
    if len(score) != 2:
        raise HandError(f"a score has two numbers, one per side, not {len(score)}")
    target = rules.target
    if any(p < 0 or (target > 0 and p >= target) for p in score):
        most = f" to {target - 1} (the target is {target})" if target > 0 else " or more"
        raise HandError(f"the score {score[0]}-{score[1]} is not that of a game going on: "
                        f"each side has 0{most}")
    cards = _cards(hand, "the hand")
    size = rules.hand_size
    if len(cards) != size:
        raise HandError(f"a hand holds {size} cards, not {len(cards)}")
    for c in cards:
        _check_card(c, rules, "the hand")
    held = 0
    for c in cards:
        if held >> c & 1:
            raise HandError(f"the hand holds {card_name(c)} twice")
        held |= 1 << c
    ups = _cards([upcard] if isinstance(upcard, int) else upcard, "the upcard")
    if len(ups) != 1:
        raise HandError(f"the upcard is one card, not {len(ups)}")
    up = ups[0]
    _check_card(up, rules, "the upcard")
    if held >> up & 1:
        raise HandError(f"the upcard {card_name(up)} is in the hand too")
    rest = cards_of(deck_mask(rules.deck) & ~held & ~(1 << up))
    random.Random(seed).shuffle(rest)
    hands: list[tuple[Card, ...]] = []
    for s in range(n):
        if s == seat:
            hands.append(tuple(cards))
        else:
            hands.append(tuple(rest[:size]))
            rest = rest[size:]
    deal = Deal(dealer, tuple(hands), up, tuple(rest))
    game = Game(rules, deals=[deal], first_dealer=dealer, score=score, seed=0)
    for number, call in enumerate(calls, 1):
        try:
            action = parse_action(call) if isinstance(call, str) else call
        except EuchreError:
            raise HandError(f"call {number}, {call!r}, is not a call: the calls are pass, "
                            f"order and call SUIT (e.g. 'pass,pass,call h')") from None
        if game.phase not in _BIDDING:
            raise HandError(f"call {number} ({action}) comes after the bidding ended")
        try:
            game.apply(action)
        except IllegalActionError as error:
            raise HandError(f"call {number} ({action}) is not legal: {error.reason}") from None
    if game.phase not in _BIDDING or game.to_act != seat:
        before = "no calls" if not calls else "those calls"
        now = f"seat {game.to_act} ({seat_name(game.to_act, n)}) is to {CHOICES[game.phase]}"
        raise HandError(f"after {before}, {now}, not seat {seat} to bid: give the calls "
                        f"made before seat {seat}'s turn, from the dealer's left (--calls)")
    return game


def _alone_after(game: Game, seat: int, action: Action) -> str:
    """After ``action``, whether the seat is ``asked`` to go alone, goes alone
    ``forced`` (a Canadian loner) or ``never`` (the dealer's discard, on the random
    hands, cannot change which)."""
    probe = game.copy()
    probe.apply(action)
    while probe.phase is Phase.EXCHANGE:
        probe.apply(probe.legal_actions()[0])
    if probe.phase is Phase.ALONE and probe.to_act == seat:
        return "asked"
    return "forced" if seat in probe.view(seat).alone else "never"


def _choices(game: Game, seat: int) -> list[_Choice]:
    out = []
    for action in game.legal_actions():
        if action == PASS:
            out.append(_Choice(action, None, "pass"))
            continue
        if action == ORDER:
            name = "pick up" if seat == game.view(seat).dealer else "order up"
        elif isinstance(action, Call):
            name = f"call {suit_name(action.suit)}"
        else:
            name = str(action)
        alone = _alone_after(game, seat, action)
        if alone == "forced":
            out.append(_Choice(action, True, f"{name} alone (the rules make it)"))
            continue
        out.append(_Choice(action, False, name))
        if alone == "asked":
            out.append(_Choice(action, True, f"{name} alone"))
    return out


# -- the rollouts ------------------------------------------------------------------------


class _Adviser(Judge):
    """The reviewer's sampling; each option's deal finished, its result kept."""

    def results(self, view: PlayerView, choices: Sequence[_Choice]
                ) -> list[dict[_Choice, DealResult]]:
        rules = view.rules.replace(target=0, deals=1)
        cons = constraints(view)
        out = []
        for hands in self.sample(view, self.samples):
            start, _ = self._replay(view, rules, cons.pool, hands)
            row = {}
            for choice in choices:
                game = start.copy()
                game.apply(choice.action)
                row[choice] = self._result(view.seat, game, choice.alone)
            out.append(row)
        return out

    def _result(self, seat: int, game: Game, alone: bool | None) -> DealResult:
        """The deal finished by ``basic`` at every seat but the seat's going-alone
        answer (unless ``alone`` is ``None``)."""
        choose = self._basic.choose
        while not game.results:
            legal = game.legal_actions()
            action: Action
            if alone is not None and game.phase is Phase.ALONE and game.to_act == seat:
                action = ALONE if alone else STAY
            elif len(legal) == 1:
                action = legal[0]
            else:
                action = choose(game.view(game.to_act), legal)
            game.apply(action)
        self.rollouts_run += 1
        return game.results[0]


def _outcomes(choice: _Choice, results: Sequence[DealResult], rules: Rules,
              team: int) -> dict[str, float]:
    n = len(results) or 1
    team_of = rules.seating.team_of
    if choice.alone is None:
        ours = sum(r.maker is not None and team_of[r.maker] == team for r in results)
        theirs = sum(r.maker is not None and team_of[r.maker] != team for r in results)
        return {"we make": ours / n, "they make": theirs / n,
                "thrown in": (len(results) - ours - theirs) / n}
    size = rules.hand_size
    marched = sum(r.tricks[team] == size for r in results)
    made = sum(2 * r.tricks[team] > size for r in results) - marched
    return {"made": made / n, "marched": marched / n,
            "euchred": (len(results) - made - marched) / n}


def hand_options(hand: str | Sequence[Card | str], upcard: str | Card, *, seat: int = 1,
                 dealer: int = 0, score: Sequence[int] = (0, 0),
                 calls: Sequence[str | Action] = (), rules: Rules | None = None,
                 budget: int = DEFAULT_BUDGET, seed: int = 0) -> HandAdvice:
    """Every option of ``seat`` holding ``hand`` now, with ``budget`` sampled deals (see
    the module docstring). ``calls``: the bids so far from the dealer's left (``pass``,
    ``order``, ``call h``, as text or actions), after which it must be the seat's turn
    in round one or two. Raises :class:`HandError` (one line) on a position that is not
    one. Deterministic for a seed."""
    rules = rules or Rules()
    if budget < 1:
        raise HandError("the budget is at least 1 sampled deal")
    game = _position(hand, upcard, seat, dealer, score, calls, rules, seed)
    view = game.view(seat)
    choices = _choices(game, seat)
    rows = _Adviser(seed, budget).results(view, choices)
    weights = [1.0] * len(rows)
    team = rules.seating.team_of[seat]
    scored = score_modelled(rules)
    points = {c: [gains_value(rules, seat, r[c].gains) for r in rows] for c in choices}

    def change(p: float) -> float:
        return win_change(rules, view.score, team, p, view.dealer)

    compared = compare(points, weights, change if scored else None)
    options = [OptionAdvice(c.name, c.action, bool(c.alone), *compared[c],
                            _outcomes(c, [r[c] for r in rows], rules, team))
               for c in choices]
    options.sort(key=lambda o: o.cost.mean)
    cards = game.deals[-1].hands[seat]
    return HandAdvice(seat, view.dealer, view.score, cards, view.upcard, view.calls,
                      1 if game.phase is Phase.BID1 else 2, rules, tuple(options),
                      "win" if scored else "points", len(rows), budget, seed)


# -- for people --------------------------------------------------------------------------


def _percent(share: float) -> str:
    return f"{100 * share:.0f}%"


def _pp(estimate: Estimate) -> str:
    return f"{100 * estimate.mean:+.1f} ± {100 * estimate.error:.1f} pp"


def format_advice(advice: HandAdvice) -> str:
    """A small table for people: each option's points, change in the chance of winning
    (percentage points) and outcomes, then which option is best and by how much."""
    n = advice.rules.players
    rounds = {1: "round one", 2: "round two"}
    said = ", ".join(f"{seat_name(s, n)} {a}" for s, a in advice.calls) or "none"
    lines = [
        f"{seat_name(advice.seat, n)} (seat {advice.seat}) holds "
        f"{' '.join(card_name(c) for c in advice.hand)}; "
        f"{seat_name(advice.dealer, n)} (seat {advice.dealer}) deals, upcard "
        f"{card_name(advice.upcard)}; score {advice.score[0]}-{advice.score[1]} "
        f"({advice.rules.team_name(0)} first).",
        f"{rounds[advice.round].capitalize()}; calls so far: {said}. "
        f"{advice.samples} sampled deals.",
        "",
    ]
    scored = advice.unit == "win"
    table = [["option", "points", "win chance" if scored else "", "made", "marched",
              "euchred"]]
    for o in advice.options:
        shares = [_percent(o.outcomes[k]) for k in ("made", "marched", "euchred")] \
            if o.makes_trump else ["-", "-", "-"]
        table.append([o.name, str(o.points), "" if o.win is None else _pp(o.win), *shares])
    widths = [max(len(row[i]) for row in table) for i in range(len(table[0]))]
    for row in table:
        cells = [row[0].ljust(widths[0])] + [cell.rjust(w) for cell, w
                                             in zip(row[1:], widths[1:], strict=True)]
        lines.append("  ".join(c for c, w in zip(cells, widths, strict=True) if w).rstrip())
    passed = next((o for o in advice.options if not o.makes_trump), None)
    if passed is not None:
        lines.append("")
        lines.append(f"After a pass: our side makes trump {_percent(passed.outcomes['we make'])}"
                     f", the other side {_percent(passed.outcomes['they make'])}, "
                     f"thrown in {_percent(passed.outcomes['thrown in'])}.")
    lines.append(_best_line(advice))
    return "\n".join(lines)


def _best_line(advice: HandAdvice) -> str:
    """The last line: the best option and by how much over the next; or, where the
    sampling cannot tell them apart (:func:`~euchre.analysis.review.is_level`), that the options
    at the top are level, which is no recommendation of one over the other."""
    best = advice.best
    if len(advice.options) < 2:
        return f"Best: {best.name}, the only option."
    runner = advice.options[1]
    margin = runner.cost
    points = best.points.mean - runner.points.mean
    if advice.unit == "win":
        by = (f"{100 * margin.mean:.1f} ± {100 * margin.error:.1f} percentage points of "
              f"the chance to win ({points:+.2f} points)")
    else:
        by = f"{margin.mean:.2f} ± {margin.error:.2f} points"
    level = advice.level
    if len(level) > 2:
        names = ", ".join(o.name for o in level[:-1])
        return (f"Level: {names} and {level[-1].name}, each within the sampling error of "
                f"{best.name}: none is a better bid than the others.")
    if len(level) == 2:
        return (f"Level: {best.name} and {runner.name}, {by} apart, within the sampling "
                "error: neither is a better bid than the other.")
    return f"Best: {best.name}, by {by} over {runner.name}."
