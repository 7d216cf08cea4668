"""What a bot knows of a deal from its seat, read off its view in one place.

A seat sees its own hand, the upcard, every call, the cards played and (the dealer only)
its own discard (:class:`~euchre.engine.view.PlayerView`). From these every bot draws the same
facts, written here once:

* **the cards seen**: each seat's cards played (:func:`played_by`), the cards known out
  of play (:func:`dead_cards`: a turned-down upcard, the dealer's own discard), and so
  the cards this seat cannot place (:func:`unseen_cards`);
* **the voids shown**: a seat that did not follow the effective led suit holds none of
  it (:func:`shown_voids`; :func:`read_tricks` gives both the cards played and the
  voids in one pass, for the bots' hot paths);
* **who may hold what**: per seat, the cards it is known to hold, how many unknown cards
  it holds and which it may hold (:func:`constraints`; an accepted upcard stays with the
  dealer until it is played or the dealer shows out of its suit);
* the bots' shared rules of thumb on the upcard: **the dealer's discard**
  (:func:`dealer_discard`) and **the upcard's worth** to the hand that picks it up
  (:func:`upcard_points`).

Who plays with whom, who sits out and who leads are the rules' to say
(:attr:`euchre.engine.rules.Rules.seating`), not this module's.

>>> from euchre.engine.game import Game
>>> game = Game(seed=2)
>>> view = game.view(game.to_act)
>>> shown_voids(view), upcard_accepted(view)
([0, 0, 0, 0], False)
>>> cons = constraints(view)
>>> cons.fixed[view.seat] == view.hand.mask, sorted(cons.need), cons.spare
(True, [0, 5, 5, 5], 3)
>>> from euchre.engine.cards import SPADES, card_name, parse_card, parse_cards
>>> hand = sum(1 << c for c in parse_cards("Js Ah Kh Qd 9c"))
>>> card_name(dealer_discard(hand, parse_card("Ts"), SPADES, must_take=True))
'9c'
>>> upcard_points(parse_card("Ts"), SPADES, deck_mask(24))  # five trumps above it
1.3
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from euchre.engine.actions import FARMER, Declare, Discard, Order
from euchre.engine.cards import (
    ACE,
    BENNY,
    EFFECTIVE_SUIT,
    HEARTS,
    NO_TRUMP,
    POWER,
    SUIT_MASKS,
    SUITS,
    TRUMP_ORDERS,
    Card,
    TrumpTables,
    card_rank,
    card_suit,
    cards_of,
    deck_mask,
)
from euchre.engine.rules import Rules
from euchre.engine.view import PlayerView

__all__ = [
    "TRUMP_POINTS",
    "Constraints",
    "best_card",
    "constraints",
    "dead_cards",
    "dealer_discard",
    "discard_candidates",
    "in_play_share",
    "lay_away",
    "no_trump_tricks",
    "played_by",
    "read_tricks",
    "shown_voids",
    "tables_of",
    "trick_estimate",
    "trump_points",
    "turned_suit",
    "unseen_cards",
    "upcard_accepted",
    "upcard_points",
]

TRUMP_POINTS: Final[tuple[float, ...]] = (3.0, 2.4, 1.9, 1.5, 1.2, 1.0, 0.8)
"""Points of a trump by how many live trumps outrank it and are not in the hand (0: it
is the highest live trump, a sure trick)."""


def trump_points(above: int) -> float:
    """The :data:`TRUMP_POINTS` of a trump that ``above`` live trumps outrank (the last
    entry for every count past the table).

    >>> trump_points(0), trump_points(9)
    (3.0, 0.8)
    """
    return TRUMP_POINTS[min(above, len(TRUMP_POINTS) - 1)]


def tables_of(view: PlayerView) -> TrumpTables:
    """The trump tables of the view's rules (:data:`~euchre.engine.cards.TRUMP_ORDERS`): the
    Euchre order with its bowers, or Napoleon's plain order.

    >>> from euchre.engine.game import Game
    >>> from euchre.engine.rules import Rules
    >>> game = Game(Rules(form="napoleon"), seed=1)
    >>> tables_of(game.view(0)) is TRUMP_ORDERS["plain"]
    True
    """
    return TRUMP_ORDERS[view.rules.trump_order]


def turned_suit(rules: Rules, up: Card) -> int:
    """The suit the upcard stands for in round one: its own, hearts for a Benny under
    ``benny_upcard=hearts`` (§15); -1 for a Benny otherwise (no round one).

    >>> turned_suit(Rules(), 9), turned_suit(Rules.preset("railroad"), BENNY)
    (1, 2)
    >>> turned_suit(Rules.preset("british"), BENNY)
    -1
    """
    if up == BENNY:
        return HEARTS if rules.benny_upcard == "hearts" else -1
    return card_suit(up)


def upcard_accepted(view: PlayerView) -> bool:
    """Whether the upcard's suit was accepted in round one this deal."""
    return any(isinstance(a, Order) for _, a in view.calls)


