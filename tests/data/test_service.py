"""The one door: what a command changed, which round a question is of, where an output may go."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from data.errors import Refused, TournamentFileError
from data.service import Service, after_round, paired_round
from schemes.errors import InvalidEvent
from schemes.log import actions


def _cup(path: Path, players: int = 4) -> Service:
    service = Service.create(path, [actions.create("Cup", "round-robin", None)])
    service.commit_all(
        actions.registrations(
            service.events, [{"surname": f"S{i}", "name": "X", "rating": 2000 - i} for i in range(players)]
        )
    )
    return service


def test_a_change_names_its_events_state_and_warnings(tmp_path: Path) -> None:
    with _cup(tmp_path / "t.json") as service:
        change = service.commit(actions.pair(service.state, random.Random(1)))
        assert [e.kind for e in change.events] == ["round_paired"] and change.event is change.events[-1]
        assert change.state is service.state and change.state.paired_rounds == 1
        assert change.event.id == len(service.events) == 6


def test_what_is_known_before_a_pairing_is_asked_once_for_both_interfaces(tmp_path: Path) -> None:
    """``before_pairing``: the round, a round before with a result missing where the scheme may
    pair all the same (a round robin's postponed game), the compiler's wait; refused where
    the round cannot be paired, or the scheme waits for the missing result (Gamma)."""
    with _cup(tmp_path / "t.json") as service:
        first = service.before_pairing()
        assert (first.number, first.missing, first.warned, first.compiling) == (1, None, (), False)
        service.commit(actions.pair(service.state, random.Random(1)))
        service.commit(actions.result(1, 1, "W+"))
        early = service.before_pairing()
        assert early.number == 2 and early.missing is not None
        assert str(early.missing) == "round 1 is not complete: no result on board 2"
        with pytest.raises(InvalidEvent, match="the next round to pair is 2, not 3"):
            service.before_pairing(3)
    gamma = Service.create(tmp_path / "g.json", [actions.create("Cup", "gamma", 3)])
    with gamma:
        gamma.commit_all(actions.registrations(gamma.events, [{"surname": f"S{i}", "name": "X", "rating": 2000 - i}
                                                             for i in range(4)]))  # fmt: skip
        gamma.commit(actions.pair(gamma.state, random.Random(1)))
        with pytest.raises(InvalidEvent, match="round 1 is not complete: no result on boards 1, 2"):
            gamma.before_pairing()


@pytest.mark.parametrize(
    ("scheme", "players", "skipping", "refused"),
    [
        ("playoff", 0, 0, "round 1: nobody to pair"),
        ("gamma", 1, 0, "round 1 needs at least 2 players"),
        ("gamma", 3, 2, "round 1 needs at least 2 players"),
        ("mcmahon", 0, 0, "round 1: nobody to pair"),
        ("mcmahon", 1, 0, None),  # OpenGotha seats a lone player with a bye
        ("round-robin", 2, 1, None),  # a review: the table pairs a skip as his opponent's bye
        ("round-robin", 4, 3, None),
        ("round-robin", 1, 0, "round 1 needs at least 2 players"),
        ("playoff", 2, 1, None),  # a review: the bracket's final, a walkover (the absent are seeded)
        ("playoff", 3, 2, None),
        ("playoff", 1, 0, "round 1 needs at least 2 players"),
    ],
)
def test_a_first_round_without_two_players_is_refused_before_the_question(
    tmp_path: Path, scheme: str, players: int, skipping: int, refused: str | None
) -> None:
    """A play-off trial was asked «Провести жеребьёвку 1-го тура?» of an empty field, then refused."""
    service = Service.create(tmp_path / "t.json", [actions.create("Cup", scheme, None if scheme in ("playoff",
                                                                      "round-robin") else 3)])  # fmt: skip
    with service:
        for i in range(players):
            service.commit(actions.register(service.events, surname=f"S{i}", name="X", rating=2000 - i))
        for player in sorted(service.state.players)[:skipping]:
            service.commit(actions.skip(player, [1]))
        if refused is None:
            assert service.before_pairing().number == 1
            service.commit(actions.pair(service.state, random.Random(1)))  # and the scheme pairs it
            if scheme == "playoff" and players == 2:  # the final, won without a game: nothing more to pair
                with pytest.raises(InvalidEvent) as over:
                    service.before_pairing()
                assert str(over.value) == "the play-off is over: its champion is player 2"  # by walkover
        else:
            with pytest.raises(InvalidEvent) as said:
                service.before_pairing()
            assert str(said.value) == refused


def test_a_refused_command_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    with _cup(path) as service:
        before = path.read_bytes()
        with pytest.raises(InvalidEvent):
            service.commit(actions.result(1, 1, "W+"))  # no round is paired
        with pytest.raises(InvalidEvent):
            service.commit_all([actions.skip(1, [1]), actions.skip(99, [1])])  # the second refuses both
        assert path.read_bytes() == before


def test_a_dialogs_check_refuses_what_the_commit_refuses_in_a_bracket(tmp_path: Path) -> None:
    """A play-off's round is checked against its bracket when an event is added (not in a
    replay): a dialog's check refuses a swap across two matches (``actions.swap`` refuses any in
    a play-off; an older Tengen wrote them) as the commit does, the file untouched."""
    from tests.schemes.test_playoff import swap_as_written_before

    path = tmp_path / "cup.json"
    with Service.create(path, [actions.create("Cup", "playoff", None)]) as service:
        service.commit_all(
            actions.registrations([], [{"surname": f"S{i}", "name": "X", "rating": 2500 - 10 * i} for i in range(8)])
        )
        service.commit(actions.pair(service.state, random.Random(1)))
        seeds = sorted(service.state.players, key=lambda p: -(service.state.players[p].rating or 0))
        across = ("pairing_amended", swap_as_written_before(service.state, seeds[0], seeds[1]))  # not by actions.swap
        before = path.read_bytes()
        for check in (service.check_action, service.commit):
            with pytest.raises(InvalidEvent, match="do not meet in the bracket"):
                check(across)
        assert path.read_bytes() == before


def test_undo_and_redo_name_the_event_they_took_back_and_restored(tmp_path: Path) -> None:
    with _cup(tmp_path / "t.json") as service:
        service.commit(actions.pair(service.state, random.Random(1)))
        result = service.commit(actions.result(1, 1, "W+")).event
        undone = service.undo()
        assert undone.subject == result and undone.event.kind == "retracted"
        assert 1 not in service.state.round(1).results
        redone = service.redo()
        assert redone.subject == result and redone.event.data["event"] == undone.event.id
        assert 1 in service.state.round(1).results
        assert service.undo(target=result.id).subject == result  # by its number, like `undo 7`


def test_the_round_of_a_table_and_of_a_pairing(tmp_path: Path) -> None:
    with _cup(tmp_path / "t.json") as service:
        with pytest.raises(Refused, match="no round is paired yet"):
            service.paired_round(None)
        assert service.after_round(None) == 0
        service.commit(actions.pair(service.state, random.Random(1)))
        state = service.state
        assert paired_round(state, None) == 1 and after_round(state, None) == 0  # round 1 misses results
        for board in state.round(1).boards:
            service.commit(actions.result(1, board.number, "B+"))
        assert service.after_round(None) == 1 and service.after_round(0) == 0
        for asked in (2, -1):
            with pytest.raises(Refused, match=f"round {asked} is not paired"):
                service.after_round(asked)
        with pytest.raises(Refused, match="round 2 is not paired"):
            service.paired_round(2)
        assert service.after_round(7, nearest=True) == 1 and service.after_round(-3, nearest=True) == 0


def test_an_output_never_replaces_a_tournament_its_backup_or_its_lock(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    with _cup(path) as service:
        other = _cup(tmp_path / "other.json")
        other.close()
        os.symlink(path, tmp_path / "link.pdf")
        for name in ("t.json", "t.json.bak", "t.json.lock", "other.json", "other.json.lock", "link.pdf"):
            with pytest.raises(Refused, match="is a tournament file"):
                service.output(str(tmp_path / name))
        for text, reason in (("", "give the name"), ("a\x07.pdf", "control characters"), (str(tmp_path), "a folder"),
                             (str(tmp_path / "no" / "x.pdf"), "no such folder")):  # fmt: skip
            with pytest.raises(Refused, match=reason):
                service.output(text)
        os.mkfifo(tmp_path / "pipe.pdf")
        with pytest.raises(TournamentFileError):
            service.output(str(tmp_path / "pipe.pdf"))
        (tmp_path / "real.pdf").write_bytes(b"old")
        os.symlink(tmp_path / "real.pdf", tmp_path / "to-real.pdf")
        assert service.output(str(tmp_path / "to-real.pdf")).path == (tmp_path / "real.pdf").resolve()
        for hall in ("t.json.hall", "other.json.hall"):  # its secret, its repository: found by an attack
            (tmp_path / hall / "objects").mkdir(parents=True)
            for inside in ("tengen-secret", "config", "objects/new.pdf"):
                with pytest.raises(Refused, match="inside a tournament's hall folder"):
                    service.output(str(tmp_path / hall / inside))
        (tmp_path / "mine.hall").mkdir()  # a folder so named beside no tournament is just a folder
        assert (
            service.output(str(tmp_path / "mine.hall" / "x.pdf")).path == (tmp_path / "mine.hall" / "x.pdf").resolve()
        )
        new = service.output(str(tmp_path / "new\u00a0file.pdf"))  # a no-break space is no control character
        new.write(b"%PDF")
        assert new.path == (tmp_path / "new\u00a0file.pdf").resolve() and new.path.read_bytes() == b"%PDF"


def test_a_name_the_app_chose_that_is_taken_is_written_under_the_next_free_one(tmp_path: Path) -> None:
    """A trial: F6 found its protocol's name held by a folder and advised giving another name,
    which it has no field for.  A name the app chose (``free_output``) goes to «name (2)…»,
    past a folder, a pipe, a tournament; a file of that name is written over as before."""
    path = tmp_path / "t.json"
    with _cup(path) as service:
        (tmp_path / "t-protocol-3.pdf").mkdir()
        os.mkfifo(tmp_path / "t-protocol-3 (2).pdf")
        os.symlink(path, tmp_path / "t-protocol-3 (3).pdf")
        chosen = service.free_output(str(tmp_path / "t-protocol-3.pdf"))
        assert chosen.path == (tmp_path / "t-protocol-3 (4).pdf").resolve()
        assert chosen.instead_of == tmp_path / "t-protocol-3.pdf"  # the app says which name was taken
        (tmp_path / "t-table.pdf").write_bytes(b"old")
        table = service.free_output(str(tmp_path / "t-table.pdf"))
        assert table.path == (tmp_path / "t-table.pdf").resolve() and table.instead_of is None
        with pytest.raises(Refused, match="no such folder"):  # no name helps: the first refusal
            service.free_output(str(tmp_path / "gone" / "t-table.pdf"))
        for count in range(4, 21):  # twenty other names: «(2)» to «(21)»
            (tmp_path / f"t-protocol-3 ({count}).pdf").mkdir()
        assert service.free_output(str(tmp_path / "t-protocol-3.pdf")).path.name == "t-protocol-3 (21).pdf"
        (tmp_path / "t-protocol-3 (21).pdf").mkdir()
        with pytest.raises(Refused, match="a folder"):
            service.free_output(str(tmp_path / "t-protocol-3.pdf"))


def test_a_service_for_writing_holds_the_lock_until_closed(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    _cup(path).close()
    with Service(path, writable=True):
        with pytest.raises(TournamentFileError, match="open for writing"):
            Service(path, writable=True)
        assert Service(path).state.players  # reading needs no lock
    Service(path, writable=True).close()


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root to give a link to another user")
def test_an_output_through_another_users_link_is_refused(tmp_path: Path) -> None:
    """A durability attack: ``/tmp/cards.pdf`` planted as a link to the referee's thesis, and
    ``print cards -o /tmp/cards.pdf`` wrote the PDF over the thesis.  A link of another user's is
    refused; the referee's own link is written through, as before."""
    precious = tmp_path / "thesis.odt"
    precious.write_bytes(b"years of work")
    shared = tmp_path / "tmp"  # as /tmp: sticky, anyone writes in it
    shared.mkdir(mode=0o1777)
    shared.chmod(0o1777)
    planted = shared / "cards.pdf"
    planted.symlink_to(precious)
    os.lchown(planted, 65534, 65534)
    sudo_made = tmp_path / "byroot.pdf"  # a link of another user's in the referee's own folder: his
    sudo_made.symlink_to(tmp_path / "target.pdf")
    os.lchown(sudo_made, 65534, 65534)
    with _cup(tmp_path / "t.json") as service:
        with pytest.raises(Refused, match="is a link another user made: choose another name"):
            service.output(str(planted))
        assert service.free_output(str(planted)).path == (shared / "cards (2).pdf").resolve()
        service.output(str(sudo_made)).write(b"%PDF")
        mine = shared / "mine.pdf"
        mine.symlink_to(tmp_path / "mine-target.pdf")
        service.output(str(mine)).write(b"%PDF-mine")
    assert precious.read_bytes() == b"years of work" and (tmp_path / "target.pdf").read_bytes() == b"%PDF"
    assert (tmp_path / "mine-target.pdf").read_bytes() == b"%PDF-mine"


