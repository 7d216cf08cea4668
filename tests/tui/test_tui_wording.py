"""The terminal table's words: verbs that agree with "You", the person's side in the
verdicts, one name for ordering up and going alone in the keys, the prompt and the hint,
and hints that say why they have no numbers."""

from __future__ import annotations

import re
from collections.abc import Sequence

import pytest

from euchre.engine.actions import ALONE, ORDER, PASS, STAY, Action, Discard, Order, Play
from euchre.engine.cards import parse_card
from euchre.engine.deal import DealResult
from euchre.engine.game import Game, Phase
from euchre.engine.rules import Rules
from euchre.engine.view import PlayerView
from euchre.players import BasePlayer, Player
from euchre.players.registry import make_player
from euchre.table.wording import card_face
from euchre.tui.session import GameSession, Hint, PlayConfig, action_text, options_text

THIRD_PERSON = re.compile(
    r"\bYou:? (passes|deals|plays|takes|picks|orders|assists|calls|discards|goes|defends|"
    r"stays|wins|sits)\b"
)


class Orderer(BasePlayer):
    """Orders up (or calls) at once, never goes alone, plays its first legal card."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        for action in legal:
            if isinstance(action, Order) or action == STAY:
                return action
        return legal[0]


class Passer(BasePlayer):
    """Passes and stays whenever it may."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        return next((a for a in legal if a in (PASS, STAY)), legal[0])


class Evaluator(BasePlayer):
    """A hint bot with numbers for every option; ``empty``: a bot that could give numbers
    but has none for this decision."""

    def __init__(self, empty: bool = False) -> None:
        self.empty = empty

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        return legal[0]

    def evaluate(self, view: PlayerView, legal: Sequence[Action]) -> dict[Action, float]:
        return {} if self.empty else {a: float(i) for i, a in enumerate(legal)}


def dealt_by(seat: int) -> int:
    return next(s for s in range(1000) if Game(seed=s).dealer == seat)


def session_with(bot: type[BasePlayer], dealer: int, name: str = "You",
                 hint: Player | None = None) -> GameSession:
    def factory(spec: str, seed: int) -> Player:
        if spec == "random":
            return hint or Evaluator()
        return bot()

    config = PlayConfig(seed=dealt_by(dealer), partner="basic", opponents="basic",
                        hint_bot="random", speed=0, name=name)
    session = GameSession.start(config, save=False, factory=factory)
    while not session.human_to_act():
        session.apply(session.bot_choice())
    return session


def play_the_deal(session: GameSession, lines: list[str]) -> None:
    while session.frozen is None:
        action = session.legal()[0] if session.human_to_act() else session.bot_choice()
        lines.extend(session.describe(session.apply(action)))


def test_the_dealer_picks_up_in_the_keys_the_prompt_the_hint_and_the_history() -> None:
    session = session_with(Passer, dealer=0)
    assert session.game.phase is Phase.BID1
    assert session.order_word() == "pick up" and session.action_words(ORDER) == "pick up"
    hint = session.hint()
    assert hint.values is not None
    assert "pick up +" in session.options_words(hint.values)
    symbol = "♣♦♥♠"[session.game.upcard >> 3]
    upcard = card_face(session.game.upcard)
    assert session.describe(session.apply(ORDER)) == [f"You pick up the {upcard}."]
    assert session.table().seats[0].calls == (ORDER,)
    assert session.call_words(0, ORDER) == f"pick up {symbol}"
    discard = next(a for a in session.legal() if isinstance(a, Discard))
    assert session.describe(session.apply(discard))[0].startswith("You discard ")
    assert session.alone_word() == "go alone"
    assert session.describe(session.apply(ALONE)) == ["You go alone!"]
    assert ALONE in session.table().seats[0].calls
    assert session.call_words(0, ALONE) == "alone!"
    lines: list[str] = []
    play_the_deal(session, lines)
    text = "\n".join(lines)
    assert "You play " in text and not THIRD_PERSON.search(text)
    assert "You win the trick." in text or "wins the trick." in text


def test_someone_else_named_keeps_the_third_person() -> None:
    session = session_with(Passer, dealer=0, name="Ann")
    assert session.describe(session.apply(ORDER))[0].startswith("Ann picks up the ")
    lines: list[str] = []
    play_the_deal(session, lines)
    assert any(line.startswith("Ann plays ") for line in lines)
    assert any(line.startswith("Ann discards ") for line in lines)


