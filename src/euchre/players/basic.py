"""``basic``: a rule-based player that bids, exchanges and plays as a good club player.

Every decision is a small rule on what the seat can see (its :class:`PlayerView`):

* **Bidding** counts points for the hand under each candidate trump
  (:func:`hand_strength`: bowers and high trumps by how many live trumps outrank them,
  off-suit aces and guarded kings, voids and short suits) and adds the seat's situation
  (the upcard going to our side or theirs, the seat relative to the dealer, "next" in
  round two, the score). It bids when the total reaches a threshold
  (:class:`BasicSettings`).
* **Going alone** counts the probable losers of the hand (:func:`loser_count`) and goes
  alone when it should take all five tricks.
* **The exchange** short-suits the dealer's hand: never a trump unless the hand is all
  trump, keep aces, lay away a singleton to make a void.
* **Play** tracks the cards played, the upcard and the voids players have shown, to know
  which cards are the highest remaining: makers draw trump, everyone cashes sure
  winners, second hand low, third hand high, win as cheaply as certain, never trump a
  partner's sure winner, and throw the least useful card when the trick is lost.

Every form of the game gets its own small rules, chosen by the rules' form
(:data:`FORM_RULES`): three-handed bidding counts tricks
(:func:`~euchre.players.knowledge.trick_estimate`), Hasenpfeffer and Napoleon bid a
number of tricks, Napoleon's bidder picks trump with the first lead and a misère avoids
tricks; the house rules' decisions (the Benny named blind, pre-bid declarations,
no-trump, calling for and giving the partner's best) have theirs. The play is the same
everywhere, on the form's trump tables, with the partner generalised to the *allies* of
the deal: the partner, the other defender of three-handed Euchre, every opponent of
Napoleon's bidder.

The rules in plain words are in ``docs/bots.md``. The player is deterministic: the same
views give the same actions (exact ties are broken by a fixed order; the seed only
keeps the factory signature every bot shares).

>>> from euchre.engine.game import Game
>>> from euchre.players import play_game
>>> game = play_game(Game(seed=1), [BasicPlayer(seed=s) for s in range(4)])
>>> game.is_over()
True
>>> from euchre.engine.cards import HEARTS, CardSet
>>> hand_strength(CardSet.parse("Jh Ah 9h Ac Ks").mask, HEARTS, deck_mask(24))
8.75
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from mypy_extensions import mypyc_attr

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
    ORDER,
    PASS,
    PLAY,
    STAY,
    THROW_IN,
    WELLINGTON,
    Action,
    Bid,
    Call,
    Declare,
    Discard,
    Play,
)
from euchre.engine.cards import (
    ACE,
    BENNY,
    HEARTS,
    NATURAL,
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
    same_colour,
)
from euchre.engine.game import NAP_BIDS
from euchre.engine.view import PlayerView
from euchre.players import BasePlayer
from euchre.players.knowledge import (
    best_card,
    dead_cards,
    dealer_discard,
    in_play_share,
    lay_away,
    no_trump_tricks,
    read_tricks,
    tables_of,
    trick_estimate,
    trump_points,
    turned_suit,
    unseen_cards,
    upcard_accepted,
    upcard_points,
)

__all__ = [
    "COMMON_RULES",
    "FORM_RULES",
    "BasicPlayer",
    "BasicSettings",
    "hand_strength",
    "loser_count",
    "misere_hand",
    "upcard_points",
]



@dataclass(frozen=True, slots=True)
class BasicSettings:
    """The thresholds of :class:`BasicPlayer` (points of :func:`hand_strength`).

    The defaults were chosen by duplicate matches of the player against variants of
    itself; change them only to experiment.
    """

    order: float = 7.0
    """Round one, an opponent of the dealer orders up at this many points."""
    assist: float = 6.5
    """Round one, the dealer's partner assists."""
    accept: float = 6.0
    """Round one, the dealer accepts (counted on the hand after the exchange)."""
    call: float = 5.5
    """Round two, any seat names a suit."""
    next_bonus: float = 1.0
    """Round two: added for "next" (the turned-down suit's colour) on the non-dealer side."""
    upcard_share: float = 0.8
    """Round one: this share of the upcard's trump points goes to the dealer's side."""
    two_handed_shift: float = -1.5
    """Added to every bidding threshold in two-handed Euchre (no partner to help)."""
    alone_losers: float = 1.5
    """A maker (or the maker's partner) goes alone with at most this many probable
    losers."""
    defend_alone_losers: float = 0.5
    """A defender goes alone with at most this many probable losers (it needs all five
    tricks for the extra points)."""
    defend_alone_flat: float = 2.0
    """The same under ``lone_defender_scoring=flat_4``, where any euchre pays 4."""
    desperate: float = 0.7
    """Bid this much lighter when the opponents need one point to win."""
    cutthroat_call: float = 2.7
    """Three-handed: the maker plays alone against two, so it calls (either round) only
    when :func:`~euchre.players.knowledge.trick_estimate` counts this many tricks (a
    euchre costs 2 to each opponent, a make gains 1: it needs better than two chances in
    three)."""
    desperate_tricks: float = 0.3
    """Three-handed: call this many tricks lighter when an opponent needs one point."""
    no_trump_call: float = 3.0
    """No-trump (§19.2): call it in round two with this many no-trump tricks
    (:func:`~euchre.players.knowledge.no_trump_tricks`; 0.5 fewer with a partner)."""
    declare_below: float = 5.5
    """Pre-bid declarations (§19.3-19.5): a hand whose best suit counts fewer points
    throws in or exchanges three cards when it may."""
    best_losers: float = 1.0
    """Added to the going-alone loser limits when the lone player may call for the
    partner's best card (§15): the best card takes a loser away."""
    hasen_partner: float = 1.0
    """Hasenpfeffer: the tricks the partner is counted on for."""
    hasen_margin: float = 0.4
    """Hasenpfeffer: bid the tricks counted less this margin, rounded down."""
    nap_margin: float = 0.5
    """Napoleon: bid n tricks when the hand counts n less this margin."""
    nap_all: float = 4.6
    """Napoleon: bid Nap (all five tricks) at this many tricks counted."""
    nap_sure: float = 4.95
    """Napoleon: bid Wellington or Blücher (over a Nap) only with five sure tricks."""
    draw_first: bool = True
    """The maker with two trumps, neither sure, and a sure off-suit winner leads its
    highest trump before cashing the winner (else only with three trumps)."""


