"""How the tools run OpenGotha's engine on a real file: as the machine that saved it ran
OpenGotha.  A Turkish machine's OpenGotha writes its players' keys in its own upper case
(``İ`` for ``i``) and finds them again only in that locale — an English one loses those
games whose key holds more than letters (``ONCELAYSE_NİL``).  Such a file (as the import
tells it: ``opengotha.saved_in_turkish``) is paired in Turkish, and the engine's keys are given
back in the English form the tests name players by."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from data.opengotha import parse, saved_in_turkish
from schemes.systems.gotha.pairing import opengotha_key

JAR = Path(__file__).resolve().parents[3] / ".." / "shared" / "opengotha-engine" / "opengotha-engine.jar"
TURKISH = ["-Duser.language=tr", "-Duser.country=TR"]


class Engine:
    """The engine for one file: its Java arguments and the keys translated both ways."""

    def __init__(self, path: Path) -> None:
        root = parse(path)
        self.turkish = saved_in_turkish(root)
        players = [(p.get("name", ""), p.get("firstName", "")) for p in root.iter("Player")] if self.turkish else []
        self.english = {opengotha_key(*names, turkish=True): opengotha_key(*names) for names in players}
        self.own = {english: turkish for turkish, english in self.english.items()}

    def java(self) -> list[str]:
        return ["java", *(TURKISH if self.turkish else [])]

    def key(self, engines: str) -> str:
        """A key the engine printed, as the tests name the player."""
        return self.english.get(engines, engines)

    def engines(self, key: str) -> str:
        """A key as the tests name the player, as the engine knows it."""
        return self.own.get(key, key)


def pair(path: Path, number: int, bye: str | None = None) -> dict[str, object]:
    """The engine's pairing of round ``number`` (``bye``: the key the referee gives the bye)."""
    engine = Engine(path)
    chosen = ["--bye", engine.engines(bye)] if bye is not None else []
    run = subprocess.run([*engine.java(), "-jar", str(JAR), str(path), str(number), *chosen], capture_output=True,
                         text=True, encoding="utf-8", timeout=600)  # fmt: skip
    if run.returncode:
        raise SystemExit(f"{path.name} round {number}: {run.stderr[-400:]}")
    lines = [json.loads(line) for line in run.stdout.splitlines() if line.strip()]
    boards = [line for line in lines if "table" in line]
    return {
        **({"chosen": bye} if bye is not None else {}),
        "boards": [[x["table"], engine.key(x["white"]), engine.key(x["black"]), x["handicap"]] for x in boards],
        "bye": next((engine.key(x["bye"]) for x in lines if "bye" in x), None),
    }
