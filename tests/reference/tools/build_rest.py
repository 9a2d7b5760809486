"""Rebuild the stored OpenGotha pairings of rounds paired in part (needs Java and
../shared/opengotha-engine/opengotha-engine.jar; the tests need neither).

    python tests/reference/tools/build_rest.py

For every eighth real file (Turkish ones aside), its last round of two boards or more: the
file with that round paired in part (``corpus.in_part``: about half the engine's boards kept,
the bye kept or not, the kept boards played or not), and OpenGotha's Pair on the rows left
unpaired (``RestPair.java``): the new games and the bye.
"""

from __future__ import annotations

import json
import lzma
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
REFERENCE = HERE.parent
sys.path.insert(0, str(REFERENCE.parents[1]))

from tests.reference.corpus import in_part, real_pairings, unpack  # noqa: E402
from tests.reference.tools.engine import JAR, Engine  # noqa: E402

EVERY = 8


def cases(folder: Path) -> list[tuple[str, int]]:
    """The files and rounds: every ``EVERY``-th real file, its last round of two boards or more."""
    chosen = []
    for name in sorted(real_pairings())[::EVERY]:
        rounds = [n for n, p in sorted(real_pairings()[name].items()) if len(p.boards) >= 2]
        if rounds and not Engine(folder / f"{name}.xml").turkish:
            chosen.append((name, rounds[-1]))
    return chosen


def main() -> None:
    with tempfile.TemporaryDirectory() as scratch:
        folder = unpack("opengotha_remote.tar.xz", Path(scratch) / "files")
        build = Path(scratch) / "build"
        subprocess.run(["javac", "-cp", str(JAR), "-d", str(build), str(HERE / "RestPair.java")], check=True)
        jobs = cases(folder)

        def rest(job: tuple[int, tuple[str, int]]) -> object:
            seed, (name, number) = job
            text = (folder / f"{name}.xml").read_text(encoding="utf-8")
            path = Path(scratch) / f"{name}.xml"
            path.write_text(in_part(text, number, real_pairings()[name][number], seed), encoding="utf-8")
            java = ["java", "-cp", f"{JAR}:{build}", "info.vannier.gotha.RestPair", str(path), str(number)]
            run = subprocess.run(java, capture_output=True, text=True, encoding="utf-8", timeout=600)
            if run.returncode:
                raise SystemExit(f"{name} round {number}: {run.stderr[-400:]}")
            lines = [json.loads(line) for line in run.stdout.splitlines() if line.strip()]
            return {
                "round": number,
                "seed": seed,
                "boards": [[x["table"], x["white"], x["black"], x["handicap"]] for x in lines if "table" in x],
                "bye": next((x["bye"] for x in lines if "bye" in x), None),
            }

        with ThreadPoolExecutor(2) as pool:
            done = list(pool.map(rest, enumerate(jobs)))
    references = {name: reference for (name, _number), reference in zip(jobs, done, strict=True)}
    text = json.dumps(references, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    (REFERENCE / "opengotha_rest.json.xz").write_bytes(lzma.compress(text.encode("utf-8")))


if __name__ == "__main__":
    main()
