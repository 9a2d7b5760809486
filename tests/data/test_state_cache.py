"""The state cache is a shortcut to what replaying gives, and never anything else."""

import hashlib
import json
import os
import pickle
import random
import shutil
import stat
import threading
from collections.abc import Callable
from dataclasses import fields
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from data import state_cache
from data.errors import TournamentFileError
from data.ledger import Ledger
from data.store import TournamentFile
from schemes.errors import InvalidEvent
from schemes.log import actions
from schemes.log.history import undo_target
from schemes.log.replay import replay
from schemes.state.model import Player


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every log is worth keeping, in a cache folder of the test's own."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("XDG_CACHE_HOME", str(folder))
    monkeypatch.setattr(state_cache, "WORTH_KEEPING", 1)
    return folder / "tengen"


def played(path: Path, players: int = 6, cached: bool = True) -> None:
    """A round robin with its first round paired, the cache made after the last replay."""
    with Ledger.create(path, [actions.create("Cup", "round-robin")]) as ledger:
        for i in range(players):
            ledger.commit(actions.register(ledger.events, surname=f"P{i}", rating=2000 - i))
        ledger.commit(actions.pair(ledger.state, random.Random(1)))
    if cached:
        entry = state_cache._entry(path.resolve())
        entry.unlink(missing_ok=True)  # the one made on creation covers only the first event
        with Ledger(path) as reopened:
            reopened.check()  # the replay, kept
        assert entry.exists()


def replayed(path: Path) -> object:
    return replay(TournamentFile(path).events)


def recalled(path: Path) -> state_cache.Recalled | None:
    return state_cache.recall(path.resolve(), path.read_bytes())


def test_each_command_after_the_first_applies_only_the_tail(tmp_path: Path, cache: Path) -> None:
    path = tmp_path / "cup.json"
    played(path)
    for board in (1, 2, 3):
        with Ledger(path, writable=True) as ledger:
            ledger.commit(actions.result(1, board, "W+"))
        found = recalled(path)
        assert found is not None and found.tail == board and found.count == 8 + board
        assert found.state == replayed(path)
        with Ledger(path) as reopened:
            assert reopened.state == found.state
            assert len(reopened.events) == 8 + board
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cache", "cup.json", "cup.json.bak"], "nothing beside it"