@pytest.mark.shared_data
def test_the_rest_is_offered_before_the_next_round_only_while_the_round_has_no_result(tmp_path: Path) -> None:
    """A review: a round OpenGotha recorded played, four players on no board, and n offered to
    seat them in it first, «Поставить в пары» in focus — an Enter by habit gave a finished round
    four new boards.  The command line's ``pair --rest`` still pairs them; the app offers it
    only before the round's first result."""
    from data.opengotha import read
    from tests.builders import in_part
    from tests.data.test_opengotha import TESTDATA

    source = tmp_path / "part.xml"
    source.write_text(in_part((TESTDATA / "simplemm.xml").read_text(encoding="utf-8"), "[13]"), encoding="utf-8")
    with Service.create(tmp_path / "t.json", read(source).actions) as service:
        rest = service.rest_offered()
        assert len(rest) == 4
        service.commit(actions.result(5, 2, "W+"))
        assert service.rest_offered() == [] and actions.rest_of(service.state, 5) == rest


def test_a_results_plan_says_what_it_goes_over(tmp_path: Path) -> None:
    """The one answer the app's questions and the command line's refusals are made from: the
    board's result it replaces, or the very result already there (the hall's laptops' entries
    are in ``tests/tui/test_hall.py``, through both interfaces)."""
    players = [{"surname": f"S{n}", "name": "N", "rating": 2000 - n} for n in range(4)]
    with Service.create(tmp_path / "t.json", [actions.create("T", "gamma", 3)]) as service:
        service.commit_all(actions.registrations([], players))
        service.commit(actions.pair(service.state, random.Random(1)))
        empty = service.result_plan(1, 1, "W+")
        assert (empty.before, empty.unchanged, empty.disputed, empty.overruled) == (None, False, (), ())
        service.commit(actions.result(1, 1, "W+"))
        same, other = service.result_plan(1, 1, "W+"), service.result_plan(1, 1, "B+")
        assert same.unchanged and same.before is not None and same.before.code == "W+"
        assert not other.unchanged and other.before == same.before and other.overruled == ()
        assert not service.result_plan(1, 1, "W+", swapped=True).unchanged  # the colours played count
