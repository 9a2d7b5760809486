"""Players: the registration table with search; add, edit, skips, withdrawal, imports."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from textual import getters
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import DataTable, Input, Static

from data.importers import BadRow, ImportFailed, RatedPlayer, Row, is_rating_list, read_csv, without_twins
from data.service import Service
from schemes import registry
from schemes.errors import InvalidEvent
from schemes.log import actions
from schemes.state.model import Player, Tournament
from schemes.values.names import fold
from tui.app import TengenApp
from tui.i18n import _, said, schemes_with, visible
from tui.panes.pane import Pane
from tui.views import name_holds, shown_path, typed_path, with_usual_country, withdrawal_bye
from tui.widgets import Column, Field, PlainTable, cut, while_on_top


def registered(state: Tournament, player_id: int) -> str:
    """What the referee is told of a registration: once rounds are paired, where the new player
    is — on no board of the latest round, whose rest ``n`` offers before its first result (a
    trial was told he skipped the round ``n`` then seated him in), or from the next round."""
    player, paired = state.players[player_id], state.paired_rounds
    if not paired:
        return _("Registered: {name}", name=player.full_name)
    if player_id in registry.latest_rest(state):
        return _("Registered: {name}; on no board of round {round}: n in the rounds tab", name=player.full_name,
                 round=paired)  # fmt: skip
    return _("Registered: {name}; he plays from round {round}, the rounds before count as skips",
             name=player.full_name, round=paired + 1)  # fmt: skip


class PlayersPane(Pane):
    BINDINGS = [
        Binding("a", "add", "Add", id="players.add"),
        Binding("e", "edit", "Edit", id="players.edit"),
        # on the footer, the words of a tournament's day (a trial found no key for an absentee): short there,
        # whole in F1 and the palette; the import, a key of the day before, is F1's
        Binding("k", "skip", "Skip a round", tooltip="Skip rounds", id="players.skip_rounds"),
        Binding("w", "withdraw", "Withdraw", tooltip="Withdraw or bring back", id="players.withdraw"),
        Binding("c", "confirm", "Has come (registered in advance)", show=False, id="players.confirm"),
        Binding("i", "import_file", "Import", show=False, id="players.import"),
        Binding("f", "rating_list", "Rating list", show=False, id="players.rating_list"),
        Binding("slash", "search", "Search", id="players.search"),
        Binding("escape", "leave_search", "Close", show=False, id="players.close"),
        # ↓ from the search box to the list found, as Enter goes (a trial pressed ↓ and nothing moved);
        # the list's own ↓ moves its cursor, the box has none
        Binding("down", "to_list", "To the list", show=False, id="players.to_list"),
    ]
    app = getters.app(TengenApp)
    """Tengen's app: its data folder keeps the rating list last used."""

    def compose(self) -> ComposeResult:
        yield Field(placeholder=_("Search"), id="search")
        yield Static("", id="search-none", markup=False)  # a search that finds nobody says so (a trial read a blank)
        yield PlainTable(id="players-table", zebra_stripes=True, cursor_type="row")
        # what «3!» of a status means, under the table while one shows it, as the paper's legend says «--!»
        yield Static("", id="players-legend", markup=False)

    def retranslate(self) -> None:
        self.query_one("#search", Input).placeholder = _("Search")

    @staticmethod
    def columns(short: Mapping[str, str], countries: bool) -> list[Column]:
        """The status (a withdrawal, skips) always whole, beside the rating; when 80 columns
        are not enough the blocked pairs give way first, then the club down to ten cells, then
        the name and the club, the wider of them first (one long name cut the clubs of all to
        «Влади…»; a long club, every name to «Константин…»); a name cut
        gives its first name's initial first (``short``: each full name's «Сидорова Е.»); the
        country is left out where everyone has the same."""

        def shortened(name: str, width: int) -> str:
            return cut(short.get(name, name), width)

        return [
            Column("id", _("Id")),
            Column("no", _("No.")),
            Column("name", _("Player"), gives_way=1, shorten=shortened),
            Column("rank", _("Rank")),
            Column("rating", _("Rating"), optional=True),
            Column("status", _("Status")),
            # the club gives way first, to «Санкт-Пет…», then as the name does: a trial read «Константин…»,
            # «Шаповаленк…» beside a whole «Санкт-Петербург» (and once «Влади…» for every club, a name first)
            Column("club", _("Club"), gives_way=2, keeps=10, optional=True),
            Column("country", _("Country"), optional=not countries),  # not a search's rows: the field's
            Column("blocked", _("Blocked"), gives_way=3, optional=True),
        ]

    def show(self, session: Service) -> None:
        table = self.query_one(PlainTable)
        state = session.state
        query = self.query_one("#search", Input).value
        wanted = fold(query)
        digits = wanted.strip()
        number = digits if digits.isdigit() else None  # the number on the boards and cards
        blocks = state.blocks()
        # one country for everyone tells no row from another: its column goes, and its width to
        # the names (a trial read «Сидоров…» for Сидорова); decided on the whole field, so a
        # search does not make the column come and go
        countries = len({player.country for player in state.players.values()}) > 1
        deadline = registry.get_scheme(state.settings.scheme).traits.skip_deadline
        resting = set(registry.latest_rest(state))
        rows = [
            (
                str(player.id),
                [
                    str(player.id),
                    str(state.numbers.get(player.id, "")),
                    player.full_name,
                    player.rank_label,
                    "" if player.rating is None else str(player.rating),
                    self.status(player, deadline, state.paired_rounds if player.id in resting else 0),
                    player.club,
                    player.country if countries else "",
                    " ".join(self.blocked(state, other) for other in blocks[player.id]),
                ],
            )
            for player in state.players.values()
            if not wanted
            or name_holds(player.full_name, query)
            or (number is not None and str(state.numbers.get(player.id, "")).startswith(number))
            or number == str(player.id)  # the id whole: a hall's header names possible twins by it (a trial)
        ]
        short = {player.full_name: player.short_name for player in state.players.values()}
        none = self.query_one("#search-none", Static)
        none.display = bool(wanted.strip()) and not rows  # before the fitting, which its margins narrow
        table.fill(self.columns(short, countries), rows, self.width_to_fill())
        legend = self.query_one("#players-legend", Static)
        legend.display = any("!" in cells[5] for _key, cells in rows)
        legend.update(_("! after a round — announced too late: as an absence") if legend.display else "")
        none.update(_("Nobody found: {query}", query=cut(visible(query.strip()), 60)) if none.display else "")
        self.stale = False

    def not_here(self, action: str, parameters: tuple[object, ...]) -> str | None:
        """Registering in advance (and so confirming) is OpenGotha's; after round 1, a
        registration (the form, an import, the rating list) only where latecomers join (a
        play-off trial filled in the form, and was refused on F10; chose a file to import, and
        was refused after)."""
        state = self.session.state
        scheme = registry.get_scheme(state.settings.scheme)
        if action == "confirm" and not scheme.traits.confirms_players:
            return _("Registering in advance is OpenGotha's: {schemes} only", schemes=schemes_with("confirms_players"))
        if action in ("add", "import_file", "rating_list") and state.rounds and not scheme.traits.late_entry:
            return said(InvalidEvent("{scheme}: nobody can join after round 1 is paired", scheme=scheme.name))
        return None

    @staticmethod
    def blocked(state: Tournament, player: int) -> str:
        """A player he must not meet as the row beside names him: «№10» once the boards number
        him (a trial read «14», a registration id, as the №14 of the row below), his id before."""
        number = state.numbers.get(player)
        return str(player) if number is None else f"{_('No.')}{number}"

    @staticmethod
    def status(player: Player, deadline: bool, resting: int = 0) -> str:
        """Registered in advance, withdrawn, on no board of the latest round ``resting`` (its rest
        may still seat him), skipping (a latecomer the rounds paired before he came: they count
        as skips, which a McMahon trial's F2 did not say); a round announced after the deadline
        marked «!», as the paper's «--!» is, where the scheme has one (``deadline``:
        sport-handicap's late skip is worth 0, an early one 5, and a trial's F2 said both
        «пропуск тура 3»; «(поздно: 4)» in words took the names' room at 80 columns, a review)."""

        def marked(number: int) -> str:
            return f"{number}!" if deadline and number in player.late else str(number)

        if player.preregistered:
            return _("registered in advance")
        if player.withdrawn_from is not None:
            return _("withdrawn from {round}", round=marked(player.withdrawn_from), sex=player.sex)
        if resting:
            return _("on no board of round {round}", round=resting)
        missed = sorted(player.skips | set(range(1, player.joined)))
        if len(missed) == 1:  # «пропускает 2» read wrong once round 2 was played (a trial)
            return _("round {rounds} skipped", rounds=marked(missed[0]))
        if missed:
            return _("rounds {rounds} skipped", rounds=" ".join(map(marked, missed)))
        return ""

    def on_input_changed(self, event: Input.Changed) -> None:
        self.show(self.session)

    @while_on_top
    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.query_one(DataTable).focus()

    def selected_id(self) -> int | None:
        key = self.query_one(PlainTable).cursor_key()
        return None if key is None else int(key)

    def selected(self) -> Player | None:
        player_id = self.selected_id()
        if player_id is None:
            self.notify(_("Select a player first"), severity="warning")
            return None
        return self.session.state.players[player_id]

    def action_search(self) -> None:
        self.query_one("#search", Input).focus()

    def action_to_list(self) -> None:
        self.query_one(DataTable).focus()

    def action_leave_search(self) -> None:
        """Escape in the search box goes back to the list; on a list still filtered it shows
        every player again (a referee back on the list had closed the tournament, filter and
        all); else it closes the tournament."""
        search = self.query_one("#search", Input)
        if search.has_focus:
            self.query_one(DataTable).focus()
        elif search.value:
            search.value = ""
        else:
            self.tournament_screen.action_escape()

    def action_add(self) -> None:
        from tui.screens.player_form import PlayerFormScreen

        def register(fields: dict[str, Any] | None) -> None:
            if fields and self.tournament_screen.act(actions.register(self.session.events, **fields)):
                self.notify(registered(self.session.state, self.session.events[-1].data["player"]))

        self.app.push_screen(PlayerFormScreen(None, self.session), register)

    def action_edit(self) -> None:
        from tui.screens.player_form import PlayerFormScreen

        player = self.selected()
        if player is None:
            return

        def save(fields: dict[str, Any] | None) -> None:
            if not fields:
                return
            changes = actions.edit_changes(player, **fields)
            if changes is None:
                self.notify(_("Nothing changed: {name}", name=player.full_name))
            elif self.tournament_screen.act(changes):
                self.notify(_("Saved: {name}", name=self.session.state.players[player.id].full_name))  # as edited

        self.app.push_screen(PlayerFormScreen(player, self.session), save)

    def action_skip(self) -> None:
        from tui.screens.ask import AskScreen

        player = self.selected()
        if player is None:
            return
        state = self.session.state
        total = registry.get_scheme(state.settings.scheme).total_rounds(state)
        if total is not None and state.paired_rounds >= total and player.id not in registry.latest_rest(state):
            self.notify(_("all {total} rounds are paired", total=total), severity="warning")
            return

        def rounds_of(text: str) -> list[int]:
            return [int(part) for part in text.replace(",", " ").split()]

        def refusal(text: str) -> str:
            """What is wrong with the rounds typed, said beside them: the dialog stays open
            with what was typed (it closed, the typing lost, on «абв»)."""
            if not text.strip():
                return ""
            try:
                self.session.check_action(actions.skip(player.id, rounds_of(text)))
            except InvalidEvent as error:  # first: it is a ValueError too
                return said(error)
            except ValueError:  # int() on what is no number
                return _("Rounds as whole numbers: 2 3")
            return ""

        def skip(text: str | None) -> None:
            if text and text.strip():
                self.tournament_screen.act(actions.skip(player.id, rounds_of(text)))

        self.app.push_screen(AskScreen(f"{player.full_name}: {_('rounds to skip, like 2 3')}", check=refusal), skip)

    def action_withdraw(self) -> None:
        from tui.screens.confirm import ConfirmScreen

        player = self.selected()
        if player is None:
            return
        start = self.session.state.paired_rounds + 1
        if player.withdrawn_from is not None:  # the same key brings him back: the spec's «returns»
            self.ask_back(player, start, player.withdrawn_from)
            return

        try:  # refused before the question: a trial's «Да» to a round that does not exist closed the app
            action = actions.withdraw(self.session.state, player.id)
        except InvalidEvent as error:
            self.notify(said(error), severity="error", timeout=8)
            return

        def withdraw(sure: bool | None) -> None:
            if sure:
                self.tournament_screen.act(action)

        state = self.session.state
        details, points = "", withdrawal_bye(state)
        if points is not None:
            details = _("From round {round} on, his opponents sit out, each with a bye worth {points}. To give "
                        "them the win instead, keep him in and record his games as forfeits (W, B).", round=start,
                        points=points)  # fmt: skip
        question = _("Withdraw {name} from round {round} on?", name=numbered(state, player), round=start)
        self.app.push_screen(ConfirmScreen(question, details=details), withdraw)

    def ask_back(self, player: Player, start: int, left: int) -> None:
        """A withdrawn player back from the next round: the rounds he was out count as his
        skips («Нет» in focus, as for a withdrawal: a key pressed by mistake changes nothing)."""
        from tui.screens.confirm import ConfirmScreen

        def back(sure: bool | None) -> None:
            if sure:
                self.tournament_screen.act(actions.come_back(self.session.state, player.id))

        question = _("Bring {name} back from round {round}?", name=numbered(self.session.state, player), round=start)
        details = _("The rounds he missed count as skips.") if left < start else ""
        self.app.push_screen(ConfirmScreen(question, details=details, default=False), back)

    def action_confirm(self) -> None:
        """A player registered in advance has come: he is paired from the next round on."""
        player = self.selected()
        if player is None:
            return
        if not player.preregistered:
            self.notify(_("{name} is registered already, not in advance", name=player.full_name), severity="warning")
            return
        if self.tournament_screen.act(actions.edit(player.id, preregistered=False)):
            state = self.session.state  # the latest round's rest may seat him, before its first result (a review)
            if player.id in registry.latest_rest(state):
                self.notify(_("{name} has come: on no board of round {round}: n in the rounds tab",
                              name=player.full_name, round=state.paired_rounds, sex=player.sex))  # fmt: skip
            else:
                self.notify(_("{name} has come: paired from round {round}", name=player.full_name,
                              round=state.paired_rounds + 1, sex=player.sex))  # fmt: skip

    def action_import_file(self) -> None:
        from tui.screens.ask import AskScreen

        def chosen(text: str | None) -> None:
            if text:
                self.import_from(typed_path(text, self.session.path.parent))

        self.app.push_screen(
            AskScreen(
                _("a CSV or .xlsx file, or the EGD rating list"),
                shown_path(self.session.path.parent) + "/",
                paths_in=self.session.path.parent,
            ),
            chosen,
        )

    def import_from(self, path: Path) -> None:
        if not path.exists():  # a folder, a pipe or a device: said so by the reading below
            self.notify(_("{path}: no such file", path=shown_path(path)), severity="error")
            return
        try:
            if is_rating_list(path):
                self.open_rating_list(path)
                return
            rows, errors = read_csv(path)
        except ImportFailed as error:
            self.notify(said(error), severity="error")
            return
        rows, errors = without_twins(rows, errors, self.session.state)
        if not rows and not errors:
            self.notify(_("{path}: no players in it", path=shown_path(path)), severity="error")
            return
        if errors:
            self.ask_about_bad_rows(path, rows, errors)
            return
        self.register_rows(rows)

    def ask_about_bad_rows(self, path: Path, rows: Sequence[Row], errors: Sequence[BadRow]) -> None:
        """The bad rows listed in the question itself (not in a notification over the
        table), «Нет» in focus: importing a list with mistakes is never the default."""
        from tui.screens.confirm import ChoiceScreen, ConfirmScreen

        shown = [said(e) for e in errors[:6]] + (
            [_("… and {more} more", more=len(errors) - 6)] if len(errors) > 6 else []
        )
        details = "\n".join(shown)
        if not rows:
            question = _("{file}: no good rows, nothing imported", file=path.name)
            self.app.push_screen(ChoiceScreen(question, [("ok", _("OK"))], "ok", details))
            return
        question = _("{bad} bad rows. Import the {good} good ones?", bad=len(errors), good=len(rows))

        def answer(yes: bool | None) -> None:
            if yes:
                self.register_rows(rows)
            else:  # said: a silent «Нет» looked like an import that failed (a trial)
                self.notify(_("{file}: nothing imported", file=path.name), severity="warning")

        self.app.push_screen(ConfirmScreen(question, default=False, details=details), answer)

    def register_rows(self, rows: Sequence[Row]) -> None:
        profiles, countries = with_usual_country(self.session.state, [row.fields for row in rows])
        done = self.tournament_screen.act_all(actions.registrations(self.session.events, profiles))
        if done:
            self.notify(_("{count:player|players} registered", count=len(done.events)))
            if countries:
                self.notify(countries, severity="warning", timeout=10)

    def action_rating_list(self) -> None:
        self.open_rating_list(None)

    def open_rating_list(self, path: Path | None) -> None:
        from tui.screens.player_form import registered_already
        from tui.screens.rating_lookup import RatingLookupScreen

        def register(player: RatedPlayer | None) -> None:
            """The player chosen, asked first where his name is registered already, as the form
            asks (a trial registered the same person twice from the list, unasked)."""
            if player is None:
                return
            fields = player.profile(self.session.state)

            def registered(yes: bool | None = True) -> None:
                if yes and self.tournament_screen.act(actions.register(self.session.events, **fields)):
                    self.notify(_("Registered: {name}", name=f"{player.surname} {player.name}"))

            twin = actions.looks_registered(self.session.state, fields["surname"], fields["name"])
            if twin is None:
                registered()
            else:
                self.app.push_screen(registered_already(twin), registered)

        self.app.push_screen(RatingLookupScreen(self.app.folder, path), register)


def numbered(state: Tournament, player: Player) -> str:
    """A player a question names: with his number, as the boards list him — two of one name
    registered on two laptops of a hall, the question said which (a trial)."""
    number = state.numbers.get(player.id)
    return f"{number}. {player.full_name}" if number is not None else player.full_name
