"""McMahon and Swiss on random fields: late players, absences, odd fields and repeat games;
every round seats every available player once, the bye goes by OpenGotha's rule, and the
pairing's total weight is the best over every perfect matching (small fields: brute force)."""

from __future__ import annotations

import random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from schemes.log import actions
from schemes.state.model import Tournament
from schemes.systems.gotha.costs import cost_matrix, weigh_field
from schemes.systems.gotha.pairing import choose_bye, sheets_after, to_pair
from tests.builders import Log
from tests.schemes.test_weighted_matching import brute_force


@settings(max_examples=40, deadline=None)
@given(
    scheme=st.sampled_from(["mcmahon", "swiss"]),
    size=st.integers(3, 9),
    seed=st.integers(0, 10**6),
)
def test_random_events_pair_everyone_once_and_optimally(scheme: str, size: int, seed: int) -> None:
    rng = random.Random(seed)
    log = Log(scheme, rounds=4)
    for i in range(size):
        log.add(f"P{i}", rating=rng.randint(100, 2700), club=rng.choice(["A", "B", ""]))
    for number in range(1, 5):
        if rng.random() < 0.3:  # someone announces an absence, or a latecomer arrives
            log.commit(actions.skip(rng.choice(sorted(log.state.players)), [number]))
        if number > 1 and rng.random() < 0.3:
            log.add(f"Late{number}", rank=f"{rng.randint(1, 20)}k")
        state = log.state
        rules, sheets = sheets_after(state, number - 1)
        players = to_pair(state, number, sheets, rules)
        if len(players) < 2:
            return
        expected_bye = choose_bye(state, number, players, sheets) if len(players) % 2 else None
        log.commit(actions.pair(state, rng, allow_repeats=True))
        played = log.state.rounds[-1]
        seated = [p for b in played.boards for p in (b.white, b.black)] + list(played.byes)
        assert sorted(seated) == sorted(players)
        assert played.byes == ((expected_bye,) if expected_bye is not None else ())
        paired = [p for p in players if p != expected_bye]
        weight = cost_matrix(weigh_field(sheets, rules, number - 1, paired))
        index = {p: i for i, p in enumerate(paired)}
        total = sum(int(weight[index[b.white], index[b.black]]) for b in played.boards)
        assert total == brute_force(np.asarray(weight))
        for board in played.boards:
            log.commit(actions.result(number, board.number, rng.choice(["W+", "B+", "W+F", "both-lose"])))


@settings(max_examples=25, deadline=None)
@given(scheme=st.sampled_from(["mcmahon", "swiss"]), size=st.integers(2, 8), seed=st.integers(0, 10**6))
def test_scoring_fewer_rounds_gives_the_same_scores_of_those_rounds(scheme: str, size: int, seed: int) -> None:
    """``sheets_after`` scores only up to the round after its games: every criterion after
    each of those rounds is what scoring the whole event gives."""
    from dataclasses import replace

    from schemes.systems.gotha.pairing import entrant, opengotha_names
    from schemes.systems.gotha.rules import CRITERIA
    from schemes.systems.gotha.scores import score_sheets

    rng = random.Random(seed)
    log = Log(scheme, rounds=5)
    for i in range(size):
        log.add(f"P{i}", rating=rng.randint(100, 2700))
    for number in range(1, 1 + rng.randint(1, 5)):
        if rng.random() < 0.3:
            log.commit(actions.skip(rng.choice(sorted(log.state.players)), [number]))
        log.commit(actions.pair(log.state, rng, allow_repeats=True))
        for board in log.state.rounds[-1].boards:
            log.commit(actions.result(number, board.number, rng.choice(["W+", "B+", "W+F", "both-lose"])))
    state = log.state
    names = opengotha_names(state)
    entrants = {p.id: entrant(p, names) for p in state.players.values()}
    for after in range(state.paired_rounds + 1):
        rules, fewer = sheets_after(state, after)
        whole = score_sheets(replace(state, rounds=state.rounds[:after]), entrants, rules)
        for player, sheet in fewer.items():
            for r in range(-1, min(after + 1, rules.rounds)):
                assert [sheet.value(c, r) for c in CRITERIA] == [whole[player].value(c, r) for c in CRITERIA]


@settings(max_examples=60, deadline=None)
@given(
    scheme=st.sampled_from(["mcmahon", "swiss"]),
    size=st.integers(1, 9),
    rounds=st.integers(1, 7),
    virtual=st.booleans(),
    round_down=st.booleans(),
    absent=st.tuples(*[st.integers(0, 2)] * 4),
    bar=st.sampled_from(["5k", "1d", "9d"]),
    seed=st.integers(0, 10**6),
)
def test_the_scores_as_arrays_are_the_scores_of_the_loops_before(
    scheme: str, size: int, rounds: int, virtual: bool, round_down: bool, absent: tuple[int, ...], bar: str, seed: int
) -> None:
    """Every criterion after every round, the virtual scores and the start score: the array
    version of ``score_sheets`` gives what the plain loops gave before issue 29 (the oracle in
    ``tests/reference/before_29``), on fields with handicaps (ranks 20k to 5d), a low bar (the
    Strasbourg score's top group, from the quarter-final), absences,
    latecomers, byes, forfeits, draws, both winning or losing, the last round's slips not all
    back, rounds not paired yet."""
    rng = random.Random(seed)
    log = Log(scheme, rounds=rounds, genCountNotPlayedGamesAsHalfPoint=str(virtual).lower(),
              genRoundDownNBWMMS=str(round_down).lower(), genNBW2ValueAbsent=absent[0], genNBW2ValueBye=absent[1],
              genMMS2ValueAbsent=absent[2], genMMS2ValueBye=absent[3], hdCeiling=9, genMMBar=bar)  # fmt: skip
    for i in range(size):
        log.add(f"P{i}", rank=rng.choice(["20k", "12k", "5k", "1k", "1d", "3d", "5d"]))
    played = rng.randint(0, rounds)
    for number in range(1, 1 + played):
        if rng.random() < 0.4:
            log.commit(actions.skip(rng.choice(sorted(log.state.players)), [number]))
        if number > 1 and rng.random() < 0.3:
            log.add(f"Late{number}", rank=f"{rng.randint(1, 20)}k")
        if sum(p.available_in(number) for p in log.state.players.values()) < 2:
            break
        log.commit(actions.pair(log.state, rng, allow_repeats=True))
        for board in log.state.rounds[-1].boards:
            if number < played or rng.random() < 0.8:  # the last round's slips not all back
                log.commit(actions.result(number, board.number, rng.choice(CODES)))
    scored_as_before(log.state)


