"""Every refusal the rules, the file, the paperwork and the interfaces can give is a
template the catalogue translates (issue 24): no f-string, no ``str(error)`` passed on, and
each template has its Russian line with the very same fields, so the app and a Russian
command line never show an English refusal."""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
import string
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

from schemes.errors import Notice, Worded, counted
from tui.i18n import RU

ROOT = Path(__file__).parents[1]
PACKAGES = ("schemes", "data", "paperwork", "tui")
NOT_TEMPLATES = {"BadSetting": 0, "WouldBreak": 0, "Recorded": 0}
"""Refusals whose arguments are not a template (a setting and its cause; an event and its
cause; a refusal read back from the hall's record, its template made where it was raised)."""


def worded_classes() -> dict[str, type]:
    for package in PACKAGES:
        for module in pkgutil.walk_packages([str(ROOT / package)], prefix=f"{package}."):
            if module.name != "tui.__main__":
                importlib.import_module(module.name)
    found: dict[str, type] = {"Notice": Notice}
    todo = [Worded]
    while todo:
        cls = todo.pop()
        found[cls.__name__] = cls
        todo += cls.__subclasses__()
    return found


def fields_of(template: str) -> set[str]:
    return {
        name.split("!")[0].split(".")[0] for _text, name, _spec, _conv in string.Formatter().parse(template) if name
    }


WRAPPERS = {"warn": "Notice"}
"""Methods that make a refusal of their template argument (an importer's warning): a call of
one is a construction, and the refusal made inside one passes its parameter on."""


@cache
def raise_sites() -> tuple[tuple[str, int, str, ast.expr | None, type], ...]:
    """Every construction of a refusal: file, line, class name, its template argument (None:
    the class's own), and the class.  Parsed once per test process: four tests read them."""
    return tuple(_raise_sites())


def _raise_sites() -> Iterator[tuple[str, int, str, ast.expr | None, type]]:
    classes = worded_classes()
    for package in PACKAGES:
        for source in sorted((ROOT / package).rglob("*.py")):
            tree = ast.parse(source.read_text(encoding="utf-8"))
            inside = {
                id(node)
                for function in ast.walk(tree)
                if isinstance(function, ast.FunctionDef) and function.name in WRAPPERS
                for node in ast.walk(function)
            }
            for node in ast.walk(tree):
                if not isinstance(node, ast.Call) or id(node) in inside:
                    continue
                name = getattr(node.func, "id", getattr(node.func, "attr", ""))
                name = WRAPPERS.get(name, name)
                if name not in classes or name in NOT_TEMPLATES:
                    continue
                where = str(source.relative_to(ROOT))
                yield where, node.lineno, name, node.args[0] if node.args else None, classes[name]


def templates() -> dict[str, str]:
    """Every refusal template found, and where (the first place it is made)."""
    found: dict[str, str] = {}
    for where, line, _name, argument, cls in raise_sites():
        if argument is None:
            template = getattr(cls, "template", None)
        elif isinstance(argument, ast.Constant) and isinstance(argument.value, str):
            template = argument.value
        else:
            continue
        if isinstance(template, str):
            found.setdefault(template, f"{where}:{line}")
    for cls in worded_classes().values():
        if isinstance(getattr(cls, "template", None), str) and cls.__name__ not in NOT_TEMPLATES:
            found.setdefault(cls.template, cls.__module__)
    return found


def is_log_entry(argument: ast.expr) -> bool:
    """``Notice(*describe_parts(event))``: a log entry's template (``test_i18n`` checks those)."""
    return isinstance(argument, ast.Starred) and "describe_parts(" in ast.unparse(argument)


def test_no_refusal_is_worded_where_it_is_raised() -> None:
    """A refusal's words are a constant template with fields, never text built on the spot."""
    built = [
        f"{where}:{line} {name}({ast.unparse(argument)[:60]})"
        for where, line, name, argument, _cls in raise_sites()
        if argument is not None
        and not (isinstance(argument, ast.Constant) and isinstance(argument.value, str))
        and not is_log_entry(argument)
    ]
    assert built == []


def test_every_refusal_has_its_russian_line_with_the_same_fields() -> None:
    found = templates()
    missing = sorted(f"{where}: {template}" for template, where in found.items() if template not in RU)
    assert missing == []
    differ = sorted(t for t in found if t in RU and fields_of(t) != fields_of(RU[t]))
    assert differ == []


LATIN_ALLOWED = re.compile(
    "|".join(
        (
            r"--[a-z-]+|tengen (?:hall |import )?[a-z]+|player (?:find|edit)|pairing swap|(?:pair|export|import) \S+",
            r"\b(?:Tengen|OpenGotha|tengen|UTF-8|Windows-1251|CSV|JSON|EGD|EGF|RGF|XML|Excel|xlsx|TinyDB|PIN|KEY=VALUE)\b",
            r"\b(?:MMS|NBW|SOS\w*|CUSS\w*|SODOS\w*|gen\w+|pai\w+|hd\w+|Tournament|\w*ParameterSet|numberOf\w+|true|false|NULL)\b",
            r"\b(?:exactWholeField|turkishLocale)\b",
            r"\b(?:FILE\w*|xdg-open|RU|DE|[A-Z]+_[A-Z_]+)\b|https?://\S*",
        )
    )
)
"""Latin words a Russian refusal keeps: options and commands as typed, file formats,
OpenGotha's own names of parameters and criteria and Tengen's two of its kind, an address's
``http://``."""


@pytest.mark.parametrize("language", ["en", "ru"])
def test_every_refusal_reads_in_both_languages(language: str) -> None:
    """Each template filled with sample values: in English as written, in Russian with no
    English word left (names of options, formats and OpenGotha's parameters aside)."""
    from tui import i18n

    english = set()
    for text in RU:
        english.update(w.casefold() for w in re.findall(r"[A-Za-z]{4,}", re.sub(r"\{[^}]*\}", "", text)))
    i18n.set_language(language)
    try:
        for template in templates():
            shown = i18n._(template, **{name: 7 for name in fields_of(template)})
            if language == "en":
                assert shown == counted(template, **{name: 7 for name in fields_of(template)})
                continue
            words = set(re.findall(r"[A-Za-z]{4,}", LATIN_ALLOWED.sub("", shown)))
            assert {w for w in words if w.casefold() in english} == set(), template
    finally:
        i18n.set_language("ru")