def hand_strength(hand: int, trump: int, deck: int, dead: int = 0) -> float:
    """Points for a hand (a card mask) with ``trump`` as trump.

    ``deck`` is the mask of the deck in use, ``dead`` the cards known out of play (a
    turned-down upcard). A trump scores by how many live trumps outside the hand outrank
    it (:data:`~euchre.players.knowledge.TRUMP_POINTS`); an off-suit card that is the
    highest live card of its suit (an ace) scores 1.2 alone, 1.0 with one more card and
    0.7 in a longer suit, and the next card below it (a king under the ace) 0.4; a
    guarded king under a live ace 0.3 (alone 0.15); a void 0.8 with two trumps or more
    (0.4 with one), and a singleton loser 0.3 with three trumps or more.

    >>> from euchre.engine.cards import SPADES, CardSet
    >>> hand_strength(CardSet.parse("Js Jc As Ks Qs").mask, SPADES, deck_mask(24))
    17.4
    >>> hand_strength(CardSet.parse("9c Tc 9d Td Qh").mask, SPADES, deck_mask(24))
    0.0
    """
    pw = POWER[trump]
    masks = SUIT_MASKS[trump]
    live = deck & ~dead
    trumps = hand & masks[trump]
    ntrump = trumps.bit_count()
    outside = live & masks[trump] & ~hand
    points = 0.0
    for c in cards_of(trumps):
        above = sum(1 for o in cards_of(outside) if pw[o] > pw[c])
        points += trump_points(above)
    for suit in SUITS:
        if suit == trump:
            continue
        mine = hand & masks[suit]
        count = mine.bit_count()
        if count == 0:
            if ntrump >= 2:
                points += 0.8
            elif ntrump == 1:
                points += 0.4
            continue
        others = live & masks[suit] & ~hand
        ranked = sorted(cards_of(mine), key=pw.__getitem__, reverse=True)
        top = ranked[0]
        above = sum(1 for o in cards_of(others) if pw[o] > pw[top])
        if above == 0:
            points += 1.2 if count == 1 else 1.0 if count == 2 else 0.7
            if count >= 2:
                second = ranked[1]
                if not any(pw[o] > pw[second] for o in cards_of(others)):
                    points += 0.4
        elif above == 1 and count >= 2:
            points += 0.3
        elif above == 1:
            points += 0.15
        elif count == 1 and ntrump >= 3:
            points += 0.3
    return round(points, 6)


def loser_count(hand: int, trump: int, deck: int, dead: int = 0) -> float:
    """The probable losers of a hand played alone with ``trump`` as trump.

    Sure trumps are the hand's trumps that no live trump outside it outranks. When they
    can draw the outside trumps (three of them, or two against at most three outside,
    or as many as there are outside), every other trump and every off-suit card in a
    top sequence (the ace, then the king under it...) is a winner and every other card
    a loser. Otherwise the other trumps count half a loser each (one at most) and the
    top-sequence cards 0.3 each, as they may be trumped.

    >>> from euchre.engine.cards import SPADES, CardSet
    >>> loser_count(CardSet.parse("Js Jc As Ah Kh").mask, SPADES, deck_mask(24))
    0.0
    >>> loser_count(CardSet.parse("Js Jc As Ks 9h").mask, SPADES, deck_mask(24))
    1.0
    """
    pw = POWER[trump]
    masks = SUIT_MASKS[trump]
    live = deck & ~dead
    trumps = hand & masks[trump]
    outside = cards_of(live & masks[trump] & ~hand)
    top_outside = max((pw[o] for o in outside), default=-1)
    sure = sum(1 for c in cards_of(trumps) if pw[c] > top_outside)
    others = trumps.bit_count() - sure
    drawn = sure >= 3 or (sure >= 2 and len(outside) <= 3) or len(outside) <= sure
    losers = 0.0 if drawn else min(1.0, 0.5 * others)
    for suit in SUITS:
        if suit == trump:
            continue
        top_rest = max((pw[o] for o in cards_of(live & masks[suit] & ~hand)), default=-1)
        for c in cards_of(hand & masks[suit]):
            # in a top sequence when no live card outside the hand outranks it
            if pw[c] > top_rest:
                losers += 0.0 if drawn else 0.3
            else:
                losers += 1.0
    return round(losers, 6)


