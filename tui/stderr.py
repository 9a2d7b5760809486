"""What the command line says on stderr: each refusal and each warning one printable line,
whatever text of a file or of the referee's it quotes (an escape from a list, a carriage
return from an OpenGotha file reached the terminal and rewrote its lines); and how its
stdout is written: in the letters its encoding has, a refused write said as such."""

from __future__ import annotations

import codecs
import contextlib
import io
import json
import sys
from typing import Any, TextIO, cast

from tui.i18n import _, visible

LIMIT = 1000
"""A line's length at most: a warning may name several players, a refusal two paths of a
stick's deep folders (at 300 a damaged file's ``tengen restore …`` was cut in the middle of
its path)."""


def one_line(message: str) -> str:
    """``message`` as one printable line of sane length: blanks folded, what a terminal would
    act on (controls, escapes, bidi overrides) shown as ``?``."""
    text = visible(" ".join(message.split()))
    return text if len(text) <= LIMIT else text[: LIMIT - 1] + "…"


def print_warning(text: str) -> None:
    """A warning: the action is done, the referee should know (stderr, exit status 0)."""
    say(_("warning: {text}", text=text))


def say(text: str) -> None:
    """A line of stderr that is neither a refusal nor a warning (a bad row of a list before
    the refusal that counts them).  What stdout holds goes first: into a pipe (``2>&1 |
    less``) stdout is written 8 KB at a time, and a warning landed inside a table's line."""
    with contextlib.suppress(OSError, ValueError):  # its reader gone (``| head``): the warning still goes out
        sys.stdout.flush()
    print(one_line(text), file=sys.stderr, flush=True)


class OutputLost(Exception):
    """stdout refused a write (``> file`` on a full disk): what the command did is saved all
    the same, so it is no refusal (exit 2 says the file is as it was, and a referee retyping an
    ``undo`` so refused undid two entries — a durability attack)."""

    def __init__(self, error: OSError) -> None:
        super().__init__(error)
        self.error = error


class _Guarded:
    """stdout, whose refused writes are ``OutputLost`` (a reader gone stays a
    ``BrokenPipeError``: ``| head`` took what it wanted); what else is asked of it, its own."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        try:
            return self.stream.write(text)
        except BrokenPipeError:
            raise
        except OSError as error:
            raise OutputLost(error) from None

    def flush(self) -> None:
        try:
            self.stream.flush()
        except BrokenPipeError:
            raise
        except OSError as error:
            raise OutputLost(error) from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


def letters_it_can() -> None:
    """The process's stdout and stderr write a letter their encoding lacks (a KOI8-R terminal,
    Windows' cp1251 into a file, a Korean name) as ``?``: it raised after an entry was saved,
    and ``--help`` ended in a traceback on its «—» (a trial)."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="replace")


def guard_stdout() -> None:
    """A command's stdout for the rest of the process: a write refused is ``OutputLost``, and
    flushed before the command is over, so that it is said in its words."""
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout = cast(TextIO, _Guarded(sys.stdout))


def json_text(data: Any) -> str:
    """``--json``'s output: its letters as they are where stdout is UTF-8, escaped (``\\u00fc``)
    where it is not — a cp1251 stdout wrote «M?ller» into a script's data, in silence (a
    review); the JSON read is the same either way."""
    try:
        utf8 = codecs.lookup(sys.stdout.encoding or "ascii").name == "utf-8"
    except LookupError:
        utf8 = False
    return json.dumps(data, ensure_ascii=not utf8)
