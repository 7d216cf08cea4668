"""The deals of a duplicate event and of the daily challenge: the same cards at every
table, from a seed.

A duplicate event plays a set of *boards*: deals made once, from the event's seed, and
played at every table, each a game of one deal (:func:`board_game`). Board ``n`` is
dealt by seat ``n`` modulo the players, as bridge boards rotate the dealer, so each seat
deals as often as the others. Each table's result on a board (North-South's points less
East-West's) is then scored by :func:`euchre.clubs.scoring.matchpoints`.

The daily challenge is the day's boards against the bots. Its seed is not to be known
before the day: :func:`daily_seed` takes the day and the server's secret through
HMAC-SHA256, so nobody can work the deals out in advance, while the server finds the
same ones all day.

>>> from euchre.engine.rules import Rules
>>> one, two = boards(7, 3, Rules()), boards(7, 3, Rules())
>>> one == two, [deal.dealer for deal in one]
(True, [0, 1, 2])
>>> board_game(one[1], Rules()).dealer
1
"""

from __future__ import annotations

import datetime
import hashlib
import hmac
import random

from euchre.engine.deal import Deal, random_deal
from euchre.engine.game import Game
from euchre.engine.rules import Rules
from euchre.errors import EuchreError

__all__ = ["board_game", "boards", "daily_seed"]


def boards(seed: int, count: int, rules: Rules) -> list[Deal]:
    """The ``count`` boards of an event's ``seed`` under ``rules``: board ``n`` (from 0)
    dealt by seat ``n`` modulo the players."""
    if count < 1:
        raise EuchreError("an event plays at least one board")
    rng = random.Random(seed)
    return [random_deal(rules, n % rules.players, rng) for n in range(count)]


def board_game(deal: Deal, rules: Rules) -> Game:
    """A game of the one deal ``deal``, to play a board at a table."""
    return Game(rules.replace(deals=1, target=0), deals=[deal])


def daily_seed(day: datetime.date, secret: bytes) -> int:
    """The seed of ``day``'s challenge: HMAC-SHA256 of the day under the server's
    ``secret``, so that the day's deals can not be known before it.

    >>> key = b"the server's own secret"
    >>> daily_seed(datetime.date(2026, 12, 5), key) == daily_seed(datetime.date(2026, 12, 5), key)
    True
    """
    if len(secret) < 16:
        raise EuchreError("the daily challenge's secret has at least 16 bytes")
    digest = hmac.new(secret, day.isoformat().encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big")