@dataclass(slots=True)
class _Table:
    """What a seat knows in the play phase, as masks."""

    trump: int
    tables: TrumpTables
    hand: int
    unseen: int
    """Cards an opponent may hold: not ours, not played, not known out of play, not known
    to be in an ally's hand."""
    voids: list[int]
    """Per seat, a bit per suit the seat has shown out of."""
    allies: list[int]
    """The seats playing on our side this deal (the partner; the other defender of
    three-handed Euchre; every other opponent of Napoleon's bidder)."""
    opponents: list[int]
    maker_team: bool
    is_maker: bool
    is_alone: bool
    """The seat plays without an ally: alone, or a maker of three-handed or Napoleon."""
    partner_is_maker: bool

    @property
    def eff(self) -> tuple[int, ...]:
        return self.tables.effective[self.trump]

    @property
    def pw(self) -> tuple[int, ...]:
        return self.tables.power[self.trump]

    @property
    def masks(self) -> tuple[int, ...]:
        return self.tables.suit_masks[self.trump]

    def is_void(self, seat: int, suit: int) -> bool:
        return bool(self.voids[seat] >> suit & 1)

    def can_beat(self, key: int, led: int, seats: Sequence[int]) -> bool:
        """Whether one of ``seats`` (opponents still to play) may beat a card of trick
        strength ``key`` in a trick led in ``led``.

        A player may beat it by following with a higher live card, or by trumping when
        it has shown out of the led suit (or no live card of that suit is left).
        """
        trump = self.trump
        keys = self.tables.trick_key[trump][led]
        masks = self.masks
        led_live = self.unseen & masks[led]
        higher_led = any(keys[c] > key for c in cards_of(led_live))
        higher_trump = led != trump and any(
            keys[c] > key for c in cards_of(self.unseen & masks[trump])
        )
        for s in seats:
            if higher_led and not self.is_void(s, led):
                return True
            if higher_trump and not self.is_void(s, trump) and (
                self.is_void(s, led) or not led_live
            ):
                return True
        return False


Rule = Callable[["BasicPlayer", PlayerView, Sequence[Action]], Action]
"""One decision rule: the player, the seat's view and the legal actions give an action."""


