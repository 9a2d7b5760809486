"""What others do to a tournament file while its writer holds it: the app holds one for hours,
and an attack found each of these written over without a word."""

import errno
import fcntl
import json
import os
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

import data.lock
from data import store
from data.errors import FileLocked, TournamentFileError, os_reason
from data.ledger import Ledger
from data.lock import WriterLock, lock_path
from data.store import ChangedOutside, TournamentFile, backup_path
from schemes.log import actions


def new(path: Path, name: str = "Cup") -> Ledger:
    return Ledger.create(path, [actions.create(name, "round-robin")])


def register(ledger: Ledger, surname: str = "A") -> None:
    ledger.commit(actions.register(ledger.events, surname=surname, rating=2100))


def surnames(path: Path) -> list[str]:
    with Ledger(path) as reading:
        return sorted(p.surname for p in reading.state.players.values())


def test_another_tournament_moved_in_is_not_written_over(tmp_path: Path) -> None:
    path, other = tmp_path / "cup.json", tmp_path / "other.json"
    new(other, "Other").close()
    with new(path) as ledger:
        register(ledger)
        shutil.copyfile(other, tmp_path / "moved")
        os.replace(tmp_path / "moved", path)
        before = path.read_bytes()
        with pytest.raises(ChangedOutside, match="changed by another program"):
            register(ledger, "B")
        assert path.read_bytes() == before
    assert Ledger(path).state.settings.name == "Other"


def test_an_older_copy_put_back_names_the_entries_it_lacks(tmp_path: Path) -> None:
    """An attack: a sync tool put an older copy of the file back while the app held it; the
    next entry was refused («open it again»), and reopened the board was empty without a
    word.  The refusal names how many entries the file lacks and the last one, to type again;
    another tournament put in its place is named; a file that no longer reads is said so."""
    path = tmp_path / "cup.json"
    with new(path) as ledger:
        register(ledger, "A")
        older = path.read_bytes()
        register(ledger, "B")
        register(ledger, "C")
        path.write_bytes(older)
        with pytest.raises(ChangedOutside) as refused:
            register(ledger, "D")
        assert str(refused.value) == (
            f"{path} was changed by another program since it was opened here: nothing was written; it lacks 2 "
            "entries made before, the last: player 3 registered: C; open it again and enter them anew"
        )
        other = tmp_path / "other.json"
        new(other, "Other").close()
        path.write_bytes(other.read_bytes())  # another tournament: nothing to type into it (a review)
        with pytest.raises(ChangedOutside) as refused:
            register(ledger, "D")
        assert str(refused.value) == (
            f"{path} was changed by another program and holds another tournament now (Other): nothing was written"
        )
        path.write_bytes(b"")  # a sync tool emptied it: the backup, one entry behind, is the way back
        with pytest.raises(ChangedOutside) as refused:
            register(ledger, "D")
        assert str(refused.value) == (
            f"{path} was changed by another program and no longer reads as a tournament: nothing was written; its "
            f"backup {backup_path(path)} lacks entries made here (1), the last: player 3 registered: C; open the file "
            "again to put the backup back, then enter them anew"
        )
        backup_path(path).write_bytes(other.read_bytes())  # not this tournament's: what is open can be exported
        with pytest.raises(ChangedOutside, match="no longer reads as a tournament: nothing was written; what is open"):
            register(ledger, "D")
    assert path.read_bytes() == b""


def test_a_file_emptied_under_the_writer_names_a_backup_holding_every_entry(tmp_path: Path) -> None:
    path = tmp_path / "cup.json"
    with new(path) as ledger:
        register(ledger, "A")
        register(ledger, "B")
        os.link(path, tmp_path / "kept")
        path.unlink()
        (tmp_path / "kept").rename(backup_path(path))  # the backup: the file as it is now
        path.write_bytes(b"\x00" * 10)
        with pytest.raises(ChangedOutside) as refused:
            register(ledger, "C")
    assert str(refused.value) == (
        f"{path} was changed by another program and no longer reads as a tournament: nothing was written; its "
        f"backup {backup_path(path)} holds every entry made here: open the file again to put it back"
    )
    assert path.read_bytes() == b"\x00" * 10


