"""McMahon and Swiss pairings made once, so that numba compiles the pairing's loops into the
cache folder its environment names (``NUMBA_CACHE_DIR``): run by the suite's controller in a
fresh clone while xdist's processes collect the tests (``tests/conftest.py``).

    python -m tests.compile_once FOLDER    # FOLDER: where the three small events are written
"""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path

from data.service import Service
from schemes.log import actions

SCHEMES: tuple[tuple[str, dict[str, str]], ...] = (("mcmahon", {}), ("mcmahon", {"exactWholeField": "true"}),
                                                   ("swiss", {}))  # fmt: skip
"""Each compiled path: OpenGotha's groups (Gabow's matching), the exact whole field, Swiss."""


def main(folder: Path) -> None:
    os.environ["XDG_CACHE_HOME"] = str(folder)  # the state cache of these files: not the user's
    for index, (scheme, params) in enumerate(SCHEMES):
        service = Service.create(folder / f"{index}.json", [actions.create("Once", scheme, 2, params=params)])
        players = [{"surname": f"P{number}", "rank": f"{number}k"} for number in range(1, 14)]
        service.commit_all(actions.registrations([], players))
        service.commit(actions.pair(service.state, random.Random(1)))
        service.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]))
