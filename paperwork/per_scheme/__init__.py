"""Each scheme's paperwork, one module per scheme: its card face, its final table, its
columns and marks in the rating-commission table, how its main value is written.  The
registry names where each scheme's is (``schemes.registry.Entry.paperwork``)."""

from __future__ import annotations

from importlib import import_module

from paperwork.scheme_paper import SchemePaper
from paperwork.sheet import number
from paperwork.table_parts import FORMAT
from schemes.registry import entry
from schemes.state.model import Tournament


def paper(tournament: Tournament) -> SchemePaper:
    return paper_of(tournament.settings.scheme)


def paper_of(scheme: str) -> SchemePaper:
    """The paperwork the registry names for ``scheme`` (``module:attribute``) (Python keeps a module once imported)."""
    module, _colon, attribute = entry(scheme).paperwork.partition(":")
    found = getattr(import_module(module), attribute)
    if not isinstance(found, SchemePaper):
        raise TypeError(f"{entry(scheme).paperwork} is not a SchemePaper")
    return found


def written(tournament: Tournament, key: str, value: float) -> str:
    """A standings value as the paper writes it, and the screen, the command line and the
    players' pages with it: the scheme's main value by its ``score_format`` (sport-handicap's
    final strength to one decimal, as its spec says), a tie-break by ``FORMAT``."""
    return paper(tournament).score_format(value) if key == "score" else FORMAT.get(key, number)(value)
