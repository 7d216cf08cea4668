"""The person's choices at the table: which ones a phase offers, the letter keys that make
them, their labels on the buttons and the prompt that says them.

Nothing here draws or applies anything:
:class:`~euchre.tui.table_screen.TableScreen` keeps the choices offered and the cursor
among them, and hands a choice made to the session.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rich.text import Text

from euchre.engine.actions import (
    ALONE,
    BEST,
    BID,
    BLUCHER,
    CALL,
    DECLINE,
    DISCARD,
    FARMER,
    GIVE,
    GO_UNDER,
    MISERE,
    NAP,
    NO_TRUMP,
    ORDER,
    PASS,
    PLAY,
    STAY,
    THROW_IN_HAND,
    WELLINGTON,
    Action,
    Best,
    Bid,
    Call,
    Declare,
    GoAlone,
    Order,
    Pass,
)
from euchre.engine.cards import SUIT_CHARS, SUITS, Card, card_suit, suit_char
from euchre.engine.game import Phase
from euchre.table.model import Snapshot
from euchre.tui.session import GameSession
from euchre.tui.style import card_face, card_text, suit_text

__all__ = [
    "bid_key",
    "choice_label",
    "key_choice",
    "number_choice",
    "offered",
    "your_prompt",
]

_SUIT_KEYS: Final = {key: suit for suit, key in zip(SUITS, SUIT_CHARS, strict=True)}
_BID_KEYS: Final = {"m": MISERE, "n": NAP, "w": WELLINGTON, "b": BLUCHER}
"""Napoleon's named bids by key (the numbers bid tricks)."""
_CALL_PHASES: Final = (Phase.BID2, Phase.BENNY, Phase.TRUMP)
"""The phases where a suit key names trump."""
_CARD_PHASES: Final = ("play", "exchange", "discard", "give")
"""The phases whose choices are the cards of the hand."""
_YOU: Final = "bold #ffd75f"
"""The style of the prompt's first words."""


def offered(state: Snapshot, picking: str) -> tuple[list[Action], bool]:
    """The choices the table offers the person now, and whether they are the cards of
    the hand (the buttons of the hand, not those of the choices). With ``picking`` (a
    declaration whose cards are being picked) they are the hand's cards to pick."""
    phase = state.phase
    legal = state.legal
    if phase == "play":
        options: list[Action] = [PLAY[c] for c in state.hand]
    elif phase in ("exchange", "discard") and legal:
        options = [DISCARD[c] for c in state.hand]
    elif phase == "give" and legal:
        options = [GIVE[c] for c in state.hand]
    elif phase == "declare" and picking:
        options = [PLAY[c] for c in state.hand]  # cards to pick, not to play
    elif phase == "bid1":
        options = [PASS, ORDER]
    elif phase in ("bid2", "benny", "trump"):
        calls: list[Action] = [CALL[s] for s in SUITS]
        if CALL[NO_TRUMP] in legal:
            calls.append(CALL[NO_TRUMP])
        options = [PASS, *calls] if phase == "bid2" else calls
    elif phase == "alone":
        options = [STAY, ALONE]
    elif phase == "best":
        options = [DECLINE, BEST]
    elif phase in ("declare", "bid"):
        options = []
        for action in legal:  # one choice for each kind of declaration
            kind = action.what if isinstance(action, Declare) else None
            if kind is None or all(getattr(o, "what", None) != kind for o in options):
                options.append(action)
    else:
        options = []
    are_cards = phase in _CARD_PHASES or bool(picking)
    if not legal:
        options = [] if not are_cards else options
    return options, are_cards


def bid_key(value: int) -> str:
    """The key of a bid: its number of tricks, or Napoleon's letter (m, n, w, b)."""
    return next((k for k, v in _BID_KEYS.items() if v == value), str(value))


