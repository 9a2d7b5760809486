"""Rebuild the stored outputs of OpenGotha's matcher and of Java's sort (needs Java and
../shared/opengotha-engine/opengotha-engine.jar; the tests themselves need neither).

    python tests/reference/tools/make_reference.py
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REFERENCE = HERE.parent
sys.path.insert(0, str(REFERENCE.parents[1]))

from tests.reference.cases import matching_case, sort_case  # noqa: E402

JAR = REFERENCE.parents[1] / ".." / "shared" / "opengotha-engine" / "opengotha-engine.jar"
MATCHING_SEEDS = range(600)
SORT_SEEDS = range(1500)


def java(program: str, text: str, build: Path) -> list[str]:
    classpath = f"{JAR}:{build}"
    subprocess.run(["javac", "-cp", classpath, "-d", str(build), str(HERE / f"{program}.java")], check=True)
    run = subprocess.run(["java", "-cp", classpath, program], input=text, capture_output=True, text=True, check=True)
    return run.stdout.splitlines()


def digest(order: str) -> str:
    return hashlib.sha256(order.encode()).hexdigest()[:16]


def main() -> None:
    with tempfile.TemporaryDirectory() as build:
        matrices = [matching_case(seed) for seed in MATCHING_SEEDS]
        text = "".join(
            f"{len(c)} " + " ".join(str(c[i][j]) for i in range(len(c)) for j in range(i + 1, len(c))) + "\n"
            for c in matrices
        )
        mates = java("WM", text, Path(build))
        keys = [sort_case(seed) for seed in SORT_SEEDS]
        orders = java("TS", "".join(" ".join(map(str, [len(k), *k])) + "\n" for k in keys), Path(build))
    assert len(mates) == len(matrices) and len(orders) == len(keys)
    (REFERENCE / "wmatch.json").write_text(
        json.dumps({str(s): [int(x) for x in m.split()] for s, m in zip(MATCHING_SEEDS, mates, strict=True)}) + "\n"
    )
    (REFERENCE / "java_sort.json").write_text(
        json.dumps({str(s): o if o == "ERR" else digest(o) for s, o in zip(SORT_SEEDS, orders, strict=True)}) + "\n"
    )


if __name__ == "__main__":
    main()
