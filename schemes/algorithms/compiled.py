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

F = TypeVar("F", bound=Callable[..., Any])


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