def test_a_copy_written_in_place_within_a_whole_second_is_not_written_over(tmp_path: Path) -> None:
    """An attack on an exFAT stick (file times of whole seconds through FUSE, two on FAT): a
    copy of the same size written in place (``cp`` keeps the inode) within the second the app
    saw left the file's record as it was, and the app's next entry wrote over it.  Where the
    time has no fraction, the bytes decide."""
    path = tmp_path / "cup.json"
    with new(path) as ledger:
        register(ledger, "A")
    whole = (os.stat(path).st_mtime_ns // 1_000_000_000) * 1_000_000_000
    os.utime(path, ns=(whole, whole))  # as the stick keeps it
    with Ledger(path, writable=True) as app:
        seen = os.stat(path)
        theirs = path.read_bytes().replace(b'"A"', b'"B"')
        with open(path, "r+b") as in_place:  # cp: the same file, the same size
            in_place.write(theirs)
        os.utime(path, ns=(seen.st_atime_ns, seen.st_mtime_ns))  # within the same second
        assert store.identity(os.stat(path)) == store.identity(seen)  # the record says nothing changed
        with pytest.raises(ChangedOutside):
            register(app, "C")
    assert path.read_bytes() == theirs


def test_a_writer_that_removed_the_lock_is_not_written_over(tmp_path: Path) -> None:
    path = tmp_path / "cup.json"
    with new(path) as app:
        register(app)
        lock_path(path).unlink()  # someone "unlocked" it by hand
        with Ledger(path, writable=True) as command_line:
            register(command_line, "Command")
        with pytest.raises(ChangedOutside):
            register(app, "App")
    assert surnames(path) == ["A", "Command"]


def test_a_new_copy_of_the_same_bytes_is_written_on(tmp_path: Path) -> None:
    """A sync tool may put the very same bytes back as a new file: nothing was lost, the next
    entry goes on (the bytes decide, not the inode)."""
    path = tmp_path / "cup.json"
    with new(path) as ledger:
        register(ledger)
        shutil.copyfile(path, tmp_path / "same")
        os.replace(tmp_path / "same", path)
        register(ledger, "B")
    assert surnames(path) == ["A", "B"]


def test_a_stick_taken_out_is_no_new_file_under_its_folder(tmp_path: Path) -> None:
    stick = tmp_path / "stick"
    stick.mkdir()
    path = stick / "cup.json"
    with new(path) as ledger:
        register(ledger)
        for name in os.listdir(stick):  # the folder left bare, as a mount point is
            (stick / name).unlink()
        with pytest.raises(TournamentFileError, match="no longer there"):
            register(ledger, "B")
    assert not path.exists()


def test_a_hard_link_is_not_made_a_second_tournament(tmp_path: Path) -> None:
    path, link = tmp_path / "cup.json", tmp_path / "copy.json"
    with new(path) as ledger:
        register(ledger)
        os.link(path, link)
        before = path.read_bytes()
        with pytest.raises(TournamentFileError, match="hard link"):
            register(ledger, "B")
    with pytest.raises(TournamentFileError, match="hard link"), Ledger(link, writable=True) as through_the_link:
        register(through_the_link, "C")
    assert path.read_bytes() == link.read_bytes() == before
    assert os.stat(path).st_ino == os.stat(link).st_ino


def test_the_backup_a_crash_left_as_the_file_itself_is_no_hard_link_of_the_referee(tmp_path: Path) -> None:
    path = tmp_path / "cup.json"
    new(path).close()
    os.link(path, backup_path(path))  # killed between keeping the backup and renaming the new state
    with Ledger(path, writable=True) as ledger:
        register(ledger)
    assert surnames(path) == ["A"]


def test_a_read_only_file_stays_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "cup.json"
    with new(path) as ledger:
        register(ledger)
        path.chmod(0o444)
        before = path.read_bytes()
        with pytest.raises(TournamentFileError, match="read-only"):
            register(ledger, "B")
    assert path.read_bytes() == before and os.stat(path).st_mode & 0o777 == 0o444


def test_a_file_the_user_may_not_write_stays_as_it_is(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Another user's 644 file in a folder anyone may write: the folder allowed the rename,
    and the file became the writer's."""
    path = tmp_path / "cup.json"
    with new(path) as ledger:
        register(ledger)
        before = path.read_bytes()
        monkeypatch.setattr(os, "access", lambda where, mode: not (Path(where) == path and mode == os.W_OK))
        with pytest.raises(TournamentFileError, match="no permission to write it"):
            register(ledger, "B")
    assert path.read_bytes() == before


def test_a_disk_made_read_only_is_said_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A stick the kernel remounts read-only after an error, while the app holds its file: the
    disk is said, not «no permission»."""
    path = tmp_path / "cup.json"
    with new(path) as ledger:
        register(ledger)
        before = path.read_bytes()
        real = os.statvfs(tmp_path)
        read_only = os.statvfs_result((*real[:8], real.f_flag | os.ST_RDONLY, real.f_namemax))
        monkeypatch.setattr(os, "statvfs", lambda where: read_only)
        with pytest.raises(TournamentFileError, match=r"cannot write it \(the disk is read-only\)"):
            register(ledger, "B")
    assert path.read_bytes() == before


def test_a_folder_that_refuses_the_lock_names_the_tournament_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A trial on a read-only stick was told «cup.json.lock: cannot write…», a file it never
    heard of: the refusal names the tournament's file, and the folder."""
    path = tmp_path / "cup.json"
    new(path).close()
    real = os.open

    def refusing(where: object, *args: object, **options: object) -> int:
        if str(where).endswith(".lock"):
            raise OSError(errno.EROFS, "Read-only file system")
        return real(where, *args, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "open", refusing)
    with pytest.raises(TournamentFileError) as refused:
        Ledger(path, writable=True)
    assert str(refused.value) == f"{path}: cannot write in {tmp_path} (the disk is read-only)"


def test_a_disk_that_locks_no_files_is_said_and_leaks_no_lock(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An attack: a folder whose disk locks no files (a network share without its lock service:
    ENOLCK) crashed the app with a traceback as it opened the tournament, and the command line
    said «No locks available» in English.  One line naming the file, the lock's descriptor
    closed, the file as it was."""
    path = tmp_path / "cup.json"
    new(path).close()
    before = path.read_bytes()
    opened: list[int] = []
    real_open = os.open

    def recording(where: object, *args: object, **options: object) -> int:
        fd = real_open(where, *args, **options)  # type: ignore[arg-type]
        opened.append(fd)
        return fd

    def no_locks(fd: int, operation: int) -> None:
        raise OSError(errno.ENOLCK, "No locks available")

    monkeypatch.setattr(os, "open", recording)
    monkeypatch.setattr(fcntl, "flock", no_locks)
    with pytest.raises(TournamentFileError) as refused:
        Ledger(path, writable=True)
    assert str(refused.value) == (
        f"{path}: cannot lock it for writing (the disk locks no files, a network folder?); "
        "copy it to the laptop's own disk"
    )
    assert path.read_bytes() == before
    for fd in opened:
        with pytest.raises(OSError, match="Bad file descriptor"):
            os.fstat(fd)
    assert not lock_path(path).exists()  # no empty lock left beside it (a review)


def test_a_huge_file_is_refused_before_it_is_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "cup.json"
    new(path).close()
    monkeypatch.setattr(store, "TOURNAMENT_LIMIT", 200)
    with pytest.raises(TournamentFileError, match=r"1 MB, too big for a tournament file \(at most 0 MB\)"):
        Ledger(path)


def test_a_folder_in_the_backups_place_is_named(tmp_path: Path) -> None:
    path = tmp_path / "cup.json"
    with new(path) as ledger:
        backup_path(path).mkdir()
        before = path.read_bytes()
        with pytest.raises(TournamentFileError, match=r"cup\.json\.bak is a folder: .* rename the folder"):
            register(ledger)
    assert path.read_bytes() == before


def test_a_lock_that_is_a_hard_link_of_another_file_leaves_it_alone(tmp_path: Path) -> None:
    path, other = tmp_path / "cup.json", tmp_path / "other.json"
    new(path).close()
    new(other, "Other").close()
    before = other.read_bytes()
    os.link(other, lock_path(path))
    with pytest.raises(TournamentFileError, match=r"hard link\) of some file: remove .*cup\.json\.lock"):
        Ledger(path, writable=True)
    assert other.read_bytes() == before


@pytest.fixture
def foreign_lock(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A lock file of another user's Tengen, which this one may read but not write."""
    path = tmp_path / "cup.json"
    new(path).close()
    lock_path(path).write_text(json.dumps({"pid": 4321, "host": "desk", "command": "tengen cup.json", "merge": False}))
    real_open = os.open

    def other_users(where: object, flags: int, *mode: int) -> int:
        if Path(str(where)) == lock_path(path) and flags & os.O_RDWR and lock_path(path).exists():
            raise PermissionError(errno.EACCES, "Permission denied")
        return real_open(where, flags, *mode)  # type: ignore[arg-type]

    monkeypatch.setattr(data.lock.os, "open", other_users)
    return path


def test_another_users_lock_of_an_ended_program_is_taken_over(foreign_lock: Path) -> None:
    with Ledger(foreign_lock, writable=True) as ledger:
        register(ledger)
        assert json.loads(lock_path(foreign_lock).read_text())["pid"] == os.getpid()
    assert surnames(foreign_lock) == ["A"]


def test_another_users_running_program_is_named(foreign_lock: Path) -> None:
    held = os.open(lock_path(foreign_lock), os.O_RDONLY)
    try:
        fcntl.flock(held, fcntl.LOCK_EX)
        with pytest.raises(FileLocked, match=r"process 4321 on desk \(tengen cup\.json\)"):
            WriterLock(foreign_lock).acquire()
    finally:
        os.close(held)


def test_another_users_lock_that_cannot_be_removed_says_so(foreign_lock: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def sticky(self: Path, missing_ok: bool = False) -> None:
        raise PermissionError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(Path, "unlink", sticky)
    with pytest.raises(TournamentFileError, match="left by another user's program, which has ended: remove it"):
        WriterLock(foreign_lock).acquire()


def test_a_lock_this_user_may_not_open_is_named_not_its_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An attack: a lock file another user made and left unreadable to this one was blamed on the
    folder («нельзя записать в …/dD (нет прав)»), which was writable."""
    path = tmp_path / "cup.json"
    new(path).close()
    lock_path(path).write_text("")
    real_open = os.open

    def unreadable(where: object, flags: int, *mode: int) -> int:
        if Path(str(where)) == lock_path(path):
            raise PermissionError(errno.EACCES, "Permission denied")
        return real_open(where, flags, *mode)  # type: ignore[arg-type]

    monkeypatch.setattr(data.lock.os, "open", unreadable)
    with pytest.raises(TournamentFileError) as refused:
        WriterLock(path).acquire()
    assert str(refused.value) == f"{path}: cannot open its lock {lock_path(path)} (no permission)"


@pytest.mark.parametrize(
    ("number", "system", "words"),
    [
        (errno.ENOTCONN, "Transport endpoint is not connected", "the disk is gone (a stick taken out?)"),
        (errno.ENXIO, "No such device or address", "it is no file but a socket or a device"),  # an attack's
        (errno.ELOOP, "Too many levels of symbolic links", "its links lead round in a loop"),
    ],
)
def test_what_the_system_says_in_english_is_said_in_the_catalogues_words(number: int, system: str, words: str) -> None:
    """A stick whose driver died, a socket opened as a file, links in a loop: Python's English
    words were said in a Russian app."""
    assert str(os_reason(OSError(number, system))) == words


def test_every_kind_of_write_checks_the_file(tmp_path: Path) -> None:
    """Every write of a writable file checks it: the append of a file in another form (rewritten
    whole through TinyDB) and a hall's rewrite too."""
    path = tmp_path / "cup.json"
    new(path).close()
    path.write_text(json.dumps(json.loads(path.read_text()), indent=2))  # a hand-edited form
    opened = TournamentFile(path, writable=True)
    try:
        path.write_text(path.read_text() + " ")  # an editor saved it meanwhile
        with pytest.raises(ChangedOutside):
            opened.append(replace(opened.events[0], id=2))
        with pytest.raises(ChangedOutside):
            opened.rewrite(opened.events)
    finally:
        opened.close()
