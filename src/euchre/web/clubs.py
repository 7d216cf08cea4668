"""The club room's endpoints: players' pages, leaderboards, club events and the daily
challenge (``docs/clubs.md``).

:class:`Clubs` serves them over one :class:`~euchre.web.server.Server` and its
:class:`~euchre.web.members.Members`. What they show is worked out from the store each
time it is asked: a player's games from the seats they took, the ratings from every
finished rated game (:func:`rated_games`, the same as ``euchre ratings --store``), an
event from its plan and its log (:class:`~euchre.clubs.events.EventState`). A finished
game never changes, so what is read of one is kept.
"""

from __future__ import annotations

import asyncio
import dataclasses
import datetime
import json
import re
import secrets
import time
from collections.abc import Mapping
from concurrent.futures import Executor, ThreadPoolExecutor
from pathlib import Path
from typing import Any, Final

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Route

from euchre.clubs.duplicate import daily_seed
from euchre.clubs.events import EventState, Plan, check_entry, hands_of
from euchre.clubs.ratings import (
    ANCHORS,
    BOT_PREFIX,
    RatedGame,
    Rating,
    Ratings,
    anchor,
    recompute,
)
from euchre.clubs.scoring import Board, HandScore, matchpoints, ranked
from euchre.engine.game import Game
from euchre.engine.rules import FORM_NAMES
from euchre.errors import EuchreError
from euchre.records.record import Record, loads
from euchre.web.database import Store
from euchre.web.members import Members
from euchre.web.requests import check_write, json_error, read_body
from euchre.web.room import Client, SettingsError, TableSettings, hash_token, new_token
from euchre.web.server import Server

__all__ = ["DAILY_BOARDS", "DAILY_BOT", "Clubs", "game_result", "rated_games"]

DAILY_BOARDS: Final = 4
"""The deals of the daily challenge."""
DAILY_BOT: Final = "expert"
"""Who plays the other three seats of the daily challenge."""
REVIEWED_GAMES: Final = 3
"""The games of a player's page that the reviewer's summary covers (the latest)."""
REVIEW_BUDGET: Final = 12
"""The sampled deals a decision of the page's review gets."""
PAGE: Final = "clubs.html"
_EVENT_ID: Final = re.compile(r"[A-Za-z0-9_-]{1,32}")
"""What an event's id may be (``secrets.token_urlsafe``'s letters)."""
ONLINE_BOT: Final = "expert"
"""Who fills an event's empty seat online, and stands in for a player who drops."""
ONLINE_PACE: Final = 0.8
"""The seconds a bot takes over a move at an event's table online (the lobby's
default)."""


def _unheard(frame: str) -> None:
    """Where a table started before anybody connects sends its frames: nowhere."""


def game_result(game: Game, seat: int) -> dict[str, Any]:
    """What a finished game came to for ``seat``: won, the score (its side's first),
    and its deals' counts: calls made, defences that euchred, lone hands."""
    team_of = game.rules.seating.team_of
    side = team_of[seat]
    counts = {"deals": 0, "called": 0, "made": 0, "defended": 0, "euchred": 0,
              "alone": 0, "alone_made": 0}
    for result in game.results:
        counts["deals"] += 1
        if result.maker is None:
            continue
        makers = team_of[result.maker]
        scored = result.team
        if result.maker == seat:
            counts["called"] += 1
            counts["made"] += scored == makers
            if seat in result.alone:
                counts["alone"] += 1
                counts["alone_made"] += scored == makers
        elif makers != side:
            counts["defended"] += 1
            counts["euchred"] += scored == side
    score = list(game.score)
    winner = game.winner()
    return {"won": winner == side if winner is not None else None,
            "score": [score[side], *(s for t, s in enumerate(score) if t != side)],
            **counts}


RatedCache = dict[tuple[str, tuple[tuple[int, str], ...]], "RatedGame | None"]
"""What a finished game counted as, by its id and its seats' accounts (a finished
game never changes, but a deleted account leaves its seat)."""


