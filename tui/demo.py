"""The bundled demo: one tournament of each scheme, part-way through (McMahon as
OpenGotha pairs it; a play-off after its first round), and the Vladivostok cup of fors.md
complete.

It is written through the same actions as a referee's commands, so the demo is
also a smoke test of the whole path from action to file.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable, Sequence
from pathlib import Path

from data.errors import TournamentFileError, os_reason
from data.service import Service
from data.state_cache import code_compiled
from data.store import backup_path
from schemes.log import actions

PLAYERS = (
    ("Матвеев", "Евгений", 2510, "RU", "StP"),
    ("Горжалцан", "Владимир", 2247, "RU", "StP"),
    ("Лю", "Личунь", 2210, "CN", ""),
    ("Широков", "Дмитрий", 2150, "RU", "Nov"),
    ("Затонских", "Антон", 1950, "RU", "Kha"),
    ("Ёлкина", "Анна", 1880, "RU", "Mos"),
    ("Павлов", "Сергей", 1720, "RU", "Vla"),
    ("Кутасов", "Игорь", 1610, "RU", "Vla"),
    ("Воропаев", "Олег", 1580, "RU", "Vla"),
    ("Хованец", "Марина", 1320, "UA", "Kie"),
    ("Лозовский", "Леонид", 952, "RU", "StP"),
    ("Едемская", "Зоя", 798, "RU", "StP"),
)
ROUND_ROBIN_RESULTS = (("W+", "B+", "W+"), ("B+", "W+", "draw"), ("W+", "W+F", "B+"))
GAMMA_RESULTS = (
    ("W+", "B+", "W+", "B+", "W+"),
    ("B+", "W+", "W+F", "B+", "W+"),
    ("W+", "W+", "B+", "both-lose", "B+"),
)

SPORT_HANDICAP_RESULTS = (
    ("B+", "W+", "draw", "W+", "B+"),
    ("W+", "B+F", "W+", "B+", "W+"),
    ("W+", "W+", "B+", "W+", "both-lose"),
)


def _play(service: Service, results: Sequence[Sequence[str]], rng: random.Random) -> None:
    for codes in results:
        paired = service.commit(actions.pair(service.state, rng)).event.data["round"]
        code_compiled(service.state)
        for board, code in enumerate(codes[: len(service.state.rounds[paired - 1].boards)], start=1):
            service.commit(actions.result(paired, board, code))


def _register(service: Service, players: Sequence[tuple[str, str, int, str, str]]) -> None:
    fields = [dict(surname=p[0], name=p[1], rating=p[2], country=p[3], club=p[4]) for p in players]
    service.commit_all(actions.registrations(service.events, fields))


def _round_robin(path: Path) -> None:
    create = actions.create(
        "Демо: круговой турнир",
        "round-robin",
        None,
        "Санкт-Петербург",
        "2026-11-28..2026-11-29",
        6.5,
        "60+30sx3",
        "ru",
        {"numbering": "rating"},
    )
    with Service.create(path, [create]) as service:
        _register(service, PLAYERS[:6])
        _play(service, ROUND_ROBIN_RESULTS, random.Random(2026))


def _gamma(path: Path) -> None:
    create = actions.create(
        "Демо: турнир по схеме Гамма",
        "gamma",
        5,
        "Санкт-Петербург",
        "2026-11-28..2026-11-29",
        6.5,
        "50+5/20",
        "ru",
    )
    with Service.create(path, [create]) as service:
        _register(service, PLAYERS[:11])
        service.commit(actions.skip(11, [2]))
        _play(service, GAMMA_RESULTS, random.Random(2026))


def _sport_handicap(path: Path) -> None:
    create = actions.create(
        "Демо: спортивно-форовый турнир",
        "sport-handicap",
        7,
        "КГС, Русская комната",
        "2026-11-23..2026-11-29",
        6.5,
        "30+30sx3",
        "ru",
        online=True,  # the KGS Russian room's: played on the internet
    )
    with Service.create(path, [create]) as service:
        _register(service, PLAYERS[2:])
        service.commit(actions.skip(3, [3]))
        _play(service, SPORT_HANDICAP_RESULTS, random.Random(2026))


VLADIVOSTOK = (  # fors.md: the I Japan Consul-General Cup, 17-19.09.2004
    ("Затонских", "Антон", 2650, "Kha"),
    ("Лю", "Личунь", 2650, "Kha"),
    ("Павлов", "Сергей", 2450, "Nov"),
    ("Куташов", "Александр", 2350, "Kha"),
    ("Хованец", "Алексей", 2250, "Vla"),
    ("Петеримов", "Сергей", 2150, "Kha"),
    ("Горячкин", "Андрей", 2050, "Vla"),
    ("Воропаев", "В", 2000, "Kha"),
)
VLADIVOSTOK_WINNERS = ({1, 3, 5, 7}, {1, 4, 5, 8}, {1, 2, 6, 8}, {1, 2, 3, 5}, {1, 3, 4, 6})
VLADIVOSTOK_SWAPPED = {(1, 4)}  # (round, board): 7 took black after the nigiri


def _vladivostok(path: Path) -> None:
    create = actions.create(
        "I Japan Consul-General Cup",
        "fors",
        5,
        "Vladivostok",
        "2004-09-17..2004-09-19",
        6.5,
        "60",
        "ru",
    )
    with Service.create(path, [create]) as service:
        _register(service, [(surname, name, rating, "RU", club) for surname, name, rating, club in VLADIVOSTOK])
        for number, winners in enumerate(VLADIVOSTOK_WINNERS, start=1):
            service.commit(actions.pair(service.state, random.Random(number)))
            for board in service.state.rounds[number - 1].boards:
                code = "W+" if board.white in winners else "B+"
                service.commit(
                    actions.result(number, board.number, code, (number, board.number) in VLADIVOSTOK_SWAPPED)
                )


MCMAHON_RESULTS = (
    ("W+", "B+", "W+", "W+", "B+", "W+"),
    ("B+", "W+", "W+", "B+", "W+", "B+"),
)


def _mcmahon(path: Path) -> None:
    create = actions.create(
        "Демо: турнир по Мак-Магону",
        "mcmahon",
        5,
        "Москва",
        "2026-12-05..2026-12-06",
        7.5,
        "60+30sx3",
        "ru",
    )
    with Service.create(path, [create]) as service:
        _register(service, PLAYERS)
        _play(service, MCMAHON_RESULTS, random.Random(2026))


PLAYOFF_RESULTS = (("W+", "B+", "W+", "B+"),)


def _playoff(path: Path) -> None:
    create = actions.create(
        "Демо: кубок на вылет",
        "playoff",
        None,
        "Санкт-Петербург",
        "2026-11-29",
        6.5,
        "40+30sx3",
        "ru",
        {"third_place": "on"},
    )
    with Service.create(path, [create]) as service:
        _register(service, PLAYERS[:8])
        _play(service, PLAYOFF_RESULTS, random.Random(2026))


DEMOS = {
    "round-robin.json": _round_robin,
    "gamma.json": _gamma,
    "sport-handicap.json": _sport_handicap,
    "fors-vladivostok.json": _vladivostok,
    "mcmahon.json": _mcmahon,
    "playoff.json": _playoff,
}


def write_demo(folder: Path, then: Callable[[Path], object] = lambda _path: None, made: bool = False) -> list[Path]:
    """Write the demo tournaments into ``folder``, each followed by ``then`` (its paperwork);
    their paths.  A file already there is never replaced (it may be a referee's tournament of
    the same name): refused, named.  A demo that fails midway (a full disk) takes back what
    it wrote, its paperwork, and the folder if it made it (``made``: made by the caller's
    ``check_folder``): left there, its half refused the next ``demo`` (an attack, a review)."""
    made = check_folder(folder) or made
    try:
        for name, write in DEMOS.items():
            write(folder / name)
            then(folder / name)
    except BaseException:
        for name in DEMOS:  # none was there before (``check_folder``): each one there is this demo's
            path = folder / name
            for written in (path, backup_path(path), *(_paper_path(path, kind) for kind in DEMO_PAPERS)):
                with contextlib.suppress(OSError):  # the disk gone too: the refusal said is the first
                    written.unlink(missing_ok=True)
        if made:
            with contextlib.suppress(OSError):  # not empty: another program's file
                folder.rmdir()
        raise
    return [folder / name for name in DEMOS]


def check_folder(folder: Path) -> bool:
    """``folder`` made if missing (True when made here), refused where a demo file would
    replace one there."""
    made = not folder.exists()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise TournamentFileError(
            "{folder}: cannot make the folder ({reason})", folder=folder, reason=os_reason(error)
        ) from None
    if not folder.is_dir():
        raise TournamentFileError("{folder} is not a folder", folder=folder)
    for name in DEMOS:
        for taken in (folder / name, backup_path(folder / name)):
            if taken.exists() or taken.is_symlink():
                raise TournamentFileError("{path} exists already: the demo goes into a new folder", path=taken)
    return made


def fresh_folder(base: Path) -> Path:
    """``base``, or ``base-2``, ``base-3``… : the first that holds no demo file yet."""
    candidate, number = base, 1
    while any((candidate / name).exists() or backup_path(candidate / name).exists() for name in DEMOS):
        number += 1
        candidate = base.with_name(f"{base.name}-{number}")
    return candidate


DEMO_PAPERS = ("cards", "protocol", "slips", "standings", "table", "registration")
"""What a referee prints for a round and at the end (not the blank forms, prizes, teams)."""


def _paper_path(path: Path, kind: str) -> Path:
    return path.with_name(f"{path.stem}-{kind}.pdf")


def write_demo_paperwork(path: Path) -> list[Path]:
    """Every document of one demo tournament next to it (``gamma-cards.pdf``, …)."""
    from paperwork.build import print_to, round_of

    service = Service(path)
    state = service.state
    written = []
    for kind in DEMO_PAPERS:
        target = service.output(str(_paper_path(path, kind)))
        print_to(target, kind, state, service.events, round_of(kind, state, None))
        written.append(target.path)
    return written
