"""The McMahon/Swiss commands of cli.md and mcmahon.md, driven as a script drives them:
import opengotha, players, pairing weights, pair, export opengotha."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from schemes.registry import SCHEMES
from tests.builders import in_part
from tests.tui.test_cli import run

TESTDATA = Path(__file__).parents[2].parent / "shared" / "testdata" / "opengotha"
pytestmark = pytest.mark.shared_data


@pytest.fixture
def mm(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    path = str(tmp_path / "mm.json")
    code, out, err = run(capsys, "import", "opengotha", str(TESTDATA / "simplemm.xml"), path, "--rounds", "2")
    assert (code, err) == (0, "")  # its FFG licences, ratings' origins, director and short name are carried
    assert "mcmahon, 16 players, 2 rounds" in out
    return path


def test_one_round_imported_is_said_in_the_singular(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A trial read «1 rounds of games»."""
    path = str(tmp_path / "one.json")
    code, out, _ = run(capsys, "import", "opengotha", str(TESTDATA / "simplemm.xml"), path, "--rounds", "1")
    assert code == 0 and ": mcmahon, 16 players, 1 round of games from " in out


def test_players_json_has_the_contract_keys(mm: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "-f", mm, "players", "--json")
    players = json.loads(out)
    assert code == 0 and len(players) == 16
    assert players[2] == {
        "id": 3, "no": 3, "surname": "Noguchi", "name": "Motoki", "rank": "7d", "rating": 2666,
        "club": "38Gr", "country": "FR", "pin": None, "preregistered": False,
    }  # fmt: skip


def test_weights_json_lists_every_pair_with_opengothas_names(mm: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "-f", mm, "pairing", "weights", "3", "--json")
    pairs = json.loads(out)
    assert code == 0 and len(pairs) == 16 * 15 // 2
    first = pairs[0]
    assert set(first) == {"players", "costs"}
    assert list(first["costs"]) == [
        "baseDuplicateGameCost", "baseRandomCost", "baseBWBalanceCost", "mainCategoryCost", "mainScoreDiffCost",
        "mainDUDDCost", "mainSeedCost", "secHandiCost", "secGeoCost", "totalCost",
    ]  # fmt: skip
    assert all(p["costs"]["totalCost"] == 1 + sum(v for k, v in p["costs"].items() if k != "totalCost") for p in pairs)


