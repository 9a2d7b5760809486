"""The tournament as the interfaces show it: the command line's JSON (the ``cli.md``
contract) and text, and what the app's panes, dialogs and the players' pages show from the
same values — the standings, the players, the prizes, the log's entries, a path typed.

The JSON is built first and the text is printed from it, so the two never disagree; the app
reads the same functions, so the screen and the command line do not either.
"""

from __future__ import annotations

import math
import os
import re
from collections import Counter
from collections.abc import Callable, Collection, Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from data.errors import Refused
from schemes.log.events import Event, retracted_ids
from schemes.log.history import describe
from schemes.registry import get_scheme, is_final_table, names_with, not_playing
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
    Laptop,
    Round,
    Tournament,
    as_played,
)
from schemes.values.names import fold
from tui.i18n import (
    LANGUAGE_NAMES,
    _,
    event_text,
    in_language,
    language,
    result_said,
    scheme_title,
    schemes_with,
    visible,
)

if TYPE_CHECKING:
    from data.service import Service
    from schemes.awards.prizes import Prize, PrizeRules
    from schemes.base.scheme import Param


def shown_path(path: Path) -> str:
    """A file or folder as the referee knows it: ``~/Tengen/cup.json`` for one in his home
    (shorter in a notification, the same place)."""
    try:
        return shown_name(str(Path("~") / path.absolute().relative_to(Path.home())))
    except ValueError:
        return shown_name(str(path.absolute()))


def shown_name(name: str) -> str:
    """A file's name as text: bytes that are not UTF-8 (a name from a Windows zip, in cp1251)
    shown as «�», where their escapes (``\\udccf``) broke the start screen's rows (an attack),
    and what a terminal would act on as ``?`` (``visible``)."""
    return visible(name.encode("utf-8", "surrogateescape").decode("utf-8", "replace"))


def typed_path(text: str, folder: Path) -> Path:
    """A path the referee typed in a dialog: ``~`` his home, and a name alone one in the folder
    the dialog offers (``~/Tengen/``), not in the folder the app was started from — a list
    typed as ``spisok.csv`` was looked for there, or a namesake there was read instead."""
    path = Path(text)
    try:
        path = path.expanduser()
    except RuntimeError:  # ~someone who is no user here: the name as typed
        pass
    return folder / path


def completed_path(typed: str, folder: Path, endings: tuple[str, ...] = ()) -> str | None:
    """What Tab adds to a path being typed, as a shell completes it: the one name in its
    folder that begins with the last part typed (a folder gets its ``/``), else what all such
    names share, else the first of them; None for nothing to add.  Only folders and files with
    ``endings`` (any file for none) are offered; hidden names only where a dot is typed, and
    names that are not UTF-8 or hold control characters never (they could not be typed back).
    A referee with no mouse typed whole paths letter by letter (a trial)."""
    head, slash, stem = typed.rpartition("/")
    where = typed_path(head + slash, folder) if slash else folder
    names: list[str] = []
    try:
        with os.scandir(where) as entries:
            for entry in entries:
                name = entry.name
                if not name.startswith(stem) or (name.startswith(".") and not stem.startswith(".")):
                    continue
                if name != shown_name(name) or not name.isprintable():  # a newline in a name: no line to type
                    continue
                if entry.is_dir():
                    names.append(name + "/")
                elif entry.is_file() and (not endings or name.lower().endswith(endings)):
                    names.append(name)
    except (OSError, ValueError):  # no such folder, no right to read it, a NUL typed
        return None
    names.sort()
    shared = os.path.commonprefix(names)
    added = (shared if len(shared) > len(stem) else names[0] if names else "")[len(stem) :]
    return typed + added if added else None


def _number(value: float) -> float | int | str:
    """A value for JSON: whole numbers as integers; an infinite true rating as ``"+inf"``/``"-inf"``."""
    if math.isinf(value):
        return "+inf" if value > 0 else "-inf"
    return int(value) if float(value).is_integer() else value


RESULT_SHORT = {
    WHITE_WINS: "W+",
    BLACK_WINS: "B+",
    DRAW: "jigo",
    WHITE_BY_FORFEIT: "W+ forfeit",
    BLACK_BY_FORFEIT: "B+ forfeit",
    BOTH_LOSE: "both lose",
    DRAW_BY_FORFEIT: "jigo, no game",
    BOTH_WIN: "both won",
    BOTH_WIN_BY_FORFEIT: "both won, no game",
    BOTH_LOSE_PLAYED: "both lost the game",
}
"""A result in the boards table and on the players' pages, as the referee says it (translated)."""


def usual_country(state: Tournament) -> str:
    """The country a new player's form offers: the one most players registered have (the
    latest's among as many), or RU in a tournament in Russian before any has one — a trial's
    rating table had XX for every player, the form offering nothing."""
    counted = Counter(p.country for p in state.players.values() if p.country)
    if not counted:
        return "RU" if state.settings.lang == "ru" else ""
    most = max(counted.values())
    latest_first = sorted(state.players.values(), key=lambda p: p.id, reverse=True)
    return next(p.country for p in latest_first if counted.get(p.country) == most)


