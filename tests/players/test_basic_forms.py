"""The ``basic`` bot in every form and house rule: whole games end with every decision
legal, and each documented rule of thumb (``docs/bots.md``, "What basic does in ...")
in a hand-made position."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import ClassVar

import pytest

from euchre.engine.actions import (
    ALONE,
    BEST,
    BID,
    BLUCHER,
    CALL,
    DECLINE,
    DISCARD,
    GIVE,
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
    Bid,
    Declare,
)
from euchre.engine.cards import (
    BENNY,
    CLUBS,
    DIAMONDS,
    HEARTS,
    SPADES,
    UNKNOWN,
    card_name,
    cards_of,
    deck_mask,
    parse_card,
    parse_cards,
)
from euchre.engine.deal import Deal
from euchre.engine.game import Game, Phase
from euchre.engine.rules import PRESETS, Rules
from euchre.engine.view import PlayerView
from euchre.players import BasePlayer, RandomPlayer, play_game
from euchre.players.basic import BasicPlayer, misere_hand
from euchre.players.knowledge import (
    constraints,
    dead_cards,
    lay_away,
    trick_estimate,
    unseen_cards,
)

# -- building positions ----------------------------------------------------------------


def deal_of(rules: Rules, dealer: int, hands: Sequence[str | None], upcard: str = "",
            score: tuple[int, ...] | None = None) -> Game:
    """A game whose first deal gives the hands written (``None``: any cards left), the
    upcard in forms that turn one up, and the rest of the deck to the kitty."""
    taken = 0
    known = [parse_cards(h) if h is not None else None for h in hands]
    up = parse_card(upcard) if upcard else UNKNOWN
    for cards in known:
        for c in cards or ():
            taken |= 1 << c
    if up >= 0:
        taken |= 1 << up
    rest = [c for c in cards_of(deck_mask(rules.deck)) if not taken >> c & 1]
    filled = []
    for cards in known:
        if cards is None:
            cards, rest = rest[:rules.hand_size], rest[rules.hand_size:]
        filled.append(" ".join(card_name(c) for c in cards))
    deal = Deal.parse(dealer, filled, upcard, " ".join(card_name(c) for c in rest))
    return Game(rules, deals=[deal], score=score)


def decide(game: Game) -> Action:
    """basic's own choice for the seat to act (before any fallback), checked legal."""
    legal = game.legal_actions()
    action = BasicPlayer(seed=0).decide(game.view(game.to_act), legal)
    assert action in legal, (action, legal)
    return action


def run(game: Game, *actions: Action) -> Game:
    for action in actions:
        game.apply(action)
    return game


# -- whole games -----------------------------------------------------------------------


class Checked(BasePlayer):
    """basic, failing the test if its own decision (before the fallback) is illegal."""

    seen: ClassVar[Counter[tuple[str, str]]] = Counter()

    def __init__(self, seed: int) -> None:
        self.bot = BasicPlayer(seed=seed)

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        action = self.bot.decide(view, legal)
        assert action in legal, (view.rules.form, view.phase, action, legal)
        Checked.seen[view.phase, str(action).split()[0]] += 1
        return action


MIXES: dict[str, Rules] = {
    "no_trump": Rules(no_trump=True),
    "no_trump_stuck_three": Rules(form="three_handed", no_trump=True, stick_the_dealer=True),
    "farmers": Rules(farmers=True),
    "go_under": Rules(go_under=True, players=2),
    "throw_in": Rules(throw_in="no_ace_no_face", form="three_handed"),
    "declarations": Rules(farmers=True, go_under=True, throw_in="no_ace_no_face", deck=32),
    "best_discard_first": Rules(partners_best="loner", partners_best_order="discard_first"),
    "best_receive_first": PRESETS["railroad"].replace(partners_best_order="receive_first"),
    "benny_dealer_names": Rules(deck=25, benny_upcard="dealer_names", farmers=True),
    "benny_hearts": Rules(deck=29, benny_upcard="hearts", form="three_handed"),
    "benny_skip": Rules(deck=33, benny_upcard="skip_round_one", players=2),
    "hasen_auction_widow": Rules(form="hasenpfeffer", hasen_bidding="auction",
                                 widow="bidder_takes"),
    "hasen_no_defenders": Rules(form="hasenpfeffer", hasen_defenders_score=False, laps=True),
    "tokens_laps_slam": Rules(four_trick_tokens=True, laps=True, slam=True),
    **{f"napoleon_{n}": Rules(form="napoleon", players=n, misere=True, wellington=True,
                              blucher=True, nap_min_bid=1 if n % 2 else 2,
                              nap_all_pass="throw_in" if n == 6 else "dealer_bids_one",
                              nap_values="low" if n == 3 else "high")
       for n in range(2, 8)},
}


