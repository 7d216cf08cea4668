"""How long the club room takes to work the ratings out again from its rated games
(``docs/benchmarks.md``, "The club room's ratings").

The leaderboard and the players' pages keep no ratings: each time a game has finished
since, they replay every rated game through OpenSkill (:func:`euchre.clubs.ratings.recompute`).
This times that over ``--games`` random games of four-handed Euchre between ``--players``
people and the bots' anchors, ``--repeat`` times, and prints the median. With
``--stored N`` it also times the web room's whole path over a SQLite store of ``N``
finished rated games (played by ``random`` bots): reading and replaying every record
the first time (:func:`euchre.web.clubs.rated_games`), and again with what it kept.

    .venv/bin/python benchmarks/club_ratings.py --games 1000 --repeat 5 --stored 300
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from euchre.clubs.ratings import ANCHORS, BOT_PREFIX, RatedGame, recompute


def games(count: int, players: int, seed: int) -> list[RatedGame]:
    """``count`` rated games: two sides of two, each seat a person or (one in four) an
    anchor bot, a random winner."""
    rng = random.Random(seed)
    people = [f"player {n}" for n in range(players)]
    bots = [BOT_PREFIX + bot for bot in ANCHORS]
    made = []
    for n in range(count):
        seated = rng.sample(people, 4)
        seats = [rng.choice(bots) if rng.random() < 0.25 and k else p
                 for k, p in enumerate(seated)]
        made.append(RatedGame(f"g{n}", "four_handed", (tuple(seats[0::2]),
                                                        tuple(seats[1::2])),
                              rng.randrange(2)))
    return made


def stored(count: int, repeat: int) -> dict[str, float]:
    """The web room's ratings over a store of ``count`` finished rated games: the median
    seconds of a first reading, and of one with every game kept."""
    import asyncio
    import tempfile
    from pathlib import Path

    from euchre.engine.game import Game
    from euchre.engine.rules import Rules
    from euchre.players import play_game
    from euchre.players.registry import make_player
    from euchre.records.record import Record, dumps
    from euchre.web.clubs import RatedCache, rated_games
    from euchre.web.database import SqliteStore

    folder = Path(tempfile.mkdtemp())
    store = SqliteStore(folder / "tables.sqlite3")
    settings = json.dumps({"rated": True, "seats": ["person", "person", "random", "random"],
                           "level": "random", "rules": Rules().to_dict()})
    statements = []
    for n in range(count):
        game = play_game(Game(Rules(), seed=n), [make_player("random", s) for s in range(4)])
        record = Record.from_game(game, {"players": ["a", "b", "c", "d"],
                                         "bots": ["human", "human", "random", "random"]})
        id = f"t{n}"
        statements += [
            ("INSERT INTO tables (id, settings, created) VALUES (?, ?, ?)", (id, settings, n)),
            ("INSERT INTO records VALUES (?, ?)", (id, dumps(record))),
            ("INSERT INTO plays VALUES (?, 0, ?)", (id, f"p{n % 50}")),
            ("INSERT INTO plays VALUES (?, 1, ?)", (id, f"p{(n + 7) % 50}"))]

    async def run() -> dict[str, float]:
        await store.change(*statements)
        cold, warm = [], []
        for _ in range(repeat):
            cache: RatedCache = {}
            began = time.perf_counter()
            games = await rated_games(store, cache)
            cold.append(time.perf_counter() - began)
            began = time.perf_counter()
            assert await rated_games(store, cache) == games
            warm.append(time.perf_counter() - began)
        return {"stored_games": count, "first_seconds": round(statistics.median(cold), 4),
                "kept_seconds": round(statistics.median(warm), 4)}

    return asyncio.run(run())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--stored", type=int, default=0)
    args = parser.parse_args()
    rated = games(args.games, args.players, 1)
    times = []
    for _ in range(args.repeat):
        began = time.perf_counter()
        recompute(rated)
        times.append(time.perf_counter() - began)
    median = statistics.median(times)
    print(json.dumps({"games": args.games, "players": args.players, "runs": args.repeat,
                      "median_seconds": round(median, 4),
                      "ms_a_game": round(1000 * median / args.games, 4),
                      **(stored(args.stored, args.repeat) if args.stored else {})}))


if __name__ == "__main__":
    main()
