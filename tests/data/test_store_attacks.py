"""The tournament file under attack from the disk (issue 12): links, USB sticks, permissions,
planted files, a full disk, damage, and restoring the backup."""

import errno
import fcntl
import os
import stat
import tempfile
import time
from pathlib import Path

import pytest

from data.errors import TournamentFileError
from data.ledger import Ledger
from data.store import OUTPUT_LEFTOVER_AGE, Damaged, TournamentFile, backup_path, restore, write_output
from schemes.log import actions


def new(path: Path) -> Ledger:
    return Ledger.create(path, [actions.create("Cup", "round-robin")])


def register(ledger: Ledger, surname: str = "A") -> None:
    ledger.commit(actions.register(ledger.events, surname=surname, rating=2100))


def test_a_symlinked_file_is_written_through_to_the_real_file(tmp_path: Path) -> None:
    real = tmp_path / "real" / "cup.json"
    real.parent.mkdir()
    new(real).close()
    link = tmp_path / "cup.json"
    link.symlink_to(real)
    with Ledger(link, writable=True) as ledger:
        register(ledger)
        # the lock is the real file's: a writer through the other name is refused
        with pytest.raises(TournamentFileError, match="open for writing"):
            Ledger(real, writable=True)
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert len(Ledger(real).events) == 2 and backup_path(real).exists()
    assert not backup_path(link).exists()


def test_without_hard_links_the_backup_is_a_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_links(*args: object, **kwargs: object) -> None:
        raise OSError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)  # a FAT or exFAT USB stick
    path = tmp_path / "cup.json"
    with new(path) as ledger:
        before = path.read_bytes()
        register(ledger)
        assert backup_path(path).read_bytes() == before
        register(ledger, "B")
    assert len(Ledger(backup_path(path)).events) == 2
    assert not list(tmp_path.glob(".cup.json.*"))


def test_the_file_keeps_its_permissions(tmp_path: Path) -> None:
    path = tmp_path / "cup.json"
    new(path).close()
    path.chmod(0o600)
    with Ledger(path, writable=True) as ledger:
        register(ledger)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(backup_path(path).stat().st_mode) == 0o600


def test_a_planted_symlink_as_the_lock_is_refused_and_not_followed(tmp_path: Path) -> None:
    path = tmp_path / "cup.json"
    new(path).close()
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    (tmp_path / "cup.json.lock").symlink_to(victim)
    with pytest.raises(TournamentFileError, match="symbolic link"):
        Ledger(path, writable=True)
    assert victim.read_text() == "precious"


def test_a_planted_pipe_as_the_lock_is_refused_without_hanging(tmp_path: Path) -> None:
    path = tmp_path / "cup.json"
    new(path).close()
    os.mkfifo(tmp_path / "cup.json.lock")
    with pytest.raises(TournamentFileError, match="not a regular file"):
        Ledger(path, writable=True)


def test_temporary_files_are_unpredictable_and_never_follow_a_planted_link(tmp_path: Path) -> None:
    path = tmp_path / "cup.json"
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    with new(path) as ledger:
        for guess in (f".cup.json.tmp-{os.getpid()}", f".cup.json.bak-{os.getpid()}"):
            (tmp_path / guess).symlink_to(victim)
        register(ledger)
    assert victim.read_text() == "precious"
    assert len(Ledger(path).events) == 2


@pytest.mark.parametrize("left", [".cup.json.tmp-deadbeef", ".cup.json.bak-deadbeef"])
def test_stale_temporary_files_of_dead_writers_are_removed(tmp_path: Path, left: str) -> None:
    """A new state's temporary file, or a backup's new name a kill left before its rename."""
    path = tmp_path / "cup.json"
    new(path).close()
    stale = tmp_path / left
    stale.write_bytes(b"half a write")
    Ledger(path, writable=True).close()
    assert not stale.exists()


