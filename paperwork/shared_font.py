"""The shipped font parsed once per process, not once per document.

fpdf2's ``add_font`` parses the TrueType file for every document: fontTools reads its
tables and fpdf2 measures each of its 6,000 characters; writing the PDF, fontTools reads
more of them and cuts out the subset the document used — together most of the cost of a
short document, and the app, ``tengen demo`` and the tests make many documents in one
process.

Here the first document of a process adds the font as fpdf2 always did, and its measures
are kept.  Every later document takes a copy of them (``_copy``: the character map and
descriptor shared, as fpdf2's own ``TTFFont.__deepcopy__`` shares them; its widths, glyph
ids and subset its own).  fpdf2's subsetting rewrites the font file it cuts a subset from,
so as it begins — asking the document's subset for the glyphs used (``_LentSubset``) — the
document gets a file of its own, unpickled from one made once per process: the font
already cut down, with fpdf2's own options, to the glyphs of ``WORKING`` (the letters and
signs the paper is written in) when the document used no other glyph — a third of the work
of cutting from the whole font, and the same bytes: a subset of a subset is that subset —
else the whole font, its tables read but the glyphs (they unpickle no faster than they are
read) and those the subsetting drops.  The pickles are made in this process from our own
file and never stored: nothing from outside is ever unpickled.

The PDF is the same, byte for byte (``tests/paperwork/test_shared_font.py`` compares each
document kind and random texts both ways with fpdf2's own parse).  It leans on fpdf2 2.8's
``TTFFont`` slots and its subsetting options (``output.py: _add_fonts``), as
``plain_text.py`` leans on its drawing; the byte comparisons are what fail first on an
fpdf2 that works otherwise.
"""

from __future__ import annotations

import copy
import io
import pickle
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from fontTools import subset  # type: ignore[import-untyped]  # fpdf2 subsets with it; it ships no types
from fontTools.ttLib import TTFont  # type: ignore[import-untyped]
from fpdf import FPDF
from fpdf.fonts import SubsetMap, TTFFont

DROPPED = ("FFTM", "GDEF", "GPOS", "GSUB", "MATH", "hdmx", "meta", "sbix", "CBDT", "CBLC", "EBDT", "EBLC", "EBSC",
           "SVG ", "CPAL", "COLR")  # fmt: skip
"""The tables fpdf2's subsetting drops besides fontTools' own choice (``_add_fonts``)."""
WORKING = (range(0x20, 0x250), range(0x400, 0x530), range(0x2000, 0x2070), range(0x2100, 0x2190))
"""The characters of the working font: Latin with its accented letters (½ × among them),
Cyrillic, general punctuation (— …), letter-like signs (№) and number forms (⅓)."""
_UNCHOSEN = TTFont()
"""A lent font's file until its subset is cut (``_LentSubset``): empty, never written."""


def _options() -> subset.Options:
    """The options fpdf2 subsets a font with (``output.py: _add_fonts``)."""
    options = subset.Options(notdef_outline=True, recommended_glyphs=True)
    options.drop_tables += DROPPED
    return options


@dataclass
class _Kept:
    measures: TTFFont
    """The font as fpdf2 parsed it for the process's first document."""
    path: Path
    working: bytes = b""
    """The font cut down to ``WORKING``'s glyphs, pickled (made for the first lent document
    written)."""
    working_glyphs: frozenset[str] = field(default_factory=frozenset)
    whole: bytes = b""
    """The whole font, its tables read but the glyphs and those dropped, pickled (made for
    the first document using another glyph)."""

    def file_for(self, glyphs: set[str]) -> TTFont:
        """A font file of its own to cut the subset of ``glyphs`` from."""
        with _KEEPING:
            if not self.working:
                working = _read(self.path)
                cut = subset.Subsetter(_options())
                cut.populate(
                    glyphs=[self.measures.cmap[c] for part in WORKING for c in part if c in self.measures.cmap]
                )
                cut.subset(working)
                self.working = pickle.dumps(working, protocol=pickle.HIGHEST_PROTOCOL)
                self.working_glyphs = frozenset(working.getGlyphOrder())
            if glyphs <= self.working_glyphs:
                return pickle.loads(self.working)
            if not self.whole:
                self.whole = pickle.dumps(_read(self.path), protocol=pickle.HIGHEST_PROTOCOL)
            return pickle.loads(self.whole)


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
    lent = _copy(kept.measures, len(document.fonts) + 1, _UNCHOSEN)
    lent.subset = _LentSubset(lent, kept)
    document.fonts[key] = lent


class _LentSubset(SubsetMap):
    """The subset of a lent font.  fpdf2 asks it for the glyphs used as it begins to cut the
    font's subset (``output.py: _add_fonts``, its one caller): then, every glyph known, the
    font gets the file to cut them from — the working font when it holds them all."""

    def __init__(self, font: TTFFont, kept: _Kept) -> None:
        super().__init__(font)
        self.kept = kept

    def get_all_glyph_names(self) -> Sequence[str]:
        names = super().get_all_glyph_names()
        if self.font.ttfont is _UNCHOSEN:
            self.font.ttfont = self.kept.file_for(set(names))
        return names


def _copy(font: TTFFont, number: int, file: TTFont) -> TTFFont:
    """``font`` as a document's ``number``-th font (as ``TTFFont`` numbers them), cutting its
    subset from ``file``: what a document changes its own (its widths, a defaultdict that
    adds a character it lacks; its glyph ids, missing glyphs, largest size and subset), the
    rest shared."""
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
    """The font of ``path`` opened as fpdf2 opens it, its tables read but the glyphs, those
    the subsetting drops left unread."""
    font = TTFont(io.BytesIO(path.read_bytes()), recalcTimestamp=False, lazy=True)
    font.getGlyphOrder()
    for tag in font.keys():
        if tag not in ("glyf", "GlyphOrder", *DROPPED):
            font[tag]  # noqa: B018 - read now, so the pickle holds it read
    return font
