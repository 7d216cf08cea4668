"""The game table: the seats, the trick or the bidding, the person's hand and choices,
the status lines and the history, with the keys and the pacing of the bots' moves.

:class:`TableScreen` draws only from the session's table
(:meth:`~euchre.tui.session.GameSession.table`, a
:class:`~euchre.tui.session.Snapshot`) and the session's words for it; it hands the
person's choices to the session, asks the bots through it, and opens
:class:`~euchre.tui.deal_summary.DealSummaryScreen` after each deal and
:class:`~euchre.tui.game_over.GameOverScreen` at the end. After each deal it has the
person's decisions reviewed on a worker thread, one deal at a time
(:mod:`euchre.tui.decisions`), and hands each review to the dialogs as it comes.

The screen keeps the keys and the flow of the game, and leaves the rest to a module of
its own each: :class:`~euchre.tui.table_view.TableView`, which it extends, lays out the
widgets and draws them (with :mod:`euchre.tui.table_draw` and
:mod:`euchre.tui.table_lines`); :mod:`euchre.tui.table_choices` says which choices there
are and which key makes which; :mod:`euchre.tui.pacing` times the bots' moves;
:mod:`euchre.tui.review_workers` runs the hint and the reviews on worker threads.
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from rich.text import Text
from textual import work
from textual.binding import Binding, BindingType
from textual.widgets import RichLog

from euchre.engine.actions import Action, Declare
from euchre.engine.deal import DealResult
from euchre.table.model import Snapshot
from euchre.table.narrate import agree
from euchre.tui.deal_summary import DealSummaryScreen
from euchre.tui.game_over import GameOverScreen
from euchre.tui.help import HelpScreen
from euchre.tui.pacing import Pacer
from euchre.tui.review_workers import DealReviewed, DealReviews, ask_hint
from euchre.tui.session import HUMAN, GameSession, Hint, action_text
from euchre.tui.table_choices import key_choice, number_choice
from euchre.tui.table_draw import trick_line
from euchre.tui.table_lines import hint_text, history_opening, trick_taken_prompt
from euchre.tui.table_view import TableView
from euchre.tui.widgets import CardButton, ChoiceButton, SeatBox, TableApp, pace_text

__all__ = ["TableScreen"]


class TableScreen(TableView):
    """The game table: the game played on the :class:`~euchre.tui.table_view.TableView`."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "hint", "Hint", key_display="?"),
        Binding("l", "last_trick", "Last trick"),
        Binding("space", "hurry", "Hurry", key_display="space"),
        Binding("plus,equals_sign", "faster", "Faster", key_display="+"),
        Binding("minus,underscore", "slower", "Slower", key_display="-"),
        Binding("z", "undo", "Undo"),
        Binding("r", "app.help", "Help"),
        Binding("q", "app.save_quit", "Save & quit"),
        Binding("left", "cursor(-1)", "Move", show=False),
        Binding("right", "cursor(1)", "Move", show=False),
        Binding("up", "cursor(-1)", "Move", show=False),
        Binding("down", "cursor(1)", "Move", show=False),
        Binding("enter", "choose", "Choose", show=False),
        Binding("escape", "cancel_pick", "Back", show=False),
        *[Binding(str(i), f"number({i})", show=False) for i in range(1, 10)],
        *[Binding(k, f"letter('{k}')", show=False) for k in "pocdhsanubfgtmw"],
    ]

    def __init__(self, session: GameSession, pace: float) -> None:
        super().__init__(session)
        self.pacer = Pacer(session)
        """The timing of the moves: the bots' delay, a trick waiting to be seen."""
        self.pace = pace
        self.deal_reviews = DealReviews(self, session)
        """The reviews of the person's decisions after each deal, on worker threads."""
        self._busy = False
        """A modal is open (a deal summary or the end of the game)."""
        self.waiting = False
        """A finished trick waits for Enter or space before the play goes on (pace 0)."""

    def on_mount(self) -> None:
        state = self.session.table()
        used = {f"seat-{seat.position}" for seat in state.seats if seat.position != "bottom"}
        for box in self.query(SeatBox):
            box.display = box.id in used
        top = self.query_one("#top-row")
        top.display = any(box.id in used for box in top.query(SeatBox))  # not three-handed
        log = self.query_one("#log", RichLog)
        for line in history_opening(self.session, state):
            log.write(line)
        self.check_size(self.app.size.width, self.app.size.height)
        self.advance()

    # -- the flow of the game ----------------------------------------------------------

    def advance(self) -> None:
        """After any change: redraw, then wait for the person, a bot, or a summary."""
        s = self.session
        state = self.draw()
        if self._busy:
            return
        if s.save_error:
            self.say(f"Could not save the game: {s.save_error}", "bold red")
        if s.frozen is not None:
            self._deal_over(state, s.frozen.result)
            return
        if state.game_over:
            self._busy = True
            self.prompt = Text("Game over.", style="bold")
            self.draw_message()
            self.app.push_screen(GameOverScreen(s, reviewing=self.reviewing),
                                 self._game_over_closed)
            return
        self.waiting = self.pacer.trick_to_see(state)
        if self.waiting:
            self.prompt = trick_taken_prompt(s, state)
            self.draw_message()
            return
        if s.human_to_act():
            forced = s.forced()
            if forced is not None:
                self.prompt = Text(f"Your only legal card, {action_text(forced)[5:]}, "
                                   "is played for you.", style="bold")
                self.draw_message()
                self.run_turn(s.version, forced)
                return
            self.prompt = self.your_prompt(state)
            self.draw_message()
        else:
            name = s.seat_label(state.to_act)
            self.prompt = Text(f"{name} is thinking…", style="dim")
            self.draw_message()
            self.run_turn(s.version, None)

    def _deal_over(self, state: Snapshot, result: DealResult) -> None:
        """The deal is over: have it reviewed, and open its summary once the last trick
        has been in sight a moment."""
        s = self.session
        self._busy = True
        self.prompt = Text("The deal is over.", style="bold")
        self.draw_message()
        trick = (trick_line(s, state.last_trick, state.last_winner)
                 if state.last_trick else None)
        self.deal_reviews.ask()

        def summary() -> None:
            self.app.push_screen(DealSummaryScreen(s, result, trick), self._summary_closed)

        # the last trick stays in sight a moment before the summary covers it
        delay = self.pacer.summary_delay()
        if delay > 0:
            self.set_timer(delay, summary)
        else:
            summary()

    def _say_go_on(self) -> None:
        self.say("Enter or space goes on to the next trick.", "dim")

    def go_on(self) -> None:
        """Go on from a trick waiting to be seen (Enter or space)."""
        if self.waiting:
            self.waiting = False
            state = self.session.table()  # as it was when the trick began to wait
            self.pacer.saw_trick(state)
            self.advance()

    @work(exclusive=True, group="turn")
    async def run_turn(self, version: int, forced: Action | None) -> None:
        """A bot's move (or the person's forced card), shown after the pace's delay."""
        s = self.session
        action = await self.pacer.next_move(forced, log=self.log_line, unseen=self._unseen)
        if action is None or s.version != version or s.frozen is not None or self._busy:
            return
        self._apply(action)

    def _unseen(self) -> bool:
        """Whether a move now would go unseen: the terminal too small, or the help open."""
        return self.too_small or isinstance(self.app.screen, HelpScreen)

    def _apply(self, action: Action) -> None:
        s = self.session
        step = s.apply(action)
        for line in s.describe(step):
            style = "bold" if step.result is not None and line == s.describe(step)[-1] else ""
            self.log_line(Text(line, style=style))
        self.show_last = False
        self.hint_line = Text("")
        self.notice = Text("")
        self.advance()

    def _summary_closed(self, _: None) -> None:
        self._busy = False
        self.session.continue_play()
        state = self.session.table()
        if not state.game_over:
            dealer = self.session.seat_label(state.dealer)
            self.log_line(Text(f"Deal {state.deal_number + 1}: {agree(dealer, 'deals')}",
                               style="dim"))
        self.advance()

    def _game_over_closed(self, choice: str | None) -> None:
        self._busy = False
        app = self.app
        if choice == "new" and isinstance(app, TableApp):
            app.new_game(dataclasses.replace(self.session.config, seed=None), replace=True)
        else:
            app.exit()

    # -- the person's input ------------------------------------------------------------

    def choose(self, action: Action, *, picked: bool = False) -> None:
        """The person picks ``action``: apply it, or say why it is refused. A farmer's
        hand or going under, unless ``picked`` (its three cards chosen), first asks which
        three cards when there is more than one way."""
        s = self.session
        if self.too_small or self._busy or not self._may_choose():
            return
        if s.forced() is not None:
            return
        if isinstance(action, Declare) and action.cards and not picked:
            combos = [a for a in s.legal() if isinstance(a, Declare) and a.what == action.what]
            if len(combos) > 1:  # which three cards: the person picks them
                self.picking, self.picked = action.what, []
                self.draw()
                self.prompt_again()
                return
            action = combos[0] if combos else action
        reason = s.refusal(action)
        if reason is not None:
            self.say(Text.assemble(("✗ ", "bold red"), (reason, "bold red")))
            return
        self._apply(action)

    def _may_choose(self) -> bool:
        """Whether a choice may be made now; when not, say why: a trick waits to be seen,
        or it is not the person's turn."""
        if self.waiting:
            self._say_go_on()
            return False
        if not self.session.human_to_act():
            self._not_your_turn()
            return False
        return True

    def _not_your_turn(self) -> None:
        s = self.session
        state = s.table()
        if state.game_over:
            return
        seat = state.next_to_act
        name = s.seat_label(seat)
        self.say(f"Wait for {name} (space hurries the bots).", "dim")

    def action_number(self, number: int) -> None:
        if not self._may_choose():
            return
        if self.picking:
            self._pick(number - 1)
            return
        phase = self.session.table().phase
        self._choose_by_key(number_choice(number, phase, self.options))

    def _pick(self, index: int) -> None:
        """Pick (or unpick) the card in slot ``index`` for the declaration being made;
        the third card makes it."""
        hand = self.session.table().hand
        if not 0 <= index < len(hand):
            self.say(f"There is no card {index + 1}.", "dim")
            return
        c = hand[index]
        if c in self.picked:
            self.picked.remove(c)
        else:
            self.picked.append(c)
        if len(self.picked) < 3:
            self.draw()
            self.prompt_again()
            return
        action = Declare(self.picking, tuple(self.picked))
        self.picked = []
        if action not in self.session.legal():
            self.draw()
            self.say(Text("✗ Those three cards can not be declared: pick again.", "bold red"))
            self.prompt_again()
            return
        self.picking = ""
        self.choose(action, picked=True)

    def action_cancel_pick(self) -> None:
        """Leave the picking of a declaration's cards (Esc)."""
        if self.picking:
            self.picking, self.picked = "", []
            self.advance()

    def action_letter(self, key: str) -> None:
        s = self.session
        if not self._may_choose():
            return
        phase = s.table().phase
        legal = s.legal()
        if self.picking:
            if key == "p":
                self.action_cancel_pick()
            else:
                self.say("Pick three cards with their numbers, or Esc to go back.", "dim")
            return
        self._choose_by_key(key_choice(s, key, phase, self.options, legal))

    def _choose_by_key(self, choice: Action | str) -> None:
        """Choose what a key chose, the cursor on it; or say why the key chose nothing."""
        if isinstance(choice, str):
            self.say(choice, "dim")
            return
        if choice in self.options:
            self.cursor = self.options.index(choice)
        self.choose(choice)

    def action_cursor(self, step: int) -> None:
        if not self.options or not self.session.human_to_act():
            return
        self.cursor = (self.cursor + step) % len(self.options)
        self.draw()

    def action_choose(self) -> None:
        if self.waiting:
            self.go_on()
            return
        if not self.session.human_to_act():
            self._not_your_turn()
            return
        if self.options:
            self.choose(self.options[self.cursor])

    def on_card_button_clicked(self, message: CardButton.Clicked) -> None:
        if self.options_are_cards and message.index < len(self.options):
            self.cursor = message.index
            self.choose(self.options[message.index])

    def on_choice_button_clicked(self, message: ChoiceButton.Clicked) -> None:
        if not self.options_are_cards and message.index < len(self.options):
            self.cursor = message.index
            self.choose(self.options[message.index])

    def action_undo(self) -> None:
        """Take back the person's last card or bid (a practice game only), with the bots'
        moves after it; in a game that counts, say that undo is off."""
        s = self.session
        if self.too_small or self._busy:
            return
        reason = s.undo_refusal()
        if reason is not None:
            self.say(reason, "dim")
            return
        self.workers.cancel_group(self, "turn")  # a bot's move in the game taken back
        taken = s.undo()
        self.pacer.forget_seen()  # the tricks after it are to be seen again
        self.show_last = False
        self.hint_line = Text("")
        self.notice = Text("")
        self.log_line(Text(f"↶ {s.seat_label(HUMAN)} took back: {action_text(taken)}",
                           style="italic"))
        self.advance()
        self.say(f"Taken back: {action_text(taken)}. Practice game: not counted in your "
                 "statistics.", "dim")

    # -- the pace ----------------------------------------------------------------------

    def action_hurry(self) -> None:
        if self.waiting:
            self.go_on()
            return
        self.pacer.hurry()

    def action_faster(self) -> None:
        self._set_pace(self.pacer.faster())

    def action_slower(self) -> None:
        self._set_pace(self.pacer.slower())

    def _set_pace(self, pace: float) -> None:
        self.pace = pace
        app = self.app
        if isinstance(app, TableApp):
            app.config = dataclasses.replace(app.config, speed=pace)
        self.say(f"Pace: {pace_text(pace)} between moves.", "dim")
        self.draw()

    # -- the last trick, the hint, the reviews -----------------------------------------

    def action_last_trick(self) -> None:
        self.show_last = not self.show_last
        state = self.session.table()
        if self.show_last and not state.last_trick:
            self.say("No trick has been taken yet in this deal.", "dim")
        self.draw()

    def action_hint(self) -> None:
        s = self.session
        if not s.human_to_act():
            self.say("A hint is for your turn.", "dim")
            return
        self.hint_line = Text(f"Asking {s.config.hint_bot} for a hint…", style="dim italic")
        self.draw_message()
        ask_hint(self, s, self._show_hint, self._show_hint_error)

    def _show_hint_error(self, error: str) -> None:
        self.hint_line = Text(f"No hint: the bot failed ({error}).", style="red")
        self.draw_message()

    def _show_hint(self, hint: Hint) -> None:
        self.hint_line = hint_text(self.session, hint)
        self.notice = Text("")  # the hint is the news now, and may take two lines
        if hint.choice in self.options:
            self.cursor = self.options.index(hint.choice)
        self.draw()

    @property
    def reviewing(self) -> bool:
        """Whether a review is running or waiting to run."""
        return self.deal_reviews.busy

    def on_deal_reviewed(self, message: DealReviewed) -> None:
        """A deal's review came back: keep it, show it, start the next one."""
        self.deal_reviews.keep(message)
