"""What a seat may do, from its view alone: the legal actions, and why any other is refused.

A :class:`~euchre.engine.view.PlayerView` of the seat to act holds everything the rules
need to say what that seat may do now: its hand, the upcard, the calls, the highest bid,
trump and the trick in progress. :func:`legal_actions` lists the actions, in the order
:meth:`Game.legal_actions <euchre.engine.game.Game.legal_actions>` gives them;
:func:`refusal` gives the :class:`~euchre.errors.Reason` code :meth:`Game.verify
<euchre.engine.game.Game.verify>` would refuse any other action with. The game answers
the same questions from its whole state, faster, for its own play; this module answers
them where only a view is at hand (a bot served over the external-bot protocol checks
the legal actions it is sent against it). ``tests/engine/test_legal.py`` checks that the
two agree at random states of every form.

One thing a view cannot show: a card of a game record that the record does not name (a
replay's unknown card, :data:`~euchre.engine.cards.UNKNOWN`). Such a card is in no view's
hand, so a view never offers to discard it.

>>> from euchre.engine.game import Game
>>> game = Game(seed=7)
>>> view = game.view(game.to_act)
>>> legal_actions(view)
[Pass(), Order()]
>>> from euchre.engine.actions import PLAY, parse_action
>>> refusal(view, parse_action("call h")), refusal(view, parse_action("pass"))
(<Reason.WRONG_DECISION: 'wrong_decision'>, None)
>>> refusal(game.view((game.to_act + 1) % 4), parse_action("pass"))
<Reason.NOT_YOUR_TURN: 'not_your_turn'>
"""

from __future__ import annotations

from itertools import combinations
from typing import Final

from euchre.engine.actions import (
    ALONE,
    BEST,
    BID,
    CALL,
    DECLINE,
    DISCARD,
    FARMER,
    GIVE,
    GO_UNDER,
    NO_TRUMP,
    ORDER,
    PASS,
    PLAY,
    STAY,
    THROW_IN,
    THROW_IN_HAND,
    Action,
    Best,
    Bid,
    Call,
    Declare,
    Discard,
    Give,
    GoAlone,
    Order,
    Pass,
    Play,
)
from euchre.engine.cards import (
    BENNY,
    HEARTS,
    NINE,
    TEN,
    TRUMP_ORDERS,
    UNKNOWN,
    card_rank,
    card_suit,
    cards_of,
    deck_has_benny,
)
from euchre.engine.game import Phase, allowed_bids, qualifies
from euchre.engine.rules import Rules
from euchre.engine.view import PlayerView
from euchre.errors import Reason

__all__ = ["PHASE_ACTIONS", "led_suit", "legal_actions", "names_benny", "refusal",
           "turned_down"]

PHASE_ACTIONS: Final[dict[str, tuple[type[Action], ...]]] = {
    Phase.BENNY: (Call,),
    Phase.DECLARE: (Pass, Declare),
    Phase.BID1: (Pass, Order),
    Phase.EXCHANGE: (Discard,),
    Phase.BID2: (Pass, Call),
    Phase.ALONE: (GoAlone,),
    Phase.BEST: (Best,),
    Phase.GIVE: (Give,),
    Phase.DISCARD: (Discard,),
    Phase.BID: (Pass, Bid),
    Phase.TRUMP: (Call,),
    Phase.PLAY: (Play,),
    Phase.OVER: (),
}
"""The kinds of action each phase's decision takes (any other is
:attr:`~euchre.errors.Reason.WRONG_DECISION`), by the phase's name."""

_NINE_TEN: Final = frozenset({NINE, TEN})


def names_benny(rules: Rules) -> bool:
    """Whether the dealer names trump when the Benny is turned up (British,
    ``benny_upcard=dealer_names``), and so keeps it.

    >>> names_benny(Rules(deck=25, benny_upcard="dealer_names")), names_benny(Rules())
    (True, False)
    """
    return deck_has_benny(rules.deck) and rules.benny_upcard == "dealer_names"


def turned_down(rules: Rules, upcard: int) -> int:
    """The suit round one offers and round two may not name: the upcard's, hearts for a
    Benny upcard under ``benny_upcard=hearts``, and -1 (none) for a Benny upcard
    otherwise (round one is skipped, or the dealer names trump).

    >>> from euchre.engine.cards import parse_card
    >>> turned_down(Rules(), parse_card("Jd")), turned_down(Rules(deck=25), BENNY)
    (1, -1)
    """
    if upcard != BENNY:
        return card_suit(upcard)
    return HEARTS if rules.benny_upcard == "hearts" else -1


def led_suit(view: PlayerView) -> int | None:
    """The suit led to the trick in progress, as the rules count it (a left bower led is
    trump); ``None`` when no card is led.

    >>> from euchre.engine.game import Game
    >>> game = Game(seed=7)
    >>> led_suit(game.view(game.to_act)) is None
    True
    """
    if not view.trick:
        return None
    trump = NO_TRUMP if view.trump is None else view.trump
    return TRUMP_ORDERS[view.rules.trump_order].effective[trump][view.trick[0][1]]