def test_a_long_tail_is_folded_into_a_new_cache(tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(state_cache, "STALE_TAIL", 2)
    path = tmp_path / "cup.json"
    played(path)
    for board in (1, 2):
        with Ledger(path, writable=True) as ledger:
            ledger.commit(actions.result(1, board, "W+"))
    Ledger(path).check()
    found = recalled(path)
    assert found is not None and found.tail == 0 and found.state == replayed(path)


def test_an_undo_in_the_tail_means_a_full_replay(tmp_path: Path, cache: Path) -> None:
    path = tmp_path / "cup.json"
    played(path)
    with Ledger(path, writable=True) as ledger:
        ledger.commit(actions.result(1, 1, "W+"))
        ledger.commit(actions.undo(undo_target(ledger.events).id))
    assert recalled(path) is None
    with Ledger(path) as reopened:
        assert reopened.state == replayed(path)
        assert not reopened.state.round(1).results


def test_a_file_changed_before_the_tail_is_replayed(tmp_path: Path, cache: Path) -> None:
    """A hand edit of an earlier event (same length, so only the digest can tell)."""
    path = tmp_path / "cup.json"
    played(path)
    path.write_bytes(path.read_bytes().replace(b'"surname":"P1"', b'"surname":"Q1"'))
    assert recalled(path) is None
    with Ledger(path) as reopened:
        assert reopened.state.players[2].surname == "Q1"


def test_garbage_after_the_covered_bytes_is_refused_as_damage(tmp_path: Path, cache: Path) -> None:
    path = tmp_path / "cup.json"
    played(path)
    damaged = path.read_bytes()[:-2] + b',"9":{"kind":"nonsense","data":{}}}}'
    path.write_bytes(damaged)
    with pytest.raises(TournamentFileError, match="unknown event kind"):
        Ledger(path, writable=True)
    assert path.read_bytes() == damaged
    assert not (tmp_path / "cup.json.lock").exists()


@pytest.mark.parametrize("where", ["rules", "body", "head", "truncated", "signature"])
def test_a_stale_or_damaged_cache_is_not_used(
    tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    path = tmp_path / "cup.json"
    entry, content, start = cached_entry(path)
    stored = bytearray(content)
    if where == "rules":
        monkeypatch.setattr(state_cache, "_rules_digest", lambda: b"other rules 1234")
    elif where == "body":  # the signed state, before the rounds' texts
        stored[stored.index(b"\n", stored.index(b"\n", start) + 1) - 5] ^= 1
    elif where == "head":
        stored = stored.replace(b'"count": 8', b'"count": 7')
    elif where == "signature":
        stored[start - 1] ^= 1
    else:
        stored = stored[: len(stored) // 2]
    entry.write_bytes(bytes(stored))
    assert recalled(path) is None
    with Ledger(path, writable=True) as ledger:
        ledger.commit(actions.result(1, 1, "W+"))
        assert ledger.state == replayed(path)


def cached_entry(path: Path) -> tuple[Path, bytes, int]:
    """The cache file kept for a played ``path``, its bytes, and where its header line starts."""
    played(path)
    entry = state_cache._entry(path.resolve())
    return entry, entry.read_bytes(), len(state_cache._MAGIC) + 32


def signed(path: Path, body: bytes, texts: bytes = b"") -> bytes:
    """An entry for ``path`` signed with the user's own key, as only this program writes one:
    ``body`` (its header line and the state) signed, the rounds' ``texts`` after it."""
    key, rules = state_cache._key(), state_cache._rules_digest()
    assert key is not None and rules is not None and body.count(b"\n") == 1, "the signed part ends at its second line"
    return state_cache._MAGIC + state_cache._mac(key, rules, path.resolve(), body) + body + b"\n" + texts


def parts(stored: bytes) -> tuple[bytes, dict[str, object], list[bytes]]:
    """An entry's header line, its state (the signed JSON) and its rounds' texts."""
    start = len(state_cache._MAGIC) + 32
    head, state, texts = stored[start:].split(b"\n", 2)
    document = json.loads(state)
    rounds = document["$Tournament"][3]["$t"]
    return head, document, [texts[offset : offset + length] for offset, length, _ in (r["$r"] for r in rounds)]


def head_of(path: Path, name: object = "blake2b") -> bytes:
    raw = path.read_bytes()
    covered = len(raw) - 2
    digest = hashlib.blake2b(raw[:covered], digest_size=32).hexdigest()
    return json.dumps({"covered": covered, "count": 8, "hash": name, "digest": digest}).encode()


def test_an_entry_of_another_tournament_put_under_this_files_name_is_refused(tmp_path: Path, cache: Path) -> None:
    """Issue 25: an entry made for another event, with a header rewritten for this file and
    its unkeyed checks made anew, printed the other event and let a result in that the log
    could not replay.  Signed with the user's key, it is refused: nobody without the key can
    make an entry, and an entry signed for one file is worth nothing for another."""
    mine, other = tmp_path / "mine.json", tmp_path / "other.json"
    played(mine, 6)
    played(other, 4)
    theirs = state_cache._entry(other.resolve()).read_bytes()
    start = len(state_cache._MAGIC) + 32
    body = head_of(mine) + theirs[theirs.index(b"\n", start) :]
    forged = state_cache._MAGIC + hashlib.blake2b(body, digest_size=32).digest() + body
    for planted in (theirs, forged):
        state_cache._entry(mine.resolve()).write_bytes(planted)
        assert recalled(mine) is None
        with Ledger(mine, writable=True) as ledger:
            assert len(ledger.state.players) == 6
            ledger.commit(actions.result(1, 1, "W+"))
        shutil.rmtree(cache)
        assert Ledger(mine).state == replayed(mine), "the log replays: nothing was appended that it rejects"


def test_a_state_changed_in_the_entry_is_refused(tmp_path: Path, cache: Path) -> None:
    """One surname changed in the kept state gave other standings: now the signature fails."""
    path = tmp_path / "cup.json"
    entry, stored, _ = cached_entry(path)
    entry.write_bytes(stored.replace(b'"P1"', b'"Q1"'))
    assert recalled(path) is None
    assert Ledger(path).state.players[2].surname == "P1"


@pytest.mark.parametrize(
    "state",
    [
        b"[]",
        b'{"$Tournament":[1]}',
        b'{"$Settings":["Cup","round-robin",null]}',
        b'{"$nonsense":[]}',
        b'{"$t":1}',
        b'{"$B":[1,2,3]}',
        b'{"$d":[1]}',
        b'{"a":1,"b":2}',
        b"[" * 100_000,
        b"not json \xff",
    ],
)
def test_a_signed_entry_holding_anything_but_a_state_means_a_replay(tmp_path: Path, cache: Path, state: bytes) -> None:
    """Even an entry with every check right (as only its owner could write it): a state of
    the wrong shape crashed (``TypeError: Tournament.__init__() missing 1 required positional
    argument``); now anything unexpected is answered by replaying."""
    path = tmp_path / "cup.json"
    entry, _, _ = cached_entry(path)
    entry.write_bytes(signed(path, head_of(path) + b"\n" + state))
    assert recalled(path) is None
    with Ledger(path) as reopened:
        assert reopened.state == replayed(path)


class _Planted:
    def __init__(self, target: Path) -> None:
        self.target = str(target)

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (os.mkdir, (self.target,))


def test_a_pickle_in_a_signed_entry_runs_nothing(tmp_path: Path, cache: Path) -> None:
    path = tmp_path / "cup.json"
    entry, _, _ = cached_entry(path)
    entry.write_bytes(signed(path, head_of(path) + b"\n" + pickle.dumps(_Planted(tmp_path / "planted"))))
    assert recalled(path) is None
    assert not (tmp_path / "planted").exists()
    assert Ledger(path).state == replayed(path)


def test_the_key_is_the_users_alone(tmp_path: Path, cache: Path) -> None:
    """Made 0600 on first use; a key others could read is replaced (what it signed is then
    worthless), and a key that is a link is never followed."""
    path = tmp_path / "cup.json"
    played(path)
    key = cache / "key"
    assert key.stat().st_mode & 0o777 == 0o600 and len(key.read_bytes()) == 32
    assert recalled(path) is not None
    key.chmod(0o644)
    assert recalled(path) is None, "signed with a key others may have read"
    assert key.stat().st_mode & 0o777 == 0o600
    Ledger(path).check()
    assert recalled(path) is not None
    elsewhere = tmp_path / "elsewhere"
    elsewhere.write_bytes(key.read_bytes())
    elsewhere.chmod(0o600)
    key.unlink()
    key.symlink_to(elsewhere)
    assert recalled(path) is None
    assert not key.is_symlink() and key.read_bytes() != elsewhere.read_bytes()


def test_an_entry_is_stored_without_pickle(tmp_path: Path, cache: Path) -> None:
    path = tmp_path / "cup.json"
    _, stored, _ = cached_entry(path)
    _, state, texts = parts(stored)
    assert list(state) == ["$Tournament"]
    assert [list(json.loads(text)) for text in texts] == [["$Round"]]


TAGS = ["$t", "$f", "$d", "$B", "$R", "$Tournament", "$Settings", "$Player", "$Round", "$x"]


@pytest.fixture
def as_played(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Callable[[], Path]:
    """The fuzzer's folder as each of its examples starts: ``cup.json`` played and kept in the
    cache folder beside it, ``other.json`` too.  Played once (fourteen commits, each written
    and synced: three quarters of an example's time), then put back byte for byte before
    each example, in the same place: an entry is signed for its file's very path."""
    folder = tmp_path_factory.mktemp("forged")
    monkeypatch.setenv("XDG_CACHE_HOME", str(folder / "cache"))
    monkeypatch.setattr(state_cache, "WORTH_KEEPING", 1)
    played(folder / "cup.json")
    played(folder / "other.json", 4)
    kept = tmp_path_factory.mktemp("forged-as-played") / "folder"
    shutil.copytree(folder, kept, symlinks=True)

    def put_back() -> Path:
        shutil.rmtree(folder)
        shutil.copytree(kept, folder, symlinks=True)
        return folder

    return put_back


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    forgery=st.one_of(
        st.binary(max_size=300).map(lambda junk: ("random bytes", junk)),
        st.integers(0, 10_000).map(lambda at: ("one bit flipped", at)),
        st.just(("another file's entry", 0)),
        st.just(("this file's entry for an older state", 0)),
        st.recursive(
            st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
            lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(TAGS), inner, max_size=1),
            max_leaves=12,
        ).map(lambda tree: ("a signed tree", tree)),
    )
)
def test_whatever_the_cache_folder_holds_the_state_is_the_replayed_one(
    as_played: Callable[[], Path], forgery: tuple[str, object]
) -> None:
    """The cache fuzzer: random bytes, flipped bits, swapped entries, signed trees of every
    tag: a command finds the state the log replays to, or a replay."""
    folder = as_played()
    path, other = folder / "cup.json", folder / "other.json"
    entry = state_cache._entry(path.resolve())
    older = entry.read_bytes()
    with Ledger(path, writable=True) as ledger:
        ledger.commit(actions.result(1, 1, "W+"))
    Ledger(path).check()
    kind, value = forgery
    if kind == "random bytes":
        assert isinstance(value, bytes)
        entry.write_bytes(value)
    elif kind == "one bit flipped":
        assert isinstance(value, int)
        stored = bytearray(entry.read_bytes())
        stored[value % len(stored)] ^= 1 << (value % 8)
        entry.write_bytes(bytes(stored))
    elif kind == "another file's entry":
        entry.write_bytes(state_cache._entry(other.resolve()).read_bytes())
    elif kind == "this file's entry for an older state":
        entry.write_bytes(older)
    else:
        entry.write_bytes(signed(path, head_of(path) + b"\n" + json.dumps(value).encode()))
    with Ledger(path, writable=True) as ledger:
        assert ledger.state == replayed(path)
        ledger.commit(actions.result(1, 2, "B+"))
    assert Ledger(path).state == replayed(path)


def test_no_cache_folder_changes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    monkeypatch.setattr(state_cache, "WORTH_KEEPING", 1)
    path = tmp_path / "cup.json"
    played(path, cached=False)
    with Ledger(path, writable=True) as ledger:
        ledger.commit(actions.result(1, 1, "B+"))
    assert Ledger(path).state == replayed(path)
    assert blocker.read_text() == "x"


def test_two_files_keep_two_caches(tmp_path: Path, cache: Path) -> None:
    one, two = tmp_path / "one.json", tmp_path / "two.json"
    played(one, 4)
    played(two, 5)
    assert len(list(cache.glob("*.state"))) == 2
    first, second = recalled(one), recalled(two)
    assert first is not None and len(first.state.players) == 4
    assert second is not None and len(second.state.players) == 5


def test_the_cache_header_says_what_it_covers(tmp_path: Path, cache: Path) -> None:
    path = tmp_path / "cup.json"
    _, stored, start = cached_entry(path)
    head = json.loads(stored[start : stored.index(b"\n", start)])
    assert head["covered"] == len(path.read_bytes()) - 2 and head["count"] == 8
    assert head["digest"] == hashlib.new(head["hash"], path.read_bytes()[: head["covered"]]).hexdigest()


@pytest.mark.parametrize("name", ["sha256", "blake2b"])
def test_an_entry_is_believed_under_either_hash_it_names(
    tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    """Each machine keeps its entries under its faster hash (SHA-256 where the processor has
    SHA instructions): either reads back, and a prefix changed under either is not believed."""
    monkeypatch.setattr(state_cache, "_fastest_digest", lambda: name)
    path = tmp_path / "cup.json"
    _, stored, start = cached_entry(path)
    assert json.loads(stored[start : stored.index(b"\n", start)])["hash"] == name
    kept = recalled(path)
    assert kept is not None and kept.tail == 0 and kept.state == replayed(path)
    path.write_bytes(path.read_bytes().replace(b'"P1"', b'"Q1"'))  # same length: only the digest tells
    assert recalled(path) is None


@pytest.mark.parametrize("name", ["md5", "sha1", None, ["sha256"], ""])
def test_a_signed_entry_naming_another_hash_means_a_replay(tmp_path: Path, cache: Path, name: object) -> None:
    """Only the two collision-resistant hashes are read (the signature covers the name, so
    only this program writes one, but a replay is the answer to anything odd)."""
    path = tmp_path / "cup.json"
    entry, stored, start = cached_entry(path)
    state = stored[stored.index(b"\n", start) + 1 :]
    body, texts = state.split(b"\n", 1)
    entry.write_bytes(signed(path, head_of(path, name) + b"\n" + body, texts))
    assert recalled(path) is None
    entry.write_bytes(signed(path, head_of(path) + b"\n" + body, texts))
    assert recalled(path) is not None, "the same entry naming BLAKE2b, the hash it was made with, is believed"


def test_without_the_rules_sources_nothing_is_kept(
    tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Installed as compiled files only, a state could not be told from another version's."""
    monkeypatch.setattr(state_cache, "_rules_digest", lambda: None)
    path = tmp_path / "cup.json"
    played(path, cached=False)
    with Ledger(path) as reopened:
        assert reopened.state == replayed(path)
    assert not cache.exists() or not list(cache.glob("*.state"))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    steps=st.lists(st.sampled_from(["result", "undo", "redo", "pair"]), min_size=1, max_size=12),
    stale=st.integers(1, 4),
)
def test_after_any_commands_the_kept_state_is_the_replayed_one(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch, steps: list[str], stale: int
) -> None:
    """Results, undos, redos and pairings, each a command of its own (a new ``Ledger``): what
    the next command finds — kept state and tail, or a replay — is the replay of the file."""
    folder = tmp_path_factory.mktemp("any")
    monkeypatch.setenv("XDG_CACHE_HOME", str(folder / "cache"))
    monkeypatch.setattr(state_cache, "WORTH_KEEPING", 1)
    monkeypatch.setattr(state_cache, "STALE_TAIL", stale)
    path = folder / "cup.json"
    played(path)
    for step in steps:
        with Ledger(path, writable=True) as ledger:
            state = ledger.state
            played_round = state.rounds[-1] if state.rounds else None
            try:
                if step == "result" and played_round and played_round.missing:
                    ledger.commit(actions.result(played_round.number, played_round.missing[0], "B+"))
                elif step == "undo":
                    ledger.commit(actions.undo(undo_target(ledger.events).id))
                elif step == "redo":
                    ledger.commit(actions.redo(ledger.events))
                elif step == "pair" and (played_round is None or played_round.complete):
                    ledger.commit(actions.pair(state, random.Random(1)))
            except InvalidEvent:
                pass  # nothing to undo or redo, a pairing that needs its results: refused, nothing written
        with Ledger(path) as reopened:
            assert reopened.state == replayed(path)


def _numba_folder(monkeypatch: pytest.MonkeyPatch, cache: Path) -> str:
    from data.state_cache import keep_compiled_code

    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
    keep_compiled_code()
    import os

    return os.environ["NUMBA_CACHE_DIR"]


def test_compiled_code_is_kept_in_the_users_own_folder_made_private(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under a umask that lets the group write (Ubuntu's), Tengen's folder is narrowed to the
    user and used; the compiled code is not compiled again by every process."""
    (tmp_path / "tengen").mkdir(mode=0o775)
    (tmp_path / "tengen").chmod(0o775)
    assert _numba_folder(monkeypatch, tmp_path) == str(tmp_path / "tengen" / "numba")
    assert (tmp_path / "tengen").stat().st_mode & 0o777 == 0o700
    assert (tmp_path / "tengen" / "numba").stat().st_mode & 0o777 == 0o700


def test_what_numba_could_not_load_is_swept_from_its_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An attack: an empty index of numba's (a power cut's) failed every pairing with
    «EOFError» until the folder was emptied by hand, and a pipe in its place hung it.  They
    go, with the marker (the wait for the compiler is said again); numba's files and one it
    is writing stay."""
    import os

    numba = tmp_path / "tengen" / "numba"
    (numba / "gotha_1").mkdir(parents=True, mode=0o700)
    for folder in (tmp_path / "tengen", numba):
        folder.chmod(0o700)
    kept = {"gotha_1/costs._matrix-546.py311.nbi": b"index", "gotha_1/costs._matrix-546.py311.1.nbc": b"code",
            "gotha_1/gabow._match-12.py311.nbi.tmp.0a1b2c": b""}  # fmt: skip
    for name, data in kept.items():
        (numba / name).write_bytes(data)
    (numba / "gotha_1" / "costs._seats-80.py311.nbi").write_bytes(b"")
    os.mkfifo(numba / "gotha_1" / "gabow._match-12.py311.nbi")
    (numba / "gotha_1" / "gabow._match-12.py311.1.nbc").symlink_to("/dev/zero")
    (numba / "gotha_2").symlink_to(tmp_path)
    (numba / "tengen-compiled-0a1b2c3d").write_bytes(b"")
    assert _numba_folder(monkeypatch, tmp_path) == str(numba)
    left = sorted(str(p.relative_to(numba)) for p in numba.rglob("*"))
    assert left == sorted(["gotha_1", *kept]) and (tmp_path / "tengen").is_dir()


def test_a_linked_cache_folder_is_not_trusted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (tmp_path / "cache").mkdir()
    (tmp_path / "cache" / "tengen").symlink_to(elsewhere)
    chosen = _numba_folder(monkeypatch, tmp_path / "cache")
    assert "tengen-numba-" in chosen and not chosen.startswith(str(tmp_path))


def test_compiled_code_is_known_kept_once_a_pairing_compiled_it_there(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Not from numba's files (a first pairing stopped half-way leaves some): from a marker
    of these rules' sources, written once a McMahon or Swiss pairing is done, in the folder
    numba keeps the code in; another folder holds none."""
    from data.state_cache import code_compiled, compiled_code_kept
    from schemes.log.history import append_all

    mcmahon, gamma = (append_all([], [actions.create("Cup", scheme, 3)], "2026-12-02T12:00:00+00:00").state
                      for scheme in ("mcmahon", "gamma"))  # fmt: skip
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    code_compiled(mcmahon)
    assert not compiled_code_kept()
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "numba"))
    (tmp_path / "numba" / "gotha_0a1b").mkdir(parents=True)  # numba's, half-way
    assert not compiled_code_kept()
    code_compiled(gamma)  # compiles nothing
    assert not compiled_code_kept()
    monkeypatch.setattr("schemes.algorithms.compiled.LOST", [OSError(28, "No space left on device")])
    code_compiled(mcmahon)  # compiled, but numba could not keep it (a review: 7 s at every pairing, unsaid)
    assert not compiled_code_kept()
    monkeypatch.setattr("schemes.algorithms.compiled.LOST", [])
    code_compiled(mcmahon)
    assert compiled_code_kept()
    assert sorted(p.name.startswith("tengen-compiled-") for p in (tmp_path / "numba").iterdir()) == [False, True]
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "other"))
    assert not compiled_code_kept()
    (tmp_path / "file").write_text("")
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "file"))  # numba cannot keep code there either
    code_compiled(mcmahon)
    assert not compiled_code_kept() and (tmp_path / "file").read_text() == ""


def test_a_folder_the_user_set_is_left_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    from data.state_cache import keep_compiled_code

    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "mine"))
    keep_compiled_code()
    assert os.environ["NUMBA_CACHE_DIR"] == str(tmp_path / "mine") and not (tmp_path / "mine").exists()


def played_rounds(path: Path, players: int = 6) -> None:
    """A round robin of ``players`` with every round but the last played, the last paired,
    the cache made after the last replay."""
    with Ledger.create(path, [actions.create("Cup", "round-robin")]) as ledger:
        for i in range(players):
            ledger.commit(actions.register(ledger.events, surname=f"P{i}", rating=2000 - i))
        for number in range(1, players):
            ledger.commit(actions.pair(ledger.state, random.Random(number)))
            if number < players - 1:
                for board in ledger.state.rounds[-1].boards:
                    ledger.commit(actions.result(number, board.number, "W+"))
    state_cache._entry(path.resolve()).unlink(missing_ok=True)
    with Ledger(path) as reopened:
        reopened.check()


def test_a_result_reads_only_the_round_it_is_for(tmp_path: Path, cache: Path) -> None:
    """Issue 29: a warm result on a long log decoded every round the cache held (0.17 s of
    0.4 at 50,000 events); the rounds are kept as texts and only the one the result is for
    is read — the others stay texts, the state is still the replayed one, and kept again
    as it was."""
    path = tmp_path / "cup.json"
    played_rounds(path)
    with Ledger(path, writable=True) as ledger:
        ledger.commit(actions.result(5, 2, "B+"))
        state = ledger.state
        assert [number for number, kept in enumerate(state.rounds, 1) if "number" in vars(kept)] == [5]
        assert state == replayed(path)
        assert [number for number, kept in enumerate(state.rounds, 1) if "number" in vars(kept)] == [1, 2, 3, 4, 5]
        state_cache.remember(path.resolve(), path.read_bytes(), len(ledger.events), state)
    with Ledger(path) as reopened:
        assert reopened.state == replayed(path)
        assert reopened.state.rounds[4].results[2].code == "B+"


def entry_of(path: Path, head: bytes, state: dict[str, object], texts: list[bytes]) -> bytes:
    """An entry signed as this program signs one, its rounds ``texts`` with their offsets and
    digests in ``state``."""
    rounds = state["$Tournament"][3]["$t"]  # type: ignore[index]
    offset = 0
    for kept, text in zip(rounds, texts, strict=True):
        kept["$r"] = [offset, len(text), hashlib.blake2b(text, digest_size=state_cache._ROUND_DIGEST).hexdigest()]
        offset += len(text)
    return signed(path, head + b"\n" + json.dumps(state).encode(), b"".join(texts))


def test_a_kept_round_that_does_not_read_is_taken_from_the_replay(tmp_path: Path, cache: Path) -> None:
    """A signed entry whose round 2 is not a round's text (only the key's owner could write
    one): the state still reads, round 2 as the replay has it, the others from their texts."""
    path = tmp_path / "cup.json"
    played_rounds(path)
    entry = state_cache._entry(path.resolve())
    head, state, texts = parts(entry.read_bytes())
    texts[1] = texts[1].replace(b'"$Round":[2,', b'"$Round":[7,')
    entry.write_bytes(entry_of(path, head, state, texts))
    found = recalled(path)
    assert found is not None
    assert found.state.rounds[1] == replay(TournamentFile(path).events).rounds[1]
    assert found.state == replayed(path)


@pytest.mark.parametrize(
    "damage",
    [
        "a player twice",
        "a round's number as text in his skips",
        "his skips not a list",
        "a field short",
        "a number among his OpenGotha attributes",
        "his OpenGotha attributes not a mapping",
    ],
)
def test_players_kept_in_one_flat_list_that_do_not_read_mean_a_replay(tmp_path: Path, cache: Path, damage: str) -> None:
    """The players are one flat list, field after field; signed (only the key's owner could
    write it) but not the players of a state, it is answered by a replay."""
    path = tmp_path / "cup.json"
    played_rounds(path)
    entry = state_cache._entry(path.resolve())
    head, state, texts = parts(entry.read_bytes())
    flat = state["$Tournament"][1]["$P"]  # type: ignore[index]
    size, skips = len(fields(Player)), [f.name for f in fields(Player)].index("skips")
    gotha = [f.name for f in fields(Player)].index("gotha")
    if damage == "a number among his OpenGotha attributes":
        flat[gotha] = {"$d": ["agaId", 62308]}
    elif damage == "his OpenGotha attributes not a mapping":
        flat[gotha] = "62308"
    elif damage == "a player twice":
        flat += flat[:size]
    elif damage == "a round's number as text in his skips":
        flat[skips] = ["1"]
    elif damage == "his skips not a list":
        flat[skips] = 1
    else:
        del flat[-1]
    entry.write_bytes(entry_of(path, head, state, texts))
    assert recalled(path) is None
    assert Ledger(path).state == replayed(path)


def test_an_opengotha_files_ids_are_kept_with_the_state(tmp_path: Path, cache: Path) -> None:
    """An imported event's director and short name, and its players' AGA ids and the ratings'
    origins (``Settings.gotha``, ``Player.gotha``), come back from the cache as replayed."""
    path = tmp_path / "cup.json"
    created = actions.create("Canadian Open", "mcmahon", 4)
    made = [(created[0], {**created[1], "gotha": {"director": "Melanie Arellano", "shortName": "CanOpen"}})]
    made += [("player_registered", {"player": i, "surname": f"P{i}", "name": "X", "rank": 20 + i,
                                    "gotha": {"agaId": f"6230{i}", "ratingOrigin": "AGA : -10.13"}})
             for i in (1, 2)]  # fmt: skip
    made += [("player_registered", {"player": 3, "surname": "P3", "name": "X", "rank": 21})]
    Ledger.create(path, made).close()
    state_cache._entry(path.resolve()).unlink(missing_ok=True)
    Ledger(path).check()
    found = recalled(path)
    assert found is not None and found.state == replayed(path)
    assert found.state.settings.gotha == {"director": "Melanie Arellano", "shortName": "CanOpen"}
    assert [p.gotha for p in found.state.players.values()] == [
        {"agaId": "62301", "ratingOrigin": "AGA : -10.13"}, {"agaId": "62302", "ratingOrigin": "AGA : -10.13"}, {},
    ]  # fmt: skip


def test_a_rounds_text_changed_after_the_signature_is_not_believed(tmp_path: Path, cache: Path) -> None:
    """The rounds' texts follow the signed part, each under a digest the signature covers: a
    result changed in round 1's text (W+ to B+, the entry otherwise as signed) is not read —
    round 1 is the replay's, and so are the standings."""
    path = tmp_path / "cup.json"
    played_rounds(path)
    entry = state_cache._entry(path.resolve())
    stored = entry.read_bytes()
    head, state, texts = parts(stored)
    assert b'"W+"' in texts[0]
    entry.write_bytes(stored.replace(texts[0], texts[0].replace(b'"W+"', b'"B+"'), 1))
    found = recalled(path)
    assert found is not None, "the signed part is whole: the rounds' texts are checked one by one"
    assert {result.code for result in found.state.rounds[0].results.values()} == {"W+"}
    assert found.state == replayed(path)


def test_a_changed_text_kept_again_unread_is_still_not_believed(
    tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Round 1's text changed in the entry, then a command that never reads round 1 keeps the
    state again (a long tail folded in): the new entry carries round 1's text under the digest
    signed before, not a digest made of the changed text — so it is still not believed."""
    path = tmp_path / "cup.json"
    played_rounds(path)
    entry = state_cache._entry(path.resolve())
    stored = entry.read_bytes()
    _, _, texts = parts(stored)
    entry.write_bytes(stored.replace(texts[0], texts[0].replace(b'"W+"', b'"B+"'), 1))
    monkeypatch.setattr(state_cache, "STALE_TAIL", 1)
    with Ledger(path, writable=True) as ledger:
        ledger.commit(actions.result(5, 2, "B+"))  # round 5's alone
    with Ledger(path) as reopened:  # kept again, from the tail of one event
        assert [n for n, kept in enumerate(reopened.state.rounds, 1) if "number" in vars(kept)] == [5]  # not 1
    assert entry.read_bytes() != stored
    found = recalled(path)
    assert found is not None
    assert {result.code for result in found.state.rounds[0].results.values()} == {"W+"}
    assert found.state == replayed(path)


def test_the_last_event_is_read_alone(tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A document's date is the time of the last event: with the state from the cache, that
    event is read from the end of the file, the log not parsed (0.3 s at 6,000 events) —
    the last of the cached bytes, then the last of a tail after them."""
    path = tmp_path / "cup.json"
    played(path)
    everything = TournamentFile(path).events
    for board in (None, 1, 2):
        if board is not None:
            with Ledger(path, writable=True) as ledger:
                ledger.commit(actions.result(1, board, "W+"))
            everything = TournamentFile(path).events
        with monkeypatch.context() as patched:
            patched.setattr("data.store._events", lambda *_: pytest.fail("the whole log parsed"))
            with Ledger(path) as reopened:
                reopened.check()
                log = reopened.log
                assert len(log) == len(everything) and log[-1] == everything[-1] and log[len(log) - 1] == everything[-1]
                assert next(reversed(log)) == everything[-1]
        with Ledger(path) as reopened:
            assert list(reversed(reopened.log))[:3] == everything[::-1][:3]  # before the last: the log parsed


def test_a_kept_state_copies_pickles_and_prints_as_a_replayed_one(tmp_path: Path, cache: Path) -> None:
    """Its rounds, read or not, copy and pickle as the plain rounds they read as (a view of
    the entry could not be copied; the way back to the file, a replay, is this process's own
    and could not be pickled), and print as them."""
    import copy

    path = tmp_path / "cup.json"
    played_rounds(path)
    for reading in (False, True):
        found = recalled(path)
        assert found is not None
        if reading:
            assert found.state.rounds[0].boards
        assert copy.deepcopy(found.state) == replayed(path)
        assert pickle.loads(pickle.dumps(found.state)) == replayed(path)
        assert repr(found.state) == repr(replayed(path))


def within(seconds: float, step: Callable[[], object]) -> object:
    """What ``step`` gives, or a failure if it is still at work after ``seconds`` (a hung read
    fails the test, not the whole run)."""
    done: list[object] = []
    worker = threading.Thread(target=lambda: done.append(step()), daemon=True)
    worker.start()
    worker.join(seconds)
    assert done, f"still at work after {seconds} s"
    return done[0]


@pytest.mark.parametrize(
    "planted", ["a pipe as the entry", "a 40 GB entry", "/dev/zero as the entry", "a pipe as the key"]
)
def test_nothing_planted_in_the_cache_folder_holds_a_command(tmp_path: Path, cache: Path, planted: str) -> None:
    """A pipe in an entry's place (or the key's) held every command on the file for ever, a
    link to /dev/zero or a huge sparse file filled the memory: the cache's files are opened
    without waiting and without following links, and read only when plain and not oversized."""
    path = tmp_path / "cup.json"
    entry, _, _ = cached_entry(path)
    target = cache / "key" if planted == "a pipe as the key" else entry
    target.unlink()
    if "pipe" in planted:
        os.mkfifo(target)
    elif planted == "a 40 GB entry":
        with target.open("wb") as sparse:
            sparse.truncate(40 << 30)
    else:
        target.symlink_to("/dev/zero")

    def commands() -> object:
        assert recalled(path) is None
        with Ledger(path, writable=True) as ledger:
            assert ledger.state == replayed(path)
            ledger.commit(actions.result(1, 1, "W+"))
        return Ledger(path).state

    try:
        assert within(20, commands) == replayed(path)
    finally:
        if "pipe" in planted and target.exists() and stat.S_ISFIFO(target.lstat().st_mode):
            os.close(os.open(target, os.O_WRONLY | os.O_NONBLOCK))  # a reader held in its open goes on


@pytest.mark.parametrize("note", [b"\xed\xa0\x80", b"\\ud800"])
def test_a_tail_that_is_not_utf8_is_not_believed(tmp_path: Path, cache: Path, note: bytes) -> None:
    """Bytes no UTF-8 text holds (an encoded surrogate) in an event appended after the kept
    part: read leniently, the kept state took the event and a result was even written after
    it, where a replay refuses the file — now both refuse it.  So too the surrogate escaped
    (``\\ud800``), which only the whole file's reading refused (a review)."""
    path = tmp_path / "cup.json"
    played(path)
    raw = path.read_bytes()
    event = b'{"kind":"result_recorded","at":"","data":{"round":1,"board":1,"code":"W+"},"note":"' + note + b'"}'
    path.write_bytes(raw[:-2] + b',"9":' + event + b"}}")
    assert recalled(path) is None
    with pytest.raises(TournamentFileError, match="not a Tengen tournament"):
        Ledger(path)
