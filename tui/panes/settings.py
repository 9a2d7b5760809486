"""The tournament's settings and every parameter of its scheme, with what each means.

Enter on the name, place, dates, time control, komi, paperwork's language, number of
rounds or whether it is played online changes it: an event like any other, so ctrl+z undoes
it.  A new komi is for the rounds paired from then on; the rounds never fewer than those
paired, and a round robin's follow from its field.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import DataTable

from data.service import Service
from schemes.errors import InvalidEvent
from schemes.log import actions
from schemes.log.actions import Action
from schemes.log.replay import check_params_changeable, check_rounds_changeable
from schemes.registry import get_scheme
from tui import views
from tui.i18n import LANGUAGE_NAMES, _, said
from tui.panes.pane import Pane
from tui.widgets import Column, PlainTable, while_on_top


class SettingsTable(PlainTable):
    """The settings, one a row.  Enter is the pane's («Изменить», in the footer and in F1):
    the table's own, shown nowhere, came first and hid it (a trial guessed what Enter does)."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action != "select_cursor" and super().check_action(action, parameters)


class SettingsPane(Pane):
    BINDINGS = [Binding("enter", "change", "Change", id="settings.change")]

    def compose(self) -> ComposeResult:
        yield SettingsTable(id="settings-table", zebra_stripes=True, cursor_type="row")

    def show(self, session: Service) -> None:
        """Every setting on its line; a long value or meaning wraps (never cut at 80 columns)."""
        params = set(session.state.settings.params)
        rows = []
        for key, value, meaning in views.settings_rows(session.state):
            # the scheme and the parameters' words (on, lot, buchholz…) in the interface language
            shown = views.setting_shown(key, value, params)
            name = _("title" if key == "name" else key)
            said = _(meaning) if meaning else ""
            rows.append((key, [name, shown, "" if said == name else said]))  # «контроль времени» said once (a trial)
        # the three give way alike (the widest first): OpenGotha's keys are long too
        columns = [Column("setting", _("Setting"), gives_way=1, wrap=True),
                   Column("value", _("Value"), gives_way=1, wrap=True),
                   Column("meaning", _("Meaning"), gives_way=1, wrap=True)]  # fmt: skip
        self.query_one(PlainTable).fill(columns, rows, self.width_to_fill())
        self.stale = False

    def not_here(self, action: str, parameters: tuple[object, ...]) -> str | None:
        """A helper's laptop in a hall changes no setting: the chief's does."""
        if action == "change" and self.session.a_helpers_laptop():
            return _("the chief's laptop ({chief}) changes the settings", chief=self.session.chiefs_laptop())
        return None

    @while_on_top
    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        """Enter on the table (the table takes the key first, before ``on_key`` can refuse it)."""
        event.stop()
        reason = self.not_here("change", ())
        if reason:
            self.notify(reason, severity="warning")
            return
        self.action_change()

    def action_change(self) -> None:
        from tui.screens.ask import AskScreen

        table = self.query_one(DataTable)
        if table.row_count == 0:
            return
        key = str(table.coordinate_to_cell_key(table.cursor_coordinate)[0].value)
        state = self.session.state
        scheme = get_scheme(state.settings.scheme)
        param = next((p for p in scheme.params if p.key == key), None)
        is_param = param is not None
        if key not in actions.EDITABLE and not is_param:
            self.notify(_("{setting} is fixed when the tournament is created", setting=_(key)), severity="warning")
            return
        if is_param:
            try:
                check_params_changeable(state)
            except InvalidEvent as error:  # the seed schemes' once round 1 is paired
                self.notify(said(error), severity="warning")
                return
        if key == "rounds":
            try:
                check_rounds_changeable(state)
            except InvalidEvent as error:  # a round robin's, a play-off's
                self.notify(said(error), severity="warning")
                return
        current, meaning = {k: (v, m) for k, v, m in views.settings_rows(state)}[key]
        if key == "lang":
            self.ask_language(current)
            return
        if key == "dates":  # offered as the referee writes them, and read back so
            current = views.setting_shown(key, current, ())

        def change(text: str) -> Action:
            if is_param:
                return actions.change_params(self.session.state, {key: text})
            return actions.change_settings(**{key: text})

        if key == "online" or (is_param and param is not None and views.is_flag(param)):  # «Да» or «Нет»
            question = (
                _("Is the event played on the internet? (The EGF rates it class D at best)")
                if key == "online"
                else _("{setting} — {meaning}: yes or no?", setting=key, meaning=_(meaning))
            )
            self.ask_flag(question, current in ("true", "yes"), change)
            return

        def refusal(text: str) -> str:
            """What the log would say to the new value (a number of rounds below those
            paired, too), beside the field."""
            if text == current:
                return ""
            try:
                self.session.check_action(change(text))
            except InvalidEvent as error:
                return said(error)
            return ""

        def changed(text: str | None) -> None:
            if text is not None and text != current:
                self.act_news(change(text))  # read as the dialog read it

        setting = _("title" if key == "name" else key)  # the tournament's name, not a player's
        self.app.push_screen(AskScreen(_("New value: {setting}", setting=setting), current, refusal), changed)

    def act_news(self, action: Action) -> None:
        """``action`` as far as it changes anything: a value typed otherwise than shown but
        the same (``6,5`` for komi 6.5) is said, not written as one more event to undo."""
        news = actions.settings_news(self.session.state, action)
        if news is None:
            self.notify(_("Nothing changed: the settings are so already"))
            return
        self.tournament_screen.act(news)

    def ask_flag(self, question: str, now: bool, change: Callable[[str], Action]) -> None:
        """A yes-or-no setting (OpenGotha's ``true``/``false`` parameters, whether the event is
        online) changed by answering «Да» or «Нет» (the arrows, ``д``/``н``): typing OpenGotha's
        ``true``/``false`` was English in a Russian dialog."""
        from tui.screens.confirm import ChoiceScreen

        def answered(answer: str | None) -> None:
            if answer is not None and (answer == "yes") != now:
                self.act_news(change(views.FLAG_OF[answer]))  # «true»/«false»: read so by both

        self.app.push_screen(ChoiceScreen(question, [("yes", _("Yes")), ("no", _("No"))], "yes" if now else "no"),
                             answered)  # fmt: skip

    def ask_language(self, current: str) -> None:
        """The paperwork's language chosen by its name («Русский», «English»), not typed as a
        code: the papers printed from then on, and the players' pages by default."""
        from tui.screens.confirm import ChoiceScreen

        def answered(answer: str | None) -> None:
            if answer is not None and answer != current:
                self.act_news(actions.change_settings(lang=answer))

        choices = [(code, _(name).capitalize()) for code, name in LANGUAGE_NAMES.items()]
        self.app.push_screen(ChoiceScreen(_("Language of the paperwork?"), choices, current), answered)