def dead_cards(view: PlayerView) -> int:
    """The cards this seat knows are out of play, as a mask: the upcard when it was not
    accepted (read once the bidding is over: in round one it is still face up; forms
    without an upcard have none), the dealer's own discard (the dealer's view only), the
    cards this seat laid away face down (a lone player's discard, the widow discard) and
    the 9s and 10s a farmer's hand showed and put into the kitty (§19.4)."""
    dead = 0
    if view.upcard >= 0 and not upcard_accepted(view):
        dead |= 1 << view.upcard
    if view.discard is not None and view.discard >= 0:
        dead |= 1 << view.discard
    for c in view.laid_away:
        if c >= 0:
            dead |= 1 << c
    for _, action in view.calls:
        if isinstance(action, Declare) and action.what == FARMER:
            for c in action.cards:
                dead |= 1 << c
    return dead & ~view.hand.mask  # a farmer's card may come back to a later exchange


def unseen_cards(view: PlayerView, played: int | None = None) -> int:
    """The cards of the deck this seat has not seen: not its own, not played and not
    known out of play (:func:`dead_cards`). An accepted upcard is among them unless this
    seat holds or played it. ``played`` is every card played, when the caller has it
    at hand (``view.played`` otherwise)."""
    if played is None:
        played = view.played.mask
    return deck_mask(view.rules.deck) & ~view.hand.mask & ~played & ~dead_cards(view)


def read_tricks(view: PlayerView) -> tuple[list[int], list[int]]:
    """Per seat, the cards it has played this deal (a mask) and the effective suits it
    has shown out of (a bit ``1 << suit`` each: it did not follow the suit led; all 0
    before trump is fixed), read in one pass over the tricks."""
    n = view.rules.players
    played = [0] * n
    voids = [0] * n
    trump = view.trump
    if trump is None:
        for trick in (*view.tricks, view.trick):
            for seat, c in trick:
                played[seat] |= 1 << c
        return played, voids
    eff = tables_of(view).effective[trump]
    for trick in (*view.tricks, view.trick):
        if not trick:
            continue
        led = eff[trick[0][1]]
        for seat, c in trick:
            played[seat] |= 1 << c
            if eff[c] != led:
                voids[seat] |= 1 << led
    return played, voids


def played_by(view: PlayerView) -> list[int]:
    """The cards each seat has played this deal, as masks."""
    return read_tricks(view)[0]


def shown_voids(view: PlayerView) -> list[int]:
    """Per seat, a bit per effective suit (``1 << suit``) it has shown out of: it did not
    follow that suit when it was led. All 0 before trump is fixed."""
    return read_tricks(view)[1]


@dataclass(frozen=True, slots=True)
class Constraints:
    """What a seat knows of the hidden cards, as masks."""

    players: int
    fixed: tuple[int, ...]
    """Per seat, the cards it is known to hold (its own hand; the dealer's upcard)."""
    need: tuple[int, ...]
    """Per seat, how many unknown cards it holds besides ``fixed``."""
    allowed: tuple[int, ...]
    """Per seat, the mask of unknown cards it may hold (voids excluded)."""
    pool: int
    """Every card whose place is unknown (in some hand, the kitty or a sat-out hand)."""

    @property
    def spare(self) -> int:
        """Unknown cards that are in no active hand (kitty, sitting-out hands)."""
        return self.pool.bit_count() - sum(self.need)


