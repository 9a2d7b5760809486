"""The page every document is printed on: A4, the shipped font, a header, tables.

Everything a document needs to stay readable lives here once: text that does not
fit its cell is shrunk (and only as a last resort cut with an ellipsis), tables
start a new page with their header repeated, and the output is deterministic: the
creation date is the time of the tournament's last event, so the same log gives
the same bytes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path
from typing import Literal

from fpdf import FPDF
from fpdf.enums import MethodReturnValue, TextEmphasis, TextMode
from fpdf.fonts import TTFFont
from fpdf.util import FloatTolerance

from data.service import Output
from paperwork.labels import abbreviation, bracketed, labels
from paperwork.marks import legend, points
from schemes.log.events import Event
from schemes.state.model import Tournament
from schemes.values import dates

FONTS = Path(__file__).with_name("fonts")
FAMILY = "DejaVu"
FAMILY_KEY = FAMILY.lower()
"""How fpdf2 names the family in its table of fonts."""
MARGIN = 10.0
MIN_FONT = 5.0
READABLE = 7.0
HEADER_FONT = 8.0
"""Column titles are never smaller: a title that does not fit is abbreviated (labels.SHORT)."""
Text = str | tuple[str, ...]
"""A cell's text, or alternatives for it, longest first."""


def made_at(events: Sequence[Event]) -> datetime:
    """When the paperwork counts as made: the time of the last event (deterministic)."""
    for event in reversed(events):
        if event.at:
            return datetime.fromisoformat(event.at)
    return datetime(2000, 1, 1)


number = half_points = points
"""Points on paper: ``paperwork.marks.points`` (``22½``); a komi is written as a decimal."""


@dataclass(frozen=True)
class Column:
    title: str
    width: float
    """Relative width; the table scales the columns to the page."""
    align: str = "C"
    group: str = ""
    """A title over several neighbouring columns (a round's two columns)."""
    marks: bool = False
    """Its cells are results in the notation ``marks.legend`` explains (a column titled by
    a round's or a player's number is such a column too)."""


@dataclass(frozen=True)
class Sheet:
    """A table as the paper and the players' pages show it: one build, two views, so the
    wall and the phones read the same words and values."""

    title: str
    columns: list[Column]
    rows: list[list[Text]]
    abbreviated: list[str] = field(default_factory=list)
    """The column titles its legend explains (``legend_line``)."""


def legend_line(titles: Sequence[str]) -> str:
    """What the short column titles stand for, for each title written as ``Full name (SHORT)``
    (``SOS — сумма очков соперников``); empty when none is."""
    entries = []
    for title in titles:
        short = bracketed(title)
        if short != title:
            full = title[: title.rindex("(")].strip()
            entries.append(f"{short} — {full[0].lower()}{full[1:]}")
    return "; ".join(entries) + "." if entries else ""


