"""The ``tengen`` command's first module, light on purpose: the command line's own modules
take a third of a second to load, and a Ctrl+C in that time ended in a traceback of thirty
lines instead of the one line a Ctrl+C later gets."""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping


def main() -> int:
    try:
        from tui.cli import main as command

        return command()
    except KeyboardInterrupt:
        return interrupted()


def interrupted(written: str | None = None) -> int:
    """Ctrl+C's one line, in the system's language, and its exit status (128 + SIGINT); where
    the command wrote a tournament, whether its entry is in the file (``written``, said)."""
    try:
        from tui import i18n

        i18n.set_language(locale_language(os.environ))
        said = written or i18n._("the file holds every entry that was confirmed")
        print(i18n._("tengen: interrupted; {said}", said=said), file=sys.stderr)
    except KeyboardInterrupt:
        pass  # pressed again: gone at once
    return 130


def locale_language(environ: Mapping[str, str]) -> str:
    """The language of the system, as gettext programs read it: the first of ``LC_ALL``,
    ``LC_MESSAGES`` and ``LANG`` that is set; ``ru_*`` is Russian, anything else English."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if environ.get(name):
            return "ru" if environ[name].startswith("ru") else "en"
    return "en"