def constraints(view: PlayerView) -> Constraints:
    """The hard constraints of ``view`` on the other hands.

    * the seat's own cards, the cards played, the dealer's discard (the dealer's view
      only), the cards this seat laid away, a farmer's shown 9s and 10s and the upcard
      are in no other hand (the upcard is either out of play or, accepted, known to be
      the dealer's);
    * a seat that has shown a void (:func:`shown_voids`) holds none of that suit;
    * once the upcard is accepted in round one the dealer holds it until it is played,
      unless the dealer has since shown a void in its suit (then it was the discard;
      the dealer may decline the card when ``dealer_must_take_upcard`` is false);
    * in the play each active seat holds a hand (5 cards; 6 in Hasenpfeffer) less those
      it has played; seats sitting out hold none (their cards are with the kitty, out of
      play);
    * a card a rule showed in a seat's hand that the seat has not played (the Benny of
      Hasenpfeffer's forced bid) is still there.

    In the bidding every other seat holds a hand of unknown cards (the dealer's exchange
    has not happened, or the dealer holds the upcard and four unknown cards after it).
    Forms without an upcard (Hasenpfeffer, Napoleon) have none to place.
    """
    rules = view.rules
    n = rules.players
    me = view.seat
    hand = view.hand.mask
    up = view.upcard
    played, voids = read_tricks(view)
    everything = 0
    for mask in played:
        everything |= mask
    pool = unseen_cards(view, everything)
    if up >= 0:
        pool &= ~(1 << up)
    size = rules.hand_size
    masks = tables_of(view).suit_masks
    fixed = [0] * n
    fixed[me] = hand
    need = [0] * n
    allowed = [pool] * n
    allowed[me] = 0
    out = set(view.sitting_out)
    in_play = view.phase == "play"
    trump = view.trump
    if not (in_play and trump is not None):
        played = voids = [0] * n  # outside the play nothing is counted
    for seat in range(n):
        if seat == me:
            continue
        if in_play and seat in out:
            allowed[seat] = 0
            continue
        need[seat] = size - played[seat].bit_count()
        if voids[seat] and trump is not None:
            for suit in range(5):
                if voids[seat] >> suit & 1:
                    allowed[seat] &= ~masks[trump][suit]
    dealer = view.dealer
    if up >= 0 and upcard_accepted(view) and dealer != me and not everything >> up & 1:
        shown_void = trump is not None and bool(voids[dealer] >> EFFECTIVE_SUIT[trump][up] & 1)
        # a dealer who has played all its other cards without the upcard laid it away
        if not shown_void and not (in_play and dealer in out) and need[dealer] > 0:
            fixed[dealer] |= 1 << up
            need[dealer] -= 1
    if not rules.has_upcard:  # Hasenpfeffer's forced bid shows the Benny in its holder's hand
        for seat, c in view.shown:
            if seat != me and pool >> c & 1 and need[seat] > 0:
                fixed[seat] |= 1 << c
                need[seat] -= 1
                pool &= ~(1 << c)
                allowed = [a & ~(1 << c) for a in allowed]
    return Constraints(n, tuple(fixed), tuple(need), tuple(allowed), pool)


def dealer_discard(hand: int, up: Card, trump: int, must_take: bool) -> Card:
    """The dealer's discard from ``hand`` plus the upcard ``up`` by the bots' simple
    rule (``must_take``: the upcard itself may not be laid away): :func:`lay_away`.

    Never a trump unless every candidate is trump (then the lowest); otherwise the
    lowest singleton that is not an ace (making a void), else the lowest card that is not
    an ace; an ace only when nothing else is left.

    >>> from euchre.engine.cards import CardSet, HEARTS, card_name, parse_card
    >>> card_name(dealer_discard(CardSet.parse("Jh Ah Kh Ac 9s").mask, parse_card("Qh"),
    ...                          HEARTS, False))
    '9s'
    """
    return lay_away(hand | 1 << up, trump, keep=1 << up if must_take else 0)