@pytest.mark.parametrize("name", [*PRESETS, *MIXES])
def test_forms_basic_plays_every_preset_and_mix_to_the_end_legally(name: str) -> None:
    rules = PRESETS[name] if name in PRESETS else MIXES[name]
    for seed in range(2):
        game = play_game(Game(rules, seed=seed), [Checked(seed * 10 + s)
                                                  for s in range(rules.players)])
        assert game.is_over()
        if rules.target > 0:
            assert max(game.score) >= rules.target


def test_forms_basic_meets_every_kind_of_decision() -> None:
    """The games above, and these, between them ask for every decision the views
    present (so none is answered only by accident)."""
    Checked.seen.clear()
    for rules in (*PRESETS.values(), *MIXES.values()):
        deals = 40 if rules.benny_upcard == "dealer_names" else 6  # one deal in 25
        for seed in range(2):
            game = Game(rules.replace(target=0, deals=deals, laps=False, slam=False), seed=seed)
            play_game(game, [Checked(s) for s in range(rules.players)])
    seen = {phase for phase, _ in Checked.seen}
    assert {p.value for p in Phase} - {"over"} <= seen
    for kind in [("benny", "call"), ("declare", "farmer"), ("declare", "pass"),
                 ("best", "best"), ("give", "give"), ("discard", "discard"),
                 ("bid", "bid"), ("bid", "pass"), ("trump", "call")]:
        assert Checked.seen[kind] > 0, kind


def test_forms_hasenpfeffer_games_end_with_basic_everywhere() -> None:
    """Random bidding can keep both sides below zero for ever; basic's games end."""
    for rules in (PRESETS["hasenpfeffer"], MIXES["hasen_auction_widow"]):
        for seed in range(6):
            game = play_game(Game(rules, seed=seed), [BasicPlayer() for _ in range(4)])
            assert game.is_over() and len(game.results) < 30


def test_forms_basic_beats_random_in_every_form() -> None:
    """One basic seat against random in the others, over the same seeded deals, the
    basic seat rotating: it outscores the average random seat in every form."""
    for name in ("three-handed", "railroad", "hasenpfeffer", "napoleon", "british"):
        rules = PRESETS[name].replace(target=0, deals=1)
        margin = 0.0
        for seed in range(40):
            seat = seed % rules.players
            players: list[BasePlayer] = [
                BasicPlayer() if s == seat else RandomPlayer(seed=seed * 10 + s)
                for s in range(rules.players)]
            score = play_game(Game(rules, seed=seed), players).score
            team = rules.seating.team_of[seat]
            others = [p for t, p in enumerate(score) if t != team]
            margin += score[team] - sum(others) / len(others)
        assert margin > 0, name


# -- three-handed (§14) ----------------------------------------------------------------

THREE = PRESETS["three-handed"]


def test_forms_three_handed_passes_a_weak_hand() -> None:
    game = deal_of(THREE, 2, ["Jh Ah 9c Tc Qd", None, None], upcard="9h")
    assert decide(game) == PASS  # two hearts are no hand to play alone against two


def test_forms_three_handed_orders_up_a_hand_of_three_tricks() -> None:
    game = deal_of(THREE, 2, ["Jh Jd Ah Ac Kc", None, None], upcard="9h")
    assert decide(game) == ORDER


def test_forms_three_handed_calls_lighter_when_an_opponent_needs_one_point() -> None:
    hand = ["Jh Kh Ac 9s Ts", None, None]  # about 2.7 tricks: just short
    assert decide(deal_of(THREE, 2, hand, upcard="9h")) == PASS
    assert decide(deal_of(THREE, 2, hand, upcard="9h", score=(0, 0, 9))) == ORDER


def test_forms_three_handed_calls_with_a_strong_suit_in_round_two() -> None:
    game = deal_of(THREE, 2, ["Js Jc As Ks Ah", None, None], upcard="9h")
    run(game, PASS, PASS, PASS)
    assert decide(game) == CALL[SPADES]


