"""Random OpenGotha tournaments paired round by round by OpenGotha's own engine (needs Java
and ../shared/opengotha-engine/opengotha-engine.jar; the tests need neither).

Each tournament varies every parameter that changes a pairing — bar, floor and zero,
handicap rules, the seeding systems and their last round, the extra criteria, the DUDD
modes, every weight (geography, handicap, categories on or off), the placement criteria
(McMahon, Swiss, Swiss by categories), bye and absence values — and its field: ranks and
ratings, clubs and countries, McMahon corrections, names with blanks, accents and hyphens,
players not yet confirmed (PRE), absences announced for some rounds, odd fields.  Round
after round the engine pairs it (``--save``) and random results are written in, most of
them wins, some jigo, forfeits, both lost, both won, and a few left unknown.  The file
then holds, for every round, the very pairing OpenGotha made from the rounds before it:
the reference the tests compare Tengen's pairing with.

    python tests/reference/tools/random_tournaments.py OUT_FOLDER COUNT [--first SEED] [--players A-B] [--rounds A-B]
        [--clubs-groups]
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
from pathlib import Path
from xml.sax.saxutils import quoteattr

JAR = Path(__file__).resolve().parents[3] / ".." / "shared" / "opengotha-engine" / "opengotha-engine.jar"
SYLLABLES = (
    "ka to mi ra ne lo su vi de ba ri go sa ten mar bel dor fin gal hur jo ki lu mon nor pa ros sto ul var".split()
)
FIRST = ["Anna", "Bruno", "Chloé", "David", "Émile", "Felix", "Greta", "Hugo", "Inès", "Jonas", "Karin", "Léo",
         "Marie", "Nils", "Olga", "Paul", "Rosa", "Simon", "Tara", "Ugo", "Vera", "Jean Paul", "Yann",
         "Zoé"]  # fmt: skip
COUNTRIES = ["FR", "DE", "NL", "RU", "CZ", "PL", "ES", "IT", ""]
RESULTS = (
    ["RESULT_WHITEWINS"] * 40 + ["RESULT_BLACKWINS"] * 40 + ["RESULT_EQUAL"] * 4
    + ["RESULT_WHITEWINS_BYDEF", "RESULT_BLACKWINS_BYDEF", "RESULT_BOTHLOSE_BYDEF", "RESULT_BOTHLOSE",
       "RESULT_BOTHWIN", "RESULT_EQUAL_BYDEF", "RESULT_BOTHWIN_BYDEF", "RESULT_UNKNOWN"]
)  # fmt: skip


def rank_text(rank: int) -> str:
    return f"{-rank}K" if rank < 0 else f"{rank + 1}D"


def criteria(rng: random.Random, system: str) -> list[str]:
    if system == "mcmahon":
        first, pool = (
            ["MMS"],
            ["SOSM", "SOSOSM", "SOSM-1", "SOSM-2", "SODOSM", "CUSSM", "STS", "SOSTS", "Rating", "Rank"],
        )
    elif system == "swiss":
        first = ["NBW"]
        pool = ["SOSW", "SOSOSW", "SOSW-1", "SOSW-2", "SODOSW", "CUSSW", "Rating", "Rank", "EXT", "EXR"]
    else:
        first, pool = ["CAT", "NBW"], ["EXT", "EXR", "SOSW", "SOSOSW", "Rating"]
    chosen = first + rng.sample(pool, rng.randint(0, 3))
    if rng.random() < 0.2:
        chosen.append(rng.choice(["DC", "SDC"]))
    return (chosen + ["NULL"] * 6)[:6]


def parameters(rng: random.Random, system: str, rounds: int, categories: list[int]) -> str:
    bar = rng.randint(-12, 8)
    floor = rng.randint(-30, bar)
    zero = -30 if rng.random() < 0.8 else floor
    general = {
        "basicTime": "60", "beginDate": "2025-01-01", "endDate": "2025-01-02", "complementaryTimeSystem": "SUDDENDEATH",
        "genCountNotPlayedGamesAsHalfPoint": rng.choice(["false", "false", "true"]),
        "genMMBar": rank_text(bar), "genMMFloor": rank_text(floor), "genMMZero": rank_text(zero),
        "genMMS2ValueAbsent": str(rng.randint(0, 2)), "genMMS2ValueBye": str(rng.randint(0, 2)),
        "genNBW2ValueAbsent": str(rng.randint(0, 2)), "genNBW2ValueBye": str(rng.randint(0, 2)),
        "genRoundDownNBWMMS": rng.choice(["true", "false"]), "komi": "7.5", "location": "Random",
        "name": f"random {system}", "numberOfCategories": str(len(categories) + 1),
        "numberOfRounds": str(rounds), "shortName": "random", "size": "19",
    }  # fmt: skip
    handicap = {
        "hdBasedOnMMS": rng.choice(["true", "false"]),
        "hdCeiling": str(rng.choice([0, 0, 9, rng.randint(1, 9)])),
        "hdCorrection": str(rng.randint(0, 3)),
        "hdNoHdRankThreshold": rank_text(rng.randint(-30, 8)),
    }
    extra = ["Rating", "Rank", "NULL", "NBW", "MMS", "SOSW"]
    pairing = {
        "paiBaAvoidDuplGame": "500000000000000",
        "paiBaBalanceWB": str(rng.choice([0, 1000, 1000000])),
        "paiBaDeterministic": "true",
        "paiBaRandom": str(rng.choice([0, 0, 0, 1000000000])),
        "paiMaAdditionalPlacementCritSystem1": rng.choice(extra),
        "paiMaAdditionalPlacementCritSystem2": rng.choice(extra),
        "paiMaAvoidMixingCategories": str(rng.choice([0, 20000000000000])),
        "paiMaCompensateDUDD": rng.choice(["true", "false"]),
        "paiMaDUDDLowerMode": rng.choice(["TOP", "MID", "BOT"]),
        "paiMaDUDDUpperMode": rng.choice(["TOP", "MID", "BOT"]),
        "paiMaDUDDWeight": str(rng.choice([100000000, 0, 500000000])),
        "paiMaLastRoundForSeedSystem1": str(rng.randint(1, 4)),
        "paiMaMaximizeSeeding": str(rng.choice([5000000, 0, 50000000])),
        "paiMaMinimizeScoreDifference": "100000000000",
        "paiMaSeedSystem1": rng.choice(["SPLITANDRANDOM", "SPLITANDFOLD", "SPLITANDSLIP"]),
        "paiMaSeedSystem2": rng.choice(["SPLITANDRANDOM", "SPLITANDFOLD", "SPLITANDSLIP"]),
        "paiSeAvoidSameGeo": str(rng.choice([0, 100000000000, 20000000000000])),
        "paiSeBarThresholdActive": rng.choice(["true", "false"]),
        "paiSeDefSecCrit": str(rng.choice([100000000000, 20000000000000])),
        "paiSeMinimizeHandicap": str(rng.choice([0, 0, 20000000000000])),
        "paiSeNbWinsThresholdActive": rng.choice(["true", "false"]),
        "paiSePreferMMSDiffRatherThanSameClub": str(rng.randint(0, 4)),
        "paiSePreferMMSDiffRatherThanSameCountry": str(rng.randint(0, 3)),
        "paiSeRankThreshold": rank_text(rng.randint(-30, 8)),
        "paiStandardNX1Factor": rng.choice(["0.5", "0.5", "0.0", "1.0", "0.25"]),
    }
    if rng.random() < 0.2:  # one missing attribute: the reader's default, not a new tournament's
        del pairing[rng.choice(sorted(pairing))]

    def attributes(values: dict[str, str]) -> str:
        return " ".join(f"{key}={quoteattr(value)}" for key, value in values.items())

    lines = ["    <TournamentParameterSet>", f"        <GeneralParameterSet {attributes(general)}>"]
    if categories:
        lines.append("            <Categories>")
        for number, limit in enumerate(categories, start=1):
            lines.append(f'                <Category lowerLimit="{rank_text(limit)}" number="{number}"/>')
        lines.append("            </Categories>")
    lines += ["        </GeneralParameterSet>", f"        <HandicapParameterSet {attributes(handicap)}/>"]
    lines += ["        <PlacementParameterSet>", "            <PlacementCriteria>"]
    for number, name in enumerate(criteria(rng, system), start=1):
        lines.append(f'                <PlacementCriterion name="{name}" number="{number}"/>')
    lines += ["            </PlacementCriteria>", "        </PlacementParameterSet>"]
    lines += [f"        <PairingParameterSet {attributes(pairing)}/>", "    </TournamentParameterSet>"]
    return "\n".join(lines)


def players(rng: random.Random, count: int, rounds: int) -> tuple[list[str], list[str]]:
    """The players' lines, and the clubs they come from."""
    clubs = [f"{k:02d}{rng.choice('ABCDEFGHIJ')}{rng.choice('xyz')}" for k in range(max(2, count // 6))]
    lines, keys = [], set()
    while len(lines) < count:
        surname = "".join(rng.choice(SYLLABLES) for _ in range(rng.choice([2, 3]))).capitalize()
        if rng.random() < 0.1:
            surname = rng.choice(["Le ", "Van ", "De-", "O'"]) + surname
        first = rng.choice(FIRST)
        key = (surname + first).replace(" ", "").upper()
        if key in keys:
            continue
        keys.add(key)
        rank = max(-30, min(8, round(rng.gauss(-6, 8))))
        rating = max(-900, min(2949, 2100 + 100 * rank + rng.randint(-49, 49)))
        flags = "".join("0" if rng.random() < 0.06 else "1" for _ in range(rounds)) + "1" * (20 - rounds)
        status = "PRE" if rng.random() < 0.04 else "FIN"
        club = rng.choice(clubs)
        attributes = {
            "name": surname, "firstName": first, "rank": rank_text(rank), "grade": rank_text(rank),
            "rating": str(rating), "club": club, "country": rng.choice(COUNTRIES), "egfPin": "",
            "participating": flags, "registeringStatus": status,
            "smmsCorrection": str(rng.choice([0] * 12 + [-1, 1, 2])),
        }  # fmt: skip
        lines.append("        <Player " + " ".join(f"{k}={quoteattr(v)}" for k, v in attributes.items()) + "/>")
    return lines, clubs


def clubs_groups(rng: random.Random, clubs: list[str]) -> list[str]:
    """One to three groups of two to four clubs each (a club in two groups now and then)."""
    lines = ["    <ClubsGroups>"]
    for number in range(1, rng.randint(1, 3) + 1):
        lines.append(f'        <ClubsGroup name="Group {number}">')
        members = rng.sample(clubs, min(len(clubs), rng.randint(2, 4)))
        lines += [f"            <Club name={quoteattr(club)}/>" for club in members]
        lines.append("        </ClubsGroup>")
    return lines + ["    </ClubsGroups>"]


def results(path: Path, number: int, rng: random.Random) -> None:
    """A result for every game of round ``number`` (most of them wins)."""
    text = path.read_text(encoding="utf-8")
    marker = f'roundNumber="{number}"'
    out, position = [], 0
    while True:
        start = text.find("<Game ", position)
        if start < 0:
            break
        end = text.index("/>", start)
        game = text[start:end]
        if marker in game and 'result="RESULT_UNKNOWN"' in game:
            game = game.replace('result="RESULT_UNKNOWN"', f'result="{rng.choice(RESULTS)}"')
        out.append(text[position:start] + game)
        position = end
    out.append(text[position:])
    path.write_text("".join(out), encoding="utf-8")


def build(path: Path, seed: int, low: int, high: int, rounds_range: tuple[int, int] = (3, 7),
          groups: bool = False) -> None:  # fmt: skip
    rng = random.Random(seed)
    system = rng.choice(["mcmahon", "mcmahon", "swiss", "swisscat"])
    rounds = rng.randint(*rounds_range)
    count = rng.randint(low, high)
    categories = sorted(rng.sample(range(-25, 5), rng.randint(1, 2)), reverse=True) if system == "swisscat" else []
    if system != "swisscat" and rng.random() < 0.15:
        categories = [rng.randint(-15, 3)]
    player_lines, clubs = players(rng, count, rounds)
    lines = [
        '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
        '<Tournament dataVersion="201" fullVersionNumber="3.51.02" runningMode="SAL">',
        "    <Players>",
        *player_lines,
    ]
    lines += [
        "    </Players>",
        "    <Games>",
        "    </Games>",
        parameters(rng, system, rounds, categories),
        *(clubs_groups(rng, clubs) if groups else []),
        "</Tournament>",
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    for number in range(1, rounds + 1):
        run = subprocess.run(["java", "-jar", str(JAR), str(path), str(number), "--save", str(path)],
                             capture_output=True, text=True)  # fmt: skip
        if run.returncode != 0:
            raise SystemExit(f"{path.name}: the engine failed on round {number}: {run.stderr[-500:]}")
        results(path, number, rng)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("folder", type=Path)
    parser.add_argument("count", type=int)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--players", default="6-70")
    parser.add_argument("--rounds", default="3-7")
    parser.add_argument("--clubs-groups", action="store_true", help="each tournament with clubs groups")
    args = parser.parse_args()
    low, high = map(int, args.players.split("-"))
    first, last = map(int, args.rounds.split("-"))
    args.folder.mkdir(parents=True, exist_ok=True)
    for seed in range(args.first, args.first + args.count):
        build(args.folder / f"random-{seed}.xml", seed, low, high, (first, last), args.clubs_groups)
        print(f"random-{seed}.xml", file=sys.stderr)


if __name__ == "__main__":
    main()
