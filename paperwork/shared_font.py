"""The shipped font parsed once per process, not once per document.

fpdf2's ``add_font`` parses the TrueType file for every document: fontTools reads its
tables and fpdf2 measures each of its 6,000 characters; writing the PDF, fontTools reads
more of them to embed the subset the document used — together most of the cost of a short
document, and the app, ``tengen demo`` and the tests make many documents in one process.

Here the first document of a process adds the font as fpdf2 always did, and its measures
are kept.  Every later document takes a copy of them (the character map and descriptor
shared, as fpdf2's own ``TTFFont.__deepcopy__`` shares them; its widths, glyph ids and
subset its own) and a font file of its own to embed its subset from: fpdf2's subsetting
rewrites that font in place, so no two documents may share one.  Each document's is
unpickled from the file read once (on the second document's demand) with every table read
but ``glyf``, whose 6,000 glyphs unpickle no faster than they are read, and those the
subsetting drops: a few milliseconds where reading those tables costs some forty.  The
pickle is made in this process from our own file and never stored: nothing from outside
is ever unpickled.

The PDF is the same, byte for byte: the same fontTools subsets the same font in the same
state (``tests/paperwork/test_shared_font.py`` compares every document kind both ways).
It leans on fpdf2 2.8's ``TTFFont`` slots, as ``plain_text.py`` leans on its drawing.
"""

from __future__ import annotations

import copy
import io
import pickle
import threading
from dataclasses import dataclass
from pathlib import Path

from fontTools.ttLib import TTFont  # type: ignore[import-untyped]  # fpdf2 reads fonts with it; it ships no types
from fpdf import FPDF
from fpdf.fonts import SubsetMap, TTFFont

LEFT_UNREAD = ("glyf", "FFTM", "GDEF", "GPOS", "GSUB", "MATH")
"""The tables of the shipped font not read before pickling: the glyphs (as costly to
unpickle as to read) and the tables fpdf2's subsetting drops (``output.py: _add_fonts``)."""


@dataclass
class _Kept:
    measures: TTFFont
    """The font as fpdf2 parsed it for the process's first document."""
    path: Path
    tables: bytes | None = None
    """The file's font with its tables read (but ``LEFT_UNREAD``), pickled: made when a
    second document asks."""


_KEPT: dict[str, _Kept] = {}
_KEEPING = threading.Lock()


def add_font(document: FPDF, family: str, style: str, path: Path) -> None:
    """``document.add_font(family, style, path)``, the file parsed once per process."""
    key = family.lower() + style
    with _KEEPING:
        kept = _KEPT.get(key)
        if kept is None or kept.path != path:  # the first document, or another file under the name
            document.add_font(family, style, str(path))
            parsed = document.fonts[key]
            if isinstance(parsed, TTFFont) and parsed.color_font is None:  # a colour font draws with its document
                _KEPT[key] = _Kept(_copy(parsed, parsed.i, parsed.ttfont), path)
            return
        if kept.tables is None:
            kept.tables = pickle.dumps(_read(path), protocol=pickle.HIGHEST_PROTOCOL)
    document.fonts[key] = _copy(kept.measures, len(document.fonts) + 1, pickle.loads(kept.tables))


def _copy(font: TTFFont, number: int, file: TTFont) -> TTFFont:
    """``font`` as a document's ``number``-th font (as ``TTFFont`` numbers them), embedding
    its subset from ``file``: what a document changes its own (its widths, a defaultdict
    that adds a character it lacks; its glyph ids, missing glyphs, largest size and subset),
    the rest shared."""
    made = copy.copy(font)
    made.i = number
    made.cw = font.cw.copy()
    made.glyph_ids = font.glyph_ids.copy()
    made.missing_glyphs = []
    made.biggest_size_pt = 0
    made.subset = SubsetMap(made)
    made.ttfont = file
    return made


def _read(path: Path) -> TTFont:
    """The font of ``path`` opened as fpdf2 opens it, its tables read but ``LEFT_UNREAD``."""
    font = TTFont(io.BytesIO(path.read_bytes()), recalcTimestamp=False, lazy=True)
    font.getGlyphOrder()
    for tag in font.keys():
        if tag not in (*LEFT_UNREAD, "GlyphOrder"):
            font[tag]  # noqa: B018 - read now, so the pickle holds it read
    return font