def with_usual_country(state: Tournament, profiles: Sequence[Mapping[str, Any]]) -> tuple[list[dict[str, Any]], str]:
    """Imported players without a country given the one the form offers (``usual_country``),
    and what to say of it: a FORS trial's CSV had no country column, and the rating table
    wrote XX for seven players, to be mended one by one."""
    country = usual_country(state)
    missing = [profile for profile in profiles if not profile.get("country")]
    if not country or not missing:
        return [dict(profile) for profile in profiles], ""
    filled = [dict(profile) if profile.get("country") else {**profile, "country": country} for profile in profiles]
    return filled, _("{count:player|players} without a country: written {country} (mend it where it is not so)",
                     count=len(missing), country=country)  # fmt: skip


def swapped_mark(swapped: bool) -> str:
    """What follows a result the command line writes (``W+``) on a board whose colours the
    nigiri swapped: the code is in the colours played."""
    return f" ({_('colours swapped')})" if swapped else ""


def result_words(code: str, swapped: bool, board: Board | None = None) -> str:
    """A result as the referee says it, in the colours played (``as_played``): «Победа белых
    (Цвета наоборот)» is the win of the player listed as black; a draw of ``board`` where
    its komi leaves no jigo, a triple ko (``i18n.result_said``)."""
    return result_said(as_played(code, swapped), board) + (f" ({_('Colours swapped')})" if swapped else "")


def redone_note(state: Tournament, subject: Event, codes: bool = False) -> str:
    """Where a result brought back by a redo is not what its board shows, what it shows: a
    later entry of another laptop stands (a trial's chief read «Возвращено: … Победа белых»
    while every laptop showed the black win a helper had typed over it since), or a dispute.
    Empty where the board shows the result (another laptop's undo of it standing too, the
    redo is refused: ``history.redo_target``)."""
    from data.service import another_laptop

    played = state.round(subject.data.get("round", 0)) if subject.kind == "result_recorded" else None
    if played is None:
        return ""
    board = subject.data["board"]
    now = played.results.get(board)
    if board in played.disputes:
        return _("yet the board is disputed")
    if now is None or (now.code, now.swapped) == (subject.data["code"], subject.data.get("swapped", False)):
        return ""
    kept = _result_in(now.code, now.swapped, codes)
    laptop = another_laptop(state, now.origin)
    if laptop is None:
        return _("yet the board keeps the result “{result}”, entered later", result=kept)
    return _("yet the board keeps the result “{result}”, entered later on {laptop}", result=kept, laptop=laptop)


def undone_note(state: Tournament, subject: Event, codes: bool = False) -> str:
    """What the board of a result taken back by an undo shows where it shows one: the result
    it replaced is back (a trial typed over a result, undid the new one, and was told only
    what went).  Empty where the board is left without a result, or the entry is no result."""
    played = state.round(subject.data.get("round", 0)) if subject.kind == "result_recorded" else None
    now = played.results.get(subject.data["board"]) if played is not None else None
    if now is None:
        return ""
    return _("the board shows “{result}” again", result=_result_in(now.code, now.swapped, codes))


def _result_in(code: str, swapped: bool, codes: bool) -> str:
    """A board's result as a note beside an undo or a redo says it: the command line's codes
    (``B+``), as its line writes the entry; the app's words."""
    return as_played(code, swapped) + swapped_mark(swapped) if codes else result_words(code, swapped)


def result_text(played: Round, board: Board, say: Callable[..., str]) -> str:
    """A board's result as the app writes it, in ``say``'s language: ``dispute`` while two
    laptops disagree, nothing while it is awaited."""
    result = played.results.get(board.number)
    if board.number in played.disputes:
        return say("dispute")
    if result is None:
        return ""
    short = RESULT_SHORT[as_played(result.code, result.swapped)]
    if board.triple_ko(result.code):  # what it was: the komi leaves no jigo (a trial)
        short = "triple ko"
    return say(short) + (f" {say('swapped')}" if result.swapped else "")


def shown(state: Tournament, key: str, value: float | int | str) -> str:
    """A standings value of ``standings_json`` as text, as on paper (``per_scheme.written``):
    points with ``½``, an infinite true rating as an arrow, a sport-handicap strength to one
    decimal."""
    from paperwork.per_scheme import written

    return written(state, key, float(value))


def pairings_json(state: Tournament, number: int) -> dict[str, Any]:
    """The boards of round ``number`` (``Service.paired_round`` has found it paired; a round
    that is not is refused as the service refuses it)."""
    played = state.round(number)
    if played is None:
        raise Refused("round {round} is not paired", round=number)
    result = {
        "round": number,
        "boards": [
            {
                "board": b.number,
                "white": b.white,
                "black": b.black,
                "handicap": b.handicap,
                "komi": b.komi,
                "nigiri": b.nigiri,
                "result": as_played(result.code, result.swapped) if (result := played.results.get(b.number)) else None,
                **({"swapped": True} if b.number in played.results and played.results[b.number].swapped else {}),
                **({"disputed": True} if b.number in played.disputes else {}),  # as the app and pages mark it
            }
            for b in played.boards
        ],
        **not_playing(state, number),
    }
    result.update((k, v) for k, v in played.extra.items() if isinstance(v, (int, float, str)))
    return result