def test_a_killed_prints_temporary_file_goes_at_the_next_print_of_that_document(tmp_path: Path) -> None:
    """A print killed mid-write left a hidden ``.NAME.tmp-…`` beside the PDF for good.  The next
    print of the document removes it; one of a print at work this moment (younger than any
    document takes to write: the app and the command line may print it at once) stays."""
    pdf = tmp_path / "round-3.pdf"
    killed, writing = tmp_path / ".round-3.pdf.tmp-deadbeef", tmp_path / ".round-3.pdf.tmp-cafe0001"
    for left in (killed, writing):
        left.write_bytes(b"%PDF half")
    old = time.time() - OUTPUT_LEFTOVER_AGE - 1
    os.utime(killed, (old, old))
    write_output(pdf, b"%PDF whole")
    assert pdf.read_bytes() == b"%PDF whole" and not killed.exists() and writing.exists()
    assert sorted(path.name for path in tmp_path.iterdir()) == [".round-3.pdf.tmp-cafe0001", "round-3.pdf"]
    another = tmp_path / ".cup1-cards.pdf.tmp-cafe0002"  # a name with brackets is no pattern (a review):
    another.write_bytes(b"%PDF half")  # «cup[12]-cards.pdf» took «cup1-cards.pdf»'s for its own
    os.utime(another, (old, old))
    write_output(tmp_path / "cup[12]-cards.pdf", b"%PDF whole")
    assert another.exists()


def test_a_folder_of_a_temporary_files_name_blocks_no_write(tmp_path: Path) -> None:
    path = tmp_path / "cup.json"
    new(path).close()
    (tmp_path / ".cup.json.tmp-planted").mkdir()
    with Ledger(path, writable=True) as ledger:
        register(ledger)
    assert (tmp_path / ".cup.json.tmp-planted").is_dir() and len(Ledger(path).events) == 2


def test_a_backup_that_is_the_file_itself_leaves_no_second_name(tmp_path: Path) -> None:
    """After a write that failed while the old backup's file was being written over,
    ``FILE.bak`` is ``FILE`` itself; renaming a new name of ``FILE`` over it does nothing
    (two names of one file), and each later write left a ``.FILE.bak-…`` behind."""
    path = tmp_path / "cup.json"
    with new(path) as ledger:
        register(ledger)
        backup_path(path).unlink()
        os.link(path, backup_path(path))
        before = path.read_bytes()
        register(ledger, "B")
        register(ledger, "C")
    assert not list(tmp_path.glob(".cup.json.*"))
    assert backup_path(path).read_bytes() != before and len(Ledger(backup_path(path)).events) == 3


@pytest.mark.parametrize("failing", ["fsync", "mkstemp"])
def test_a_full_disk_or_a_read_only_folder_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failing: str
) -> None:
    path = tmp_path / "cup.json"
    with new(path) as ledger:
        register(ledger)
        before, backup = path.read_bytes(), backup_path(path).read_bytes()
        if failing == "fsync":

            def full(fd: int) -> None:
                raise OSError(errno.ENOSPC, "No space left on device")

            monkeypatch.setattr(os, "fsync", full)
        else:

            def read_only(*args: object, **kwargs: object) -> None:
                raise PermissionError(errno.EACCES, "Permission denied")

            monkeypatch.setattr(tempfile, "mkstemp", read_only)  # no new file in the folder
            monkeypatch.setattr(os, "link", read_only)  # nor a new name
        with pytest.raises(TournamentFileError) as refused:
            register(ledger, "B")
        assert "\n" not in str(refused.value)
        assert failing != "fsync" or str(refused.value).endswith("; the file is as it was before")
        assert len(ledger.events) == 2
        monkeypatch.undo()
        # the backup is whole: the state before the last write, or — where the old backup's
        # file was being written over (Linux, a full disk) — the file itself
        reuses = failing == "fsync" and hasattr(fcntl, "F_SETLEASE")
        assert path.read_bytes() == before and backup_path(path).read_bytes() == (before if reuses else backup)
        assert not list(tmp_path.glob(".cup.json.*")), "no temporary file is left behind"
        register(ledger, "C")  # and the next write works
    assert [e.data.get("surname") for e in Ledger(path).events][1:] == ["A", "C"]


