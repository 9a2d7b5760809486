"""Rebuild the stored OpenGotha references of the real files (needs Java and
../shared/opengotha-engine/opengotha-engine.jar; the tests need neither).

    python tests/reference/tools/build_corpus.py FOLDER_OF_XML_FILES

For every file and every round R from 1 to the round after its last (within its number
of rounds), OpenGotha's engine pairs R from the file's rounds before R (the Pair button on
the file as it is) and its boards and bye are kept.  The files themselves are packed
beside them.  ``FOLDER`` is the ``remote/`` folder of lucvannier/opengotha (775 files).
"""

from __future__ import annotations

import json
import lzma
import re
import sys
import tarfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
REFERENCE = HERE.parent
sys.path.insert(0, str(REFERENCE.parents[1]))

from tests.reference.tools.engine import pair  # noqa: E402


def rounds_of(path: Path) -> list[int]:
    text = path.read_bytes().decode("latin-1")
    planned = re.search(r'numberOfRounds="(\d+)"', text)
    named = [int(r) for r in re.findall(r'<(?:Game|ByePlayer) [^>]*roundNumber="(\d+)"', text)]
    last = max(named, default=0)
    return list(range(1, min(max(int(planned.group(1)) if planned else 5, 1), last + 1) + 1))


def main() -> None:
    folder = Path(sys.argv[1])
    files = sorted(folder.glob("*.xml"))
    jobs = [(path, number) for path in files for number in rounds_of(path)]
    with ThreadPoolExecutor(2) as pool:
        done = list(pool.map(lambda job: pair(*job), jobs))
    references: dict[str, dict[str, object]] = {}
    for (path, number), pairing in zip(jobs, done, strict=True):
        references.setdefault(path.stem, {})[str(number)] = pairing
    text = json.dumps(references, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    (REFERENCE / "opengotha_remote_pairings.json.xz").write_bytes(lzma.compress(text.encode("utf-8")))
    with tarfile.open(REFERENCE / "opengotha_remote.tar.xz", "w:xz") as archive:
        for path in files:
            archive.add(path, arcname=path.name)


if __name__ == "__main__":
    main()
