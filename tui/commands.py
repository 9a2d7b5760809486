"""The ctrl+p palette: Tengen's own commands only, in the interface language.

Textual's palette would offer its system commands (themes, screenshots) and every binding
of the focused widget (a table's ``Cursor down``, ``Page Down``…), all in English.  Here it
offers what the keys of the screen do — the same list F1 shows — plus the language switch
and quit, each once; the search box and its "nothing found" line speak the interface
language too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial

from rich.align import Align
from rich.text import Text
from textual import on
from textual.command import CommandList, CommandPalette, DiscoveryHit, Hit, Hits, Provider
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, Input, OptionList
from textual.widgets.option_list import Option

from tui.i18n import _
from tui.translated import Translated


@dataclass(frozen=True)
class Command:
    key: str
    """The key as the footer shows it."""
    description: str
    run: Callable[[], object]
    hint: bool = False
    """Only names keys (the board's digits, Tab to the next field): listed by F1, not offered."""


def screen_commands(screen: Screen[object]) -> list[Command]:
    """The keys the screen answers now (the focused pane's, the screen's and the app's:
    Textual's ``active_bindings``), each description once with every key that does it
    («b, ч»: a trial typed ``ч`` on the Russian layout for «both lose», the ``x`` F1 names,
    and F1 never said that ``ч`` enters «Ч+»), in the interface language — not a table's own
    arrows and pages, which are the widget's, not the referee's commands."""
    seen: dict[str, Command] = {}
    for active in screen.active_bindings.values():
        binding = active.binding
        ours = isinstance(active.node, Translated) or binding.action == "help"
        said = binding.tooltip or binding.description  # the footer's word is short, its meaning whole here
        description = _(said) if said else ""
        if not (ours and description and active.enabled):
            continue
        key = screen.app.get_key_display(binding)
        if description in seen:
            if binding.id is not None:  # ours; not Textual's copy key for macOS (super+c) beside ctrl+c
                seen[description] = replace(seen[description], key=f"{seen[description].key}, {key}")
            continue
        run = partial(screen.app.run_action, binding.action, active.node)  # Widget.run_action, for any DOMNode
        # Textual's own keys of a screen (Tab, Shift+Tab, copy) are listed, not offered
        hint = binding.id is None or binding.action in getattr(active.node, "HINTS", ())
        seen[description] = Command(key, description, run, hint)
    return list(seen.values())


def palette_commands(screen: Screen[object]) -> list[Command]:
    """What the palette offers over ``screen``: its keys, then the language and quit.  Over a
    dialog the language says to close it first: a dialog is composed once, and over the print
    dialog the switch left it in the old language (a trial); offered nothing, «язык» typed
    there found «Ничего не найдено» without a word why (a trial)."""
    app = screen.app
    commands = [c for c in screen_commands(screen) if not c.hint]
    known = {c.description for c in commands}
    language: Callable[[], object] = partial(app.run_action, "switch_language")
    if screen.is_modal:
        language = partial(app.notify, _("Close the window first (Esc), then switch the language"), severity="warning")
    for description, run in ((_("Language"), language), (_("Quit"), partial(app.run_action, "quit"))):
        if description not in known:
            commands.append(Command("", description, run))
    return commands


class TengenCommands(Provider):
    """The palette's only source of commands (``TengenApp.COMMANDS``)."""

    async def discover(self) -> Hits:
        for command in palette_commands(self.screen):
            yield DiscoveryHit(command.description, command.run, help=command.key or None)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for command in palette_commands(self.screen):
            if (score := matcher.match(command.description)) > 0:
                yield Hit(score, matcher.highlight(command.description), command.run, help=command.key or None)


class Palette(CommandPalette):
    """Textual's palette with its two words of its own in the interface language."""

    def __init__(self) -> None:
        super().__init__(placeholder=_("Find a command…"), id="--command-palette")

    def _start_no_matches_countdown(self, search_value: str) -> None:
        """Textual's own wording is a literal here ("No matches found"): the same countdown
        and line, said in the interface language."""
        self._stop_no_matches_countdown()

        def show_nothing_found() -> None:
            if search_value:
                self.query_one(CommandList).add_option(
                    Option(Align.center(Text(_("Nothing found"), style="not bold")), disabled=True, id=self._NO_MATCHES)
                )
                self._list_visible = True
            else:
                self._list_visible = False

        self._no_matches_timer = self.set_timer(self._NO_MATCHES_COUNTDOWN, show_nothing_found)

    @on(Input.Submitted)
    @on(OptionList.OptionSelected)
    @on(Button.Pressed)
    def chosen_once(self, event: Message) -> None:
        """A command is chosen once: a second Enter in a burst (a key held down, repeating)
        reached Textual's palette after the first had closed it, and it closed the screen
        under it too — the last one, and the app fell over.  What comes once it is off the top
        is not passed on to Textual's own handlers (which would run the command again)."""
        if self.app.screen is not self:
            event.prevent_default()
            event.stop()
