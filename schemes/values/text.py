"""What a name, a club or a title may hold: one line of visible text of sane length.

Checked where every event is checked (``replay``), so a name typed in the app, given on
the command line, read from a CSV file or edited into the file by hand meets the same
rule: no line breaks (a name with one would write a fake line into the rating table),
no control or invisible format characters (they would reach the terminal raw), and not
only blanks.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from schemes.errors import InvalidEvent

NAME_LIMIT = 100
TITLE_LIMIT = 200
# letters that draw nothing: Hangul fillers, the braille blank
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")


def forbidden(char: str) -> bool:
    """A character no text of Tengen's holds: a control, format or unassigned one, or a line
    or paragraph separator."""
    category = unicodedata.category(char)
    return category[0] == "C" or category in ("Zl", "Zp")


def questioned(text: str) -> str:
    """``text`` with each ``forbidden`` character a question mark: what a file read from outside
    holds is kept readable, never refused for a stray control character."""
    return "".join("?" if forbidden(char) else char for char in text)


def single_line(value: str, what: str, limit: int = NAME_LIMIT, required: bool = False, fold: bool = True) -> str:
    """``value`` with its blanks folded and its letters composed, or InvalidEvent saying what
    is wrong with it.  With
    ``fold`` off (a name as an OpenGotha file wrote it, which its pairing reads) the text
    stays as it is, blanks and all, and a blank name is a name.

    Every forbidden character is one Python does not print (``str.isprintable`` refuses the
    control, format, unassigned and separator categories, and blanks other than the space),
    so a printable text is looked at no further: a replay checks every name of the log."""
    bad = None if value.isprintable() else next((char for char in value if forbidden(char)), None)
    if bad is not None:
        if bad in "\n\r\v\f\x85\u2028\u2029":
            raise InvalidEvent("{what} holds a line break: one line of visible text, please", what=what)
        raise InvalidEvent(
            "{what} holds the invisible character U+{code}: one line of visible text, please",
            what=what,
            code=f"{ord(bad):04X}",
        )
    text = " ".join(value.split()) if fold else value
    if len(text) > limit:
        raise InvalidEvent(
            "{what} is {length} characters long: at most {limit}", what=what, length=len(text), limit=limit
        )
    if (
        fold
        and text
        and not any(char not in _BLANK_LETTERS and unicodedata.category(char)[0] in "LNPS" for char in text)
    ):
        raise InvalidEvent("{what} has nothing visible in it", what=what)
    if required and not text:
        raise InvalidEvent("{what} is empty", what=what)
    # composed (NFC): a name pasted from a PDF or a Mac's file holds «И» and a breve for «Й» —
    # another player to the twin check and the search, and a column off on the terminal.  After
    # the length is checked: a few letters compose into two (U+0958), and a name a file holds
    # within the limit must open again
    return unicodedata.normalize("NFC", text) if fold else text


def number_runs(numbers: Iterable[int]) -> str:
    """``1, 2, 3, 4, 6`` as ``1–4, 6``: the first round of a play-off of 64 named its 32
    boards one by one, a line the rounds tab wrapped three times."""
    runs: list[list[int]] = []
    for number in sorted(numbers):
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    return ", ".join(f"{run[0]}–{run[-1]}" if len(run) > 2 else ", ".join(map(str, run)) for run in runs)