def standings_json(state: Tournament, after_round: int) -> dict[str, Any]:
    standings = get_scheme(state.settings.scheme).standings(state, after_round)
    rows = []
    for row in standings.rows:
        player = state.players[row.player]
        rows.append(
            {
                "place": row.shown_place,
                "field_place": row.place,  # the place in the whole field, where the categories restart theirs
                "id": player.id,
                "no": state.numbers.get(player.id),
                "name": player.full_name,
                "rank": player.rank_label,
                "score": _number(row.score),
                "tiebreaks": {k: _number(v) for k, v in row.tiebreaks.items()},
            }
        )
    return {"after_round": after_round, "columns": list(standings.columns), "rows": rows}


def log_json(events: list[Event]) -> list[dict[str, Any]]:
    retracted = retracted_ids(events)
    return [
        {**dict(e.data), "id": e.id, "kind": e.kind, "at": e.at, "retracted": e.id in retracted, "text": describe(e)}
        for e in events
    ]


def player_label(state: Tournament, player_id: int) -> str:
    player = state.players[player_id]
    no = state.numbers.get(player_id)
    return f"{no if no is not None else '-'}. {player.full_name} ({player.rank_label})"


def first_compile() -> str:
    """What the referee is told before the first pairing that compiles (``Traits.compiles``)
    after installation: it waits up to a minute, once."""
    return _("the first pairing of {schemes} after installation takes up to a minute: Tengen compiles its pairing code",
             schemes=schemes_with("compiles"))  # fmt: skip


def first_weighing() -> str:
    """What the referee is told while a board is first weighed («why this opponent») after
    installation: its costs wait for the compiler too, seconds a trial took for a hang."""
    return _("the first time after installation takes longer: Tengen compiles its pairing code")


NOT_PLAYING = {
    "byes": "Bye",
    "walkovers": "Won without a game (the opponent absent)",
    "waiting": "Won the match, waits for the next stage",
    "skips": "Skip",
    "in_advance": "Registered in advance, not confirmed",
    "not_assigned": "Not paired",
    "withdrawn": "Withdrawn",
}
"""The title of each kind of ``registry.not_playing``."""


def came(state: Tournament, player: int, kind: str) -> str:
    """Beside a player registered in advance in a round paired before he was confirmed: that
    he has come since (else the line read as if confirming him had failed)."""
    p = state.players[player]
    if kind != "in_advance" or p.preregistered:
        return ""
    return f" ({_('came at round {round}', round=p.confirmed_after + 1, sex=p.sex)})"


def pairings_text(state: Tournament, number: int) -> str:
    """A round as the command line prints it, in the interface language; results as codes
    (what ``result`` takes)."""
    data = pairings_json(state, number)
    played = state.rounds[number - 1]  # paired: pairings_json refuses a round that is not
    width = max([len(player_label(state, p)) for b in data["boards"] for p in (b["white"], b["black"])] + [5])
    lines = [_("{name} — round {round}", name=state.settings.name, round=number)]
    if "lowest_top_level" in data:
        lines[0] += " (" + _("lowest top level {level}", level=data["lowest_top_level"]) + ")"
    board, white, black, hcp, komi_title = _("Board"), _("White"), _("Black"), _("Hcp"), _("Komi")
    lines.append(f"{board:>5}  {white:<{width}}  {black:<{width}}  {hcp:>4}  {komi_title:<11}  {_('Result')}")
    for b, seat in zip(data["boards"], played.boards, strict=True):
        komi = f"{b['komi']:g}" + (f" {_('nigiri')}" if b["nigiri"] else "")
        result = _("dispute") if b.get("disputed") else (b["result"] or "") + swapped_mark(b.get("swapped", False))
        seated = played.seated(seat)  # as played: after a nigiri that swapped them
        lines.append(
            f"{b['board']:>5}  {player_label(state, seated[0]):<{width}}  {player_label(state, seated[1]):<{width}}"
            f"  {b['handicap']:>4}  {komi:<11}  {result}".rstrip()
        )
    for key, title in NOT_PLAYING.items():
        if data[key]:
            lines.append(f"{_(title)}: " + "; ".join(player_label(state, p) + came(state, p, key) for p in data[key]))
    return "\n".join(lines)


def after_round_words(after: int) -> str:
    """«after round 3» over standings, teams or prizes; «before round 1» where none is complete
    (a title said «после 0-го тура» where the printed sheet says «до первого тура»)."""
    return _("before round 1") if after == 0 else _("after round {round}", round=after)


def results_waiting(state: Tournament, after_round: int) -> str:
    """`` (ещё нет результатов на досках 6, 7)`` in the interface language where a table after
    ``after_round`` misses results, as its paper says it (``paperwork.sheet.unfinished``):
    the standings, the teams and the prizes on the screen and the command line (a review
    found them silent where the paper spoke)."""
    from paperwork.labels import labels
    from paperwork.sheet import unfinished

    return unfinished(labels(language()), state, after_round)


