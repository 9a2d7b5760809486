"""«Ещё параметры» of the new-tournament form: the scheme's own parameters, each with what
it means and its default, and a refusal beside the one it names.  A yes-or-no parameter
(OpenGotha's) is chosen as «да»/«нет» here and goes to the tournament as OpenGotha's
``true``/``false``."""

from __future__ import annotations

from collections.abc import Mapping

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, Input, Label, Select

from schemes.base.scheme import Choice, NamesFrom, Param, parse_params
from schemes.errors import BadSetting, InvalidEvent
from schemes.registry import get_scheme
from schemes.values.names import fold
from tui import views
from tui.i18n import _, said, scheme_title
from tui.screens.ask import show_error
from tui.screens.dialog import Dialog
from tui.translated import Translated
from tui.views import param_text
from tui.widgets import Field, Footer, while_on_top


class SchemeParamsScreen(Translated, Dialog[dict[str, str] | None]):
    """Returns what the referee changed (a parameter left at its default is not listed), or
    None when he cancels; each value is checked by the scheme's parser before it returns.
    ``defaults`` are those in force where they are not the scheme's own: a play-off of an
    earlier tournament's best is seeded by its places (``Traits.from_places``), and the form
    said «по рейтингу» (a trial).  A value the referee chose in an earlier visit (``typed``)
    stays listed, even where it is the default now: a «по регистрации» chosen for a field
    registered by hand is kept.  One left as shown is not: a referee opening the parameters
    for the games of a match, before naming the source, pinned «по рейтингу» and his play-off
    was seeded by rating, not by the places (a review)."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="scheme_params.cancel"),
        Binding("f10", "done", "Done", id="scheme_params.done"),
        Binding("f1", "app.help", "Keys", id="scheme_params.help"),
    ]
    AUTO_FOCUS = ""
    """Nothing focused by Textual: ``on_mount`` puts the cursor in the first parameter (or the
    first refused).  Textual's own choice, the scrolling container, restyled every field twice
    (McMahon's forty: a sixth of opening them)."""

    def __init__(
        self, scheme: str, typed: Mapping[str, str], problems: Mapping[str, str], defaults: Mapping[str, str]
    ) -> None:
        super().__init__()
        self.scheme = get_scheme(scheme)
        self.typed = dict(typed)
        self.problems = dict(problems)
        self.defaults = {param.key: param_text(param.default) for param in self.scheme.params} | dict(defaults)
        self.opened: dict[str, object] = {}
        """What the fields showed when it opened (``action_cancel``)."""

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog form"):
            heading = _("Parameters of the scheme: {scheme}", scheme=scheme_title(self.scheme.name))
            yield Label(heading, classes="heading", markup=False)
            for param in self.scheme.params:
                said_twice = _(param.key).casefold() == _(param.help).casefold()  # «очки за победу — очки за победу»
                yield Label(_(param.help) if said_twice else f"{_(param.key)} — {_(param.help)}", markup=False,
                            classes="param")  # fmt: skip
                value = self.typed.get(param.key, self.defaults[param.key])
                if isinstance(param.parse, Choice):  # offered in words, chosen with the arrows
                    options = [(views.worded(param.key, v), v) for v in param.parse.allowed]
                    yield Select(options, value=value, allow_blank=False, id=f"param-{param.key}")
                elif views.is_flag(param):  # «да»/«нет» chosen with the arrows, OpenGotha's true/false behind
                    options = [(_(word), value) for value, word in views.FLAG_WORDS.items()]
                    yield Select(options, value=value, allow_blank=False, id=f"param-{param.key}")
                elif isinstance(param.parse, NamesFrom):  # written in words, read back as names
                    words = ", ".join(views.worded(param.key, name) for name in value.split(",") if name)
                    yield Field(words, id=f"param-{param.key}")
                else:  # a default in words where it has them (FORS's base rank «слабейший», not «auto»)
                    yield Field(views.worded(param.key, value) if value == self.defaults[param.key] else value,
                                id=f"param-{param.key}")  # fmt: skip
                yield Label("", id=f"param-{param.key}-error", classes="error", markup=False)
            with Horizontal(classes="buttons"):
                yield Button(_("Done"), id="done", variant="primary")
                yield Button(_("Cancel"), id="cancel")
        yield Footer(show_command_palette=False)

    def shown(self) -> dict[str, object]:
        """What each field shows now, typed or chosen."""
        return {str(field.id): field.value for field in [*self.query(Input), *self.query(Select)]}

    def on_mount(self) -> None:
        self.opened = self.shown()
        for key, problem in self.problems.items():
            self.error(key, problem)
        first = next(iter(self.problems), None) or (self.scheme.params[0].key if self.scheme.params else None)
        if first:
            self.query_one(f"#param-{first}").focus()

    def error(self, key: str, message: str) -> None:
        show_error(self.query_one(f"#param-{key}-error", Label), message)

    def on_input_changed(self, event: Input.Changed) -> None:
        self.error((event.input.id or "").removeprefix("param-"), "")

    @while_on_top
    def on_input_submitted(self) -> None:
        self.action_done()

    @while_on_top
    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_done() if event.button.id == "done" else self.action_cancel()

    def typed_value(self, param: Param) -> str:
        """The parameter as its parser reads it: a list's words back to its names (a word not
        known is a refusal in the referee's words, naming the words there are), the default's
        words back to the default."""
        field = self.query_one(f"#param-{param.key}")
        if isinstance(field, Select):
            return str(field.value)
        text = field.value.strip() if isinstance(field, Input) else ""
        if not isinstance(param.parse, NamesFrom):
            default = self.defaults[param.key]
            return default if text.casefold() == views.worded(param.key, default).casefold() else text
        names = {_loose(views.worded(param.key, name)): name for name in param.parse.allowed}
        names.update((_loose(name), name) for name in param.parse.allowed)
        read = []
        for word in (part.strip() for part in text.split(",") if part.strip()):
            if _loose(word) not in names:
                choices = ", ".join(views.worded(param.key, name) for name in param.parse.allowed)
                raise InvalidEvent("unknown {what} {name!r}: choose from {choices}", what=param.parse.what,
                                   name=word[:40], choices=choices)  # fmt: skip
            read.append(names[_loose(word)])
        return ",".join(read)

    def action_done(self) -> None:
        values = {}
        for param in self.scheme.params:
            try:
                text = self.typed_value(param)
                if text != self.defaults[param.key] or param.key in self.typed:
                    parse_params(self.scheme, {param.key: text})
                    values[param.key] = text
            except InvalidEvent as error:  # under the field, which names the setting: not its key again
                self.error(param.key, said(error.beside if isinstance(error, BadSetting) else error))
                self.query_one(f"#param-{param.key}").focus()
                return
        self.dismiss(values)

    def action_cancel(self) -> None:
        """Esc: asked first where something was changed, «Нет» in focus, as the forms ask (an
        attack lost McMahon's typed club groups to Esc); untouched, closed at once."""
        from tui.screens.confirm import close_asking

        close_asking(self, self.shown() != self.opened)


def _loose(word: str) -> str:
    """A listed name as typed or as shown, folded as names are, with or without its quotes, a
    dash typed as a hyphen or a space: a trial's «истинный рейтинг» was refused for want of
    the «» of «истинный» рейтинг, and «Зоннеборн-Бергер» is shown with a dash."""
    return fold(word.translate(_LOOSE))


_LOOSE = str.maketrans({**dict.fromkeys("«»\"'„“”", ""), **dict.fromkeys("-‐‑–—", " ")})
