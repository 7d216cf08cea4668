"""``euchre ratings``: the ratings a set of played games gives, worked out again from
the games themselves (:mod:`euchre.clubs.ratings`).

Each game (a native record or an EGN file; an EMN match gives each of its games, in
order) is replayed; its players are the names of its ``players`` by seat, and a seat
its ``bots`` name (a record of ``euchre serve``) plays as that bot's fixed anchor. A
finished game of two sides is rated, in the order given; any other (unfinished, tied,
of a form with more sides, with a bot that is no anchor) is left out with a line that
says why. The leaderboard of each form follows.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
from collections.abc import Iterator
from typing import Any

from euchre.clubs.ratings import ANCHORS, BOT_PREFIX, RatedGame, Ratings
from euchre.engine.rules import FORM_NAMES
from euchre.errors import EuchreError, RecordError
from euchre.records.emn import load_emn
from euchre.records.files import read_record
from euchre.records.record import Record
from euchre.text import plural

__all__ = ["add_ratings_command", "rated_game"]


def _records(paths: list[str]) -> list[tuple[str, Record]]:
    """Every game of ``paths``, named for the messages (``evening.emn game 2``)."""
    games = []
    for path in paths:
        if os.fspath(path).lower().endswith(".emn"):
            match = load_emn(path)
            games += [(f"{path} game {k + 1}", g.record) for k, g in enumerate(match.games)]
        else:
            games.append((path, read_record(path)))
    return games


def rated_game(name: str, record: Record) -> RatedGame:
    """``record`` as a rated game; :class:`~euchre.errors.RecordError` that says why it
    can not be one."""
    rules = record.rules
    seating = rules.seating
    if seating.team_count != 2 or rules.form == "napoleon":
        raise RecordError(f"{FORM_NAMES[rules.form]} is not two sides: not rated")
    game = record.replay_all().game
    winner = game.winner()
    if winner is None:
        raise RecordError("not finished, or tied: not rated")
    names = record.metadata.get("players")
    if not isinstance(names, list) or len(names) != rules.players:
        raise RecordError("its players are not named by seat: not rated")
    bots = record.metadata.get("bots")
    players = []
    for seat, player in enumerate(names):
        bot = bots[seat] if isinstance(bots, list) and seat < len(bots) else None
        if isinstance(bot, str) and bot != "human":
            if bot not in ANCHORS:
                raise RecordError(f"seat {seat} is the bot {bot}, which does not sit at "
                                  f"rated tables: not rated")
            players.append(BOT_PREFIX + bot)
        else:
            players.append(str(player))
    sides = tuple(tuple(p for s, p in enumerate(players) if seating.team_of[s] == t)
                  for t in range(2))
    return RatedGame(name, rules.form, (sides[0], sides[1]), winner)


def _store_address(value: str) -> str:
    """``--store``: a web room's store's address."""
    from euchre.web.database import StoreError
    from euchre.web.stores import store_kind

    try:
        store_kind(value)
    except StoreError as error:
        raise argparse.ArgumentTypeError(str(error).removeprefix("--store: ")) from None
    return value


async def _stored_games(url: str) -> list[RatedGame]:
    """The rated games of the web room's store at ``url``
    (:func:`~euchre.web.clubs.rated_games`), its players by their names."""
    from euchre.extras import optional_module

    optional_module("starlette", "web", "a web room's store")
    from euchre.web.clubs import rated_games
    from euchre.web.database import sqlite_path
    from euchre.web.stores import open_store, store_kind

    if store_kind(url) == "sqlite" and not os.path.isfile(sqlite_path(url)):
        raise EuchreError(f"--store: there is no store at {sqlite_path(url)}")
    store = await open_store(url)
    try:
        games = await rated_games(store)
        names = dict(await store.query("SELECT id, name FROM accounts"))
    finally:
        await store.close()
    return [RatedGame(game.id, game.form, (
        tuple(names.get(p, p) for p in game.sides[0]),
        tuple(names.get(p, p) for p in game.sides[1])), game.winner) for game in games]


def _games(args: argparse.Namespace) -> Iterator[RatedGame]:
    """The games to rate, in order: the store's, then the files' (one that can not be
    rated is told in one line, and the rest go on)."""
    if args.store is not None:
        yield from asyncio.run(_stored_games(args.store))
    for name, record in _records(args.games):
        try:
            yield rated_game(name, record)
        except RecordError as error:  # the rest go on: one line for this one
            print(f"{name}: {error}", file=sys.stderr)


def _cmd_ratings(args: argparse.Namespace) -> int:
    if not args.games and args.store is None:
        raise EuchreError("give the games to rate, or --store URL")
    ratings = Ratings()
    rated = 0
    forms: list[str] = []
    for game in _games(args):
        ratings.rate(game)
        rated += 1
        if game.form not in forms:
            forms.append(game.form)
    if args.json:
        print(json.dumps({form: [{"player": p, "rating": r.shown, "provisional":
                                  r.provisional, "mu": round(r.mu, 4),
                                  "sigma": round(r.sigma, 4), "games": r.games}
                                 for p, r in ratings.leaderboard(form)]
                          for form in forms}, indent=2, ensure_ascii=False))
        return 0
    print(f"{plural(rated, 'game')} rated")
    for form in forms:
        print(f"\n{FORM_NAMES[form][0].upper()}{FORM_NAMES[form][1:]}:")
        for rank, (player, rating) in enumerate(ratings.leaderboard(form), 1):
            print(f"  {rank:>2}. {player:<20} {rating!s:>6}   "
                  f"({plural(rating.games, 'game')}, mu {rating.mu:.2f}, "
                  f"sigma {rating.sigma:.2f})")
    return 0


def add_ratings_command(sub: Any) -> None:
    """Register ``euchre ratings``."""
    ratings = sub.add_parser(
        "ratings", help="the ratings and leaderboards that played games give (docs/clubs.md)",
        description="Ratings (OpenSkill, by team and form) worked out again from played "
                    "games, in the order given, and each form's leaderboard.")
    ratings.add_argument("games", nargs="*", metavar="GAME",
                         help="games (.json, .egn) and matches (.emn), in the order played")
    ratings.add_argument("--store", metavar="URL", type=_store_address,
                         help="also every finished rated game of a web room's store "
                              "(sqlite:///PATH or postgresql://...), first")
    ratings.add_argument("--json", action="store_true", help="print the leaderboards as JSON")
    ratings.set_defaults(func=_cmd_ratings)
