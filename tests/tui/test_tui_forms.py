"""The terminal game plays every form and house rule: Textual's pilot plays deals of each
preset with the keys a person would press, and checks what the table shows.

Every app runs headless at pace 0; the bots are ``random`` (or small rule-following
bots written here), the data folder a temporary one. The person's choices go in through
the keys only; the game is read only to check what the screen shows (and that it shows no
card the person may not know).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from rich.text import Text
from textual.pilot import Pilot
from textual.widgets import Checkbox, RichLog, Select, Static

import helpers.tuihelp as tuihelp
from euchre.engine.actions import (
    ALONE,
    BEST,
    BLUCHER,
    CALL,
    DECLINE,
    MISERE,
    NAP,
    NO_TRUMP,
    ORDER,
    PASS,
    STAY,
    WELLINGTON,
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
from euchre.engine.cards import suit_char
from euchre.engine.game import Game
from euchre.engine.rules import PRESETS, Rules
from euchre.engine.scoring import settlement
from euchre.engine.view import PlayerView
from euchre.players import BasePlayer, Player
from euchre.players.registry import make_player
from euchre.table.data_folder import ENV_VAR
from euchre.table.wording import bid_words, card_face
from euchre.tui.app import (
    DealSummaryScreen,
    EuchreApp,
    GameOverScreen,
    SetupScreen,
    TableScreen,
)
from euchre.tui.session import GameSession, PlayConfig
from euchre.tui.widgets import CardButton, ChoiceButton, SeatBox

_BID_KEYS = {MISERE: "m", NAP: "n", WELLINGTON: "w", BLUCHER: "b"}


@pytest.fixture(autouse=True)
def _data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv(ENV_VAR, str(folder))
    return folder


def keys_for(screen: TableScreen, action: Action) -> list[str]:
    """The keys a person presses for ``action`` at this table (the prompt's keys)."""
    hand = list(screen.session.table().hand)
    if isinstance(action, (Play, Discard, Give)):
        return [str(hand.index(action.card) + 1)]
    if isinstance(action, Pass):
        return ["p"]
    if isinstance(action, Order):
        return ["o"]
    if isinstance(action, Call):
        return [suit_char(action.suit)]
    if isinstance(action, GoAlone):
        return ["a" if action.alone else "n"]
    if isinstance(action, Best):
        return ["b" if action.call else "d"]
    if isinstance(action, Bid):
        return [_BID_KEYS.get(action.value, str(action.value))]
    if isinstance(action, Declare):
        if action.what == "throw in":
            return ["t"]
        combos = [a for a in screen.session.legal()
                  if isinstance(a, Declare) and a.what == action.what]
        picks = [str(hand.index(c) + 1) for c in action.cards] if len(combos) > 1 else []
        return ["f" if action.what == "farmer" else "g", *picks]
    raise AssertionError(f"no keys for {action}")


Policy = Callable[[TableScreen, list[Action]], Action]
"""The person's choice among the legal actions (pressed with :func:`keys_for`)."""
Look = Callable[[TableScreen], None]
"""A check of the table at each of the person's turns."""


def random_policy(seed: int) -> Policy:
    rng = random.Random(seed)
    return lambda screen, legal: rng.choice(legal)


def preferring(*wanted: Action) -> Policy:
    """The first of ``wanted`` that is legal, else pass when it may, else the first."""
    def choose(screen: TableScreen, legal: list[Action]) -> Action:
        for action in (*wanted, PASS):
            if action in legal:
                return action
        return legal[0]
    return choose


@dataclass
class Seen:
    """What a drive through the UI saw."""

    turns: int = 0
    summaries: list[str] = field(default_factory=list)
    game_over: str = ""
    log: str = ""


def text_of(screen: TableScreen, selector: str) -> str:
    widget = screen.query_one(selector, Static)
    content = widget.render()
    return content.plain if isinstance(content, Text) else str(content)


def drive(
    rules: Rules,
    *,
    seed: int = 5,
    deals: int = 1,
    policy: Policy | None = None,
    look: Look | None = None,
    factory: Callable[[str, int], Player] = make_player,
    size: tuple[int, int] = tuihelp.SIZE,
) -> Seen:
    """Play ``deals`` deals (or to the end) of ``rules`` at the terminal, the person
    choosing with ``policy`` through the keys; check each turn with ``look``."""
    config = PlayConfig(rules=rules, partner="random", opponents="random",
                        hint_bot="random", seed=seed, speed=0.0)
    app = EuchreApp(config, setup=False, factory=factory)
    seen = Seen()
    choose = policy or random_policy(seed)

    async def script(pilot: Pilot[None], app: EuchreApp) -> None:
        closed = 0
        for _ in range(3000):
            await tuihelp.wait_for(pilot, lambda: _ready(app), see_tricks=True)
            screen = app.screen
            if isinstance(screen, GameOverScreen):
                seen.game_over = str(screen.query_one("#game-over", Static).render())
                seen.log = _log(app)
                return
            if isinstance(screen, DealSummaryScreen):
                seen.summaries.append(str(screen.query_one("#summary", Static).render()))
                closed += 1
                if closed >= deals:
                    seen.log = _log(app)
                    return
                await pilot.press("enter")
                continue
            assert isinstance(screen, TableScreen)
            session = screen.session
            if look is not None:
                look(screen)
            legal = session.legal()
            action = choose(screen, legal)
            version = session.version
            for key in keys_for(screen, action):
                await pilot.press(key)
            await tuihelp.wait_for(pilot, moved(session, version))
            seen.turns += 1
        raise AssertionError("the deals did not end")

    tuihelp.run(app, script, size)
    return seen


def moved(session: GameSession, version: int) -> Callable[[], bool]:
    """Whether the table moved on from ``version`` (the person's keys were taken)."""
    return lambda: session.version != version


def hinted(screen: TableScreen) -> Callable[[], bool]:
    """Whether a hint is shown."""
    return lambda: screen.hint_line.plain.startswith("Hint")


def _ready(app: EuchreApp) -> bool:
    screen = app.screen
    if isinstance(screen, (DealSummaryScreen, GameOverScreen)):
        return True
    if not isinstance(screen, TableScreen) or screen.waiting:
        return False
    session = screen.session
    return session.human_to_act() and session.forced() is None and not session.frozen


def _log(app: EuchreApp) -> str:
    """The history panel's text, its wrapped lines joined again."""
    table = app.table
    assert table is not None
    return " ".join(" ".join(strip.text.split()) for strip in
                    table.query_one("#log", RichLog).lines)


def shown_seats(screen: TableScreen) -> list[str]:
    return sorted(box.id or "" for box in screen.query(SeatBox) if box.display)


# -- every preset ----------------------------------------------------------------------


@pytest.mark.parametrize("preset", list(PRESETS))
def test_forms_every_preset_plays_a_deal_through_the_keys(preset: str) -> None:
    rules = PRESETS[preset]
    sides = rules.seating.team_count

    def look(screen: TableScreen) -> None:
        state = screen.session.table()
        assert len(shown_seats(screen)) == rules.players - 1
        status = text_of(screen, "#status")
        score_line = status.splitlines()[1]
        for team in range(sides):  # a score for each side, by its name
            assert screen.session.team_name(team) in score_line
        cards = [b for b in screen.query(CardButton) if b.display]
        assert len(cards) == len(state.hand) <= rules.hand_size + 1
        if state.phase in ("bid", "bid1", "declare", "benny"):
            assert len(state.hand) in (rules.hand_size, 0)  # the Benny's dealer: unseen

    seen = drive(rules, look=look)
    assert seen.turns >= 1
    assert len(seen.summaries) == 1 or seen.game_over
    summary = seen.summaries[0] if seen.summaries else seen.game_over
    if rules.per_player and seen.summaries and "thrown in" not in summary:
        tricks = next(line for line in summary.splitlines() if line.startswith("Tricks"))
        assert tricks.count("·") == rules.players - 1


# -- three-handed ----------------------------------------------------------------------


def test_forms_three_handed_table_has_two_opponents_and_three_score_lines() -> None:
    rules = PRESETS["three-handed"]

    def look(screen: TableScreen) -> None:
        assert shown_seats(screen) == ["seat-left", "seat-right"]
        assert not screen.query_one("#top-row").display
        names = screen.session.names
        score_line = text_of(screen, "#status").splitlines()[1]
        assert all(f"{name} " in score_line for name in names)

    seen = drive(rules, look=look, deals=2)
    assert len(seen.summaries) == 2
    for summary in seen.summaries:
        score = next(line for line in summary.splitlines() if line.startswith("Score"))
        assert score.count("·") == 2


def test_forms_three_handed_game_over_lists_every_player() -> None:
    rules = PRESETS["three-handed"].replace(target=0, deals=1)
    seen = drive(rules, deals=5)
    assert seen.game_over
    lines = seen.game_over.splitlines()
    start = lines.index("Final score:")
    assert len([line for line in lines[start + 1:] if line.startswith("  ")]) == 3
    assert "stakes" not in seen.game_over  # stakes are Napoleon's


# -- Hasenpfeffer ----------------------------------------------------------------------


def test_forms_hasenpfeffer_six_cards_and_the_bid_prompt_lists_the_allowed_bids() -> None:
    rules = PRESETS["hasenpfeffer"]
    bids_seen: list[list[int]] = []

    def look(screen: TableScreen) -> None:
        state = screen.session.table()
        if state.phase != "bid":
            return
        assert len([b for b in screen.query(CardButton) if b.display]) == 6
        legal = sorted(a.value for a in state.legal if isinstance(a, Bid))
        bids_seen.append(legal)
        prompt = screen.prompt.plain
        span = str(legal[0]) if len(legal) == 1 else f"{legal[0]}-{legal[-1]}"
        assert f"{span} the tricks you bid" in prompt
        labels = [str(b.render()) for b in screen.query(ChoiceButton) if b.display]
        assert len(labels) == len(state.legal)
        assert [label.split()[0] for label in labels if label[0].isdigit()] == [
            str(v) for v in legal]

    seen = drive(rules, look=look, deals=2, policy=preferring(Bid(3)))
    assert bids_seen and len(seen.summaries) == 2


def test_forms_hasenpfeffer_the_maker_names_trump_with_a_suit_key() -> None:
    rules = PRESETS["hasenpfeffer"]
    prompts: list[str] = []

    def look(screen: TableScreen) -> None:
        if screen.session.table().phase == "trump":
            prompts.append(screen.prompt.plain)

    # the bots all pass: the person's bid of 4 wins and they name hearts
    seen = drive(rules, look=look, factory=passers, policy=preferring(Bid(4), CALL[2]))
    assert prompts and "name trump" in prompts[0]
    summary = seen.summaries[0]
    assert "You bid 4 tricks" in summary and "hearts" in summary


class HighBidder(BasePlayer):
    """Bids every trick when it may, and otherwise plays the first legal action."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        bids = [a for a in legal if isinstance(a, Bid)]
        return max(bids, key=lambda a: a.value) if bids else legal[0]


def test_forms_hasenpfeffer_a_person_who_can_only_pass_is_asked_to_pass() -> None:
    # a bot before the person bids all six tricks: no bid is left above it
    prompts: list[str] = []

    def look(screen: TableScreen) -> None:
        if screen.session.table().phase == "bid":
            prompts.append(screen.prompt.plain)

    drive(PRESETS["hasenpfeffer"], look=look, deals=2,
          factory=lambda name, seed: HighBidder(), policy=preferring())
    assert "Your bid: p pass." in prompts


# -- Napoleon --------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 7])  # five: the preset, above
def test_forms_napoleon_seats_and_scores_for_every_table_size(players: int) -> None:
    rules = PRESETS["napoleon"].replace(players=players)

    def look(screen: TableScreen) -> None:
        assert len(shown_seats(screen)) == players - 1
        score_line = text_of(screen, "#status").splitlines()[1]
        assert score_line.count("·") >= players - 1

    seen = drive(rules, look=look)
    assert seen.summaries


def test_forms_napoleon_bid_prompt_names_the_allowed_bids() -> None:
    rules = PRESETS["napoleon-full"]
    prompts: list[tuple[str, list[int]]] = []

    def look(screen: TableScreen) -> None:
        state = screen.session.table()
        if state.phase == "bid":
            prompts.append((screen.prompt.plain,
                            [a.value for a in state.legal if isinstance(a, Bid)]))

    drive(rules, look=look, deals=2)
    assert prompts
    for prompt, legal in prompts:
        for value in (2, 3, MISERE, 4, NAP, WELLINGTON, BLUCHER):
            words = f"{_BID_KEYS.get(value, str(value))} {bid_words(value, napoleon=True)}"
            assert (words in prompt) == (value in legal), (prompt, legal)


def test_forms_napoleon_shows_the_bid_and_trump_waits_for_the_first_lead() -> None:
    rules = PRESETS["napoleon"]
    statuses: list[tuple[str, str]] = []

    def look(screen: TableScreen) -> None:
        state = screen.session.table()
        statuses.append((state.phase, text_of(screen, "#status").splitlines()[0]))

    # the bots pass: the person's Nap wins the bidding (or, dealing, their forced one)
    drive(rules, look=look, factory=passers, policy=preferring(Bid(NAP)))
    play = [line for phase, line in statuses if phase == "play"]
    assert play and "You bid" in play[0]
    assert "first lead" in play[0]  # the person leads: trump is the suit they lead
    assert any("Trump" in line and "first lead" not in line for line in play[1:])


def test_forms_napoleon_game_over_settles_in_stakes() -> None:
    rules = PRESETS["napoleon"].replace(target=0, deals=1)
    seen = drive(rules, deals=5)
    assert seen.game_over
    stakes = [int(line.split("stakes ")[1]) for line in seen.game_over.splitlines()
              if "stakes " in line]
    assert len(stakes) == 5 and sum(stakes) == 0


def test_forms_napoleon_hint_works_at_the_bid_and_the_play() -> None:
    rules = PRESETS["napoleon"]
    hints: list[str] = []

    async def script(pilot: Pilot[None], app: EuchreApp) -> None:
        for phase in ("bid", "play"):
            await tuihelp.wait_for(pilot, lambda: _ready(app), see_tricks=True)
            screen = app.table
            assert screen is not None
            while screen.session.table().phase != phase:
                legal = screen.session.legal()
                version = screen.session.version
                for key in keys_for(screen, legal[0]):
                    await pilot.press(key)
                await tuihelp.wait_for(pilot, moved(screen.session, version))
                await tuihelp.wait_for(pilot, lambda: _ready(app), see_tricks=True)
            await pilot.press("question_mark")
            await tuihelp.wait_for(pilot, hinted(screen))
            hints.append(screen.hint_line.plain)

    config = PlayConfig(rules=rules, partner="random", opponents="random",
                        hint_bot="random", seed=8, speed=0.0)
    tuihelp.run(EuchreApp(config, setup=False), script)
    assert len(hints) == 2
    assert "bid" in hints[0] or "pass" in hints[0]
    assert "play" in hints[1]


# -- house rules -----------------------------------------------------------------------


class Passer(BasePlayer):
    """Passes, stays and declines whenever it may; otherwise its first legal action."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        return next((a for a in (PASS, STAY, DECLINE) if a in legal), legal[0])


def passers(name: str, seed: int) -> Player:
    return Passer()


class Loner(BasePlayer):
    """Orders up, goes alone and calls for best; shows a farmer's hand when it can."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        for action in legal:
            if isinstance(action, Declare) and action.what == "farmer":
                return action
        for action in (ORDER, ALONE, BEST):
            if action in legal:
                return action
        return legal[0]


def loners(name: str, seed: int) -> Player:
    return Loner()


def test_forms_no_trump_is_called_with_n_and_shown_as_no_trump() -> None:
    rules = Rules(no_trump=True)
    statuses: list[str] = []
    choices: list[str] = []

    def look(screen: TableScreen) -> None:
        state = screen.session.table()
        if state.phase == "bid2":
            choices.extend(str(b.render()) for b in screen.query(ChoiceButton) if b.display)
        if state.phase == "play":
            statuses.append(text_of(screen, "#status").splitlines()[0])

    seen = drive(rules, look=look, factory=passers, policy=preferring(CALL[NO_TRUMP]))
    assert "n No trump" in choices
    assert statuses and "Trump no trump" in statuses[0]
    assert "no trump" in seen.summaries[0]


def test_forms_four_trick_tokens_show_beside_the_score() -> None:
    rules = Rules(four_trick_tokens=True)

    def look(screen: TableScreen) -> None:
        assert text_of(screen, "#status").splitlines()[1].count("token") == 2

    drive(rules, look=look)


def _deal_where(rules: Rules, test: Callable[[Game], bool], first: int = 0) -> int:
    """A seed whose game, as the :class:`Loner` bots and a passing person play it,
    comes to a moment where ``test`` holds."""
    for seed in range(first, first + 400):
        game = Game(rules, seed=seed)
        bots = [Loner() for _ in range(rules.players)]
        while game.deal_number == 0 and not game.is_over():
            if test(game):
                return seed
            seat = game.to_act
            legal = game.legal_actions()
            action = (PASS if PASS in legal else legal[0]) if seat == 0 else bots[seat].choose(
                game.view(seat), legal)
            game.apply(action)
    raise AssertionError("no such deal in the seeds tried")


def test_forms_a_farmers_hand_shows_its_cards_on_the_seat() -> None:
    rules = Rules(farmers=True)
    seed = _deal_where(rules, lambda g: any(s != 0 for s, _ in g.shown))
    boxes: list[str] = []
    cards: list[list[str]] = []

    def look(screen: TableScreen) -> None:
        shown = screen.session.view().shown
        if shown:
            seat = shown[0][0]
            cards.append([card_face(c) for s, c in shown if s == seat])
            box = next(b for b in screen.query(SeatBox) if b.display and
                       b.border_title and b.border_title.startswith(screen.session.names[seat]))
            boxes.append(str(box.render()))

    drive(rules, seed=seed, look=look, factory=loners, policy=preferring())
    assert boxes, "the farmer's hand was never on the table at the person's turn"
    assert "showed" in boxes[0]
    assert all(face in boxes[0] for face in cards[0]) and len(cards[0]) == 3


def test_forms_best_card_passed_face_down_is_not_shown_to_the_third_seat() -> None:
    rules = PRESETS["railroad"]
    # West or East goes alone and calls for best: the person (South) is the third seat
    seed = _deal_where(rules, lambda g: any(giver % 2 == 1 for giver, _, _ in g.given))
    passed: list[str] = []
    privates: list[str] = []

    def look(screen: TableScreen) -> None:
        game = screen.session.game
        if game.given and not passed:
            passed.append(card_face(game.given[0][2]))  # the test's own knowledge
        privates.append(screen.private_line().plain)
        assert screen.session.view().given == ()

    seen = drive(rules, seed=seed, look=look, factory=loners, policy=preferring())
    assert passed and not any(privates)
    assert "passes a card face down" in seen.log
    given = seen.log.split("passes a card face down")[0].rsplit("Deal", 1)[-1]
    assert passed[0] not in given  # not in the deal's history up to the pass


def test_forms_best_card_received_and_laid_away_shows_to_the_lone_player() -> None:
    rules = PRESETS["railroad"]
    privates: list[str] = []

    def look(screen: TableScreen) -> None:
        view = screen.session.view()
        if view.given and view.laid_away:
            privates.append(screen.private_line().plain)

    # the bots pass and stay: the person orders up, goes alone and calls for best
    seen = drive(rules, seed=3, look=look, factory=passers,
                 policy=preferring(ORDER, ALONE, BEST))
    assert privates, "the person never called for best"
    assert "you laid away" in privates[0] and "passed you" in privates[0]
    assert re.search(r"passes you \S+ face down", seen.log)


def test_forms_best_card_the_person_passes_shows_to_them_as_passed() -> None:
    rules = PRESETS["railroad"]
    # North goes alone and calls for best: the person, North's partner, passes a card
    seed = _deal_where(rules, lambda g: g.to_act == 0 and g.phase.value == "give")
    gives: list[str] = []

    def look(screen: TableScreen) -> None:
        if screen.session.table().phase == "give":
            gives.append(screen.prompt.plain)

    seen = drive(rules, seed=seed, look=look, factory=loners, policy=preferring())
    assert gives and "pass a card face down" in gives[0]
    assert re.search(r"You pass \S+ face down to \w+", seen.log)


def test_forms_going_under_picks_three_cards_with_the_number_keys() -> None:
    rules = Rules(go_under=True)

    def can_go_under(game: Game) -> bool:
        return game.to_act == 0 and any(
            isinstance(a, Declare) and a.what == "under" for a in game.legal_actions())

    seed = _deal_where(rules, can_go_under)
    prompts: list[str] = []

    def choose(screen: TableScreen, legal: list[Action]) -> Action:
        under = [a for a in legal if isinstance(a, Declare) and a.what == "under"]
        return under[-1] if under else (PASS if PASS in legal else legal[0])

    def look(screen: TableScreen) -> None:
        prompts.append(screen.prompt.plain)

    seen = drive(rules, seed=seed, look=look, factory=passers, policy=choose)
    assert any(prompt.startswith("Declare?") and "g go under" in prompt for prompt in prompts)
    assert "You go under" in seen.log


def test_forms_the_benny_dealer_names_trump_unseen() -> None:
    rules = PRESETS["british"]
    seed = _deal_where(rules, lambda g: g.phase.value == "benny" and g.to_act == 0)
    hands: list[int] = []

    def look(screen: TableScreen) -> None:
        state = screen.session.table()
        if state.phase == "benny":
            hands.append(len(state.hand))
            assert "name trump" in screen.prompt.plain

    drive(rules, seed=seed, look=look, factory=passers, policy=preferring(CALL[3]))
    assert hands == [0]  # the dealer names trump before looking at the hand


def test_forms_session_words_every_side_of_a_per_player_game() -> None:
    session = GameSession.start(PlayConfig(rules=PRESETS["napoleon"], partner="random",
                                           opponents="random", hint_bot="random", seed=4),
                                save=False)
    assert [session.team_name(t) for t in range(5)] == session.names
    assert settlement(session.game.score) == (0,) * 5


# -- the start screen ------------------------------------------------------------------


def test_forms_start_screen_asks_napoleons_players_in_the_partners_place() -> None:
    config = PlayConfig(partner="random", opponents="random", hint_bot="random", speed=0.0)
    app = EuchreApp(config, setup=True, save=False)

    async def script(pilot: Pilot[None], app: EuchreApp) -> None:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        players = screen.query_one("#players", Select)
        assert not players.display and screen.query_one("#partner", Select).display
        screen.query_one("#preset", Select).value = "napoleon"
        await pilot.pause()
        assert players.display and not screen.query_one("#partner", Select).display
        assert screen.query_one("#stick", Checkbox).disabled  # no upcard in Napoleon
        players.value = 3
        await pilot.press("ctrl+s")
        await tuihelp.wait_for(pilot, lambda: app.table is not None)
        table = app.table
        assert table is not None
        assert table.session.rules.form == "napoleon" and table.session.rules.players == 3
        assert shown_seats(table) == ["seat-left", "seat-right"]

    tuihelp.run(app, script)
