"""Checking a view's calls: a real bidding, in turn, that leads to the view's phase.

:func:`check_calls` walks the calls of a deal in the engine's order (``docs/rules.md``)
and raises :class:`~euchre.protocol.fields.ProtocolError` where they stop being a
bidding a real game could hold (a call out of turn, or one the rules do not allow
there), or where the phase, the seat to act, trump, the maker, the bid, the lone
players and the cards shown do not follow from them.
:func:`~euchre.protocol.views.view_from_dict` asks it for every view.

>>> from euchre.engine.actions import ORDER, PASS
>>> check_calls("view", Rules(), 0, 12, [(1, PASS), (2, ORDER)], "exchange", 0,
...             trump=1, maker=2, bid=None, alone=(), shown=(), led=False)
>>> check_calls("view", Rules(), 0, 12, [(2, PASS)], "bid1", 2, trump=None, maker=None,
...             bid=None, alone=(), shown=(), led=False)
Traceback (most recent call last):
...
euchre.protocol.fields.ProtocolError: view.calls[0][0]: is seat 2, but seat 1 bids next
"""

from __future__ import annotations

from collections.abc import Sequence

from euchre.engine.actions import (
    BID,
    FARMER,
    GO_UNDER,
    MISERE,
    NO_TRUMP,
    THROW_IN,
    Action,
    Best,
    Bid,
    Call,
    Declare,
    GoAlone,
    Order,
    Pass,
)
from euchre.engine.cards import BENNY, card_name, suit_char
from euchre.engine.game import Phase, allowed_bids, deal_phases
from euchre.engine.legal import names_benny, turned_down
from euchre.engine.rules import Rules
from euchre.protocol.codec import bid_text, to_protocol
from euchre.protocol.fields import fail

__all__ = ["check_calls", "declaring"]


def declaring(rules: Rules) -> bool:
    """Whether the rules have pre-bid declarations (farmer's hands, going under,
    throw-in hands).

    >>> declaring(Rules()), declaring(Rules(farmers=True))
    (False, True)
    """
    return Phase.DECLARE in deal_phases(rules)


def check_calls(where: str, rules: Rules, dealer: int, upcard: int,
                calls: Sequence[tuple[int, Action]], phase: str, to_act: int, *,
                trump: int | None, maker: int | None, bid: int | None,
                alone: tuple[int, ...], shown: tuple[tuple[int, int], ...], led: bool) -> None:
    """Check a view's ``calls`` (at ``where``) against the deal so far: the rules, the
    ``dealer`` and the ``upcard``, and the view's ``phase`` and seat ``to_act``
    (outside ``play``), ``trump``, ``maker``, ``bid``, lone players and ``shown``
    cards; ``led``: a card has been played this deal. Raises
    :class:`~euchre.protocol.fields.ProtocolError` naming the first field that does not
    follow."""
    _Calls(where, rules, dealer, upcard, calls, phase, to_act).check(
        trump, maker, bid, alone, shown, led)


