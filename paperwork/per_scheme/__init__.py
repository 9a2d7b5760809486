"""Each scheme's paperwork, one module per scheme: its card face, its final table, its
columns and marks in the rating-commission table, how its main value is written.  The
registry names where each scheme's is (``schemes.registry.Entry.paperwork``)."""

from __future__ import annotations

from importlib import import_module

from paperwork.scheme_paper import SchemePaper
from paperwork.sheet import number
from paperwork.table_parts import FORMAT
from schemes.registry import entry, get_scheme, is_final_table
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


def score_title(tournament: Tournament, after_round: int) -> str:
    """The key of the standings' score as the paper heads it, the screen and the command line
    with it: once the event is over the final table's own (sport-handicap's «Итог. сила», the
    corrected strength), else the scheme's.  The command line said «Сила» beside the corrected
    value where the app said «Итог. сила» (a trial), and the standings printed after the last
    round too (another)."""
    score = get_scheme(tournament.settings.scheme).score_name
    if not is_final_table(tournament, after_round):
        return score
    return paper(tournament).final_score or score