def number_choice(number: int, phase: str, options: Sequence[Action]) -> Action | str:
    """The choice a number key makes in ``phase``: in a bidding of tricks, the bid of that
    many; otherwise the choice in that place of ``options``. When it makes none, what to
    tell the person instead."""
    if phase == Phase.BID:  # a number bids that many tricks
        bid = BID.get(number)
        if bid is None or bid not in options:
            return f"You can not bid {number} now: the line above says what you can."
        return bid
    if 0 < number <= len(options):
        return options[number - 1]
    return f"There is no choice {number}."


def key_choice(session: GameSession, key: str, phase: str, options: Sequence[Action],
               legal: Sequence[Action]) -> Action | str:
    """The choice a letter key makes in ``phase``, or (when it makes none) what to tell
    the person instead."""
    action: Action | None = None
    if key == "p" and phase in (Phase.BID1, Phase.BID2, Phase.DECLARE, Phase.BID):
        action = PASS
    elif key in "ou" and phase == Phase.BID1:
        action = ORDER
    elif key in _SUIT_KEYS and phase in _CALL_PHASES:
        action = CALL[_SUIT_KEYS[key]]
    elif key == "n" and phase in _CALL_PHASES:
        action = CALL[NO_TRUMP]
    elif key == "a" and phase == Phase.ALONE:
        action = ALONE
    elif key in "ns" and phase == Phase.ALONE:
        action = STAY
    elif key == "b" and phase == Phase.BEST:
        action = BEST
    elif key == "d" and phase == Phase.BEST:
        action = DECLINE
    elif key in "fg" and phase == Phase.DECLARE:
        what = FARMER if key == "f" else GO_UNDER
        action = next((a for a in options if isinstance(a, Declare) and a.what == what), None)
        if action is None:
            return "Your hand is not one for that declaration."
    elif key == "t" and phase == Phase.DECLARE:
        action = THROW_IN_HAND
    elif key in _BID_KEYS and phase == Phase.BID and session.napoleon:
        action = BID[_BID_KEYS[key]]
        if action not in legal:
            return f"You can not bid {session.bid_words(_BID_KEYS[key])} now."
    if action is None:
        return "That key does nothing now: the line above says what does."
    return action


def choice_label(session: GameSession, action: Action, state: Snapshot) -> Text:
    """The label of a choice's button: its key underlined, then its words."""
    if isinstance(action, Pass):
        return Text.assemble(("p", "bold underline"), " Pass")
    if isinstance(action, Order):
        verb = session.order_word().capitalize()
        return Text.assemble(("o", "bold underline"), f" {verb} ",
                             suit_text(card_suit(state.upcard)))
    if isinstance(action, Call):
        if action.suit == NO_TRUMP:
            return Text.assemble(("n", "bold underline"), " No trump")
        return Text.assemble((suit_char(action.suit), "bold underline"), " ",
                             suit_text(action.suit, long=True))
    if isinstance(action, GoAlone):
        if action.alone:
            return Text.assemble(("a", "bold underline"),
                                 f" {session.alone_word().capitalize()}")
        return Text.assemble(("n", "bold underline"), " Play with partner")
    if isinstance(action, Bid):
        key = bid_key(action.value)
        if not session.napoleon:  # Hasenpfeffer: the key is the number of tricks
            return Text.assemble((key, "bold underline"),
                                 " trick" if action.value == 1 else " tricks")
        words = session.bid_words(action.value)
        return Text.assemble((key, "bold underline"), f" {words[:1].upper()}{words[1:]}")
    if isinstance(action, Best):
        return (Text.assemble(("b", "bold underline"), " Call for best") if action.call
                else Text.assemble(("d", "bold underline"), " Decline"))
    if isinstance(action, Declare):
        key, words = {FARMER: ("f", " Farmer's hand"), GO_UNDER: ("g", " Go under"),
                      "throw in": ("t", " Throw in")}[action.what]
        return Text.assemble((key, "bold underline"), words)
    return Text(session.action_words(action))


# -- the prompt ----------------------------------------------------------------------------


