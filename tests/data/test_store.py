import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from data.errors import TournamentFileError
from data.ledger import Ledger
from data.store import TournamentFile, backup_path, half_a_character
from schemes.errors import InvalidEvent
from schemes.log import actions
from schemes.log.events import Event


def new(path: Path) -> Ledger:
    return Ledger.create(path, [actions.create("Cup", "round-robin")])


def test_events_survive_reopening(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    with new(path) as ledger:
        ledger.commit(actions.register(ledger.events, surname="Иванов", name="Иван", rating=2100))
        state = ledger.state
    with Ledger(path) as reread:
        assert reread.state == state
        assert [e.kind for e in reread.events] == ["tournament_created", "player_registered"]


def test_the_file_is_tinydb_json_with_a_format_marker(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    new(path).close()
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["meta"] == {"1": {"format": "tengen-tournament", "version": 1}}
    assert data["events"]["1"]["kind"] == "tournament_created"


def test_backup_holds_the_previous_state(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    with new(path) as ledger:
        before = path.read_bytes()
        ledger.commit(actions.register(ledger.events, surname="A", rating=2100))
    assert backup_path(path).read_bytes() == before
    assert path.read_bytes() != before
    assert not list(tmp_path.glob(".t.json.*")), "no temporary files are left behind"


def test_each_write_is_synced_before_it_replaces_the_file_and_the_folder_after(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What survives a power cut: the new bytes reach the disk before the rename makes them
    the file, and the folder (the rename itself) after it.  The suite's processes skip the
    system's fsync (``tests/conftest.py``), so the calls are what is checked here."""
    path = tmp_path / "t.json"
    calls: list[tuple[str, int]] = []
    replace = os.replace
    monkeypatch.setattr(os, "fsync", lambda fd: calls.append(("sync", os.fstat(fd).st_ino)))
    monkeypatch.setattr(os, "replace", lambda source, target: (calls.append(("rename", os.stat(source).st_ino)),
                                                               replace(source, target))[1])  # fmt: skip
    with new(path) as ledger:
        for surname in ("A", "B"):  # the first keeps the old file as the backup, the second reuses the one before
            calls.clear()
            ledger.commit(actions.register(ledger.events, surname=surname, rating=2100))
            written, folder = path.stat().st_ino, tmp_path.stat().st_ino
            assert calls[-2:] == [("rename", written), ("sync", folder)]
            assert ("sync", written) in calls[:-2]  # (the old file may become the backup in between)
            assert path.read_text(encoding="utf-8").count('"surname"') == ord(surname) - ord("A") + 1


def test_refused_action_leaves_the_file_unchanged(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    with new(path) as ledger:
        before = path.read_bytes()
        with pytest.raises(InvalidEvent):
            ledger.commit(actions.result(1, 1, "W+"))
        assert path.read_bytes() == before
        assert len(ledger.events) == 1


@pytest.mark.parametrize(
    "content, message",
    [
        (b'{"a": 1}', "not a Tengen tournament file"),
        (b"[1, 2]", "not a Tengen tournament file"),
        (b'{"meta": 5, "events": {}}', "not a Tengen tournament file"),
        (b'{"meta": {"1": "x"}, "events": {}}', "not a Tengen tournament file"),
        (b'{"meta": {"1": {"format": "tengen-tournament", "ver', "damaged or not JSON"),
        (b"\xff\xfe\x00", "damaged or not JSON"),
        (b'<?xml version="1.0"?><Tournament/>', "an XML file, not a Tengen tournament; an OpenGotha file becomes"),
        (b"", "damaged or not JSON"),
        (b'{"meta": {"1": {"format": "tengen-tournament", "version": 7}}, "events": {}}', "version 7"),
        (b'{"meta": {"1": {"format": "tengen-tournament", "version": "1"}}, "events": {}}', 'version "1", this'),
        (b'{"meta": {"1": {"format": "tengen-tournament", "version": 1}}, "events": {"2": {}}}', "events are missing"),
        (
            b'{"meta": {"1": {"format": "tengen-tournament", "version": 1}}, '
            b'"events": {"1": {"kind": "x", "data": {}}}}',
            "unknown event kind",
        ),
    ],
)
def test_corrupt_or_foreign_files_are_refused_and_not_touched(tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "t.json"
    path.write_bytes(content)
    with pytest.raises(TournamentFileError, match=message):
        Ledger(path, writable=True)
    assert path.read_bytes() == content
    assert not (tmp_path / "t.json.lock").exists()


def test_inconsistent_log_is_reported_as_damage(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    new(path).close()
    data = json.loads(path.read_text())
    data["events"]["2"] = {"kind": "result_recorded", "at": "", "data": {"round": 1, "board": 1, "code": "W+"}}
    path.write_text(json.dumps(data))
    with pytest.raises(TournamentFileError, match="damaged event log \\(round 1 is not paired\\)"):
        Ledger(path).check()


def test_create_never_replaces_a_file(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    path.write_text("precious")
    with pytest.raises(TournamentFileError, match="exists already"):
        new(path)
    assert path.read_text() == "precious"


@pytest.mark.parametrize(
    "name", ["t.json.bak", "t.json.lock", "t.json.damaged", "t.json.damaged-2", "t.json.BAK", "t.json.Lock",
             "t.json.DAMAGED-3"],
)  # fmt: skip
def test_a_new_tournament_never_takes_the_name_of_what_is_kept_beside_one(tmp_path: Path, name: str) -> None:
    """A tournament created as ``t.json.lock`` was unlinked, and as ``t.json.bak`` replaced,
    at ``t.json``'s next entry: refused, naming the tournament it stands beside — in any case,
    which FAT and exFAT do not tell apart (an attack wrote an entry into ``t.json.BAK``)."""
    new(tmp_path / "t.json").close()
    (tmp_path / "t.json.lock").unlink(missing_ok=True)  # the lock a closed writer leaves may be gone
    with pytest.raises(TournamentFileError, match=f"{name} is the name of what Tengen keeps beside t.json"):
        new(tmp_path / name)
    assert not (tmp_path / name).exists()
    new(tmp_path / "t.json.backup").close()  # another name is another tournament
    new(tmp_path / "other.lock").close()  # beside no tournament


def test_restoring_twice_keeps_both_replaced_files(tmp_path: Path) -> None:
    from data.store import restore

    path = tmp_path / "t.json"
    with new(path) as ledger:
        ledger.commit(actions.register(ledger.events, surname="A", name="B", rating=1500))
    first, second = b"{ broken once", b"{ broken twice"
    for damage in (first, second):
        path.write_bytes(damage)
        restore(path)
    assert (tmp_path / "t.json.damaged").read_bytes() == first
    assert (tmp_path / "t.json.damaged-2").read_bytes() == second


def test_a_second_writer_is_refused_naming_the_holder(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    with new(path):
        with pytest.raises(TournamentFileError, match=f"open for writing by process {os.getpid()}"):
            Ledger(path, writable=True)
        Ledger(path).check()  # readers are welcome
    Ledger(path, writable=True).close()


def test_a_stale_lock_of_a_dead_process_is_taken_over(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    new(path).close()
    code = (
        "import os, sys; from data.ledger import Ledger; "
        f"Ledger({str(path)!r}, writable=True); os._exit(0)"  # dies holding the lock, file left behind
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=Path(__file__).parents[2])
    assert (tmp_path / "t.json.lock").exists()
    with Ledger(path, writable=True) as ledger:
        ledger.commit(actions.register(ledger.events, surname="A", rating=2000))


def test_read_only_file_refuses_appends(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    new(path).close()
    opened = TournamentFile(path)
    with pytest.raises(TournamentFileError, match="read-only"):
        opened.append(opened.events[0])


def test_the_written_file_is_exactly_the_json_of_its_documents(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    with new(path) as ledger:
        for surname in ("Иванов", 'Quote "q"', "Back\\slash"):
            ledger.commit(actions.register(ledger.events, surname=surname, rating=2000))
        written = json.loads(path.read_text(encoding="utf-8"))
        assert written == json.loads(ledger.file.raw)
    assert [e["data"]["surname"] for e in list(written["events"].values())[1:]] == [
        "Иванов",
        'Quote "q"',
        "Back\\slash",
    ]


def test_appends_add_to_the_bytes_and_the_file_stays_canonical(tmp_path) -> None:
    """An append reopened in a fresh object adds its events to the file's bytes; the result
    is byte for byte what serialising the whole log writes."""
    import json

    from data.store import TournamentFile
    from schemes.log import actions
    from schemes.log.history import append

    path = tmp_path / "t.json"
    events = []
    state = None
    builders = [lambda: actions.create("Кубок «А»", "gamma", 3)] + [
        lambda i=i: actions.register(events, surname=f"Иванов{i}", name="И", rank="5k") for i in range(3)
    ]
    for build in builders:
        done = append(events, *build(), "2026-11-30T00:00:00+00:00", state)
        events.append(done.event)
        state = done.state
    TournamentFile.create(path, events[:1]).close()
    for event in events[1:]:  # one process each: the bytes are read, then added to
        with TournamentFile(path, writable=True) as tournament_file:
            tournament_file.append(event)
    raw = path.read_bytes()
    assert raw == json.dumps(json.loads(raw), ensure_ascii=False, separators=(",", ":")).encode()
    assert [e.to_json() for e in TournamentFile(path).events] == [e.to_json() for e in events]


def test_the_file_is_a_tinydb_database_that_tinydb_itself_reads_and_extends(tmp_path: Path) -> None:
    """Appends add bytes rather than going through TinyDB's tables, and the file stays a
    TinyDB database: TinyDB's own storage reads every event, and an insert through our
    storage (as for a file in another form) leaves a file that appends continue."""
    from tinydb import TinyDB
    from tinydb.storages import JSONStorage
    from tinydb.table import Document

    from data.store import AtomicStorage

    path = tmp_path / "t.json"
    with new(path) as ledger:
        for surname in ("Иванов", "Пак"):
            ledger.commit(actions.register(ledger.events, surname=surname, rating=2000))
    with TinyDB(str(path), storage=JSONStorage, access_mode="rb") as db:
        assert [d["data"].get("surname") for d in db.table("events").all()] == [None, "Иванов", "Пак"]
    late = actions.register([], surname="Ли", rating=1900)
    with TinyDB(str(path), storage=AtomicStorage) as db:
        db.table("events").insert(Document({"kind": late[0], "at": "", "data": late[1] | {"player": 3}}, doc_id=4))
    with Ledger(path, writable=True) as ledger:
        ledger.commit(actions.register(ledger.events, surname="Ким", rating=1800))
        assert [p.surname for p in ledger.state.players.values()] == ["Иванов", "Пак", "Ли", "Ким"]


@pytest.mark.parametrize("params", [{"b": "1", "2": "x"}, {"b": {"2": {"c": 1}}}, {"2": "x"}])
def test_the_last_event_read_alone_is_the_parsed_one_whatever_its_data_holds(
    tmp_path: Path, params: dict[str, object]
) -> None:
    """Its data may hold the text its id is found by (``,"2":``, nested): then the whole log
    is parsed, never a wrong event taken."""
    path = tmp_path / "t.json"
    events = [Event(1, "tournament_created", {"name": "Cup", "scheme": "round-robin", "rounds": None}, "2026-01-01"),
              Event(2, "settings_changed", {"params": params}, "2026-01-02")]  # fmt: skip
    TournamentFile.create(path, events).close()
    lazy = TournamentFile(path, lazy=True)
    lazy.known(2)
    assert lazy.last_event() == events[-1]
    assert TournamentFile(path).last_event() == events[-1]


def test_the_start_screens_summary_lists_no_name_the_replay_would_refuse(tmp_path: Path) -> None:
    """A file copied into the data folder whose name holds an escape (found by an attack: the
    start screen sent ``\\x1b[31m`` to the terminal raw) is no tournament to list, as the
    command line calls it damaged; a sound file is summed up."""
    from data.store import Summary, summary

    path = tmp_path / "cup.json"
    Ledger.create(path, [actions.create("Кубок", "round-robin")]).close()
    assert summary(path) == Summary("Кубок", "round-robin", None, 0)
    for hostile in ("Cup\x1b[31mRED", "Cup\x1b]0;title\x07", "Cup\u202eRED", "Cup\x9b31m"):
        text = path.read_text(encoding="utf-8").replace("Кубок", json.dumps(hostile)[1:-1])
        (tmp_path / "hostile.json").write_text(text, encoding="utf-8")
        assert summary(tmp_path / "hostile.json") is None, hostile


def test_the_start_screens_summary_has_the_name_and_rounds_as_changed(tmp_path: Path) -> None:
    """A trial renamed a tournament (``settings --name``) and the start screen listed the old
    name: the creation's.  The settings changed since count; an undone change does not."""
    from data.store import Summary, summary

    path = tmp_path / "cup.json"
    ledger = Ledger.create(path, [actions.create("Кубок", "mcmahon", 5)])
    ledger.commit(actions.change_settings(name="Кубок города", rounds="6"))
    ledger.commit(actions.change_settings(name="Кубок края"))
    ledger.commit(actions.undo(3))
    ledger.close()
    assert summary(path) == Summary("Кубок города", "mcmahon", 6, 0)


def test_the_start_screens_summary_reads_no_huge_file_whole(tmp_path: Path) -> None:
    """A review: a 3 GB file named ``*.json`` in the data folder was read whole by the start
    screen (a memory error under a limit); its head says it is no tournament."""
    import resource

    from data.store import summary

    huge = tmp_path / "huge.json"
    with open(huge, "wb") as handle:
        handle.truncate(3_000_000_000)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    assert summary(huge) is None
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before < 100_000  # KB: nothing read


def test_a_lone_half_of_a_character_escaped_in_a_reformatted_file_is_damage(tmp_path: Path) -> None:
    """A durability attack: ``\\ud800`` in a file reformatted by hand read as a string, and every
    write after failed with a traceback (the app closed on a result).  Refused as damage when
    read; a character beyond the first 65,536 escaped as its pair is text and opens."""
    path = tmp_path / "t.json"
    new(path).close()
    data = json.loads(path.read_text())
    data["events"]["1"]["note"] = "\ud800"
    path.write_text(json.dumps(data, indent=1))  # ensure_ascii: the escape as written
    before = path.read_bytes()
    with pytest.raises(TournamentFileError, match="damaged or not JSON"):
        Ledger(path, writable=True)
    assert path.read_bytes() == before
    data["events"]["1"]["data"]["name"] = "Кубок \U0001f600"
    del data["events"]["1"]["note"]
    path.write_text(json.dumps(data, indent=1))
    assert "\\ud83d\\ude00" in path.read_text()
    with Ledger(path, writable=True) as ledger:
        assert ledger.state.settings.name == "Кубок \U0001f600"
    deep: list[object] = ["\U0001f600"]
    for _ in range(5000):  # nested deeper than a write could write it back (a review: a traceback)
        deep = [deep]
    assert half_a_character(b'"\\ud83d\\ude00"', deep) and not half_a_character(b'"\\ud83d\\ude00"', ["\U0001f600"])
