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

The rules in plain words are in ``docs/bots.md``. The player is deterministic: the same
views give the same actions (exact ties are broken by a fixed order; the seed only
keeps the factory signature every bot shares).

>>> from euchre.game import Game
>>> from euchre.players import play_game
>>> game = play_game(Game(seed=1), [BasicPlayer(seed=s) for s in range(4)])
>>> game.is_over()
True
>>> from euchre.cards import HEARTS, CardSet
>>> hand_strength(CardSet.parse("Jh Ah 9h Ac Ks").mask, HEARTS, deck_mask(24))
8.75
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from euchre.actions import (
    ALONE,
    DISCARD,
    ORDER,
    PASS,
    PLAY,
    STAY,
    Action,
    Call,
    Discard,
    Play,
)
from euchre.cards import (
    BENNY,
    EFFECTIVE_SUIT,
    POWER,
    SUIT_MASKS,
    SUITS,
    TRICK_KEY,
    Card,
    cards_of,
    deck_mask,
    same_colour,
)
from euchre.players import BasePlayer
from euchre.players.knowledge import (
    dead_cards,
    dealer_discard,
    read_tricks,
    trump_points,
    unseen_cards,
    upcard_accepted,
    upcard_points,
)
from euchre.view import PlayerView

__all__ = ["BasicPlayer", "BasicSettings", "hand_strength", "loser_count", "upcard_points"]


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


def hand_strength(hand: int, trump: int, deck: int, dead: int = 0) -> float:
    """Points for a hand (a card mask) with ``trump`` as trump.

    ``deck`` is the mask of the deck in use, ``dead`` the cards known out of play (a
    turned-down upcard). A trump scores by how many live trumps outside the hand outrank
    it (:data:`~euchre.players.knowledge.TRUMP_POINTS`); an off-suit card that is the
    highest live card of its suit (an ace) scores 1.2 alone, 1.0 with one more card and
    0.7 in a longer suit, and the next card below it (a king under the ace) 0.4; a
    guarded king under a live ace 0.3 (alone 0.15); a void 0.8 with two trumps or more
    (0.4 with one), and a singleton loser 0.3 with three trumps or more.

    >>> from euchre.cards import SPADES, CardSet
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

    >>> from euchre.cards import SPADES, CardSet
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
    hand: int
    unseen: int
    """Cards an opponent may hold: not ours, not played, not known out of play, not known
    to be in the partner's hand."""
    voids: list[int]
    """Per seat, a bit per suit the seat has shown out of."""
    partner: int | None
    """The partner when it plays this deal."""
    opponents: list[int]
    maker_team: bool
    is_maker: bool
    is_alone: bool
    partner_is_maker: bool

    def is_void(self, seat: int, suit: int) -> bool:
        return bool(self.voids[seat] >> suit & 1)

    def can_beat(self, key: int, led: int, seats: Sequence[int]) -> bool:
        """Whether one of ``seats`` (opponents still to play) may beat a card of trick
        strength ``key`` in a trick led in ``led``.

        A player may beat it by following with a higher live card, or by trumping when
        it has shown out of the led suit (or no live card of that suit is left).
        """
        trump = self.trump
        keys = TRICK_KEY[trump][led]
        masks = SUIT_MASKS[trump]
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