def lay_away(hand: int, trump: int, order: str = "euchre", keep: int = 0) -> Card:
    """The weakest card of ``hand`` (a mask) to lay away face down with ``trump`` as
    trump (a suit, or :data:`~euchre.engine.cards.NO_TRUMP`), never one of ``keep``: the
    dealer's exchange, a lone player's discard after the partner's best card, the
    Hasenpfeffer maker's discard after the widow.

    Never a trump unless every candidate is trump (then the lowest); otherwise the
    lowest singleton that is not an ace (making a void), else the lowest card that is not
    an ace; an ace only when nothing else is left. ``order`` names the trump order
    (:data:`~euchre.engine.cards.TRUMP_ORDERS`).

    >>> from euchre.engine.cards import CardSet, SPADES, card_name
    >>> card_name(lay_away(CardSet.parse("B Js Jc As 9h Kd Ad").mask, SPADES))
    '9h'
    >>> card_name(lay_away(CardSet.parse("Js Jc As Ks").mask, SPADES))
    'Ks'
    """
    tables = TRUMP_ORDERS[order]
    eff = tables.effective[trump]
    pw = tables.power[trump]
    masks = tables.suit_masks[trump]
    options = cards_of(hand & ~keep) or cards_of(hand)
    off = [c for c in options if eff[c] != trump]
    if not off:
        return min(options, key=lambda c: (pw[c], c))

    def key(c: Card) -> tuple[int, int, int, Card]:
        singleton = (hand & masks[eff[c]]).bit_count() == 1
        return (1 if card_rank(c) == ACE else 0, 0 if singleton else 1, pw[c], c)

    return min(off, key=key)


def best_card(hand: int, trump: int, order: str = "euchre") -> Card:
    """The card to pass to a lone partner who calls for best (§15): the highest trump,
    else an off-suit ace (of the suit where the hand is shortest: the partner is
    likelier to hold more of it), else the highest card.

    >>> from euchre.engine.cards import CardSet, HEARTS, card_name
    >>> card_name(best_card(CardSet.parse("Jd Ah 9h Ac Ks").mask, HEARTS))
    'Jd'
    >>> card_name(best_card(CardSet.parse("Ac Kc Qc As 9d").mask, HEARTS))
    'As'
    """
    tables = TRUMP_ORDERS[order]
    eff = tables.effective[trump]
    pw = tables.power[trump]
    masks = tables.suit_masks[trump]
    cards = cards_of(hand)
    trumps = [c for c in cards if eff[c] == trump]
    if trumps:
        return max(trumps, key=lambda c: (pw[c], c))
    aces = [c for c in cards if card_rank(c) == ACE]
    if aces:
        return min(aces, key=lambda c: ((hand & masks[eff[c]]).bit_count(), c))
    return max(cards, key=lambda c: (pw[c], c))


def in_play_share(players: int, hand_size: int, deck: int) -> float:
    """The chance that a card this seat has not seen is in another player's hand (not
    the kitty, the widow or the cards set aside), before any card is played.

    >>> in_play_share(4, 5, 24), in_play_share(3, 5, 24), round(in_play_share(5, 5, 52), 3)
    (0.789474, 0.526316, 0.426)
    """
    unseen = deck - hand_size
    return round((players - 1) * hand_size / unseen, 6) if unseen else 1.0


def trick_estimate(hand: int, trump: int, deck: int, dead: int = 0, order: str = "euchre",
                   share: float = 1.0) -> float:
    """The tricks a hand (a mask) should take by itself with ``trump`` as trump, against
    opponents holding a ``share`` of the unseen cards (:func:`in_play_share`): for the
    bids that count tricks (three-handed, Hasenpfeffer, Napoleon; ``order`` the trump
    order).

    Trumps from the highest: one that no live trump outside the hand outranks is a sure
    trick (1). Otherwise, with ``above`` outranking trumps outside weighted by ``share``
    and ``i`` higher trumps of our own to draw them, it counts 0.9 - 0.35 × (above - i),
    from 0.9 down to 0. Off-suit: the highest live card of a suit (an ace) 0.8 with at
    most two cards of the suit (0.6 in a longer suit: more likely trumped), the card
    below it in the hand (the king with its ace) 0.5 more with at most three; a guarded
    king under a live ace 0.25 × the chance the ace is out of play plus 0.25.

    >>> from euchre.engine.cards import SPADES, CardSet
    >>> trick_estimate(CardSet.parse("Js Jc As Ks Qs").mask, SPADES, deck_mask(24))
    5.0
    >>> trick_estimate(CardSet.parse("As Ks Qs Jh Th").mask, SPADES, deck_mask(24))
    1.65
    """
    tables = TRUMP_ORDERS[order]
    pw = tables.power[trump]
    masks = tables.suit_masks[trump]
    live = deck & ~dead
    trumps = sorted(cards_of(hand & masks[trump]), key=pw.__getitem__, reverse=True)
    outside = [pw[o] for o in cards_of(live & masks[trump] & ~hand)]
    tricks = 0.0
    for i, c in enumerate(trumps):
        above = sum(1 for o in outside if o > pw[c])
        if above == 0:
            tricks += 1.0
        else:
            tricks += max(0.0, min(0.9, 0.9 - 0.35 * (above * share - i)))
    for suit in (*SUITS, NO_TRUMP):
        if suit == trump:
            continue
        mine = sorted(cards_of(hand & masks[suit]), key=pw.__getitem__, reverse=True)
        if not mine:
            continue
        others = [pw[o] for o in cards_of(live & masks[suit] & ~hand)]
        count = len(mine)
        top_above = sum(1 for o in others if o > pw[mine[0]])
        if top_above == 0:
            tricks += 0.8 if count <= 2 else 0.6
            if count >= 2 and not any(o > pw[mine[1]] for o in others) and count <= 3:
                tricks += 0.5
        elif top_above == 1 and count >= 2:
            tricks += 0.25 + 0.25 * (1.0 - share)
    return round(tricks, 6)


