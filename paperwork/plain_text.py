"""Plain lines of text drawn the short way: the PDF operators fpdf2 writes, without its
general machinery.

fpdf2's ``cell`` goes through its styled-text path for every call: the text split into
fragments, a copy of the graphics state per fragment, each width measured again, the
font selected again for each size tried.  A card draws some ninety cells and a table of
a thousand players fifteen thousand, so that path was nearly all of a document's time
(1,000 cards: 20 s).  Here each string is measured once (the sum of its glyphs' widths,
scaled as fpdf2 scales it: the same float operations in the same order, so every decision
to shrink or cut is the one fpdf2 would take), coded into the font's subset once, and a
cell's operators are formatted once per place and text and then only written again.

The result is the same PDF, byte for byte (``tests/paperwork/test_plain_text.py`` draws
the same cells both ways), a cell's lines appended to the page as fpdf2's ``_out``
appends them.  What the short way does not cover (a page-number alias, automatic page
breaks, shaping, fallback fonts, spacing or stretching, underlines) goes through fpdf2's
``cell``.  It relies on fpdf2 2.8's internals (the page's ``contents``,
``_set_font_for_page``, the subset's ``pick``), hence the pin in pyproject.toml.
"""

from __future__ import annotations

from typing import Literal

from fpdf import FPDF
from fpdf.enums import MethodReturnValue, PDFResourceType, RenderStyle, TextMode
from fpdf.fonts import TTFFont
from fpdf.graphics_state import GraphicsState
from fpdf.util import FloatTolerance

FAMILY = "DejaVu"
FAMILY_KEY = FAMILY.lower()
"""How fpdf2 names the family in its table of fonts."""

CellKey = tuple[float, float, float, float, str, "Literal[0, 1] | str", str, int, float, bool]


def same_size(a: float, b: float) -> bool:
    """fpdf2's test of one font size against another (``set_font`` changes nothing when equal)."""
    return FloatTolerance.equal(a, b)


