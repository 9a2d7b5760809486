"""Rebuild the reference of a file that seats players on two boards of one round (needs Java
and ../shared/opengotha-engine/opengotha-engine.jar; the tests need neither).

    python tests/reference/tools/build_two_boards.py FILE.xml ROUND

OpenGotha reads one game of such a player for everything but his points: the last its
table of games walks to.  The file (a 1,001-player test event whose round 5 seats two
players twice) is packed with the engine's pairing of the round after.
"""

from __future__ import annotations

import io
import json
import sys
import tarfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REFERENCE = HERE.parent
sys.path.insert(0, str(REFERENCE.parents[1]))

from tests.reference.tools.engine import pair  # noqa: E402


def main() -> None:
    path, number = Path(sys.argv[1]), int(sys.argv[2])
    reference = json.dumps({"round": number, **pair(path, number)}, ensure_ascii=False).encode("utf-8")
    with tarfile.open(REFERENCE / "two_boards.tar.xz", "w:xz") as archive:
        archive.add(path, arcname="two_boards.xml")
        member = tarfile.TarInfo("two_boards.json")
        member.size = len(reference)
        archive.addfile(member, io.BytesIO(reference))


if __name__ == "__main__":
    main()
