"""A QR code on paper: the players' page's address on the protocol that hangs on the wall,
so a player reads the pairing on a phone instead of in the crowd (issue 28).

Drawn as vector squares from segno's matrix (fpdf2's ``rect``; a row's run of dark modules is
one rectangle, so no hairline shows between neighbours at any resolution): no image library,
sharp on any printer, and the same address gives the same bytes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from data.errors import Refused

if TYPE_CHECKING:
    from fpdf import FPDF

LONGEST = 200
"""The longest address printed: a code holding more is too dense to scan off a wall."""
MODULE = 0.6
"""A module's side in mm: a round's page on the hall's network (``http://192.168.1.5:8390/round/3``,
version 3 at level M, 29 modules) is 17.4 mm, which a phone reads from a hand's length and
which leaves 40 boards and the signatures on one page; a printer draws 0.6 mm cleanly."""
QUIET = 4
"""The quiet zone in modules (the standard's four): nothing is drawn there."""


class NotAPage(Refused):
    """What ``--qr`` was given is not a web page's address a phone can open."""

    template = "{url}: not a page's address ({http} or {https}, at most {longest} characters)"


def checked(url: str) -> str:
    """``url`` when it is an ``http://`` or ``https://`` address with a host, of printable
    characters and no spaces, at most ``LONGEST`` long; refused (``NotAPage``) otherwise."""
    from urllib.parse import urlsplit

    scheme, _, rest = url.partition("://")
    try:
        host = urlsplit(url).hostname
    except ValueError:  # a broken [IPv6] host
        host = None
    printable = url.isprintable() and not any(char.isspace() for char in url)
    if len(url) > LONGEST or scheme not in ("http", "https") or not rest or not host or not printable:
        shown = url if len(url) <= 60 else url[:59] + "…"  # the refusal stays one readable line
        raise NotAPage(url=shown, http="http://…", https="https://…", longest=LONGEST)
    return url


def modules(url: str) -> tuple[bytearray, ...]:
    """The code's rows of modules (1 dark), without the quiet zone.  Level M: a seventh of the
    code may be scuffed or creased on the wall and it still reads."""
    import segno

    return tuple(segno.make_qr(url, error="m").matrix)


def side(url: str) -> float:
    """The code's side in mm without its quiet zone."""
    return len(modules(url)) * MODULE


def draw(document: FPDF, url: str, x: float, y: float) -> None:
    """The code of ``url`` with its top left corner (the quiet zone outside it) at ``x, y``."""
    matrix = modules(url)
    with document.local_context(fill_color=(0, 0, 0)):
        for row, dark in enumerate(matrix):
            column = 0
            while column < len(dark):
                if not dark[column]:
                    column += 1
                    continue
                run = column
                while run < len(dark) and dark[run]:
                    run += 1
                document.rect(x + column * MODULE, y + row * MODULE, (run - column) * MODULE, MODULE, style="F")
                column = run
