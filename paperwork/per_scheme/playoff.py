"""The play-off on paper: the card of each match, the bracket for the wall, the rating
table's place, wins, seed and games."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from data.errors import Refused
from paperwork.card_face import Face, blank_rows, final_places, finished
from paperwork.labels import after_words
from paperwork.marks import colour, opponent_number, result_symbol
from paperwork.scheme_paper import FreeRound, RatingInfo, SchemePaper, capped, first_place, rows_after, unsigned
from paperwork.sheet import Column
from schemes.log.events import Event
from schemes.registry import is_final_table
from schemes.state.model import Tournament
from schemes.state.records import Game, outcomes
from schemes.values.text import number_runs

if TYPE_CHECKING:  # fpdf2 loads where a document is made, not for a scheme's columns and marks
    from paperwork.document import Document
    from schemes.systems.playoff import Match


def card(tournament: Tournament, text: Mapping[str, str], rounds: int) -> Callable[[int], Face]:
    """A play-off card: the seed, then each game's opponent, colour and result."""
    table = outcomes(tournament, tournament.paired_rounds)
    done = finished(tournament)
    places = final_places(tournament) if done else {}
    columns = [
        Column(text["round"], 4),
        Column(text["opponent"], 6),
        Column(text["colour"], 5),
        Column(text["result"], 5),
    ]

    def face(player: int) -> Face:
        header = [(text["seed"], str(tournament.numbers.get(player, "")))]
        if done:
            header.append((text["place"], places[player]))
        rows = [
            [str(r), opponent_number(o, tournament.numbers), colour(o, text), result_symbol(o)]
            for r, o in enumerate(table[player], start=1)
        ]
        return Face(header, columns, blank_rows(columns, rows, rounds))

    return face


BYE_ROOM = 4.5
"""The millimetres between two lines of the bracket that «(проходит без игры)» needs beside a name."""


def final_table(tournament: Tournament, events: Sequence[Event], after_round: int) -> Document:
    """The bracket for the wall (landscape): a column per stage under its name, the names on
    the lines in bracket order, each match's score beside its players, a seed without an
    opponent «проходит без игры», the champion at the right, and the third-place match below
    when there is one (a trial read neither the stages nor the byes)."""
    from paperwork.document import Document  # the PDF library, for a document only (TYPE_CHECKING above)
    from schemes.systems.playoff import bracket, bracket_order, main_matches

    if not tournament.paired_rounds:  # the seeds are drawn with round 1: an empty bracket said «Финал» for 5
        raise Refused("the bracket is drawn when round 1 is paired: pair it, then print the bracket")
    state = bracket(tournament, after_round)
    document = Document(tournament, events, "", landscape=True, after_round=after_round)
    text = document.labels
    final = is_final_table(tournament, after_round)  # a trial's bracket did not say after which round
    if final:
        document.title_line = text["bracket"]
    else:  # «после 0-го тура» before any round is over (a trial): the bracket as seeded
        document.title_line = (
            text["bracket_after"].format(after=after_words(text, after_round))
            if after_round
            else text["bracket_seeded"]
        )
    document.add_page()
    by_seed = {seed: player for player, seed in state.seeds.items()}
    size = 1
    while size < max(2, len(by_seed)):
        size *= 2
    stages = size.bit_length() - 1
    order = bracket_order(size)
    left, top = document.l_margin, document.get_y() + 10
    column = document.epw / (stages + 1)
    matches = [match for stage in state.stages for match in stage]
    legends = [text[key] for key, shown in (("legend_forfeit", any(m.unplayed for m in matches)),
                                            ("legend_no_show", any(m.absent for m in matches))) if shown]  # fmt: skip
    legend_room = 5 if legends else 0  # «! — результат без игры», «н/я — неявка…» under the bracket
    height = (document.bottom - top - (14 if state.third_place_on else 0) - legend_room) / size
    for stage in range(stages + 1):
        document.set_xy(left + stage * column, top - 8)
        heading = stage_name(size >> (stage + 1), text) if stage < stages else text["champion"]
        document.fit_cell(column - 2, 5, heading, align="L", size=9, bold=True)

    def label(player: int | None) -> str:
        if player is None:
            return ""
        p = tournament.players[player]
        return f"{state.seeds[player]}. {p.surname} {p.name[:1]}.".strip()

    def slot_line(stage: int, slot: int, name: str, score: str) -> float:
        span = height * (1 << stage)
        y = top + (slot + 0.5) * span
        x = left + stage * column
        document.line(x, y, x + column - 2, y)
        document.set_xy(x, y - 4.5)
        document.fit_cell(column - 10, 4.5, name, align="L", size=8)
        document.set_xy(x + column - 10, y - 4.5)
        document.fit_cell(8, 4.5, score, align="R", size=8, bold=True)
        return y

    mains = [main_matches(matches) for matches in state.stages] + [[]] * (stages + 1)

    def score(match: Match | None, player: int | None) -> str:
        """The games a player won in the match, or «н/я» where he lost it by not coming."""
        if match is None or player is None:
            return ""
        return text["no_show"] if player in match.absent else match.score(player)

    def through(stage: int, index: int) -> int | None:
        """The winner of the ``index``-th match of ``stage`` once it is decided: on the wall he
        moves on as soon as his result is in, before the next stage is paired (a review found
        the semi-finals' lines empty, and the champion's, until every match was over)."""
        return mains[stage][index].winner(state.needed) if index < len(mains[stage]) else None

    for stage in range(stages + 1):
        main = mains[stage]
        for index in range(size >> (stage + 1) if stage < stages else 1):
            match = main[index] if index < len(main) else None
            if stage == stages:  # the champion; a final both lost says so (a trial's paper looked unfinished)
                deciding = mains[stage - 1][0] if mains[stage - 1] else None
                nobody = deciding is not None and deciding.both_out(state.most)
                slot_line(stage, 0, text["no_champion"] if nobody else label(through(stage - 1, 0)), "")
                continue
            if stage == 0:
                players = (by_seed.get(order[2 * index]), by_seed.get(order[2 * index + 1]))
            elif match is not None:
                players = (match.a, match.b)
            else:
                players = (through(stage - 1, 2 * index), through(stage - 1, 2 * index + 1))
            ys = []
            for offset, player in enumerate(players):
                # his partner's seed is beyond the field; said where a line has room (64 lines of 33 players have not)
                alone = stage == 0 and player is None and any(players) and height >= BYE_ROOM
                name = text["bye_through"] if alone else label(player)
                ys.append(slot_line(stage, 2 * index + offset, name, score(match, player)))
            x = left + (stage + 1) * column - 2
            document.line(x, ys[0], x, ys[1])
    third = [m for m in state.current if m.third_place]
    if third:
        match = third[0]
        y = document.bottom - 10 - legend_room
        document.set_xy(left, y - 5)
        document.fit_cell(column, 4.5, text["third_place_match"], align="L", size=8, bold=True)
        for offset, player in enumerate(match.players):
            document.set_xy(left, y + offset * 5)
            document.fit_cell(column, 4.5, f"{label(player)}  {score(match, player)}", align="L", size=8)
    if legends:
        document.set_xy(left, document.bottom - 4)
        document.fit_cell(document.epw, 4, "; ".join(legends), align="R", size=8)  # apart from third place
    return document