def withdrawal_bye(state: Tournament) -> str | None:
    """What a withdrawn player's later opponents get, where the scheme fixed who meets whom
    (a round robin's Berger table, once paired): each sits out with a bye worth this many
    points, which the referee is told as he withdraws him, in the app and on the command line
    (a trial's command line said only «снят с 4-го тура»).  None elsewhere."""
    scheduled = get_scheme(state.settings.scheme).traits.scheduled
    if scheduled and state.paired_rounds and "bye_points" in state.settings.params:  # a bye's worth, where named
        return f"{state.settings.params['bye_points']:g}"
    return None


def standings_text(state: Tournament, after_round: int) -> str:
    from paperwork.per_scheme import score_title

    data = standings_json(state, after_round)
    keys = data["columns"]
    name_width = max([len(r["name"]) for r in data["rows"]] + [len(_("Player"))])
    place, no, name, rank = _("Place"), _("No."), _("Player"), _("Rank")
    score = column_title(score_title(state, after_round))
    score_width = max(len(score), 6)  # «Итог. сила» over its values
    header = f"{place:>5}  {no:>3}  {name:<{name_width}}  {rank:>5}  {score:>{score_width}}"
    titles = {k: column_title(k) for k in keys}
    widths = {k: max(len(titles[k]), 6) for k in keys}
    lines = [
        (
            _("{name} — final table", name=state.settings.name)
            if is_final_table(state, after_round)
            else _("{name} — standings {after}", name=state.settings.name, after=after_round_words(after_round))
        )
        + results_waiting(state, after_round),
        header + "".join(f"  {titles[k]:>{widths[k]}}" for k in keys),
    ]
    for r in data["rows"]:
        no = "" if r["no"] is None else r["no"]
        value = shown(state, "score", r["score"])
        line = f"{r['place']:>5}  {no:>3}  {r['name']:<{name_width}}  {r['rank']:>5}  {value:>{score_width}}"
        lines.append(line + "".join(f"  {shown(state, k, r['tiebreaks'][k]):>{widths[k]}}" for k in keys))
    return "\n".join(lines)


def column_title(key: str) -> str:
    """A standings column (a tie-break, a scheme's running value) as the paperwork names it,
    in the interface language."""
    from paperwork.labels import bracketed, labels

    return bracketed(labels(language()).get(key, key))


def log_text(events: list[Event], laptops: Mapping[str, Laptop] | None = None, state: Tournament | None = None) -> str:
    """The history in the interface language, undone entries marked; the hall's ``laptops``
    by their names; the players by their numbers and names where ``state`` is given."""
    from schemes.log.history import seated_when_entered

    undone, seats = retracted_ids(events), seated_when_entered(events)

    def made_by(event: Event) -> str:
        """The laptop that typed it, in a hall: two results of one board a second apart read as a
        correction, not as two laptops' dispute (a trial; the app's log has the column)."""
        laptop = laptops.get(event.origin.device) if laptops and event.origin else None
        return f"{visible(laptop.name)}: " if laptop else ""

    return "\n".join(
        f"{e.id:>5}  {e.at:<25}  {made_by(e)}{event_text(e, codes=True, laptops=laptops, state=state, seats=seats)}"
        + (f"  [{_('undone')}]" if e.id in undone else "")
        for e in events
    )


def param_text(value: Any) -> str:
    """A scheme parameter's value as the referee types it (and its parser reads it back):
    lists comma-separated, booleans as OpenGotha writes them."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return ",".join(value)
    return f"{value:g}" if isinstance(value, float) else str(value)


def settings_text(state: Tournament) -> str:
    """``tengen settings``: each setting, its value and its meaning, in the interface language
    (the keys stay as ``--param`` takes them), in columns as wide as the longest key
    (``paiSePreferMMSDiffRatherThanSameCountry``) — a fixed 16 shifted every longer row."""
    rows = settings_rows(state)
    width = max(len(key) for key, _value, _meaning in rows)
    room = min(24, max(len(value) for _key, value, _meaning in rows))  # a long name runs on, as before
    return "\n".join(f"{key:<{width}} {value:<{room}} {_(meaning) if meaning else ''}".rstrip()
                     for key, value, meaning in rows)  # fmt: skip


FLAG_WORDS = {"true": "yes", "false": "no"}
"""A yes-or-no parameter's values as OpenGotha writes them, and as the referee reads them."""
FLAG_OF = {word: value for value, word in FLAG_WORDS.items()}


def is_flag(param: Param) -> bool:
    """A yes-or-no parameter (``paiBaDeterministic``): its default says so, its parser only
    reads OpenGotha's ``true``/``false``."""
    return isinstance(param.default, bool)


def setting_shown(key: str, value: str, params: Collection[str]) -> str:
    """A setting's value as the interface says it: the scheme, the paperwork's language,
    whether online and the parameters' words (on, lot, buchholz…, yes and no) in its
    language, dates as Russians write them."""
    from schemes.values.dates import russian

    if key == "dates" and value and language() == "ru":
        return russian(value)
    if key == "lang":
        return _(LANGUAGE_NAMES.get(value, value))
    if key == "online":
        return _(value)
    if key == "scheme":
        return scheme_title(value)
    if key not in params:
        return value
    if value in FLAG_WORDS:
        return _(FLAG_WORDS[value])
    return ", ".join(worded(key, part) for part in value.split(","))


