"""Plain-text narration of a game for people, deal by deal.

The narrator is told of each action just before it is applied, so it can describe it
with the state it was taken in (the trick it completes, the deal it ends).

>>> from euchre.game import Game
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

from euchre.actions import ALONE, KIND_CALL, KIND_DISCARD, KIND_ORDER, KIND_PASS, KIND_PLAY, Action
from euchre.cards import card_suit, card_symbol, suit_name, trick_winner_index
from euchre.deal import DealResult
from euchre.game import Game, Phase
from euchre.rules import seat_name, team_name
from euchre.text import plural
from euchre.wording import order_word

__all__ = ["Narrator", "agree", "conjugate", "seats_line"]

_SECOND_PERSON: Final = {
    "is": "are", "was": "were", "has": "have", "does": "do", "passes": "pass",
    "goes": "go",
}
"""Verbs whose "You" form is not the third person less its ``s``."""
_VERBS: Final = frozenset({
    "assists", "calls", "deals", "defends", "discards", "leads", "lays", "makes",
    "orders", "picks", "plays", "sits", "stays", "takes", "wins", *_SECOND_PERSON,
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


def seats_line(names: Sequence[str]) -> str:
    """Who sits where, clockwise from seat 0.

    >>> seats_line(["Ann", "Bob"])
    'Seats, clockwise: South Ann, North Bob'
    >>> seats_line(["basic", "random", "basic", "random"])[-44:]
    'East random; teams North-South and East-West'
    """
    seats = ", ".join(f"{seat_name(seat, len(names))} {name}" for seat, name in enumerate(names))
    teams = "" if len(names) == 2 else f"; teams {team_name(0)} and {team_name(1)}"
    return f"Seats, clockwise: {seats}{teams}"


class Narrator:
    """Writes one line per event through ``write``."""

    def __init__(self, write: Callable[[str], None], names: list[str] | None = None) -> None:
        self._write = write
        self._names = names
        self._deals_before = 0

    def _name(self, game: Game, seat: int) -> str:
        if self._names is not None:
            return self._names[seat]
        return seat_name(seat, game.rules.players)

    def _team(self, game: Game, team: int) -> str:
        """A side's name: North-South or East-West; two-handed, the player's name."""
        if game.rules.players == 2:
            return self._name(game, team)
        return team_name(team)

    def start(self, game: Game) -> None:
        """Announce the game and its first deal."""
        if game.start_score != (0, 0):
            self._write(f"Starting at {game.start_score[0]}-{game.start_score[1]}")
        if not game.is_over():
            self._deal(game)

    def _deal(self, game: Game) -> None:
        dealer = agree(self._name(game, game.dealer), "deals")
        self._write(f"Deal {game.deal_number + 1}: {dealer}, {card_symbol(game.upcard)} turned up")

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
            self._write(_agree(who, f"{verb}: {suit_name(card_suit(game.upcard))} are trump"))
        elif kind == KIND_CALL:
            self._write(_agree(who, f"calls {suit_name(action.suit)}"))  # type: ignore[attr-defined]
        elif kind == KIND_DISCARD:
            taken = action.card != game.upcard  # type: ignore[attr-defined]
            self._write(_agree(who, "takes the upcard and discards face down" if taken
                               else "discards face down"))
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
        assert game.trump is not None
        winner = trick[trick_winner_index([card for _, card in trick], game.trump)][0]
        cards = ", ".join(f"{self._name(game, s)[0]} {card_symbol(card)}" for s, card in trick)
        number = len(game.tricks) + 1
        self._write(f"  Trick {number}: {cards}  -> {self._name(game, winner)}")

    def after(self, game: Game) -> None:
        """Report the end of a deal (and start of the next) once an action is applied."""
        if len(game.results) > self._deals_before:
            self._result(game, game.results[-1])
            if game.is_over():
                self._end(game)
            else:
                self._deal(game)

    def _result(self, game: Game, result: DealResult) -> None:
        if result.thrown_in:
            self._write("  All pass: the deal is thrown in")
        else:
            assert result.maker is not None
            made = result.tricks[game.rules.seating.team(result.maker)]
            scored = ("nobody scores" if result.team is None
                      else f"{self._team(game, result.team)} +{result.points}")
            self._write(
                f"  {self._name(game, result.maker)} made {suit_name(result.trump or 0)}: "
                f"{plural(made, 'trick')}, {result.verdict}; {scored}"
            )
        self._write(f"  Score: {result.score[0]}-{result.score[1]}")

    def _end(self, game: Game) -> None:
        winner = game.winner()
        score = f"{game.score[0]}-{game.score[1]}"
        if winner is None:
            self._write(f"Game over: a tie, {score}")
        else:
            team = self._team(game, winner)
            verb = "wins" if game.rules.players == 2 else "win"
            self._write(f"Game over: {team} {conjugate(team, verb)} {score}")