def test_a_new_file_the_full_disk_refuses_is_not_said_to_be_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An attack: a ``new`` on a full disk said "the file is as it was before" of a file that
    never was."""

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(TournamentFileError, match=r"\(the disk is full\); nothing was written$"):
        new(tmp_path / "cup.json")
    monkeypatch.undo()
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "damage, message",
    [
        (lambda p: p.unlink(), "no such file"),
        (lambda p: p.write_bytes(b"\x00\xff garbage"), "damaged or not JSON"),
        (lambda p: p.write_text('{"other": {}}'), "not a Tengen tournament file"),
        (lambda p: p.write_text(p.read_text().replace('"tournament_created"', '"nonsense"')), "damaged event log"),
        (lambda p: p.write_text("[" * 100_000 + "]" * 100_000), "damaged or not JSON"),
    ],
)
def test_every_kind_of_damage_names_the_backup_and_how_to_restore_it(tmp_path: Path, damage, message: str) -> None:
    path = tmp_path / "cup.json"
    with new(path) as ledger:
        register(ledger)
    damage(path)
    with pytest.raises(TournamentFileError) as refused:
        Ledger(path).check()
    assert message in str(refused.value)
    assert f"the previous state is in cup.json.bak: tengen restore {path} puts it back" in str(refused.value)


def test_a_damaged_file_whose_backup_does_not_read_either_offers_no_restore(tmp_path: Path) -> None:
    """A review: both emptied by a sync tool, the refusal advised ``tengen restore``, which then
    refused the backup.  It says the backup does not read either; both are left as they are."""
    path = tmp_path / "cup.json"
    with new(path) as ledger:
        register(ledger)
    path.write_bytes(b"")
    backup_path(path).write_bytes(b"{")
    with pytest.raises(TournamentFileError) as refused:
        Ledger(path).check()
    assert str(refused.value) == (
        f"{path}: not a Tengen tournament (damaged or not JSON); its backup cup.json.bak does not read either: "
        "nothing to put back"
    )
    assert path.read_bytes() == b"" and backup_path(path).read_bytes() == b"{"


def test_restore_puts_the_backup_back_and_keeps_the_damaged_file(tmp_path: Path) -> None:
    path = tmp_path / "cup.json"
    with new(path) as ledger:
        register(ledger)
        register(ledger, "B")
    path.write_bytes(b"{ broken")
    restore(path)
    assert len(Ledger(path).events) == 2
    assert (tmp_path / "cup.json.damaged").read_bytes() == b"{ broken"


def test_a_restore_that_cannot_write_leaves_no_damaged_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An attack on a nearly full disk: ``restore`` said the file was as it was before, and
    left ``FILE.damaged`` beside it all the same."""
    import data.store

    path = tmp_path / "cup.json"
    with new(path) as ledger:
        register(ledger)
    path.write_bytes(b"{ broken")
    real = data.store.write_atomically

    def full_for_the_file(target: Path, payload: bytes, keep_backup: bool = True) -> object:
        if target == path:
            raise TournamentFileError("{path}: cannot write it (no space left)", path=target)
        return real(target, payload, keep_backup)

    monkeypatch.setattr(data.store, "write_atomically", full_for_the_file)
    with pytest.raises(TournamentFileError, match="no space left"):
        restore(path)
    assert path.read_bytes() == b"{ broken" and sorted(p.name for p in tmp_path.iterdir()) == [
        "cup.json",
        "cup.json.bak",
    ]