class PlainText(FPDF):
    """An FPDF whose one family is DejaVu, with cheap plain cells (``text_cell``,
    ``lines``), rectangles (``box``) and font changes (``use_font``)."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._units: dict[tuple[str, str], float] = {}
        """Per style and string, the sum of its glyphs' widths in font units (``text_width``)."""
        self._coded: dict[tuple[int, str], str] = {}
        """Per font and string, its glyphs as the page codes them (``_glyphs``)."""
        self._cells: dict[CellKey, bytes] = {}
        """Per place, size, text and font, a cell's operators (``text_cell``)."""
        self._broken: dict[tuple[str, float, str, float], list[str] | None] = {}
        """Per text, width and font, its lines (``lines``); None: fpdf2 draws them."""
        self._font_ops: dict[tuple[int, float], bytes] = {}
        self._boxes: dict[tuple[float, float, float, float, float, str], bytes] = {}
        """Per place, size and style, a rectangle's line (``box``)."""
        self._named: set[tuple[int, int]] = set()
        """The pages and fonts already among the page's resources (``_name_font``)."""

    def text_width(self, text: str, style: str, size: float) -> float:
        """``get_string_width(text)`` at ``size`` in the style, without selecting it."""
        key = (style, text)
        units = self._units.get(key)
        if units is None:
            font = self.fonts[FAMILY_KEY + style]
            if not isinstance(font, TTFFont):
                raise TypeError(f"text_width measures the document's own font, not {font}")
            units = self._units[key] = sum((font.cw[ord(c)] for c in text), 0.0)
        return units * size * 0.001 / self.k

    def state(self) -> GraphicsState:
        """The graphics state in force, the top of fpdf2's stack: read and written here
        directly, since each of fpdf2's properties over it is a call (twenty a cell)."""
        stack: list[GraphicsState] = self._GraphicsStateMixin__statestack  # type: ignore[attr-defined]
        return stack[-1]

    def use_font(self, style: str, size: float) -> None:
        """``set_font(FAMILY, style, size)`` for a style of ``""`` or ``"B"``, without its
        checks of a family's name: when the font changes, the page is told it before the next
        text.  Underlining and striking through stay as they were (no document sets them; a
        cell drawn with either goes through fpdf2's ``cell``)."""
        state = self.state()
        now = state.font_size_pt
        if state.font_style == style and state.font_family == FAMILY_KEY and (now == size or same_size(now, size)):
            return
        state.font_family = FAMILY_KEY
        state.font_style = style
        state.font_size_pt = size
        state.current_font = self.fonts[FAMILY_KEY + style]
        state.current_font_is_set_on_page = False

    def text_cell(
        self, width: float, height: float, text: str, border: Literal[0, 1] | str = 0, align: str = "L"
    ) -> None:
        """``cell(width, height, text, border=border, align=align)`` of one plain line,
        the current position moving right."""
        state = self.state()
        contents = self.pages[self.page].contents if self.page else None
        if not isinstance(contents, bytearray) or not self._plain(state) or self.str_alias_nb_pages in text:
            self.cell(width, height, text, border=border, align=align)
            return
        x, y = self.x, self.y
        if width == 0:
            width = self.w - self.r_margin - x
        font, size = state.current_font, state.font_size_pt
        if not isinstance(font, TTFFont):
            raise TypeError(f"text_cell draws with the document's own font, not {font}")
        coloured = bool(text) and state.text_color != state.fill_color
        key = (x, y, width, height, text, border, align, font.i, size, coloured)
        ops = self._cells.get(key)
        if ops is None:
            ops = self._cells[key] = self._cell_ops(key, font)
        if text and not state.current_font_is_set_on_page:
            contents += self._name_font(state, font, size)  # a line of its own, as fpdf2 writes it
        contents += ops  # what fpdf2's ``_out`` appends, its checks made above
        self._lasth = height or size / self.k  # fpdf2's ``font_size``
        self.x = x + width

    def box(self, x: float, y: float, width: float, height: float, style: str = "D") -> None:
        """``rect(x, y, width, height, style)``: its line formatted once per place and size
        (a card's number box and the eight grey cells of its table's header, a thousand
        times over)."""
        contents = self.pages[self.page].contents if self.page else None
        if not isinstance(contents, bytearray):
            self.rect(x, y, width, height, style=style)
            return
        key = (x, y, width, height, self.h, style)
        line = self._boxes.get(key)
        if line is None:
            k, operator = self.k, RenderStyle.coerce(style).operator
            made = f"{x * k:.2f} {(self.h - y) * k:.2f} {width * k:.2f} {-height * k:.2f} re {operator}\n"
            line = self._boxes[key] = made.encode("latin1")
        contents += line

    def _cell_ops(self, key: CellKey, font: TTFFont) -> bytes:
        """The operators of ``_render_styled_text_line`` for a plain cell: its border, then
        its text (in a saved state when the text's colour is not the fill colour); as the
        page holds them, a line (nothing when the cell draws nothing)."""
        x, y, width, height, text, border, align, _, size, coloured = key
        k, page = self.k, self.h
        if isinstance(border, str) and set(border).issuperset("LTRB"):
            border = 1
        left, right = x * k, (x + width) * k
        top, bottom = (page - y) * k, (page - (y + height)) * k
        ops = []
        if border == 1:
            ops.append(f"{left:.2f} {top:.2f} {right - left:.2f} {bottom - top:.2f} re S")
        elif isinstance(border, str):
            if "L" in border:
                ops.append(f"{left:.2f} {top:.2f} m {left:.2f} {bottom:.2f} l S")
            if "T" in border:
                ops.append(f"{left:.2f} {top:.2f} m {right:.2f} {top:.2f} l S")
            if "R" in border:
                ops.append(f"{right:.2f} {top:.2f} m {right:.2f} {bottom:.2f} l S")
            if "B" in border:
                ops.append(f"{left:.2f} {bottom:.2f} m {right:.2f} {bottom:.2f} l S")
        if text:
            drawn = self.text_width(text, self.font_style, size)
            if align == "R":
                dx = width - self.c_margin - drawn
            elif align == "C":
                dx = (width - drawn) / 2
            else:
                dx = self.c_margin
            ops.append(f"BT {(x + dx) * k:.2f} {(page - y - 0.5 * height - 0.3 * (size / k)) * k:.2f} Td")
            if coloured and self.text_color is not None:
                ops.append(self.text_color.serialize().lower())
            ops.append(f"({self._glyphs(font, text)}) Tj")
            ops.append("ET")
        if not ops:
            return b""
        return (f"q {' '.join(ops)} Q\n" if coloured else " ".join(ops) + "\n").encode("latin1")

    def _name_font(self, state: GraphicsState, font: TTFFont, size: float) -> bytes:
        """``_set_font_for_page``: the font named on the page (its operator's line made once
        per size) and among the page's resources (once per page)."""
        op = self._font_ops.get((font.i, size))
        if op is None:
            op = self._font_ops[(font.i, size)] = f"BT /F{font.i} {size:.2f} Tf ET\n".encode("latin1")
        if (self.page, font.i) not in self._named:
            self._named.add((self.page, font.i))
            self._resource_catalog.add(PDFResourceType.FONT, font.i, self.page)
        state.current_font_is_set_on_page = True
        return op

    def _plain(self, state: GraphicsState) -> bool:
        """Whether the page draws as ``text_cell`` assumes: no automatic page break, no
        shaping or fallback fonts, plain spacing, stretching, text mode and decoration."""
        return not (
            self.auto_page_break
            or state.text_shaping
            or self._fallback_font_ids
            or self._record_text_quad_points
            or state.char_spacing
            or state.font_stretching != 100
            or state.text_mode is not TextMode.FILL
            or state.underline
            or state.strikethrough
        )

    def _glyphs(self, font: TTFFont, text: str) -> str:
        """The string as the font's subset codes it, escaped (``render_pdf_text_ttf``); a
        glyph's code, once given, never changes within the document."""
        key = (font.i, text)
        coded = self._coded.get(key)
        if coded is None:
            picked = (font.subset.pick(ord(c)) for c in text)
            coded = self._coded[key] = font.escape_text("".join(chr(code) for code in picked if code))
        return coded

    def lines(self, width: float, height: float, text: str, align: str = "L", top: bool = False) -> None:
        """``multi_cell(width, height, text, align=align)`` (``align`` L, C or R; with
        ``top`` the position goes back up, as ``new_y="TOP"``): a text drawn again and
        again (the legend on every card, a two-line column title) is broken into lines
        once per text, width and font.  A text whose breaking leaves an empty line (a
        leading space, a line break) is fpdf2's to draw: it writes such a line as an empty
        string, which its list of lines does not tell from no string."""
        key = (text, width, self.font_style, self.font_size_pt)
        if key not in self._broken:
            found = self.multi_cell(width, height, text, align="L", dry_run=True, output=MethodReturnValue.LINES)
            if not isinstance(found, list):  # fpdf2 types the result of every ``output`` as one union
                raise TypeError(f"multi_cell returned {type(found).__name__} for its lines")
            found_lines = [str(line) for line in found]
            plain = bool(text) and "" not in found_lines and not any(c in text for c in "\r\n")
            self._broken[key] = found_lines if plain else None
        broken = self._broken[key]
        if broken is None:
            self.multi_cell(width, height, text, align=align, new_y="TOP" if top else "NEXT", max_line_height=height)
            return
        x, y = self.x, self.y
        for line in broken:
            self.x = x
            self.text_cell(width, height, line, align=align)
            self.y += height
        if top:
            self.y = y