def no_trump_tricks(hand: int, deck: int, dead: int = 0) -> float:
    """The tricks a hand (a mask) should take at no-trump (§19.2: every suit ranks by
    its printed cards, no bowers; the Benny, if any, is the only trump and a sure
    trick).

    In each suit, a card that no live card outside the hand outranks (an ace; the king
    with its ace) is a sure trick (1); a card with fewer outranking live cards outside
    than higher cards of our own above it 0.5; a guarded king under a live ace 0.4.

    >>> from euchre.engine.cards import CardSet
    >>> no_trump_tricks(CardSet.parse("Ac Kc Ad Ah 9s").mask, deck_mask(24))
    4.0
    >>> no_trump_tricks(CardSet.parse("Kc 9c Qd Td 9s").mask, deck_mask(24))
    0.4
    """
    tables = TRUMP_ORDERS["euchre"]
    pw = tables.power[NO_TRUMP]
    masks = tables.suit_masks[NO_TRUMP]
    live = deck & ~dead
    tricks = 1.0 if hand >> BENNY & 1 else 0.0
    for suit in SUITS:
        mine = sorted(cards_of(hand & masks[suit]), key=pw.__getitem__, reverse=True)
        others = [pw[o] for o in cards_of(live & masks[suit] & ~hand)]
        for i, c in enumerate(mine):
            above = sum(1 for o in others if o > pw[c])
            if above == 0:
                tricks += 1.0
            elif above < i:
                tricks += 0.5
            elif above == 1 and i == 0 and len(mine) >= 2:
                tricks += 0.4
    return round(tricks, 6)


def upcard_points(up: Card, trump: int, deck: int) -> float:
    """The trump points the upcard is worth to the hand that picks it up: its
    :data:`TRUMP_POINTS` among all the deck's trumps, and 0.3 for the exchange itself.

    >>> from euchre.engine.cards import parse_card, HEARTS
    >>> upcard_points(parse_card("Jh"), HEARTS, deck_mask(24))
    3.3
    """
    pw = POWER[trump]
    above = sum(1 for o in cards_of(deck & SUIT_MASKS[trump][trump]) if pw[o] > pw[up])
    return trump_points(above) + 0.3  # and the exchange itself: a void, a loser gone


def discard_candidates(options: list[Discard], trump: int,
                       order: str = "euchre") -> list[Discard]:
    """The discards worth searching (the dealer's, or any card laid away): the lowest
    card of each off suit (a trump only when every option is trump, then the lowest);
    ``order`` names the trump order (:data:`~euchre.engine.cards.TRUMP_ORDERS`).

    >>> from euchre.engine.actions import DISCARD
    >>> from euchre.engine.cards import HEARTS, card_name, parse_card
    >>> options = [DISCARD[parse_card(c)] for c in ("9s", "Ks", "Tc", "Ah")]
    >>> [card_name(a.card) for a in discard_candidates(options, HEARTS)]
    ['9s', 'Tc']
    """
    tables = TRUMP_ORDERS[order]
    eff = tables.effective[trump]
    pw = tables.power[trump]
    lowest: dict[int, Discard] = {}
    for action in options:
        suit = eff[action.card]
        if suit == trump:
            continue
        held = lowest.get(suit)
        if held is None or pw[action.card] < pw[held.card]:
            lowest[suit] = action
    if lowest:
        return list(lowest.values())
    return [min(options, key=lambda a: pw[a.card])] if options else []
