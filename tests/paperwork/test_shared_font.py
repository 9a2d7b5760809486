"""The font parsed once per process (``paperwork/shared_font.py``) gives the very PDF that
fpdf2 gives parsing it for the document."""

import pytest
from fpdf import FPDF

from paperwork import shared_font
from paperwork.build import KINDS, document, round_of
from paperwork.document import Document
from tests.builders import Log


def test_every_document_kind_is_the_one_made_with_the_font_parsed_for_it(
    ledgers, monkeypatch: pytest.MonkeyPatch
) -> None:
    state, events = ledgers["mcmahon"].state, ledgers["mcmahon"].events
    for _twice in range(2):  # the process's font kept, and read whole for the next
        document("cards", state, events, round_of("cards", state, None))
    for kind in KINDS:
        number = round_of(kind, state, None)
        with monkeypatch.context() as kept:
            kept.setattr(FPDF, "add_font", lambda *_: pytest.fail("the font parsed again"))
            lent = bytes(document(kind, state, events, number).output())
        with monkeypatch.context() as first:
            first.setattr(shared_font, "_KEPT", {})  # a first document: fpdf2 parses the font for it
            parsed = bytes(document(kind, state, events, number).output())
        assert lent == parsed, kind


def test_any_of_the_fonts_characters_embed_as_fpdf2_embeds_them(monkeypatch: pytest.MonkeyPatch) -> None:
    """Characters from all over DejaVu (accents built of parts, Greek, Armenian, arrows,
    mathematics…), not only the paper's Russian and Latin, in both styles."""
    log = Log("round-robin")
    characters = "".join(chr(code) for code in sorted(Document(log.state, log.events, "").fonts["dejavu"].cmap)[::23])

    def drawn() -> bytes:
        page = Document(log.state, log.events, "")
        page.add_page()
        for start in range(0, len(characters), 40):
            page.fit_cell(190, 5, characters[start : start + 40], bold=start % 80 == 0)
            page.ln(5)
        return bytes(page.output())

    drawn()  # the font read whole for the next
    with monkeypatch.context() as kept:
        kept.setattr(FPDF, "add_font", lambda *_: pytest.fail("the font parsed again"))
        lent = drawn()
    with monkeypatch.context() as first:
        first.setattr(shared_font, "_KEPT", {})
        assert lent == drawn()