def your_prompt(session: GameSession, state: Snapshot, options: Sequence[Action], *,
                are_cards: bool, picking: str, picked: Sequence[Card]) -> Text:
    """The prompt of the person's turn: what to choose and the keys that choose it.
    ``options`` are the choices offered (the hand's cards when ``are_cards``);
    ``picking`` the declaration whose cards are being picked, ``picked`` those so far."""
    phase = state.phase
    if phase in (Phase.PLAY, Phase.EXCHANGE, Phase.GIVE, Phase.DISCARD):
        cards = len(options) if are_cards else 0
        return _card_prompt(state, "1" if cards == 1 else f"1-{cards}")
    if phase == Phase.DECLARE and picking:
        what = "farmer's hand" if picking == FARMER else "cards to go under with"
        chosen = " ".join(card_face(c) for c in picked) or "none yet"
        return Text.assemble((f"Pick the three {what}: ", _YOU),
                             f"1-{len(state.hand)} (picked: {chosen}); Esc: back.")
    if phase == Phase.DECLARE:
        keys_of = {FARMER: "f farmer's hand", GO_UNDER: "g go under", "throw in": "t throw in"}
        said = [keys_of[a.what] for a in options if isinstance(a, Declare)]
        return Text.assemble(("Declare? ", _YOU), ", ".join(["p pass", *said]),
                             " (or ←/→ Enter, click).")
    if phase == Phase.BID:
        values = [a.value for a in options if isinstance(a, Bid)]
        if session.napoleon:
            bids = [f"{bid_key(v)} {session.bid_words(v)}" for v in values]
        else:  # Hasenpfeffer: the key is the number of tricks
            bids = []
            if values:  # none when a bid of every trick stands: only a pass is left
                span = str(values[0]) if len(values) == 1 else f"{values[0]}-{values[-1]}"
                bids = [f"{span} the tricks you bid"]
        return Text.assemble(("Your bid: ", _YOU),
                             ", ".join((["p pass"] if PASS in state.legal else []) + bids),
                             ".")
    return _trump_prompt(session, state)


def _card_prompt(state: Snapshot, keys: str) -> Text:
    """The prompt where the choice is a card of the hand; ``keys`` are its number keys."""
    phase = state.phase
    if phase == Phase.PLAY:
        return Text.assemble(("Your turn: ", _YOU),
                             f"play a card: {keys}, ←/→ and Enter, or click it.")
    if phase == Phase.EXCHANGE:
        return Text.assemble(("You pick up ", _YOU), card_text(state.upcard),
                             f": choose a card to discard ({keys}, or click).")
    if phase == Phase.GIVE:
        return Text.assemble(("Your partner is alone: ", _YOU),
                             f"pass a card face down ({keys}, or click).")
    return Text.assemble(("Lay a card away face down: ", _YOU),
                         f"{keys}, ←/→ and Enter, or click.")


def _trump_prompt(session: GameSession, state: Snapshot) -> Text:
    """The prompt of the bidding for trump: ordering up, naming trump, going alone,
    calling for best."""
    phase = state.phase
    if phase == Phase.BID1:
        return Text.assemble(("Your bid: ", _YOU), f"p pass or o {session.order_word()} ",
                             suit_text(card_suit(state.upcard)), " (or ←/→ Enter, click).")
    if phase in _CALL_PHASES:
        head = {Phase.BID2: "Your bid: ", Phase.BENNY: "The Benny is up, name trump "
                "before you look: ", Phase.TRUMP: "You won the bid, name trump: "}[
                    Phase(phase)]
        suits = "c ♣  d ♦  h ♥  s ♠" + ("  n no-trump" if CALL[NO_TRUMP] in state.legal
                                        else "")
        return Text.assemble((head, _YOU),
                             "p pass, or name trump: " if phase == Phase.BID2 else "",
                             f"{suits}.")
    if phase == Phase.ALONE:
        alone = session.alone_word()
        return Text.assemble((f"{alone.capitalize()}? ", _YOU),
                             f"n play with your partner, a {alone} (partner sits out).")
    if phase == Phase.BEST:
        return Text.assemble(("Call for your partner's best card? ", _YOU),
                             "b call for best, d decline.")
    return Text("")
