"""HTML that cannot carry a stranger's markup: every string is escaped unless it is ``Markup``
made here, so a player named ``<script>`` is a player named ``<script>`` on every page."""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from urllib.parse import urlencode


class Markup(str):
    """HTML built by these functions (already escaped): the one kind of text left as it is."""

    __slots__ = ()


Child = str | Markup | None


_BIDI = [0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A)]
"""The marks and overrides that reorder the text around them: a visitor's own search echoed
with U+202E read backwards, «…» and all (a name holding one is refused at entry)."""
_CONTROL = {c: None for c in [*range(32), *range(127, 160), *_BIDI] if chr(c) not in "\t\n"}


def text(value: object) -> Markup:
    """``value`` as text on a page: escaped, control characters (but tab and newline) and
    the marks of writing direction dropped."""
    return Markup(escape(str(value).translate(_CONTROL), quote=True))


VOID = frozenset({"meta", "link", "input"})
"""Elements HTML writes without an end tag."""


def tag(name: str, /, *children: Child, **attributes: str | int | None) -> Markup:
    """``<name …>children</name>`` (``<name …>`` for a void element); an attribute ``class_`` is
    written ``class``, ``None`` left out."""
    attrs = "".join(
        f' {key.rstrip("_").replace("_", "-")}="{text(value)}"'
        for key, value in attributes.items()
        if value is not None
    )
    if name in VOID:
        assert not children, name
        return Markup(f"<{name}{attrs}>")
    inner = "".join(child if isinstance(child, Markup) else text(child) for child in children if child is not None)
    return Markup(f"<{name}{attrs}>{inner}</{name}>")


def join(*parts: Child) -> Markup:
    return Markup("".join(p if isinstance(p, Markup) else text(p) for p in parts if p is not None))


def href(path: str, query: Mapping[str, str | int | None]) -> str:
    """A link to one of the pages (a page's own path, never a visitor's), its query encoded."""
    shown = {k: v for k, v in query.items() if v is not None and v != ""}
    return path + ("?" + urlencode(shown) if shown else "")