async def rated_games(store: Store, cache: RatedCache | None = None,
                      executor: Executor | None = None) -> list[RatedGame]:
    """Every finished game of a rated table in the store, in the order the tables were
    made, as the ratings count it: a person is their account, a bot its anchor, and a
    side one of whose people left (a bot held their seat at the end) loses; a game
    both sides left is not rated. ``cache`` keeps what each game came to, so that only
    the games new since are read and replayed, on ``executor`` (the event loop goes
    on meanwhile)."""
    cache = {} if cache is None else cache
    seats: dict[str, dict[int, str]] = {}
    for table, seat, account in await store.query("SELECT table_id, seat, account FROM plays"):
        seats.setdefault(table, {})[int(seat)] = account
    rows = await store.query(
        "SELECT t.id, t.settings FROM tables t JOIN records r ON r.table_id = t.id "
        "WHERE t.id IN (SELECT table_id FROM plays) ORDER BY t.created, t.id")
    keys = [(id, tuple(sorted(seats.get(id, {}).items()))) for id, _ in rows]
    new = {id: settings for (id, settings), key in zip(rows, keys, strict=True)
           if key not in cache}
    records = {id: text for id in new for text in [await store.record(id)] if text}

    def work() -> None:
        for id, settings_text in new.items():
            key = (id, tuple(sorted(seats.get(id, {}).items())))
            try:
                settings = json.loads(settings_text)
                cache[key] = _rated(id, settings, loads(records[id]), seats.get(id, {})
                                    ) if settings.get("rated") else None
            except (EuchreError, ValueError, KeyError, TypeError):
                cache[key] = None

    if new:
        await asyncio.get_running_loop().run_in_executor(executor, work)
    return [game for key in keys for game in [cache.get(key)] if game is not None]


def _rated(id: str, settings: Mapping[str, Any], record: Record,
           plays: Mapping[int, str]) -> RatedGame | None:
    rules = record.rules
    team_of = rules.seating.team_of
    winner = record.replay_all().game.winner()
    bots = record.metadata.get("bots")
    if not isinstance(bots, list):
        bots = []
    players: list[str] = []
    left: set[int] = set()
    for seat in range(rules.players):
        account = plays.get(seat)
        if account is not None:
            players.append(account)
            if seat < len(bots) and bots[seat] != "human":
                left.add(team_of[seat])
        else:
            kind = settings["seats"][seat]
            players.append(BOT_PREFIX + (kind if kind != "person" else settings["level"]))
    if len(left) == 2:
        return None
    if left:
        winner = 1 - left.pop()
    if winner is None:
        return None
    sides = tuple(tuple(p for s, p in enumerate(players) if team_of[s] == t) for t in (0, 1))
    return RatedGame(id, rules.form, (sides[0], sides[1]), winner)


def _rating_json(rating: Rating) -> dict[str, Any]:
    return {"rating": rating.shown, "provisional": rating.provisional,
            "games": rating.games, "mu": round(rating.mu, 3), "sigma": round(rating.sigma, 3)}