def worded(key: str, value: str) -> str:
    """A parameter's value in words; ``seeding=registration`` where the word alone means
    something else (the registration list)."""
    own = f"{key}={value}"
    return _(own) if _(own) != own else _(value)


ONLINE_MEANT = "yes: played on the internet (OpenGotha's bInternet), EGF class D at best"
"""What the ``online`` setting means, in the settings and in the command line's help."""


def settings_rows(state: Tournament) -> list[tuple[str, str, str]]:
    """The tournament's settings and every parameter of its scheme, with what each means."""
    settings = state.settings
    scheme = get_scheme(settings.scheme)
    rows = [
        ("name", settings.name, ""),
        ("scheme", settings.scheme, ""),
        ("rounds", str(settings.rounds or scheme.total_rounds(state) or ""), ""),  # a round robin's given count
        ("place", settings.place, ""),
        ("dates", settings.dates, ""),
        ("komi", f"{settings.komi:g}", "announced komi of even games"),
        ("time", settings.time, "time control"),
        ("online", "yes" if settings.online else "no", ONLINE_MEANT),
        ("lang", settings.lang, "language of the paperwork"),
    ]
    if scheme.traits.komi_by_rule:  # each board's is the scheme's: a komi shown here was taken by none
        rows = [row for row in rows if row[0] != "komi"]
    for param in scheme.params:
        value = settings.params[param.key]
        rows.append((param.key, param_text(value), param.help))
    return rows


def weights_json(state: Tournament, number: int) -> list[dict[str, Any]]:
    """``pairing weights``: every pair of players of round ``number`` and OpenGotha's cost
    components, as computed before the round was (or will be) paired (spec: mcmahon.md)."""
    from schemes.errors import InvalidEvent
    from schemes.systems.gotha.pairing import weights

    if not get_scheme(state.settings.scheme).traits.opengotha:
        raise InvalidEvent("pairing weights are OpenGotha's: {schemes} only, not {scheme}",
                           schemes=", ".join(names_with("opengotha")), scheme=state.settings.scheme)  # fmt: skip
    if not 1 <= number <= state.paired_rounds + 1:
        raise InvalidEvent("round {round} is neither paired nor the next", round=number)
    return [{"players": [w.a, w.b], "costs": dict(w.costs)} for w in weights(state, number)]


def weights_text(state: Tournament, number: int) -> str:
    from schemes.systems.gotha.costs import COST_NAMES

    data = weights_json(state, number)
    short = [name.replace("Cost", "") for name in COST_NAMES]
    lines = [_("{name} — pairing weights of round {round} (OpenGotha's cost components)", name=state.settings.name,
               round=number)]  # fmt: skip
    lines.append(f"{_('pair'):<11} {'totalCost':>17} " + " ".join(f"{name:>17}" for name in short))
    for row in data:
        a, b = row["players"]
        values = " ".join(f"{row['costs'][name]:>17}" for name in COST_NAMES)
        lines.append(f"{a:>4} – {b:<4} {row['costs']['totalCost']:>17} {values}")
    return "\n".join(lines)


def players_json(state: Tournament) -> list[dict[str, Any]]:
    """``players --json``: id, number, surname, name, rank, rating, club, country, PIN (null where unknown),
    and whether he is registered in advance and not yet confirmed."""
    return [
        {
            "id": p.id,
            "no": state.numbers.get(p.id),
            "surname": p.surname,
            "name": p.name,
            "rank": p.rank_label,
            "rating": p.rating,
            "club": p.club or None,
            "country": p.country or None,
            "pin": p.pin or None,
            "preregistered": p.preregistered,
        }
        for p in sorted(state.players.values(), key=lambda p: p.id)
    ]


def players_text(state: Tournament) -> str:
    """The players as columns as wide as their longest entry: a club «Санкт-Петербург» ran into
    the country beside it (a trial)."""
    players = players_json(state)
    heads = (_("Id"), _("No."), _("Player"), _("Rank"), _("Rating"), _("Club"), _("Country"), "PIN")
    names = [f"{p['surname']} {p['name']}".strip() for p in players]
    name_width = max([30, *map(len, names)])
    club_width = max([12, len(heads[5]), *(len(p["club"] or "") for p in players)])
    lines = [f"{heads[0]:>4} {heads[1]:>4}  {heads[2]:<{name_width}} {heads[3]:>5} {heads[4]:>7}  "
             f"{heads[5]:<{club_width}} {heads[6]:<6} {heads[7]}"]  # fmt: skip
    for p, name in zip(players, names, strict=True):
        no = "" if p["no"] is None else p["no"]
        rating = "" if p["rating"] is None else p["rating"]
        pre = "  " + _("(registered in advance)") if state.players[p["id"]].preregistered else ""
        lines.append(
            f"{p['id']:>4} {no:>4}  {name:<{name_width}} {p['rank']:>5} {rating:>7}  {p['club'] or '':<{club_width}} "
            f"{p['country'] or '':<6} {p['pin'] or ''}{pre}".rstrip()
        )
    return "\n".join(lines)


