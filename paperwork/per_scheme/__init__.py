"""Each scheme's paperwork, one module per scheme: its card face, its final table, its
columns and marks in the rating-commission table, how its main value is written.  The
registry names where each scheme's is (``schemes.registry.Entry.paperwork``)."""

from __future__ import annotations

from importlib import import_module

from paperwork.scheme_paper import SchemePaper
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