def test_the_dealers_partner_assists_and_an_opponent_orders_up() -> None:
    partner_deals = session_with(Passer, dealer=2)
    assert partner_deals.order_word() == "assist"
    left_deals = session_with(Passer, dealer=1)
    assert left_deals.order_word() == "order up"
    assert left_deals.action_words(ORDER) == action_text(ORDER) == "order up"


def test_a_defender_is_asked_to_defend_alone() -> None:
    session = session_with(Orderer, dealer=2)  # East, left of the dealer, orders up
    game = session.game
    assert game.phase is Phase.ALONE and game.maker == 3
    assert session.alone_word() == "defend alone"
    assert session.action_words(ALONE) == "defend alone"
    assert session.describe(session.apply(ALONE)) == ["You defend alone!"]


def test_verdicts_are_said_from_the_persons_side() -> None:
    session = session_with(Passer, dealer=0)

    def result(maker: int, tricks: tuple[int, int], alone: tuple[int, ...] = ()) -> DealResult:
        return DealResult(dealer=0, trump=0, maker=maker, alone=alone, tricks=tricks,
                          points=1, team=maker % 2, score=(0, 0))

    assert session.verdict_text(result(0, (3, 2))) == "We made it."
    assert session.verdict_text(result(1, (2, 3))) == "They made it."
    assert session.verdict_text(result(2, (5, 0))) == "We marched: all five tricks."
    assert session.verdict_text(result(3, (4, 1))) == "They were euchred."
    assert session.verdict_text(result(0, (1, 4), alone=(3,))) == (
        "We were euchred by a lone defender.")
    assert session.verdict_text(result(1, (0, 5), alone=(1,))) == (
        "They took all five tricks alone.")
    thrown = DealResult(dealer=0, trump=None, maker=None, alone=(), tricks=(0, 0), points=0,
                        team=None, score=(0, 0))
    assert session.verdict_text(thrown) == "Everybody passed: thrown in."
    two = GameSession.start(PlayConfig(rules=Rules.preset("two-handed"), seed=1,
                                       partner="basic", opponents="basic", hint_bot="basic",
                                       speed=0), save=False)
    assert two.verdict_text(result(0, (3, 2))) == "You made it."
    assert two.verdict_text(result(0, (2, 3))) == "You were euchred."
    assert two.verdict_text(result(1, (2, 3))).startswith(f"{two.names[1]} made it")
    assert two.verdict_text(result(1, (3, 2))) == f"{two.names[1]} was euchred."


def test_result_lines_count_tricks_in_the_singular_and_plural() -> None:
    session = session_with(Passer, dealer=0)
    one = DealResult(dealer=0, trump=2, maker=1, alone=(), tricks=(4, 1), points=2, team=0,
                     score=(2, 0))
    assert "1 trick, euchred; Us +2" in session.result_line(one)
    assert "3 tricks, made; Them +1" in session.result_line(
        DealResult(dealer=0, trump=2, maker=1, alone=(), tricks=(2, 3), points=1, team=1,
                   score=(0, 1)))


def test_options_show_cards_bare_and_the_words_of_the_seat() -> None:
    jack, king = parse_card("Jc"), parse_card("Kd")
    assert options_text([(Play(jack), 1.2), (Play(king), -0.5)]) == "J♣ +1.20 · K♦ -0.50"
    assert options_text([(PASS, 0.1), (ORDER, -0.2)], order="assist") == (
        "pass +0.10 · assist -0.20")
    assert options_text([(STAY, 0.0), (ALONE, 1.0)], alone="defend alone") == (
        "stay +0.00 · defend alone +1.00")


@pytest.mark.parametrize(("hint_bot", "note"), [
    (Evaluator(empty=True), "decides it by rule"),
    (make_player("basic", 1), "gives no numbers, only its choice"),
])
def test_a_hint_without_numbers_says_why(hint_bot: Player, note: str) -> None:
    session = session_with(Passer, dealer=0, hint=hint_bot)
    hint = session.hint()
    assert hint.values is None and note in hint.note
    assert hint.choice in session.legal()


def test_a_hint_with_one_choice_says_it_is_the_only_one() -> None:
    session = session_with(Passer, dealer=0, hint=make_player("basic", 1))
    game = session.game
    while not (session.human_to_act() and game.phase is Phase.PLAY
               and len(session.legal()) == 1):
        session.apply(session.legal()[-1] if session.human_to_act() else session.bot_choice())
    assert session.hint() == Hint("random", session.legal()[0], None, "the only legal choice")
    assert action_text(session.legal()[0]).startswith("play ")