@pytest.mark.parametrize("links", [True, False])
def test_a_damaged_file_too_big_to_read_is_restored_without_reading_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, links: bool
) -> None:
    """An attack: a file grown to 40 GB (a broken FAT entry) was refused as too big without a word
    of its backup, and ``restore`` read it whole to keep it (MemoryError).  It is damage, its
    backup named; restored, it is kept under a second name, or moved aside where the file system
    has one name per file (FAT), never read."""
    import data.store

    path = tmp_path / "cup.json"
    with new(path) as ledger:
        register(ledger)
    with open(path, "r+b") as grown:
        grown.truncate(data.store.TOURNAMENT_LIMIT + 1)  # sparse: nothing is written
    with pytest.raises(TournamentFileError) as refused:
        Ledger(path).check()
    assert str(refused.value) == (f"{path}: 101 MB, too big for a tournament file (at most 100 MB); the previous "
                                  f"state is in cup.json.bak: tengen restore {path} puts it back")  # fmt: skip
    if not links:
        monkeypatch.setattr(os, "link", lambda *args, **kwargs: (_ for _ in ()).throw(OSError(1, "one name per file")))
    monkeypatch.setattr(Path, "read_bytes", lambda self: _refuse_big(self, data.store.TOURNAMENT_LIMIT))
    assert restore(path) == tmp_path / "cup.json.damaged"
    assert (tmp_path / "cup.json.damaged").stat().st_size == data.store.TOURNAMENT_LIMIT + 1
    assert len(Ledger(path).events) == 1


def _refuse_big(path: Path, limit: int) -> bytes:
    """``Path.read_bytes``, failing as a file of gigabytes would (not read whole)."""
    if path.stat().st_size > limit:
        raise MemoryError
    with open(path, "rb") as handle:
        return handle.read()


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root to give a file to another user")
def test_an_entry_written_as_root_leaves_the_file_its_owners(tmp_path: Path) -> None:
    """An attack: one ``sudo tengen result …`` made the referee's file root's, and his next
    entry was refused for want of permission."""
    path = tmp_path / "cup.json"
    new(path).close()
    os.chown(path, 65534, 65534)
    with Ledger(path, writable=True) as ledger:
        register(ledger)
    status = os.stat(path)
    assert (status.st_uid, status.st_gid) == (65534, 65534) and len(Ledger(path).events) == 2


@pytest.mark.parametrize("pipe_at", ["cup.json", "cup.json.bak"])
def test_restore_refuses_a_pipe_in_place_of_the_file_or_its_backup(tmp_path: Path, pipe_at: str) -> None:
    """An attack: a pipe named as the tournament held ``restore`` for ever (the other commands
    refused it in one line), and ``/dev/zero`` linked there filled the memory."""
    path = tmp_path / "cup.json"
    with new(path) as ledger:
        register(ledger)
    (tmp_path / pipe_at).unlink()
    os.mkfifo(tmp_path / pipe_at)
    with pytest.raises(TournamentFileError, match="a device or a pipe, not a file"):
        restore(path)
    assert stat.S_ISFIFO(os.stat(tmp_path / pipe_at).st_mode) and not (tmp_path / "cup.json.damaged").exists()


@pytest.mark.parametrize("failing", ["the folder's sync", "the lock's removal"])
def test_an_entry_saved_is_not_said_to_have_failed_when_what_follows_the_rename_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failing: str
) -> None:
    """An attack: the folder unopenable for its sync after the rename (a folder without read
    permission, a failing stick), or the lock's removal failing, made a saved entry a refusal
    (exit 2), and an ``undo`` typed again undid two events.  The next writer takes the lock."""
    import data.lock
    import data.store

    path = tmp_path / "cup.json"
    new(path).close()
    real_open, real_unlink = os.open, Path.unlink

    def no_folder(name: object, flags: int, *rest: object) -> int:
        if Path(str(name)) == tmp_path:
            raise OSError(errno.EACCES, "Permission denied")
        return real_open(name, flags, *rest)  # type: ignore[arg-type]

    def no_lock_removal(self: Path, missing_ok: bool = False) -> None:
        if self.name.endswith(".lock"):
            raise OSError(errno.EIO, "Input/output error")
        real_unlink(self, missing_ok)

    if failing == "the folder's sync":
        monkeypatch.setattr(data.store.os, "open", no_folder)
    else:
        monkeypatch.setattr(data.lock.Path, "unlink", no_lock_removal)
    with Ledger(path, writable=True) as ledger:
        register(ledger)
    monkeypatch.undo()
    with Ledger(path, writable=True) as ledger:
        assert len(ledger.events) == 2
        register(ledger, "B")
    assert len(Ledger(path).events) == 3


