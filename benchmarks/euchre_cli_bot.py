#!/usr/bin/env python3
"""euchre-cli 0.7.0's computer player as an external bot (docs/protocol.md).

    benchmarks/setup_outside_bots.sh       # makes benchmarks/.venv-euchre-cli
    euchre arena expert \\
        "ext:benchmarks/.venv-euchre-cli/bin/python benchmarks/euchre_cli_bot.py --seed {seed}" \\
        --no-going-alone --no-lone-defender --no-maker-partner-alone --games 10 --duplicate

euchre-cli (PyPI ``euchre-cli``, MIT, by Bradley Wojcik) is a terminal Euchre game whose
import package is also named ``euchre``, so this program runs with the python of its own
virtual environment and cannot import ours: it reads the protocol's JSON with the
standard library and asks ``euchre.abstract.Computer`` (euchre-cli's computer player)
each decision, building its ``Card``, ``Suit`` and ``Computer`` objects from the view.
The computer keeps no memory between decisions, so neither does this program. The
``PYTHONPATH`` entries are taken off ``sys.path`` first: the arena's
``PYTHONPATH=.compiled`` (our ``euchre``), inherited, would hide euchre-cli's package.

How each decision maps (``Computer``'s methods; its choices are its own, unchanged):

- ``bid1``: ``call_pick_up(upcard, partner_is_dealer)``: order up (or, as dealer, take)
  with two cards of the suit when its partner deals, three when it deals, three when
  another seat deals unless the upcard is a jack; else at random once in eleven
  (``random.choices``, seeded by ``--seed``).
- ``exchange``: ``pick_up_card(upcard)``: lay away the lowest card of the six by its
  weights. Where the rules make the dealer keep the upcard and it would lay the upcard
  away (six trumps), the lowest of the other five.
- ``bid2``: ``call_trump_suit(turned suit)``: name the suit it holds three or more of,
  else pass. A hand all of the turned suit passes (euchre-cli itself fails there). Where
  the dealer may not pass (stick the dealer, which euchre-cli does not play), the suit
  it holds most of (then the higher sum of its weights).
- ``alone``: euchre-cli has no going alone: always ``stay`` (as maker, maker's partner
  and defender alike).
- ``play``: ``play_card(cards of the trick so far, trump)``: lead its best card; follow
  with the best card of the suit led if it beats the trick, else the lowest; when void,
  trump with its best trump if that beats the trick, else throw its lowest card.

A decision with one legal action is answered without asking. Rules euchre-cli cannot
express (another form, deck or phase) are refused with one line on standard error and
exit status 1. euchre-cli's own game has no going alone, no stick the dealer, and lets
the dealer lay away the upcard: the standard rules with nobody going alone
(``--no-going-alone --no-lone-defender --no-maker-partner-alone``) are its game.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import sys
from collections.abc import Sequence
from typing import Any, Final

RANKS: Final = {9: "9", 10: "T", 11: "J", 12: "Q", 13: "K", 14: "A"}
"""Our rank character of each of euchre-cli's face values."""
SUITS: Final = {"Club": "c", "Diamond": "d", "Heart": "h", "Spade": "s"}
"""Our suit character of each of euchre-cli's suit names."""


def euchre_cli_first() -> None:
    """Take the ``PYTHONPATH`` entries off ``sys.path``: a ``PYTHONPATH`` meant for our
    ``euchre`` (the arena's ``PYTHONPATH=.compiled``, inherited) would shadow
    euchre-cli's package of the same name."""
    extra = {os.path.abspath(p) for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p}
    sys.path[:] = [p for p in sys.path if not p or os.path.abspath(p) not in extra]


class Refused(Exception):
    """A decision this program cannot answer (the line it exits with)."""