class Clubs:
    """The club room's pages and endpoints over one server."""

    def __init__(self, server: Server, members: Members, static: Path) -> None:
        self.server = server
        self.static = static
        """Where the page lives."""
        self.store = server.store
        self.members = members
        self._finished: dict[str, tuple[Record, Game]] = {}
        """The finished games read so far, and what they replay to (a finished game
        never changes)."""
        self._reviews: dict[tuple[str, int], dict[str, Any]] = {}
        self._ratings: tuple[tuple[int, int], Ratings] | None = None
        self.executor = ThreadPoolExecutor(1, thread_name_prefix="euchre-clubs")
        """Where the long work runs (a review, replaying rated games, a PDF): one thread
        of its own, so that no bot's move ever waits behind it."""
        self._rated: RatedCache = {}
        self._rated_games: tuple[list[RatedGame], Ratings] = ([], Ratings())
        """The rated games last counted, and the ratings they gave."""

    def routes(self) -> list[BaseRoute]:
        return [
            *(Route(path, self.page) for path in (
                "/account", "/players/{name}", "/leaderboard", "/events", "/events/{id}",
                "/events/{id}/enter", "/daily")),
            Route("/api/players/{name}", self.player),
            Route("/api/players/{name}/review", self.review),
            Route("/api/leaderboard", self.leaderboard),
            Route("/api/events", self.create_event, methods=["POST"]),
            Route("/api/events/{id}", self.event),
            Route("/api/events/{id}/entries", self.enter, methods=["POST"]),
            Route("/api/events/{id}/online", self.online, methods=["POST"]),
            Route("/api/events/{id}/sheets.pdf", self.sheets),
            Route("/api/events/{id}/results.emn", self.emn),
            Route("/api/daily", self.daily, methods=["GET"]),
            Route("/api/daily", self.play_daily, methods=["POST"]),
        ]

    async def page(self, request: Request) -> Response:
        """The club room's one page (its script draws each view)."""
        return FileResponse(self.static / PAGE, headers={"Cache-Control": "no-cache"})

    # -- finished games ---------------------------------------------------------------------

    async def _finished_game(self, table: str) -> tuple[Record, Game] | None:
        """Finished game ``table``'s record and the game it replays to, read and
        replayed once (``None``: not finished, or unreadable)."""
        if table in self._finished:
            return self._finished[table]
        text = await self.store.record(table)
        if text is None:
            return None
        try:
            record = loads(text)
            game = record.replay_all().game
        except EuchreError:
            return None
        self._finished[table] = (record, game)
        return record, game

    async def _record(self, table: str) -> Record | None:
        """Finished game ``table``'s record (``None``: not finished, or unreadable)."""
        found = await self._finished_game(table)
        return None if found is None else found[0]

    async def _game(self, table: str) -> Game | None:
        """Finished game ``table`` replayed (``None``: not finished, or unreadable)."""
        found = await self._finished_game(table)
        return None if found is None else found[1]

    # -- players ---------------------------------------------------------------------------

    async def player(self, request: Request) -> Response:
        """A player's page: their games (the latest first), what they came to, their
        counts (calls made, euchres, lone hands) and their ratings."""
        member = await self.members.named(request.path_params["name"])
        if member is None:
            return json_error("no such player", 404)
        rows = await self.store.query(
            "SELECT p.table_id, p.seat, t.settings, t.created FROM plays p "
            "JOIN tables t ON t.id = p.table_id WHERE p.account = ? "
            "ORDER BY t.created DESC, t.id", member.id)
        games = []
        totals: dict[str, int] = {}
        for table, seat, settings_text, created in rows:
            settings = json.loads(settings_text)
            game: dict[str, Any] = {
                "id": table, "title": settings.get("name"), "seat": seat,
                "rated": bool(settings.get("rated")), "created": created,
                "form": FORM_NAMES.get(settings["rules"].get("form", "four_handed"),
                                       "Euchre")}
            played = await self._game(table)
            if played is None:
                game["result"] = "in play"
            else:
                outcome = game_result(played, seat)
                game.update(outcome, result="won" if outcome["won"] else "lost"
                            if outcome["won"] is False else "tied",
                            replay=f"/replay/{table}")
                for key in ("deals", "called", "made", "defended", "euchred", "alone",
                            "alone_made"):
                    totals[key] = totals.get(key, 0) + outcome[key]
                totals["games"] = totals.get("games", 0) + 1
                totals["won"] = totals.get("won", 0) + bool(outcome["won"])
            games.append(game)
        ratings = await self._current_ratings()
        mine = {FORM_NAMES[form]: _rating_json(rating)
                for (who, form), rating in ratings.ratings.items() if who == member.id}
        return JSONResponse({"name": member.name, "games": games, "totals": totals,
                             "rates": _rates(totals), "ratings": mine})

    async def review(self, request: Request) -> Response:
        """The reviewer's summary of a player's decisions in their latest finished games
        (:data:`REVIEWED_GAMES`), each game's worked out once."""
        member = await self.members.named(request.path_params["name"])
        if member is None:
            return json_error("no such player", 404)
        rows = await self.store.query(
            "SELECT p.table_id, p.seat FROM plays p JOIN records r ON r.table_id = "
            "p.table_id JOIN tables t ON t.id = p.table_id WHERE p.account = ? "
            "ORDER BY t.created DESC, t.id", member.id)
        summaries = []
        for table, seat in rows[:REVIEWED_GAMES]:
            if (table, seat) not in self._reviews:
                record = await self._record(table)
                if record is None:
                    continue
                loop = asyncio.get_running_loop()
                self._reviews[(table, seat)] = await loop.run_in_executor(
                    self.executor, _review, record, seat)
            summaries.append({"id": table, **self._reviews[(table, seat)]})
        decisions = sum(s["decisions"] for s in summaries)
        deals = sum(s["deals"] for s in summaries)
        lost = sum(s["points_lost_per_deal"] * s["deals"] for s in summaries)
        labels: dict[str, int] = {}
        for s in summaries:
            for label, count in s["labels"].items():
                labels[label] = labels.get(label, 0) + count
        return JSONResponse({"name": member.name, "games": summaries,
                             "decisions": decisions, "deals": deals, "labels": labels,
                             "points_lost_per_deal": round(lost / deals, 4) if deals else 0})

    async def _current_ratings(self) -> Ratings:
        """The ratings of every rated game in the store, worked out again when a game
        has finished or an account gone since the last time."""
        marks = await self.store.query("SELECT (SELECT COUNT(*) FROM records), "
                                       "(SELECT COUNT(*) FROM accounts)")
        mark = (int(marks[0][0]), int(marks[0][1]))
        if self._ratings is None or self._ratings[0] != mark:
            games = await rated_games(self.store, self._rated, self.executor)
            before, kept = self._rated_games
            loop = asyncio.get_running_loop()
            if games[:len(before)] == before:  # the games of before, and new ones after
                ratings = await loop.run_in_executor(
                    self.executor, _rate_on, kept, games[len(before):])
            else:  # a game ended that began before another that ended: all again
                ratings = await loop.run_in_executor(self.executor, recompute, games)
            self._rated_games = (games, ratings)
            self._ratings = (mark, ratings)
        return self._ratings[1]

    async def leaderboard(self, request: Request) -> Response:
        """A form's leaderboard (``?form=``, four-handed Euchre by default): the people
        rated in it, best first, with the bots' anchors to read them by."""
        form = request.query_params.get("form", "four_handed")
        if form not in FORM_NAMES:
            return json_error(f"form: one of {', '.join(FORM_NAMES)}")
        ratings = await self._current_ratings()
        board = ratings.leaderboard(form)
        names = await self.members.names({player for player, _ in board})
        rows = [(names[p], r) for p, r in board if p in names]
        ranks = ranked([round(r.conservative, 9) for _, r in rows])
        return JSONResponse({
            "form": form, "title": FORM_NAMES[form],
            "forms": {f: FORM_NAMES[f] for f in sorted({f for _, f in ratings.ratings})},
            "players": [{"rank": rank, "name": name, **_rating_json(rating)}
                        for rank, (name, rating) in zip(ranks, rows, strict=True)],
            "anchors": {bot: anchor(bot).shown for bot in ANCHORS}})

    # -- events ----------------------------------------------------------------------------

    async def create_event(self, request: Request) -> Response:
        """A new event (a signed-in director's): its id, and the scorers' key for the
        link that enters hands on a phone."""
        check_write(self.server, request)
        member = await self.members.who(request)
        if member is None:
            return json_error("sign in to direct an event", 401)
        try:
            plan = Plan.parse(await read_body(request))
        except EuchreError as error:
            return json_error(str(error))
        id = secrets.token_urlsafe(6)
        key = new_token()
        await self.store.change(("INSERT INTO events (id, director, definition, key_hash, "
                                 "created) VALUES (?, ?, ?, ?, ?)",
                                 (id, member.id, json.dumps(plan.to_dict()),
                                  hash_token(key), time.time())))
        base = str(request.base_url).rstrip("/")
        return JSONResponse({"id": id, "key": key, "links": {
            "director": f"{base}/events/{id}",
            "enter": f"{base}/events/{id}/enter#key={key}"}}, status_code=201)

    async def _event(self, id: str) -> tuple[Plan, str, str, list[tuple[Any, ...]]] | None:
        """Event ``id``'s plan, director, key's hash and log; ``None``: no such event
        (an id no event could have is not looked for)."""
        if not _EVENT_ID.fullmatch(id):
            return None
        rows = await self.store.query(
            "SELECT definition, director, key_hash FROM events WHERE id = ?", id)
        if not rows:
            return None
        plan = Plan.parse(json.loads(rows[0][0]))
        log = await self.store.query(
            "SELECT n, at, who, entry FROM event_log WHERE event_id = ? ORDER BY n", id)
        return plan, rows[0][1], rows[0][2], log

    async def _state(self, plan: Plan, log: list[tuple[Any, ...]]) -> EventState:
        state = EventState(plan, [json.loads(row[3]) for row in log])
        online: dict[str, list[HandScore]] = {}
        for (r, t), table in state.online.items():
            game = await self._game(table)
            if game is not None:
                online[table] = hands_of(game.results, state.rounds[r].tables[t].players)
        state.online_hands = online
        return state

    async def event(self, request: Request) -> Response:
        """An event as it stands: its plan, the seating of each round, each table's
        hands, the standings and every entry made (the fixes too)."""
        found = await self._event(request.path_params["id"])
        if found is None:
            return json_error("no such event", 404)
        plan, director, _, log = found
        state = await self._state(plan, log)
        member = await self.members.who(request)
        names = await self.members.names({row[2] for row in log} | {director})
        rounds = []
        for r, seating in enumerate(state.rounds):
            tables = []
            for t, table in enumerate(seating.tables):
                hands = state.table_hands(r, t)
                tables.append({
                    "table": t, "ns": [plan.name(p) for p in table.ns],
                    "ew": [plan.name(p) for p in table.ew],
                    "players": list(table.players),
                    "bots": [plan.is_bot(p) for p in table.players],
                    "hands": [{"entry": n, **hand._asdict()} for n, hand in zip(
                        state.hands.get((r, t), []), hands, strict=False)]
                    if (r, t) not in state.online else [h._asdict() for h in hands],
                    "online": state.online.get((r, t)),
                    "totals": [sum(h.ns for h in hands), sum(h.ew for h in hands)],
                    "done": state.table_done(r, t)})
            rounds.append({"round": r, "tables": tables, "complete": state.complete(r)})
        described: dict[str, Any] = {
            "id": request.path_params["id"], **plan.to_dict(),
            "names": [plan.name(p) for p in range(plan.seats)],
            "director": names.get(director), "directing": member is not None and
            member.id == director, "current": state.current, "rounds_seated": rounds,
            "log": [{"entry": n, "at": at, "by": _author(who, names), **json.loads(entry)}
                    for n, at, who, entry in log]}
        if plan.kind == "progressive":
            standings = state.standings()
            most = max((s.loners for s in standings), default=0)
            described["standings"] = [
                {"rank": s.rank, "name": plan.name(s.player), "total": s.total,
                 "won": s.won, "loners": s.loners} for s in standings]
            described["most_loners"] = [plan.name(s.player) for s in standings
                                        if most and s.loners == most]
        else:
            described["standings"] = [
                {"rank": rank, "pair": pair, "matchpoints": score.matchpoints,
                 "top": score.top, "percent": round(score.percent, 2),
                 "boards": score.boards} for rank, pair, score in state.pair_standings()]
        return JSONResponse(described)

    async def _may(self, request: Request, director: str, key_hash: str, key: object
                   ) -> tuple[bool, str] | None:
        """Who is asking: the director (``True`` and their id), a scorer with the
        event's key (``False``, ``"key"``), or nobody (``None``)."""
        member = await self.members.who(request)
        if member is not None and member.id == director:
            return True, member.id
        if isinstance(key, str) and secrets.compare_digest(hash_token(key), key_hash):
            return False, "key"
        return None

    async def enter(self, request: Request) -> Response:
        """An entry: a hand (the director, or a scorer with the event's key), or a fix
        or strike (the director only). The entry's number comes back; a hand sent
        again with the same ``id`` is taken once."""
        check_write(self.server, request)
        id = request.path_params["id"]
        found = await self._event(id)
        if found is None:
            return json_error("no such event", 404)
        plan, director, key_hash, log = found
        try:
            body = await read_body(request)
        except SettingsError as error:
            return json_error(str(error))
        if not isinstance(body, dict):
            return json_error("an entry is a JSON object")
        who = await self._may(request, director, key_hash, body.pop("key", None))
        if who is None:
            return json_error("enter hands with the event's scoring link, or sign in as "
                              "its director", 403)
        try:
            entry = check_entry(plan, body)
            if entry["type"] != "hand" and not who[0]:
                raise PermissionError
            state = await self._state(plan, log)
            if entry.get("id") in state.ids:
                return JSONResponse({"entry": None, "again": True})
            if plan.kind == "duplicate":
                raise EuchreError("a duplicate event's boards are played online")
            state.admit(entry)
        except PermissionError:
            return json_error("only the director fixes an entry", 403)
        except EuchreError as error:
            return json_error(str(error))
        n = await self._append(id, who[1], entry)
        state = await self._state(plan, [*log, (n, 0.0, who[1], json.dumps(entry))])
        seating = state.next_seating()
        if seating is not None:
            await self._append(id, "", seating)
        return JSONResponse({"entry": n}, status_code=201)

    async def _append(self, event: str, who: str, entry: Mapping[str, Any]) -> int:
        """Add ``entry`` to ``event``'s log; its number (the next, however many
        scorers write at once)."""
        for _ in range(20):
            rows = await self.store.query(
                "SELECT COALESCE(MAX(n), 0) + 1 FROM event_log WHERE event_id = ?", event)
            n = int(rows[0][0])
            added = await self.store.change((
                "INSERT INTO event_log (event_id, n, at, who, entry) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT DO NOTHING", (event, n, time.time(), who, json.dumps(entry))))
            if added == [1]:
                return n
        raise EuchreError("the event is too busy: try again")

    async def online(self, request: Request) -> Response:
        """A round's table played online (the director asks, ``{"round", "table"}``): a
        web table with its players' names and bots in the missing seats, dealing the
        round's hands (a duplicate event's boards, from its seed); the seats' links."""
        check_write(self.server, request)
        id = request.path_params["id"]
        found = await self._event(id)
        if found is None:
            return json_error("no such event", 404)
        plan, director, _, log = found
        member = await self.members.who(request)
        if member is None or member.id != director:
            return json_error("only the director starts a table online", 403)
        try:
            body = await read_body(request)
            if not isinstance(body, dict):
                raise EuchreError("send {\"round\": R, \"table\": T}")
            state = await self._state(plan, log)
            r, t = body.get("round"), body.get("table")
            if (isinstance(r, bool) or not isinstance(r, int) or not 0 <= r < len(
                    state.rounds) or isinstance(t, bool) or not isinstance(t, int)
                    or not 0 <= t < plan.tables):
                raise EuchreError("round and table: of a seated round (from 0)")
            if (r, t) in state.online:
                raise EuchreError(f"round {r + 1}, table {t + 1} plays online already")
            if state.hands.get((r, t)):
                raise EuchreError(f"round {r + 1}, table {t + 1} has hands entered")
        except EuchreError as error:
            return json_error(str(error))
        players = state.rounds[r].tables[t].players
        people = [s for s, p in enumerate(players) if not plan.is_bot(p)]
        settings = TableSettings.parse({
            "name": f"Round {r + 1}, table {t + 1}",
            "preset": plan.preset, "options": {"deals": plan.hands, "target": 0},
            "seats": [ONLINE_BOT if plan.is_bot(p) else "person" for p in players],
            "level": ONLINE_BOT, "pace": ONLINE_PACE,
            "host": plan.name(players[people[0]]), "host_seat": people[0],
            "seed": plan.seed if plan.kind == "duplicate" else plan.seed + 1000 * r + t,
            "private": True})
        room, tokens = await self.server.create(settings)
        await self._append(id, member.id, {"type": "online", "round": r, "table": t,
                                           "table_id": room.id})
        base = str(request.base_url).rstrip("/")
        return JSONResponse({"table_id": room.id, "seats": [
            {"seat": s, "name": plan.name(players[s]),
             "link": f"{base}/t/{room.id}#seat={s}&token={tokens[s]}"} for s in people]},
            status_code=201)

    async def sheets(self, request: Request) -> Response:
        """The event's chart, table tents and score cards (PDF; ``?page=a4``)."""
        from euchre.clubs.sheets import PAGE_SIZES, evening_pdf

        found = await self._event(request.path_params["id"])
        if found is None:
            return json_error("no such event", 404)
        plan, _, _, log = found
        size = request.query_params.get("page", "letter")
        if size not in PAGE_SIZES:
            return json_error(f"page: {' or '.join(PAGE_SIZES)}")
        state = await self._state(plan, log)
        names = [plan.name(p) for p in range(plan.seats)]
        loop = asyncio.get_running_loop()
        pdf = await loop.run_in_executor(
            self.executor, lambda: evening_pdf(
                state.rounds, names, len(plan.players), title=plan.title, size=size,
                rounds=plan.rounds))
        return Response(bytes(pdf), media_type="application/pdf", headers={
            "Content-Disposition": f'attachment; filename="event-{request.path_params["id"]}.pdf"'})

    async def emn(self, request: Request) -> Response:
        """The event's games played online as one EMN match (``PROGRESSIVE``; a
        duplicate event's, ``FIXED_GAMES``), with the players named as the event names
        them; 409 before any has finished."""
        from euchre.records.emn import combine, dumps_emn

        found = await self._event(request.path_params["id"])
        if found is None:
            return json_error("no such event", 404)
        plan, _, _, log = found
        state = await self._state(plan, log)
        records = []
        for (r, t), table in sorted(state.online.items()):
            record = await self._record(table)
            if record is None:
                continue
            names = [plan.name(p) for p in state.rounds[r].tables[t].players]
            records.append(dataclasses.replace(record,
                                               metadata={**record.metadata, "players": names}))
        if not records:
            return json_error("no game of this event has finished online yet: hands "
                              "entered on paper have no cards for EMN to hold", 409)
        kind = "PROGRESSIVE" if plan.kind == "progressive" else "FIXED_GAMES"
        try:
            text = dumps_emn(combine(records, format=kind, target=len(records),
                                     title=plan.title))
        except EuchreError as error:
            return json_error(f"this event can not be written as EMN: {error}", 422)
        return Response(text, media_type="application/json", headers={
            "Content-Disposition": f'attachment; filename="event-{request.path_params["id"]}.emn"'})

    # -- the daily challenge -----------------------------------------------------------

    async def _secret(self) -> bytes:
        """The store's own secret for the daily challenge (made once, kept)."""
        await self.store.change(("INSERT INTO secrets (name, value) VALUES (?, ?) "
                                 "ON CONFLICT DO NOTHING",
                                 ("daily", secrets.token_urlsafe(32))))
        rows = await self.store.query("SELECT value FROM secrets WHERE name = 'daily'")
        return str(rows[0][0]).encode()

    async def daily(self, request: Request) -> Response:
        """Today's challenge (UTC; ``?day=YYYY-MM-DD`` for an earlier one): everyone's
        result by matchpoints, and the asker's own game. Others' games open for replay
        once the asker's is finished, or the day is over."""
        today = datetime.datetime.now(datetime.UTC).date()
        try:
            day = datetime.date.fromisoformat(request.query_params.get("day",
                                                                       today.isoformat()))
        except ValueError:
            return json_error("day: YYYY-MM-DD")
        if day > today:
            return json_error("that day's challenge has not begun")
        member = await self.members.who(request)
        rows = await self.store.query(
            "SELECT c.account, c.table_id, a.name FROM challenge c JOIN accounts a "
            "ON a.id = c.account WHERE c.day = ? ORDER BY a.name", day.isoformat())
        results: list[Board] = []
        players = []
        mine = None
        for account, table, name in rows:
            game = await self._game(table)
            line: dict[str, Any] = {"name": name, "table_id": table,
                                    "finished": game is not None}
            if game is not None:
                hands = hands_of(game.results, (0, 1, 2, 3))
                line["boards"] = [h.ns - h.ew for h in hands]
                results += [Board(str(b + 1), name, f"bots against {name}", h.ns, h.ew)
                            for b, h in enumerate(hands)]
            if member is not None and account == member.id:
                mine = line
            players.append(line)
        open_replays = day < today or (mine is not None and mine["finished"])
        scores = matchpoints(results)
        for line in players:
            score = scores.get(line["name"])
            line["matchpoints"] = score.matchpoints if score else 0.0
            line["percent"] = round(score.percent, 2) if score else 0.0
            if not open_replays and line is not mine:
                line.pop("table_id")
                line.pop("boards", None)
        players.sort(key=lambda x: (not x["finished"], -x["percent"], x["name"]))
        ranks = ranked([(not x["finished"], x["percent"]) for x in players])
        for rank, line in zip(ranks, players, strict=True):
            line["rank"] = rank
        return JSONResponse({"day": day.isoformat(), "boards": DAILY_BOARDS,
                             "players": players, "mine": mine,
                             "signed_in": member is not None})

    async def play_daily(self, request: Request) -> Response:
        """The signed-in player's table for today's challenge: the day's deals, the
        player at seat 0 with three bots (:data:`DAILY_BOT`), started at once. One
        game a day: asked again, the same table."""
        check_write(self.server, request)
        member = await self.members.who(request)
        if member is None:
            return json_error("sign in to play the daily challenge", 401)
        day = datetime.datetime.now(datetime.UTC).date().isoformat()
        rows = await self.store.query("SELECT table_id FROM challenge WHERE day = ? AND "
                                      "account = ?", day, member.id)
        if rows:
            return json_error("you have played today's challenge: see the board", 409)
        seed = daily_seed(datetime.date.fromisoformat(day), await self._secret())
        settings = TableSettings.parse({
            "name": f"Daily {day}", "options": {"deals": DAILY_BOARDS,
                                                         "target": 0},
            "seats": ["person", DAILY_BOT, DAILY_BOT, DAILY_BOT], "level": DAILY_BOT,
            "pace": ONLINE_PACE,
            "host": member.name, "host_seat": 0, "seed": seed % 2**62, "private": True})
        room, tokens = await self.server.create(settings)
        added = await self.store.change((
            "INSERT INTO challenge (day, board, account, table_id) VALUES (?, 0, ?, ?) "
            "ON CONFLICT DO NOTHING", (day, member.id, room.id)))
        if added != [1]:
            return json_error("you have played today's challenge: see the board", 409)
        await self.members.sat(room.id, 0, member)
        await room.start(Client(0, _unheard))
        base = str(request.base_url).rstrip("/")
        return JSONResponse({"table_id": room.id,
                             "link": f"{base}/t/{room.id}#seat=0&token={tokens[0]}"},
                            status_code=201)


