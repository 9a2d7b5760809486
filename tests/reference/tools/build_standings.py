"""Rebuild the stored standings of the real files by OpenGotha's own code (needs Java and
../shared/opengotha-engine/opengotha-engine.jar; the tests need neither).

    python tests/reference/tools/build_standings.py FOLDER_OF_XML_FILES

For each tournament of the folder (the latest file of each name), after the last round
with games: OpenGotha's placement order (``orderedScoredPlayersList``) and every
criterion's value as ``ScoredPlayer.getCritValue`` gives it, by ``StandingsDump.java``.
"""

from __future__ import annotations

import json
import lzma
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REFERENCE = HERE.parent
sys.path.insert(0, str(REFERENCE.parents[1]))

from tests.reference.tools.engine import JAR, Engine  # noqa: E402

CRITERIA = (
    "CAT NBW MMS CPS STS SOSW SOSWM1 SOSWM2 SODOSW SOSOSW CUSSW SOSM SOSMM1 SOSMM2 SODOSM SOSOSM CUSSM SOSTS EXT EXR "
    "Rank Rating DC SDC"
).split()


def latest(folder: Path) -> list[Path]:
    """The last file saved of each tournament (files are named TIMESTAMP_NAME.xml)."""
    newest: dict[str, Path] = {}
    for path in sorted(folder.glob("*.xml")):
        newest[path.name.split("_", 1)[1]] = path
    return sorted(newest.values())


def main() -> None:
    files: dict[str, object] = {}
    with tempfile.TemporaryDirectory() as build:
        subprocess.run(["javac", "-cp", str(JAR), "-d", build, str(HERE / "StandingsDump.java")], check=True)
        for path in latest(Path(sys.argv[1])):
            text = path.read_bytes().decode("latin-1")
            named = [int(r) for r in re.findall(r'<(?:Game|ByePlayer) [^>]*roundNumber="(\d+)"', text)]
            if not named:
                continue
            engine = Engine(path)
            dump = ["-cp", f"{JAR}:{build}", "info.vannier.gotha.StandingsDump", str(path), str(max(named))]
            run = subprocess.run([*engine.java(), *dump], capture_output=True, text=True, encoding="utf-8")
            rows = [json.loads(line) for line in run.stdout.splitlines() if line.strip()]
            if run.returncode == 0 and rows:
                files[path.stem] = {
                    "round": max(named),
                    "players": [[engine.key(r["key"]), *[r[c] for c in CRITERIA]] for r in rows],
                }
    text = json.dumps({"criteria": CRITERIA, "files": files}, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    (REFERENCE / "opengotha_remote_standings.json.xz").write_bytes(lzma.compress(text.encode("utf-8")))


if __name__ == "__main__":
    main()