def test_forms_three_handed_stuck_dealer_names_its_best_suit() -> None:
    rules = THREE.replace(stick_the_dealer=True)
    game = deal_of(rules, 2, [None, None, "9c Tc Qd 9s Ks"], upcard="9h")
    run(game, PASS, PASS, PASS, PASS, PASS)
    assert game.to_act == 2 and PASS not in game.legal_actions()
    assert decide(game) in (CALL[CLUBS], CALL[SPADES])


def test_forms_three_handed_defender_does_not_trump_the_other_defenders_ace() -> None:
    """The defenders play as partners for the deal: seat 2 does not trump seat 1's sure
    ace against the maker, seat 0."""
    game = deal_of(THREE, 2, ["Kc 9s Ts Qd Kd", "Jh Jd 9h 9c Tc", "9d Th Qh Qs Ks"],
                   upcard="Ah")
    run(game, PASS, ORDER, DISCARD[parse_card("9d")])  # seat 1 orders; dealer 2 takes Ah
    assert game.maker == 1
    run(game, PLAY[parse_card("Kc")])  # seat 0 leads the king of clubs
    run(game, PLAY[parse_card("Tc")])  # the maker follows low
    assert game.to_act == 2
    action = decide(game)
    assert action in (PLAY[parse_card("Qs")], PLAY[parse_card("Ks")])  # no trump


# -- Railroad and the partner's best (§15, §19.6) --------------------------------------

RAILROAD = PRESETS["railroad"]


def best_game(rules: Rules) -> Game:
    """Seat 1 orders up hearts and goes alone; seat 3, its partner, holds the right
    bower."""
    game = deal_of(rules, 0, ["9c Tc 9d Td Qs", "Jd Ah Kh Ac Kc", "Js Ts 9s Ks Qc",
                              "Jh Ad Qd Kd As"], upcard="9h")
    run(game, ORDER, DISCARD[parse_card("Qs")], ALONE)
    while game.phase is Phase.ALONE:
        run(game, STAY)
    return game


def test_forms_railroad_lone_player_calls_for_best() -> None:
    game = best_game(RAILROAD)
    assert game.phase is Phase.BEST and game.to_act == 1
    assert decide(game) == BEST


def test_forms_railroad_partner_gives_the_right_bower() -> None:
    for order in ("discard_first", "receive_first"):
        game = best_game(RAILROAD.replace(partners_best_order=order))
        run(game, BEST)
        if game.phase is Phase.DISCARD:
            assert decide(game) == DISCARD[parse_card("Kc")]  # the weakest card
            run(game, DISCARD[parse_card("Kc")])
        assert game.phase is Phase.GIVE and game.to_act == 3
        assert decide(game) == GIVE[parse_card("Jh")]


def test_forms_railroad_lone_player_discards_its_weakest_card_after_receiving() -> None:
    game = best_game(RAILROAD.replace(partners_best_order="receive_first"))
    run(game, BEST, GIVE[parse_card("Jh")])
    assert game.phase is Phase.DISCARD and game.to_act == 1
    assert decide(game) == DISCARD[parse_card("Kc")]


def test_forms_railroad_declines_best_with_a_sure_march() -> None:
    game = deal_of(RAILROAD, 0, ["9c Tc 9d Td Qs", "B Jh Jd Ah Kh", None, None],
                   upcard="9h")
    run(game, ORDER, DISCARD[parse_card("Qs")], ALONE)
    while game.phase is Phase.ALONE:
        run(game, STAY)
    assert game.phase is Phase.BEST and decide(game) == DECLINE


def test_forms_railroad_partner_gives_an_off_ace_without_trump() -> None:
    game = deal_of(RAILROAD, 0, ["9c Tc 9d Td Qs", "Jh Jd Ah Kh Kc", "Js Ts 9s Ks Qc",
                                 "Ac Ad Qd Kd As"], upcard="9h")
    run(game, ORDER, DISCARD[parse_card("Qs")], ALONE)
    while game.phase is Phase.ALONE:
        run(game, STAY)
    run(game, BEST, DISCARD[parse_card("Kc")])
    assert game.phase is Phase.GIVE
    action = decide(game)
    assert action in (GIVE[parse_card("Ac")], GIVE[parse_card("As")])


# -- the Benny upcard (§13) ------------------------------------------------------------


def test_forms_benny_dealer_names_hearts_blind_and_keeps_the_benny() -> None:
    rules = PRESETS["british"]
    game = deal_of(rules, 3, [None, None, None, "9c Tc Ks Qs 9d"], upcard="B")
    assert game.phase is Phase.BENNY and len(game.view(3).hand) == 0
    assert decide(game) == CALL[HEARTS]
    run(game, CALL[HEARTS])
    assert game.phase.value == "exchange"
    action = decide(game)
    assert action == DISCARD[parse_card("9d")]  # a singleton, never the Benny


