"""No card leaks: 1,000 whole games with every seat and a spectator connected.

Each game is played through a :class:`~euchre.web.room.Room` by a scripted client at
each seat (four, or two in every fourth game, two-handed) that chooses among the legal
actions its own frames list, exactly as a browser would, with a spectator watching. The
frames are those the room hands to each connection to send (the socket layer only
forwards them; ``tests/web/test_web.py`` covers it). Every frame is scanned for cards, and
each card found must be one its receiver may know at that moment: its own cards of the
deal, the upcards, the cards played so far (of this deal and earlier ones), and for the
dealer its own discard. The kitty, the others' hands and the others' discards must never
appear.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Final

from euchre.engine.cards import card_name
from euchre.web.database import SqliteStore
from euchre.web.room import Client, Room, TableSettings

GAMES: Final = 1000
CARD: Final = re.compile(r"(?:10|[9TJQKA])[cdhs♣♦♥♠]")
"""A card as records write it (``Jh``) or as words do (``J♥``, ``10♦``)."""
SUITS: Final = {"♣": "c", "♦": "d", "♥": "h", "♠": "s"}
WORD: Final = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")


def cards_in(frame: str) -> set[str]:
    """Every card a frame names, as ``Jh`` (a card inside a longer word is no card)."""
    if "\\u26" in frame:  # suit symbols escaped in the JSON: read them as symbols
        frame = json.dumps(json.loads(frame), ensure_ascii=False)
    found = set()
    end = len(frame)
    for match in CARD.finditer(frame):
        start, stop = match.span()
        if (start and frame[start - 1] in WORD) or (stop < end and frame[stop] in WORD):
            continue
        text = match.group()
        rank, suit = text[:-1], text[-1]
        found.add(("T" if rank == "10" else rank) + SUITS.get(suit, suit))
    return found


class Watcher:
    """What each receiver may know, kept from the game's true cards as it goes."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self.players = room.table.game.rules.players
        self.known: list[set[str]] = [set() for _ in range(self.players + 1)]
        """Each seat's, then the spectator's."""
        self.deal = -1
        self.update()

    def update(self) -> None:
        game = self.room.table.game
        if game.deal_number != self.deal and not game.is_over():
            self.deal = game.deal_number
            upcard = card_name(game.upcard)
            for s in range(self.players):
                self.known[s] |= {card_name(c) for c in game.hand(s)}
            for known in self.known:
                known.add(upcard)
        for event in self.room.table.events[-1:]:
            action = event.action
            if action is not None and str(action).startswith("play "):
                for known in self.known:
                    known.add(str(action).split()[1])

    def check(self, receiver: int, frame: str) -> None:
        self.update()  # the frame is sent after its action was applied
        leaked = cards_in(frame) - self.known[receiver]
        assert not leaked, f"receiver {receiver} was sent {sorted(leaked)}: {frame[:300]}"


PRESETS: Final = ("tournament", "two-handed", "standard", "standard")
"""The rules of game ``n``: ``PRESETS[n % 4]`` (most games four-handed)."""


def play_game(number: int) -> int:
    """Play game ``number`` through a room with a scripted client at every seat and a
    spectator, checking every frame; returns the number of frames sent."""
    return asyncio.run(_play_game(number))


async def _play_game(number: int) -> int:
    rng = random.Random(number)
    preset = PRESETS[number % len(PRESETS)]
    n = 2 if preset == "two-handed" else 4
    settings = TableSettings.parse({
        "seats": ["person"] * n, "pace": 0, "level": "random", "seed": number,
        "preset": preset})
    room, _ = await Room.create(f"g{number}", settings, SqliteStore(":memory:"), None)
    for s in range(1, n):
        await room.take_seat(s, f"P{s}")
    watcher = Watcher(room)
    inbox: list[list[str]] = [[] for _ in range(n + 1)]
    """Each receiver's frames since the last look, in order (the spectator's last)."""
    raw = [""] * (n + 1)
    """Each receiver's last frame with a state in it."""

    def sender(index: int) -> Callable[[str], None]:
        def send(frame: str) -> None:
            watcher.check(index, frame)
            inbox[index].append(frame)
        return send

    clients = [Client(s, sender(s)) for s in range(n)] + [Client(None, sender(n))]
    for client in clients:
        await room.join(client, None)
    await room.start(clients[0])
    frames = 0
    for step in range(2000):
        for index, box in enumerate(inbox):
            frames += len(box)
            for frame in reversed(box):  # a client acts on the last state it was sent
                if '"state":' in frame:
                    raw[index] = frame
                    break
            box.clear()
        if room.table.game_over:
            break
        seat = room.table.to_act
        state = json.loads(raw[seat])["state"]
        legal = state["legal"]
        assert legal, f"seat {seat} to act was sent no legal actions"
        await room.act(clients[seat], {"type": "act", "id": f"c{step}",
                                 "version": state["version"],
                                 "action": rng.choice(legal)["action"]})
    assert room.table.game_over
    spectator = json.loads(raw[n])["state"]
    assert spectator["hand"] == [] and spectator["phase"] == "over"
    return frames


def test_a_thousand_games_leak_no_card() -> None:
    with ProcessPoolExecutor(2) as pool:  # the two cores of the machine this runs on
        frames = sum(pool.map(play_game, range(GAMES), chunksize=25))
    assert frames > GAMES * 100
