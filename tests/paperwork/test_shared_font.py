"""The font parsed once per process (``paperwork/shared_font.py``) gives the very PDF that
fpdf2 gives parsing it for the document."""

import pytest
from fpdf import FPDF
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from paperwork import shared_font
from paperwork.build import KINDS, document, round_of
from paperwork.document import Document
from paperwork.kinds import SCHEDULED
from tests.builders import Log


def test_every_document_kind_is_the_one_made_with_the_font_parsed_for_it(
    ledgers, monkeypatch: pytest.MonkeyPatch
) -> None:
    for _twice in range(2):  # the process's font kept, and read whole for the next
        document("cards", ledgers["mcmahon"].state, ledgers["mcmahon"].events, 0)
    for kind in KINDS:
        ledger = ledgers["round-robin" if kind in SCHEDULED else "mcmahon"]  # the schedule is a round robin's
        state, events = ledger.state, ledger.events
        number = round_of(kind, state, None)
        with monkeypatch.context() as kept:
            kept.setattr(FPDF, "add_font", lambda *_: pytest.fail("the font parsed again"))
            lent = bytes(document(kind, state, events, number).output())
        with monkeypatch.context() as first:
            first.setattr(shared_font, "_KEPT", {})  # a first document: fpdf2 parses the font for it
            parsed = bytes(document(kind, state, events, number).output())
        assert lent == parsed, kind


def drawn(lines: list[tuple[str, bool]]) -> bytes:
    log = Log("round-robin")
    page = Document(log.state, log.events, "")
    page.add_page()
    for text, bold in lines:
        page.fit_cell(190, 5, text, bold=bold)
        page.ln(5)
    return bytes(page.output())


def lent_and_parsed(lines: list[tuple[str, bool]], monkeypatch: pytest.MonkeyPatch) -> tuple[bytes, bytes]:
    """``lines`` drawn with the font lent to the document, then parsed for it by fpdf2."""
    drawn([("Ё", False), ("Ё", True)])  # the process's font kept
    with monkeypatch.context() as kept:
        kept.setattr(FPDF, "add_font", lambda *_: pytest.fail("the font parsed again"))
        lent = drawn(lines)
    with monkeypatch.context() as first:
        first.setattr(shared_font, "_KEPT", {})
        return lent, drawn(lines)


def test_any_of_the_fonts_characters_embed_as_fpdf2_embeds_them(monkeypatch: pytest.MonkeyPatch) -> None:
    """Characters from all over DejaVu (accents built of parts, Greek, Armenian, arrows,
    mathematics…), not only the paper's: cut from the whole font."""
    log = Log("round-robin")
    codes = sorted(Document(log.state, log.events, "").fonts["dejavu"].cmap)[::23]
    characters = "".join(map(chr, codes))
    lent, parsed = lent_and_parsed([(characters[at : at + 40], at % 80 == 0) for at in range(0, len(characters), 40)],
                                   monkeypatch)  # fmt: skip
    assert lent == parsed


WRITTEN = st.text(st.sampled_from([chr(c) for part in shared_font.WORKING for c in part]), min_size=1, max_size=60)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    lines=st.lists(st.tuples(WRITTEN, st.booleans()), min_size=1, max_size=6), beyond=st.sampled_from(["", "ա", "∮"])
)
def test_texts_of_the_working_font_embed_as_fpdf2_embeds_them(
    lines: list[tuple[str, bool]], beyond: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Texts in the working font's letters (cut from it), now and then with one beyond it
    (cut from the whole font): the same bytes as fpdf2's own parse gives."""
    lent, parsed = lent_and_parsed([*lines, (beyond, False)], monkeypatch)
    assert lent == parsed