def legal_actions(view: PlayerView) -> list[Action]:
    """The actions the view's seat may take now, in the order of
    :meth:`Game.legal_actions <euchre.engine.game.Game.legal_actions>`: empty once the
    game is over, or when another seat is to act."""
    phase, rules, up = view.phase, view.rules, view.upcard
    if phase == Phase.OVER or view.to_act != view.seat:
        return []
    mask = view.hand.mask
    if phase == Phase.PLAY:
        led = led_suit(view)
        if led is not None:
            trump = NO_TRUMP if view.trump is None else view.trump
            effective = TRUMP_ORDERS[rules.trump_order].effective[trump]
            mask = sum(1 << c for c in cards_of(mask) if effective[c] == led) or mask
        return [PLAY[c] for c in cards_of(mask)]
    if phase == Phase.BID1:
        return [PASS, ORDER]
    if phase == Phase.ALONE:
        return [STAY, ALONE]
    if phase == Phase.BEST:
        return [DECLINE, BEST]
    if phase in (Phase.BENNY, Phase.TRUMP):
        return [CALL[s] for s in range(4)]
    if phase == Phase.GIVE:
        return [GIVE[c] for c in cards_of(mask)]
    if phase == Phase.DISCARD:
        return [DISCARD[c] for c in cards_of(mask)]
    if phase == Phase.BID2:
        turned = turned_down(rules, up)
        stuck = rules.stick_the_dealer and view.seat == view.dealer
        suits = range(5 if rules.no_trump else 4)
        return [*([] if stuck else [PASS]), *(CALL[s] for s in suits if s != turned)]
    if phase == Phase.EXCHANGE:
        options = mask | 1 << up
        if rules.dealer_must_take_upcard or (up == BENNY and names_benny(rules)):
            options &= ~(1 << up)
        return [DISCARD[c] for c in cards_of(options)]
    if phase == Phase.DECLARE:
        return [PASS, *_declarations(view)]
    # Phase.BID: Hasenpfeffer's and Napoleon's bidding
    stuck = (rules.form == "napoleon" and rules.nap_all_pass == "dealer_bids_one"
             and view.seat == view.dealer and view.bid is None)
    bids = allowed_bids(rules, -1 if view.bid is None else view.bid, stuck)
    return [*([] if stuck else [PASS]), *(BID[v] for v in bids)]


def _declarations(view: PlayerView) -> list[Action]:
    """The pre-bid declarations the seat may make: a farmer's hand and going under swap
    with the kitty, so only while no hand has swapped this deal; a throw-in hand."""
    rules, mask = view.rules, view.hand.mask
    swapped = any(isinstance(a, Declare) and a.what != THROW_IN for _, a in view.calls)
    out: list[Action] = []
    if not swapped:
        if rules.farmers and qualifies(FARMER, mask):
            low = [c for c in cards_of(mask) if card_rank(c) in _NINE_TEN]
            out.extend(Declare(FARMER, three) for three in combinations(low, 3))
        if rules.go_under and qualifies(GO_UNDER, mask):
            out.extend(Declare(GO_UNDER, three) for three in combinations(cards_of(mask), 3))
    if rules.throw_in != "none" and qualifies(THROW_IN, mask):
        out.append(THROW_IN_HAND)
    return out


def refusal(view: PlayerView, action: Action) -> Reason | None:
    """Why the view's seat may not take ``action`` now (``None``: it may), the code
    :meth:`Game.verify <euchre.engine.game.Game.verify>` gives for that seat: the game is
    over; another seat is to act; the phase asks for another kind of decision; a card the
    seat does not hold; a card that does not follow the suit led; a pass by a stuck
    dealer; a suit turned down; the upcard a dealer must keep; a bid, call or
    declaration the rules or the hand do not allow.

    >>> from euchre.engine.game import Game
    >>> from euchre.engine.actions import parse_action
    >>> game = Game(seed=1)
    >>> while game.phase != "play" or not game.current_trick:
    ...     _ = game.apply(game.legal_actions()[-1])
    >>> view = game.view(game.to_act)
    >>> [str(a) for a in legal_actions(view)], str(view.hand)
    (['play Ks', 'play As'], 'Jc Td Jh Ks As')
    >>> refusal(view, parse_action("play Td")), refusal(view, parse_action("play 9c"))
    (<Reason.MUST_FOLLOW: 'must_follow'>, <Reason.NOT_HELD: 'not_held'>)
    """
    phase = view.phase
    if phase == Phase.OVER:
        return Reason.GAME_OVER
    if view.to_act != view.seat:
        return Reason.NOT_YOUR_TURN
    if not isinstance(action, PHASE_ACTIONS[phase]):
        return Reason.WRONG_DECISION
    if action in legal_actions(view):
        return None
    if isinstance(action, Play | Give | Discard):
        held = view.hand.mask
        if phase == Phase.EXCHANGE:
            if action.card == UNKNOWN:
                return Reason.NO_UNKNOWN_CARD  # no view holds a record's unknown card
            held |= 1 << view.upcard
        if action.card < 0 or not held >> action.card & 1:
            return Reason.NOT_HELD
        return Reason.MUST_FOLLOW if isinstance(action, Play) else Reason.MUST_TAKE_UPCARD
    if isinstance(action, Pass):
        return Reason.DEALER_STUCK
    if (isinstance(action, Call) and phase == Phase.BID2
            and action.suit == turned_down(view.rules, view.upcard)):
        return Reason.TURNED_DOWN
    return Reason.NOT_ALLOWED  # a call, a bid or a declaration the rules do not allow
