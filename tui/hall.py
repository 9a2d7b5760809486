"""What the app shows of a hall (``../shared/spec/hall.md``): its laptops and when each was
last heard, the secret as a QR code a phone scans off the screen, and the problems of a sync
in the interface language.  No widget here: the tournament screen and the hall's dialog
draw these."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

from rich.style import Style
from rich.text import Text

from data.hall.hall import SILENT, Laptop, heard_at
from schemes.errors import Worded
from schemes.state.model import Tournament
from tui.i18n import _, said

QR_BORDER = 4
"""The quiet zone of the QR code in modules: the standard's four (a phone's scanner finds
the code by it; a dark terminal around it is no quiet zone)."""
DARK = Style(color="#000000", bgcolor="#ffffff")
"""The code's own colours, whatever the theme: black modules on white (a scanner reads
dark on light; the terminal's light-on-dark, inverted, is refused by many)."""


def qr_text(text: str) -> Text:
    """``text`` as a QR code in Unicode half blocks, two rows of modules per line of text, so
    each module is about square in a terminal's cell (1 wide, 2 tall): the secret's code and
    the players' pages' address (an IPv4 address and a port: both version 2, 25 modules and
    the quiet zone) are 33 columns and 17 lines, which fit beside a dialog's other lines at 80×24."""
    import segno

    rows = [list(row) for row in segno.make_qr(text, error="l").matrix_iter(scale=1, border=QR_BORDER)]
    if len(rows) % 2:
        rows.append([0] * len(rows[0]))  # the last line's lower half: light, like the quiet zone
    lines = []
    for upper, lower in zip(rows[::2], rows[1::2], strict=True):
        lines.append("".join(_HALVES[(bool(a), bool(b))] for a, b in zip(upper, lower, strict=True)))
    return Text("\n".join(lines), style=DARK, end="")


_HALVES = {(False, False): " ", (True, False): "▀", (False, True): "▄", (True, True): "█"}
"""A cell's two modules (upper, lower; True is dark) as the block drawn in black on white."""


def heard(laptop: Laptop, device: str, now: datetime | None = None) -> str:
    """When a laptop was last heard, as a referee reads it: this laptop, seconds or minutes
    ago, or silent (over a minute, or never) — marked, so it catches the eye; a laptop whose
    entries are refused here (``Laptop.diverged``) says that instead: heard, it is no help."""
    if laptop.device == device:
        return _("this laptop")
    if laptop.diverged:
        return "⚠ " + _("its entries refused")
    last = None if laptop.last_heard is None else heard_at(laptop.last_heard)
    if last is None:
        return "⚠ " + _("never heard")
    seconds = max(0, int(((now or datetime.now(UTC)) - last).total_seconds()))
    if seconds <= SILENT.total_seconds():
        return _("{seconds} s ago", seconds=seconds)
    if seconds < 3600:
        return "⚠ " + _("silent {minutes} min", minutes=seconds // 60)
    if seconds < 2 * 86400:  # a laptop left off overnight: «молчит 14 ч», not «молчит 840 мин»
        return "⚠ " + _("silent {hours} h", hours=seconds // 3600)
    return "⚠ " + _("silent {days} d", days=seconds // 86400)


def laptop_name(name: str, chief: bool) -> str:
    """A laptop as the hall's lists name it: the chief's marked so, but not twice where its name
    says it already («Главный», the name offered: «Главный (главный)»)."""
    role = _("chief")
    return f"{name} ({role})" if chief and name.casefold() != role.casefold() else name


def laptops_line(state: Tournament, laptops: Sequence[Laptop], device: str, now: datetime | None = None) -> str:
    """The header's line of a hall: each laptop by its name, when it was heard, and the
    disputed boards (the chief cannot pair until they are settled)."""
    hall = state.hall
    if hall is None:
        return ""
    parts = []
    known = {laptop.device: laptop for laptop in laptops}
    for enrolled in hall.laptops.values():
        laptop = known.get(enrolled.device) or Laptop(enrolled.device, enrolled.name, 0, None, True, False)
        parts.append(f"{laptop_name(enrolled.name, enrolled.device == hall.chief)}: {heard(laptop, device, now)}")
    if device not in hall.laptops:
        parts.append("⚠ " + _("this laptop is not enrolled yet"))
    count = disputes(state)
    if count:
        parts.append(_("disputed boards: {count}", count=count))
    twins = state.possible_duplicates()
    if twins:
        numbered = state.numbers.get  # the numbers the boards give, once given (ids beside «61. Ким Л.»: a trial)
        said = ", ".join(f"{numbered(a, a)}={numbered(b, b)}" for a, b in twins)
        parts.append(_("possible duplicates: {pairs}", pairs=said))
    return _("Hall") + " · " + " · ".join(parts)


def disputes(state: Tournament) -> int:
    return sum(len(played.disputes) for played in state.rounds)


def worded(problem: Worded | str) -> str:
    """A sync's problem in the interface language: a refusal said in its words (its fields,
    a peer's network failure among them, are worded by the service too); a record kept in
    English (``hall status``'s refused chains) as it is."""
    return said(problem) if isinstance(problem, Worded) else problem
