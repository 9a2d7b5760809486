"""The players' pages: the event, a round's pairing, the standings, «Где я играю?» and the
projector, as HTML from the tournament's state.

The tables are the paper's (``paperwork.wall_sheets``: the protocol's and the standings'
sheets, without the PDF library): the wall, the phones and the projector read the same words, numbers and
marks; a result is written as the app writes it (``tui.views.result_text``). Pure: a state in,
a page out; the server (``tui/web/site.py``) serves them."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial

from data.errors import Refused
from data.service import after_round, paired_round
from paperwork.labels import abbreviation, labels
from paperwork.per_scheme import paper
from paperwork.sheet import Column, Sheet, Text, legend_line, standings_after
from paperwork.wall_sheets import protocol_sheet, standings_sheet
from schemes.log.replay import LANGUAGES
from schemes.registry import get_scheme, is_final_table, not_playing
from schemes.state.model import Round, Tournament
from schemes.values.names import fold
from tui.i18n import in_language, scheme_title_in
from tui.views import name_holds, result_text
from tui.web.html import Child, Markup, href, join, tag, text

SLIDE_ROWS = 15
"""Rows on one projector slide at most: large type a hall reads from the back.  A table is cut
into slides of equal rows (61 players: five of 12 or 13 — not five of 12 and a sixth of one,
a trial's last slide)."""
SLIDE_SECONDS = 12
"""How long the projector shows a slide (the next comes by itself, scripts or not)."""
FOUND_AT_MOST = 30
"""Players a search lists: a part of a name that finds more is too short to help."""
QUERY_LONGEST = 100


class NotFound(Exception):
    """A page that is not there (a round not paired, a path that is no page): a 404 in words."""


@dataclass(frozen=True)
class Visit:
    """What a page is made from: the tournament, the language it is read in (the tournament's
    unless the visitor chose), and the version the live script compares."""

    state: Tournament
    lang: str
    chosen: str | None
    """The language the visitor chose (kept in every link), none when he did not."""
    version: str
    path: str
    """The page's own path (``/`` for a page that is not there): where the language switch leads."""
    query: tuple[tuple[str, str], ...] = ()
    """The page's query but its language, only the keys it reads: the switch keeps it."""

    @property
    def say(self) -> Callable[..., str]:
        return partial(in_language, self.lang)

    @property
    def words(self) -> dict[str, str]:
        return dict(labels(self.lang))

    def link(self, path: str, **query: str | int | None) -> str:
        return href(path, {**query, "lang": self.chosen})


def language_of(state: Tournament, asked: str | None) -> tuple[str, str | None]:
    """The language a page is read in, and the visitor's choice when it is one we speak."""
    if asked in LANGUAGES:
        return asked, asked
    return (state.settings.lang if state.settings.lang in LANGUAGES else "ru"), None


# -- the frame ---------------------------------------------------------------------------


def shell(visit: Visit, title: str, body: Markup, next_slide: str | None = None, kind: str = "page") -> Markup:
    """A whole page: its head (no asset from outside: the style and the live script are this
    server's), the header with the ways to the other pages, ``body``. ``next_slide``: the
    projector's, which the live script fetches after ``SLIDE_SECONDS`` and shows in place (a
    meta refresh had led the wall screen to the browser's error page for good once the laptop
    was gone); with scripts off a meta refresh goes there, and any other page refreshes itself
    every 30 s."""
    say = visit.say
    name = visit.state.settings.name
    refreshing = tag(
        "noscript",
        tag("meta", http_equiv="refresh", content=f"{SLIDE_SECONDS};url={next_slide}" if next_slide else "30"),
    )
    head = join(
        tag("meta", charset="utf-8"),
        tag("meta", name="viewport", content="width=device-width, initial-scale=1"),
        tag("title", f"{title} — {name}" if title != name else name),
        tag("link", rel="stylesheet", href="/style.css"),
        Markup('<script src="/live.js" defer></script>'),
        refreshing,
    )
    switch = tag(
        "span",
        *(
            tag(
                "a",
                code.upper(),
                href=href(visit.path, {**dict(visit.query), "lang": code}),
                class_="on" if code == visit.lang else None,
            )  # fmt: skip
            for code in LANGUAGES
        ),
        class_="lang",
    )
    latest = visit.state.paired_rounds
    nav = tag(
        "nav",
        tag("a", say("Pairing"), href=visit.link(f"/round/{latest}")) if latest else None,
        tag("a", say("Standings"), href=visit.link("/standings")),
        tag("a", say("Where do I play?"), href=visit.link("/player")),
        tag("a", say("Projector"), href=visit.link("/projector")),
    )
    header = tag("header", tag("a", name, href=visit.link("/"), class_="event"), nav, switch)
    page = join(header, tag("main", body, id="page"))
    document = join(
        Markup("<!doctype html>"),
        tag(
            "html",
            tag("head", head),
            tag(
                "body",
                page,
                class_=kind,
                data_version=visit.version,
                data_live="/live",
                data_offline=say("No connection with the referee's laptop: this page may be out of date"),
                data_next=next_slide,
                data_seconds=SLIDE_SECONDS if next_slide else None,
            ),
            lang=visit.lang,
        ),
    )
    return document


def table(
    columns: Sequence[Column], rows: Sequence[Sequence[Child]], classes: Sequence[str], kind: str,
    ids: Sequence[str] | None = None,
) -> Markup:  # fmt: skip
    """A sheet's table; ``ids`` name its rows (a search's link lands on one, ``:target`` marks it)."""
    head = tag("tr", *(tag("th", _title(c.title), class_=k) for c, k in zip(columns, classes, strict=True)))
    named: Sequence[str | None] = ids or [None] * len(rows)
    body = join(*(tag("tr", *(tag("td", v, class_=k) for v, k in zip(row, classes, strict=True)), id=row_id)
                  for row, row_id in zip(rows, named, strict=True)))  # fmt: skip
    return tag("div", tag("table", tag("thead", head), tag("tbody", body), class_=kind), class_="scroll")


def _title(title: str) -> Markup:
    """A column's title, and the paper's short form of it that a phone shows instead."""
    short = abbreviation(title)
    if short == title:
        return text(title)
    return join(tag("span", title, class_="long"), tag("span", short, class_="short"))


def full(value: Text) -> str:
    """A paper cell as a page writes it: a name in full (the page has room to wrap it)."""
    return value[0] if isinstance(value, tuple) else value


# -- the pages -----------------------------------------------------------------------------


def event(visit: Visit) -> Markup:
    """``/``: the event, its rounds with how many results are in, the standings."""
    state, say = visit.state, visit.say
    facts = [
        scheme_title_in(visit.lang, state.settings.scheme),
        say("players: {count}", count=sum(not state.never_played(p) for p in state.players)),
    ]
    items = [
        tag(
            "li",
            tag("a", say("Round {round}", round=played.number), href=visit.link(f"/round/{played.number}")),
            " — ",
            say("results: {entered} of {boards}", entered=len(played.results), boards=len(played.boards)),
        )
        for played in reversed(state.rounds)
    ]
    body = join(
        tag("h1", state.settings.name),
        tag("p", " · ".join(facts), class_="facts"),
        _search_form(visit, ""),
        tag("h2", say("Rounds")),
        tag("ul", *items, class_="rounds") if items else tag("p", say("No round is paired yet")),
        tag("p", tag("a", say("Standings"), href=visit.link("/standings"))),
    )
    return shell(visit, state.settings.name, body)


def _asked(visit: Visit, find: Callable[[], int]) -> int:
    """The round a page is of, found as the service finds it (``after_round``,
    ``paired_round``); its refusal a page not found, in the visitor's language."""
    try:
        return find()
    except Refused as error:
        raise NotFound(visit.say(error.template, **error.fields)) from None


def pairing(visit: Visit, number: int) -> Markup:
    """``/round/N``: the boards as the protocol lists them, each result as the app writes it,
    who does not play and why."""
    state = visit.state
    played = state.round(_asked(visit, lambda: paired_round(state, number)))
    assert played is not None  # paired_round found it
    title = visit.words["round_n"].format(n=number)
    body = join(tag("h1", title), _boards(visit, played, range(len(played.boards))))
    return shell(visit, title, body)


PAIRING_CLASSES = ("board", "no wide", "white", "rank wide", "value wide", "no wide", "black", "rank wide",
                   "value wide", "hcp wide", "komi wide", "result")  # fmt: skip
"""How each of the protocol's columns is shown: those marked ``wide`` give way on a phone,
where each name carries its number and rank and the board its handicap and komi."""


def _boards(visit: Visit, played: Round, shown: Sequence[int] | range, heading: bool = True) -> Markup:
    sheet = protocol_sheet(visit.state, played.number, visit.lang)
    words, say = visit.words, visit.say
    rows: list[list[Child]] = []
    for index in shown:
        board, cells = played.boards[index], sheet.rows[index]
        _no, no_w, name_w, rank_w, value_w, no_b, name_b, rank_b, value_b, hcp, komi = (full(c) for c in cells[:11])
        rows.append([
            join(tag("a", str(board.number), href=f"#board-{board.number}"),
                 tag("small", f"{words['handicap']} {hcp}", class_="meta") if hcp else None,  # none: an even game
                 tag("small", f"{words['komi']} {komi}", class_="meta")),
            no_w, _named(name_w, no_w, rank_w, words), rank_w, value_w,
            no_b, _named(name_b, no_b, rank_b, words), rank_b, value_b, hcp, komi, result_text(played, board, say),
        ])  # fmt: skip
    lowest = played.extra.get("lowest_top_level")
    note = tag("p", words["lowest_top_level"].format(level=lowest), class_="facts") if heading and lowest else None
    decides = paper(visit.state).round_note  # a play-off's stage and game, as its protocol says them
    said = decides(visit.state, played.number, words) if decides else ""  # nothing of a single round robin
    stages = tag("p", said, class_="facts") if said else None
    ids = [f"board-{played.boards[i].number}" for i in shown]
    boards = table(sheet.columns, rows, PAIRING_CLASSES, "pairing", ids)
    return join(note, stages, boards, _not_playing(visit, played) if heading else None)


def _named(name: str, number: str, rank: str, words: Mapping[str, str]) -> Markup:
    """A name with the number on his card and his rank under it, for a phone's narrow pairing."""
    shown = f"{words['no']} {number} · {rank}" if number else rank  # «No 5» on an English page, not «№ 5»
    return join(tag("span", name, class_="name"), tag("small", shown, class_="meta"))


def _not_playing(visit: Visit, played: Round) -> Markup:
    state, words = visit.state, visit.words
    lines = []
    for key, players in not_playing(state, played.number).items():
        if players:
            names = "; ".join(f"{state.numbers.get(p, '')} {state.players[p].full_name}".strip() for p in players)
            lines.append(tag("p", tag("b", words[key] + ": "), names))
    return tag("div", *lines, class_="off") if lines else Markup("")


def standings(visit: Visit, asked: int | None) -> Markup:
    """``/standings?after=N``: the table the paper prints after round N (without N, after the
    latest complete round, as the command line and the app choose it), its columns the
    scheme's own, its legend under it; links to the table after every other round."""
    state = visit.state
    after = _asked(visit, lambda: after_round(state, asked))
    sheet = standings_sheet(state, after, visit.lang)
    ids = [f"player-{row.player}" for row in standings_after(state, after).rows]  # a search's link lands on one
    every = _standings_table(sheet, range(len(sheet.rows)), ids)
    played = state.round(after)
    body = join(tag("h1", sheet.title), _rounds_bar(visit, after), _how_final(visit, played), every, _legend(sheet))
    return shell(visit, sheet.title, body)


def _how_final(visit: Visit, played: Round | None) -> Markup | None:
    """Whether these places are the event's last word: not while a result of this round or an
    earlier one is missing (a review read them as final with one result of 200 to come, and
    another with a postponed game of round 2), and said when they are (the paper's own test,
    ``is_final_table``)."""
    if played is None:
        return None
    state = visit.state
    waiting = next((r for r in state.rounds[: played.number] if not r.complete), None)
    if waiting is not None:
        return tag("p", visit.say("Not final: {count} of round {round}'s results are still to come",
                                  count=len(waiting.missing), round=waiting.number), class_="unfinished")  # fmt: skip
    if is_final_table(state, played.number):
        return tag("p", visit.say("Final standings: every round is played"), class_="final")
    return None


def _standings_table(sheet: Sheet, shown: Sequence[int] | range, ids: Sequence[str] | None = None) -> Markup:
    values = len(sheet.columns) - 5
    classes = ["place", "no", "player", "rank", "score"] + ["value"] * values
    rows = [[full(cell) for cell in sheet.rows[i]] for i in shown]
    return table(sheet.columns, rows, classes, "standings", ids)


def _legend(sheet: Sheet) -> Markup:
    line = legend_line(sheet.abbreviated)
    return tag("p", line, class_="legend") if line else Markup("")


def _rounds_bar(visit: Visit, after: int) -> Markup:
    say = visit.say
    links = [
        tag("a", str(n), href=visit.link("/standings", after=n), class_="on" if n == after else None)
        for n in range(visit.state.paired_rounds + 1)
    ]
    return tag("p", say("after round"), " ", *links, class_="bar")


def _search_form(visit: Visit, query: str) -> Markup:
    say = visit.say
    return tag(
        "form",
        tag("label", say("Where do I play?"), for_="q"),
        tag(
            "input",
            id="q",
            name="q",
            type="search",
            value=query,
            maxlength=QUERY_LONGEST,
            placeholder=say("part of a name, or the number"),
            autocomplete="off",
        ),  # fmt: skip
        tag("input", type="hidden", name="lang", value=visit.chosen) if visit.chosen else None,
        tag("button", say("Find"), type="submit"),
        action="/player",
        method="get",
        class_="search",
    )


def matches(state: Tournament, query: str) -> list[int]:
    """The players whose name holds ``query`` (``name_holds``: «Мария Ёлк» finds «Ёлкина Мария»,
    ``elk`` too), or the one of that number («155», the number on his card — a review)."""
    number = query.strip()
    if number.isascii() and number.isdigit() and len(number) < 6:
        return [player for player, given in state.numbers.items() if given == int(number)]
    if _too_short(query):
        return []
    found = [player.id for player in state.players.values() if name_holds(f"{player.surname} {player.name}", query)]
    return sorted(found, key=lambda p: (state.players[p].name_key, p))


def _too_short(query: str) -> bool:
    """A query of one letter, which finds nearly everyone: the page asks for more."""
    return len(fold(query).replace(" ", "")) < 2


def player(visit: Visit, query: str) -> Markup:
    """``/player?q=…``: «Где я играю?» — each player found, his board in the latest round."""
    state, say = visit.state, visit.say
    query = query[:QUERY_LONGEST]
    found = matches(state, query)
    body: list[Child] = [tag("h1", say("Where do I play?")), _search_form(visit, query)]
    if not found and _too_short(query):
        body.append(tag("p", say("Type two letters of a name or more")))
    elif not found:
        body.append(tag("p", say("Nobody found for «{query}»", query=query)))
    else:
        body.append(tag("ul", *(_whereabouts(visit, p) for p in found[:FOUND_AT_MOST]), class_="found"))
        if len(found) > FOUND_AT_MOST:
            body.append(tag("p", say("and {count} more: type more of the name", count=len(found) - FOUND_AT_MOST)))
    return shell(visit, say("Where do I play?"), join(*body))


def _whereabouts(visit: Visit, player_id: int) -> Markup:
    state, say, words = visit.state, visit.say, visit.words
    p = state.players[player_id]
    number = state.numbers.get(player_id)
    who = join(tag("b", f"{number} " if number is not None else ""), tag("b", p.full_name), f" ({p.rank_label}",
               f", {p.club}" if p.club else "", ")")  # fmt: skip
    after = state.latest_complete_round
    rows = standings_after(state, after).rows if after else ()
    row = next((row for row in rows if row.player == player_id), None)
    if row is not None and row.place:  # none while a play-off's is open; linked to his row (a review scrolled
        # 42,000 pixels for it); where the places restart with each category, his category's named
        placed = (say("place {place} in category {category} after round {round}", place=row.in_category,
                      category=int(row.tiebreaks["CAT"]), round=after) if row.in_category
                  else say("place {place} after round {round}", place=row.place, round=after))  # fmt: skip
        who = join(who, " — ", tag("a", placed, href=visit.link("/standings") + f"#player-{player_id}"))
    played = state.round(state.paired_rounds)
    if played is None:
        return tag("li", who)
    board = next((b for b in played.boards if b.has(player_id)), None)
    title = words["round_n"].format(n=played.number)
    if board is None:
        out = "knocked_out" if get_scheme(state.settings.scheme).traits.bracket else "not_assigned"  # not «без пары»
        why = next((k for k, ps in not_playing(state, played.number).items() if player_id in ps), out)
        return tag("li", who, tag("p", f"{title}: {words[why]}"))
    opponent = state.players[board.opponent(player_id)]
    colour = words["white"] if played.seated(board)[0] == player_id else words["black"]  # as played
    opponent_no = state.numbers.get(opponent.id)
    result = result_text(played, board, say)
    line = join(
        f"{title}: ",
        tag(
            "a",
            say("board {board}", board=board.number),
            href=visit.link(f"/round/{played.number}") + f"#board-{board.number}",
        ),
        f", {colour.lower()}, ",
        say("against {opponent}", opponent=f"{opponent_no or ''} {opponent.full_name} ({opponent.rank_label})".strip()),
        f"; {words['handicap'].lower()} {board.handicap}" if board.handicap else None,  # none: an even game
        f"{',' if board.handicap else ';'} {words['komi'].lower()} {board.komi:g}",
        f"; {words['result'].lower()}: {result}" if result else None,
    )
    return tag("li", who, tag("p", line))


def slides(state: Tournament) -> list[tuple[str, int, range]]:
    """The projector's slides in order: the latest pairing, then the standings, each in slides
    of ``SLIDE_ROWS`` rows at most (``("round", N, rows)``, ``("standings", after, rows)``)."""
    shown: list[tuple[str, int, range]] = []
    played = state.round(state.paired_rounds)
    if played is not None:
        shown += [("round", played.number, rows) for rows in _cut(len(played.boards))]
    after = state.latest_complete_round
    shown += [("standings", after, rows) for rows in _cut(len(standings_after(state, after).rows))]
    return shown


def _cut(count: int) -> list[range]:
    """``count`` rows in slides of ``SLIDE_ROWS`` at most, as equal as they go (one, empty, for none)."""
    parts = max(1, -(-count // SLIDE_ROWS))
    return [range(count * i // parts, count * (i + 1) // parts) for i in range(parts)]


def projector(visit: Visit, slide: int) -> Markup:
    """``/projector?slide=K``: one slide in large type, the next after ``SLIDE_SECONDS``."""
    state, words = visit.state, visit.words
    every = slides(state)
    slide %= len(every)
    kind, number, rows = every[slide]
    page = f"{slide + 1}/{len(every)}"
    if kind == "round":
        played = state.round(number)
        assert played is not None  # slides come from paired rounds
        title = words["round_n"].format(n=number)
        body = join(tag("h1", title, tag("small", page)), _boards(visit, played, rows, heading=False))
    else:
        sheet = standings_sheet(state, number, visit.lang)
        title = sheet.title
        body = join(tag("h1", title, tag("small", page)), _standings_table(sheet, rows), _legend(sheet))
    after = visit.link("/projector", slide=(slide + 1) % len(every))
    return shell(visit, title, body, next_slide=after, kind="projector")


def missing(visit: Visit, reason: str, title: str | None = None) -> Markup:
    """A page that is not there (404), or could not be made (500), in words, with the way back."""
    heading = title or visit.say("No such page")
    body = join(
        tag("h1", heading), tag("p", reason), tag("p", tag("a", visit.say("To the event"), href=visit.link("/")))
    )
    return shell(visit, heading, body)
