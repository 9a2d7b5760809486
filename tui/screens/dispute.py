"""A disputed board: two laptops entered different results without seeing each other's.
Both entries are shown (the laptop, the result, the time); choosing one enters it here,
which settles the board on every laptop (this one has seen both)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime

from schemes.state.model import RESULT_CODES, Board, Laptop, Result, as_played
from tui import views
from tui.i18n import _
from tui.screens.confirm import Question


def clock(at: str) -> str:
    """When an entry was made, on this laptop's clock (the hall keeps UTC)."""
    try:
        return datetime.fromisoformat(at).astimezone().strftime("%H:%M:%S")
    except (ValueError, OverflowError, OSError):  # a time the system's clock cannot show
        return at or "?"


def entry_line(entry: Result, laptops: Mapping[str, Laptop], board: Board | None = None) -> str:
    """«Стол 2: Победа белых, 14:03:12»; a draw on ``board`` that leaves no jigo, «Ничья
    (тройное ко)»."""
    device = entry.origin.device if entry.origin else ""
    name = laptops[device].name if device in laptops else device[:8] or "?"
    return f"{name}: {views.result_words(entry.code, entry.swapped, board)}, {clock(entry.at)}"


class DisputeScreen(Question[Result | None]):
    """The board's entries; a button for each different result, always in one order (white's
    win before black's, in the colours played: in the entries' order, a trial's Left from «Потом» settled a board for
    white, the buttons of the board before reading the other way), and Esc (decide later)."""

    def __init__(
        self,
        round_number: int,
        board: int,
        entries: Sequence[Result],
        laptops: Mapping[str, Laptop],
        players: str = "",
        seated: Board | None = None,
    ) -> None:
        """``players``: the board's, white first, so the referee can go and ask them (a trial
        could not tell who they were); ``seated``, the board, so that its draw is said a triple
        ko where its komi leaves no jigo (a review found «Джиго» here)."""
        self.entries = list(entries)
        distinct: dict[tuple[str, bool], int] = {}
        for i, entry in enumerate(self.entries):
            distinct.setdefault((entry.code, entry.swapped), i)
        in_order = sorted(distinct.items(), key=lambda item: (RESULT_CODES.index(as_played(*item[0])), item[0][1]))
        answers = [(f"entry-{i}", views.result_words(code, swapped, seated)) for (code, swapped), i in in_order]
        question = _("Round {round}, board {board}: the laptops entered different results. Enter which?",
                     round=round_number, board=board)  # fmt: skip
        details = "\n".join(
            [*([players] if players else []), *(entry_line(entry, laptops, seated) for entry in self.entries)]
        )
        super().__init__(question, [*answers, ("cancel", _("Later"))], "cancel", details)

    def answered(self, answer: str | None) -> Result | None:
        if answer is None or not answer.startswith("entry-"):
            return None
        return self.entries[int(answer.removeprefix("entry-"))]