def _rate_on(ratings: Ratings, games: list[RatedGame]) -> Ratings:
    """A copy of ``ratings`` with ``games`` rated after the games it counts (the same
    ratings as :func:`~euchre.clubs.ratings.recompute` of all of them, in that order)."""
    again = Ratings(dict(ratings.ratings))
    for game in games:
        again.rate(game)
    return again


def _author(who: str, names: Mapping[str, str]) -> str:
    """Who made an entry, in words: a member by name, ``a scorer`` (the event's key),
    ``the event`` (a seating it made itself), ``a former member`` (since deleted)."""
    if who == "key":
        return "a scorer"
    if not who:
        return "the event"
    return names.get(who, "a former member")


def _review(record: Record, seat: int) -> dict[str, Any]:
    from euchre.analysis.review import review_record

    review = review_record(record, seats=[seat], budget=REVIEW_BUDGET, seed=1)
    return review.summary(seat).to_dict()


def _rates(totals: Mapping[str, int]) -> dict[str, float | None]:
    """The shares a player's page shows: games won, calls made, defences that euchred,
    lone hands made (``None`` with nothing to count)."""
    def share(part: str, whole: str) -> float | None:
        return round(totals.get(part, 0) / totals[whole], 4) if totals.get(whole) else None
    return {"won": share("won", "games"), "made": share("made", "called"),
            "euchred": share("euchred", "defended"), "alone_made": share("alone_made",
                                                                       "alone")}
