"""The rest of a round paired in part (``actions.pair_rest``): OpenGotha's Pair on the rows left
unpaired, the round's boards kept.  The boards expected are those OpenGotha's engine gave for
the same files (``tests/reference/tools/RestPair.java``); 91 real rounds are compared with it in
``test_gotha_reference``."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from schemes import registry
from schemes.errors import InvalidEvent, RepeatNeeded, RestRepeatNeeded
from schemes.log import actions
from schemes.log import events as ev
from schemes.log.history import describe
from schemes.state.model import Tournament
from tests.builders import Log, in_part
from tests.data.test_opengotha import TESTDATA, log_of

pytestmark = pytest.mark.shared_data


def part(tmp_path: Path, tables: str, absent: str = "", bye: str = "") -> Log:
    path = tmp_path / "part.xml"
    path.write_text(in_part((TESTDATA / "simplemm.xml").read_text(encoding="utf-8"), tables, absent, bye), "utf-8")
    return log_of(path)


def seen(state: Tournament, number: int) -> list[tuple[int, str, str, int]]:
    """The round's boards by the players' surnames."""
    name = {p.id: p.surname for p in state.players.values()}
    return [(b.number, name[b.white], name[b.black], b.handicap) for b in state.rounds[number - 1].boards]


def test_the_rest_takes_the_tables_left_free_and_the_boards_stay(tmp_path: Path) -> None:
    log = part(tmp_path, "[1368]")
    before = seen(log.state, 5)
    assert [board[0] for board in before] == [2, 4, 5, 7]
    assert log.state.rounds[4].as_recorded
    log.commit(actions.pair_rest(log.state, random.Random(1)))
    after = seen(log.state, 5)
    assert [board for board in after if board in before] == before
    assert [board for board in after if board not in before] == [  # OpenGotha's engine: the same
        (1, "Karadaban", "Lefebvre", 0),
        (3, "Lemoine", "Noguchi", 0),
        (6, "Fiorina", "Goloubkov", 3),
        (8, "Cornuejols", "Robin", 8),
    ]
    assert log.state.rounds[4].byes == ()
    assert describe(log.events[-1]) == "round 5: the players on no board paired"
    with pytest.raises(InvalidEvent, match="every player who plays it is on a board"):
        actions.pair_rest(log.state, random.Random(1))
    log.commit(actions.undo(log.events[-1].id))  # undo: the round as it was
    assert seen(log.state, 5) == before


def test_an_odd_rest_has_its_bye_chosen_among_it(tmp_path: Path) -> None:
    """Karadaban out of round 5: Lefebvre, Lemoine and Noguchi are left, and OpenGotha seats
    Lemoine out; Lefebvre and Noguchi met in round 3, which is asked first."""
    log = part(tmp_path, "[13]", absent="Karadaban")
    with pytest.raises(RestRepeatNeeded) as refused:  # another bye avoids it, which the refusal says (an attack)
        actions.pair_rest(log.state, random.Random(1))
    assert refused.value.fields["player"].name == "Lemoine T."  # OpenGotha's bye of the rest
    by_name = {p.surname: p.id for p in log.state.players.values()}
    actions.pair_rest(log.state, random.Random(1), bye=by_name["Noguchi"])  # no repeat: no refusal
    log.commit(actions.pair_rest(log.state, random.Random(1), allow_repeats=True))
    name = {p.id: p.surname for p in log.state.players.values()}
    assert seen(log.state, 5)[0] == (1, "Noguchi", "Lefebvre", 0)
    assert [name[p] for p in log.state.rounds[4].byes] == ["Lemoine"]


def test_the_referees_bye_for_an_odd_rest(tmp_path: Path) -> None:
    log = part(tmp_path, "[13]", absent="Karadaban")
    by_name = {p.surname: p.id for p in log.state.players.values()}
    with pytest.raises(InvalidEvent, match="not among the players on no board of round 5"):
        actions.pair_rest(log.state, random.Random(1), bye=by_name["Rendu"])  # on board 4
    log.commit(actions.pair_rest(log.state, random.Random(1), allow_repeats=True, bye=by_name["Noguchi"]))
    assert log.state.rounds[4].byes == (by_name["Noguchi"],)
    assert seen(log.state, 5)[0] == (1, "Lemoine", "Lefebvre", 0)  # OpenGotha's, Noguchi its bye before Pair


def test_an_odd_rest_beside_the_rounds_bye_takes_the_bye_back_before_the_games_begin(tmp_path: Path) -> None:
    """Three on no board beside Karadaban's bye, no result yet: his bye is taken back and he plays
    (a referee unassigns OpenGotha's bye to seat a lone latecomer) — the boards OpenGotha's Pair
    gives the round without the bye; once a game has a result, it is refused as OpenGotha's Pair
    refuses it, saying to mark one as skipping the round, which the round's rest allows."""
    log = part(tmp_path, "[13]", bye="KARADABANDENIS")
    by_name = {p.surname: p.id for p in log.state.players.values()}
    assert sorted(actions.rest_of(log.state, 5)) == sorted(by_name[n] for n in ("Karadaban", "Lefebvre", "Lemoine",
                                                                                 "Noguchi"))  # fmt: skip
    taken = log.commit(actions.pair_rest(log.state, random.Random(1)))
    assert log.state.rounds[4].byes == ()
    assert [board for board in seen(log.state, 5) if board[0] in (1, 3)] == [
        (1, "Karadaban", "Lefebvre", 0),
        (3, "Lemoine", "Noguchi", 0),
    ]
    log.commit(actions.undo(taken.event.id))  # his bye back
    assert log.state.rounds[4].byes == (by_name["Karadaban"],)
    log.commit(actions.result(5, 2, "W+"))
    with pytest.raises(InvalidEvent, match="has its bye already, and 3 players on no board.*skipping round 5"):
        actions.pair_rest(log.state, random.Random(1))
    with pytest.raises(InvalidEvent, match="round 5 is already paired"):  # one on a board: a forfeit, as ever
        log.commit(actions.skip(by_name["Rendu"], [5]))
    log.commit(actions.skip(by_name["Lemoine"], [5]))
    log.commit(actions.pair_rest(log.state, random.Random(1), allow_repeats=True))
    assert seen(log.state, 5)[0][1:3] == ("Noguchi", "Lefebvre")
    assert log.state.players[by_name["Lemoine"]].absent_from(5)


def test_the_referees_bye_is_refused_where_nobody_more_sits_out(tmp_path: Path) -> None:
    beside = part(tmp_path, "[134]", bye="RENDUQUENTIN")  # board 4 gone, Rendu its bye: five left
    beside.commit(actions.result(5, 2, "W+"))  # begun: the bye is not taken back
    rest = [p for p in beside.state.players if beside.state.rounds[4].board_of(p) is None]
    with pytest.raises(InvalidEvent, match="round 5 has its bye already"):
        actions.pair_rest(
            beside.state, random.Random(1), bye=next(p for p in rest if p not in beside.state.rounds[4].byes)
        )
    even = part(tmp_path, "[13]")
    left = next(p for p in even.state.players if even.state.rounds[4].board_of(p) is None)
    with pytest.raises(InvalidEvent, match="4 players on no board, an even number: nobody sits out"):
        actions.pair_rest(even.state, random.Random(1), bye=left)


def test_only_the_latest_round_of_a_scheme_that_pairs_the_rest(tmp_path: Path) -> None:
    log = part(tmp_path, "[13]")
    with pytest.raises(InvalidEvent, match=r"only the latest round \(5\)"):
        actions.pair_rest(log.state, random.Random(1), 4)
    gamma = Log("gamma", rounds=3)
    for surname in "ABCD":
        gamma.add(surname, rank="5k")
    with pytest.raises(InvalidEvent, match="no round is paired yet"):
        actions.pair_rest(gamma.state, random.Random(1))
    gamma.commit(actions.pair(gamma.state, random.Random(1)))
    with pytest.raises(InvalidEvent, match="every player who plays it is on a board"):  # not «pair it again»
        actions.pair_rest(gamma.state, random.Random(1))
    late = gamma.add("E", rank="5k")  # a latecomer: Gamma pairs him from round 2, a skip of round 1
    with pytest.raises(InvalidEvent, match="every player who plays it is on a board"):
        actions.pair_rest(gamma.state, random.Random(1))
    assert registry.not_playing(gamma.state, 1)["skips"] == [late]


def test_a_repeat_game_is_asked_for(tmp_path: Path) -> None:
    """Round 5 paired in part leaving Imamura and Noguchi, who met in round 4: refused as a
    pairing is, then paired on the free table when the referee allows it."""
    text = in_part((TESTDATA / "simplemm.xml").read_text(encoding="utf-8"), "[23]")
    game = '<Game blackPlayer="BONJEANROBIN" roundNumber="5" tableNumber="2" whitePlayer="LEMOINETHEO"/>'
    path = tmp_path / "repeat.xml"
    path.write_text(text.replace("</Games>", f"{game}\n</Games>"), encoding="utf-8")
    log = log_of(path)
    with pytest.raises(RepeatNeeded):
        actions.pair_rest(log.state, random.Random(1))
    log.commit(actions.pair_rest(log.state, random.Random(1), allow_repeats=True))
    assert sorted(seen(log.state, 5)[2][1:3]) == ["Imamura-Cornuejols", "Noguchi"]
    assert seen(log.state, 5)[2][0] == 3


@pytest.mark.parametrize("forgery", ["moved", "twice", "two byes", "nobody", "absent"])
def test_a_forged_rest_is_refused(tmp_path: Path, forgery: str) -> None:
    """A damaged pairing of the rest (a review's: a player of a kept board on a new one too, two
    new byes, no one seated, a player out of the round seated) is refused by the replay."""
    log = part(tmp_path, "[13]", absent="Karadaban")
    kind, data = actions.pair_rest(log.state, random.Random(1), allow_repeats=True)
    boards, byes = [dict(b) for b in data["boards"]], list(data["byes"])
    karadaban = next(p.id for p in log.state.players.values() if p.surname == "Karadaban")
    if forgery == "moved":  # kept boards 2 and 3 trade their white players
        boards[1]["white"], boards[2]["white"] = boards[2]["white"], boards[1]["white"]
    elif forgery == "twice":  # the new board's black is board 2's white
        boards[0]["black"] = boards[1]["white"]
    elif forgery == "two byes":
        byes, boards = [boards[0]["white"], boards[0]["black"], *byes], boards[1:]
        for place, board in enumerate(boards, start=2):
            board.setdefault("table", place)
    elif forgery == "nobody":
        boards, byes = boards[1:], []
        for place, board in enumerate(boards, start=2):
            board.setdefault("table", place)
    else:  # out of round 5 by his own word
        byes = [karadaban]
    with pytest.raises(InvalidEvent):
        log.commit((kind, {**data, "boards": boards, "byes": byes}))
    assert data["change"] == ev.REST
    log.commit((kind, data))  # as made, accepted


def test_a_latecomer_before_the_games_begin_joins_the_rest() -> None:
    """McMahon made in Tengen: round 1 paired, two players come before its games begin (one
    registered then, one registered in advance and confirmed then): the rest seats them in
    round 1 on the next table, its boards kept; once a result is in, a latecomer is for round 2."""
    log = Log("mcmahon", rounds=3)
    for surname, rank in zip("ABCDEF", ("3d", "1d", "1k", "3k", "5k", "8k"), strict=True):
        log.add(surname, rank=rank)
    ahead = log.add("Pre", rank="2k", preregistered=True)
    log.commit(actions.pair(log.state, random.Random(1)))
    kept = log.state.rounds[0].boards
    late = log.add("Late", rank="2k")
    log.commit(actions.edit(ahead, preregistered=False))
    assert sorted(actions.rest_of(log.state, 1)) == sorted([late, ahead])
    off = registry.not_playing(log.state, 1)  # listed as on no board, not as skipping or unconfirmed
    assert sorted(off["not_assigned"]) == sorted([late, ahead]) and off["skips"] == off["in_advance"] == []
    log.commit(actions.pair_rest(log.state, random.Random(1)))
    played = log.state.rounds[0]
    assert played.boards[:3] == kept and {played.boards[3].white, played.boards[3].black} == {late, ahead}
    assert played.boards[3].number == 4 and not log.state.players[late].absent_from(1)
    log.commit(actions.undo(log.events[-1].id))  # undone: round 1 is theirs to skip again
    assert log.state.players[late].absent_from(1) and log.state.players[ahead].in_advance_for(1)
    log.commit(actions.result(1, 1, "W+"))
    with pytest.raises(InvalidEvent, match="every player who plays it is on a board"):
        actions.pair_rest(log.state, random.Random(1))
    off = registry.not_playing(log.state, 1)  # the round begun: his skip, as ever
    assert (off["skips"], off["in_advance"], off["not_assigned"]) == ([late], [ahead], [])


def test_a_rest_on_the_tables_gaps_is_undone_under_the_kept_boards_results(tmp_path: Path) -> None:
    """An attack: kept boards 1, 3, 4, 6, 8 played, the rest paired on 2, 5 and 7; its undo was
    refused naming boards 3 and 4 (compared by place, not by number).  It goes, the results
    stay; a result on a new board holds it back, naming that board."""
    text = (TESTDATA / "simplemm.xml").read_text(encoding="utf-8")
    path = tmp_path / "played.xml"
    path.write_text(re.sub(r'<Game [^>]*roundNumber="5" tableNumber="[257]"[^>]*/>\s*', "", text), encoding="utf-8")
    log = log_of(path)
    played = dict(log.state.rounds[4].results)
    assert sorted(played) == [1, 3, 4, 6, 8]
    rest = log.commit(actions.pair_rest(log.state, random.Random(1))).event.id
    assert [b.number for b in log.state.rounds[4].boards] == [1, 2, 3, 4, 5, 6, 7, 8]
    result = log.commit(actions.result(5, 5, "W+")).event.id
    with pytest.raises(InvalidEvent, match=r"would break event \d+ \(result round 5 board 5"):
        log.commit(actions.undo(rest))
    log.commit(actions.undo(result))
    log.commit(actions.undo(rest))
    assert [b.number for b in log.state.rounds[4].boards] == [1, 3, 4, 6, 8]
    assert dict(log.state.rounds[4].results) == played


def test_a_skip_of_the_latest_round_is_for_a_player_of_its_rest_only() -> None:
    """A review: the skip that unties an odd rest was taken from anyone on no board of the
    latest round, in any scheme — a sport-handicap player skipping it again lost the points of
    the skip he had announced in time (marked late).  It is taken from the rest alone, never
    late; a latecomer who skips leaves the rest, and the others are paired."""
    handicap = Log("sport-handicap", rounds=3)
    for surname in "ABCDEF":
        handicap.add(surname, rank="5k")
    off = handicap.add("G", rank="5k")
    handicap.commit(actions.skip(off, [2]))
    handicap.pair()
    for board in range(1, 4):
        handicap.result(1, board, "W+")
    handicap.pair()
    with pytest.raises(InvalidEvent, match="round 2 is already paired"):
        handicap.commit(actions.skip(off, [2]))
    assert handicap.state.players[off].late == frozenset()
    log = Log("mcmahon", rounds=3)
    for surname in "ABCDE":
        log.add(surname, rank="5k")
    log.commit(actions.pair(log.state, random.Random(1)))  # five: one has the bye
    late = [log.add(surname, rank="5k") for surname in ("L1", "L2", "L3")]
    bye = log.state.rounds[0].byes[0]
    assert actions.rest_of(log.state, 1) == [*late, bye]  # odd beside the bye: his bye taken back
    log.commit(actions.skip(late[0], [1]))
    assert actions.rest_of(log.state, 1) == late[1:] and log.state.players[late[0]].late == frozenset()
    log.commit(actions.pair_rest(log.state, random.Random(1)))
    assert {log.state.rounds[0].boards[-1].white, log.state.rounds[0].boards[-1].black} == set(late[1:])


def test_a_forged_rest_may_not_drop_a_bye_it_does_not_seat(tmp_path: Path) -> None:
    """The round begun, its bye stays: a damaged rest that drops it unseated is refused."""
    log = part(tmp_path, "[13]", bye="KARADABANDENIS")
    log.commit(actions.result(5, 2, "W+"))
    log.commit(actions.skip(next(p.id for p in log.state.players.values() if p.surname == "Lemoine"), [5]))
    kind, data = actions.pair_rest(log.state, random.Random(1), allow_repeats=True)
    assert len(data["byes"]) == 1
    with pytest.raises(InvalidEvent, match="keeps its boards and byes"):
        log.commit((kind, {**data, "byes": []}))
    log.commit((kind, data))