def test_forms_benny_stands_for_hearts_in_round_one() -> None:
    game = deal_of(RAILROAD, 3, ["Jh Jd Ah Kh Ac", None, None, None], upcard="B")
    assert game.phase is Phase.BID1
    assert decide(game) == ORDER  # counted with hearts as trump, the Benny above it
    weak = deal_of(RAILROAD, 3, ["9c Tc 9d Qs Ks", None, None, None], upcard="B")
    assert decide(weak) == PASS


def test_forms_benny_hearts_dealer_accepts_with_hearts() -> None:
    game = deal_of(RAILROAD, 3, [None, None, None, "Jh Jd Ah Kh 9c"], upcard="B")
    run(game, PASS, PASS, PASS)
    assert decide(game) == ORDER


# -- no-trump (§19.2) ------------------------------------------------------------------


def test_forms_no_trump_called_with_aces_and_kings_in_several_suits() -> None:
    rules = Rules(no_trump=True)
    game = deal_of(rules, 3, ["Ac Kc Ad Kd As", None, None, None], upcard="9h")
    run(game, PASS, PASS, PASS, PASS)
    assert decide(game) == CALL[NO_TRUMP]


def test_forms_no_trump_not_called_with_trump_strength() -> None:
    rules = Rules(no_trump=True)
    game = deal_of(rules, 3, ["Js Jc As Ad Ac", None, None, None], upcard="9h")
    run(game, PASS, PASS, PASS, PASS)
    assert decide(game) in (CALL[CLUBS], CALL[SPADES])  # three trumps in either


def test_forms_no_trump_play_leads_its_aces() -> None:
    rules = Rules(no_trump=True)
    game = deal_of(rules, 3, ["Ac Kc Ad Kd As", None, None, None], upcard="9h")
    run(game, PASS, PASS, PASS, PASS, CALL[NO_TRUMP])
    while game.phase is Phase.ALONE:
        run(game, STAY)
    assert game.to_act == 0
    assert decide(game) in (PLAY[parse_card("Ac")], PLAY[parse_card("Ad")],
                            PLAY[parse_card("As")])


# -- pre-bid declarations (§19.3-19.5) -------------------------------------------------


def test_forms_farmer_declared_with_a_weak_hand() -> None:
    rules = Rules(farmers=True)
    game = deal_of(rules, 3, ["9c Tc 9d Kh Qs", None, None, None], upcard="9h")
    action = decide(game)
    assert isinstance(action, Declare) and action.what == "farmer"
    assert set(action.cards) == set(parse_cards("9c Tc 9d"))


def test_forms_farmer_not_declared_with_a_strong_hand() -> None:
    rules = Rules(farmers=True)
    game = deal_of(rules, 3, ["Js Jc As 9s Ts", None, None, None], upcard="9h")
    assert decide(game) == PASS


def test_forms_go_under_swaps_the_weakest_and_keeps_the_aces() -> None:
    rules = Rules(go_under=True)
    game = deal_of(rules, 3, ["Ac Ad 9h Ts 9s", None, None, None], upcard="Kh")
    action = decide(game)
    assert isinstance(action, Declare) and action.what == "under"
    assert not set(action.cards) & set(parse_cards("Ac Ad"))


def test_forms_throw_in_a_hand_without_ace_or_face() -> None:
    rules = Rules(throw_in="no_ace_no_face", farmers=True)
    game = deal_of(rules, 3, ["9c Tc 9d Th Ts", None, None, None], upcard="Kh")
    assert decide(game) == THROW_IN_HAND


# -- Hasenpfeffer (§16) ----------------------------------------------------------------

HASEN = PRESETS["hasenpfeffer"]


def test_forms_hasenpfeffer_bids_the_tricks_it_counts() -> None:
    game = deal_of(HASEN, 3, ["B Jh Jd Ah Kh Ac", None, None, None])
    action = decide(game)
    assert isinstance(action, Bid) and action.value >= 5
    weak = deal_of(HASEN, 3, ["9c Tc 9d Td Qs 9s", None, None, None])
    low = decide(weak)
    assert low == PASS or (isinstance(low, Bid) and low.value == 1)


