"""Rounds: pair the next round, see any round's boards, and enter results by board.

Results go in as the slips come back: type the board number (the cursor jumps to it)
and press one key: ``w`` white won, ``b`` black won, ``j`` jigo, ``W``/``B`` a win by
forfeit, ``x`` both lose; ``s`` first if the nigiri gave the other colours.  The
cursor then moves to the next board still without a result, and the counter of
missing results goes down.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.binding import Binding
from textual.events import Key
from textual.screen import Screen
from textual.widgets import DataTable, Static

from data.errors import Refused, TournamentFileError
from data.service import Service
from data.state_cache import code_compiled, compiler_ahead, weigher_ahead
from paperwork.wall_sheets import stones_text
from schemes import registry
from schemes.errors import InvalidEvent, NeedsForce, Notice, RepeatNeeded, RestRepeatNeeded
from schemes.log import actions
from schemes.log import events as ev
from schemes.state.model import (
    BLACK_BY_FORFEIT,
    BLACK_WINS,
    BOTH_LOSE,
    BOTH_LOSE_PLAYED,
    BOTH_WIN,
    BOTH_WIN_BY_FORFEIT,
    DRAW,
    DRAW_BY_FORFEIT,
    WHITE_BY_FORFEIT,
    WHITE_WINS,
    Board,
    Result,
    Round,
    Tournament,
    as_played,
)
from schemes.values.names import initials
from tui import views
from tui.i18n import RESULTS, _, language, said, scheme_title, schemes_with, sentence, spoken
from tui.layout import latin
from tui.panes.pane import Pane
from tui.threads import hand, in_thread
from tui.views import NOT_PLAYING, came, first_compile, first_weighing
from tui.widgets import Column, PlainTable, cut

BOARD_DIGITS = 5
"""The digits of a board number typed at most (a key held down typed thousands, past what
``int`` reads)."""

CODES = {
    "w": WHITE_WINS,
    "b": BLACK_WINS,
    "j": DRAW,
    "W": WHITE_BY_FORFEIT,
    "B": BLACK_BY_FORFEIT,
    "x": BOTH_LOSE,
    "J": DRAW_BY_FORFEIT,
    "a": BOTH_WIN,
    "A": BOTH_WIN_BY_FORFEIT,
    "X": BOTH_LOSE_PLAYED,
}
"""The result each key enters (the last four are rare: OpenGotha's referees' verdicts)."""

RARE = {BOTH_LOSE, BOTH_WIN, BOTH_WIN_BY_FORFEIT, BOTH_LOSE_PLAYED, DRAW_BY_FORFEIT}
"""Results no slip of a usual game says, asked before they are recorded (with «Нет» first):
a key pressed by mistake (on the Russian layout ``ф`` is the ``a`` of both win) was recorded
at once."""


def _result(key: str, name: str, shown: bool = False) -> Binding:
    """The key that enters ``CODES[key]``, described in the result's own words (``RESULTS``,
    as the log and the questions say it); a draw's key by both its names, as the slips say
    «Тройное ко» where the komi leaves no jigo (a trial looked for it in F1)."""
    said = "Jigo or triple ko" if CODES[key] == DRAW else RESULTS[CODES[key]]
    return Binding(key, f"result('{key}')", said, show=shown, id=f"rounds.{name}")


def shortened_label(label: str, width: int) -> str:
    """``12. Константинопольский А. (2d)`` in ``width`` cells: the initial goes first, then
    the surname is cut; the number and the rank stay, since they are what the referee calls."""
    number, _dot, rest = label.partition(". ")
    name, _space, rank = rest.rpartition(" (")
    surname = name.rsplit(" ", 1)[0] if name.endswith(".") else name
    for candidate in (
        f"{number}. {surname} ({rank}",
        f"{number}. {cut(surname, width - len(number) - len(rank) - 4)} ({rank}",
    ):
        if len(candidate) <= width:
            return candidate
    return cut(label, width)


class RoundsPane(Pane):
    BINDINGS = [
        Binding("0", "board_hint", "Board", key_display="0-9", show=False, id="rounds.board"),  # the info line says it
        _result("w", "white_won", shown=True),
        _result("b", "black_won", shown=True),
        # the letters the board cells write (Б+, Ч+), typed as a Russian referee reads them
        Binding("б", "result('w')", RESULTS[WHITE_WINS], show=False, id="rounds.white_won_cyrillic"),
        Binding("ч", "result('b')", RESULTS[BLACK_WINS], show=False, id="rounds.black_won_cyrillic"),
        Binding("n", "pair", "Pair next round", id="rounds.pair_next_round"),
        # the bye a referee gives: only inside n's question, which a switch never found (F1, the palette)
        Binding("N", "pair(True)", "Pair next round, choosing the bye…", show=False, id="rounds.pair_choosing_bye"),
        _result("j", "jigo"),
        _result("W", "white_by_forfeit"),
        _result("B", "black_by_forfeit"),
        _result("x", "both_lose"),
        _result("J", "jigo_no_game"),
        _result("a", "both_won"),
        _result("A", "both_won_no_game"),
        _result("X", "both_lost_the_game"),
        Binding("s", "swapped", "Colours swapped", show=False, id="rounds.colours_swapped"),
        Binding("d", "dispute", "A disputed board's entries", show=False, id="rounds.dispute"),
        Binding("f", "waiting", "Only boards without a result", show=False, id="rounds.waiting"),
        Binding("m", "swap_players", "Swap players", show=False, id="rounds.swap_players"),
        Binding("p", "from_paper", "Enter a round from paper", show=False, id="rounds.round_from_paper"),
        Binding("h", "handicap", "Handicap of the board", show=False, id="rounds.handicap"),
        Binding("v", "why", "Why this opponent", show=False, id="rounds.why_this_opponent"),
        Binding("k", "bracket", "Bracket", show=False, id="rounds.bracket"),
        Binding("left_square_bracket", "step(-1)", "Previous round", show=False, id="rounds.previous_round"),
        Binding("right_square_bracket", "step(1)", "Next round", show=False, id="rounds.next_round"),
    ]

    HINTS = ("board_hint",)
    """Bindings that only name the digits ``on_key`` takes (F1 lists them; the palette does not)."""

    chosen: int | None = None
    """The round the referee stepped back to; None follows the latest round."""
    board_typed = ""
    board_done = False
    """A key other than a digit came after the board's number: the next digit starts a new
    one (``1 s`` refused, then ``5 w`` went to board 15)."""
    swapped_next = False
    waiting_only = False
    """Only the boards still waiting for a result are listed (``f``)."""
    compiling = False
    """The pairing under way waits for numba's compiler, and its notice says so."""
    weighing = False
    """"Why this opponent" is being weighed (its window comes when done)."""
    weighing_said = False
    """…and it took long enough to say so."""
    shown_round = 0
    """The round whose boards the table lists: another round's start at its board 1."""

    def compose(self) -> ComposeResult:
        yield Static(id="round-info", markup=False)
        yield PlainTable(id="boards", zebra_stripes=True, cursor_type="row")
        yield Static(id="round-free", markup=False)

    def not_here(self, action: str, parameters: tuple[object, ...]) -> str | None:
        """Why the scheme has no such thing: "why this opponent" is OpenGotha's (McMahon,
        Swiss), the bracket the play-off's, and a play-off game is never a jigo nor its players
        swapped; and why a helper's laptop in a hall neither pairs nor swaps (the chief's does)."""
        scheme = registry.get_scheme(self.session.state.settings.scheme)
        if action == "why" and not scheme.traits.opengotha:
            return _("The weights of a pair are OpenGotha's: {schemes} only", schemes=schemes_with("opengotha"))
        if action == "bracket" and not scheme.traits.bracket:
            return _("The bracket is the play-off's")
        if action == "result" and parameters == ("j",) and not scheme.traits.draws:
            return _("a jigo is no result here: the game is replayed; enter the replay's result")
        if action == "swap_players" and scheme.traits.bracket:
            return _("the bracket decides who meets whom: in a play-off players are not swapped")
        if action in ("pair", "swap_players", "handicap", "from_paper") and self.session.a_helpers_laptop():
            return _(
                "the chief's laptop ({chief}) pairs and swaps players; this one enters results",
                chief=self.session.chiefs_laptop(),
            )
        return None

    @property
    def viewing(self) -> int:
        latest = self.session.state.paired_rounds
        return self.chosen if self.chosen is not None and 1 <= self.chosen < latest else latest

    def columns(self) -> list[Column]:
        """The result right after the board number, so it stays in view; the names give way
        first (surname cut, number and rank kept), handicap and komi always whole."""
        return [
            Column("board", _("Board")),
            Column("result", _("Result")),
            Column("white", _("White"), gives_way=1, shorten=shortened_label),
            Column("black", _("Black"), gives_way=1, shorten=shortened_label),
            Column("handicap", _("Hcp")),
            Column("komi", _("Komi")),
        ]

    def show(self, session: Service) -> None:
        state = session.state
        self.hold_the_round_in_hand(state)
        played = state.round(self.viewing)
        table = self.query_one(PlainTable)
        if played is None:
            table.fill(self.columns(), [], self.width_to_fill())
            self.query_one("#round-info", Static).update(self.not_paired())
            self.query_one("#round-free", Static).update("")
            self.stale = False
            return
        boards = [b for b in played.boards if not self.waiting_only or b.number not in played.results]
        rows = [
            (
                str(board.number),
                [
                    str(board.number),
                    self.result_text(played, board),
                    *map(self.label, played.seated(board)),
                    stones_text(board),  # none for an even game, as on the paper
                    self.komi(board),
                ],
            )
            for board in boards
        ]
        table.fill(self.columns(), rows, self.width_to_fill())
        if played.number != self.shown_round:  # a new pairing (here or on a hall's other laptop), a step
            self.shown_round = played.number
            self.board_typed = ""  # a number typed for the other round's boards
            table.move_cursor(row=0)
        self.show_info(played)
        self.show_free(played)
        self.stale = False

    def hold_the_round_in_hand(self, state: Tournament) -> None:
        """A round paired elsewhere (the chief's laptop, another program) while this tab shows
        the round before it with results still missing, or a board number typed: that round
        stays, and the new one is said — a trial's helper typing round 2's slips was moved to
        round 3 by the chief's pairing, his typed board gone, and his next key asked of round
        3's board 1.  The referee steps on with ``]``; a round complete and nothing typed
        follow the new one as before."""
        if self.chosen is not None and self.chosen >= state.paired_rounds:
            self.chosen = None  # stepped to the latest (]), or it is the latest again (an undo): followed
            return
        before = state.round(self.shown_round) if self.chosen is None and self.shown_round else None
        if before is None or state.paired_rounds <= before.number or (before.complete and not self.board_typed):
            return
        self.chosen = before.number
        self.notify(_("Round {round} is paired: this tab stays on round {shown}, where results are being typed "
                      "(] — round {round})", round=state.paired_rounds, shown=before.number), timeout=10)  # fmt: skip

    def label(self, player: int) -> str:
        """Number, surname and initial, rank: what a referee calls out (the first name's first
        initial alone, which ``shortened_label`` drops first where the column is narrow)."""
        state = self.session.state
        p = state.players[player]
        initial = f" {initials(p.name.split()[0])}" if p.name.strip() else ""
        return f"{state.numbers.get(player, '')}. {p.surname}{initial} ({p.rank_label})"

    @staticmethod
    def komi(board: Board) -> str:
        return f"{board.komi:g}" + (f" {_('nig.')}" if board.nigiri else "")

    @staticmethod
    def result_text(played: Round, board: Board) -> str:
        return views.result_text(played, board, _)

    def show_info(self, played: Round) -> None:
        """The round's line: what is typed, the round, its results, then what fits of the
        rest — at 80 columns a Gamma round's level and the hint did not both fit, and the
        line was cut in the middle of a word (the least needed part goes first: the hint,
        then the level)."""
        missing = len(played.missing)
        parts: list[tuple[str, int]] = []  # (the part, how much it is needed), in the line's order
        if self.board_typed:  # first, where a narrow terminal never cuts it off
            parts.append((_("Board {board}", board=self.board_typed) + "_", 9))  # a line's start, capitalized
        parts.append((_("Round {round}", round=played.number), 8))
        if "lowest_top_level" in played.extra and not self.board_typed:
            parts.append((_("lowest top level {level}", level=played.extra["lowest_top_level"]), 4))
        parts.append((_("results missing: {missing} of {boards}", missing=missing, boards=len(played.boards))
                      if missing else _("all results in"), 7))  # fmt: skip
        if played.disputes and not self.board_typed:
            parts.append((_("disputes: {count} (d)", count=len(played.disputes)), 6))
        if self.swapped_next:
            parts.append((_("Colours swapped"), 6))
        if self.waiting_only:
            parts.append((_("only boards without a result (f: all)"), 5))
        elif missing and not self.board_typed and not self.swapped_next and not played.disputes:
            parts.append((_("board number, then w or b"), 3))  # the footer has no room for «0-9»
        room = self.line_room
        while len(parts) > 2 and cell_len("  ·  ".join(text for text, _need in parts)) > room:
            parts.remove(min(parts, key=lambda part: part[1]))
        self.query_one("#round-info", Static).update("  ·  ".join(text for text, _need in parts))

    @property
    def line_room(self) -> int:
        """The cells of a line under the boards: the pane's width, less the line's padding."""
        return (self.size.width or self.app.size.width) - 2

    def show_free(self, played: Round) -> None:
        """Who is on no board, and why, as the protocol says it (the withdrawn too: a trial
        checking the hall against the screen missed them): a line for each reason with its
        count (of more than one), cut where the screen ends, the shortest lists first.  Whole lists hid the ones
        under them in a box of four lines: «Без пары» under the skips (a trial), the round's
        skips under the withdrawn of every round before, or under 25 unconfirmed, and these
        under ten skips (reviews)."""
        state = self.session.state
        off = registry.not_playing(state, played.number)
        kinds = sorted((key for key in NOT_PLAYING if off[key]), key=lambda key: len(off[key]))  # stable: ties in order
        room = self.line_room
        lines = [cut(f"{_(NOT_PLAYING[key])}{f' ({len(off[key])})' if len(off[key]) > 1 else ''}: "
                     + "; ".join(self.label(p) + came(state, p, key) for p in off[key]), room)
                 for key in kinds]  # fmt: skip
        bracket = registry.get_scheme(state.settings.scheme).traits.bracket  # the paperwork loads for it alone
        deciding = views.deciding_boards(state, played) if bracket else ""
        self.query_one("#round-free", Static).update("\n".join([*([deciding] if deciding else []), *lines]))

    # -- entering results ------------------------------------------------------------
    async def on_key(self, event: Key) -> None:
        """Digits type a board's number; the pane's own keys (a result, ``s``, ``v``…) act here
        too, in the order typed.  Textual runs a binding only once the key has reached the app,
        after the digits typed next have already reached the pane: ``21w22b`` typed quickly gave
        board 2122, then a question about board 212.  Escape drops a number typed (and a
        colours-swapped ``s``) before it closes the tournament: a referee cancelling a
        mistyped board found himself on the start screen."""
        if event.character and event.character.isascii() and event.character.isdigit():  # «³» is no board
            if self.board_done:  # a new board: an ``s`` typed for the one before is not for it
                self.board_typed, self.swapped_next = "", False
            self.board_typed, self.board_done = (self.board_typed + event.character)[:BOARD_DIGITS], False
            self.jump_to(int(self.board_typed))
        elif event.key == "backspace" and self.board_typed:
            self.board_typed, self.board_done = self.board_typed[:-1], False  # the number edited: go on typing it
        elif event.key == "escape" and (self.board_typed or self.swapped_next):
            self.board_typed, self.swapped_next, self.board_done = "", False, False
            event.prevent_default()
        else:
            self.board_done = bool(self.board_typed)
            active = self.screen.active_bindings
            bound = active.get(event.key, active.get(latin(event.key)))  # ц: the w of a Russian layout
            if bound is not None and bound.node is self and bound.enabled:
                event.stop()
                event.prevent_default()
                await self.run_action(bound.binding.action)
            return
        event.stop()
        played = self.session.state.round(self.viewing)
        if played:
            self.show_info(played)

    def not_paired(self) -> str:
        return (_("No round is paired yet: the chief's laptop ({chief}) pairs round 1.",
                  chief=self.session.chiefs_laptop()) if self.session.a_helpers_laptop()
                else _("No round is paired yet: n pairs round 1."))  # fmt: skip

    def unpaired(self) -> bool:
        """Before round 1 a board's key says why it does nothing: a trial's «m» asked for two
        players' numbers no one has yet (and took the «n» typed next), and w, s, x were silent."""
        if self.session.state.paired_rounds:
            return False
        self.board_typed, self.swapped_next = "", False
        self.notify(self.not_paired(), severity="warning")
        return True

    def jump_to(self, board: int) -> None:
        self.query_one(PlainTable).move_to(str(board))

    def current_board(self) -> int | None:
        if self.board_typed:
            return int(self.board_typed)
        key = self.query_one(PlainTable).cursor_key()
        return None if key is None else int(key)

    def action_result(self, key: str) -> None:
        """Record a result; ask first when no board number was typed (the cursor's board is
        meant?), when the board already has a result (replace it?), for a jigo where the komi
        has half a point (only a triple ko can be drawn there), and for a rare verdict
        (``RARE``) — each question under the board's players, as the slip names them."""
        from tui.screens.confirm import ConfirmScreen

        if self.unpaired():
            return

        typed = bool(self.board_typed)
        number = self.current_board()
        swapped, self.swapped_next, self.board_typed = self.swapped_next, False, ""
        played = self.session.state.round(self.viewing)
        board = played.board(number) if played is not None and number is not None else None
        if number is None or played is None:
            return
        code = as_played(CODES[key], swapped)  # after s, w is the win of the player who played white
        said_result = views.result_words(code, swapped, board)
        plan = self.session.result_plan(played.number, number, code, swapped)
        old = plan.before
        question, default = "", True
        if plan.unchanged:
            self.notify(_("Board {board}: {result} is recorded already", board=number, result=said_result))
            self.show_info(played)
            return
        if old is not None:
            old_words = views.result_words(old.code, old.swapped, board)
            laptop = plan.overruled[0] if plan.overruled else None
            if laptop is None:
                question = _("Board {board} already has a result: {old}. Replace it with {new}?",
                             board=number, old=old_words, new=said_result)  # fmt: skip
            else:  # a colleague's entry, not one's own slip: whose and when, «Нет» first (a trial)
                from tui.screens.dispute import clock

                question = _(
                    "Board {board}: the laptop {laptop} entered {old} at {time}. Replace it with {new}?",
                    board=number, laptop=laptop, old=old_words, time=clock(old.at), new=said_result,
                )  # fmt: skip
                default = False
            if played.number < self.session.state.paired_rounds:  # a result behind later pairings: «Нет» first
                question = _("Round {round}.", round=played.number) + " " + question + "\n" + _(
                    "Round {round} and later were paired with the old result; they stay as they are",
                    round=played.number + 1)  # fmt: skip
                default = False
        elif plan.disputed:
            from tui.screens.dispute import entry_line

            laptops = self.session.state.hall.laptops if self.session.state.hall else {}
            entries = "; ".join(entry_line(e, laptops, board) for e in plan.disputed)
            question = _("Board {board} is disputed ({entries}). Settle it: {result}?", board=number, entries=entries,
                         result=said_result)  # fmt: skip
        elif board is not None and board.triple_ko(code):
            question = _(
                "Board {board}: komi {komi}, so no jigo is possible. Record a draw (triple ko)?",
                board=number,
                komi=f"{board.komi:g}",
            )
            default = False
        elif not typed or code in RARE:
            question = _("Board {board}: {result}?", board=number, result=said_result)
        if code in RARE:  # whichever the question, «Нет» first
            default = False

        action = actions.result(self.viewing, number, code, swapped)

        def record(yes: bool | None = True) -> None:
            if yes and self.tournament_screen.act(action):
                self.next_missing(number)
            elif not yes and number in played.results:  # «ничего не записано» read as an empty board (a trial)
                self.notify(_("Board {board}: its result stays as it was", board=number))
            elif not yes:  # a referee typing slips fast took the closed question for an entry (a trial)
                self.notify(_("Board {board}: nothing recorded", board=number))
            self.show_info(self.session.state.round(self.viewing) or played)  # the typed number is gone

        if question:
            try:  # a refusal said now, not after a «Да» (a play-off trial: «Победа обоих?», a result under a pairing)
                self.session.check_action(action)
            except InvalidEvent as error:
                self.notify(said(error), severity="error", timeout=8)
                self.show_info(played)
                return
            if board is not None:  # under the question, as the slip names them: in the colours played
                seated = (board.black, board.white) if swapped else (board.white, board.black)
                question += "\n\n" + "\n".join(
                    f"{_(colour)}: {self.label(player)}"
                    for colour, player in zip(("White", "Black"), seated, strict=True)
                )
            self.app.push_screen(ConfirmScreen(question, default), record)
        else:
            record()

    def next_missing(self, after: int) -> None:
        played = self.session.state.round(self.viewing)
        if played is None:  # never: a result was just recorded in it
            return
        later = [n for n in played.missing if n > after] or list(played.missing)
        if later:
            self.jump_to(later[0])

    def action_dispute(self) -> None:
        """The entries of the disputed board under the cursor (or the first disputed one):
        choosing one enters it, which settles the board."""
        from tui.screens.dispute import DisputeScreen

        played = self.session.state.round(self.viewing)
        if played is None or not played.disputes:
            self.notify(_("No disputed board in this round"))
            return
        typed = self.current_board()
        self.board_typed = ""
        board = typed if typed in played.disputes and typed is not None else min(played.disputes)
        if board != typed:
            self.jump_to(board)
        hall = self.session.state.hall

        def settle(entry: Result | None) -> None:
            if entry is not None and self.tournament_screen.act(
                actions.result(played.number, board, entry.code, entry.swapped)
            ):
                self.next_missing(board)
            self.show_info(self.session.state.round(played.number) or played)

        laptops = hall.laptops if hall else {}
        seated = played.board(board)
        players = "" if seated is None else f"{self.label(seated.white)} — {self.label(seated.black)}"
        screen = DisputeScreen(played.number, board, played.disputes[board], laptops, players, seated)
        self.app.push_screen(screen, settle)

    def action_board_hint(self) -> None:
        """Digits choose the board (``on_key`` takes them); the binding only names them."""

    def action_swapped(self) -> None:
        """``s`` before the result: the nigiri gave the other colours.  Said at once where the
        pairing fixed the colours; the board's number typed goes, so that the result key after
        it asks under the players as listed: ``5 s w`` meant white won as the referee thought
        the colours were, and recorded either player's win unasked (a trial)."""
        if self.unpaired():
            return
        played = self.session.state.round(self.viewing)
        number = self.current_board()
        board = played.board(number) if played is not None and number is not None else None
        if board is not None and not board.nigiri and not self.swapped_next:
            self.board_typed, self.board_done = "", False  # the cursor stays on the board: asked about
            self.notify(_("Board {board}: the pairing set the colours; s is for nigiri boards. A result key now asks "
                          "first, under the players as listed", board=number), severity="warning")  # fmt: skip
            if played is not None:
                self.show_info(played)
            return
        self.swapped_next = not self.swapped_next
        if played:
            self.show_info(played)

    def action_waiting(self) -> None:
        """Only the boards still waiting for a result, or all of them again."""
        self.waiting_only = not self.waiting_only
        self.show(self.session)

    def action_step(self, by: int) -> None:
        target = self.viewing + by
        if 1 <= target <= self.session.state.paired_rounds:
            self.chosen = target
            self.show(self.session)

    # -- pairing -----------------------------------------------------------------------
    def action_pair(self, choosing: bool = False) -> None:
        """The latest round's players on no board first, where it has some (``ask_rest``); else
        the next round (``pair_next``)."""
        try:
            rest = self.session.rest_offered()
        except InvalidEvent as error:  # a helper's laptop of a hall
            self.notify(said(error), severity="error")
            return
        if rest:
            self.ask_rest(rest, choosing)
        else:
            self.pair_next(choosing)

    def ask_rest(self, rest: list[int], choosing: bool) -> None:
        """The latest round has players on no board (a round OpenGotha paired in part, its
        boards on the wall): pairing them, its boards kept, is offered first, the next round
        second where the event has one — that round's pairing would leave them out of this one
        for good."""
        from tui.screens.confirm import ChoiceScreen

        state = self.session.state
        number, total = state.paired_rounds, registry.get_scheme(state.settings.scheme).total_rounds(state)
        following = (
            [] if total is not None and number >= total else [("next", _("Pair round {round}", round=number + 1))]
        )
        try:
            before = self.session.before_rest()
        except (InvalidEvent, TournamentFileError, Refused) as error:  # the hall's files read for its warnings
            self.notify(said(error), severity="error")
            return
        byes = state.rounds[-1].byes
        question = _("Round {round} has players on no board: {count}. Pair them, its boards kept?", round=number,
                     count=len([p for p in rest if p not in byes]))  # fmt: skip
        for player in (p for p in rest if p in byes):  # an odd rest takes the bye back (``actions.rest_of``)
            question += "\n" + _("{player} plays instead of his bye", player=self.bye_label(player))
        for warning in reversed(before.warned):  # a player of the rest registered on two laptops (an attack)
            question = sentence(said(warning)) + "\n" + question
        odd = len(rest) % 2 == 1  # the referee may choose who sits out, as ever
        answers = [("rest", _("Pair them")), *([("bye", _("Choose the bye"))] if odd else []), *following,
                   ("no", _("No"))]  # fmt: skip

        def answer(chosen: str | None) -> None:
            if chosen == "rest":
                self.pair(rest=True)
            elif chosen == "bye":
                self.choose_rest_bye(rest)
            elif chosen == "next":
                self.pair_next(choosing)

        focus = "no" if before.warned else "bye" if choosing and odd else "rest"
        self.app.push_screen(ChoiceScreen(question, answers, focus), answer)

    def choose_rest_bye(self, rest: list[int]) -> None:
        """Who of an odd rest sits out the latest round, by the referee's choice (``pair --rest
        --bye``): a trial's N promised the choice and the scheme chose."""
        state = self.session.state
        number = state.paired_rounds
        standing = registry.get_scheme(state.settings.scheme).standings(state, number - 1).rows  # as a round's list
        ordered = [row.player for row in standing if row.player in rest]
        players = [(p, self.bye_label(p), actions.earlier_bye(state, number, p)) for p in ordered]
        self.pick_bye(number, players, actions.rest_bye(state), lambda p: self.pair(rest=True, bye=p),
                      lambda: self.choose_rest_bye(rest))  # fmt: skip

    def pair_next(self, choosing: bool) -> None:
        """Ask, then pair the next round (a key pressed by mistake must not pair a round);
        a round that cannot be paired is said at once.  In an odd field the referee may
        choose who sits out (``choosing``: that answer in focus).  Where the round before
        misses a result and the scheme may pair all the same (``Traits.pairs_early``: a round
        robin's postponed game, OpenGotha's long game), the question says so and what it
        means, «Нет» in focus: most often a slip is still on the table."""
        from tui.screens.confirm import ChoiceScreen

        state = self.session.state
        traits = registry.get_scheme(state.settings.scheme).traits
        try:
            before = self.session.before_pairing()
        except (InvalidEvent, TournamentFileError, Refused) as error:  # the hall's files read for its warnings
            self.notify(said(error), severity="error")
            return
        number, missing = before.number, before.missing
        odd = bool(actions.bye_to_choose(state))
        if choosing and not odd:
            self.notify(_("Nobody sits out the next round: its field is even") if traits.chooses_byes else
                        _("{scheme} gives its byes itself", scheme=scheme_title(state.settings.scheme)),
                        severity="warning")  # fmt: skip
            return
        answers = [("yes", _("Yes")), *([("bye", _("Choose the bye"))] if odd else []), ("no", _("No"))]
        question = _("Pair round {round}?", round=number)
        if missing is not None:
            meaning = (_("The table says who meets whom: the result can be entered afterwards.") if traits.scheduled
                       else _("Until it is entered it counts for neither player, as in OpenGotha."))  # fmt: skip
            question = f"{said(missing)}. {meaning}\n{_('Pair round {round} all the same?', round=number)}"
        seated_out = actions.default_bye(state) if odd else None
        if seated_out is not None:  # whom «Да» seats out, beside «Выбрать свободного» (a trial: never said)
            question = f"{_('Bye')}: {self.bye_label(seated_out)}\n{question}"
        for warning in reversed(before.warned):  # the chief is warned: entries missing, a player twice
            question = sentence(said(warning)) + "\n" + question  # a line of its own: «Больше минуты…» (a trial)
        early = missing is not None

        def answer(chosen: str | None) -> None:
            if chosen == "yes":
                self.pair(early=early)
            elif chosen == "bye":
                self.choose_bye(early)

        # «Нет» in focus where something is said first: Enter seated a player registered on two
        # laptops on two boards, past «снимите одного из каждой пары» (a trial); «y» still pairs
        focus = "no" if early or before.warned else "bye" if choosing else "yes"
        self.app.push_screen(ChoiceScreen(question, answers, focus), answer)

    def choose_bye(self, early: bool) -> None:
        """The players who may sit out, those who have had a bye marked; a second bye asks."""
        state = self.session.state
        number = state.paired_rounds + 1
        offered = actions.bye_to_choose(state)
        shared = len({place for _player, place in offered}) == 1  # before round 1: one place, said by no one
        players = []
        for p, place in offered:
            players.append((p, self.bye_label(p) + ("" if shared else f", {_('place {place}', place=place)}"),
                            actions.earlier_bye(state, number, p)))  # fmt: skip
        self.pick_bye(number, players, actions.default_bye(state), lambda p: self.pair(bye=p, early=early),
                      lambda: self.choose_bye(early))  # fmt: skip

    def pick_bye(
        self,
        number: int,
        players: list[tuple[int, str, Notice | None]],
        default: int | None,
        pair_with: Callable[[int], None],
        again: Callable[[], None],
    ) -> None:
        """The list of who may sit out round ``number`` (a round's, or its rest's), ``default``
        where the scheme says whom it would; a second bye asks first, «Нет» back to the list
        (``again``), not away from the pairing (a review found the rest's list without it)."""
        from tui.screens.bye import ByeScreen
        from tui.screens.confirm import ConfirmScreen

        state = self.session.state

        def chosen(player: int | None) -> None:
            if player is None:
                return
            second = actions.earlier_bye(state, number, player)
            if second is None:
                pair_with(player)
                return
            question = _("{reason}. Another bye for the same player?", reason=sentence(said(second)))
            self.app.push_screen(
                ConfirmScreen(question, default=False), lambda yes: pair_with(player) if yes else again()
            )

        self.app.push_screen(ByeScreen(_("Who sits out round {round}?", round=number), players, default), chosen)

    def bye_label(self, player: int) -> str:
        """A player who may sit out, as the bye's question and list name him: as the boards do
        once he has a number, by his full name and rank before round 1."""
        p = self.session.state.players[player]
        return self.label(player) if player in self.session.state.numbers else f"{p.full_name} ({p.rank_label})"

    def pair(
        self, allow_repeats: bool = False, bye: int | None = None, early: bool = False, rest: bool = False
    ) -> None:
        """Pair the next round in a thread; ``early``: although the round before misses results;
        ``rest``: the latest round's players on no board instead (``actions.pair_rest``)."""
        number = self.session.state.paired_rounds + (not rest)
        self.compiling = compiler_ahead(self.session.state)
        pairing = _("Pairing round {round}…", round=number)
        self.notify(f"{pairing} {first_compile()}" if self.compiling else pairing, timeout=60 if self.compiling else 2)
        self.query_one(DataTable).loading = True
        self.tournament_screen.pairing = number
        in_thread(self, lambda: self.compute_pairing(allow_repeats, bye, early, rest), self.pairing_failed,
                  group="pairing", exclusive=True)  # fmt: skip

    def compute_pairing(self, allow_repeats: bool, bye: int | None, early: bool, rest: bool) -> None:
        """Runs in a thread, so a large field's pairing does not freeze the screen."""
        state = self.session.state
        try:
            if rest:
                action = actions.pair_rest(state, random.Random(), allow_repeats=allow_repeats, bye=bye)
            else:
                action = actions.pair(state, random.Random(), allow_repeats=allow_repeats, early=early, bye=bye)
        except InvalidEvent as error:
            hand(self.app, self.pairing_refused, error, allow_repeats, bye, early, rest)
            return
        hand(self.app, self.record_pairing, action)

    def loaded(self) -> None:
        """The boards again after the pairing's wait, the cursor in them (the keys follow it)."""
        self.tournament_screen.pairing = None
        table = self.query_one(DataTable)
        table.loading = False
        table.focus()
        if self.compiling:  # the minute's notice of the compiler, done with (shown once an installation)
            self.app.clear_notifications()
            self.compiling = False
        self.screen.refresh_bindings()  # the footer computed its keys while the table was loading

    def record_pairing(self, action: actions.Action) -> None:
        self.loaded()
        code_compiled(self.session.state)
        # its own pairing is followed at once, before the redraw the entry makes (which held the
        # round before, with a word, where it missed results: a review's double notice)
        held, (self.chosen, self.shown_round) = (self.chosen, self.shown_round), (None, 0)
        if self.tournament_screen.act(action):
            self.show(self.session)
            number, rest = action[1]["round"], action[1].get("change") == ev.REST
            self.notify(_("Round {round}: the players on no board paired", round=number) if rest else
                        _("Round {round} paired", round=number))  # fmt: skip
        else:
            self.chosen, self.shown_round = held

    def pairing_failed(self, said: str) -> None:
        self.loaded()
        self.notify(said, severity="error", timeout=30)

    def pairing_refused(self, error: InvalidEvent, allowed: bool, bye: int | None, early: bool, rest: bool) -> None:
        from tui.screens.confirm import ConfirmScreen

        self.loaded()
        if not isinstance(error, RepeatNeeded) or allowed:
            self.notify(said(error), severity="error", timeout=10)
            return

        def answer(yes: bool | None) -> None:
            if yes:
                self.pair(allow_repeats=True, bye=bye, early=early, rest=rest)

        question = _("No pairing of round {round} without a repeat game. Pair allowing repeat games?",
                     round=error.fields["round"])  # fmt: skip
        if isinstance(error, RestRepeatNeeded):  # another bye may leave none (an attack)
            question += "\n" + _("The pairing gives the bye to {player}; another may avoid the repeat: N, «Choose "
                                 "the bye»", player=spoken(error.fields["player"]))  # fmt: skip
        # a repeat game is the referee's decision, never a slip of Enter
        self.app.push_screen(ConfirmScreen(question, default=False), answer)

    def action_why(self) -> None:
        """OpenGotha's weights of the board's pair against each player's best other partner,
        weighed in a thread with a word on screen: the first time in a session loads (or, after
        an installation, compiles) the costs' code, seconds without a sign of life before."""
        state = self.session.state
        if self.not_here("why", ()) is not None or self.weighing or self.unpaired():  # a second v: its window comes
            return
        number, board_number = self.viewing, self.current_board()
        self.board_typed = ""  # taken: the next board's digits start afresh
        played = state.round(number)
        board = played.board(board_number) if played and board_number else None
        if played is not None:
            self.show_info(played)
        if board is None:
            return
        self.weighing = True
        compiling = weigher_ahead(state)  # a first «why» after installation waits for numba's compiler
        in_thread(self, lambda: self.weigh(state, number, board), self.weighing_failed, group="why")

        def still_weighing() -> None:  # said only where it takes long enough to be seen
            if self.weighing:
                said = _("Weighing board {board}…", board=board.number)
                self.notify(f"{said} {first_weighing()}" if compiling else said, timeout=60 if compiling else 30)
                self.weighing_said = True

        self.set_timer(0.3, still_weighing)

    def weigh(self, state: Tournament, number: int, board: Board) -> None:
        """Runs in a thread: the weights, then their window."""
        from schemes.systems.gotha.pairing import why
        from tui.screens.why import WhyScreen

        found = why(state, number, board.white, board.black)
        code_compiled(state, "weighed")
        hand(self.app, self.weighed, WhyScreen(state, number, found))

    def weighing_failed(self, said: str) -> None:
        if self.weighing_said:
            self.app.clear_notifications()
        self.weighing = self.weighing_said = False
        self.notify(said, severity="error", timeout=30)

    def weighed(self, window: Screen[None]) -> None:
        if self.weighing_said:  # the notice goes with the wait, as the pairing's does
            self.app.clear_notifications()
        self.weighing = self.weighing_said = False
        self.app.push_screen(window)

    def action_bracket(self) -> None:
        """A play-off's bracket, stage after stage (any key or Esc closes it)."""
        from tui.screens.bracket import BracketScreen

        state = self.session.state
        if self.not_here("bracket", ()) is None:
            self.app.push_screen(BracketScreen(views.bracket_lines(state, language())))

    def action_swap_players(self) -> None:
        from tui.screens.ask import AskScreen

        if self.unpaired():
            return

        by_number = {no: p for p, no in self.session.state.numbers.items()}

        def players(text: str) -> tuple[int, int] | None:
            numbers = text.replace(",", " ").split()
            # the length before int(), which refuses 4,300 digits with a traceback
            if len(numbers) != 2 or not all(n.isascii() and n.isdigit() and len(n) < 6 and int(n) in by_number
                                            for n in numbers):  # fmt: skip
                return None
            return by_number[int(numbers[0])], by_number[int(numbers[1])]

        def refusal(text: str) -> str:
            """Beside the field, the dialog kept: a mistyped number closed it, and the referee
            began again."""
            return "" if not text or players(text) else _("Two player numbers, like 3 12")

        def swap(text: str | None) -> None:
            chosen = players(text or "")
            if chosen:
                self.swap(chosen[0], chosen[1])

        self.app.push_screen(AskScreen(_("Numbers of the two players (3 12)"), check=refusal), swap)

    def action_from_paper(self) -> None:
        """The latest round's boards typed as they were paired on paper (``actions.as_played``):
        a referee moving to Tengen mid-event pairs the round, then types the paper's boards;
        a typing mistake is said beside the field, the dialog kept."""
        from tui.screens.ask import AskScreen

        if self.unpaired():
            return
        number = self.session.state.paired_rounds
        try:
            actions.paper_round(self.session.state, number)  # said before thirty boards are typed (a review)
        except InvalidEvent as error:
            self.notify(said(error), severity="warning")
            return

        def action(text: str, force: bool = False) -> actions.Action:
            pairs, bye = views.typed_pairs(self.session.state, text)
            return actions.as_played(self.session.state, number, pairs, force, bye)

        def refusal(text: str) -> str:
            try:
                self.session.check_action(action(text))
            except NeedsForce:
                return ""  # asked once the boards are typed
            except InvalidEvent as error:
                return said(error)
            return ""

        question = _("Boards of round {round} as on paper, by number (1-4 2-5 3-6)", round=number)

        def typed(text: str | None, force: bool = False) -> None:
            if not text:
                return
            try:
                made = action(text, force)
            except NeedsForce as error:  # «Нет» back to the boards typed (a trial typed them all again)
                self.asked_anyway(error, lambda: typed(text, force=True), lambda: ask(text))
                return
            except InvalidEvent as error:  # a hall's sync may have changed the round since it was checked
                self.notify(said(error), severity="error")
                return
            if self.tournament_screen.act(made) is None:  # refused (a read-only file…), said already
                return
            self.chosen = number
            entered = self.session.state.round(number)
            if entered is not None and entered.byes:  # said: a trial saw only the bottom line change
                self.notify(_("Round {round} entered from paper; the bye: {player}", round=number,
                              player=self.label(entered.byes[0])))  # fmt: skip
            else:
                self.notify(_("Round {round} entered from paper", round=number))

        def ask(text: str) -> None:
            self.app.push_screen(AskScreen(question, text, check=refusal), typed)

        ask("")

    def action_handicap(self) -> None:
        """The stones and komi of the board under the cursor, as the referee sets them: the
        board's own offered, «2 0,5» typed (the komi may be left out), refused beside the field
        in the log's words."""
        from tui.screens.ask import AskScreen

        if self.unpaired():
            return

        number, board_number = self.viewing, self.current_board()
        self.board_typed = ""
        if board_number is None:
            return
        try:
            _played, board = actions.amendable_board(self.session.state, number, board_number)
        except InvalidEvent as error:  # an earlier round, a board with a result
            self.notify(said(error), severity="warning")
            return

        def action(text: str) -> actions.Action | None:
            parts = text.split()
            if not 1 <= len(parts) <= 2 or not (parts[0].isascii() and parts[0].isdigit() and len(parts[0]) < 3):
                return None  # the length before int(): 4,300 digits
            komi = parts[1] if len(parts) == 2 else None
            return actions.handicap(self.session.state, number, board.number, int(parts[0]), komi)

        def refusal(text: str) -> str:
            try:
                made = action(text)
                if made is None:
                    return _("Stones and komi, like 2 0,5")
                self.session.check_action(made)
            except InvalidEvent as error:
                return said(error)
            return ""

        def chosen(text: str | None) -> None:
            try:  # checked beside the field; a hall's sync may have changed the round since
                made = action(text) if text else None
            except InvalidEvent as error:
                self.notify(said(error), severity="error")
                return
            if made is not None:
                self.tournament_screen.act(made)

        shown = f"{board.handicap} {board.komi:g}"
        question = _("Board {board}: stones and komi (2 0.5)", board=board.number)
        self.app.push_screen(AskScreen(question, shown, check=refusal), chosen)

    def asked_anyway(
        self, error: NeedsForce, yes: Callable[[], object], no: Callable[[], object] | None = None
    ) -> None:
        """A change by hand the rules question (a repeat game, a second bye), asked, «Нет» in
        focus: ``yes`` makes it, ``no`` follows «Нет».  The reasons put first begin with a capital
        («Игрокам № 3 …», a trial); the question's own words are left as they are (a file's name,
        «кубок 2026.json», a review)."""
        from tui.screens.confirm import ConfirmScreen

        def answer(said_yes: bool | None) -> None:
            if said_yes:
                yes()
            elif no is not None:
                no()

        reason = sentence(said(error.fields["reason"]))
        self.app.push_screen(ConfirmScreen(_("{reason}. Do it anyway?", reason=reason), default=False), answer)

    def swap(self, a: int, b: int, force: bool = False) -> None:
        try:
            action = actions.swap(self.session.state, self.viewing, a, b, force)
        except NeedsForce as error:
            self.asked_anyway(error, lambda: self.swap(a, b, force=True))
            return
        except InvalidEvent as error:
            self.notify(said(error), severity="error")
            return
        self.tournament_screen.act(action)
