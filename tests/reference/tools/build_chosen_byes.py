"""Rebuild the stored OpenGotha pairings of rounds whose bye the referee chose (needs Java
and ../shared/opengotha-engine/opengotha-engine.jar; the tests need neither).

    python tests/reference/tools/build_chosen_byes.py

For every round of the real files where OpenGotha's own pairing has a bye (1,097 rounds with someone seated),
one other player of that round, picked by a splitmix64 stream from the players the engine
seated (in key order), is given the bye before pairing — the engine's ``--bye KEY``, which
is OpenGotha's Bye button on a selected player — and the engine's boards are kept.
"""

from __future__ import annotations

import json
import lzma
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
REFERENCE = HERE.parent
sys.path.insert(0, str(REFERENCE.parents[1]))

from tests.reference.cases import stream  # noqa: E402
from tests.reference.corpus import real_pairings, unpack  # noqa: E402
from tests.reference.tools.engine import pair  # noqa: E402


def chosen(seed: int, keys: list[str]) -> str:
    return sorted(keys)[next(stream(seed)) % len(keys)]


def main() -> None:
    with tempfile.TemporaryDirectory() as scratch:
        build(unpack("opengotha_remote.tar.xz", Path(scratch)))


def build(folder: Path) -> None:
    rounds_with_a_bye = [
        (name, number, own)
        for name, rounds in sorted(real_pairings().items())
        for number, own in sorted(rounds.items())
        if own.bye is not None and own.boards
    ]
    jobs = []
    for seed, (name, number, own) in enumerate(rounds_with_a_bye):
        seated = [key for board in own.boards for key in board[1:3]]
        jobs.append((name, number, chosen(seed, seated)))
    with ThreadPoolExecutor(2) as pool:
        done = list(pool.map(lambda job: pair(folder / f"{job[0]}.xml", job[1], job[2]), jobs))
    references: dict[str, dict[str, object]] = {}
    for (name, number, _bye), pairing in zip(jobs, done, strict=True):
        references.setdefault(name, {})[str(number)] = pairing
    text = json.dumps(references, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    (REFERENCE / "opengotha_remote_chosen_byes.json.xz").write_bytes(lzma.compress(text.encode("utf-8")))


if __name__ == "__main__":
    main()