CODES = ["W+", "B+", "W+F", "B+F", "both-lose", "draw", "draw-F", "both-win", "both-win-F", "both-lose-played"]
"""Every result a game can have."""


def scored_as_before(state: Tournament) -> None:
    """After each round of ``state``: every criterion of every player after every round, the
    virtual scores and the start score, as the plain loops before issue 29 give them."""
    from dataclasses import replace

    from schemes.systems.gotha.pairing import entrant, opengotha_names
    from schemes.systems.gotha.rules import CRITERIA
    from schemes.systems.gotha.scores import score_sheets
    from tests.reference.before_29.scores import score_sheets as score_sheets_before

    names = opengotha_names(state)
    entrants = {p.id: entrant(p, names) for p in state.players.values()}
    for after in range(state.paired_rounds + 1):
        rules, _ = sheets_after(state, after)
        earlier = replace(state, rounds=state.rounds[:after])
        ours, before = score_sheets(earlier, entrants, rules), score_sheets_before(earlier, entrants, rules)
        assert ours.keys() == before.keys()
        for player, sheet in ours.items():
            old = before[player]
            assert sheet.start == old.start  # the virtual scores tell in every SOS criterion below
            for r in range(-1, max(rules.rounds, state.paired_rounds)):
                assert [sheet.value(c, r) for c in CRITERIA] == [old.value(c, r) for c in CRITERIA], (player, r)


@settings(max_examples=30, deadline=None)
@given(size=st.integers(2, 9), rounds=st.integers(1, 5), seed=st.integers(0, 10**6))
def test_a_player_on_several_boards_of_a_round_is_scored_as_before(size: int, rounds: int, seed: int) -> None:
    """An OpenGotha file may seat a player on several boards of one round (OpenGotha adds
    their points and reads the last game for the rest): up to two boards more in each round,
    between players already seated or not, with a result or without, scored as before."""
    from dataclasses import replace

    from schemes.state.model import Board, Result

    rng = random.Random(seed)
    log = Log("mcmahon", rounds=rounds)
    for i in range(size):
        log.add(f"P{i}", rank=rng.choice(["20k", "5k", "1d", "4d"]))
    for number in range(1, rounds + 1):
        log.commit(actions.pair(log.state, rng, allow_repeats=True))
        for board in log.state.rounds[-1].boards:
            log.commit(actions.result(number, board.number, rng.choice(CODES)))
    doubled = []
    for played in log.state.rounds:
        boards, results = list(played.boards), dict(played.results)
        for _ in range(rng.randint(0, 2)):
            white, black = rng.sample(sorted(log.state.players), 2)
            boards.append(Board(len(boards) + 1, white, black, rng.randint(0, 3)))
            if rng.random() < 0.8:
                results[len(boards)] = Result(rng.choice(CODES), swapped=rng.random() < 0.2)
        doubled.append(replace(played, boards=tuple(boards), results=results))
    scored_as_before(replace(log.state, rounds=tuple(doubled)))


@settings(max_examples=80, deadline=None)
@given(
    boards=st.integers(0, 300),
    spread=st.integers(1, 4),
    ratings=st.integers(1, 5),
    seed=st.integers(0, 10**6),
)
def test_the_tables_are_numbered_as_before(boards: int, spread: int, ratings: int, seed: int) -> None:
    """Each board's compared player found once gives the tables comparing found him again
    every time (the oracle in ``tests/reference/before_tables``): fields of up to 300 boards
    (Java's sort merges runs beyond 32), the criteria and the ratings full of ties, so that
    its comparator breaks Java's contract too (both then fall back to a stable sort)."""
    from types import SimpleNamespace

    from schemes.state.model import Board
    from schemes.systems.gotha.pairing import _tables
    from schemes.systems.gotha.scores import Entrant, Sheet
    from tests.reference.before_tables.tables import tables as tables_before

    rng = random.Random(seed)
    criteria = ["MMS", "SOSM", "SOSOSM"]
    sheets = {}
    for player in range(1, 2 * boards + 1):
        sheet = Sheet(Entrant(player, f"S{player}", "N", 0, 100 * rng.randint(1, ratings)), 0, [], [])
        sheet.mms = [rng.randint(0, spread)]
        sheet.values = {c: [rng.randint(0, spread)] for c in criteria[1:]}
        sheets[player] = sheet
    players = list(sheets)
    rng.shuffle(players)
    listed = [Board(n + 1, players[2 * n], players[2 * n + 1]) for n in range(boards)]
    rules = SimpleNamespace(criteria=criteria)
    assert _tables(sheets, rules, 0, listed) == tables_before(sheets, rules, 0, listed)  # type: ignore[arg-type]
