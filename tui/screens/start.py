"""The first screen: the tournaments in the data folder, and the demo."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Header, OptionList, Static
from textual.widgets.option_list import Option

from tui.screens.tournament import TournamentScreen


class StartScreen(Screen[None]):
    BINDINGS = [
        Binding("d", "demo", "Open the demo"),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self, folder: Path) -> None:
        super().__init__()
        self.folder = folder

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(f"Tournaments in {self.folder}", id="title")
        files = sorted(self.folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True) if self.folder.is_dir() else []
        if files:
            yield OptionList(*(Option(p.name, id=str(p)) for p in files))
        else:
            yield Static("No tournaments here yet. Press d for the demo, or create one with `tengen new`.", id="empty")
        yield Footer()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.app.push_screen(TournamentScreen(Path(event.option.id)))

    def action_demo(self) -> None:
        from tui.demo import write_demo

        folder = self.folder / "demo"
        write_demo(folder)
        self.app.push_screen(StartScreen(folder))
