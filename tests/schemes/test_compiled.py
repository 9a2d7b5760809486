"""Numba's cache of compiled loops (``schemes.algorithms.compiled``): what it holds damaged
is compiled again, never a failed pairing."""

from pathlib import Path

import pytest

from schemes.algorithms.compiled import compiled


def doubled_plus_one(x: int) -> int:
    return 2 * x + 1


@pytest.mark.parametrize("damage", ["zeros", "halved"])
def test_a_damaged_cache_file_is_compiled_again_and_written_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, damage: str
) -> None:
    """An attack: an index of numba's zero-filled at its size, or cut in half (what a power
    cut can leave), failed every pairing with ``UnpicklingError`` until the folder was
    emptied by hand."""
    from numba.core import config

    monkeypatch.setattr(config, "CACHE_DIR", str(tmp_path))
    assert compiled(doubled_plus_one)(3) == 7  # compiled, and kept in tmp_path
    files = sorted(p for p in tmp_path.rglob("*doubled_plus_one*") if p.suffix in (".nbi", ".nbc"))
    assert [p.suffix for p in files] == [".nbc", ".nbi"]
    for path in files:
        size = path.stat().st_size
        path.write_bytes(bytes(size) if damage == "zeros" else path.read_bytes()[: size // 2])
    again = compiled(doubled_plus_one)  # a new process's: it loads from the cache first
    assert again(4) == 9
    assert all(p.read_bytes()[:1] != b"\x00" and p.stat().st_size > 0 for p in files if p.suffix == ".nbi")
    assert compiled(doubled_plus_one)(5) == 11  # and the index written over reads


def test_a_damaged_data_file_alone_is_compiled_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from numba.core import config

    monkeypatch.setattr(config, "CACHE_DIR", str(tmp_path))
    assert compiled(doubled_plus_one)(1) == 3
    (data,) = tmp_path.rglob("*doubled_plus_one*.nbc")
    data.write_bytes(b"\x80\x04 not a pickle")
    assert compiled(doubled_plus_one)(2) == 5
    assert compiled(doubled_plus_one)(6) == 13


def test_code_the_cache_cannot_keep_is_used_all_the_same(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A durability attack: the folder of numba's cache on a full disk (the tournament's had
    room) failed the first McMahon pairing with «диск заполнен»."""
    import errno

    from numba.core import caching, config

    def full(*args: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    from schemes.algorithms import compiled as module

    monkeypatch.setattr(config, "CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(caching.IndexDataCacheFile, "_save_index", full)
    monkeypatch.setattr(module, "LOST", [])
    assert compiled(doubled_plus_one)(3) == 7
    assert not list(tmp_path.rglob("*.nbi"))  # nothing kept: compiled again next time
    assert [lost.errno for lost in module.LOST] == [errno.ENOSPC]  # and known: no marker says it is kept
