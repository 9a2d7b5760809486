"""Machine code for the loops of pairing: numba's, cached, the interpreter let go.

Tengen's heaviest work — weighing every pair of a field and matching it — is loops over
integers that numpy cannot express without matrices of temporaries.  They are written as
plain Python over arrays and compiled by numba, once per installation (its cache is where
the caller points ``NUMBA_CACHE_DIR``); the source is the same Python, so a reader reads the
algorithm, not a second language.  What is compiled is integer work (exact, wrapping as
numpy's ``int64`` does); OpenGotha's float formulas stay in numpy, one value per distance.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

from numba import njit
from numba.core import caching

F = TypeVar("F", bound=Callable[..., Any])


def _damaged_is_missing() -> None:
    """A file of numba's cache that does not unpickle is taken for a missing one: compiled
    again, and written over whole.  Numba reads a cut or zero-filled file (what a power cut
    can leave of one written just before) as it reads a good one, and the pairing failed with
    ``UnpicklingError`` at every attempt until the folder was emptied by hand (an attack; the
    empty file and the pipe are swept at start: ``state_cache.keep_compiled_code``).  Its
    index read as empty, the next save writes a good one; its data file said missing, as
    numba says of one removed under it.  Only where numba's reader is the one written for."""
    reader: Any = getattr(caching, "IndexDataCacheFile", None)
    if reader is None or not hasattr(reader, "_load_index") or not hasattr(reader, "_load_data"):
        return
    load_index, load_data = reader._load_index, reader._load_data

    def index(self: Any) -> Any:
        try:
            return load_index(self)
        except OSError:
            raise
        except Exception:  # whatever unpickling meets in a damaged file: no one type
            return {}

    def data(self: Any, name: str) -> Any:
        try:
            return load_data(self, name)
        except OSError:
            raise
        except Exception as damaged:  # numba's load takes an OSError for a file gone: compiled again
            raise OSError(f"numba's cache file {name} does not read") from damaged

    reader._load_index, reader._load_data = index, data
    save = getattr(reader, "save", None)
    if save is None:
        return

    def saved(self: Any, key: Any, data: Any) -> None:
        """Code that cannot be kept (a full disk holding the cache, while the tournament's has
        room: the first McMahon pairing failed «диск заполнен», a durability attack) is used
        all the same, and compiled again next time."""
        try:
            save(self, key, data)
        except OSError as lost:
            LOST.append(lost)

    reader.save = saved


LOST: list[OSError] = []
"""Why code compiled in this process could not be kept, if it could not: its marker is then
not written (``data.state_cache.code_compiled``), and the next pairing says it compiles again
(a review: the marker written, every pairing compiled anew in silence for 7 s)."""


_damaged_is_missing()


def compiled(function: F) -> F:
    """Compiled, its machine code cached, the interpreter let go while it runs (the groups
    of a split field are matched at once)."""
    return cast(F, njit(cache=True, nogil=True)(function))


def bare(function: F) -> F:
    """Compiled as ``compiled``, without numba's reference counting: for a loop that
    allocates nothing (its caller hands it the arrays to fill) and calls small compiled
    steps millions of times — counted, each call's arrays cost more than the step."""
    untyped: Any = njit  # ``_nrt`` is numba's own switch, not in its published signature
    return cast(F, untyped(cache=True, nogil=True, _nrt=False)(function))


def inlined(function: F) -> F:
    """Compiled into each compiled caller rather than called (a ``bare`` loop's steps: a
    step called would count its own callees' arrays again)."""
    return cast(F, njit(cache=True, nogil=True, inline="always")(function))
