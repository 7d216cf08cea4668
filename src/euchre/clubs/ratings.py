"""Ratings of rated play: OpenSkill's Plackett-Luce model, by team, a rating per form.

Each player has a rating for each form of the game (``four_handed``, ``two_handed``,
...): a skill ``mu`` and its uncertainty ``sigma``, as OpenSkill (the ``clubs`` extra)
keeps them, updated after every rated game from who was on which side and which side
won. A person who leaves a rated game loses it (the caller says so in
:attr:`RatedGame.winner`). The bots at a rated table are fixed anchors (:data:`ANCHORS`):
their ratings are used and never changed, so the scale stays where the bots hold it.

A rating is shown as ``1500 + 60 × (mu − 25)``: a new player is 1500, and a player 60
points above another is one unit of skill above it; it is *provisional* (shown with a
``?``) while ``sigma`` is over :data:`PROVISIONAL_SIGMA`. A leaderboard orders players by
the conservative estimate ``mu − 3·sigma``, so one lucky game does not top it.

Ratings are worked out again, exactly, from the stored games in the order they ended
(:func:`recompute`): nothing is kept that the games do not say.

>>> ratings = recompute([RatedGame("g1", "four_handed", (("ada", "bea"), ("cy", "bot:basic")), 0)])
>>> ratings.rating("ada", "four_handed").shown > 1500 > ratings.rating("cy", "four_handed").shown
True
>>> ratings.rating("bot:basic", "four_handed") == anchor("basic")
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Final, NamedTuple

from euchre.errors import EuchreError
from euchre.extras import optional_module

__all__ = ["ANCHORS", "BOT_PREFIX", "PROVISIONAL_SIGMA", "RatedGame", "Rating", "Ratings",
           "anchor", "recompute"]

BOT_PREFIX: Final = "bot:"
"""A bot's player name at a rated table: ``bot:`` and the bot's name (``bot:expert``)."""

ANCHOR_SIGMA: Final = 0.5
ANCHORS: Final = {"random": 18.05, "pimc": 24.62, "basic": 25.0, "expert": 25.64}
"""Each bot's fixed ``mu``, from their measured games to 10 against ``basic``
(``docs/clubs.md``): ``basic`` is a new player's 25, and each other bot sits where the
model gives two of it the share of games it won against two ``basic``: ``expert`` 58.5%
of 200 (``docs/strength.md``), ``pimc`` 45% of 200, ``random`` none of 200 (set at 1%;
the 95% interval's end is 1.9%)."""

PROVISIONAL_SIGMA: Final = 3.0
"""A rating whose ``sigma`` is over this is shown as provisional."""


class Rating(NamedTuple):
    """A player's rating in one form: ``mu``, ``sigma`` and the rated games played."""

    mu: float
    sigma: float
    games: int = 0

    @property
    def shown(self) -> int:
        """The rating as players see it: 1500 for a new player."""
        return round(1500 + 60 * (self.mu - 25.0))

    @property
    def provisional(self) -> bool:
        return self.sigma > PROVISIONAL_SIGMA

    @property
    def conservative(self) -> float:
        """``mu − 3·sigma``: what a leaderboard orders by."""
        return self.mu - 3 * self.sigma

    def __str__(self) -> str:
        return f"{self.shown}{'?' if self.provisional else ''}"


def anchor(bot: str) -> Rating:
    """The fixed rating of ``bot`` at a rated table (``EuchreError`` for a bot that is
    not an anchor: only these bots sit at rated tables)."""
    if bot not in ANCHORS:
        raise EuchreError(f"{bot} does not sit at rated tables: choose one of "
                          f"{', '.join(ANCHORS)}")
    return Rating(ANCHORS[bot], ANCHOR_SIGMA)


@dataclass(frozen=True)
class RatedGame:
    """A finished rated game: its id, its form, the players of each side (a bot as
    ``bot:NAME``) and the side that won (0 or 1; a side whose person left lost)."""

    id: str
    form: str
    sides: tuple[tuple[str, ...], tuple[str, ...]]
    winner: int

    def __post_init__(self) -> None:
        if self.winner not in (0, 1):
            raise EuchreError(f"game {self.id}: the winner is side 0 or side 1")
        everyone = [*self.sides[0], *self.sides[1]]
        people = [p for p in everyone if not p.startswith(BOT_PREFIX)]
        if not self.sides[0] or not self.sides[1] or len(set(people)) != len(people):
            raise EuchreError(f"game {self.id}: two sides of different players (two "
                              f"seats may hold the same bot)")
        for player in everyone:
            if player.startswith(BOT_PREFIX):
                anchor(player.removeprefix(BOT_PREFIX))
        if all(p.startswith(BOT_PREFIX) for p in everyone):
            raise EuchreError(f"game {self.id}: a rated game has a person in it")


@dataclass
class Ratings:
    """Every player's rating, by form, as the games rated so far leave them."""

    ratings: dict[tuple[str, str], Rating] = field(default_factory=dict)
    _model: Any = None

    def __post_init__(self) -> None:
        openskill = optional_module("openskill.models", "clubs", "ratings")
        self._model = openskill.PlackettLuce()

    def rating(self, player: str, form: str) -> Rating:
        """``player``'s rating in ``form`` (a new player's, or a bot's anchor)."""
        if player.startswith(BOT_PREFIX):
            return anchor(player.removeprefix(BOT_PREFIX))
        return self.ratings.get((player, form)) or Rating(25.0, 25.0 / 3)

    def rate(self, game: RatedGame) -> None:
        """Update the people of ``game`` (the bots stay as they are)."""
        model = self._model
        teams = [[model.rating(mu=r.mu, sigma=r.sigma, name=p)
                  for p in side for r in [self.rating(p, game.form)]]
                 for side in game.sides]
        ranks = [0, 1] if game.winner == 0 else [1, 0]
        for side, team in zip(game.sides, model.rate(teams, ranks=ranks), strict=True):
            for player, new in zip(side, team, strict=True):
                if not player.startswith(BOT_PREFIX):
                    old = self.rating(player, game.form)
                    self.ratings[(player, game.form)] = Rating(new.mu, new.sigma,
                                                               old.games + 1)

    def leaderboard(self, form: str) -> list[tuple[str, Rating]]:
        """The people rated in ``form``, best first by :attr:`Rating.conservative`
        (then by name)."""
        rows = [(player, rating) for (player, f), rating in self.ratings.items() if f == form]
        return sorted(rows, key=lambda row: (-row[1].conservative, row[0]))

    def chance(self, sides: tuple[tuple[str, ...], tuple[str, ...]], form: str) -> float:
        """The model's chance that the first side wins."""
        model = self._model
        teams = [[model.rating(mu=r.mu, sigma=r.sigma)
                  for p in side for r in [self.rating(p, form)]] for side in sides]
        return float(model.predict_win(teams)[0])


def recompute(games: Iterable[RatedGame]) -> Ratings:
    """The ratings the rated ``games`` give, in the order given (the order they ended)."""
    ratings = Ratings()
    for game in games:
        ratings.rate(game)
    return ratings