def teams_json(state: Tournament, after_round: int, best: int, by: str | None, points: str) -> dict[str, Any]:
    """``teams --json``: each team's place, name, score (best members), total, best place and members."""
    from schemes.awards.teams import default_grouping, team_standings

    grouping = by or default_grouping(state)
    standings = get_scheme(state.settings.scheme).standings(state, after_round)
    rows = team_standings(state, standings, best, grouping, points)
    return {
        "after_round": after_round,
        "best": best,
        "by": grouping,
        "points": points,
        "teams": [
            {
                "place": r.place,
                "team": r.team,
                "score": _number(r.best),
                "total": _number(r.total),
                "best_place": r.best_place,
                "members": [{"id": p, "points": _number(r.points[p]), "counted": p in r.counted} for p in r.members],
            }
            for r in rows
        ],
    }


def teams_text(state: Tournament, data: dict[str, Any]) -> str:
    lines = [
        _("{name} — {standings} {after} (the best {best} by {points})", name=state.settings.name,
          standings=document_label(state, "teams", data["by"]), after=after_round_words(data["after_round"]),
          best=data["best"], points=_(data["points"])) + results_waiting(state, data["after_round"])
    ]  # fmt: skip
    width = max([len(team["team"]) for team in data["teams"]] + [20])
    team = {"club": _("Club"), "country": _("Country")}.get(data["by"], _("Team"))  # a review: «Команда» of countries
    heads = _("Place"), team, _("Score"), _("All"), _("Best"), _("Players")  # a trial: what were 13, 17, 1?
    best = max(4, len(heads[4]))
    lines.append(f"{heads[0]:>5}  {heads[1]:<{width}} {heads[2]:>6} {heads[3]:>6} {heads[4]:>{best}}  {heads[5]}")
    for team in data["teams"]:
        members = ", ".join(
            f"{state.players[m['id']].surname} {m['points']:g}" + ("*" if m["counted"] else "") for m in team["members"]
        )
        scores = f"{team['score']:>6g} {team['total']:>6g} {team['best_place']:>{best}}"
        lines.append(f"{team['place']:>5}  {team['team']:<{width}} {scores}  {members}")
    return "\n".join(lines)


def prizes_of(state: Tournament, after_round: int, rules: PrizeRules | None = None) -> list[Prize]:
    """The prizes after ``after_round`` by the usual rules, or by the command line's."""
    from schemes.awards.prizes import PrizeRules, award, field_of

    scheme = get_scheme(state.settings.scheme)
    field = field_of(state, scheme.standings(state, after_round))
    return award(field, rules or PrizeRules(), scheme.traits.bracket)


def prizes_json(state: Tournament, prizes: Sequence[Prize]) -> list[dict[str, Any]]:
    """``prizes --json``: ``[{"prize": …, "players": [id…], "value": …, "passed_over": [id…],
    "withdrawn": [id…]}]``: what ``prize_notes`` says under the prizes, for a script too (a
    script handing out prizes read no word of a winner who withdrew)."""
    from schemes.awards.prizes import withdrawn_winners

    withdrew = withdrawn_winners(state, prizes)
    return [
        {"prize": p.name, "players": list(p.players), "value": p.value, "passed_over": list(p.passed_over),
         "withdrawn": [player for prize, player in withdrew if prize is p]}
        for p in prizes
    ]  # fmt: skip


def _as_paper(phrase: str) -> str:
    """A phrase of the prizes as the paper says it, in the interface language."""
    from paperwork.labels import labels

    return labels(language()).get(phrase, phrase)


def prize_title(name: str) -> str:
    """A prize as the paper names it (``1`` → «1 место»), in the interface language."""
    from schemes.awards.prizes import prize_name

    return prize_name(name, _as_paper)


def prize_decided(prize: Prize, value: str | None = None) -> str:
    """What decided ``prize`` (or ``value``, a passed-over player's) as the paper says it
    («побед: 4»), in the interface language."""
    from schemes.awards.prizes import prize_value

    return prize_value(prize.name, prize.value if value is None else value, _as_paper)


def prize_notes(state: Tournament, prizes: Sequence[Prize]) -> list[str]:
    """Why a better player did not get a prize: he has one already (one prize each); and a
    winner who withdrew, said for the referee to decide (a trial's second prize went to a
    player out after round 1: OpenGotha's absent rounds had kept him second)."""
    from schemes.awards.prizes import passed_over_by, passed_unnamed, withdrawn_winners

    return [
        _("{prize}: {player} was ahead ({value}) but has the prize “{other}” already: one prize each",
          prize=prize_title(prize.name), player=player_label(state, player),
          value=prize_decided(prize, value), other=prize_title(other))
        for prize, player, value, other in passed_over_by(prizes)
    ] + [
        _("{prize}: {count} more were ahead, each with a prize already", prize=prize_title(prize.name), count=count)
        for prize, count in passed_unnamed(prizes)
    ] + [
        _("{prize}: {player} withdrew from round {round}", prize=prize_title(prize.name),
          player=player_label(state, player), round=state.players[player].withdrawn_from,
          sex=state.players[player].sex)
        for prize, player in withdrawn_winners(state, prizes)
    ]  # fmt: skip