class Document(FPDF):
    def __init__(
        self,
        tournament: Tournament,
        events: Sequence[Event],
        title: str,
        landscape: bool = False,
        page_header: bool = True,
    ) -> None:
        super().__init__(orientation="L" if landscape else "P", unit="mm", format="A4")
        for style, name in (("", "DejaVuSansCondensed.ttf"), ("B", "DejaVuSansCondensed-Bold.ttf")):
            self.add_font(FAMILY, style, str(FONTS / name))
        self.tournament = tournament
        self.labels: Mapping[str, str] = labels(tournament.settings.lang)
        """Every word the document prints, in the tournament's language (``paperwork.labels``)."""
        self.title_line = title
        self.made = made_at(events)
        self.page_header = page_header
        self.results_written: list[str] = []
        """The result marks the tables wrote, for ``results_legend``."""
        self.set_creation_date(self.made)
        self.set_producer("Tengen")
        self.set_title(f"{tournament.settings.name} — {title}")
        self.set_margins(MARGIN, MARGIN, MARGIN)
        self.set_auto_page_break(False)
        self.alias_nb_pages("{nb}")
        self.set_font(FAMILY, "", 9)
        self._units: dict[tuple[str, str], int] = {}
        """Per style and string, the sum of its glyphs' widths in font units (``text_width``)."""
        self._coded: dict[tuple[int, str], str] = {}
        """Per font and string, its escaped subset codes (``_glyphs``)."""
        self._broken: dict[tuple[str, float, str, float], list[str]] = {}
        """Per text, width and font, its lines (``left_lines``)."""

    # -- page furniture ---------------------------------------------------------------
    def header(self) -> None:
        if not self.page_header:
            return
        settings = self.tournament.settings
        self.set_xy(MARGIN, MARGIN)
        self.set_font(FAMILY, "B", 12)
        self.fit_cell(self.epw * 0.75, 6, settings.name, align="L")
        self.set_font(FAMILY, "", 8)
        made = f"{self.labels['made']} {shown_date(self.made.date(), settings.lang)}"
        self.cell(self.epw * 0.25, 6, made, align="R", new_x="LMARGIN", new_y="NEXT")
        self.set_font(FAMILY, "", 10)
        span = " – ".join(dict.fromkeys(shown_date(day, settings.lang) for day in dates.days(settings.dates)))
        place = ", ".join(part for part in (settings.place, span) if part)
        self.fit_cell(self.epw * 0.6, 5, self.title_line, align="L")
        self.fit_cell(self.epw * 0.4, 5, place, align="R")
        self.ln(7)

    def footer(self) -> None:
        if not self.page_header:
            return
        self.set_xy(MARGIN, self.h - MARGIN + 2)
        self.set_font(FAMILY, "", 7)
        self.cell(self.epw, 4, self.labels["page"].format(n=self.page_no(), total="{nb}"), align="C")

    @property
    def bottom(self) -> float:
        return self.h - MARGIN - (4 if self.page_header else 0)

    # -- text that fits -----------------------------------------------------------------
    def fit_cell(
        self,
        width: float,
        height: float,
        text: Text,
        border: Literal[0, 1] | str = 0,
        align: str = "C",
        bold: bool = False,
        size: float | None = None,
    ) -> None:
        """A cell whose text is shrunk to fit, and cut with an ellipsis only below the smallest size.

        ``text`` may offer alternatives, longest first (a full name, then the surname with
        initials): the first that fits at a readable size is taken.  The text is measured
        from each string's cached width, not by selecting every size tried: a table of a
        thousand rows measures each name once (``text_width``)."""
        style = "B" if bold else ""
        base = size or self.font_size_pt
        room = max(width - 2 * self.c_margin, 1)
        options = (text,) if isinstance(text, str) else text
        first = min(base, READABLE)
        text = next((option for option in options if self.text_width(option, style, first) <= room), options[-1])
        fitted = base
        while self.text_width(text, style, fitted) > room and fitted > MIN_FONT:
            fitted = max(MIN_FONT, fitted - 0.5)
        if self.text_width(text, style, fitted) > room:
            while text and self.text_width(text + "…", style, fitted) > room:
                text = text[:-1]
            text += "…"
        # the sizes tried would each have been selected: one that changed the font makes
        # the cell name its font on the page again, as fpdf2 does after any change
        tried = not (self._is_font(style, first) and _same(first, base) and _same(base, fitted))
        self.set_font(FAMILY, style, fitted)
        if tried:
            self.current_font_is_set_on_page = False
        self.text_cell(width, height, text, border, align)
        self.set_font(FAMILY, style, base)

    def set_font(self, family: str | None = None, style: str | TextEmphasis = "", size: float = 0) -> None:
        """fpdf2's, without its checks when the font asked for is already the one in use
        (a card sets a font some hundred times)."""
        if (
            family == FAMILY
            and self.font_family == FAMILY_KEY
            and style == self.font_style
            and size
            and _same(size, self.font_size_pt)
        ):
            self.underline = self.strikethrough = False  # as fpdf2's: a plain style has neither
            return
        super().set_font(family, style, size)

    def _is_font(self, style: str, size: float) -> bool:
        return self.font_style == style and _same(self.font_size_pt, size)

    def text_width(self, text: str, style: str, size: float) -> float:
        """``get_string_width(text)`` at ``size`` in the style, without selecting it: the sum
        of the glyphs' widths is kept per string, and scaled as fpdf2 scales it (the same
        float operations in the same order, so every decision to shrink is the same)."""
        key = (style, text)
        units = self._units.get(key)
        if units is None:
            widths = self.fonts[FAMILY_KEY + style].cw
            units = self._units[key] = sum(widths[ord(c)] for c in text)
        return units * size * 0.001 / self.k

    def text_cell(
        self, width: float, height: float, text: str, border: Literal[0, 1] | str = 0, align: str = "L"
    ) -> None:
        """``cell(width, height, text, border, align)`` of one plain line: the same PDF
        operators fpdf2's styled-text path writes for it (``_render_styled_text_line``),
        without its per-call fragments, copies of the graphics state and measuring; the
        glyphs of each string are looked up once.  Anything the short way does not cover
        (a page number alias, page breaks, shaping) goes through ``cell``."""
        if not self._plain() or self.str_alias_nb_pages in text:
            self.cell(width, height, text, border=border, align=align)
            return
        k, x, y, page = self.k, self.x, self.y, self.h
        if width == 0:
            width = self.w - self.r_margin - x
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
        coloured = False
        if text:
            font, size = self.current_font, self.font_size_pt
            assert isinstance(font, TTFFont)
            drawn = self.text_width(text, self.font_style, size)
            if align == "R":
                dx = width - self.c_margin - drawn
            elif align == "C":
                dx = (width - drawn) / 2
            else:
                dx = self.c_margin
            ops.append(f"BT {(x + dx) * k:.2f} {(page - y - 0.5 * height - 0.3 * (size / k)) * k:.2f} Td")
            if self.text_color != self.fill_color:
                ops.append(self.text_color.serialize().lower())
                coloured = True
            if not self.current_font_is_set_on_page:
                self._out(self._set_font_for_page(font, size))
            ops.append(f"({self._glyphs(font, text)}) Tj")
            ops.append("ET")
        if ops:
            self._out(f"q {' '.join(ops)} Q" if coloured else " ".join(ops))
        self._lasth = height or self.font_size
        self.x = x + width

    def _plain(self) -> bool:
        """Whether the page draws as ``text_cell`` assumes: no automatic page break, no
        shaping or fallback fonts, plain spacing, stretching and text mode."""
        return (
            not self.auto_page_break
            and not self.text_shaping
            and not self._fallback_font_ids
            and not self._record_text_quad_points
            and self.char_spacing == 0
            and self.font_stretching == 100
            and self.text_mode == TextMode.FILL
            and not self.underline
            and not self.strikethrough
            and self.is_ttf_font
        )

    def _glyphs(self, font: TTFFont, text: str) -> str:
        """The string as the font's subset codes it in the page, escaped (what fpdf2's
        ``render_pdf_text_ttf`` writes); a glyph's code, once given, never changes."""
        key = (font.i, text)
        coded = self._coded.get(key)
        if coded is None:
            picked = (font.subset.pick(ord(c)) for c in text)
            coded = self._coded[key] = font.escape_text("".join(chr(code) for code in picked if code))
        return coded

    def left_lines(self, width: float, height: float, text: str) -> None:
        """``multi_cell(width, height, text, align="L")``: the line breaks of a text drawn
        again and again (the legend on every card) are found once per text, width and font."""
        key = (text, width, self.font_style, self.font_size_pt)
        lines = self._broken.get(key)
        if lines is None:
            found = self.multi_cell(width, height, text, align="L", dry_run=True, output=MethodReturnValue.LINES)
            if not isinstance(found, list):  # fpdf2 types the result of every ``output`` as one union
                raise TypeError(f"multi_cell returned {type(found).__name__} for its lines")
            lines = self._broken[key] = [str(line) for line in found] or [""]
        x = self.x
        for line in lines:
            self.x = x
            self.text_cell(width, height, line)
            self.y += height

    # -- tables -----------------------------------------------------------------------
    def widths(self, columns: Sequence[Column], total: float | None = None) -> list[float]:
        total = self.epw if total is None else total
        weight = sum(c.width for c in columns)
        return [total * c.width / weight for c in columns]

    def table_header(self, columns: Sequence[Column], widths: Sequence[float], height: float) -> None:
        """The header row; columns sharing a ``group`` get it as a title spanning them."""
        self.set_fill_color(230, 230, 230)
        left = x = self.get_x()
        y = self.get_y()
        index = 0
        while index < len(columns):
            column = columns[index]
            if not column.group:
                self.header_cell(x, y, widths[index], height, column.title)
                x += widths[index]
                index += 1
                continue
            run = index
            while run < len(columns) and columns[run].group == column.group:
                run += 1
            span = sum(widths[index:run])
            self.header_cell(x, y, span, height / 2, column.group)
            for sub in range(index, run):
                self.header_cell(x, y + height / 2, widths[sub], height / 2, columns[sub].title)
                x += widths[sub]
            index = run
        self.set_xy(left, y + height)

    def header_cell(self, x: float, y: float, width: float, height: float, text: str) -> None:
        """A grey header cell at a readable size (8 pt at least): a title too long for one
        line takes two where there is room, else its abbreviation (``labels.SHORT``)."""
        size = self.font_size_pt
        header = max(size, HEADER_FONT)
        self.rect(x, y, width, height, style="DF")
        self.set_font(FAMILY, "B", header)
        room = width - 2 * self.c_margin
        two_lines = " " in text and height >= 6 and max(self.get_string_width(p) for p in text.split(" ", 1)) <= room
        if self.get_string_width(text) > room and two_lines:
            line = min(height / 2, header * 0.45)
            self.set_xy(x, y + (height - 2 * line) / 2)
            self.multi_cell(width, line, text, align="C", new_x="RIGHT", new_y="TOP", max_line_height=line)
        else:
            if self.get_string_width(text) > room:
                text = abbreviation(text, self.tournament.settings.lang)
            self.set_xy(x, y)
            self.fit_cell(width, height, text, bold=True, size=header)
        self.set_font(FAMILY, "", size)

    def draw_table(
        self,
        columns: Sequence[Column],
        rows: Sequence[Sequence[Text]],
        height: float = 5.0,
        font_size: float = 8.0,
        header_height: float | None = None,
        x: float | None = None,
        width: float | None = None,
    ) -> None:
        """Rows under a header.  On the page (no ``x``) the table flows onto new pages with
        its header repeated; placed at ``x`` (inside a card) it stays where it is."""
        left = self.l_margin if x is None else x
        widths = self.widths(columns, width)
        header_height = header_height or height + 1
        self.set_font(FAMILY, "", font_size)
        self.set_x(left)
        self.table_header(columns, widths, header_height)
        for row in rows:
            if x is None and self.get_y() + height > self.bottom:
                self.add_page()
                self.set_font(FAMILY, "", font_size)
                self.table_header(columns, widths, header_height)
            self.set_x(left)
            for column, cell_width, text in zip(columns, widths, row, strict=True):
                self.fit_cell(cell_width, height, text, border=1, align=column.align, size=font_size)
                if (column.marks or column.title.isdigit()) and isinstance(text, str):
                    self.results_written.append(text)
            self.ln(height)

    def results_legend(self) -> None:
        """Under the tables: what the result marks written in them mean (``++`` — свободный
        тур…), only those that were written."""
        line = legend(self.results_written, self.labels)
        if line:
            self.notes([line + "."])

    def legend(self, titles: Sequence[str]) -> None:
        """Under a table: what its short column titles stand for, for each title written as
        ``Full name (SHORT)`` (``SOS — сумма очков соперников``)."""
        line = legend_line(titles)
        if line:
            self.ln(2)
            self.set_font(FAMILY, "", 8)
            self.multi_cell(0, 4, line, new_x="LMARGIN", new_y="NEXT")

    def notes(self, lines: Sequence[str]) -> None:
        """Lines of small text under a table: what its marks mean, why a prize went where."""
        if lines:
            self.ln(2)
            self.set_font(FAMILY, "", 8)
            for line in lines:
                self.multi_cell(0, 4, line, align="L", new_x="LMARGIN", new_y="NEXT")

    def line_count(self, width: float, height: float, text: str) -> int:
        """The lines ``multi_cell`` would break ``text`` into at the current font; nothing is drawn."""
        lines = self.multi_cell(width, height, text, dry_run=True, output=MethodReturnValue.LINES)
        if not isinstance(lines, list):  # fpdf2 types the result of every ``output`` as one union
            raise TypeError(f"multi_cell returned {type(lines).__name__} for its lines")
        return len(lines)

    def cut_guides(self, xs: Sequence[float], ys: Sequence[float]) -> None:
        """Dashed lines to cut a sheet into cards or slips."""
        self.set_draw_color(150, 150, 150)
        self.set_dash_pattern(dash=1.5, gap=1.5)
        for x in xs:
            self.line(x, 0, x, self.h)
        for y in ys:
            self.line(0, y, self.w, y)
        self.set_dash_pattern()
        self.set_draw_color(0, 0, 0)

    def room_left(self) -> float:
        return self.bottom - self.get_y()


def _same(a: float, b: float) -> bool:
    """fpdf2's test of one font size against another."""
    return FloatTolerance.equal(a, b)


def shown_date(day: date, lang: str) -> str:
    """A date as the paper's reader writes it: ``05.12.2026`` in Russian, ISO in English."""
    return day.strftime("%d.%m.%Y") if lang == "ru" else day.isoformat()


def write(document: FPDF, output: Output) -> None:
    """The PDF, into the file the service checked (written whole or not at all)."""
    output.write(bytes(document.output()))
