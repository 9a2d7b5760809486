"""McMahon and Swiss against OpenGotha 3.51.02's own engine, board for board.

Two references, kept as test data so that the suite needs no Java
(``tests/reference/README.md`` says how they were made):

- the 775 real tournament files of OpenGotha's public repository, and the engine's
  pairing of each of their 2,541 rounds from the rounds before it: every file opens, and
  Tengen makes the same pairs, colours, handicaps, tables and bye — and the same again in
  1,097 of those rounds with another player given the bye before pairing;
- random tournaments varying every parameter (bar, floor, handicap rules, seeding systems,
  DUDD, geography, categories, criteria, bye and absence values, PRE players, absences,
  odd fields), each round paired by the engine itself, and fields over 600 that it splits;
  and random tournaments with clubs groups (no real file has them).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest

from tests.conftest import made_once
from tests.reference.corpus import (
    difference,
    in_part,
    real_chosen_byes,
    real_pairings,
    real_standings,
    recorded_pairings,
    rest_pairings,
    tengen_pairing,
    tengen_rest,
    tengen_standings,
    unpack,
)

CHUNKS = 24
"""The real files and the random tournaments in 24 shares each.  The tests of one share of
files (its pairings, its rounds with the referee's bye, its standings) form one group that
xdist gives one process: a round's state, imported once, serves all three."""
KNOWN = {
    ("20201105112623_round3", 3): "2 of 6 pairs",
}
"""The one round Tengen pairs otherwise (with OpenGotha's own bye or the referee's), and why:
this test file seats a player against himself on six tables of a round; OpenGotha keeps
those games (and reads the last as his game of the round), Tengen drops them with a
warning, so the player's earlier opponents differ."""


@pytest.fixture(scope="session")
def unpacked(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Path]:
    """An archive's files, unpacked once per run into a folder the test processes share (they
    only read it)."""

    @cache
    def folder(archive: str) -> Path:
        return made_once(tmp_path_factory, archive.split(".")[0], lambda into: unpack(archive, into))

    return folder


def real_share(chunk: int) -> list[str]:
    """The names of share ``chunk`` of the real files: every 24th, the shares covering all."""
    return sorted(real_pairings())[chunk::CHUNKS]


def real_differences(folder: Path, chunk: int) -> dict[tuple[str, int], str]:
    found = {}
    for name in real_share(chunk):
        for number, theirs in sorted(real_pairings()[name].items()):
            differs = difference(tengen_pairing(folder / f"{name}.xml", number), theirs)
            if differs:
                found[(name, number)] = differs
    return found


def by_share(group: str) -> list[object]:
    return [pytest.param(chunk, marks=pytest.mark.xdist_group(f"{group}-{chunk}")) for chunk in range(CHUNKS)]


@pytest.mark.parametrize("chunk", by_share("real"))
def test_the_real_files_are_paired_as_opengotha_pairs_them(unpacked: Callable[[str], Path], chunk: int) -> None:
    names = set(real_share(chunk))
    assert real_differences(unpacked("opengotha_remote.tar.xz"), chunk) == {
        key: why for key, why in KNOWN.items() if key[0] in names
    }


@pytest.mark.parametrize("chunk", by_share("real"))
def test_a_bye_the_referee_chose_is_paired_as_opengotha_pairs_it(unpacked: Callable[[str], Path], chunk: int) -> None:
    """Every round of the real files with a bye, paired again with another player given the
    bye before pairing (OpenGotha's Bye button): the same boards and tables as the engine's."""
    folder = unpacked("opengotha_remote.tar.xz")
    names = [name for name in real_share(chunk) if name in real_chosen_byes()]
    found = {}
    for name in names:
        for number, (chosen, theirs) in sorted(real_chosen_byes()[name].items()):
            assert theirs.bye == chosen
            differs = difference(tengen_pairing(folder / f"{name}.xml", number, chosen), theirs)
            if differs:
                found[(name, number)] = differs
    assert found == {key: why for key, why in KNOWN.items() if key[0] in names}


@pytest.mark.parametrize("half", [0, 1])
def test_the_rest_of_a_round_paired_in_part_is_paired_as_opengotha_pairs_it(
    unpacked: Callable[[str], Path], tmp_path: Path, half: int
) -> None:
    """A real file's last round paired in part (about half the engine's boards kept on their
    tables, the bye kept or not, the kept boards played or not: ``corpus.in_part``), and Pair
    on the rows left unpaired: the same new boards, colours, handicaps, tables (the first the
    kept boards leave free) and bye as OpenGotha's, in 91 rounds — 22 of them an odd rest
    whose bye is chosen among it."""
    from tests.reference.corpus import Pairing

    folder = unpacked("opengotha_remote.tar.xz")
    found = {}
    for name, case in sorted(rest_pairings().items())[half::2]:
        number, seed = case["round"], case["seed"]
        assert isinstance(number, int) and isinstance(seed, int)
        path = tmp_path / f"{name}.xml"
        text = (folder / f"{name}.xml").read_text(encoding="utf-8")
        path.write_text(in_part(text, number, real_pairings()[name][number], seed), encoding="utf-8")
        theirs = Pairing(tuple(tuple(b) for b in case["boards"]), case["bye"])  # type: ignore[attr-defined, arg-type]
        mine, offered = tengen_rest(path, number)
        differs = difference(mine, theirs)
        if differs:
            found[(name, number)] = differs
        if offered != theirs.bye:  # the referee's list starts on the engine's bye (N, «Выбрать свободного»)
            found[(name, number)] = f"the list offers {offered}"
    assert found == {}
    assert len(rest_pairings()) == 91 and sum(case["bye"] is not None for case in rest_pairings().values()) == 22


def test_a_player_on_two_boards_of_a_round_plays_the_game_opengotha_reads(unpacked: Callable[[str], Path]) -> None:
    """A 1,001-player test event seats two players on two boards of round 5 (tables 502 and
    6, 502 and 3): OpenGotha reads their game as the last its table of games walks to,
    tables 6 and 3 here — taking table 502, the last board, paired 54 of round 6's 500
    boards otherwise."""
    import json

    from tests.reference.corpus import Pairing

    folder = unpacked("two_boards.tar.xz")
    reference = json.loads((folder / "two_boards.json").read_text(encoding="utf-8"))
    theirs = Pairing(tuple(sorted(tuple(b) for b in reference["boards"])), reference["bye"])
    mine = tengen_pairing(folder / "two_boards.xml", reference["round"])
    assert len(theirs.boards) == 500 and difference(mine, theirs) is None


def test_the_real_files_are_all_there(unpacked: Callable[[str], Path]) -> None:
    pairings = real_pairings()
    assert len(pairings) == 775 and sum(len(rounds) for rounds in pairings.values()) == 2541
    assert sum(len(rounds) for rounds in real_chosen_byes().values()) == 1097
    assert len(list(unpacked("opengotha_remote.tar.xz").glob("*.xml"))) == 775
    standings = real_standings()["files"]  # type: ignore[index]
    assert set(real_chosen_byes()) <= set(pairings) and set(standings) <= set(pairings)  # every one in a share
    assert sorted(name for chunk in range(CHUNKS) for name in real_share(chunk)) == sorted(pairings)


@pytest.mark.parametrize("chunk", by_share("real"))
def test_the_standings_of_real_files_are_opengothas_criterion_for_criterion(
    unpacked: Callable[[str], Path], chunk: int
) -> None:
    """After the last round of 210 real events: the same order and, for every player, the
    same value of each of OpenGotha's 24 criteria (CAT, NBW, MMS, CPS, STS, the SOS family,
    SODOS, SOSOS, CUSS, SOSTS, EXT, EXR, Rank, Rating, DC, SDC) — as OpenGotha's own code
    computed them."""
    reference = real_standings()
    criteria = reference["criteria"]  # type: ignore[index]
    files = reference["files"]  # type: ignore[index]
    folder = unpacked("opengotha_remote.tar.xz")
    for name in [name for name in real_share(chunk) if name in files]:
        theirs = files[name]
        assert tengen_standings(folder / f"{name}.xml", theirs["round"], criteria) == theirs["players"], name


def random_files(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.glob("*.xml"))


@pytest.mark.parametrize("chunk", by_share("random"))
def test_random_tournaments_are_paired_as_opengotha_pairs_them(unpacked: Callable[[str], Path], chunk: int) -> None:
    folder = unpacked("random_tournaments.tar.xz")
    found = {}
    for name in random_files(folder)[chunk::CHUNKS]:
        for number, theirs in recorded_pairings(folder / name).items():
            differs = difference(tengen_pairing(folder / name, number), theirs)
            if differs:
                found[(name, number)] = differs
    assert found == {}


def test_clubs_groups_are_weighed_as_opengotha_weighs_them(unpacked: Callable[[str], Path]) -> None:
    """No real file has clubs groups: 40 random tournaments with one to three of them (a club
    in two groups now and then), every round as the engine paired it."""
    folder = unpacked("clubs_groups_tournaments.tar.xz")
    names = random_files(folder)
    assert len(names) == 40
    found = {}
    for name in names:
        for number, theirs in recorded_pairings(folder / name).items():
            differs = difference(tengen_pairing(folder / name, number), theirs)
            if differs:
                found[(name, number)] = differs
    assert found == {}


@pytest.mark.xdist_group("big")
def test_fields_over_600_are_split_as_opengotha_splits_them(unpacked: Callable[[str], Path]) -> None:
    folder = unpacked("big_tournaments.tar.xz")
    names = random_files(folder)
    assert len(names) >= 3
    for name in names:
        for number, theirs in recorded_pairings(folder / name).items():
            assert len(theirs.boards) > 300
            assert difference(tengen_pairing(folder / name, number), theirs) is None, (name, number)


def totals(path: object, number: int) -> tuple[int, int]:
    """The total of OpenGotha's weights over the whole field of Tengen's default pairing of a
    round and of its exact whole-field pairing (``exactWholeField=true``)."""
    import random
    from dataclasses import replace

    import numpy as np

    from schemes.base.scheme import Pairing
    from schemes.registry import get_scheme
    from schemes.systems.gotha.costs import cost_matrix, weigh_field
    from schemes.systems.gotha.pairing import sheets_after, to_pair
    from tests.reference.corpus import imported, paired

    state = imported(path, number - 1)  # type: ignore[arg-type]
    exact = replace(state, settings=replace(state.settings, params={**state.settings.params, "exactWholeField": True}))
    rules, sheets = sheets_after(state, number - 1)
    field = to_pair(state, number, sheets, rules)
    weight = cost_matrix(weigh_field(sheets, rules, number - 1, field))
    index = {p: k for k, p in enumerate(field)}

    def total(pairing: Pairing) -> int:
        return sum(int(weight[index[b.white], index[b.black]]) for b in pairing.boards)

    assert isinstance(weight, np.ndarray)
    whole = get_scheme(state.settings.scheme).pair(exact, number, random.Random(1), None, True)
    return total(paired(path, number)), total(whole)  # type: ignore[arg-type]


@pytest.mark.xdist_group("big")
def test_the_exact_whole_field_is_never_worse_in_opengothas_weights(unpacked: Callable[[str], Path]) -> None:
    """``exactWholeField=true`` pairs a field over 600 as one exact matching: never a lower
    total in OpenGotha's own weights than OpenGotha's split, higher where the split costs."""
    folder = unpacked("big_tournaments.tar.xz")
    better = 0
    for name in random_files(folder):
        split, whole = totals(folder / name, 1)
        assert whole >= split
        better += whole > split
    assert better >= 2


@pytest.mark.parametrize("chunk", by_share("random"))
def test_below_600_both_matchers_reach_the_same_best_total(unpacked: Callable[[str], Path], chunk: int) -> None:
    """Without a split, Gabow's matching and the exact matcher are both optimal: the same total
    (their pairs differ only where the total ties).  On the random tournaments whose place
    in the list is 0 to 3 modulo 40 (30 of them), each with its share's pairing test."""
    folder = unpacked("random_tournaments.tar.xz")
    names = random_files(folder)
    for index in range(chunk, len(names), CHUNKS):
        if index % 40 >= 4:
            continue
        name = names[index]
        for number in recorded_pairings(folder / name):
            split, whole = totals(folder / name, number)
            assert split == whole, (name, number)