def misere_hand(hand: int) -> bool:
    """Whether a Napoleon hand (a mask) is safe for a misère (§17: take no trick): no
    card above the 9, and in each suit the lowest card a 5 or lower, each further card
    at most two ranks higher for each lower card of the suit held with it (a 7 needs a
    lower card of its suit beside it, a 9 two).

    >>> from euchre.engine.cards import CardSet
    >>> misere_hand(CardSet.parse("2c 4c 3d 5h 2s").mask)
    True
    >>> misere_hand(CardSet.parse("2c 4c 3d 8h 2s").mask)
    False
    """
    for suit in SUITS:
        mine = sorted(NATURAL[c] for c in cards_of(hand) if card_suit(c) == suit)
        for i, rank in enumerate(mine):
            if rank > 7 or rank > 3 + 2 * i:
                return False
    return True


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled (hatch_build.py); bots extend it
class BasicPlayer(BasePlayer):
    """A rule-based player (see the module docstring and ``docs/bots.md``).

    ``settings`` changes its thresholds (for experiments). ``seed`` is accepted like
    every bot's; the rules break ties by a fixed order, so the player is deterministic
    whatever the seed.

    >>> from euchre.engine.game import Game
    >>> game = Game(seed=4)
    >>> BasicPlayer().choose(game.view(game.to_act), game.legal_actions())
    Pass()
    """

    def __init__(self, seed: int | None = None, *, settings: BasicSettings | None = None) -> None:
        self.seed = seed
        self.settings = settings or BasicSettings()

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """The rule-based choice, always one of ``legal`` (the first one if the rules
        ever chose something else)."""
        if not legal:
            raise ValueError("there is no legal action to choose from")
        action = self.decide(view, legal)
        return action if action in legal else legal[0]

    def decide(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """The rules' choice before the legality check of :meth:`choose`: the form's own
        rule for the phase (:data:`FORM_RULES`), else the common one."""
        rule = FORM_RULES[view.rules.form].get(view.phase) or COMMON_RULES.get(view.phase)
        if rule is None:
            return legal[0]
        return rule(self, view, legal)

    # -- bidding -----------------------------------------------------------------------

    def _score_shift(self, view: PlayerView) -> float:
        """How much lighter to bid at this score: when any point the opponents make wins
        them the game, a marginal bid of ours costs little more than a pass."""
        target = view.rules.target
        others = [p for t, p in enumerate(view.score) if t != view.team]
        if target > 0 and others and target - max(others) <= 1:
            return self.settings.desperate
        return 0.0

    def _threshold(self, view: PlayerView, base: float) -> float:
        shift = self.settings.two_handed_shift if view.rules.players == 2 else 0.0
        return base + shift - self._score_shift(view)

    @staticmethod
    def _turned_suit(view: PlayerView) -> int:
        """The suit the upcard stands for: its own, hearts for a Benny under
        ``benny_upcard=hearts`` (§15); -1 for a Benny otherwise."""
        return turned_suit(view.rules, view.upcard)

    @staticmethod
    def _must_keep_upcard(view: PlayerView) -> bool:
        """Whether the dealer's exchange may not lay the upcard away."""
        rules = view.rules
        named = view.upcard == BENNY and rules.benny_upcard == "dealer_names"
        return rules.dealer_must_take_upcard or named

    def _bid1(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        settings = self.settings
        up = view.upcard
        trump = self._turned_suit(view)
        deck = deck_mask(view.rules.deck)
        hand = view.hand.mask
        if view.seat == view.dealer:
            after = (hand | 1 << up) & ~(1 << dealer_discard(
                hand, up, trump, view.rules.dealer_must_take_upcard
            ))
            points = hand_strength(after, trump, deck)
            base = settings.accept
        else:
            points = hand_strength(hand, trump, deck)
            up_points = upcard_points(up, trump, deck) * settings.upcard_share
            team_of = view.rules.seating.team_of
            if team_of[view.seat] == team_of[view.dealer] and view.rules.canadian:
                base = settings.order  # ordering up plays alone: the upcard helps nobody
            elif team_of[view.seat] == team_of[view.dealer]:  # the dealer's partner
                points += up_points
                base = settings.assist
            else:
                points -= up_points
                base = settings.order
        if points >= self._threshold(view, base):
            return ORDER
        return PASS

    def _no_trump_call(self, view: PlayerView, legal: Sequence[Action]) -> bool:
        """Whether to call no-trump (§19.2): it is allowed, the hand counts
        :attr:`BasicSettings.no_trump_call` no-trump tricks (0.5 fewer with a partner)
        with a sure trick in two suits or more, and no suit would give it three trumps."""
        if CALL[NO_TRUMP] not in legal:
            return False
        hand = view.hand.mask
        deck = deck_mask(view.rules.deck)
        dead = 1 << view.upcard if view.upcard >= 0 else 0
        need = self.settings.no_trump_call
        if view.rules.seating.partner(view.seat) is not None:
            need -= 0.5
        if no_trump_tricks(hand, deck, dead) < need:
            return False
        nt = TRUMP_ORDERS["euchre"]
        pw = nt.power[NO_TRUMP]
        masks = nt.suit_masks[NO_TRUMP]
        sure_suits = 0
        for suit in SUITS:
            mine = cards_of(hand & masks[suit])
            others = deck & ~dead & masks[suit] & ~hand
            if mine and not any(pw[o] > max(pw[c] for c in mine) for o in cards_of(others)):
                sure_suits += 1
        long_trump = any((hand & SUIT_MASKS[s][s]).bit_count() >= 3 for s in SUITS)
        return sure_suits >= 2 and not long_trump

    def _bid2(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        settings = self.settings
        deck = deck_mask(view.rules.deck)
        hand = view.hand.mask
        up = view.upcard
        dead = 1 << up
        turned = self._turned_suit(view)
        team_of = view.rules.seating.team_of
        dealer_side = team_of[view.seat] == team_of[view.dealer]
        if self._no_trump_call(view, legal):
            return CALL[NO_TRUMP]
        best: Call | None = None
        best_points = -1.0
        for action in legal:
            if not isinstance(action, Call) or action.suit == NO_TRUMP:
                continue
            points = hand_strength(hand, action.suit, deck, dead)
            if turned >= 0 and action.suit == same_colour(turned) and not dealer_side:
                points += settings.next_bonus
            if points > best_points:
                best, best_points = action, points
        if best is None:
            return PASS if PASS in legal else legal[0]
        if PASS not in legal:
            return best
        if best_points >= self._threshold(view, settings.call):
            return best
        return PASS

    # three-handed (cutthroat, §14): the maker plays alone against two

    def _cutthroat_need(self, view: PlayerView) -> float:
        target = view.rules.target
        others = [p for s, p in enumerate(view.score) if s != view.seat]
        desperate = target > 0 and target - max(others) <= 1
        return self.settings.cutthroat_call - (self.settings.desperate_tricks if desperate else 0)

    def _bid1_cutthroat(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        up = view.upcard
        trump = self._turned_suit(view)
        rules = view.rules
        deck = deck_mask(rules.deck)
        hand = view.hand.mask
        share = in_play_share(rules.players, rules.hand_size, rules.deck)
        if view.seat == view.dealer:
            hand = (hand | 1 << up) & ~(1 << dealer_discard(
                hand, up, trump, rules.dealer_must_take_upcard))
        tricks = trick_estimate(hand, trump, deck, share=share)
        if view.seat != view.dealer:  # the upcard is sure to be in an opponent's hand
            pw = POWER[trump]
            tricks -= 0.2 * sum(1 for c in cards_of(hand & SUIT_MASKS[trump][trump])
                                if pw[c] < pw[up])
        return ORDER if tricks >= self._cutthroat_need(view) else PASS

    def _bid2_cutthroat(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        rules = view.rules
        deck = deck_mask(rules.deck)
        hand = view.hand.mask
        dead = 1 << view.upcard
        share = in_play_share(rules.players, rules.hand_size, rules.deck)
        if self._no_trump_call(view, legal):
            return CALL[NO_TRUMP]
        calls = [a for a in legal if isinstance(a, Call) and a.suit != NO_TRUMP]
        if not calls:
            return PASS if PASS in legal else legal[0]
        best = max(calls, key=lambda a: (trick_estimate(hand, a.suit, deck, dead, share=share),
                                         hand_strength(hand, a.suit, deck, dead), -a.suit))
        tricks = trick_estimate(hand, best.suit, deck, dead, share=share)
        if PASS not in legal or tricks >= self._cutthroat_need(view):
            return best
        return PASS

    # -- exchanges, declarations, the Benny --------------------------------------------

    def _exchange(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        assert view.trump is not None
        c = dealer_discard(view.hand.mask, view.upcard, view.trump, self._must_keep_upcard(view))
        action = DISCARD[c]
        if action in legal:
            return action
        return next((a for a in legal if isinstance(a, Discard) and a.card >= 0), legal[0])

    def _benny(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """``benny_upcard=dealer_names`` (§13): the dealer names trump before seeing the
        hand, so no suit is better than another; it names hearts, the suit the Railroad
        custom gives the Benny, so that partners can count on it."""
        return CALL[HEARTS]

    def _best_suit_points(self, view: PlayerView) -> float:
        """The hand's points in its best suit (:func:`hand_strength`)."""
        deck = deck_mask(view.rules.deck)
        hand = view.hand.mask
        return max(hand_strength(hand, s, deck) for s in SUITS)

    def _declare(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Pre-bid declarations (§19.3-19.5): a weak hand (its best suit counts under
        :attr:`BasicSettings.declare_below`, the round-two threshold) throws in when it
        may, else exchanges three cards (a farmer's hand or going under: three unseen
        cards are better on average than three 9s and 10s, or than the worst of a hand
        with no face card), keeping aces first, then high cards, then cards of its
        longer suits; any other hand passes."""
        declarations = [a for a in legal if isinstance(a, Declare)]
        if not declarations or self._best_suit_points(view) >= self.settings.declare_below:
            return PASS
        by_kind = {a.what: a for a in declarations}
        if THROW_IN in by_kind:
            return by_kind[THROW_IN]
        swaps = [a for a in declarations if a.what in (FARMER, GO_UNDER)]
        if not swaps:
            return PASS
        hand = view.hand.mask
        return max(swaps, key=lambda a: (self._kept_value(hand, a.cards), a.cards))

    @staticmethod
    def _kept_value(hand: int, swapped: tuple[Card, ...]) -> int:
        """What the cards a swap keeps are worth: aces first, then high cards, then
        cards of the hand's longer suits (a possible trump)."""
        total = 0
        for c in cards_of(hand):
            if c in swapped:
                continue
            length = sum(1 for o in cards_of(hand) if card_suit(o) == card_suit(c))
            total += 20 * (card_rank(c) == ACE) + NATURAL[c] + 2 * length
        return total

    # -- going alone and the partner's best --------------------------------------------

    def _alone(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if ALONE not in legal or view.trump is None or view.maker is None:
            return STAY
        target = view.rules.target
        need = target - view.score[view.team] if target > 0 else 99
        if need <= 2:
            return STAY  # a partnered march (or euchre) wins the game already
        deck = deck_mask(view.rules.deck)
        dead = dead_cards(view)
        losers = loser_count(view.hand.mask, view.trump, deck, dead)
        settings = self.settings
        rules = view.rules
        maker_side = rules.seating.same_team(view.maker, view.seat)
        if maker_side:
            limit = settings.alone_losers
        elif rules.lone_defender_scoring == "flat_4":
            limit = settings.defend_alone_flat
        else:
            limit = settings.defend_alone_losers
        if rules.partners_best == "loner_and_defender" or (
                rules.partners_best == "loner" and maker_side):
            limit += settings.best_losers
        return ALONE if losers <= limit else STAY

    def _best(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """§15: call for the partner's best card unless the hand is a sure march
        already (no probable loser)."""
        assert view.trump is not None
        deck = deck_mask(view.rules.deck)
        losers = loser_count(view.hand.mask, view.trump, deck, dead_cards(view))
        return DECLINE if losers == 0 else BEST

    def _give(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """§15: give the lone partner the highest trump, else an off-suit ace."""
        assert view.trump is not None
        return GIVE[best_card(view.hand.mask, view.trump, view.rules.trump_order)]

    def _discard(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """A card laid away face down (after the partner's best, after the widow): the
        weakest (:func:`~euchre.players.knowledge.lay_away`)."""
        assert view.trump is not None
        return DISCARD[lay_away(view.hand.mask, view.trump, view.rules.trump_order)]

    # -- Hasenpfeffer (§16) ------------------------------------------------------------

    def _hasen_tricks(self, view: PlayerView) -> tuple[float, int]:
        """The tricks the hand counts in its best suit, and that suit."""
        rules = view.rules
        deck = deck_mask(rules.deck)
        hand = view.hand.mask
        share = in_play_share(rules.players, rules.hand_size, rules.deck)
        best = max(SUITS, key=lambda s: (trick_estimate(hand, s, deck, share=share),
                                         hand_strength(hand, s, deck), -s))
        return trick_estimate(hand, best, deck, share=share), best

    def _bid_hasen(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Bid the tricks the hand counts in its best suit, with the partner's
        :attr:`BasicSettings.hasen_partner`, less :attr:`BasicSettings.hasen_margin`,
        when that beats the bid so far. The Benny holder to whom the first three players
        passed bids at least 1: passing would force a bid of 3 on it (§16)."""
        settings = self.settings
        tricks, _ = self._hasen_tricks(view)
        want = min(6, int(tricks + settings.hasen_partner - settings.hasen_margin))
        bids = sorted(a.value for a in legal if isinstance(a, Bid))
        forced = (view.hand.mask >> BENNY & 1 and len(view.calls) == view.rules.players - 1
                  and all(a == PASS for _, a in view.calls))
        if forced:
            want = max(want, bids[0]) if bids else want
        if bids and want >= bids[0]:
            return BID[min(want, bids[-1])]
        return PASS if PASS in legal else BID[bids[0]]

    def _trump_hasen(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """The maker names the suit its hand counts most tricks in (§16)."""
        return CALL[self._hasen_tricks(view)[1]]

    # -- Napoleon (§17) ----------------------------------------------------------------

    def _nap_tricks(self, view: PlayerView) -> tuple[float, int]:
        """The tricks the hand counts with its best suit as trump (plain order), and
        that suit."""
        rules = view.rules
        deck = deck_mask(rules.deck)
        hand = view.hand.mask
        share = in_play_share(rules.players, rules.hand_size, rules.deck)

        def count(s: int) -> float:
            return trick_estimate(hand, s, deck, order="plain", share=share)

        best = max(SUITS, key=lambda s: (count(s), (hand & SUIT_MASKS[NO_TRUMP][s]).bit_count(),
                                         -s))
        return count(best), best

    def _bid_nap(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """The highest bid the hand is worth that beats the bid so far: n tricks at n
        less :attr:`BasicSettings.nap_margin` counted, Nap at
        :attr:`BasicSettings.nap_all`, Wellington and Blücher only with five sure
        tricks, misère with a :func:`misere_hand`; a dealer who may not pass bids the
        lowest it may."""
        settings = self.settings
        tricks, _ = self._nap_tricks(view)
        worth: set[int] = {k for k in (1, 2, 3, 4) if tricks >= k - settings.nap_margin}
        if tricks >= settings.nap_all:
            worth.add(NAP)
        if tricks >= settings.nap_sure:
            worth |= {WELLINGTON, BLUCHER}
        if misere_hand(view.hand.mask):
            worth.add(MISERE)
        bids = [a.value for a in legal if isinstance(a, Bid)]
        mine = [b for b in bids if b in worth]
        if mine:
            return BID[max(mine, key=NAP_BIDS.index)]
        if PASS in legal or not bids:
            return PASS
        return BID[min(bids, key=NAP_BIDS.index)]

    # -- play --------------------------------------------------------------------------

    def _table(self, view: PlayerView) -> _Table:
        trump = view.trump
        assert trump is not None and view.maker is not None
        seat = view.seat
        rules = view.rules
        seating = rules.seating
        tables = tables_of(view)
        masks = tables.suit_masks[trump]
        hand = view.hand.mask
        # a seat that did not follow is void in the led suit (and below: an opponent is
        # void in a suit none of whose cards it can hold)
        played, voids = read_tricks(view)
        everything = 0
        for mask in played:
            everything |= mask
        unseen = unseen_cards(view, everything)
        team_of = seating.team_of
        maker = view.maker
        out = view.sitting_out
        if rules.per_player:  # the maker against all the others, who play together
            maker_side = seat == maker
            allies = [] if maker_side else [s for s in seating.seats if s not in (seat, maker)]
            opponents = [s for s in seating.seats if s != seat and (s == maker) != maker_side]
        else:
            maker_side = team_of[maker] == team_of[seat]
            allies = [s for s in seating.seats
                      if s != seat and team_of[s] == team_of[seat] and s not in out]
            if seat in out:
                allies = []
            opponents = [s for s in seating.seats if team_of[s] != team_of[seat] and s not in out]
        if view.upcard >= 0 and upcard_accepted(view) and view.dealer in allies:
            unseen &= ~(1 << view.upcard)  # an ally took the upcard
        for holder, c in view.shown:  # the Benny of Hasenpfeffer's forced bid
            if holder in allies and not rules.has_upcard:
                unseen &= ~(1 << c)
        for suit in range(5):
            if not unseen & masks[suit]:
                for s in opponents:
                    voids[s] |= 1 << suit
        partner = allies[0] if len(allies) == 1 else None
        return _Table(
            trump=trump,
            tables=tables,
            hand=hand,
            unseen=unseen,
            voids=voids,
            allies=allies,
            opponents=opponents,
            maker_team=maker_side,
            is_maker=maker == seat,
            is_alone=seat in view.alone or (rules.per_player and maker == seat),
            partner_is_maker=partner is not None and maker == partner,
        )

    def _play(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        cards = [a.card for a in legal if isinstance(a, Play) and a.card >= 0]
        if not cards:
            return legal[0]
        if len(cards) == 1:
            return PLAY[cards[0]]
        if view.trump is None:  # Napoleon: the bidder's first lead makes trump
            return PLAY[self._trump_lead(view, cards)]
        table = self._table(view)
        if view.bid == MISERE and view.rules.form == "napoleon":
            return PLAY[self._misere_play(view, table, cards)]
        if view.trick:
            return PLAY[self._follow(view, table, cards)]
        return PLAY[self._lead(table, cards)]

    def _trump_lead(self, view: PlayerView, cards: list[Card]) -> Card:
        """Napoleon's first lead (§17): the highest card of the suit the hand counts
        most tricks in, which makes it trump."""
        _, suit = self._nap_tricks(view)
        mine = [c for c in cards if card_suit(c) == suit] or cards
        return max(mine, key=lambda c: (NATURAL[c], c))

    def _misere_play(self, view: PlayerView, t: _Table, cards: list[Card]) -> Card:
        """A misère (no trump, §17): the bidder ducks every trick it can, the others
        try to make it win one."""
        keys = t.tables.trick_key[t.trump]
        eff = t.eff
        pw = t.pw
        trick = view.trick
        bidder = view.maker
        assert bidder is not None
        if view.seat == bidder:
            if not trick:
                return min(cards, key=lambda c: (pw[c], c))  # the lowest card
            led = eff[trick[0][1]]
            top = max(keys[led][c] for _, c in trick)
            under = [c for c in cards if keys[led][c] < top]
            if under:
                return max(under, key=lambda c: (pw[c], c))  # the highest that still loses
            if len(trick) + 1 < view.rules.players:
                return min(cards, key=lambda c: (pw[c], c))  # someone may still overtake
            return max(cards, key=lambda c: (pw[c], c))  # won anyway: shed the highest
        if not trick:
            lows = [c for c in cards if not t.is_void(bidder, eff[c])] or cards
            return min(lows, key=lambda c: (pw[c], c))
        led = eff[trick[0][1]]
        plays = dict((s, c) for s, c in trick)
        if bidder in plays:
            top_seat = max(trick, key=lambda sc: keys[led][sc[1]])[0]
            if top_seat == bidder:
                under = [c for c in cards if keys[led][c] < keys[led][plays[bidder]]]
                if under:
                    return max(under, key=lambda c: (pw[c], c))  # let the bidder win it
            return max(cards, key=lambda c: (pw[c], c))  # shed a high card
        return min(cards, key=lambda c: (pw[c], c))  # the bidder still to play: stay low

    def _lead(self, t: _Table, cards: list[Card]) -> Card:
        trump = t.trump
        pw = t.pw
        eff = t.eff
        masks = t.masks
        keys = t.tables.trick_key[trump]
        trumps = sorted((c for c in cards if eff[c] == trump), key=pw.__getitem__, reverse=True)
        off = [c for c in cards if eff[c] != trump]
        opp_trump = bool(t.unseen & masks[trump]) and any(
            not t.is_void(s, trump) for s in t.opponents
        )

        def sure(c: Card) -> bool:
            led = eff[c]
            return not t.can_beat(keys[led][c], led, t.opponents)

        sure_trumps = [c for c in trumps if sure(c)]
        sure_off = [c for c in off if sure(c)]
        if t.maker_team and trumps and opp_trump:
            if sure_trumps:
                return sure_trumps[0]
            # the maker draws trump with three (alone: two), or with two and a sure side
            # card to keep from a ruff (BasicSettings.draw_first)
            if (t.is_maker or t.is_alone) and len(trumps) >= (
                    2 if t.is_alone or (self.settings.draw_first and bool(sure_off))
                    else 3):
                return trumps[0]
        if sure_off:
            # the ace least likely to be trumped: most live cards of its suit left
            return min(
                sure_off,
                key=lambda c: (-(t.unseen & masks[eff[c]]).bit_count(), -pw[c], c),
            )
        if sure_trumps and not opp_trump:
            return sure_trumps[0]  # nobody can trump any more: it always wins
        if t.partner_is_maker and trumps and opp_trump:
            return trumps[-1]  # a low trump through to the partner who named it
        if off:
            return min(off, key=lambda c: self._lead_key(t, c))
        return trumps[0] if sure_trumps or t.maker_team else trumps[-1]

    def _lead_key(self, t: _Table, c: Card) -> tuple[int, int, int, int, Card]:
        """Order of low leads: to a suit an ally can trump, away from suits an
        opponent trumps, from the shortest suit (to make a void), lowest first."""
        trump = t.trump
        suit = t.eff[c]
        ally_ruffs = any(
            t.is_void(a, suit) and not t.is_void(a, trump) for a in t.allies
        )
        opp_ruffs = any(
            t.is_void(s, suit) and not t.is_void(s, trump) for s in t.opponents
        ) and bool(t.unseen & t.masks[trump])
        length = (t.hand & t.masks[suit]).bit_count()
        return (0 if ally_ruffs else 1, 1 if opp_ruffs else 0, length, t.pw[c], c)

    def _follow(self, view: PlayerView, t: _Table, cards: list[Card]) -> Card:
        trump = t.trump
        eff = t.eff
        pw = t.pw
        trick = view.trick
        led = eff[trick[0][1]]
        keys = t.tables.trick_key[trump][led]
        best_seat, best_card = trick[0]
        for s, c in trick[1:]:
            if keys[c] > keys[best_card]:
                best_seat, best_card = s, c
        after = self._seats_after(view, len(trick))
        after_opps = [s for s in after if s in t.opponents]
        ally_after = any(s in t.allies for s in after)
        following = eff[cards[0]] == led  # legal cards are all of the led suit, or any
        winners = sorted(
            (c for c in cards if keys[c] > keys[best_card]), key=pw.__getitem__
        )
        sure = [c for c in winners if not t.can_beat(keys[c], led, after_opps)]
        if best_seat in t.allies:
            if not t.can_beat(keys[best_card], led, after_opps) or not sure:
                return self._dump(t, cards)
            return sure[0]
        if not winners:
            return self._dump(t, cards)
        if sure:
            return sure[0]
        if ally_after:
            if following:
                return self._dump(t, cards)  # second hand low: an ally may win it
            if eff[best_card] != trump and not any(
                keys[c] > keys[best_card] for c in cards_of(t.unseen & t.masks[led])
            ):
                return winners[0]  # the opponent's card is the best of its suit: trump it
            return self._dump(t, cards)
        if following:
            return winners[-1]  # third hand high
        return winners[0]

    @staticmethod
    def _seats_after(view: PlayerView, played: int) -> list[int]:
        """The seats still to play to the trick after this one (``played`` cards on it)."""
        out_mask = 0
        for s in view.sitting_out:
            out_mask |= 1 << s
        nxt = view.rules.seating.next_table(out_mask)
        after: list[int] = []
        s = view.seat
        for _ in range(view.rules.players - len(view.sitting_out) - played - 1):
            s = nxt[s]
            after.append(s)
        return after

    @staticmethod
    def _dump(t: _Table, cards: list[Card]) -> Card:
        """The least useful card: a losing off-suit card, preferring one that makes a
        void when we hold trump; the lowest trump only when nothing else is left."""
        trump = t.trump
        eff = t.eff
        pw = t.pw
        masks = t.masks
        off = [c for c in cards if eff[c] != trump]
        if not off:
            return min(cards, key=lambda c: (pw[c], c))
        has_trump = bool(t.hand & masks[trump])

        def key(c: Card) -> tuple[int, int, int, Card]:
            suit = eff[c]
            length = (t.hand & masks[suit]).bit_count()
            boss = not any(pw[o] > pw[c] for o in cards_of(t.unseen & masks[suit]))
            void_bonus = 2 if has_trump and length == 1 and len(cards) == t.hand.bit_count() else 0
            return (1 if boss else 0, pw[c] - void_bonus, length, c)

        return min(off, key=key)


COMMON_RULES: Final[dict[str, Rule]] = {
    "play": BasicPlayer._play,
    "bid1": BasicPlayer._bid1,
    "bid2": BasicPlayer._bid2,
    "exchange": BasicPlayer._exchange,
    "alone": BasicPlayer._alone,
    "benny": BasicPlayer._benny,
    "declare": BasicPlayer._declare,
    "best": BasicPlayer._best,
    "give": BasicPlayer._give,
    "discard": BasicPlayer._discard,
}
"""The rule of each phase (a :class:`~euchre.engine.game.Phase` value) in every form, unless
the form has its own (:data:`FORM_RULES`)."""

FORM_RULES: Final[dict[str, dict[str, Rule]]] = {
    "four_handed": {},
    "two_handed": {},
    "three_handed": {"bid1": BasicPlayer._bid1_cutthroat, "bid2": BasicPlayer._bid2_cutthroat},
    "hasenpfeffer": {"bid": BasicPlayer._bid_hasen, "trump": BasicPlayer._trump_hasen},
    "napoleon": {"bid": BasicPlayer._bid_nap},
}
"""Each form's own rules, by phase: three-handed bidding counts tricks (the maker plays
alone against two), Hasenpfeffer and Napoleon bid numbers of tricks."""