class _Calls:
    """A walk through a view's calls in the engine's order (``docs/rules.md``),
    checking that they are a real bidding, in turn, and that the phase, ``to_act``
    (outside ``play``), trump, the maker, the bid, the lone players and the shown cards
    follow from them."""

    def __init__(self, where: str, rules: Rules, dealer: int, upcard: int,
                 calls: Sequence[tuple[int, Action]], phase: str, to_act: int) -> None:
        self.where, self.rules, self.dealer, self.upcard = where, rules, dealer, upcard
        self.calls, self.phase, self.to_act = calls, phase, to_act
        self.at = f"{where}.calls"
        self.k = 0
        self.seating = rules.seating
        self.trump: int | None = None
        self.maker: int | None = None
        self.bid: int | None = None
        self.alone: list[int] = []
        self.shown: list[tuple[int, tuple[int, ...], bool]] = []
        """The cards the calls show, in order: ``(seat, cards, whole hand)``; going under
        shows the whole hand, the three cards swapped among them."""

    def done(self) -> bool:
        return self.k == len(self.calls)

    def next(self) -> tuple[int, Action]:
        call = self.calls[self.k]
        self.k += 1
        return call

    def take(self, seat: int, phase: str, turn: str) -> tuple[int, Action] | None:
        """The next call and its index, which must be ``seat``'s (``turn`` says what that
        seat does, for the message); ``None`` when the calls end before it, with
        ``seat`` to act in ``phase``."""
        if self.done():
            self.stop(phase, seat)
            return None
        k = self.k
        who, action = self.next()
        if who != seat:
            fail(f"{self.at}[{k}][0]", f"is seat {who}, but {turn}")
        return k, action

    def naming_trump(self, k: int, action: Action) -> int:
        """The suit the ``k``-th call names as trump (a suit, not no-trump)."""
        if not isinstance(action, Call) or action.suit == NO_TRUMP:
            fail(f"{self.at}[{k}][1]", f"{to_protocol(action)} is not naming trump (call:SUIT)")
        return action.suit

    def end(self) -> None:
        """The calls are over: no call may follow, and the play begins."""
        if not self.done():
            fail(f"{self.at}[{self.k}]", "comes after the last call of a deal")
        self.stop("play", -1)

    def stop(self, expected: str, seat: int) -> None:
        """The calls end here, with ``seat`` to act in phase ``expected``."""
        if self.phase != expected:
            fail(f"{self.where}.phase", f"is {self.phase}, but after these calls it is "
                                        f"{expected}")
        if expected != "play" and self.to_act != seat:
            fail(f"{self.where}.to_act", f"is {self.to_act}, but seat {seat} acts next "
                                         f"(after {len(self.calls)} calls)")

    def check(self, trump: int | None, maker: int | None, bid: int | None,
              alone: tuple[int, ...], shown: tuple[tuple[int, int], ...], led: bool) -> None:
        """Walk the calls and compare what they fix with the view's fields (``led``:
        a card has been played this deal)."""
        if self.rules.has_upcard:
            self._euchre()
        else:
            self._bidding()
        where = self.where
        if self.rules.form == "napoleon" and self.phase == "play" and self.trump is None:
            if led:
                pass  # the first lead made trump: _check_play compares it
            elif trump is not None:
                fail(f"{where}.trump", f"is {suit_char(trump)}, but no card is led yet: the "
                                       "first card led makes trump")
        if not (self.rules.form == "napoleon" and self.phase == "play" and led) and (
                trump, maker) != (self.trump, self.maker):
            if self.trump is None and self.maker is None:
                fail(f"{where}.trump" if trump is not None else f"{where}.maker",
                     f"is {suit_char(trump) if trump is not None else maker}, but no call "
                     "has fixed it")
            shown_trump = "null" if trump is None else suit_char(trump)
            fixed = (f"fix no trump yet, and seat {self.maker} is the maker"
                     if self.trump is None else
                     f"fixed {suit_char(self.trump)} by seat {self.maker}")
            fail(f"{where}.trump", f"is {shown_trump} and maker is {maker}, but the calls "
                                   f"{fixed}")
        if bid != self.bid:
            fail(f"{where}.bid", f"is {'null' if bid is None else bid_text(bid)}, but the "
                                 f"calls make it "
                                 f"{'null' if self.bid is None else bid_text(self.bid)}")
        if sorted(alone) != sorted(self.alone):
            fail(f"{where}.alone", f"is {list(alone)}, but the calls have {self.alone} alone")
        self._compare_shown(shown)

    def _compare_shown(self, shown: tuple[tuple[int, int], ...]) -> None:
        at = f"{self.where}.shown"
        i = 0
        for seat, cards, whole in self.shown:
            count = self.rules.hand_size if whole else len(cards)
            group = shown[i:i + count]
            what = (f"seat {seat}'s whole hand, {' '.join(card_name(c) for c in cards)} among "
                    "it" if whole else ' '.join(f"{card_name(c)} of seat {seat}" for c in cards))
            held = [c for _, c in group]
            if (len(group) < count or any(s != seat for s, _ in group)
                    or not set(cards) <= set(held) or (not whole and held != list(cards))
                    or held != sorted(held)):
                fail(f"{at}[{i}]", f"the calls show {what} here, in order")
            i += count
        if i < len(shown):
            fail(f"{at}[{i}]", f"{card_name(shown[i][1])} of seat {shown[i][0]}, but no call "
                               "shows it")

    # -- Euchre: benny, declare, bid1, exchange, bid2, alone, best -----------------------

    def _euchre(self) -> None:
        rules, dealer = self.rules, self.dealer
        turned = turned_down(rules, self.upcard)
        ordered = False
        if self.upcard == BENNY and names_benny(rules):
            call = self.take(dealer, "benny",
                             f"the dealer, seat {dealer}, names trump for the Benny")
            if call is None:
                return
            self.trump, self.maker, ordered = self.naming_trump(*call), dealer, True
        if declaring(rules) and not self._declarations():
            return
        if self.trump is None:
            ordered = self._rounds(turned)
            if self.trump is None:
                return
        if ordered and self.done() and self.phase == "exchange":
            self.stop("exchange", dealer)
            return
        if rules.going_alone and not self._going_alone():
            return
        if rules.partners_best != "none" and self.alone and not self._best():
            return
        self.end()

    def _declarations(self) -> bool:
        """The pre-bid declarations, each seat once; False when the calls stop in them."""
        rules, at = self.rules, self.at
        swapped = False
        for seat in self.seating.order_after(self.dealer):
            call = self.take(seat, "declare", f"seat {seat} declares next")
            if call is None:
                return False
            k, action = call
            if isinstance(action, Pass):
                continue
            if not isinstance(action, Declare):
                fail(f"{at}[{k}][1]", f"{to_protocol(action)} is not a declaration (pass, "
                                      "farmer:CARDS, under:CARDS, throw_in)")
            if action.what == THROW_IN:
                fail(f"{at}[{k}][1]", "throw_in voids the deal: the same dealer deals again, "
                                      "and no view of the voided deal is sent")
            allowed = rules.farmers if action.what == FARMER else rules.go_under
            if not allowed or swapped:
                why = ("these rules do not have it" if not allowed else
                       "a hand has swapped with the kitty already this deal")
                fail(f"{at}[{k}][1]", f"{to_protocol(action)} is not a declaration now: {why}")
            swapped = True
            self.shown.append((seat, action.cards, action.what == GO_UNDER))
        return True

    def _rounds(self, turned: int) -> bool:
        """Rounds one and two; whether the upcard's suit was accepted (the dealer then
        exchanges)."""
        rules, at, dealer = self.rules, self.at, self.dealer
        for rnd in (1, 2):
            if rnd == 1 and turned < 0:
                continue  # the Benny turned up: round one is skipped
            for seat in self.seating.order_after(dealer):
                call = self.take(seat, f"bid{rnd}", f"seat {seat} bids next")
                if call is None:
                    return False
                k, action = call
                if isinstance(action, Pass) and not (
                        rnd == 2 and seat == dealer and rules.stick_the_dealer):
                    continue
                if rnd == 1 and isinstance(action, Order):
                    self.trump, self.maker = turned, seat
                    return True
                if rnd == 2 and isinstance(action, Call) and action.suit != turned and (
                        action.suit != NO_TRUMP or rules.no_trump):
                    self.trump, self.maker = action.suit, seat
                    return False
                fail(f"{at}[{k}][1]", f"{to_protocol(action)} is not a bid of round {rnd} now")
        fail(at, "every seat passed twice: that deal is over (thrown in)")

    def _going_alone(self) -> bool:
        """The going-alone questions; False when the calls stop in them."""
        rules, seating, at = self.rules, self.seating, self.at
        maker = self.maker
        assert maker is not None
        queue = list(seating.alone_order(self.dealer, maker, rules.maker_partner_alone,
                                         rules.lone_defender))
        ordered_up = any(isinstance(a, Order) for _, a in self.calls)
        if rules.canadian and ordered_up and seating.partner(self.dealer) == maker:
            queue.remove(maker)  # the Canadian loner goes alone unasked
            self.alone.append(maker)
        for seat in queue:
            if seating.partner(seat) in self.alone:
                continue
            if rules.lone_defender_needs_loner and not seating.same_team(seat, maker) and (
                    not any(seating.same_team(a, maker) for a in self.alone)):
                continue
            call = self.take(seat, "alone", f"seat {seat} is asked next whether to go alone")
            if call is None:
                return False
            k, action = call
            if not isinstance(action, GoAlone):
                fail(f"{at}[{k}][1]", f"{to_protocol(action)} is not an answer to whether to "
                                      "go alone (alone or stay)")
            if action.alone:
                self.alone.append(seat)
        return True

    def _best(self) -> bool:
        """Calls for partner's best, and the give and discard that follow one; False
        when the deal stops in them."""
        rules, seating, at = self.rules, self.seating, self.at
        maker = self.maker
        callers = [s for s in self.alone if seating.same_team(s, maker)]  # type: ignore[arg-type]
        if rules.partners_best == "loner_and_defender":
            callers += [s for s in self.alone if not seating.same_team(s, maker)]  # type: ignore[arg-type]
        for caller in callers:
            call = self.take(caller, "best", f"seat {caller} calls for best next (or declines)")
            if call is None:
                return False
            k, action = call
            if not isinstance(action, Best):
                fail(f"{at}[{k}][1]", f"{to_protocol(action)} is not an answer to a call for "
                                      "best (best or decline)")
            if action.call and self.done() and self.phase in ("give", "discard"):
                partner = seating.partner(caller)
                assert partner is not None
                self.stop(self.phase, partner if self.phase == "give" else caller)
                return False
        return True

    # -- Hasenpfeffer and Napoleon: bid, trump, discard ----------------------------------

    def _bidding(self) -> None:
        rules, at, n = self.rules, self.at, self.rules.players
        nap = rules.form == "napoleon"
        auction = rules.form == "hasenpfeffer" and rules.hasen_bidding == "auction"
        seat = self.seating.next_seat[self.dealer]
        passes = calls = 0
        while True:
            top = self.bid
            if auction:
                finished = top == 6 or (top is not None and passes == n - 1) or (
                    top is None and passes == n)
            else:
                finished = calls == n
            if finished:
                break
            call = self.take(seat, "bid", f"seat {seat} bids next")
            if call is None:
                return
            k, action = call
            stuck = (nap and rules.nap_all_pass == "dealer_bids_one" and seat == self.dealer
                     and top is None)
            if isinstance(action, Pass) and not stuck:
                passes += 1
            elif isinstance(action, Bid) and action.value in allowed_bids(
                    rules, -1 if top is None else top, stuck):
                self.bid, self.maker, passes = action.value, seat, 0
            else:
                why = ("every other player passed: the dealer must bid" if stuck else
                       "a bid is higher than the one before, and allowed by these rules")
                fail(f"{at}[{k}][1]", f"{to_protocol(action)} is not a bid now: {why}")
            calls += 1
            seat = self.seating.next_seat[seat]
        if self.bid is None:
            if nap or self.done():
                fail(at, "every seat passed: that deal is over (thrown in)")
            k = self.k
            who, action = self.next()  # Hasenpfeffer: the Benny's holder must bid three
            if action != BID[3]:
                fail(f"{at}[{k}][1]", f"{to_protocol(action)}, but when every seat passes "
                                      "the holder of the Benny bids 3")
            self.bid, self.maker = 3, who
            self.shown.append((who, (BENNY,), False))
        maker = self.maker
        assert maker is not None
        if nap:
            if self.bid == MISERE:
                self.trump = NO_TRUMP
        else:
            call = self.take(maker, "trump", f"the maker, seat {maker}, names trump")
            if call is None:
                return
            self.trump = self.naming_trump(*call)
            if rules.widow == "bidder_takes" and self.done() and self.phase == "discard":
                self.stop("discard", maker)
                return
        self.end()