def round_note(tournament: Tournament, number: int, text: Mapping[str, str]) -> str:
    """What round ``number``'s boards decide, under its protocol: «1/4 финала, партия 2: доски
    1, 2 · Финал: доска 3 · Матч за 3-е место: доска 4» (a trial's protocols named neither the
    final nor the game of a best of three)."""
    from schemes.systems.playoff import stages_on_boards

    best_of = int(tournament.settings.params["games_per_match"]) > 1
    groups: dict[tuple[bool, int, int], list[int]] = {}
    for board, stage in stages_on_boards(tournament, number).items():
        groups.setdefault((stage.third_place, stage.matches, stage.game), []).append(board)
    parts = []
    for (third, matches, game), boards in sorted(groups.items(), key=lambda group: min(group[1])):
        name = text["third_place_match"] if third else stage_name(matches, text)
        if best_of:
            name += ", " + text["game_n"].format(n=game)
        where = text["on_board" if len(boards) == 1 else "on_boards"].format(boards=number_runs(boards))
        parts.append(f"{name}: {where}")
    return " · ".join(parts)


def stage_name(matches: int, text: Mapping[str, str]) -> str:
    """The stage of ``matches`` matches: the final, the semi-finals, the quarter-finals, 1/n."""
    named = {1: "stage_final", 2: "stage_semi", 4: "stage_quarter"}
    return text[named[matches]] if matches in named else text["stage_n"].format(n=matches)


def rating_info(tournament: Tournament, after: int) -> dict[int, RatingInfo]:
    """Place, games won, seed and boards sat at (a walkover is a win, not a game)."""
    rows = rows_after(tournament, after)
    table = outcomes(tournament, after).items()
    games = {p: sum(isinstance(o, Game) and o.seated for o in rounds) for p, rounds in table}
    return {
        p: (first_place(rows[p]), unsigned(rows[p].score), str(tournament.numbers.get(p, 0)), str(games[p]))
        for p in rows
    }


def free_mark(tournament: Tournament, kind: FreeRound) -> str:
    """A bye or a walkover takes the player on, as a win."""
    return "+" if kind in ("bye", "walkover") else "-"


FREE_LEGEND = {
    "ru": " 0+ тур без партии: проходит дальше (посев, неявка соперника, матч уже выигран); 0- выбыл",
    "en": " 0+ a round without a game: goes on (a seed's bye, a walkover, a match already won); 0- out",
}
"""A trial read the usual legend's «0+ как победа» as three wins for a top seed's bye of a
best-of-three stage; a play-off counts no points, so its legend says what its marks are."""


def most_rounds(tournament: Tournament) -> int:
    from schemes.systems import playoff

    return playoff.most_rounds(tournament)


PAPER = SchemePaper(
    card,
    final_table,
    "Pl W Seed G",
    rating_info,
    free_mark,
    capped,
    round_note=round_note,
    free_legend=FREE_LEGEND,
    most_rounds=most_rounds,
)
