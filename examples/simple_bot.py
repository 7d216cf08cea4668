#!/usr/bin/env python3
"""A small Euchre bot speaking the external-bot protocol (docs/protocol.md).

Plain Python with the standard library only: it shows everything a bot in any language
has to do. Read one JSON object per line on standard input; answer each ``decide``
message with one line holding one of its ``legal`` strings; ignore everything else.

    euchre arena "ext:python examples/simple_bot.py" random --deals 200

Its play: call trump with three or more trumps (counting the bowers), go alone with
five, lay away its lowest side card, lead its best cards, and when following play the
cheapest card that takes the trick from the opponents, or its lowest card otherwise.
In the other forms (docs/protocol.md) it makes no declaration, bids the least it may
with three trumps and passes otherwise, calls for its partner's best card, gives its
best card and lays away its lowest; with no trump yet (Napoleon's first lead) or
no-trump ("n"), only the suit led counts.
"""

from __future__ import annotations

import json
import sys
from typing import Any

RANKS = "23456789TJQKA"
SUITS = "cdhs"
PARTNER_SUIT = {"c": "s", "s": "c", "d": "h", "h": "d"}
plain = False
"""Napoleon's plain order, without bowers (set from the rules of each view)."""


def suit_of(card: str, trump: str | None) -> str:
    """The suit a card follows once trump is known (the left bower and Benny: trump)."""
    if card == "B":
        return trump or "?"
    if trump in PARTNER_SUIT and card[0] == "J" and card[1] == PARTNER_SUIT[trump]:
        return trump
    return card[1]


def power(card: str, trump: str | None, led: str | None) -> int:
    """How strong a card is in a trick led in ``led`` (-1: it cannot win)."""
    if card == "B":
        return 300
    suit = suit_of(card, None if plain else trump)
    if suit == trump:
        if card[0] == "J" and not plain:
            return 250 if card[1] == trump else 240
        return 200 + RANKS.index(card[0])
    if suit == led:
        return 100 + RANKS.index(card[0])
    return -1


def trump_count(hand: list[str], trump: str) -> float:
    """Trumps in hand, the right bower counting one and a half."""
    count = 0.0
    for card in hand:
        if suit_of(card, trump) == trump:
            count += 1.5 if card in ("B", "J" + trump) else 1.0
    return count


def decide(view: dict[str, Any], legal: list[str]) -> str:
    """One legal action string for this view."""
    global plain
    plain = view.get("rules", {}).get("form") == "napoleon"
    hand = [str(c) for c in view["hand"]]
    phase = view["phase"]
    trump = view.get("trump")
    if phase in ("benny", "trump"):  # name trump: the suit it holds most of
        return max(legal, key=lambda a: trump_count(hand, a[5:]))
    if phase == "bid":
        bids = [a for a in legal if a[4:].isdigit()]
        strong = max(trump_count(hand, s) for s in SUITS) >= 3
        return bids[0] if bids and (strong or "pass" not in legal) else legal[0]
    if phase in ("declare", "best"):
        return "pass" if "pass" in legal else "best" if "best" in legal else legal[0]
    if phase in ("give", "discard"):
        pick = max if phase == "give" else min
        return pick(legal, key=lambda a: power(a.partition(":")[2], trump, None))
    if phase == "bid1":
        upcard = str(view["upcard"])
        suit = suit_of(upcard, None)
        cards = hand + ([upcard] if view["dealer"] == view["seat"] else [])
        return "accept" if "accept" in legal and trump_count(cards, suit) >= 3 else legal[0]
    if phase == "bid2":
        calls = [a for a in legal if a.startswith("call:")]
        best = max(calls, key=lambda a: trump_count(hand, a[5:]))
        if trump_count(hand, best[5:]) >= 3 or "pass" not in legal:
            return best
        return "pass"
    if phase == "exchange":
        def keep(action: str) -> tuple[int, int]:
            card = action[8:]
            is_trump = suit_of(card, str(trump)) == trump
            return (1 if is_trump else 0, power(card, str(trump), card[1:] or None))
        return min(legal, key=keep)
    if phase == "alone":
        return "alone" if "alone" in legal and trump_count(hand, str(trump)) >= 5.5 else "stay"
    # play: the last trick in "tricks" is the one in progress
    tricks = view["tricks"]
    trick = tricks[-1] if tricks else []
    cards = [a[5:] for a in legal]
    t = str(trump)
    if not trick and not legal[0].startswith("play:"):
        return legal[0]
    if not trick:
        return "play:" + max(cards, key=lambda c: power(c, t, suit_of(c, t)))
    led = suit_of(trick[0][1], t)
    best_seat, best_card = max(trick, key=lambda sc: power(sc[1], t, led))
    to_beat = power(best_card, t, led)
    partners = view["rules"].get("form", "four_handed") in ("four_handed", "hasenpfeffer")
    partner_wins = partners and (best_seat - int(view["seat"])) % 2 == 0
    winners = [c for c in cards if power(c, t, led) > to_beat]
    if winners and not partner_wins:
        return "play:" + min(winners, key=lambda c: power(c, t, led))
    return "play:" + min(cards, key=lambda c: (power(c, t, led), RANKS.find(c[0])))


def main() -> None:
    for line in sys.stdin:
        if not line.strip():
            continue
        message = json.loads(line)
        if message.get("type") == "decide":
            print(decide(message["view"], message["legal"]), flush=True)


if __name__ == "__main__":
    main()
