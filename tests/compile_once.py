"""McMahon and Swiss pairings made once, so that numba compiles the pairing's loops into the
cache folder its environment names (``NUMBA_CACHE_DIR``): run by the suite's controller in a
fresh clone while xdist's processes collect the tests (``tests/conftest.py``).

    python -m tests.compile_once FOLDER DONE    # FOLDER: the three small events; DONE: written at the end

Every compiled function is reached: OpenGotha's groups (Gabow's matching), the exact whole
field (the second round's score groups and ties take its blossom steps, the first round's
field does not) and Swiss, and "why this opponent" (the costs one by one).  A function left
out was compiled by the first test needing it, in each of xdist's processes at once (14 s of
CPU for the costs alone).
"""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path

from data.service import Service
from schemes.log import actions
from schemes.systems.gotha.pairing import why

SCHEMES: tuple[tuple[str, dict[str, str]], ...] = (("mcmahon", {}), ("mcmahon", {"exactWholeField": "true"}),
                                                   ("swiss", {}))  # fmt: skip
"""Each compiled path: OpenGotha's groups (Gabow's matching), the exact whole field, Swiss."""


def main(folder: Path, done: Path) -> None:
    os.environ["XDG_CACHE_HOME"] = str(folder)  # the state cache of these files: not the user's
    rng = random.Random(1)
    for index, (scheme, params) in enumerate(SCHEMES):
        service = Service.create(folder / f"{index}.json", [actions.create("Once", scheme, 2, params=params)])
        players = [{"surname": f"P{number}", "rank": f"{number % 20 + 1}k"} for number in range(1, 41)]
        service.commit_all(actions.registrations([], players))
        service.commit(actions.pair(service.state, rng))
        for board in service.state.rounds[0].boards:
            service.commit(actions.result(1, board.number, rng.choice(["W+", "B+"])))
        service.commit(actions.pair(service.state, rng))
        first = service.state.rounds[1].boards[0]
        why(service.state, 2, first.white, first.black)
        service.close()
    done.touch()  # xdist's processes wait for it at their first compiling


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]))
