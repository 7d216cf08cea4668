"""How to play, inside the game: a Textual dialog (:class:`HelpScreen`) with the rules
in force, trump and the bowers, how a deal goes and scores, and what every key does.

Nothing in it is written by hand where it could drift: the rules come from the game's
:class:`~euchre.engine.rules.Rules` (so the text is right for every preset and option), the
points from the engine's own scoring table (:func:`~euchre.engine.scoring.score_deal`), the order
of the trumps from :mod:`euchre.engine.cards`, and the keys from the screens' bindings
(:func:`key_rows`; every bound action has words in :data:`KEY_HELP` or a description).

>>> from euchre.engine.rules import Rules
>>> text = help_text(Rules.preset("tournament"), trump=2).plain
>>> "stick the dealer" in text and "J♥ J♦ A♥ K♥ Q♥ 10♥ 9♥" in text
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import ClassVar, Final

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.keys import format_key
from textual.screen import ModalScreen
from textual.widgets import Static

from euchre.engine.actions import BLUCHER, MISERE, NAP, WELLINGTON
from euchre.engine.cards import (
    NINE,
    NO_TRUMP,
    SUIT_NAMES,
    card,
    cards_of,
    deck_has_benny,
    deck_lowest_rank,
    deck_mask,
    sort_cards,
    trump_mask,
)
from euchre.engine.game import NAP_BIDS
from euchre.engine.rules import OPTION_HELP, PRESET_HELP, PRESETS, Rules, seat_name
from euchre.engine.scoring import deal_gains, nap_points, score_deal
from euchre.table.wording import bid_words
from euchre.text import plural
from euchre.tui.style import SYMBOLS, TRUMP_MARK, card_face, suit_text

__all__ = [
    "KEY_HELP",
    "HelpScreen",
    "help_text",
    "key_name",
    "key_rows",
    "key_words",
    "rules_changes",
]

KEY_HELP: Final[dict[str, str]] = {
    "number": "choose a card (play it, lay it away or pass it) or the numbered choice; "
              "bidding for tricks, the number of tricks",
    "letter('p')": "pass (any bidding, or a declaration)",
    "letter('o')": "order up the upcard's suit (round one; the dealer picks it up)",
    "letter('u')": "order up the upcard's suit (round one; the dealer picks it up)",
    "letter('c')": "name clubs trump (round two)",
    "letter('d')": "name diamonds trump (round two); decline to call for best",
    "letter('h')": "name hearts trump (round two)",
    "letter('s')": "name spades trump (round two); stay with your partner (going alone?)",
    "letter('a')": "go alone (your partner sits out)",
    "letter('n')": "play with your partner (do not go alone); no trump (round two, when "
                   "the rules allow it); bid Nap (Napoleon)",
    "letter('b')": "call for your partner's best card (partner's best); bid Blücher "
                   "(Napoleon)",
    "letter('f')": "show a farmer's hand and swap it for the kitty (farmer's hands)",
    "letter('g')": "go under: pick three cards to swap for the kitty (going under)",
    "letter('t')": "throw in a hand of no ace and no face card (throw-in hands)",
    "letter('m')": "bid misère: to take no trick (Napoleon)",
    "letter('w')": "bid Wellington (Napoleon)",
    "cancel_pick": "back out of picking a declaration's three cards",
    "cursor": "move the highlight over the cards or the choices",
    "choose": "choose the highlighted card or choice",
    "hint": "a hint: what the hint bot would do in your place",
    "last_trick": "show the last trick again (press again to go back)",
    "hurry": "hurry: the waiting bot moves now",
    "faster": "bots faster",
    "slower": "bots slower",
    "undo": "take back your last card or bid (practice games only)",
    "help": "this help: the rules, trump and the keys",
    "app.help": "this help: the rules, trump and the keys",
    "save_quit": "save and quit (the game is saved after every move anyway)",
    "app.save_quit": "save and quit (the game is saved after every move anyway)",
    "start": "deal the cards",
    "close": "close",
    "new": "a new game with the same settings",
    "quit": "quit",
}
"""Words for each bound action (the bare action name, or the whole call when its
argument changes the meaning); a binding's own description stands in for a missing
one."""

_KEY_NAMES: Final = {
    "enter": "Enter",
    "escape": "Esc",
    "space": "space",
    "tab": "Tab",
    "backspace": "Backspace",
}


def key_name(key: str) -> str:
    """A key as people write it: ``Enter``, ``Ctrl+C``, ``F1``, ``←``, ``?``.

    >>> [key_name(k) for k in ("enter", "ctrl+c", "f1", "left", "question_mark", "z")]
    ['Enter', 'Ctrl+C', 'F1', '←', '?', 'z']
    """
    *modifiers, last = key.split("+")
    if last in _KEY_NAMES:
        name = _KEY_NAMES[last]
    elif len(last) > 1 and last[0] == "f" and last[1:].isdigit():
        name = last.upper()
    else:
        name = format_key(last)
        if modifiers and len(name) == 1:
            name = name.upper()
    return "+".join([*(m.capitalize() for m in modifiers), name])


def key_words(binding: Binding) -> str:
    """What a binding does, in words (empty when neither :data:`KEY_HELP` nor the
    binding's description says)."""
    action = binding.action
    bare = action.split("(", 1)[0]
    return KEY_HELP.get(action) or KEY_HELP.get(bare) or binding.description


def key_rows(bindings: Iterable[BindingType]) -> list[tuple[str, str]]:
    """``(keys, what they do)`` for some bindings, in their order; keys that do the same
    share a row (``1``-``9``: ``1 2 … 9``). A binding without words is left out (a test
    checks there is none)."""
    rows: dict[str, list[str]] = {}
    for binding in Binding.make_bindings(bindings):
        words = key_words(binding)
        if not words:
            continue
        name = binding.key_display or key_name(binding.key)
        keys = rows.setdefault(words, [])
        if name not in keys:
            keys.append(name)
    out = []
    for words, keys in rows.items():
        if len(keys) > 3 and all(k.isdigit() for k in keys):
            keys = [f"{keys[0]}-{keys[-1]}"]
        out.append((" ".join(keys), words))
    return out


def rules_changes(rules: Rules) -> tuple[str, dict[str, object]]:
    """The preset nearest to ``rules`` and the options that differ from it.

    >>> rules_changes(Rules(target=5, stick_the_dealer=True))
    ('standard', {'stick_the_dealer': True, 'target': 5})
    """
    mine = rules.to_dict()

    def changes(preset: Rules) -> dict[str, object]:
        theirs = preset.to_dict()
        return {k: v for k, v in mine.items() if theirs[k] != v}

    name = min(PRESETS, key=lambda p: len(changes(PRESETS[p])))
    return name, changes(PRESETS[name])


def _option_value(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value).replace("_", " ")


def _game_lines(rules: Rules) -> list[Text]:
    name, changed = rules_changes(rules)
    if not changed:
        head = Text.assemble(("These are the ", ""), (name, "bold"),
                             f" rules: {PRESET_HELP.get(name, '')}.")
    else:
        head = Text.assemble("Custom rules: the ", (name, "bold"), " rules, but:")
    lines = [head]
    for option, value in changed.items():
        lines.append(Text.assemble("  • ", (f"{option.replace('_', ' ')}: "
                                            f"{_option_value(value)}", "bold"),
                                   (f" — {OPTION_HELP.get(option, '')}", "dim")))
    n = rules.players
    others = [seat_name(s, n) for s in range(1, n)]
    if rules.players == 4 and rules.seating.partner_of[0] is not None:
        sides = (f"Four players in two sides: you ({seat_name(0)}) and your partner across "
                 f"({seat_name(2)}) against {seat_name(1)} and {seat_name(3)}.")
    elif rules.form == "two_handed":
        sides = f"Two players: you ({seat_name(0, 2)}) against one opponent ({seat_name(1, 2)})."
    elif rules.form == "three_handed":
        sides = (f"Three players, each scoring alone: you ({seat_name(0, 3)}), {others[0]} and "
                 f"{others[1]}. Whoever makes trump plays alone against the other two.")
    else:
        sides = (f"{n} players, each scoring alone: you ({seat_name(0, n)}), "
                 f"{', '.join(others)}. The highest bidder plays against all the others.")
    low = card_face(card(deck_lowest_rank(rules.deck), 0))[:-1]
    deck = (f"{rules.deck} cards: {low} to A of each suit"
            + (" and the Benny (a joker, the highest trump)" if deck_has_benny(rules.deck)
               else ""))
    side = "side" if rules.seating.partner_of[0] is not None else "player"
    if rules.deals:
        goal = (f"The game is {plural(rules.deals, 'deal')}; the {side} "
                "with more points then wins (a tie is possible).")
    else:
        first = f"The first {side}" if rules.players >= 3 else "The first"
        goal = f"{first} to {plural(rules.target, 'point')} wins."
        if rules.per_player:
            goal += " Two or more level at the top play another deal."
        if rules.form == "hasenpfeffer":
            goal += (" Scores may go below zero; when both sides reach the target on one "
                     "deal, the makers win.")
    if rules.form == "napoleon":
        goal += (" At the end, the points settle as stakes: each player wins from every "
                 "other the difference of their points.")
    lines += [Text(sides), Text(f"The deck: {deck}. {goal}")]
    return lines


def _deal_lines(rules: Rules) -> list[Text]:
    if rules.form == "hasenpfeffer":
        return _hasen_deal_lines(rules)
    if rules.form == "napoleon":
        return _nap_deal_lines(rules)
    out = []
    pattern = "in packets of 3 and 2" if rules.deal_pattern == "3-2" else "one at a time"
    rotation = "passes to the left" if rules.players >= 3 else "alternates"
    out.append(f"Five cards each, dealt {pattern}; the next card is turned up (the upcard) "
               f"and the rest stay face down. The deal {rotation} after each deal.")
    order = ("from the dealer's left, each player" if rules.players >= 3 else
             "the non-dealer first, then the dealer, each")
    if rules.dealer_must_take_upcard:
        exchange = "the dealer then must pick up the upcard and lay away another card"
    else:
        exchange = ("the dealer then picks up the upcard and lays away a card (laying away "
                    "the upcard itself is allowed; trump stays)")
    out.append(f"Round one: {order} passes or orders up: the upcard's suit becomes trump "
               f"and {exchange}.")
    if rules.stick_the_dealer:
        last = ("Stick the dealer: the dealer may not pass in round two and must name a "
                "suit.")
    else:
        last = "If all pass again, the deal is thrown in and the next player deals."
    notrump = " or no trump (n)" if rules.no_trump else ""
    out.append("Round two: if all passed, the upcard is turned down, and each in turn may "
               f"name another suit trump{notrump}, or pass. {last}")
    out.extend(_house_lines(rules))
    if rules.form == "three_handed":
        out.append("Nobody goes alone by choice: the maker always plays against the other "
                   "two, who play together for that deal.")
    elif rules.going_alone:
        who = ["the maker (who chose trump) may go alone: the partner lays the hand down "
               "and sits out"]
        if rules.maker_partner_alone:
            who.append("the maker's partner may go alone instead")
        if rules.lone_defender:
            who.append("a defender may go alone too")
        out.append(f"Going alone: once trump is chosen, {'; '.join(who)}.")
    else:
        out.append("Nobody goes alone under these rules.")
    if rules.players == 2:
        lead = "The non-dealer leads the first trick."
    elif rules.players == 3:
        lead = "The player left of the dealer leads the first trick."
    elif rules.loner_lead == "left_of_loner" and rules.going_alone:
        both = "; the lone defender when both sides do" if rules.lone_defender else ""
        lead = ("The player left of the dealer leads the first trick (left of the lone "
                f"player when someone goes alone{both}).")
    else:
        lead = ("The player left of the dealer leads the first trick (passing over a seat "
                "that sits out).")
    out.append(f"Play: {lead[:1].lower()}{lead[1:]} Follow the suit led if you can (the "
               "left bower counts as trump, not as its printed suit); otherwise play any "
               "card. The highest trump wins the trick, or else the highest card of the "
               "suit led; the winner leads next. A deal has five tricks.")
    return [Text(line) for line in out]


def _house_lines(rules: Rules) -> list[str]:
    """The house rules in force in a Euchre form, a line each (§19)."""
    out = []
    if deck_has_benny(rules.deck) and rules.benny_upcard == "dealer_names":
        out.append("A Benny turned up: the dealer names trump before looking at the hand "
                   "(c, d, h or s), and takes the Benny.")
    elif deck_has_benny(rules.deck) and rules.benny_upcard == "hearts":
        out.append("A Benny turned up makes hearts trump; round one is about hearts.")
    if rules.farmers:
        out.append("Farmer's hand: before the bidding, a hand with three 9s and 10s may "
                   "show them and swap them for three kitty cards (f).")
    if rules.go_under:
        out.append("Going under: before the bidding, a hand with no face card may swap "
                   "three cards for three kitty cards (g, then pick the three).")
    if rules.throw_in != "none":
        out.append("Throw in: a hand with no ace and no face card may void the deal (t).")
    if rules.partners_best != "none":
        who = "a lone player" + (" (a lone defender too)"
                                 if rules.partners_best == "loner_and_defender" else "")
        order = ("lays a card away, then receives" if rules.partners_best_order ==
                 "discard_first" else "receives, then lays a card away")
        out.append(f"Partner's best: {who} may call for the partner's best card (b, or d to "
                   f"decline); the partner passes it face down, and the lone player {order}. "
                   "Only the two of them see those cards.")
    if rules.four_trick_tokens:
        out.append("Four-trick tokens: makers taking exactly four tricks gain a token; four "
                   "tokens score a point (shown beside the score).")
    return out


def _hasen_deal_lines(rules: Rules) -> list[Text]:
    auction = ("the bidding goes round until all but one pass, each bid higher than the "
               "last" if rules.hasen_bidding == "auction" else
               "once round, each bid higher than the last")
    widow = ("The high bidder takes the widow and lays a card away face down."
             if rules.widow == "bidder_takes" else "The widow stays face down, unused.")
    out = [
        f"Six cards each from {rules.deck} (the Benny included); one card, the widow, is "
        "left face down. The deal passes to the left.",
        f"Bidding, from the dealer's left: pass (p) or bid a number of tricks (1-6); {auction}. "
        "If all pass, the holder of the Benny must bid 3 and show it (the deal is thrown "
        "in when the Benny is the widow).",
        f"The high bidder names trump (c, d, h or s) and leads the first trick. {widow} "
        "Nobody goes alone.",
        "Play: follow the suit led if you can (the left bower counts as trump); the highest "
        "trump wins, or else the highest card of the suit led. A deal has six tricks.",
    ]
    return [Text(line) for line in out]


def _nap_deal_lines(rules: Rules) -> list[Text]:
    bids = [b for b in NAP_BIDS if (b != 1 or rules.nap_min_bid == 1)
            and (b != MISERE or rules.misere) and (b != WELLINGTON or rules.wellington)
            and (b != BLUCHER or rules.blucher)]
    keys = {MISERE: "m", NAP: "n", WELLINGTON: "w", BLUCHER: "b"}
    named = ", ".join(f"{bid_words(b, napoleon=True)} ({keys.get(b, str(b))})" for b in bids)
    all_pass = ("the dealer must bid one" if rules.nap_all_pass == "dealer_bids_one" else
                "the deal is thrown in")
    out = [
        f"Five cards each from the 52-card deck; the other {rules.kitty_size} stay face down, "
        "unseen. The deal passes to the left.",
        f"Bidding, once round from the dealer's left: pass (p) or bid higher than the last: "
        f"{named}. A bid names the tricks the bidder will take of five"
        + (" (misère: none, at no trump)" if rules.misere else "")
        + ("; Wellington is bid only over a Nap" if rules.wellington else "")
        + (", Blücher only over a Wellington" if rules.blucher else "")
        + f". If all pass, {all_pass}.",
        "Nobody goes alone: the bidder plays against all the others, who play together. "
        "The bidder leads the first trick, and the suit of that card is trump. Play: follow "
        "the suit led if you can; the highest trump wins, or else the highest card of the "
        "suit led.",
    ]
    return [Text(line) for line in out]


def _trump_lines(rules: Rules, trump: int | None) -> list[Text]:
    if rules.trump_order == "plain":
        head = Text("No bowers: every suit, trump too, ranks A K Q J 10 9 8 7 6 5 4 3 2.")
        if trump is not None and trump != NO_TRUMP:
            head.append(" Trump now: ")
            head.append_text(suit_text(trump, long=True))
        elif trump == NO_TRUMP:
            head.append(" This deal is at no trump (misère).")
        return [head]
    lines_nt = []
    if trump == NO_TRUMP:
        lines_nt.append(Text("This deal is at no trump: the highest card of the suit led wins "
                             "(the Benny, in the deck, wins any trick); the jacks are plain."))
        trump = None
    below_nine = "87"[: NINE - deck_lowest_rank(rules.deck)]  # the 8 (and the 7) in the deck
    low = "".join(f", {rank}" for rank in below_nine)
    benny = (" The Benny is above both bowers; when it is turned up, round one is skipped "
             "and any suit may be named." if deck_has_benny(rules.deck) else "")
    lines = [
        *lines_nt,
        Text("The right bower, the jack of trump, is the highest trump; the left bower, the "
             "other jack of the same colour, comes next and is a trump for everything "
             f"(following suit too). Then A, K, Q, 10, 9{low}.{benny} Other suits: A, K, Q, "
             f"J, 10, 9{low} (the suit of trump's colour has no jack)."),
    ]
    deck = deck_mask(rules.deck)
    suits = range(4) if trump is None else (trump,)
    for suit in suits:
        order = sort_cards(cards_of(deck & trump_mask(suit)), suit)
        head = Text("Trump now: " if trump is not None else "  ")
        head.append_text(suit_text(suit, long=True))
        head.append(", high to low: " if trump is not None else ": ")
        head.append(" ".join(card_face(c) for c in order), style="bold")
        lines.append(head)
    return lines


def _scoring_lines(rules: Rules) -> list[Text]:
    if rules.form == "three_handed":
        return _three_scoring_lines(rules)
    if rules.form == "hasenpfeffer":
        return _hasen_scoring_lines(rules)
    if rules.form == "napoleon":
        return _nap_scoring_lines(rules)

    def row(what: str, tricks: int, lone_maker: bool = False,
            lone_defender: bool = False) -> Text:
        makers, points = score_deal(rules, tricks, lone_maker, lone_defender)
        side = "" if makers else (" to the defender" if rules.players == 2 else
                                  " to the defenders")
        return Text.assemble(f"  {what}: ", (plural(points, "point"), "bold"), side)

    maker = "the maker takes" if rules.players == 2 else "the makers take"
    lines = [
        Text("The side that chose trump are the makers; they need 3 of the 5 tricks."
             if rules.players == 4 else "Whoever chose trump is the maker and needs 3 of "
             "the 5 tricks."),
        row(f"{maker} 3 or 4", 3),
        row(f"{maker} all 5 (a march)", 5),
        row(f"{maker} fewer than 3 (euchred)", 2),
    ]
    if rules.going_alone:
        lines += [
            row("a lone maker takes 3 or 4", 3, lone_maker=True),
            row("a lone maker takes all 5", 5, lone_maker=True),
            row("a lone maker is euchred", 2, lone_maker=True),
        ]
    if rules.lone_defender:
        lines += [
            row("a lone defender's side takes 3 or 4", 2, lone_defender=True),
            row("a lone defender's side takes all 5", 0, lone_defender=True),
        ]
    return lines


def _three_scoring_lines(rules: Rules) -> list[Text]:
    def gains(tricks: tuple[int, int, int]) -> tuple[int, ...]:
        return deal_gains(rules, 0, (), tricks, [0] * 5)[0]

    made, march, euchred = gains((3, 1, 1)), gains((5, 0, 0)), gains((2, 2, 1))
    return [
        Text("The maker needs 3 of the 5 tricks, alone against the other two."),
        Text.assemble("  the maker takes 3 or 4: ", (plural(made[0], "point"), "bold")),
        Text.assemble("  the maker takes all 5: ", (plural(march[0], "point"), "bold")),
        Text.assemble("  the maker is euchred: ", (plural(euchred[1], "point"), "bold"),
                      " to each of the other two"),
    ]


def _hasen_scoring_lines(rules: Rules) -> list[Text]:
    made = deal_gains(rules, 0, (), (4, 2), [0] * 6, bid=3)[0]
    set_ = deal_gains(rules, 0, (), (2, 4), [0] * 6, bid=3)[0]
    defenders = (f"; the defenders score the tricks they take (here {made[1]})"
                 if rules.hasen_defenders_score else "; the defenders score nothing")
    return [
        Text("The makers score the tricks they take when they take at least their bid, and "
             "lose their bid when they do not (a score may go below zero)."),
        Text(f"  a bid of 3, 4 tricks taken: makers {made[0]:+d}{defenders}"),
        Text(f"  a bid of 3, 2 tricks taken: makers {set_[0]:+d}"),
    ]


def _nap_scoring_lines(rules: Rules) -> list[Text]:
    lines = [Text("A bid made scores its points; a bid lost gives each other player theirs.")]
    for bid in NAP_BIDS:
        if ((bid == 1 and rules.nap_min_bid != 1) or (bid == MISERE and not rules.misere)
                or (bid == WELLINGTON and not rules.wellington)
                or (bid == BLUCHER and not rules.blucher)):
            continue
        made, lost = nap_points(rules, bid)
        lines.append(Text.assemble(f"  {bid_words(bid, napoleon=True)}: ",
                                   (f"+{made}", "bold"), " to the bidder, or ",
                                   (f"+{lost}", "bold"), " to each other player"))
    return lines


def _practice_lines(practice: bool, undo_keys: str) -> list[Text]:
    if practice:
        return [Text(f"This is a practice game: {undo_keys} takes back your last card or "
                     "bid (the bots' moves after it too, and they decide again). A practice "
                     "game does not count for your statistics.")]
    return [Text("This game counts for your statistics, so undo is off. A practice game "
                 "(the start screen's Practice box, or euchre play --practice) lets you "
                 f"take back your last card or bid with {undo_keys} and is not counted.")]


def help_text(
    rules: Rules,
    *,
    trump: int | None = None,
    practice: bool = False,
    keys: Sequence[tuple[str, Sequence[BindingType]]] = (),
) -> Text:
    """The whole help as one text: the rules of ``rules``, trump and the bowers (for
    ``trump`` when it is known, else for each suit), how a deal goes and scores, the
    practice note, and a table of ``keys`` (titled sections of bindings)."""
    parts: list[Text] = []

    def section(title: str, lines: Iterable[Text]) -> None:
        if parts:
            parts.append(Text(""))
        parts.append(Text(title, style="bold underline"))
        parts.extend(lines)

    section("The game", _game_lines(rules))
    section("A deal", _deal_lines(rules))
    section("Trump and the bowers" if rules.trump_order == "euchre" else "Trump",
            _trump_lines(rules, trump))
    section("Points", _scoring_lines(rules))
    tables = [(title, key_rows(bindings)) for title, bindings in keys]
    undo = next((k for _, rows in tables for k, words in rows if words == KEY_HELP["undo"]),
                "the undo key")
    section("Practice games", _practice_lines(practice, undo))
    names = ", ".join(f"{s} {n}" for s, n in zip(SYMBOLS, SUIT_NAMES, strict=True))
    section("On the screen", [
        Text(f"Suits: {names}; hearts and diamonds are red. A trump in your hand is "
             f"underlined, with {TRUMP_MARK} under it. The winning card of a trick is "
             "underlined. With the environment variable NO_COLOR set, the table shows no "
             "colour at all."),
    ])
    for title, rows in tables:
        width = max((len(k) for k, _ in rows), default=0)
        section(title, [Text.assemble(("  " + k.ljust(width), "bold"), f"  {words}")
                        for k, words in rows])
    return Text("\n").join(parts)


@dataclasses.dataclass(frozen=True, slots=True)
class _Content:
    rules: Rules
    trump: int | None
    practice: bool
    keys: tuple[tuple[str, Sequence[BindingType]], ...]


class HelpScreen(ModalScreen[None]):
    """How to play: the rules in force, trump, the points and the keys. The arrows and
    Page Up/Down scroll; any other key closes it."""

    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    #help-dialog { width: 88; max-width: 100%; height: 100%; padding: 0 1;
                   background: #1c2430; }
    #help-title { height: 1; text-style: bold; }
    #help-scroll { height: 1fr; }
    #help-keys { height: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close", key_display="Esc"),
    ]
    SCROLL_KEYS: ClassVar[frozenset[str]] = frozenset(
        {"up", "down", "pageup", "pagedown", "home", "end", "left", "right"}
    )

    def __init__(
        self,
        rules: Rules,
        *,
        trump: int | None = None,
        practice: bool = False,
        keys: Sequence[tuple[str, Sequence[BindingType]]] = (),
        title: str = "How to play",
    ) -> None:
        super().__init__()
        self.content = _Content(rules, trump, practice, tuple(keys))
        self.title_text = title

    def compose(self) -> ComposeResult:
        c = self.content
        with Vertical(id="help-dialog"):
            yield Static(Text(self.title_text, style="bold"), id="help-title")
            with VerticalScroll(id="help-scroll"):
                yield Static(help_text(c.rules, trump=c.trump, practice=c.practice,
                                       keys=c.keys), id="help-text")
            yield Static(Text("↑ ↓ PgUp PgDn scroll · any other key closes", style="dim"),
                         id="help-keys")

    def on_mount(self) -> None:
        self.query_one("#help-scroll", VerticalScroll).focus()

    def on_key(self, event: events.Key) -> None:
        if event.key in self.SCROLL_KEYS:
            return
        event.stop()
        event.prevent_default()
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