def prizes_text(state: Tournament, prizes: Sequence[Prize], after: int) -> str:
    """Titled as the printed sheet: «призёры» at the end, else the round they stand after (a
    play-off trial's «Кубок — призёры» came while the match for third place went on)."""
    final = is_final_table(state, after)
    title = (_("{name} — prizes", name=state.settings.name) if final
             else _("{name} — prizes {after}", name=state.settings.name, after=after_round_words(after)))  # fmt: skip
    lines = [title]
    for prize in prizes:
        names = ", ".join(player_label(state, p) for p in prize.players)
        decided = prize_decided(prize)
        lines.append(f"{prize_title(prize.name):<40} {names}" + (f"  ({decided})" if decided else ""))
    return "\n".join(lines + prize_notes(state, prizes))


def deciding_boards(state: Tournament, played: Round) -> str:
    """What a round's boards decide, as its protocol says it under them (``round_note``, a
    play-off's): «Финал: доска 1 · Матч за 3-е место: доска 2» — a trial's referee saw two
    boards and could not tell which decided the cup; nothing where the scheme has no such note."""
    from paperwork.labels import labels
    from paperwork.per_scheme import paper

    note = paper(state).round_note
    return note(state, played.number, labels(language())) if note else ""


BRACKET_WIDTH = 72
"""The columns a line of the bracket may take: the 80-column screen's dialog holds 74."""


def bracket_lines(state: Tournament, lang: str) -> list[str]:
    """The play-off bracket as text in ``lang``, a stage after another: each match, its score,
    ``>`` at the one through (fits 80 columns at any size of bracket), the champion at the end; a match too long for a
    line (a long name) on two, the second player under the first (a trial's wrapped to the
    edge).  A stage's second players stand in one column, as wide as the longest line allows
    (an attack: a match with a score put its opponent two columns further than the next).  Its
    stages are named as the protocols name them (``stage_name``)."""
    from paperwork.labels import labels
    from paperwork.per_scheme.playoff import stage_name
    from schemes.systems.playoff import bracket, main_matches

    drawn, words = bracket(state), labels(lang)

    def say(text: str) -> str:
        return in_language(lang, text)

    lines = []
    total = len(drawn.stages)
    for index, stage in enumerate(drawn.stages):
        lines.append(stage_name(len(main_matches(stage)), words) + ":")
        matches: list[tuple[bool, str, str | None]] = []  # a match for third place?, first, second
        for match in stage:
            winner = match.winner(drawn.needed) if match.decided(drawn.needed, drawn.most) else None
            cells = []
            for player in match.players:  # the one through without a game, on either line (a review read «—»)
                mark = ">" if player == winner else " "
                score = f" {match.score(player)}".rstrip()  # "" before any game
                if player in match.absent:  # lost by not coming to the round
                    score = " " + say("no-show")
                cells.append(f"{mark}{player_label(state, player)}{score}")
            matches.append((match.third_place, cells[0], cells[1] if len(cells) == 2 else None))
        lines += _stage_lines(matches, say("bye"), words["third_place_match"])
        if index < total - 1:
            lines.append("")
    champion = drawn.champion()
    if champion is not None:  # said once the final is, as the paper's last column (a trial found only its «>»)
        lines += ["", f"{words['champion']}: {player_label(state, champion)}"]
    if any(match.unplayed for stage in drawn.stages for match in stage):
        lines += ["", words["legend_forfeit"]]
    return lines


def _stage_lines(matches: list[tuple[bool, str, str | None]], bye: str, third_place: str) -> list[str]:
    """A stage's matches (a match for third place?, first player, second or None for a bye), the
    second players in one column where the line allows, else each after its first."""
    from rich.cells import cell_len, set_cell_size  # the app's: the command line's queries load no rich

    paired = [(first, second) for _third, first, second in matches if second is not None]
    column = max((cell_len(first) for first, _second in paired), default=0)
    if any(3 + column + 3 + cell_len(second) > BRACKET_WIDTH for _first, second in paired):
        column = 0  # a long line: each as it comes, and the longest on two lines
    lines = []
    for third, first, second in matches:
        if third:  # a heading as the final's (a trial read it a space further in)
            lines += ["", third_place + ":"]
        padded = set_cell_size(first, max(column, cell_len(first)))
        if second is None:  # a bye's words in the second players' column too (a review)
            lines.append(f"   {padded}   {bye}")
            continue
        line = f"   {padded}   {second}"
        lines += [line] if cell_len(line) <= BRACKET_WIDTH else [f"   {first}", f"     {second}"]
    return lines


def local_time(at: str) -> str:
    """When an entry was made, on the referee's clock (the log keeps UTC), with its day: a
    weekend event's log holds two days, and the time alone did not tell them apart; the
    log's and ``restore``'s (which said it in UTC, as kept: an attack)."""
    try:
        return datetime.fromisoformat(at).astimezone().strftime("%d.%m %H:%M:%S")
    except (ValueError, OverflowError, OSError):  # a time the system's clock cannot show (before 1970 on Windows)
        return ""


