"""Standings after any round with the scheme's columns, and the table of every round."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.cells import cell_len
from textual import getters
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from data.service import Service
from paperwork.labels import abbreviation, bracketed, labels
from paperwork.marks import legend, opponent_mark, points
from schemes.awards.teams import DEFAULT_BEST, default_grouping, has_teams, team_of
from schemes.registry import get_scheme, is_final_table
from schemes.state.model import Tournament
from schemes.state.records import outcomes
from tui import views
from tui.app import TengenApp
from tui.i18n import _, language
from tui.panes.pane import Pane
from tui.views import shown_path
from tui.widgets import PlainTable, cut, right

NAME_CELLS = 32
TEAM_CELLS, MEMBERS_CELLS = 12, 20
"""A team's name at least, where it gives way to its members at 80 columns; its members at
least (a surname or two, then «…»)."""
"""A name in the standings and the cross-table, cut to this many cells (``…``): the columns
are as wide as their widest cell and scroll sideways, and one 120-character name pushed
every player's points off an 80-column screen."""


class StandingsPane(Pane):
    app = getters.app(TengenApp)
    BINDINGS = [
        # one footer entry for the pair («[ ] Тур»): at 80 columns the footer ran out of room
        Binding(
            "left_square_bracket", "step(-1)", "Round before, after", key_display="[ ]", id="standings.previous_round"
        ),
        Binding("right_square_bracket", "step(1)", "Next round", show=False, id="standings.next_round"),
        Binding("t", "toggle_table", "Table", id="standings.table"),
        Binding("g", "toggle_teams", "Teams", id="standings.teams"),
        Binding("p", "prizes", "Prizes", id="standings.prizes"),
        Binding("o", "playoff", "Play-off of the best…", show=False, id="standings.playoff"),  # F1 and ctrl+p
        Binding("escape", "plain_view", "Close", show=False, id="standings.close"),
        Binding("c", "team_grouping", "Teams or clubs", show=False, id="standings.team_grouping"),
        Binding("plus", "team_best(1)", "One more counts", show=False, id="standings.team_more"),
        Binding("minus", "team_best(-1)", "One fewer counts", show=False, id="standings.team_fewer"),
    ]

    after: int | None = None
    """The round shown; None follows the latest complete round."""
    rounds_table = False
    teams = False
    team_best = DEFAULT_BEST
    """How many of each team's best count, which the referee changes with + and − (the
    command line's ``--best``: a trial found no way to it in the app)."""
    team_by: str | None = None
    """Named teams or clubs (``c``); None: teams where any player has one."""

    def compose(self) -> ComposeResult:
        yield Static(id="standings-info", markup=False)
        yield PlainTable(id="standings-table", zebra_stripes=True, cursor_type="row")
        yield Static(id="standings-legend", markup=False)

    def show(self, session: Service) -> None:
        state, after = session.state, session.after_round(self.after, nearest=True)
        data = views.standings_json(state, after)
        table = self.query_one(PlainTable)
        table.clear(columns=True)
        final = is_final_table(state, after)
        title = _("Final table") if final else _("Standings {after}", after=views.after_round_words(after))
        waiting = views.results_waiting(state, after)  # stepped to with ], or paired early
        self.query_one("#standings-info", Static).update(title + waiting)
        self.query_one("#standings-legend", Static).display = False
        if self.teams:
            self.fill_teams(table, state, after)
            words = {"after": views.after_round_words(after), "best": self.team_best}
            if self.grouping == "club":
                title, hint = _("Clubs {after}: the best {best} count", **words), _("+ −: how many; c: teams")
            else:
                title, hint = _("Teams {after}: the best {best} count", **words), _("+ −: how many; c: clubs")
            self.query_one("#standings-info", Static).update(f"{title}{waiting} ({hint})")
        elif self.rounds_table:
            self.fill_rounds(table, data, state, after)
        else:
            keys = data["columns"]
            titles = labels(language())
            from paperwork.per_scheme import score_title  # the paperwork (fpdf2) loads when a table is shown

            score = score_title(state, after)
            heads = [_("Place"), _("No."), _("Player"), _("Rank"), titles[score],
                     *(bracketed(titles.get(k, k)) for k in keys)]  # fmt: skip
            rows = [
                [row["place"], str(row["no"] or ""), row["name"], row["rank"]]
                + [views.shown(state, "score", row["score"])]
                + [views.shown(state, k, row["tiebreaks"][k]) for k in keys]
                for row in data["rows"]
            ]
            names = max([cell_len(heads[2]), *(cell_len(cells[2]) for cells in rows)])
            if self.free_cells(heads, rows, 2) < min(names, NAME_CELLS):  # FORS's tie-breaks ran off the screen,
                heads = self.abbreviated(heads, 5)  # one cut to «По», read as his own wins (a trial)
            table.add_columns(*map(right, heads[:2]), *heads[2:4], *map(right, heads[4:]))
            room = self.name_room(heads, rows, 2)
            for cells in rows:
                table.add_row(*map(right, cells[:2]), cut(cells[2], room), cells[3], *map(right, cells[4:]))
        if sum(column.get_render_width(table) for column in table.columns.values()) > self.width_to_fill():
            # wider than the screen: place, number, name, rank and score stay in sight while →
            # moves FORS's nine values by whole columns (a trial lost whose row he read; one
            # scrolled right read no score); the cross-table's place, number and name (its score
            # is its last round's neighbour); the teams' place and team
            table.by_columns(2 if self.teams else 3 if self.rounds_table else 5, self.width_to_fill())
        self.stale = False

    def abbreviated(self, heads: Sequence[str], first: int) -> list[str]:
        """The titles from ``first`` on in their paper's abbreviations, said under the table."""
        short = [abbreviation(head) if i >= first else head for i, head in enumerate(heads)]
        said = [f"{s} — {head}" for s, head in zip(short[first:], heads[first:], strict=True) if s != head]
        shown = self.query_one("#standings-legend", Static)
        shown.update(" · ".join(said))
        shown.display = bool(said)
        return short

    def name_room(self, heads: Sequence[str], rows: Sequence[Sequence[str]], name: int) -> int:
        """The cells a name may take: what the other columns leave of the width, ``NAME_CELLS``
        at least (a trial's long name was cut with a third of the screen empty)."""
        return max(NAME_CELLS, self.free_cells(heads, rows, name))

    def free_cells(self, heads: Sequence[str], rows: Sequence[Sequence[str]], name: int) -> int:
        """What the other columns leave of the width to column ``name``."""
        others = [
            max([cell_len(head), *(cell_len(row[i]) for row in rows)]) for i, head in enumerate(heads) if i != name
        ]
        return self.width_to_fill() - sum(others) - 2 * len(heads) - 1

    def fill_rounds(self, table: PlainTable, data: dict[str, Any], state: Tournament, after: int) -> None:
        """Every round of every player in the paper's notation, opponents named as the paper
        names them (by number, or by row where the paper lists by place: McMahon, Swiss),
        and the marks' legend under the table."""
        from paperwork.per_scheme import paper, score_title  # the paperwork (fpdf2) loads when a table is shown

        marks = outcomes(state, after)
        by_place = paper(state).opponents_by_place
        late_counts = get_scheme(state.settings.scheme).traits.skip_deadline  # «--!» as on paper
        numbers = {row["id"]: i for i, row in enumerate(data["rows"], start=1)} if by_place else state.numbers
        score = labels(language())[score_title(state, after)]  # Gamma's is the level, not «Очки»; the final table's
        row = labels(language())["row_no"] if by_place else _("No.")  # the paper's «#»: a row, not his №
        # the category beside the places that restart with it, as the standings and the paper show it (a trial)
        category = "CAT" in data["columns"] and any(r["place"] != r["field_place"] for r in data["rows"])
        heads = [_("Place"), row, _("Player"), *(str(r) for r in range(1, after + 1)), score] + (
            ["CAT"] if category else []
        )
        tail = 1 + category  # the score, and the category: right-aligned
        table.add_columns(*map(right, heads[:2]), *heads[2:-tail], *map(right, heads[-tail:]))
        written = []
        rows = []
        for row in data["rows"]:
            cells = [opponent_mark(o, numbers, late_counts=late_counts) for o in marks[row["id"]]]
            written += cells
            rows.append([row["place"], str(numbers.get(row["id"], "")), row["name"], *cells,
                         views.shown(state, "score", row["score"])]
                        + ([views.shown(state, "CAT", row["tiebreaks"]["CAT"])] if category else []))  # fmt: skip
        room = self.name_room(heads, rows, 2)
        for cells in rows:
            table.add_row(*map(right, cells[:2]), cut(cells[2], room), *cells[3:-tail], *map(right, cells[-tail:]))
        shown = self.query_one("#standings-legend", Static)
        shown.update(legend(written, labels(language()), by_place))
        shown.display = True

    @property
    def grouping(self) -> str:
        """The team standings' grouping now: the referee's (``c``), else the usual."""
        return self.team_by or default_grouping(self.session.state)

    def fill_teams(self, table: PlainTable, state: Tournament, after: int) -> None:
        """Each team's place, score, best member's place (what orders a tie: a trial read two
        teams of equal points in no order it could see) and members; the members cut with «…»
        where the width ends (a trial's list stopped at «Lebedev 1,» with nothing to say more
        followed)."""
        data = views.teams_json(state, after, self.team_best, self.grouping, "wins")
        grouped = _("Club") if self.grouping == "club" else _("Team")
        heads = [_("Place"), grouped, _("Score"), _("All"), _("Best"), _("Players")]
        table.add_columns(right(heads[0]), heads[1], *map(right, heads[2:5]), heads[5])
        rows = [
            [team["place"], team["team"], points(team["score"]), points(team["total"]), str(team["best_place"]),
             ", ".join(f"{state.players[m['id']].surname} {points(m['points'])}" + ("*" if m["counted"] else "")
                       for m in team["members"])]
            for team in data["teams"]
        ]  # fmt: skip
        lacking = MEMBERS_CELLS - self.free_cells(heads, rows, 5)
        if lacking > 0:  # a long team's name gives way, cut with «…»: with the best place's column a
            # team of 22 letters pushed its members off the screen (a review), and one of 70 the points
            team = max([cell_len(heads[1]), *(cell_len(row[1]) for row in rows)])
            width = max(cell_len(heads[1]), TEAM_CELLS, team - lacking)
            rows = [[cells[0], cut(cells[1], width), *cells[2:]] for cells in rows]
        room = max(MEMBERS_CELLS, self.free_cells(heads, rows, 5))
        for cells in rows:
            table.add_row(right(cells[0]), cells[1], *map(right, cells[2:5]), cut(cells[5], room))

    def action_step(self, by: int) -> None:
        self.after = self.session.after_round(self.session.after_round(self.after, nearest=True) + by, nearest=True)
        self.show(self.session)

    def action_toggle_table(self) -> None:
        self.rounds_table, self.teams = not self.rounds_table, False
        self.show(self.session)

    def action_prizes(self) -> None:
        from tui.screens.prizes import PrizesScreen

        self.app.push_screen(PrizesScreen(self.session.state, self.session.after_round(self.after, nearest=True)))

    def action_playoff(self) -> None:
        """A new play-off of this tournament's best, the form filled in for it; once made, this
        tournament closes (asked where it serves) and the play-off opens."""
        from tui.screens.new_tournament import Made, NewTournamentScreen

        screen = self.tournament_screen

        def opened(made: Made) -> None:
            self.app.open_tournament(made.path)
            made.tell(self.app)

        def kept_open(made: Made) -> None:  # «Нет» to closing this one: the play-off is made all the same
            made.tell(self.app)
            self.notify(_("The play-off is in {path}: open it from the start screen", path=shown_path(made.path)),
                        timeout=15)  # fmt: skip

        def created(made: Made | None) -> None:
            if made is not None:
                screen.close_then(lambda: opened(made), lambda: kept_open(made))

        best_of = (self.session.path, self.session.state)
        self.app.push_screen(NewTournamentScreen(self.app.folder, best_of), created)

    def action_plain_view(self) -> None:
        """Escape in the cross-table or the teams goes back to the standings; in the
        standings it closes the tournament, as everywhere."""
        if self.rounds_table or self.teams:
            self.rounds_table = self.teams = False
            self.show(self.session)
        else:
            self.tournament_screen.action_escape()

    def not_here(self, action: str, parameters: tuple[object, ...]) -> str | None:
        """The team standings only where some player has a team or a club (or to leave them);
        a play-off of the best from a tournament that is no play-off itself."""
        if action == "playoff" and get_scheme(self.session.state.settings.scheme).traits.bracket:
            return _("This tournament is a play-off: its bracket is its standings")
        if action == "toggle_teams" and not self.teams and not has_teams(self.session.state):
            return _("Nobody has a team or a club: there are no team standings")
        if action in ("team_grouping", "team_best") and not self.teams:
            return _("In the team standings (g)")
        state = self.session.state
        if action == "team_grouping" and self.teams:
            other = "club" if self.grouping == "team" else "team"
            if not any(team_of(p, other) for p in state.players.values()):  # an empty table else
                return _("Nobody has a club") if other == "club" else _("Nobody has a team: the clubs count")
        most = len(state.players)
        if action == "team_best" and not 1 <= self.team_best + int(str(parameters[0])) <= most:
            return _("From 1 to {most} of each team count", most=most)
        return None

    def action_team_grouping(self) -> None:
        self.team_by = "club" if self.grouping == "team" else "team"
        self.show(self.session)

    def action_team_best(self, by: int) -> None:
        self.team_best += by
        self.show(self.session)

    def action_toggle_teams(self) -> None:
        self.teams, self.rounds_table = not self.teams, False
        self.show(self.session)