def test_a_file_that_cannot_be_opened_closes_its_lock(tmp_path: Path) -> None:
    path = tmp_path / "cup.json"
    path.write_text("not json")
    with pytest.raises(TournamentFileError):
        TournamentFile(path, writable=True)
    assert not (tmp_path / "cup.json.lock").exists()


needs_leases = pytest.mark.skipif(not hasattr(fcntl, "F_SETLEASE"), reason="needs Linux's file leases")


def inode(path: Path) -> int:
    return path.stat(follow_symlinks=False).st_ino


@needs_leases
def test_the_old_backups_file_is_written_over_with_the_new_state(tmp_path: Path) -> None:
    """The file two states back (``FILE.bak``'s) becomes the new state: its pages are in
    memory, a new file's are not.  The backup is always the state before, both whole."""
    path = tmp_path / "cup.json"
    with new(path) as ledger:
        register(ledger)
        states = [backup_path(path).read_bytes(), path.read_bytes()]
        older, newer = inode(backup_path(path)), inode(path)
        register(ledger, "B")
        assert (inode(path), inode(backup_path(path))) == (older, newer)
        assert backup_path(path).read_bytes() == states[1]
    assert [e.data.get("surname") for e in Ledger(path).events][1:] == ["A", "B"]
    assert not list(tmp_path.glob(".cup.json.*")), "no temporary file is left behind"


@needs_leases
@pytest.mark.parametrize("holder", ["a reader", "another name", "a symlink"])
def test_a_backup_someone_else_holds_is_never_written_over(tmp_path: Path, holder: str) -> None:
    """A reader of the old backup (a sync tool uploading it, a copy under way), a hard link
    the user made to it, or a link planted in its place: each keeps what it holds, and the
    new state is a new file."""
    path, victim = tmp_path / "cup.json", tmp_path / "victim.json"
    with new(path) as ledger:
        register(ledger)
        backup = backup_path(path)
        held = backup.read_bytes()
        reader = None
        if holder == "a reader":
            reader = backup.open("rb")
        elif holder == "another name":
            os.link(backup, victim)
        else:
            victim.write_bytes(held)
            backup.unlink()
            backup.symlink_to(victim)
        watched = inode(victim) if holder != "a reader" else inode(backup)
        register(ledger, "B")
        assert inode(path) != watched
        if reader is not None:
            assert reader.read() == held
            reader.close()
        else:
            assert victim.read_bytes() == held
        assert not backup.is_symlink() and Ledger(backup).events[-1].data["surname"] == "A"
    assert not list(tmp_path.glob(".cup.json.*"))


@needs_leases
def test_the_lease_is_let_go_before_the_old_backup_is_written(tmp_path: Path) -> None:
    """The write lease only asks whether anyone else holds the old backup: held while the file
    is written, a sync tool opening the new name would break it, and the break's signal
    (SIGIO) ends the process that holds it."""
    from data import store

    path = tmp_path / "cup.json"
    with new(path) as ledger:
        register(ledger)
    found = store._old_backup(path)
    assert found is not None
    fd, name = found
    try:
        assert fcntl.fcntl(fd, fcntl.F_GETLEASE) == fcntl.F_UNLCK
        with name.open("rb"):  # another opening: nothing to break, nobody waits
            pass
    finally:
        os.close(fd)
        name.unlink()


