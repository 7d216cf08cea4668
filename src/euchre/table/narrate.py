"""Plain-text narration of a game for people, deal by deal.

The narrator is told of each action just before it is applied, so it can describe it
with the state it was taken in (the trick it completes, the deal it ends).

>>> from euchre.engine.game import Game
>>> from euchre.players import RandomPlayer, play_game
>>> lines: list[str] = []
>>> narrator = Narrator(lines.append)
>>> game = Game(seed=2)
>>> narrator.start(game)
>>> _ = play_game(game, [RandomPlayer(s) for s in range(4)], narrator.before, narrator.after)
>>> lines[0].startswith("Deal 1")
True
>>> lines[-1].startswith("Game over")
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from euchre.engine.actions import (
    ALONE,
    KIND_BEST,
    KIND_BID,
    KIND_CALL,
    KIND_DECLARE,
    KIND_DISCARD,
    KIND_GIVE,
    KIND_ORDER,
    KIND_PASS,
    KIND_PLAY,
    Action,
    Declare,
)
from euchre.engine.cards import card_suit, card_symbol, suit_name, trick_winner_index
from euchre.engine.deal import DealResult
from euchre.engine.game import Game, Phase
from euchre.engine.rules import seat_name, team_name
from euchre.table.wording import bid_words, call_text, order_word, thrown_in_text
from euchre.text import plural

__all__ = ["Narrator", "agree", "conjugate", "seats_line"]

_SECOND_PERSON: Final = {
    "is": "are", "was": "were", "has": "have", "does": "do", "passes": "pass",
    "goes": "go",
}
"""Verbs whose "You" form is not the third person less its ``s``."""
_VERBS: Final = frozenset({
    "assists", "bids", "calls", "deals", "declines", "defends", "discards", "gives",
    "leads", "lays", "makes", "names", "orders", "picks", "plays", "shows", "sits", "stays",
    "swaps", "takes", "throws", "wins", *_SECOND_PERSON,
})
"""The verbs of the sentences about players (a word not here is never changed)."""


def conjugate(who: str, phrase: str) -> str:
    """``phrase`` (its verbs in the third person singular) as said of ``who``: the same,
    or with the verbs of "You" when ``who`` is "You" (in any case).

    >>> conjugate("You", "picks up ♦"), conjugate("Ada", "picks up ♦")
    ('pick up ♦', 'picks up ♦')
    >>> conjugate("you", "is stuck and takes the trick")
    'are stuck and take the trick'
    >>> conjugate("You", "assists: hearts are trump")
    'assist: hearts are trump'
    """
    if who.strip().casefold() != "you":
        return phrase

    def second(word: str) -> str:
        bare = word.rstrip(":,;.!")
        if bare not in _VERBS:
            return word
        return _SECOND_PERSON.get(bare, bare[:-1]) + word[len(bare):]

    return " ".join(second(word) for word in phrase.split(" "))


def agree(who: str, phrase: str) -> str:
    """``who`` and ``phrase`` as one sentence, the verbs agreeing with "You".

    >>> agree("You", "deals"), agree("West", "deals")
    ('You deal', 'West deals')
    >>> agree("You", "takes the upcard and discards face down")
    'You take the upcard and discard face down'
    """
    return f"{who} {conjugate(who, phrase)}"


def _agree(who: str, phrase: str) -> str:
    """An indented line of the narration, the verbs agreeing with "You".

    >>> _agree("You", "takes the upcard and discards face down")
    '  You take the upcard and discard face down'
    >>> _agree("West", "passes")
    '  West passes'
    """
    return f"  {agree(who, phrase)}"


def seats_line(names: Sequence[str], partnerships: bool | None = None) -> str:
    """Who sits where, clockwise from seat 0, and the teams where there are partnerships
    (``None``: at a table of four).

    >>> seats_line(["Ann", "Bob"])
    'Seats, clockwise: South Ann, North Bob'
    >>> seats_line(["basic", "random", "basic", "random"])[-44:]
    'East random; teams North-South and East-West'
    >>> seats_line(["Ann", "Bob", "Cy"])
    'Seats, clockwise: South Ann, West Bob, East Cy'
    """
    seats = ", ".join(f"{seat_name(seat, len(names))} {name}" for seat, name in enumerate(names))
    teams = ""
    if partnerships or (partnerships is None and len(names) == 4):
        teams = f"; teams {team_name(0)} and {team_name(1)}"
    return f"Seats, clockwise: {seats}{teams}"


class Narrator:
    """Writes one line per event through ``write``."""

    def __init__(self, write: Callable[[str], None], names: list[str] | None = None) -> None:
        self._write = write
        self._names = names
        self._deals_before = 0
        self._ordered = ""
        """An order up waiting for its trump, written by :meth:`after`."""

    def _name(self, game: Game, seat: int) -> str:
        if self._names is not None:
            return self._names[seat]
        return seat_name(seat, game.rules.players)

    def _team(self, game: Game, team: int) -> str:
        """A side's name: North-South or East-West; where each plays alone, the player's
        name."""
        if game.rules.seating.partner_of[0] is None:
            return self._name(game, team)
        return team_name(team)

    def _score(self, game: Game, score: Sequence[int]) -> str:
        """A score: ``7-4`` for two sides at or above zero; else each side by name,
        ``Ann 3, Bob -2, Cy 5``."""
        if len(score) == 2 and min(score) >= 0:
            return f"{score[0]}-{score[1]}"
        return ", ".join(f"{self._team(game, t)} {p}" for t, p in enumerate(score))

    def start(self, game: Game) -> None:
        """Announce the game and its first deal."""
        if any(game.start_score):
            self._write(f"Starting at {self._score(game, game.start_score)}")
        if not game.is_over():
            self._deal(game)

    def _deal(self, game: Game) -> None:
        dealer = agree(self._name(game, game.dealer), "deals")
        if game.rules.has_upcard:
            self._write(f"Deal {game.deal_number + 1}: {dealer}, "
                        f"{card_symbol(game.upcard)} turned up")
        else:
            self._write(f"Deal {game.deal_number + 1}: {dealer}")

    def before(self, game: Game, seat: int, action: Action) -> None:
        """Describe ``action`` by ``seat``, about to be applied to ``game``."""
        who = self._name(game, seat)
        kind = action.kind
        phase = game.phase
        deals_before = len(game.results)
        if kind == KIND_PASS:
            self._write(_agree(who, "passes"))
        elif kind == KIND_ORDER:
            verb = order_word(game.rules.seating, game.dealer, seat, third=True)
            verb = {"picks up": "picks it up", "orders up": "orders it up"}.get(verb, verb)
            # the suit ordered is the engine's to say (a Benny upcard may make it hearts):
            # the line is written once the order is applied
            self._ordered = _agree(who, verb)
        elif kind == KIND_CALL:
            verb = "names" if phase in (Phase.BENNY, Phase.TRUMP) else "calls"
            self._write(_agree(who, f"{verb} {suit_name(action.suit)}"))  # type: ignore[attr-defined]
        elif kind == KIND_DISCARD:
            taken = phase is Phase.EXCHANGE and action.card != game.upcard  # type: ignore[attr-defined]
            self._write(_agree(who, "takes the upcard and discards face down" if taken
                               else "discards face down"))
        elif kind == KIND_BID:
            napoleon = game.rules.form == "napoleon"
            bid = bid_words(action.value, napoleon=napoleon)  # type: ignore[attr-defined]
            self._write(_agree(who, f"bids {bid}"))
        elif kind == KIND_DECLARE:
            assert isinstance(action, Declare)
            text = call_text(action, seating=game.rules.seating, dealer=game.dealer,
                             seat=seat, upcard=game.upcard)
            shown = " ".join(card_symbol(c) for c in action.cards)
            self._write(_agree(who, f"{text} ({shown}) and swaps them for the kitty"
                               if shown else text))
        elif kind == KIND_BEST:
            self._write(_agree(who, "calls for the partner's best card"
                               if action.call else "declines best"))  # type: ignore[attr-defined]
        elif kind == KIND_GIVE:
            self._write(_agree(who, "passes a card face down"))
        elif phase is Phase.ALONE:
            if action == ALONE:
                self._write(_agree(who, "goes alone"))
        elif kind == KIND_PLAY:
            self._play(game, seat, action.card)  # type: ignore[attr-defined]
        self._deals_before = deals_before

    def _play(self, game: Game, seat: int, c: int) -> None:
        trick = [*game.current_trick, (seat, c)]
        active = game.rules.players - len(game.sitting_out)
        if len(trick) < active:
            return
        trump = game.trump if game.trump is not None else card_suit(trick[0][1])
        order = game.rules.trump_order
        winner = trick[trick_winner_index([card for _, card in trick], trump, order=order)][0]
        cards = ", ".join(f"{self._name(game, s)[0]} {card_symbol(card)}" for s, card in trick)
        number = len(game.tricks) + 1
        self._write(f"  Trick {number}: {cards}  -> {self._name(game, winner)}")

    def after(self, game: Game) -> None:
        """Report the end of a deal (and start of the next) once an action is applied."""
        if self._ordered:
            trump = "no suit is" if game.trump is None else f"{suit_name(game.trump)} are"
            self._write(f"{self._ordered}: {trump} trump")
            self._ordered = ""
        if len(game.results) > self._deals_before:
            self._result(game, game.results[-1])
            if game.is_over():
                self._end(game)
            else:
                self._deal(game)

    def _result(self, game: Game, result: DealResult) -> None:
        if result.thrown_in or result.maker is None:
            # the deal's own actions say why: every deal so far has its actions
            actions = game.history[len(game.results) - 1]
            self._write(f"  {thrown_in_text(actions[-1] if actions else None)}")
        else:
            made = result.tricks[game.rules.seating.team(result.maker)]
            scored = " · ".join(f"{self._team(game, t)} {g:+d}"
                                for t, g in enumerate(result.gains) if g) or "nobody scores"
            trump = "no trump" if result.trump is None else suit_name(result.trump)
            if result.bid is not None:
                bid = bid_words(result.bid, napoleon=game.rules.form == "napoleon")
                head = f"{self._name(game, result.maker)} bid {bid} ({trump})"
            else:
                head = f"{self._name(game, result.maker)} made {trump}"
            self._write(f"  {head}: {plural(made, 'trick')}, {result.verdict}; {scored}")
        self._write(f"  Score: {self._score(game, result.score)}")

    def _end(self, game: Game) -> None:
        winner = game.winner()
        score = self._score(game, game.score)
        if winner is None:
            self._write(f"Game over: a tie, {score}")
        else:
            team = self._team(game, winner)
            verb = "wins" if game.rules.seating.partner_of[0] is None else "win"
            if "," in score:
                score = f"({score})"
            self._write(f"Game over: {team} {conjugate(team, verb)} {score}")

