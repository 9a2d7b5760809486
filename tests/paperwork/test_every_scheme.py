"""Every registered scheme has its paperwork: a scheme added to ``schemes.registry`` whose
entry names no ``SchemePaper`` (card, final table, rating-table columns and marks) or with no
label for its main value fails here, not at a referee's printer."""

from typing import Any

import pytest

from paperwork import rating_table
from paperwork.build import document, round_of
from paperwork.kinds import kinds_for
from paperwork.labels import LABELS
from paperwork.per_scheme import paper_of
from paperwork.sheet import Text
from schemes.registry import SCHEMES, get_scheme
from tests.builders import played
from tests.paperwork.conftest import pages


@pytest.mark.parametrize("scheme", list(SCHEMES))
def test_each_scheme_has_every_part_of_its_paperwork(scheme: str) -> None:
    assert len(paper_of(scheme).rating_columns.split()) == 4
    for text in LABELS.values():
        assert text[get_scheme(scheme).score_name]


@pytest.mark.parametrize("scheme", list(SCHEMES))
def test_each_scheme_prints_every_document_and_its_rating_table(scheme: str) -> None:
    log = played(scheme, 6, 3 if scheme != "round-robin" else 5)
    state = log.state
    for kind in kinds_for(get_scheme(scheme).traits.scheduled, teams=True):  # the command line prints every one
        text = "\n".join(pages(document(kind, state, log.events, round_of(kind, state, None))))
        if kind == "teams":  # these players have no team and no club: the table is there, empty
            assert "Зачёт клубов" in text  # nobody has a team: the usual grouping is then the club
            continue
        if kind.startswith("blank-"):  # the forms before the event: the grid, no name
            assert "Игроков-Длин" not in text and any(t in text for t in ("Тур", "Доска", "№", "Фамилия, имя")), kind
            continue
        assert "Игроков-Длин" in text, kind  # the players' surnames are there (cut to fit where narrow)
    table = rating_table.export(state, log.events)
    assert len([line for line in table.splitlines() if line and not line.startswith(";")]) == 6


def test_a_name_the_font_cannot_draw_is_said_not_left_blank_in_silence(tmp_path) -> None:
    """Found by an attack: a Chinese name printed as a blank cell, and fpdf2 said so on stderr
    in English under its font's internal name.  ``write`` names the letters instead, for the
    command line and the app to say in the referee's language; a Cyrillic name draws."""
    from data.service import Output
    from paperwork.build import print_to
    from schemes.log import actions
    from tests.builders import Log

    log = Log("swiss", rounds=3)
    log.add("Иванов", rank="1d", name="Иван")
    from paperwork.document import undrawn_notice

    assert print_to(Output(tmp_path / "ru.pdf"), "registration", log.state, log.events, 0) == ()
    log.commit(actions.register(log.events, surname="조", name="훈현", rank="9d"))
    undrawn = print_to(Output(tmp_path / "cjk.pdf"), "registration", log.state, log.events, 0)
    assert undrawn == ("조", "훈", "현")  # as the name has them, not in code order (a trial read «조 현 훈»)
    notice = undrawn_notice(undrawn + ("조", "柯"))  # several documents printed at once: said once
    assert notice is not None and notice.fields == {"chars": "조 훈 현 柯"} and undrawn_notice(()) is None


@pytest.mark.parametrize("scheme", list(SCHEMES))
@pytest.mark.parametrize("language", ["ru", "en"])
def test_no_two_columns_of_a_table_are_headed_alike(
    scheme: str, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A paperwork review read two «Wins» over English FORS standings: «Wins even/giving» was
    shortened to its first word.  The titles as drawn (shortened where narrow) differ, in the
    standings and the final table of every scheme, in both languages."""
    from paperwork.document import Document

    rows: dict[tuple[float, float], list[str]] = {}  # titles by their cells' top and height
    header, fit = Document.header_cell, Document.fit_cell
    drawing: list[tuple[float, str]] = []

    def header_cell(self: Document, x: float, y: float, width: float, height: float, text: str) -> None:
        drawing.append((y, text))
        header(self, x, y, width, height, text)
        rows.setdefault((y, height), []).append(drawing.pop()[1])

    def fit_cell(self: Document, width: float, height: float, text: Text, *args: Any, **kwargs: Any) -> None:
        if drawing and isinstance(text, str):
            drawing[-1] = (drawing[-1][0], text)  # the title as shortened
        fit(self, width, height, text, *args, **kwargs)

    monkeypatch.setattr(Document, "header_cell", header_cell)
    monkeypatch.setattr(Document, "fit_cell", fit_cell)
    log = played(scheme, 6, 3 if scheme != "round-robin" else 5, lang=language)
    for kind in ("standings", "table"):
        rows.clear()
        document(kind, log.state, log.events, round_of(kind, log.state, None))
        tallest = max((height for _top, height in rows), default=0)  # none: the play-off's bracket
        for (_top, height), titles in rows.items():
            if height < tallest:  # a round's title and its own columns under it: half the header each
                continue
            named = [title for title in titles if not title.isdigit()]  # each round is headed by its number
            assert len(named) == len(set(named)), (kind, named)
