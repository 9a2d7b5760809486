"""Tables: standings after a round, each scheme's final table in its hand format, the
registration list, teams and prizes.

The final tables follow the seeds: rows by player number, one or two columns per
round, then the scheme's totals and the place (each scheme's is in
``paperwork/per_scheme``).  A table whose rounds do not fit a portrait page turns to
landscape.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from paperwork.document import Document
from paperwork.labels import after_words
from paperwork.people import name_options, number_of
from paperwork.per_scheme import paper
from paperwork.sheet import Column, Text, number, standings_after
from paperwork.table_parts import PORTRAIT_COLUMNS
from paperwork.wall_sheets import standings_sheet
from schemes.log.events import Event
from schemes.registry import get_scheme, is_final_table
from schemes.state.model import Tournament

if TYPE_CHECKING:
    from schemes.awards.prizes import PrizeRules


def standings(tournament: Tournament, events: Sequence[Event], after_round: int) -> Document:
    sheet = standings_sheet(tournament, after_round)
    landscape = len(sheet.columns) > PORTRAIT_COLUMNS - 4
    document = Document(tournament, events, sheet.title, landscape=landscape, after_round=after_round)
    document.add_page()
    document.draw_table(sheet.columns, sheet.rows, height=5.5, font_size=8.5)
    document.legend(sheet.abbreviated)
    return document


def registration(tournament: Tournament, events: Sequence[Event]) -> Document:
    document = Document(tournament, events, "")
    text = document.labels
    document.title_line = text["registration"]
    document.add_page()
    players = sorted(tournament.players.values(), key=lambda p: p.name_key)
    both_ways = tournament.blocks()
    blocks = any(both_ways.values())  # «Не играет с» where someone has a pair blocked (FORS)
    columns = [
        Column(text["id"], 4),
        Column(text["no"], 4),
        Column(text["name"], 30, "L"),
        Column(text["rank"], 5),
        Column(text["rating"], 6),
        Column(text["country"], 5),
        Column(text["club"], 14 if blocks else 24, "L"),  # a trial's «Санкт-Петерб…» in a tiny font
    ] + ([Column(text["blocked"], 10, "L")] if blocks else [])
    rows: list[list[Text]] = []
    for p in players:
        row: list[Text] = [
            str(p.id),
            number_of(tournament, p.id),
            (p.formal_name, *name_options(p)),  # the registration list names the person in full
            p.rank_label,
            "" if p.rating is None else str(p.rating),
            p.country,
            p.club,
        ]
        rows.append(row + [", ".join(map(str, both_ways[p.id]))] if blocks else row)
    document.draw_table(columns, rows, height=5.5, font_size=9)
    return document


def final_table(tournament: Tournament, events: Sequence[Event], after_round: int) -> Document:
    """The scheme's table in its hand format, with the legend of the result marks it wrote."""
    scheme = paper(tournament)
    document = scheme.final_table(tournament, events, after_round)
    document.results_legend(scheme.opponents_by_place)
    return document


def teams(
    tournament: Tournament,
    events: Sequence[Event],
    after_round: int,
    best: int | None = None,
    by: str | None = None,
    points: str = "wins",
) -> Document:
    """«Командный зачёт» (or «Зачёт клубов», ``by`` club): the teams in place order, the
    members whose points count marked; ``points`` as ``team_standings`` counts them (a review:
    ``teams --points score`` could not be printed)."""
    from paperwork.per_scheme import score_title
    from schemes.awards.teams import DEFAULT_BEST, default_grouping, team_standings

    best = best or DEFAULT_BEST
    by = by or default_grouping(tournament)
    standings = standings_after(tournament, after_round)
    rows = team_standings(tournament, standings, best, by, points)
    document = Document(tournament, events, "", after_round=after_round)
    text = document.labels
    document.title_line = text[f"{by}_standings"].format(after=after_words(text, after_round), best=best)
    document.add_page()
    columns = [
        Column(text["place"], 4),
        Column(text[by], 14, "L"),
        Column(text["team_members"], 40, "L", wrap=True),
        Column(text["best_sum"], 7),
        Column(text["all_sum"], 6),
        Column(text["best_place"], 6),
    ]
    body = []
    for row in rows:
        members = ", ".join(
            f"{tournament.players[p].surname} {number(row.points[p])}" + ("*" if p in row.counted else "")
            for p in row.members
        )
        body.append([row.place, row.team, members, number(row.best), number(row.total), str(row.best_place)])
    document.draw_table(columns, body, height=6, font_size=8.5, header_height=9)
    document.legend([text["counted_mark"]])
    if points == "score":
        said = text["team_points_score"].format(score=text[score_title(tournament, after_round)])
    elif get_scheme(tournament.settings.scheme).traits.bracket:
        said = text["team_points_knockout"]
    else:
        said = text["team_points"].format(bye=number(standings.bye_worth))
    document.notes([said])  # not the standings' points, which a trial compared them with
    return document


def prizes(
    tournament: Tournament, events: Sequence[Event], after_round: int, rules: PrizeRules | None = None
) -> Document:
    """«Призёры»: each prize, who won it and the value that decided, by ``rules`` (the usual
    ones: places 1-3, women and categories when there are any, the special prizes that apply,
    one prize per person)."""
    from schemes.awards.prizes import (
        PrizeRules,
        award,
        field_of,
        passed_over_by,
        passed_unnamed,
        prize_name,
        prize_value,
        withdrawn_winners,
    )

    standings = standings_after(tournament, after_round)
    field = field_of(tournament, standings)
    document = Document(tournament, events, "", after_round=after_round)
    text = document.labels
    # mid-event, the round they stand after (a trial's prizes-4.pdf said only «Призёры»)
    final = is_final_table(tournament, after_round)
    document.title_line = text["prizes"] if final else text["prizes_after"].format(after=after_words(text, after_round))
    document.add_page()
    columns = [Column(text["prize"], 22, "L"), Column(text["winner"], 30, "L"), Column(text["why"], 8)]
    prizes = award(field, rules or PrizeRules(), get_scheme(tournament.settings.scheme).traits.bracket)

    def names(players: Sequence[int]) -> str:
        return "; ".join(f"{number_of(tournament, p)} {tournament.players[p].formal_name}".strip() for p in players)

    def say(phrase: str) -> str:
        return text.get(phrase, phrase)

    def title(name: str) -> str:
        return prize_name(name, say)

    rows = [[title(prize.name), names(prize.players), prize_value(prize.name, prize.value, say)] for prize in prizes]
    document.draw_table(columns, rows, height=7, font_size=10, header_height=7)
    nobody = [] if prizes else [text["no_winners_yet" if not after_round else "no_winners"]]  # not a bare header
    document.notes(
        nobody
        + [
            text["passed_over"].format(prize=title(prize.name), player=names([player]),
                                       value=prize_value(prize.name, value, say),
                                       other=title(other))
            for prize, player, value, other in passed_over_by(prizes)
        ]
        + [text["passed_more"].format(prize=title(prize.name), count=count) for prize, count in passed_unnamed(prizes)]
        + [
            text["withdrawn_winner_f" if tournament.players[player].sex == "f" else "withdrawn_winner"].format(
                prize=title(prize.name), player=names([player]), round=tournament.players[player].withdrawn_from
            )
            for prize, player in withdrawn_winners(tournament, prizes)
        ]
    )  # fmt: skip
    return document
