"""``euchre hand``: what each bid is worth now, for one hand in the bidding.

The judging is :mod:`euchre.analysis.adviser`'s; this module reads the command line and
prints its advice, as text or JSON.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from euchre.analysis.adviser import DEFAULT_BUDGET, format_advice, hand_options, split_calls
from euchre.cli.options import add_rules_arguments, rules_from_args, whole_number

__all__ = ["add_hand_command"]


def _score_arg(text: str) -> tuple[int, int]:
    parts = text.replace(":", "-").split("-")
    try:
        a, b = (int(p) for p in parts)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"must be a score A-B such as 4-7, not {text!r}") from None
    return a, b


def _cmd_hand(args: argparse.Namespace) -> int:
    rules = rules_from_args(args)
    calls = split_calls(args.calls) if args.calls else []
    advice = hand_options(args.hand, args.upcard, seat=args.seat, dealer=args.dealer,
                          score=args.score, calls=calls, rules=rules, budget=args.budget,
                          seed=args.seed)
    if args.json:
        print(json.dumps(advice.to_dict(), indent=2, ensure_ascii=False))
    else:
        print(format_advice(advice))
    return 0


def add_hand_command(sub: Any) -> None:
    """Register ``euchre hand``."""
    hand = sub.add_parser(
        "hand", help="the value of each bid now for one hand (pass, order up, call, alone)",
        description="The value of each option a seat has in the bidding now: expected "
                    "points, the change in the chance of winning, and how often each "
                    "contract makes, marches and is euchred (sampled deals finished by "
                    "basic).")
    hand.add_argument("hand", metavar="HAND", help='the seat\'s five cards, e.g. "Jd Ah Kh 9s Tc"')
    hand.add_argument("--upcard", required=True, metavar="CARD", help="the card turned up")
    hand.add_argument("--seat", type=whole_number(), default=1,
                      help="the seat holding the hand (default: 1)")
    hand.add_argument("--dealer", type=whole_number(), default=0,
                      help="the dealer's seat (default: 0)")
    hand.add_argument("--score", type=_score_arg, default=(0, 0), metavar="A-B",
                      help="the score, seats 0 and 2's side first (default: 0-0)")
    hand.add_argument("--calls", default="", metavar="CALLS",
                      help='the calls so far from the dealer\'s left, e.g. "pass,pass"')
    hand.add_argument("--budget", type=whole_number(1), default=DEFAULT_BUDGET,
                      help=f"sampled deals (default: {DEFAULT_BUDGET})")
    hand.add_argument("--seed", type=whole_number(), default=0,
                      help="seed of the sampling (default: 0)")
    hand.add_argument("--json", action="store_true", help="print JSON")
    add_rules_arguments(hand)
    hand.set_defaults(func=_cmd_hand)
