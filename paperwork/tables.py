"""Tables: standings after a round, each scheme's final table in its hand format, and
the registration list.

The final tables follow the seeds: rows by player number, one or two columns per
round, then the scheme's totals and the place.  A table whose rounds do not fit a
portrait page turns to landscape.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from paperwork.document import Column, Document, half_points, number
from paperwork.labels import SCORE_LABEL, labels
from paperwork.marks import colour_handicap, opponent_mark
from paperwork.people import identity, name_options, number_of
from schemes import fors, gamma, sport_handicap
from schemes.events import Event
from schemes.model import Tournament
from schemes.names import alphabetical_key
from schemes.records import outcomes
from schemes.registry import get_scheme, is_final_table
from schemes.round_robin import round_points
from schemes.true_rating import rating_label

FORMAT: dict[str, Callable[[float], str]] = {
    "coefficient": half_points,
    "correction": lambda v: f"{v:+.1f}" if v else "0",
    "true_rating": rating_label,
}
PORTRAIT_COLUMNS = 14


def _score_format(scheme: str) -> Callable[[float], str]:
    return (lambda v: f"{v:.1f}") if scheme == "sport-handicap" else number


def _numbered(tournament: Tournament) -> list[int]:
    return sorted(tournament.players, key=lambda p: (tournament.numbers.get(p, 10**6), p))


def standings(tournament: Tournament, events: Sequence[Event], after_round: int) -> Document:
    scheme = tournament.settings.scheme
    table = get_scheme(scheme).standings(tournament, after_round)
    rows, keys = table.rows, table.columns
    text = labels(tournament.settings.lang)
    title = text["standings"].format(n=after_round) if after_round else text["standings_start"]
    document = Document(tournament, events, title, landscape=len(keys) + 5 > PORTRAIT_COLUMNS - 4)
    document.add_page()
    columns = [
        Column(text["place"], 5),
        Column(text["no"], 4),
        Column(text["name"], 24, "L"),
        Column(text["rank"], 4),
        Column(text[SCORE_LABEL[scheme]], 6),
    ] + [Column(text[k], 6) for k in keys]
    score = _score_format(scheme)
    body = [
        [row.place, *identity(tournament, row.player), score(row.score)]
        + [FORMAT.get(k, number)(row.tiebreaks[k]) for k in keys]
        for row in rows
    ]
    document.table(columns, body, height=5.5, font_size=8.5)
    document.legend([text[k] for k in keys])
    return document


def registration(tournament: Tournament, events: Sequence[Event]) -> Document:
    document = Document(tournament, events, "")
    text = document.text
    document.title_line = text["registration"]
    document.add_page()
    players = sorted(tournament.players.values(), key=lambda p: alphabetical_key(p.surname, p.name))
    columns = [
        Column(text["id"], 4),
        Column(text["no"], 4),
        Column(text["name"], 30, "L"),
        Column(text["rank"], 5),
        Column(text["rating"], 6),
        Column(text["country"], 5),
        Column(text["club"], 6),
        Column(text["blocked"], 12, "L"),
    ]
    rows = [
        [
            str(p.id),
            number_of(tournament, p.id),
            (p.formal_name, *name_options(p)),  # the registration list names the person in full
            p.rank_label,
            "" if p.rating is None else str(p.rating),
            p.country,
            p.club,
            ", ".join(map(str, sorted(p.block))),
        ]
        for p in players
    ]
    document.table(columns, rows, height=5.5, font_size=9)
    return document


# -- final tables, one per scheme ---------------------------------------------------------


def final_table(tournament: Tournament, events: Sequence[Event], after_round: int) -> Document:
    builder = {
        "gamma": _gamma,
        "sport-handicap": _sport_handicap,
        "fors": _fors,
        "round-robin": _round_robin,
        "mcmahon": _gotha,
        "swiss": _gotha,
        "playoff": _playoff,
    }
    return builder[tournament.settings.scheme](tournament, events, after_round)


def _title(document: Document, tournament: Tournament, after_round: int) -> str:
    if is_final_table(tournament, after_round):
        return document.text["final_table"]
    return document.text["table_after"].format(n=after_round)


def _document(tournament: Tournament, events: Sequence[Event], after_round: int, columns: int) -> Document:
    document = Document(tournament, events, "", landscape=columns > PORTRAIT_COLUMNS)
    document.title_line = _title(document, tournament, after_round)
    document.add_page()
    return document


def _rounds(tournament: Tournament) -> int:
    return get_scheme(tournament.settings.scheme).total_rounds(tournament) or tournament.paired_rounds


def _gamma(tournament: Tournament, events: Sequence[Event], after_round: int) -> Document:
    rounds = _rounds(tournament)
    document = _document(tournament, events, after_round, 8 + 2 * rounds)
    text = document.text
    cards = gamma.cards(tournament, after_round) if tournament.rounds else {}
    places = {r.player: r for r in gamma.GAMMA.standings(tournament, after_round).rows} if tournament.rounds else {}
    columns = [
        Column(text["no"], 3),
        Column(text["name"], 19, "L"),
        Column(text["rating"], 4.5),
        Column(text["start_level"], 4.5),
    ]
    for r in range(1, rounds + 1):
        columns += [
            Column(text["col_hcp_short"], 4, group=text["round_n"].format(n=r)),
            Column(text["opp_res_short"], 4, group=text["round_n"].format(n=r)),
        ]
    columns += [
        Column(text["level"], 5),
        Column(text["technical"], 3.5),
        Column(text["coefficient"], 5),
        Column(text["place"], 4),
    ]
    rows = []
    for player in _numbered(tournament):
        p = tournament.players[player]
        card = cards.get(player)
        cells = [
            number_of(tournament, player),
            name_options(p),
            "" if p.rating is None else str(p.rating),
            str(card.levels[0]) if card else "",
        ]
        for r in range(rounds):
            outcome = card.outcomes[r] if card and r < len(card.outcomes) else None
            cells += (
                [colour_handicap(outcome), opponent_mark(outcome, tournament.numbers, bye="+", skip="-")]
                if outcome
                else ["", ""]
            )
        row = places.get(player)
        cells += [
            str(card.level) if card else "",
            str(card.technical) if card else "",
            half_points(row.tiebreaks["coefficient"]) if row else "",
            row.place if row else "",
        ]
        rows.append(cells)
    document.table(columns, rows, height=5.5, font_size=7.5, header_height=9)
    return document


def _sport_handicap(tournament: Tournament, events: Sequence[Event], after_round: int) -> Document:
    rounds = _rounds(tournament)
    document = _document(tournament, events, after_round, 8 + 2 * rounds)
    text = document.text
    cards = sport_handicap.cards(tournament, after_round)
    places = {r.player: r for r in sport_handicap.SPORT_HANDICAP.standings(tournament, after_round).rows}
    columns = [
        Column(text["no"], 3),
        Column(text["name"], 16, "L"),
        Column(text["rank"], 3.5),
        Column(text["start_strength"], 4.5),
    ]
    for r in range(1, rounds + 1):
        columns += [
            Column(text["opp_res_short"], 4, group=text["round_n"].format(n=r)),
            Column(text["strength"], 4, group=text["round_n"].format(n=r)),
        ]
    columns += [Column(text["correction"], 6), Column(text["final_strength"], 5), Column(text["place"], 4)]
    rows = []
    for player in _numbered(tournament):
        card = cards[player]
        cells = [*identity(tournament, player), str(card.strengths[0])]
        for r in range(rounds):
            if r < len(card.outcomes):
                cells += [opponent_mark(card.outcomes[r], tournament.numbers), str(card.strengths[r + 1])]
            else:
                cells += ["", ""]
        row = places[player]
        cells += [FORMAT["correction"](row.tiebreaks["correction"]), f"{row.score:.1f}", row.place]
        rows.append(cells)
    document.table(columns, rows, height=5.5, font_size=7.5, header_height=9)
    return document


def _fors(tournament: Tournament, events: Sequence[Event], after_round: int) -> Document:
    rounds = _rounds(tournament)
    document = _document(tournament, events, after_round, 6 + rounds)
    text = document.text
    places, values, table = fors.ranking(tournament, after_round)
    place = {p: label for label, p in places}
    chosen = list(tournament.settings.params["tiebreaks"])
    first = chosen[0] if chosen else None
    columns = [
        Column(text["no"], 3),
        Column(text["name"], 18, "L"),
        Column(text["club"], 4),
        Column(text["start_points"], 5),
    ]
    columns += [Column(str(r), 6) for r in range(1, rounds + 1)]
    columns += [Column(f"K ({text[first]})", 6)] if first else []
    columns += [Column(text["place"], 4)]
    rows = []
    for player in _numbered(tournament):
        totals = table[player]
        p = tournament.players[player]
        cells = [
            number_of(tournament, player),
            tuple(f"{name} {p.rank_label}" for name in name_options(p)),
            p.club,
            number(totals.start),
        ]
        for r in range(rounds):
            if r < len(totals.outcomes):
                mark = opponent_mark(totals.outcomes[r], tournament.numbers, result_first=True)
                cells.append(f"{mark}/{number(totals.running[r])}")
            else:
                cells.append("")
        cells += ([number(values[player][first])] if first else []) + [place[player]]
        rows.append(cells)
    document.table(columns, rows, height=6, font_size=8, header_height=7)
    return document


def _round_robin(tournament: Tournament, events: Sequence[Event], after_round: int) -> Document:
    numbered = [p for p in _numbered(tournament) if p in tournament.numbers] or _numbered(tournament)
    document = _document(tournament, events, after_round, 6 + len(numbered))
    text = document.text
    table = outcomes(tournament, after_round)
    bye_points = tournament.settings.params["bye_points"]
    standings = get_scheme("round-robin").standings(tournament, after_round)
    rows_by_player = {r.player: r for r in standings.rows}
    chosen = standings.columns
    columns = [Column(text["no"], 3), Column(text["name"], 16, "L"), Column(text["rank"], 3.5)]
    columns += [Column(str(tournament.numbers.get(p, "")), 3.5) for p in numbered]
    columns += [Column(text["points"], 4.5)] + [Column(text[k], 5) for k in chosen] + [Column(text["place"], 4)]
    cell = {1.0: "1", 0.5: "½", 0.0: "0"}
    rows = []
    for player in numbered:
        against: dict[int, list[str]] = {}
        for outcome in table[player]:
            if outcome.opponent is not None and outcome.score is not None:
                mark = cell[outcome.score.value] + ("!" if outcome.forfeit else "")
                against.setdefault(outcome.opponent, []).append(mark)
        row = rows_by_player[player]
        cells = list(identity(tournament, player))
        cells += ["×" if other == player else " ".join(against.get(other, [])) for other in numbered]
        cells += [number(sum(round_points(o, bye_points) for o in table[player]))]
        cells += [FORMAT.get(k, number)(row.tiebreaks[k]) for k in chosen] + [row.place]
        rows.append(cells)
    document.table(columns, rows, height=6, font_size=8, header_height=7)
    return document


def _gotha(tournament: Tournament, events: Sequence[Event], after_round: int) -> Document:
    """McMahon and Swiss as OpenGotha's standings print them: rows in place order, each round
    the opponent's row with the result, colour and handicap (``12+/w2``), the main score and
    the chosen criteria."""
    rounds = _rounds(tournament)
    standings = get_scheme(tournament.settings.scheme).standings(tournament, after_round)
    criteria = standings.columns
    document = _document(tournament, events, after_round, 6 + rounds + len(criteria))
    text = document.text
    position = {row.player: index for index, row in enumerate(standings.rows, start=1)}
    table = outcomes(tournament, after_round)
    main = SCORE_LABEL[tournament.settings.scheme]
    columns = [
        Column(text["place"], 4),
        Column(text["name"], 18, "L"),
        Column(text["rank"], 4),
        Column(text["club"], 5),
    ]
    columns += [Column(str(r), 6) for r in range(1, rounds + 1)]
    columns += [Column(text[main], 5)] + [Column(text[k], 6) for k in criteria]
    rows = []
    for row in standings.rows:
        p = tournament.players[row.player]
        cells = [row.place, tuple(name_options(p)), p.rank_label, p.club]
        for r in range(rounds):
            outcomes_of = table[row.player]
            if r < len(outcomes_of):
                outcome = outcomes_of[r]
                mark = opponent_mark(outcome, position, bye="0=", skip="0-")
                if outcome.opponent is not None:
                    mark += f"/{'w' if outcome.white else 'b'}{outcome.handicap or ''}"
                cells.append(mark)
            else:
                cells.append("")
        cells += [number(row.score)] + [FORMAT.get(k, number)(row.tiebreaks[k]) for k in criteria]
        rows.append(cells)
    document.table(columns, rows, height=5.5, font_size=7.5, header_height=9)
    document.legend([text[k] for k in criteria])
    return document


def teams(
    tournament: Tournament, events: Sequence[Event], after_round: int, best: int | None = None, by: str | None = None
) -> Document:
    """«Командный зачёт»: the teams in place order, the members whose points count marked."""
    from schemes.teams import DEFAULT_BEST, default_grouping, team_standings

    best = best or DEFAULT_BEST
    by = by or default_grouping(tournament)
    standings = get_scheme(tournament.settings.scheme).standings(tournament, after_round)
    rows = team_standings(tournament, standings, best, by)
    document = Document(tournament, events, "")
    text = document.text
    document.title_line = text["team_standings"].format(n=after_round, best=best)
    document.add_page()
    columns = [
        Column(text["place"], 4),
        Column(text[by], 14, "L"),
        Column(text["team_members"], 40, "L"),
        Column(text["best_sum"].format(best=best), 7),
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
    document.table(columns, body, height=6, font_size=8.5, header_height=9)
    document.legend([text["counted_mark"]])
    return document


def prizes(tournament: Tournament, events: Sequence[Event], after_round: int) -> Document:
    """«Призёры»: each prize, who won it and the value that decided (the usual rules: places
    1-3, women and categories when there are any, the special prizes that apply, one prize
    per person)."""
    from schemes.prizes import field_of, hand_out, prize_name, standard_rules

    standings = get_scheme(tournament.settings.scheme).standings(tournament, after_round)
    field = field_of(tournament, standings)
    document = Document(tournament, events, "")
    text = document.text
    document.title_line = text["prizes"]
    document.add_page()
    columns = [Column(text["prize"], 22, "L"), Column(text["winner"], 30, "L"), Column(text["why"], 8)]
    rows = [
        [
            prize_name(prize.name, lambda phrase: text.get(phrase, phrase)),
            "; ".join(f"{number_of(tournament, p)} {tournament.players[p].formal_name}".strip() for p in prize.players),
            prize.value,
        ]
        for prize in hand_out(field, standard_rules(field))
    ]
    document.table(columns, rows, height=7, font_size=10, header_height=7)
    return document


def _playoff(tournament: Tournament, events: Sequence[Event], after_round: int) -> Document:
    """The bracket for the wall (landscape): a column per stage, the names on the lines in
    bracket order, each match's score beside its players, the champion at the right, and
    the third-place match below when there is one."""
    from schemes.playoff import bracket, bracket_order

    state = bracket(tournament, after_round)
    document = Document(tournament, events, "", landscape=True)
    text = document.text
    document.title_line = text["bracket"]
    document.add_page()
    by_seed = {seed: player for player, seed in state.seeds.items()}
    size = 1
    while size < max(2, len(by_seed)):
        size *= 2
    stages = size.bit_length() - 1
    order = bracket_order(size)
    left, top = document.l_margin, document.get_y() + 4
    column = document.epw / (stages + 1)
    height = (document.bottom - top - (14 if state.third_place_on else 0)) / size

    def label(player: int | None) -> str:
        if player is None:
            return ""
        p = tournament.players[player]
        return f"{state.seeds[player]}. {p.surname} {p.name[:1]}.".strip()

    def slot_line(stage: int, slot: int, player: int | None, score: str) -> float:
        span = height * (1 << stage)
        y = top + (slot + 0.5) * span
        x = left + stage * column
        document.line(x, y, x + column - 2, y)
        document.set_xy(x, y - 4.5)
        document.fit_cell(column - 10, 4.5, label(player), align="L", size=8)
        document.set_xy(x + column - 10, y - 4.5)
        document.fit_cell(8, 4.5, score, align="R", size=8, bold=True)
        return y

    for stage in range(stages + 1):
        matches = state.stages[stage] if stage < len(state.stages) else []
        main = [m for m in matches if not m.third_place]
        for index in range(size >> (stage + 1) if stage < stages else 1):
            match = main[index] if index < len(main) else None
            if stage == stages:  # the champion
                final = [m for m in state.current if not m.third_place] if state.finished() else []
                champion = final[0].winner(state.needed) if final else None
                slot_line(stage, 0, champion, "")
                continue
            if stage == 0:
                players = (by_seed.get(order[2 * index]), by_seed.get(order[2 * index + 1]))
            else:
                players = (match.a, match.b) if match else (None, None)
            ys = []
            for offset, player in enumerate(players):
                score = str(match.wins.get(player, 0)) if match and player is not None and match.games else ""
                ys.append(slot_line(stage, 2 * index + offset, player, score))
            x = left + (stage + 1) * column - 2
            document.line(x, ys[0], x, ys[1])
    third = [m for m in state.current if m.third_place]
    if third:
        match = third[0]
        y = document.bottom - 10
        document.set_xy(left, y - 5)
        document.fit_cell(column, 4.5, text["third_place_match"], align="L", size=8, bold=True)
        for offset, player in enumerate(match.players):
            document.set_xy(left, y + offset * 5)
            score = str(match.wins.get(player, 0)) if match.games else ""
            document.fit_cell(column, 4.5, f"{label(player)}  {score}", align="L", size=8)
    return document