def test_the_first_weights_after_installation_say_they_wait_for_the_compiler(
    mm: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A first ``pairing weights`` compiles the costs (seconds, silent, a trial's «hang»); said
    once, not at every weighing until a pairing (a review), nor after a pairing alone."""
    monkeypatch.setattr("data.state_cache._compiled_marker", lambda kind="compiled": tmp_path / kind)
    (tmp_path / "compiled").touch()  # a pairing's loops kept: not a pair's costs weighed alone
    said = "the first time after installation takes longer: Tengen compiles its pairing code\n"
    assert [run(capsys, "-f", mm, "pairing", "weights", "3", "--json")[::2] for _ in range(2)] == [(0, said), (0, "")]


def test_weights_of_a_paired_round_are_those_it_was_paired_with(mm: str, capsys: pytest.CaptureFixture[str]) -> None:
    before = run(capsys, "-f", mm, "pairing", "weights", "2", "--json")[1]
    assert run(capsys, "-f", mm, "pair")[0] == 0
    assert run(capsys, "-f", mm, "pairing", "weights", "2", "--json")[1] == before


def test_pair_then_export_gives_a_file_that_imports_again(
    mm: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(capsys, "-f", mm, "pair")[0] == 0
    out = tmp_path / "back.xml"
    code, said, _ = run(capsys, "-f", mm, "export", "opengotha", "-o", str(out))
    assert code == 0 and "written" in said
    again = str(tmp_path / "again.json")
    code, said, _ = run(capsys, "import", "opengotha", str(out), again)
    assert code == 0 and "3 rounds of games" in said
    assert (
        json.loads(run(capsys, "-f", again, "pairings", "3", "--json")[1])["boards"]
        == json.loads(run(capsys, "-f", mm, "pairings", "3", "--json")[1])["boards"]
    )


def test_an_import_and_its_export_keep_what_opengotha_prints_in_its_reports(
    mm: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A trial: ``import opengotha`` then ``export opengotha`` lost the FFG licences, their
    statuses, the ratings' origins, the director and the short name: they come back as the
    file had them, player by player."""
    from tests.data.test_opengotha import attributes_of

    out = tmp_path / "back.xml"
    assert run(capsys, "-f", mm, "export", "opengotha", "-o", str(out))[0] == 0
    original = attributes_of((TESTDATA / "simplemm.xml").read_text(encoding="utf-8"))
    assert attributes_of(out.read_text(encoding="utf-8")) == original
    assert original[1] == {"director": "Theo", "shortName": "simplemm_3511"}
    assert sum(bool(player["ffgLicence"]) for player in original[0].values()) == 16


@pytest.mark.parametrize(
    "argv",
    [
        ("pairing", "weights", "9"),
        ("pairing", "weights", "0"),
        ("export", "opengotha"),
    ],
)
def test_bad_requests_say_one_line_and_change_nothing(
    mm: str, capsys: pytest.CaptureFixture[str], argv: tuple[str, ...]
) -> None:
    before = Path(mm).read_bytes()
    code, out, err = run(capsys, "-f", mm, *argv)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert Path(mm).read_bytes() == before


def test_weights_are_for_mcmahon_and_swiss(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = str(tmp_path / "g.json")
    run(capsys, "new", path, "--scheme", "gamma", "--rounds", "3", "--name", "G")
    code, _, err = run(capsys, "-f", path, "pairing", "weights", "1")
    assert code == 2 and err == "tengen: pairing weights are OpenGotha's: mcmahon and swiss only, not gamma\n"


def test_import_never_replaces_a_file(mm: str, capsys: pytest.CaptureFixture[str]) -> None:
    before = Path(mm).read_bytes()
    code, _, err = run(capsys, "import", "opengotha", str(TESTDATA / "simpleswiss.xml"), mm)
    assert code == 2 and "exists" in err
    assert Path(mm).read_bytes() == before


def test_import_of_a_foreign_file_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.xml"
    bad.write_bytes(b"<Tournament><Players><Player name='A' firstName='B' rank='Q'/></Players></Tournament>")
    code, out, err = run(capsys, "import", "opengotha", str(bad), str(tmp_path / "x.json"))
    assert code == 2 and err.count("\n") == 1 and not (tmp_path / "x.json").exists()


def test_an_imports_warnings_quote_the_file_as_printable_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Found by an attack: a criterion's name, a bar or a result code holding a carriage
    return, a CSI or a bidi override reached the terminal raw in the import's warnings, and
    rewrote its lines.  Each warning is one printable line."""
    text = (TESTDATA / "simplemm.xml").read_text(encoding="utf-8")
    text = text.replace('<PlacementCriterion name="NULL" number="4"/>',
                        '<PlacementCriterion name="X&#13;FAKE&#x9b;31m&#x202e;" number="4"/>')  # fmt: skip
    text = text.replace('genMMBar="4D"', 'genMMBar="4&#13;&#x9b;2J"')
    hostile = tmp_path / "hostile.xml"
    hostile.write_text(text, encoding="utf-8")
    code, _out, err = run(capsys, "import", "opengotha", str(hostile), str(tmp_path / "x.json"))
    assert code == 0 and "placement criterion X FAKE?31m? is unknown" in err and "genMMBar=4 ?2J is no rank" in err
    assert err.endswith("\n") and err.replace("\n", "").isprintable()  # splitlines would split a CR away


def test_teams_command_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from pypdf import PdfReader

    path = str(tmp_path / "t.json")
    run(capsys, "new", path, "--scheme", "round-robin", "--name", "Кубок школ")
    for surname, team in (("А", "Школа 1"), ("Б", "Школа 1"), ("В", "Школа 2"), ("Г", "Школа 2")):
        assert run(capsys, "-f", path, "player", "add", "--surname", surname, "--name", "Я", "--rank", "5k",
                   "--team", team)[0] == 0  # fmt: skip
    code, out, _ = run(capsys, "-f", path, "teams", "--json", "--best", "1")
    data = json.loads(out)
    assert code == 0 and (data["by"], data["best"], data["after_round"]) == ("team", 1, 0)
    assert sorted(t["team"] for t in data["teams"]) == ["Школа 1", "Школа 2"]
    table = run(capsys, "-f", path, "teams", "--best", "1")[1].splitlines()  # a trial: what were its numbers?
    assert table[1].split() == ["Place", "Team", "Score", "All", "Best", "Players"] and len(table) == 4
    assert table[0] == "Кубок школ — team standings before round 1 (the best 1 by wins)"
    clubs = run(capsys, "-f", path, "teams", "--by", "country")[1].splitlines()  # a review: «командный зачёт» for clubs
    assert clubs[0] == "Кубок школ — countries' standings before round 1 (the best 3 by wins)"
    assert clubs[1].split()[:2] == ["Place", "Country"]
    code, out, _ = run(capsys, "-f", path, "print", "teams", "--by", "club", "-o", str(tmp_path / "clubs.pdf"))
    assert (code, out) == (0, f"clubs' standings written to {tmp_path / 'clubs.pdf'}\n")
    scored = tmp_path / "scored.pdf"  # as ``teams --points score`` counts them, said under the table
    assert run(capsys, "-f", path, "print", "teams", "--points", "score", "-o", str(scored))[0] == 0
    text = " ".join(PdfReader(scored).pages[0].extract_text().split())
    assert "Очки игрока в зачёте — его «Очки» из турнирного положения" in text
    for command in (["teams"], ["print", "teams", "-o", str(tmp_path / "teams.pdf")]):  # one reading of --best
        code, _, err = run(capsys, "-f", path, *command, "--best", "0")
        assert code == 2 and err == f"tengen {command[0]}: argument --best: 1 or more\n"
    assert not (tmp_path / "teams.pdf").exists()


def test_prizes_json_and_paper(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from pypdf import PdfReader

    path = str(tmp_path / "p.json")
    run(capsys, "new", path, "--scheme", "round-robin", "--name", "Детский кубок", "--dates", "05.12.2026")
    for surname, born, sex in (("Аня", "2015-01-01", "ж"), ("Боря", "2013-01-01", "м"), ("Вика", "2016-06-01", "ж")):
        assert run(capsys, "-f", path, "player", "add", "--surname", surname, "--name", "Я", "--rank", "20k",
                   "--birth", born, "--sex", sex)[0] == 0  # fmt: skip
    assert run(capsys, "-f", path, "pair")[0] == 0 and run(capsys, "-f", path, "result", "1", "1", "W+")[0] == 0
    code, out, _ = run(
        capsys, "-f", path, "prizes", "--json", "--places", "1", "--special", "youngest", "--no-women", "--many"
    )
    prizes = json.loads(out)
    assert code == 0
    assert [p["prize"] for p in prizes][-1] == "youngest" and all(
        set(p) == {"prize", "players", "value", "passed_over", "withdrawn"} for p in prizes
    )
    assert [p["passed_over"] for p in prizes] == [[], []]  # --many: nobody passed over
    assert prizes[-1]["players"] == [3] and prizes[-1]["value"] == "10"
    pdf = tmp_path / "prizes.pdf"
    assert run(capsys, "-f", path, "print", "prizes", "-o", str(pdf))[0] == 0
    text = "\n".join(page.extract_text() for page in PdfReader(pdf).pages)
    assert "Призёры" in text and "1 место" in text and "Вика Я" in text
    # what is shown is what is printed (a review: «most wins» went to another player on paper)
    chosen = ["--places", "1", "--special", "youngest", "--no-women", "--many"]
    assert run(capsys, "-f", path, "print", "prizes", *chosen, "-o", str(pdf))[0] == 0
    rows = [line for page in PdfReader(pdf).pages for line in page.extract_text().splitlines()]
    shown = [line for line in run(capsys, "-f", path, "prizes", *chosen)[1].splitlines()[1:] if line.strip()]
    assert len(shown) == 2 and any(line.startswith("самый юный") and "Вика Я" in line for line in rows)
    assert not any(line.startswith(("2 место", "3 место", "среди женщин")) for line in rows)  # --places 1, --no-women
    before = pdf.read_bytes()
    ignored = [("standings", "--many"), ("prizes", "--best=2"), ("teams", "--places=2"), ("cards", "--by=club"),
               ("standings", "--places=0"), ("table", "--count=0"), ("standings", "--no-women"),
               ("blank-cards", "--round=1")]  # fmt: skip
    for kind, option in ignored:
        code, _, err = run(capsys, "-f", path, "print", kind, option, "-o", str(pdf))
        assert (code, err) == (2, f"tengen: print {kind} takes no {option.split('=')[0]}\n")  # not ignored
    assert pdf.read_bytes() == before


def test_settings_param_changes_a_mcmahon_parameter(mm: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "-f", mm, "settings", "--param", "genMMBar=3D", "--place", "Marseille")
    assert code == 0 and "genMMBar 3D" in out and "place Marseille" in out
    rows = run(capsys, "-f", mm, "settings")[1]
    assert any(line.split()[:2] == ["genMMBar", "3D"] for line in rows.splitlines())
    before = Path(mm).read_bytes()
    code, _, err = run(capsys, "-f", mm, "settings", "--param", "paiMaSeedSystem1=RANDOMLY")
    assert code == 2 and err.count("\n") == 1 and Path(mm).read_bytes() == before


def test_a_round_missing_results_is_paired_after_only_when_asked(mm: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "-f", mm, "pair")
    assert code == 0 and "round 3" in out
    run(capsys, "-f", mm, "result", "3", "1", "W+")
    code, _, err = run(capsys, "-f", mm, "pair")
    assert code == 2 and "round 3 is not complete: no result on boards 2–8 (pair --incomplete" in err
    code, out, err = run(capsys, "-f", mm, "pair", "--incomplete")
    assert (code, err) == (0, "") and "round 4" in out
    code, out, _ = run(capsys, "-f", mm, "pairings", "3", "--json")
    assert sum(b["result"] is None for b in json.loads(out)["boards"]) == 7
    code, _, err = run(capsys, "-f", mm, "result", "3", "2", "W+")  # the game that went on, entered now
    assert (code, err) == (0, "warning: round 4 was paired without this result of round 3\n")  # no «old result»


def test_a_player_registered_in_advance_is_paired_once_confirmed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(tmp_path / "pre.json")
    run(capsys, "new", path, "--scheme", "mcmahon", "--rounds", "3", "--name", "Кубок")
    for surname in ("Аа", "Бб", "Вв"):
        assert run(capsys, "-f", path, "player", "add", "--surname", surname, "--name", "Я", "--rank", "5k")[0] == 0
    assert run(capsys, "-f", path, "player", "add", "--surname", "Гг", "--name", "Я", "--rank", "3k", "--pre")[0] == 0
    code, out, _ = run(capsys, "-f", path, "players")
    assert "Гг Я" in out and "(registered in advance)" in out
    run(capsys, "-f", path, "pair")
    code, out, _ = run(capsys, "-f", path, "pairings", "1", "--json")
    first = json.loads(out)
    assert len(first["boards"]) == 1 and len(first["byes"]) == 1 and 4 not in first["byes"]
    for board in first["boards"]:
        run(capsys, "-f", path, "result", "1", str(board["board"]), "B+")
    assert run(capsys, "-f", path, "player", "edit", "4", "--confirm")[0] == 0
    run(capsys, "-f", path, "pair")
    code, out, _ = run(capsys, "-f", path, "pairings", "2", "--json")
    second = json.loads(out)
    assert len(second["boards"]) == 2 and 4 in {p for b in second["boards"] for p in (b["white"], b["black"])}


@pytest.mark.parametrize("scheme", [name for name, s in SCHEMES.items() if not s.traits.confirms_players])
def test_registering_in_advance_is_for_opengothas_schemes_and_pairing_early_for_those_that_may(
    scheme: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(tmp_path / "t.json")
    run(
        capsys,
        "new",
        path,
        "--scheme",
        scheme,
        "--name",
        "Кубок",
        *(["--rounds", "4"] if SCHEMES[scheme].traits.rounds_required else []),
    )
    for surname in ("Аа", "Бб", "Вв", "Гг"):
        run(capsys, "-f", path, "player", "add", "--surname", surname, "--name", "Я", "--rank", "5k")
    before = Path(path).read_bytes()
    code, _, err = run(capsys, "-f", path, "player", "add", "--surname", "Дд", "--name", "Я", "--rank", "5k", "--pre")
    assert code == 2 and "registering in advance is for mcmahon and swiss\n" in err  # named from the registry
    run(capsys, "-f", path, "pair")
    run(capsys, "-f", path, "result", "1", "1", "W+")
    after_one = Path(path).read_bytes()
    code, _, err = run(capsys, "-f", path, "pair", "--incomplete")
    if SCHEMES[scheme].traits.pairs_early:  # the round robin: its table does not wait for results
        assert (code, err) == (0, "")
        return
    assert code == 2 and "pairs a round only when the one before is complete" in err
    assert Path(path).read_bytes() == after_one and before != after_one


def test_pair_rest_pairs_the_players_a_round_left_off_its_boards(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A switched file's last round paired in part: ``pair --rest`` seats the four left on the
    tables left free (1 and 3, as OpenGotha's Pair does), the other boards as they were; asked
    again, or beside the next round's options, it is one line and the file unchanged."""
    source = tmp_path / "part.xml"
    source.write_text(in_part((TESTDATA / "simplemm.xml").read_text(encoding="utf-8"), "[13]"), encoding="utf-8")
    path = str(tmp_path / "part.json")
    code, _, err = run(capsys, "import", "opengotha", str(source), path)
    assert code == 0 and "key n in the rounds tab pairs them, its boards kept (pair --rest on the command line)" in err
    code, out, err = run(capsys, "-f", path, "pair")  # the event's rounds all paired: pointed to --rest
    assert (code, out) == (2, "") and err == (
        "tengen: all 5 rounds are paired (pair --rest pairs the 4 players on no board of round 5)\n"
    )
    code, out, err = run(capsys, "-f", path, "pair", "--rest", "--bye", "999")
    assert (code, err) == (2, "tengen: unknown player 999\n")
    code, out, err = run(capsys, "-f", path, "pair", "--rest", "--order", "1")
    assert (code, out) == (2, "") and err.count("\n") == 1 and "--order and --incomplete go with the next round" in err
    code, out, err = run(capsys, "-f", path, "pair", "--rest")
    assert code == 0, err
    lines = out.splitlines()
    assert re.match(r"\s+1\s+14\. Karadaban Denis \(6d\)\s+12\. Lefebvre Loïc \(3d\)", lines[2])
    assert re.match(r"\s+3\s+9\. Lemoine Theo \(3d\)\s+3\. Noguchi Motoki \(7d\)", lines[4])
    assert len(lines) == 2 + 8
    before = Path(path).read_bytes()
    code, out, err = run(capsys, "-f", path, "pair", "--rest")
    assert (code, out, err) == (2, "", "tengen: round 5: every player who plays it is on a board\n")
    assert Path(path).read_bytes() == before
    code, out, _ = run(capsys, "-f", path, "log")
    assert "round 5: the players on no board paired" in out


def test_pair_says_the_players_a_round_left_off_its_boards_keep_no_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The app asks of the rest before the next round; a script pairing on is told that they
    have no game in it, and how to seat them."""
    source = tmp_path / "part.xml"
    text = in_part((TESTDATA / "simplemm.xml").read_text(encoding="utf-8"), "[13]")
    source.write_text(text.replace('numberOfRounds="5"', 'numberOfRounds="6"'), encoding="utf-8")
    path = str(tmp_path / "part.json")
    assert run(capsys, "import", "opengotha", str(source), path)[0] == 0
    code, out, err = run(capsys, "-f", path, "pair", "--incomplete")
    assert code == 0 and out.startswith("SimpleMM — round 6")
    assert "warning: round 5: 4 players on no board, left without a game in it (pair --rest pairs them" in err


def test_pair_rest_says_whose_bye_it_takes_back(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Three on no board beside Karadaban's bye, no result yet: his bye is taken back, and said."""
    source = tmp_path / "part.xml"
    text = in_part((TESTDATA / "simplemm.xml").read_text(encoding="utf-8"), "[13]", bye="KARADABANDENIS")
    source.write_text(text, encoding="utf-8")
    path = str(tmp_path / "part.json")
    assert run(capsys, "import", "opengotha", str(source), path)[0] == 0
    code, out, err = run(capsys, "-f", path, "pair", "--rest", "--bye", "14")  # his bye goes: nobody sits out
    assert (code, err) == (2, "tengen: round 5: player No. 14 (Karadaban D.) plays instead of his bye, so nobody "
                              "sits out (to keep his bye, mark another of them as skipping the round)\n")  # fmt: skip
    code, out, err = run(capsys, "-f", path, "pair", "--rest")
    assert code == 0 and "Bye" not in out
    assert "warning: player No. 14 (Karadaban D.) plays instead of his bye\n" in err