def test_a_table_after_the_events_takes_no_append(tmp_path: Path) -> None:
    """A file edited by hand so that a second "meta" follows the events: JSON keeps the
    tables' first order, so it looked like this program's own form, and the next event went
    into the trailing table — printed as written, gone at the next reading."""
    path = tmp_path / "cup.json"
    with new(path) as ledger:
        register(ledger)
    raw = path.read_bytes()
    path.write_bytes(raw[:-1] + b',"meta":{"1":{"format":"tengen-tournament","version":1}}}')
    with Ledger(path, writable=True) as ledger:
        register(ledger, "B")
    assert [e.data.get("surname") for e in Ledger(path).events][1:] == ["A", "B"]


@needs_leases
def test_only_the_new_events_are_written_over_an_earlier_state(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The old backup's file holds an earlier state of the same log: its bytes up to its
    closing braces are the new state's already, so only what follows is written and synced;
    a backup edited by hand in its middle (the same length: only its bytes tell) is written
    over whole, and the new state is the log's, not the edit's."""
    from data import store

    starts: list[int] = []
    write = store._write_fd
    monkeypatch.setattr(
        store, "_write_fd", lambda fd, payload, start=0: starts.append(start) or write(fd, payload, start)
    )
    path = tmp_path / "cup.json"
    with new(path) as ledger:
        register(ledger)
        register(ledger, "B")
        earlier = backup_path(path).read_bytes()
        register(ledger, "C")
        assert starts[-1] == len(earlier) - 2 > 0
        backup = backup_path(path)
        backup.write_bytes(backup.read_bytes().replace(b'"A"', b'"Z"'))  # in place: the same file
        register(ledger, "D")
        assert starts[-1] == 0
    assert [e.data.get("surname") for e in Ledger(path).events][1:] == ["A", "B", "C", "D"]


@pytest.mark.parametrize("name", ["esc\x1b[31mred.json", "new\nline.json", "tab\t.json"])
def test_a_new_tournaments_name_with_a_control_character_is_refused(tmp_path: Path, name: str) -> None:
    """A durability attack: ``tengen new`` and ``import`` made files named ``esc\\x1b[31m…``, whose
    name then drew on the terminal of every listing, where ``-o`` refused such a name."""
    from schemes.log import actions

    with pytest.raises(TournamentFileError, match="the file name holds control characters"):
        Ledger.create(tmp_path / name, [actions.create("Cup", "gamma", 3)])
    assert list(tmp_path.iterdir()) == []
    Ledger.create(
        tmp_path / "кубок\u00a0осени.json", [actions.create("Cup", "gamma", 3)]
    ).close()  # a no-break space is fine


def test_a_name_going_up_from_a_link_is_the_file_the_system_reads(tmp_path: Path) -> None:
    """A durability attack: ``other/L/../t.json``, ``L`` a link to ``real/sub``, is
    ``real/t.json`` to the system (``cat`` read it), and the entry went to ``other/t.json``."""
    from data.service import Service
    from schemes.log import actions

    (tmp_path / "real" / "sub").mkdir(parents=True)
    (tmp_path / "other").mkdir()
    for folder in ("real", "other"):
        Ledger.create(tmp_path / folder / "t.json", [actions.create("Cup", "round-robin")]).close()
    (tmp_path / "other" / "L").symlink_to(tmp_path / "real" / "sub")
    other = (tmp_path / "other" / "t.json").read_bytes()
    with Service(tmp_path / "other" / "L" / ".." / "t.json", writable=True) as service:
        service.commit(actions.register(service.events, surname="Иванов", name="И", rank="1k"))
        assert service.path == tmp_path / "real" / "t.json"  # where its papers, pages and hall go (a review)
    assert (tmp_path / "other" / "t.json").read_bytes() == other
    assert len(TournamentFile(tmp_path / "real" / "t.json").events) == 2


def test_an_older_copy_put_in_the_files_place_keeps_the_newer_backup(tmp_path: Path) -> None:
    """An attack: an older copy put back over the file (a stick, a sync tool's previous version)
    was written to at the next command, which kept it as the backup: the backup's newer entry
    was gone for good, without a word.  The write is refused naming what the backup holds,
    reading still works, and ``restore`` puts the newer state back; a longer backup of another
    tournament (linked by hand) is no reason to refuse."""
    path = tmp_path / "cup.json"
    ledger = new(path)
    register(ledger, "A")
    older = path.read_bytes()
    register(ledger, "B")
    register(ledger, "C")
    ledger.close()
    path.write_bytes(older)  # the backup holds B, the file neither B nor C
    backup = backup_path(path).read_bytes()
    with pytest.raises(Damaged, match=r"cup.json.bak holds 1 entry it lacks, the last: player 2 registered: B "):
        Ledger(path, writable=True)
    assert (path.read_bytes(), backup_path(path).read_bytes()) == (older, backup)  # both untouched
    assert len(Ledger(path).events) == 2  # read as it is
    restore(path)
    with Ledger(path, writable=True) as ledger:
        register(ledger, "D")
        assert [e.data.get("surname") for e in ledger.events][1:] == ["A", "B", "D"]
    other = tmp_path / "other.json"
    ledger = Ledger.create(other, [actions.create("Another cup", "round-robin")])
    for surname in "EFGH":
        register(ledger, surname)
    ledger.close()
    backup_path(path).unlink()
    os.link(other, backup_path(path))  # longer, and not this tournament's
    with Ledger(path, writable=True) as ledger:
        register(ledger, "I")
    assert len(Ledger(other).events) == 5


def test_a_sync_tools_copy_holding_entries_the_file_lacks_is_named(tmp_path: Path) -> None:
    """An attack: a folder synced between two laptops (no lock travels) left one laptop's
    results in «cup (… conflicted copy …).json» or «cup.sync-conflict-….json», and the file
    opened without a word.  Each copy with entries the file lacks is named with their count
    and the last; a copy with nothing new, another tournament's, a file not a tournament and
    another tournament's copies are not."""
    from data.store import sync_copies

    path = tmp_path / "[cup].json"  # glob's characters in the name are the name's
    ledger = new(path)
    register(ledger, "A")
    common = path.read_bytes()
    register(ledger, "B")
    dropbox = tmp_path / "[cup] (Судья's conflicted copy 2026-12-07).json"
    dropbox.write_bytes(path.read_bytes())  # nothing the file lacks
    register(ledger, "C")
    ledger.close()
    syncthing = tmp_path / "[cup].sync-conflict-20261207-072700-ABCDEFG.json"
    syncthing.write_bytes(common)
    with Ledger(syncthing, writable=True) as other:
        register(other, "X")
        register(other, "Y")
    (tmp_path / "[cup].sync-conflict-20261207-080000-ABCDEFG.json").write_text("not a tournament")
    Ledger.create(tmp_path / "[cup] (conflicted copy 2).json", [actions.create("Another", "round-robin")]).close()
    Ledger.create(tmp_path / "cup.sync-conflict-1.json", [actions.create("Cup", "round-robin")]).close()
    events = Ledger(path).events
    assert [str(notice) for notice in sync_copies(path, lambda: events)] == [
        "a copy a sync tool made beside it, [cup].sync-conflict-20261207-072700-ABCDEFG.json, holds 2 entries this "
        "file lacks, the last: player 3 registered: Y: open it to see them, enter them here, then remove the copy"
    ]
    assert sync_copies(tmp_path / "alone.json", lambda: pytest.fail("no copy: the log is not read")) == []


def test_a_sync_tools_copys_entry_typed_again_here_is_no_longer_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A review: an entry of the copy typed again in the file (at another time) left the notice
    for good: what an entry does is compared, not when it was made."""
    from data.store import sync_copies

    path = tmp_path / "cup.json"
    new(path).close()
    copy = tmp_path / "cup.sync-conflict-20261207-072700-ABCDEFG.json"
    copy.write_bytes(path.read_bytes())
    with Ledger(copy, writable=True) as other:
        other.commit(actions.change_settings(place="Томск"))
    assert len(sync_copies(path, lambda: Ledger(path).events)) == 1
    monkeypatch.setattr("data.ledger.now", lambda: "2026-12-07T10:00:00+00:00")  # typed here later
    with Ledger(path, writable=True) as ledger:
        ledger.commit(actions.change_settings(place="Томск"))
    assert sync_copies(path, lambda: Ledger(path).events) == []


def test_a_halls_file_shorter_than_its_backup_is_not_taken_for_an_older_copy(tmp_path: Path) -> None:
    """A review: a hall's merge leaves out a laptop's entries the others refused (its results
    on a round undone meanwhile, kept in the hall's repository), the backup then longer than
    the file; taken for an older copy put in its place, every later command was refused, and
    a restore brought them back only for the next sync to drop them again."""
    from dataclasses import replace

    from schemes.state.origin import Origin

    made = tmp_path / "made.json"
    with new(made) as ledger:
        register(ledger, "A")
        register(ledger, "B")
    signed = [replace(event, origin=Origin("a" * 32, number)) for number, event in enumerate(Ledger(made).events, 1)]
    path = tmp_path / "cup.json"
    TournamentFile.create(tmp_path / "merged.json", signed).close()  # the laptop's own entry B as well
    TournamentFile.create(path, signed[:2]).close()  # the merge left B out
    os.replace(tmp_path / "merged.json", backup_path(path))
    TournamentFile(path, writable=True).close()  # not refused


@pytest.mark.parametrize(
    "name",
    [
        "cup (Судья's conflicted copy 2026-12-07).json",  # Dropbox, Nextcloud, OneDrive
        "cup.sync-conflict-1-2-ABC.json",  # Syncthing
        "cup (2).json",  # Yandex.Disk, Google Drive, OneDrive
        "cup(12).json",  # Yandex.Disk
        "cup 2.json",  # iCloud
        "cup 12.json",  # iCloud
    ],
)
def test_a_sync_tools_copy_opened_itself_says_whose_it_is(tmp_path: Path, name: str) -> None:
    """A trial opened the copy the notice named, typed into it, and nothing said it was not the
    tournament; a copy whose original is gone is a tournament like any other."""
    from data.store import sync_copies

    path = tmp_path / "cup.json"
    new(path).close()
    copy = tmp_path / name
    copy.write_bytes(path.read_bytes())
    assert [str(n) for n in sync_copies(copy, lambda: Ledger(copy).events)] == [
        "this file is a copy a sync tool made of cup.json: enter what it holds there, not here"
    ]
    path.unlink()
    assert sync_copies(copy, lambda: Ledger(copy).events) == []


@pytest.mark.parametrize("name", ["cup 2.json", "cup (2).json", "cup 2026.json", "cup (final).json"])
def test_a_numbered_name_of_another_tournament_is_no_copy(tmp_path: Path, name: str) -> None:
    """Yandex.Disk's and iCloud's copies are only numbered, and so is the referee's own
    «Кубок 2» beside «Кубок»: another tournament, opened or beside, is never said to be a
    copy, nor is a name no tool gives (a year, a word)."""
    from data.store import sync_copies, sync_copy_of

    path = tmp_path / "cup.json"
    with new(path) as ledger:
        register(ledger, "A")
    other = tmp_path / name
    Ledger.create(other, [actions.create("Cup 2", "round-robin")]).close()
    assert sync_copy_of(other) is None
    assert sync_copies(other, lambda: Ledger(other).events) == []
    assert sync_copies(path, lambda: Ledger(path).events) == []
    other.write_bytes(path.read_bytes())  # now a copy of it, one entry further
    with Ledger(other, writable=True) as ledger:
        register(ledger, "B")
    numbered = name in ("cup 2.json", "cup (2).json")
    assert (sync_copy_of(other) == path) is numbered
    assert len(sync_copies(path, lambda: Ledger(path).events)) == numbered