class CliBot:
    """euchre-cli's ``Computer`` deciding for one seat."""

    def __init__(self, seed: int) -> None:
        abstract = importlib.import_module("euchre.abstract")  # euchre-cli's, not ours
        card_util = importlib.import_module("euchre.util.card_util")
        self.computer_class: Any = abstract.Computer
        self.team: Any = abstract.Team("adapter")
        deck: list[Any] = card_util.create_deck()  # one Suit object per suit: it tests `is`
        self.cards: dict[str, Any] = {self.text(c): c for c in deck}
        self.suits: dict[str, Any] = {SUITS[c.suit.name]: c.suit for c in deck}
        random.seed(seed)  # after create_deck's shuffle: call_pick_up's random.choices

    @staticmethod
    def text(card: Any) -> str:
        """Our name of one of euchre-cli's cards (``Jd``)."""
        return RANKS[card.face.value] + SUITS[card.suit.name]

    def computer(self, view: dict[str, Any], hand: Sequence[str]) -> Any:
        player = self.computer_class("adapter", self.team)
        player.hand = [self.cards[c] for c in hand]
        player.is_dealer = view["seat"] == view["dealer"]
        return player

    def decide(self, view: dict[str, Any], legal: list[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        rules = view.get("rules", {})
        if rules.get("form", "four_handed") != "four_handed" or rules.get("deck", 24) != 24:
            raise Refused("euchre-cli plays four-handed Euchre with the 24-card deck only")
        phase = view["phase"]
        hand: list[str] = list(view["hand"])
        upcard: str = view["upcard"]
        if phase == "bid1":
            partner_deals = (view["seat"] + 2) % 4 == view["dealer"]
            order = self.computer(view, hand).call_pick_up(self.cards[upcard], partner_deals)
            return "accept" if order else "pass"
        if phase == "exchange":
            return self.exchange(view, [c for c in hand if c != upcard], upcard, legal)
        if phase == "bid2":
            return self.call(view, hand, upcard, legal)
        if phase == "alone":
            return "stay"
        if phase == "play":
            trick = [self.cards[card] for _, card in view.get("trick", [])]
            card = self.computer(view, hand).play_card(trick, self.suits[view["trump"]])
            return "play:" + self.text(card)
        raise Refused(f"euchre-cli has no decision like phase {phase!r}")

    def exchange(self, view: dict[str, Any], hand: list[str], upcard: str,
                 legal: list[str]) -> str:
        player = self.computer(view, hand)
        answer = "discard:" + self.text(player.pick_up_card(self.cards[upcard]))
        if answer in legal:
            return answer
        # the rules keep the upcard with the dealer: the lowest of the others, its way
        trump = self.suits[upcard[1]]
        others = [self.cards[c] for c in hand]
        return "discard:" + self.text(min(others, key=lambda c: c.weighted_value(trump, trump)))

    def call(self, view: dict[str, Any], hand: list[str], upcard: str, legal: list[str]) -> str:
        turned = self.suits[upcard[1]]
        if any(self.cards[c].suit is not turned for c in hand):
            suit = self.computer(view, hand).call_trump_suit(turned)
        else:
            suit = turned  # its method fails on such a hand (no suit to count): a pass
        if suit is not turned:
            return "call:" + SUITS[suit.name]
        if "pass" in legal:
            return "pass"
        # stick the dealer: the suit it holds most of, then the higher weights
        cards = [self.cards[c] for c in hand]

        def strength(s: str) -> tuple[int, int]:
            trump = self.suits[s]
            mine = [c for c in cards if c.adjusted_suit(trump) is trump]
            return len(mine), sum(c.weighted_value(trump) for c in mine)

        calls = [a for a in legal if a.startswith("call:") and a[5:] in self.suits]
        return max(calls, key=lambda a: strength(a[5:]))


def serve(bot: CliBot, lines: Any, out: Any) -> None:
    """Answer each ``decide`` read from ``lines`` on ``out``; other messages are ignored
    (the computer remembers nothing, so a ``game_start`` needs no reset)."""
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            message = json.loads(line)
        except ValueError:
            print(f"euchre_cli_bot: message {number}: not JSON", file=sys.stderr)
            continue
        if not isinstance(message, dict) or message.get("type") != "decide":
            continue
        legal = list(message["legal"])
        answer = bot.decide(message["view"], legal)
        if answer not in legal:
            raise Refused(f"message {number}: euchre-cli chose {answer}, not in {legal}")
        out.write(answer + "\n")
        out.flush()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=0,
                        help="seeds the computer's occasional random order up")
    args = parser.parse_args(argv)
    euchre_cli_first()
    try:
        bot = CliBot(args.seed)
    except ImportError as error:
        print(f"euchre_cli_bot: euchre-cli is not installed for {sys.executable}: {error}; "
              "run benchmarks/setup_outside_bots.sh", file=sys.stderr)
        return 1
    try:
        serve(bot, sys.stdin, sys.stdout)
    except (Refused, KeyError, TypeError, ValueError) as error:
        print(f"euchre_cli_bot: {type(error).__name__}: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