def file_held(path: Path, service: Service, codes: bool = True) -> str:
    """What a tournament file holds, in one line: its name, events, rounds and last entry (what
    ``restore`` shows of the backup and of the file, on the command line and in the app; the
    app says a result in words, «Победа чёрных», where the command line writes ``B+``)."""
    state, last = service.state, service.events[-1]
    return _(
        "{backup}: {name}, {events:event|events}, {rounds:round|rounds} paired; last entry {event} at {at}: {what}",
        backup=path.name,
        name=state.settings.name,
        events=len(service.events),
        rounds=state.paired_rounds,
        event=last.id,
        at=local_time(last.at) or last.at,
        what=event_text(last, codes=codes),
    )


def name_holds(name: str, query: str) -> bool:
    """Whether a player's ``name`` holds every word of ``query``, in any order: case, ``ё``/``е``
    and the alphabet do not matter, nor accents (``елк`` and ``elk`` find «Ёлкина», ``muller``
    and ``horvath`` find «Müller» and «Horváth»: a phone's English keyboard types no accent, and
    a trial found nobody).  The one rule of the app's search and the players' pages'."""
    folded, words = fold(name), fold(query).split()
    if all(word in folded for word in words):
        return True
    if not query.isascii() and all(char in _RUSSIAN for char in folded if char.isalpha()):
        return False  # a Russian name is found by Russian as typed: through Latin, «голь» found «Голованов»
    # (the soft sign has no letter there — a review); «иван» still finds «Іван», «смит» «Smith Иван»
    plain = [_plain(word) for word in words]
    return bool(plain) and all(plain) and all(word in _plain(name) for word in plain)  # a word of no Latin form: none


_RUSSIAN = frozenset("абвгдеёжзийклмнопрстуфхцчшщъыьэюя")
"""The letters a Russian keyboard types: a name of others (Ukrainian «Іван», a Latin word) is
found through Latin by a Russian query too."""


def _plain(text: str) -> str:
    """A name in the EGF table's ASCII Latin letters, folded (a word of none, Hangul: empty)."""
    from paperwork.translit import ascii_only, latin

    return fold(ascii_only(latin(text)))


DOCUMENT_NAMES = {
    "cards": "player cards",
    "protocol": "round protocol",
    "slips": "result slips",
    "schedule": "round schedule",
    "standings": "standings",
    "table": "final table",
    "registration": "registration list",
    "teams": "team standings",
    "prizes": "prize winners",
    "blank-cards": "blank player cards",
    "blank-protocol": "blank round protocol",
    "blank-table": "blank final table",
    "crosstable": "crosstable",
    "players": "player list",
}
"""Each document's and table's name in words, by the name the command line gives it (the
English print dialog listed «blank-cards», «table»: the command's names, not a document's)."""


def document_label(state: Tournament, kind: str, grouping: str) -> str:
    """A document's name for the referee: the team standings grouped by club or country are
    the clubs' or the countries' (the print dialog and the command line said «командный
    зачёт» and printed the clubs — a trial), a play-off's final table its bracket (a review)."""
    if kind == "teams" and grouping in ("club", "country"):
        return _("clubs' standings") if grouping == "club" else _("countries' standings")
    if kind == "table" and get_scheme(state.settings.scheme).traits.bracket:
        return _("play-off bracket")
    return _(DOCUMENT_NAMES[kind])


_PAIR = re.compile(r"([0-9]{1,5})[-–—:]([0-9]{1,5})")


def typed_pairs(state: Tournament, text: str) -> tuple[list[tuple[int, int]], int | None]:
    """The boards a referee types from paper, ``1-4 2-5 3-6`` (players' numbers, board by
    board, white first where the rules leave it open), as pairs of ids, and the bye typed as a
    card writes it (``7-0``), if any; refused in words naming the first piece that is not one
    (the command line and the app read it alike)."""
    from schemes.errors import InvalidEvent

    by_number = {number: player for player, number in state.numbers.items()}
    pieces = text.replace(",", " ").replace(";", " ").split()
    joined = re.sub(r"\s*([-–—:])\s*", r"\1", " ".join(pieces)).split()  # «1 - 4» is one board too
    if not joined:
        raise InvalidEvent("type the boards as on paper: 1-4 2-5 3-6")
    pairs: list[tuple[int, int]] = []
    byes: list[int] = []
    for piece in joined:
        found = _PAIR.fullmatch(piece)
        if found is None:
            raise InvalidEvent("{piece} is no board: type the players' numbers, 1-4", piece=piece[:20])
        numbers = [int(found[1]), int(found[2])]
        for number in numbers:
            if number not in by_number and not (number == 0 and numbers.count(0) == 1):
                raise InvalidEvent("no player has number {number}", number=number)
        if 0 in numbers:
            byes.append(by_number[max(numbers)])
        else:
            pairs.append((by_number[numbers[0]], by_number[numbers[1]]))
    if len(byes) > 1:
        raise InvalidEvent("one bye at most is typed (7-0)")
    return pairs, byes[0] if byes else None