class BasicPlayer(BasePlayer):
    """A rule-based player (see the module docstring and ``docs/bots.md``).

    ``settings`` changes its thresholds (for experiments). ``seed`` is accepted like
    every bot's; the rules break ties by a fixed order, so the player is deterministic
    whatever the seed.

    >>> from euchre.game import Game
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
        """The rules' choice before the legality check of :meth:`choose`."""
        phase = view.phase
        if phase == "play":
            return self._play(view, legal)
        if phase == "bid1":
            return self._bid1(view, legal)
        if phase == "bid2":
            return self._bid2(view, legal)
        if phase == "exchange":
            return self._exchange(view, legal)
        if phase == "alone":
            return self._alone(view, legal)
        return legal[0]

    # -- bidding -----------------------------------------------------------------------

    def _score_shift(self, view: PlayerView) -> float:
        """How much lighter to bid at this score: when any point the opponents make wins
        them the game, a marginal bid of ours costs little more than a pass."""
        target = view.rules.target
        if target > 0 and target - view.score[1 - view.team] <= 1:
            return self.settings.desperate
        return 0.0

    def _threshold(self, view: PlayerView, base: float) -> float:
        shift = self.settings.two_handed_shift if view.rules.players == 2 else 0.0
        return base + shift - self._score_shift(view)

    def _bid1(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        settings = self.settings
        up = view.upcard
        trump = up >> 3  # round one never sees the Benny: it skips to round two
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

    def _bid2(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        settings = self.settings
        deck = deck_mask(view.rules.deck)
        hand = view.hand.mask
        up = view.upcard
        dead = 1 << up
        turned = -1 if up == BENNY else up >> 3
        team_of = view.rules.seating.team_of
        dealer_side = team_of[view.seat] == team_of[view.dealer]
        best: Call | None = None
        best_points = -1.0
        for action in legal:
            if not isinstance(action, Call):
                continue
            points = hand_strength(hand, action.suit, deck, dead)
            if turned >= 0 and action.suit == same_colour(turned) and not dealer_side:
                points += settings.next_bonus
            if points > best_points:
                best, best_points = action, points
        if best is None:
            return PASS
        if PASS not in legal:
            return best
        if best_points >= self._threshold(view, settings.call):
            return best
        return PASS

    def _exchange(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        assert view.trump is not None
        c = dealer_discard(
            view.hand.mask, view.upcard, view.trump, view.rules.dealer_must_take_upcard
        )
        action = DISCARD[c]
        if action in legal:
            return action
        return next((a for a in legal if isinstance(a, Discard) and a.card >= 0), legal[0])

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
        if view.rules.seating.same_team(view.maker, view.seat):
            limit = settings.alone_losers
        elif view.rules.lone_defender_scoring == "flat_4":
            limit = settings.defend_alone_flat
        else:
            limit = settings.defend_alone_losers
        return ALONE if losers <= limit else STAY

    # -- play --------------------------------------------------------------------------

    def _table(self, view: PlayerView) -> _Table:
        trump = view.trump
        assert trump is not None and view.maker is not None
        seat = view.seat
        seating = view.rules.seating
        masks = SUIT_MASKS[trump]
        hand = view.hand.mask
        # a seat that did not follow is void in the led suit (and below: an opponent is
        # void in a suit none of whose cards it can hold)
        played, voids = read_tricks(view)
        everything = 0
        for mask in played:
            everything |= mask
        unseen = unseen_cards(view, everything)
        partner = seating.partner(seat)
        if partner is not None and (partner in view.sitting_out or seat in view.sitting_out):
            partner = None
        if upcard_accepted(view) and partner is not None and view.dealer == partner:
            unseen &= ~(1 << view.upcard)  # the partner took the upcard
        team_of = seating.team_of
        team = team_of[seat]
        opponents = [
            s for s in seating.seats if team_of[s] != team and s not in view.sitting_out
        ]
        for suit in SUITS:
            if not unseen & masks[suit]:
                for s in opponents:
                    voids[s] |= 1 << suit
        return _Table(
            trump=trump,
            hand=hand,
            unseen=unseen,
            voids=voids,
            partner=partner,
            opponents=opponents,
            maker_team=team_of[view.maker] == team,
            is_maker=view.maker == seat,
            is_alone=seat in view.alone,
            partner_is_maker=partner is not None and view.maker == partner,
        )

    def _play(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        cards = [a.card for a in legal if isinstance(a, Play) and a.card >= 0]
        if not cards:
            return legal[0]
        if len(cards) == 1:
            return PLAY[cards[0]]
        table = self._table(view)
        if view.trick:
            return PLAY[self._follow(view, table, cards)]
        return PLAY[self._lead(table, cards)]

    def _lead(self, t: _Table, cards: list[Card]) -> Card:
        trump = t.trump
        pw = POWER[trump]
        eff = EFFECTIVE_SUIT[trump]
        masks = SUIT_MASKS[trump]
        keys = TRICK_KEY[trump]
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
            if (t.is_maker or t.is_alone) and len(trumps) >= (2 if t.is_alone else 3):
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
        """Order of low leads: to a suit the partner can trump, away from suits an
        opponent trumps, from the shortest suit (to make a void), lowest first."""
        trump = t.trump
        suit = EFFECTIVE_SUIT[trump][c]
        partner_ruffs = (
            t.partner is not None
            and t.is_void(t.partner, suit)
            and not t.is_void(t.partner, trump)
        )
        opp_ruffs = any(
            t.is_void(s, suit) and not t.is_void(s, trump) for s in t.opponents
        ) and bool(t.unseen & SUIT_MASKS[trump][trump])
        length = (t.hand & SUIT_MASKS[trump][suit]).bit_count()
        return (0 if partner_ruffs else 1, 1 if opp_ruffs else 0, length, POWER[trump][c], c)

    def _follow(self, view: PlayerView, t: _Table, cards: list[Card]) -> Card:
        trump = t.trump
        eff = EFFECTIVE_SUIT[trump]
        pw = POWER[trump]
        trick = view.trick
        led = eff[trick[0][1]]
        keys = TRICK_KEY[trump][led]
        best_seat, best_card = trick[0]
        for s, c in trick[1:]:
            if keys[c] > keys[best_card]:
                best_seat, best_card = s, c
        after = self._seats_after(view, len(trick))
        after_opps = [s for s in after if s in t.opponents]
        partner_after = t.partner is not None and t.partner in after
        following = eff[cards[0]] == led  # legal cards are all of the led suit, or any
        winners = sorted(
            (c for c in cards if keys[c] > keys[best_card]), key=pw.__getitem__
        )
        sure = [c for c in winners if not t.can_beat(keys[c], led, after_opps)]
        if t.partner is not None and best_seat == t.partner:
            if not t.can_beat(keys[best_card], led, after_opps) or not sure:
                return self._dump(t, cards)
            return sure[0]
        if not winners:
            return self._dump(t, cards)
        if sure:
            return sure[0]
        if partner_after:
            if following:
                return self._dump(t, cards)  # second hand low: the partner may win it
            if eff[best_card] != trump and not any(
                keys[c] > keys[best_card] for c in cards_of(t.unseen & SUIT_MASKS[trump][led])
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
        eff = EFFECTIVE_SUIT[trump]
        pw = POWER[trump]
        masks = SUIT_MASKS[trump]
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

