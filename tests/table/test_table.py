"""The face-neutral table model: seats of any kind, versioned events, snapshots that
hold only what their viewer may know."""

from __future__ import annotations

import random

import pytest

from euchre.engine.actions import PASS, PLAY, Discard
from euchre.engine.cards import UNKNOWN
from euchre.engine.game import Game
from euchre.engine.rules import Rules
from euchre.errors import EuchreError, IllegalActionError, Reason
from euchre.table.model import SPECTATOR, Event, Seat, Table


def _mixed_table(rules: Rules, seed: int, *, practice: bool = False) -> Table:
    n = rules.players
    kinds = ["person", "bot", "remote", "bot"][:n] if n == 4 else ["remote", "bot"]
    seats = [Seat(kind, f"P{s}", "basic" if kind == "bot" else "")  # type: ignore[arg-type]
             for s, kind in enumerate(kinds)]
    return Table(Game(rules, seed=seed), seats, practice=practice)


def _play(table: Table, rng: random.Random, steps: int = 10_000) -> None:
    for _ in range(steps):
        if table.game_over:
            return
        if table.held_deal is not None:
            table.continue_play()
        seat = table.to_act
        if table.bot_to_act():
            table.apply(table.bot_choice())
        else:
            table.apply(rng.choice(table.legal(seat)), seat)


@pytest.mark.parametrize("rules", [Rules(target=5), Rules.preset("two-handed").replace(target=5)])
def test_events_are_numbered_and_every_snapshot_holds_only_its_viewers_cards(
    rules: Rules,
) -> None:
    table = _mixed_table(rules, seed=11)
    seen: list[Event] = []
    table.listen(lambda t, event: seen.append(event))
    rng = random.Random(5)
    snapshots = 0
    while not table.game_over:
        if table.held_deal is not None:
            for viewer in (*range(rules.players), SPECTATOR):
                assert table.snapshot(viewer).phase == "done"
            table.continue_play()
            continue
        for viewer in range(rules.players):
            snap = table.snapshot(viewer)
            view = table.view(viewer)
            extra = {view.upcard} if snap.new_card is not None else set()
            assert set(snap.hand) == set(view.hand) | extra
            assert snap.discard == view.discard
            assert snap.team == rules.seating.team(viewer)
            assert [s.role for s in snap.seats].count("you") == 1
            assert snap.legal == (tuple(table.legal()) if table.to_act == viewer else ())
            snapshots += 1
        spectator = table.snapshot(SPECTATOR)
        assert spectator.hand == () and spectator.discard is None and spectator.legal == ()
        assert {s.role for s in spectator.seats} == {"player"}
        seat = table.to_act
        if table.bot_to_act():
            table.apply(table.bot_choice())
        else:
            table.apply(rng.choice(table.legal(seat)), seat)
    assert [e.version for e in seen] == list(range(1, table.version + 1))
    assert seen == list(table.events) and snapshots > 50
    actions = [a for deal in table.game.history for a in deal]
    assert [e.action for e in table.events] == actions
    assert table.snapshot(0).winner == table.game.winner()


def test_a_discard_reaches_everybody_else_as_a_bare_version() -> None:
    table = _mixed_table(Rules(target=3), seed=2)
    _play(table, random.Random(1))
    discards = [e for e in table.events if isinstance(e.action, Discard)]
    assert discards, "no deal was ordered up"
    for event in discards:
        assert event.private
        assert event.seen_by(event.seat) is event
        for viewer in (*(s for s in range(4) if s != event.seat), SPECTATOR):
            hidden = event.seen_by(viewer)
            assert hidden.action is None and hidden.version == event.version
    everyone = table.events_since(0, SPECTATOR)
    assert [e.version for e in everyone] == list(range(1, table.version + 1))
    assert not any(isinstance(e.action, Discard) for e in everyone)
    assert table.events_since(table.version - 2, 0) == table.events[-2:]


def test_a_seat_acting_out_of_turn_is_refused_with_a_code_and_nothing_changes() -> None:
    table = _mixed_table(Rules(), seed=4)
    while table.to_act == 2:
        table.apply(PASS)
    seat = table.to_act
    other = next(s for s in range(4) if s != seat)
    refusal = table.refusal(PASS, other)
    assert refusal is not None and refusal.code is Reason.NOT_YOUR_TURN and refusal.seat == other
    version = table.version
    with pytest.raises(IllegalActionError):
        table.apply(PASS, other)
    assert table.version == version
    assert table.legal(other) == ()
    assert table.refusal(PASS, seat) is None


def test_undo_takes_a_persons_decision_back_as_an_event() -> None:
    table = Table(Game(Rules(), seed=9), [Seat("person", "Ann"), *[
        Seat("bot", name, "basic") for name in ("B", "C", "D")]], practice=True)
    assert table.undo_refusal() is not None
    while not table.seat_to_act(0):
        table.apply(table.bot_choice())
    history = table.game.history
    choice = table.legal(0)[-1]
    table.apply(choice, 0)
    while not table.seat_to_act(0) and not table.game_over:
        if table.held_deal is not None:
            table.continue_play()
        else:
            table.apply(table.bot_choice())
    assert table.undo() == choice
    assert table.events[-1].kind == "undo" and table.events[-1].seat == 0
    assert table.game.history == history
    with pytest.raises(EuchreError):
        table.undo()


def test_a_view_worked_out_once_a_version_is_the_games_view_now() -> None:
    """Table.view keeps each seat's view for a version: after every event, an undo
    among them, it is the game's view as it is then."""
    table = Table(Game(Rules(target=5), seed=4), [Seat("person", "Ann"), *[
        Seat("bot", name, "basic") for name in ("B", "C", "D")]], practice=True)
    rng = random.Random(4)
    undone = False
    while not table.game_over:
        for seat in (0, 1, 2, 3):
            assert table.view(seat) == table.game.view(seat)
            assert table.view(seat) is table.view(seat)  # once a version
        if table.held_deal is not None:
            table.continue_play()
        elif table.bot_to_act():
            table.apply(table.bot_choice())
        elif not undone and table.game.deal_number == 1 and table.undo_refusal() is None:
            table.undo()
            undone = True
        else:
            table.apply(rng.choice(table.legal(0)), 0)
    assert undone
    assert all(table.view(seat) == table.game.view(seat) for seat in (0, 1, 2, 3))


def test_a_table_needs_one_seat_per_player() -> None:
    with pytest.raises(EuchreError, match="needs 4 seats"):
        Table(Game(seed=1), [Seat("person", "Ann")])


def test_a_hint_for_any_seat() -> None:
    table = Table.for_bots(Game(seed=3), ["basic"] * 4, hint_bot="basic")
    hint = table.hint(seat=table.to_act)
    assert hint.choice in table.legal()


def test_a_refused_action_leaves_a_finished_deal_on_the_table() -> None:
    table = Table.for_bots(Game(Rules(target=3), seed=6), ["basic"] * 4)
    while table.held_deal is None:
        table.apply(table.bot_choice())
    version = table.version
    with pytest.raises(IllegalActionError):
        table.apply(PLAY[UNKNOWN])
    assert table.held_deal is not None and table.version == version
    assert table.snapshot(0).phase == "done"
    table.continue_play()
    assert table.held_deal is None and table.snapshot(0).phase != "done"
