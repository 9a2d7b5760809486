"""The state cache is a shortcut to what replaying gives, and never anything else."""

import hashlib
import json
import os
import pickle
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from data import state_cache
from data.errors import TournamentFileError
from data.ledger import Ledger
from data.store import TournamentFile
from schemes import actions
from schemes.events import InvalidEvent
from schemes.replay import replay


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every log is worth keeping, in a cache folder of the test's own."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("XDG_CACHE_HOME", str(folder))
    monkeypatch.setattr(state_cache, "WORTH_KEEPING", 1)
    return folder / "tengen"


def played(path: Path, players: int = 6, cached: bool = True) -> None:
    """A round robin with its first round paired, the cache made after the last replay."""
    with Ledger.create(path, actions.create("Cup", "round-robin")) as ledger:
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
        ledger.commit(actions.undo(ledger.events))
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


@pytest.mark.parametrize("where", ["rules", "body", "head", "truncated"])
def test_a_stale_or_damaged_cache_is_not_used(tmp_path: Path, cache: Path, where: str) -> None:
    path = tmp_path / "cup.json"
    entry, content, start = cached_entry(path, cache)
    stored = bytearray(content)
    if where == "rules":
        stored[start - 32] ^= 1
    elif where == "body":
        stored[-5] ^= 1
    elif where == "head":
        stored = stored.replace(b'"count": 8', b'"count": 7')
    else:
        stored = stored[: len(stored) // 2]
    entry.write_bytes(bytes(stored))
    assert recalled(path) is None
    with Ledger(path, writable=True) as ledger:
        ledger.commit(actions.result(1, 1, "W+"))
        assert ledger.state == replayed(path)


class _Planted:
    def __init__(self, target: Path) -> None:
        self.target = str(target)

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (os.mkdir, (self.target,))


def cached_entry(path: Path, cache: Path) -> tuple[Path, bytes, int]:
    """The cache file kept for a played ``path``, its bytes, and where its header line starts."""
    played(path)
    (entry,) = cache.iterdir()
    return entry, entry.read_bytes(), len(b"tengen-state 1\n") + 32


def test_a_cache_holding_anything_but_a_state_runs_nothing(tmp_path: Path, cache: Path) -> None:
    """Even a cache entry with every check right (as only its owner could write it)."""
    path = tmp_path / "cup.json"
    entry, stored, start = cached_entry(path, cache)
    body = stored[start : stored.index(b"\n", start) + 1] + pickle.dumps(_Planted(tmp_path / "planted"))
    check = hashlib.blake2b(body, digest_size=16).digest()
    entry.write_bytes(stored[: start - 16] + check + body)
    assert recalled(path) is None
    assert not (tmp_path / "planted").exists()
    with Ledger(path) as reopened:
        assert reopened.state == replayed(path)


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
    assert len(list(cache.iterdir())) == 2
    first, second = recalled(one), recalled(two)
    assert first is not None and len(first.state.players) == 4
    assert second is not None and len(second.state.players) == 5


def test_the_cache_header_says_what_it_covers(tmp_path: Path, cache: Path) -> None:
    path = tmp_path / "cup.json"
    _, stored, start = cached_entry(path, cache)
    head = json.loads(stored[start : stored.index(b"\n", start)])
    assert head["covered"] == len(path.read_bytes()) - 2 and head["count"] == 8


def test_without_the_rules_sources_nothing_is_kept(
    tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Installed as compiled files only, a state could not be told from another version's."""
    monkeypatch.setattr(state_cache, "_rules_digest", lambda: None)
    path = tmp_path / "cup.json"
    played(path, cached=False)
    with Ledger(path) as reopened:
        assert reopened.state == replayed(path)
    assert not cache.exists() or not list(cache.iterdir())


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
                    ledger.commit(actions.undo(ledger.events))
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


def test_a_linked_cache_folder_is_not_trusted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (tmp_path / "cache").mkdir()
    (tmp_path / "cache" / "tengen").symlink_to(elsewhere)
    chosen = _numba_folder(monkeypatch, tmp_path / "cache")
    assert "tengen-numba-" in chosen and not chosen.startswith(str(tmp_path))


def test_a_folder_the_user_set_is_left_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    from data.state_cache import keep_compiled_code

    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "mine"))
    keep_compiled_code()
    assert os.environ["NUMBA_CACHE_DIR"] == str(tmp_path / "mine") and not (tmp_path / "mine").exists()