def test_forms_hasenpfeffer_benny_holder_bids_rather_than_be_forced_to_three() -> None:
    """The first three passed: passing would force the Benny's holder to bid 3 (§16),
    so it bids what it counts, at least 1."""
    game = deal_of(HASEN, 3, [None, None, None, "B 9c Tc 9d Td Qs"])
    run(game, PASS, PASS, PASS)
    assert game.to_act == 3
    action = decide(game)
    assert isinstance(action, Bid) and action.value < 3


def test_forms_hasenpfeffer_forced_bidder_names_its_best_suit() -> None:
    game = deal_of(HASEN, 3, [None, "B Js Jc 9s 9d Td", None, None])
    for _ in range(4):
        run(game, PASS)  # the holder (seat 1) is not the last: the engine forces 3
    assert game.phase is Phase.TRUMP and game.to_act == 1 and game.bid == 3
    assert decide(game) == CALL[SPADES]


def test_forms_hasenpfeffer_names_trump_and_lays_away_the_weakest_widow_card() -> None:
    rules = HASEN.replace(widow="bidder_takes")
    game = deal_of(rules, 3, ["Jh Jd Ah Kh Ac 9s", None, None, None])
    run(game, decide(game))
    while game.phase is Phase.BID:
        run(game, PASS)
    assert decide(game) == CALL[HEARTS]
    run(game, CALL[HEARTS])
    assert game.phase is Phase.DISCARD and len(game.hand(0)) == 7
    action = decide(game)
    trumps = [BENNY, *parse_cards("Jh Jd Ah Kh Qh Th 9h")]
    assert isinstance(action, type(DISCARD[0]))
    assert action.card not in trumps and action.card != parse_card("Ac")


def test_forms_hasenpfeffer_maker_draws_trump_with_the_benny() -> None:
    game = deal_of(HASEN, 3, ["B Jh Jd Ah Kh Ac", None, None, None])
    run(game, BID[6], PASS, PASS, PASS, CALL[HEARTS])
    assert game.phase is Phase.PLAY and game.to_act == 0
    assert decide(game) == PLAY[BENNY]


# -- Napoleon (§17) --------------------------------------------------------------------

NAPOLEON = PRESETS["napoleon"]
FULL = PRESETS["napoleon-full"]


def test_forms_napoleon_bids_nap_with_five_top_cards_of_a_suit() -> None:
    game = deal_of(NAPOLEON, 4, ["As Ks Qs Js Ts", None, None, None, None])
    assert decide(game) == BID[NAP]


def test_forms_napoleon_bids_wellington_only_over_a_nap_with_five_sure_tricks() -> None:
    game = deal_of(FULL, 4, ["9c 8c 7c 2d 3d", "As Ks Qs Js Ts", None, None, None])
    run(game, PASS)
    assert decide(game) == BID[NAP]
    game2 = deal_of(FULL, 4, [None, None, None, None, "Ah Kh Qh Jh Th"])
    run(game2, BID[NAP], PASS, PASS, PASS)
    assert decide(game2) == BID[WELLINGTON]
    game3 = deal_of(FULL, 4, [None, None, None, None, "Ah Kh Qh Jh 2c"])
    run(game3, BID[NAP], PASS, PASS, PASS)
    assert decide(game3) == PASS
    assert BID[BLUCHER] not in game3.legal_actions()


def test_forms_napoleon_bids_from_sure_tricks_and_passes_a_weak_hand() -> None:
    game = deal_of(NAPOLEON, 4, ["As Ks 9d 4c 2h", None, None, None, None])
    action = decide(game)
    assert action in (BID[2], BID[3])
    weak = deal_of(NAPOLEON, 4, ["Ts 8s 9d 4c Jh", None, None, None, None])
    assert decide(weak) == PASS


def test_forms_napoleon_bids_misere_with_low_cards() -> None:
    game = deal_of(FULL, 4, ["2c 4c 3d 5h 2s", None, None, None, None])
    assert misere_hand(game.hand_mask(0))
    assert decide(game) == BID[MISERE]
    plain = deal_of(NAPOLEON, 4, ["2c 4c 3d 5h 2s", None, None, None, None])
    assert decide(plain) == PASS  # no misère in these rules


def test_forms_napoleon_dealer_forced_to_bid_bids_the_lowest() -> None:
    game = deal_of(NAPOLEON, 4, [None, None, None, None, "Ts 8s 9d 4c Jh"])
    run(game, PASS, PASS, PASS, PASS)
    assert PASS not in game.legal_actions()
    assert decide(game) == BID[1]


