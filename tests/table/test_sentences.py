"""Each sentence said once: the terminal and the web table word the same game alike.

The same seeded game is played through the terminal's session
(:class:`~euchre.tui.session.GameSession`, no screen) and a web table
(:mod:`euchre.web.project`, seat 0's projection), action for action. For the person at
seat 0 both say the same sentence for every event, the same trick winner, the same deal
result (each face names the sides its own way: ``Us`` in the terminal, ``North-South``
on the page), the same phase and the same prompt, all worded by
:mod:`euchre.table.wording`.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence

import pytest

from euchre.engine.actions import Action, Give
from euchre.engine.cards import parse_card
from euchre.engine.game import Game
from euchre.engine.rules import PRESETS, Rules
from euchre.table.model import Seat, Table
from euchre.table.wording import action_sentence
from euchre.tui.session import GameSession, PlayConfig
from euchre.web.project import event_json, result_json, state_json, team_names


def _sides(line: str, ours: Sequence[str], theirs: Sequence[str]) -> str:
    """``line`` with the terminal's names of the sides (after the last ``;``) put as the
    web table names them."""
    head, sep, tail = line.rpartition("; ")
    if not sep:
        return line
    for mine, web in zip(ours, theirs, strict=True):
        tail = re.sub(rf"(^|· ){re.escape(mine)} ([+-])", rf"\g<1>{web} \g<2>", tail)
    return head + sep + tail


def play_both(rules: Rules, seed: int) -> list[str]:
    """Play one game through both faces; returns every sentence the web table said."""
    session = GameSession.start(PlayConfig(rules=rules, seed=seed, partner="basic",
                                           opponents="basic", hint_bot="basic", speed=0),
                                save=False)
    names = session.names
    assert names[0] == "You"
    n = rules.players
    web = Table(Game(rules, seed=seed), [Seat("remote", names[s]) for s in range(n)],
                hold_deals=False)
    ours = [session.team_name(t) for t in range(rules.seating.team_count)]
    theirs = team_names(rules)
    rng = random.Random(seed)
    said: list[str] = []
    while not session.game.is_over():
        if session.frozen is not None:
            session.continue_play()
        state = state_json(web, 0, started=True)
        assert session.phase_words() == state["phase_words"]
        if session.human_to_act():
            assert state["legal"], "the web table offers the person nothing"
            assert session.prompt_words() == state["prompt"]
            said.append(state["prompt"])
            action: Action = rng.choice(session.legal())
        else:
            assert session.prompt_words() == "" and not state["legal"]
            action = session.bot_choice()
        step = session.apply(action)
        event = event_json(web.apply(action), 0, web.game, names)
        lines = [line.strip() for line in session.describe(step)]
        web_lines = [event["text"], event["trick_text"], event["result_text"]]
        assert lines[0] == event["text"]
        assert (event["trick_text"] in lines) == (event["trick_text"] is not None)
        if step.result is not None:
            assert _sides(lines[-1], ours, theirs) == event["result_text"]
            line = result_json(step.result, rules, names, last=action)["line"]
            assert _sides(session.result_line(step.result, last=action), ours,
                          theirs) == line
        else:
            assert event["result_text"] is None
        said.extend(line for line in web_lines if line)
    state = state_json(web, 0, started=True)
    assert session.phase_words() == state["phase_words"] == "The game is over"
    return said


@pytest.mark.parametrize(("rules", "seed"), [
    (Rules(target=5), 11),
    (PRESETS["railroad"].replace(target=5), 3),
    (PRESETS["hasenpfeffer"].replace(target=8), 4),
    (PRESETS["napoleon"].replace(target=0, deals=3), 5),
    (PRESETS["two-handed"].replace(target=3), 6),
], ids=["four-handed", "railroad", "hasenpfeffer", "napoleon", "two-handed"])
def test_the_terminal_and_the_web_say_the_same_sentences(rules: Rules, seed: int) -> None:
    said = play_both(rules, seed)
    text = "\n".join(said)
    assert "Your turn: " in text and "Deal over: " in text
    assert re.search(r"^You (pass|play|bid|pick up|order up|call|assist)\b", text, re.M)
    assert not re.search(r"^You (passes|plays|bids|wins|picks|orders|calls|goes)\b", text,
                         re.M)


def test_a_card_passed_face_down_is_named_only_to_its_giver_and_receiver() -> None:
    seating = Rules().seating
    give = Give(parse_card("Ah"))

    def say(who: str, receiver: str, seen: bool = True) -> str:
        return action_sentence(give, who=who, seating=seating, seat=2, dealer=1, upcard=-1,
                               seen=seen, receiver=receiver)

    assert say("You", "North") == "You pass A♥ face down to North."
    assert say("Ada", "you") == "Ada passes you A♥ face down."
    assert say("Ada", "North", seen=False) == "Ada passes a card face down."
