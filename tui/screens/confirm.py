"""A question before something the referee might not mean: its answers are buttons, the
arrows move between them, Enter gives the one in focus, Esc goes back without doing it.
The safe answer is the one in focus where a slip would cost (importing bad rows)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Generic, TypeVar

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Button, Label

from tui.i18n import _, visible
from tui.screens.dialog import Dialog
from tui.translated import Translated
from tui.widgets import while_on_top

Answer = TypeVar("Answer")


UNDRAWN_FOR = 0.5
"""Seconds after which a question counts as drawn where its drawing was not heard of."""


ANSWERS_ROW = 64
"""The columns a dialog's answers have side by side (a dialog of 70, less its border and padding)."""


def in_one_row(answers: Sequence[str]) -> bool:
    """Whether buttons with these words fit side by side (each 4 wider than its words, 16 at
    least, 2 apart): a hall's five laptops to hand the role to, or a dispute of three
    results, ran off the right edge at 80 columns, the answer in focus among those unseen (a
    trial); those are one a line, without borders."""
    return sum(max(16, cell_len(words) + 4) + 2 for words in answers) - 2 <= ANSWERS_ROW


class AnswersInFocus:
    """A dialog whose buttons are its answers: the one in focus is the one drawn as the
    answer (blue); the default kept its colour when the arrows moved away from it, and
    Enter then gave the other one."""

    def on_descendant_focus(self) -> None:
        for button in self.query(Button):  # type: ignore[attr-defined]
            button.variant = "primary" if button.has_focus else "default"


class Question(AnswersInFocus, Translated, Dialog[Answer], Generic[Answer]):
    """``y``/``д`` and ``n``/``н`` answer «Да» and «Нет» at once, where they are answers."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="question.cancel"),
        # Tab too stops at the last answer: from «Нет» it went round to «Да» (an attack)
        Binding("left,up,shift+tab", "step(-1)", "Previous answer", show=False, id="question.previous"),
        Binding("right,down,tab", "step(1)", "Next answer", show=False, id="question.next"),
        Binding("y,д", "answer('yes')", "Yes", id="question.yes"),
        Binding("n,н", "answer('no')", "No", id="question.no"),
    ]

    def __init__(self, question: str, answers: Sequence[tuple[str, str]], default: str, details: str = "") -> None:
        super().__init__()
        self.question = visible(question)  # a file's name in it is nobody's checked text
        self.answers = answers
        """Each answer's id and its words."""
        self.default = default
        self.details = details
        """Lines under the question (the bad rows of an import)."""
        self.made_at = Message().time
        self.drawn_at: float | None = None
        """When the question was first drawn (``unread``), on Textual's clock of its messages."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.question, markup=False, classes="question")
            if self.details:
                yield Label(self.details, markup=False, classes="details")
            in_a_row = in_one_row([words for _answer, words in self.answers])
            with Horizontal(classes="buttons") if in_a_row else Vertical(classes="buttons column"):
                for answer, words in self.answers:
                    yield Button(words, id=answer, variant="primary" if answer == self.default else "default",
                                 compact=not in_a_row)  # fmt: skip

    def on_mount(self) -> None:
        """The answer in focus, and the question read whole: the notices of before go (a trial's
        import notices lay over the lower half of «Провести жеребьёвку 4-го тура?»)."""
        self.query_one(f"#{self.default}", Button).focus()
        self.app.clear_notifications()
        self.call_after_refresh(self.drawn)

    def drawn(self) -> None:
        self.drawn_at = Message().time

    def unread(self, typed: float) -> bool:
        """Whether a key typed at ``typed`` came before the question was drawn: it answers
        nothing.  A terminal's key 20 ms after «b» answered the «Заменить?» that «b» opened, 40
        ms before it was drawn, and replaced a result unread (an attack in tmux; the screen is
        put up at once, drawn tens of milliseconds later).  Where no drawing is heard of, the
        question counts as drawn ``UNDRAWN_FOR`` after it was made."""
        return typed < (self.drawn_at if self.drawn_at is not None else self.made_at + UNDRAWN_FOR)

    @while_on_top
    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(self.answered(event.button.id))

    def action_cancel(self) -> None:
        self.dismiss(self.answered(None))

    def action_step(self, by: int) -> None:
        """The next answer that way, stopping at the last: from «Да» the left arrow went round
        to «Нет», and a referee's «n, left, Enter» meant as «Да» cancelled his pairing.  Focused
        now, not after the key (Textual's ``focus``): of «← ← ⏎» typed at once, each arrow moved
        from the same answer, and Enter gave the one the referee had left (an attack)."""
        buttons = list(self.query(Button))
        current = buttons.index(self.focused) if self.focused in buttons else None
        if buttons:
            start = current if current is not None else buttons.index(self.query_one(f"#{self.default}", Button))
            self.set_focus(buttons[min(max(start + by, 0), len(buttons) - 1)])

    def action_answer(self, answer: str) -> None:
        self.dismiss(self.answered(answer))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action != "answer" or any(answer == parameters[0] for answer, _words in self.answers)

    def answered(self, answer: str | None) -> Answer:
        raise NotImplementedError


class ConfirmScreen(Question[bool]):
    """Yes or no."""

    def __init__(self, question: str, default: bool = True, details: str = "") -> None:
        super().__init__(question, [("yes", _("Yes")), ("no", _("No"))], "yes" if default else "no", details)

    def answered(self, answer: str | None) -> bool:
        return answer == "yes"


class ChoiceScreen(Question[str | None]):
    """One of several answers (its id), or None for Esc."""

    def answered(self, answer: str | None) -> str | None:
        return answer


def close_asking(form: ModalScreen[Any], typed: bool) -> None:
    """Esc on a form: closed at once when nothing was typed, else asked first with «Нет» in
    focus (pressed by habit, it lost a player's form, a tournament's form)."""
    if not typed:
        form.dismiss(None)
        return

    def answer(leave: bool | None) -> None:
        if leave:
            form.dismiss(None)

    form.app.push_screen(ConfirmScreen(_("Close the form? What was typed is not saved."), default=False), answer)