def test_forms_napoleon_first_lead_picks_trump() -> None:
    game = deal_of(NAPOLEON, 4, ["Ah Qh 9h Kc 2d", None, None, None, None])
    run(game, BID[3], PASS, PASS, PASS, PASS)
    assert game.phase is Phase.PLAY and game.trump is None and game.to_act == 0
    assert decide(game) == PLAY[parse_card("Ah")]


def test_forms_napoleon_opponents_do_not_overtake_each_other() -> None:
    """Every opponent plays against the bidder: seat 2 does not trump seat 1's winning
    ace of clubs once the bidder has played."""
    game = deal_of(NAPOLEON.replace(players=3), 2,
                   ["Ks Qs 4s Kc 2c", "Ac 3d 4d 5d 6d", "2s 3s 9h Th Jh"])
    run(game, BID[2], PASS, PASS)
    run(game, PLAY[parse_card("Ks")])  # spades trump
    run(game, PLAY[parse_card("3d")], PLAY[parse_card("2s")])
    run(game, PLAY[parse_card("Kc")], PLAY[parse_card("Ac")])
    assert game.to_act == 2 and game.trump == SPADES
    assert decide(game) != PLAY[parse_card("3s")]


def test_forms_napoleon_misere_bidder_ducks() -> None:
    rules = FULL.replace(players=3)
    game = deal_of(rules, 2, ["2c 4c 3d 5h 2s", "Ac Kd 4d 6h 7s", "Kc Qd 9h Th Js"])
    run(game, BID[MISERE], PASS, PASS)
    assert game.trump == NO_TRUMP
    assert decide(game) in (PLAY[parse_card("2c")], PLAY[parse_card("2s")])
    run(game, PLAY[parse_card("2s")], PLAY[parse_card("7s")], PLAY[parse_card("Js")])
    # seat 2 won; it leads the king of clubs: the bidder plays its highest club below
    run(game, PLAY[parse_card("Kc")])
    assert game.to_act == 0
    assert decide(game) == PLAY[parse_card("4c")]


def test_forms_napoleon_misere_opponents_let_the_bidder_win() -> None:
    rules = FULL.replace(players=3)
    game = deal_of(rules, 2, ["8c 4c 3d 5h 2s", "Ac 2c 4d 6h 7s", "Kc Qd 9h Th Js"])
    run(game, BID[MISERE], PASS, PASS)
    run(game, PLAY[parse_card("8c")])  # the bidder leads a club
    # seat 1 holds Ac and 2c: it plays under the bidder's 8
    assert decide(game) == PLAY[parse_card("2c")]


# -- knowledge without an upcard, with six cards and the 52-card deck --------------------


def test_forms_knowledge_reads_views_without_an_upcard() -> None:
    game = deal_of(HASEN, 3, ["B Jh Jd Ah Kh Ac", None, None, None])
    view = game.view(0)
    assert view.upcard == UNKNOWN and dead_cards(view) == 0
    cons = constraints(view)
    assert cons.need == (0, 6, 6, 6) and cons.spare == 1  # six cards each, the widow
    nap = deal_of(NAPOLEON, 4, ["As Ks Qs Js Ts", None, None, None, None])
    view = nap.view(0)
    assert unseen_cards(view).bit_count() == 47
    assert constraints(view).spare == 27  # the cards set aside


def test_forms_knowledge_counts_tricks_in_the_plain_order() -> None:
    plain = trick_estimate(sum(1 << c for c in parse_cards("Ah Kh Qh 2c 3c")), HEARTS,
                           deck_mask(52), order="plain")
    euchre = trick_estimate(sum(1 << c for c in parse_cards("Ah Kh Qh 9c Tc")), HEARTS,
                            deck_mask(24))
    assert plain == 3.0 > 2.0 > euchre  # no bowers in Napoleon: A K Q are three sure tricks


def test_forms_knowledge_lays_away_in_the_plain_order() -> None:
    hand = sum(1 << c for c in parse_cards("Jd Ah Kh 2c 5c 9s"))
    assert lay_away(hand, DIAMONDS, order="plain") == parse_card("9s")
    assert lay_away(hand, HEARTS) == parse_card("9s")


def test_forms_knowledge_dead_cards_include_what_this_seat_laid_away() -> None:
    game = best_game(RAILROAD)
    run(game, BEST, DISCARD[parse_card("Kc")])
    view = game.view(1)
    assert dead_cards(view) >> parse_card("Kc") & 1
    assert not unseen_cards(view) >> parse_card("Kc") & 1

