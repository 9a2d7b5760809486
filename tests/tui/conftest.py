"""The app's tests: the demo tournaments (written once per run, ``demo_once`` in
``tests/conftest.py``) copied for each test that changes them."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from textual.app import App
from textual.message import Message
from textual.notifications import Notify

from tests.conftest import copy_into

if TYPE_CHECKING:
    from tui.app import TengenApp


@pytest.fixture(autouse=True)
def served_on_loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    """An app that serves (a hall's laptop serves its peers from the moment it opens) serves
    on 127.0.0.1, on a free port of its own (``serving.PORT`` 0, though the dialogs still say
    the port a referee's app tries, 8390): two test processes at once, or a referee's app on
    8390, never meet, and nothing of a test is offered to the machine's network."""
    from tui import serving

    monkeypatch.setattr(serving, "PORT", 0)
    monkeypatch.setattr(serving, "BIND", "127.0.0.1")


@pytest.fixture(autouse=True)
def questions_read_before_answered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pilot's keys come as a referee's do: one that answers a question comes once the
    question is drawn (``Question.unread``: a key typed before it answers nothing).  The tests
    of keys typed at once post them (``burst``)."""
    from textual.pilot import Pilot

    from tui.screens.confirm import Question

    press = Pilot.press

    async def reading(pilot: Pilot[Any], *keys: str) -> None:
        for key in keys:
            question = pilot.app.screen
            if isinstance(question, Question):
                await until(pilot, lambda question=question: question.drawn_at is not None or not question.is_attached)
            await press(pilot, key)

    monkeypatch.setattr(Pilot, "press", reading)


@pytest.fixture(autouse=True, scope="session")
def quick_idle_checks() -> None:
    """The pilot waits after each key until the app has been idle for a slice of time;
    Textual's slice is 20 ms, so three of them per key were a third of the app tests' time.
    A 4 ms slice (idle meaning the same: under 1/20 of it busy) waits for the same work."""
    import textual._wait

    textual._wait.SLEEP_GRANULARITY = 0.004
    textual._wait.SLEEP_IDLE = 0.004 / 20


@pytest.fixture(autouse=True, scope="session")
def stylesheets_parsed_once() -> Iterator[None]:
    """Every app of a test process parses the same stylesheets (Textual's widgets' and
    ``tui/app.tcss``) with the same theme: a tenth of the CPU of opening a tournament, in
    each of some 250 tests.  A test process keeps the rules its first app parsed for the
    next ones.  Textual keeps them only per stylesheet (``Stylesheet._parse_cache``), and
    each app makes its own; there is no public way to share them.  The key holds the theme's
    variables (substituted as the rules are parsed), so other variables are parsed anew."""
    from textual.css.stylesheet import Stylesheet

    parse = Stylesheet._parse_rules
    parsed: dict[tuple[object, ...], list[Any]] = {}
    themes: dict[int, tuple[dict[str, str], tuple[tuple[str, str], ...]]] = {}

    def parse_rules(self: Stylesheet, css: str, read_from: Any, is_default_rules: bool = False,
                    tie_breaker: int = 0, scope: str = "") -> list[Any]:  # fmt: skip
        variables, theme = themes.get(id(self), (None, ()))
        if variables is not self._variables:  # a new stylesheet, or new variables set
            theme = tuple(sorted(self._variables.items()))
            themes[id(self)] = (self._variables, theme)
        key = (css, read_from, is_default_rules, tie_breaker, scope, theme)
        if key not in parsed:
            parsed[key] = parse(self, css, read_from, is_default_rules, tie_breaker, scope)
        return parsed[key]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Stylesheet, "_parse_rules", parse_rules)
        yield


@pytest.fixture
def russian() -> Iterator[None]:
    """The app in Russian for the test, and again after it (a test may switch to English);
    a module asks for it with ``pytestmark = pytest.mark.usefixtures("russian")``."""
    from tui import i18n

    i18n.set_language("ru")
    yield
    i18n.set_language("ru")


def app_on(folder: Path, name: str | None = "gamma.json") -> TengenApp:
    """The app over ``folder``, with the tournament ``name`` open (None: the start screen)."""
    from tui.app import TengenApp

    return TengenApp(str(folder / name) if name else None, folder=folder, open_viewer=False)


def copy_demo(source: Path, target: Path) -> Path:
    """The demo's tournament files (not their locks or backups) copied into ``target``."""
    return copy_into(source, target, "*.json")


@pytest.fixture
def folder(demo_once: Path, tmp_path: Path) -> Path:
    return copy_demo(demo_once, tmp_path)


class Notes(list[str]):
    """Every notification the app posted, in order (a ``run_test`` message hook: Textual's
    public way to see them, and expired ones are not lost)."""

    def __call__(self, message: Message) -> None:
        if isinstance(message, Notify):
            self.append(message.notification.message)


NOTES: dict[int, Notes] = {}


def run_test(app: App[None], **options: Any) -> Any:
    """``app.run_test`` with its notifications recorded for ``notes(app)``, animations off
    (the pilot would wait for each; nothing asserted depends on them)."""
    app.animation_level = "none"
    NOTES[id(app)] = Notes()
    return app.run_test(message_hook=NOTES[id(app)], **options)


def notes(app: App[None]) -> list[str]:
    return NOTES[id(app)]


def burst(app: App[None], *keys: str) -> None:
    """Keys as a burst arrives (a key held down, a paste, a shell command typed into the app by
    mistake): posted at once, no wait for a screen to be drawn between them, as the pilot's
    ``press`` waits."""
    from textual import events

    for key in keys:
        app.post_message(events.Key(key, key if len(key) == 1 else None))


def key_at(app: TengenApp, key: str, time: float) -> None:
    """A key as a terminal stamps it, at ``time`` (Textual's clock of its messages)."""
    from textual.events import Key

    event = Key(key, key if len(key) == 1 else None)
    event.time = time
    app.post_message(event)


def escape_alone(app: TengenApp) -> None:
    """An Escape typed a pause after the one before, not as its repeat (``tui.app.ESCAPE_HELD``):
    a referee who closed a dialog or the notices with Esc, then presses it again to close the
    tournament, has lifted his finger between."""
    from tui.app import ESCAPE_HELD

    before = app.leaving_keys[-1].time if app.leaving_keys else 0.0
    key_at(app, "escape", max(Message().time, before + ESCAPE_HELD + 0.01))


async def setting_asked(app: App[None], pilot: Any, key: str) -> Any:
    """F8, the cursor on the setting ``key``, Enter: the screen that answers (its dialog, or
    the tournament's screen where the setting is not changed there)."""
    from textual.widgets import DataTable

    await pilot.press("f8")
    await pilot.pause()
    table = app.screen.query_one("#settings-table", DataTable)
    table.move_cursor(row=table.get_row_index(key))
    await pilot.press("enter")
    await pilot.pause()
    return app.screen


async def answered(pilot: Any, dialog: Any, text: str) -> None:
    """``text`` typed into a dialog's one field, and Enter."""
    from textual.widgets import Input

    dialog.query_one(Input).value = text
    await pilot.press("enter")
    await pilot.pause()


async def new_tournament_form(app: App[None], pilot: Any, scheme: str | None = None) -> Any:
    """The start screen's new-tournament form, open (with ``scheme`` chosen)."""
    from textual.widgets import Select

    await pilot.press("n")
    await pilot.pause()
    if scheme:
        app.screen.query_one("#scheme", Select).value = scheme
        await pilot.pause()
    return app.screen


async def until(
    pilot: Any, condition: Callable[[], bool], timeout: float = 30.0, seen: Callable[[], object] | None = None
) -> None:
    """Waits until ``condition`` holds (what a timer of the app brings, such as the palette's
    «nothing found» half a second after a search finds nothing), checking as often as the
    pilot's own idle checks; fails when ``timeout`` seconds pass first (only a loaded machine
    is that slow), saying what ``seen`` gives then: a wait that failed once in a whole run
    said only that it waited.  A fixed pause would wait too long on an idle machine, too
    short on a busy one."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"waited in vain; seen: {seen() if seen else app_state(pilot.app)}"
        await pilot.pause(0.01)


def app_state(app: App[None]) -> str:
    """The screens stacked and the widget in focus: what a failed wait says by default."""
    return f"screens {[type(screen).__name__ for screen in app.screen_stack]}, focused {app.focused!r}"


def shown_text(app: App[None]) -> str:
    """What the screen shows, dialogs over what they cover, as plain text: what
    ``export_screenshot`` draws, without its SVG (an eighth of a walk's time)."""
    import io

    from rich.console import Console

    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), record=True, force_terminal=True,
                      color_system=None, legacy_windows=False, safe_box=False)  # fmt: skip
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return console.export_text()


async def warnings_read(pilot: Any) -> list[str]:
    """The warnings an import lists over the tournament it opened, read and closed (Enter):
    what they said, under its heading."""
    from textual.widgets import Label

    from tui.screens.notices import NoticesScreen
    from tui.screens.tournament import TournamentScreen

    await until(pilot, lambda: isinstance(pilot.app.screen, NoticesScreen) and pilot.app.screen.drawn_at is not None)
    await pilot.pause()
    said = [
        pilot.app.screen.question,
        *(str(label.render()) for label in pilot.app.screen.query(".notice").results(Label)),
    ]
    await pilot.press("enter")
    await until(pilot, lambda: isinstance(pilot.app.screen, TournamentScreen))
    return said


async def form_sent(pilot: Any, form: Any, surname: str, name: str, strength: str) -> None:
    """A player's form (``PlayerFormScreen``) filled with his surname, name and strength, and sent
    with Enter from its first field."""
    from textual.widgets import Input

    form.query_one("#surname", Input).value = surname
    form.query_one("#name", Input).value = name
    form.query_one("#strength", Input).value = strength
    form.query_one("#surname", Input).focus()
    await pilot.press("enter")
    await pilot.pause()
