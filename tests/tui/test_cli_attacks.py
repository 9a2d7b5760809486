"""The command line under attack (issue 12): every refusal is one line on stderr, exit
status 2, and the file exactly as it was."""

import json
import string
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import copied_once
from tests.tui.test_cli import registered_by_commands
from tui.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def refused(capsys: pytest.CaptureFixture[str], *argv: str, file: Path | None = None) -> str:
    """Run a command that must be refused: exit 2, one line, the file unchanged."""
    before = file.read_bytes() if file is not None and file.exists() else None
    code, out, err = run(capsys, *argv)
    assert code == 2, (argv, out, err)
    assert len(err.splitlines()) == 1 and err.startswith("tengen"), err
    if file is not None:
        assert (file.read_bytes() if file.exists() else None) == before
    return err


def _cup(folder: Path) -> None:
    """A FORS event of three, three rounds (``cup``)."""
    players = (("Иванов", "2400"), ("Петров", "2300"), ("Сидоров", "2200"))
    registered_by_commands(
        folder,
        ["cup.json", "--scheme", "fors", "--rounds", "3", "--name", "Кубок"],
        [["--surname", surname, "--name", "Я", "--rating", rating] for surname, rating in players],
    )


@pytest.fixture
def cup(tmp_path_factory: pytest.TempPathFactory, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A FORS event of three registered by the command line, not paired: ``cup.json`` and its
    backup, made once per run and copied (``copied_once``)."""
    path = copied_once(tmp_path_factory, "cli-attacks-cup", _cup, tmp_path) / "cup.json"
    capsys.readouterr()  # what the commands said, where this test made it
    return path


@pytest.mark.parametrize("komi", ["inf", "nan", "-inf", "1e308", "6.3", "6_5", "1e-400", ".", "0x7", "1.2.3"])
def test_bad_komi_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str], komi: str) -> None:
    path = tmp_path / "x.json"
    assert "bad komi" in refused(
        capsys, "new", str(path), "--scheme", "gamma", "--rounds", "3", "--name", "X", f"--komi={komi}"
    )
    assert not path.exists()


def test_a_komi_of_minus_nought_is_nought(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An attack: ``--komi -0`` was kept and said back as «komi -0»."""
    path = tmp_path / "x.json"
    assert run(capsys, "new", str(path), "--scheme", "gamma", "--rounds", "3", "--name", "X", "--komi=-0")[0] == 0
    assert json.loads(path.read_text())["events"]["1"]["data"]["komi"] == 0
    komi = next(line for line in run(capsys, "-f", str(path), "settings")[1].splitlines() if line.startswith("komi"))
    assert komi.split()[1] == "0"


@pytest.mark.parametrize(
    "param",
    ["bye_points=inf", "win_points=nan", "loss_points=1e400", "start_per_rank=" + "9" * 5000, "handicap_cap=-inf"],
)
def test_bad_points_parameters_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str], param: str) -> None:
    path = tmp_path / "x.json"
    err = refused(capsys, "new", str(path), "--scheme", "fors", "--rounds", "3", "--name", "X", "--param", param)
    assert len(err) < 400 and not path.exists()


def test_huge_numbers_in_arguments(cup: Path, capsys: pytest.CaptureFixture[str]) -> None:
    huge = "9" * 5000
    for argv in (
        ("result", huge, "1", "W+"),
        ("player", "skip", "1", huge),
        ("undo", huge),
        ("player", "add", "--surname", "X", "--name", "Y", "--rating", huge),
        ("pairings", huge),
    ):
        assert len(refused(capsys, "-f", str(cup), *argv, file=cup)) < 400


def _edit(path: Path, change) -> None:
    data = json.loads(path.read_text())
    change(data["events"])
    path.write_text(json.dumps(data))


@pytest.mark.parametrize(
    "change",
    [
        lambda events: events["1"]["data"].update(komi=float("nan")),
        lambda events: events["1"]["data"].update(komi=float("inf")),
        lambda events: events["1"]["data"].update(dates="2026-13-45"),
        lambda events: events["1"]["data"].update(dates="tomorrow"),
        lambda events: events["2"]["data"].update(surname="Evil\x1b[2J"),
        lambda events: events["2"]["data"].update(surname="Cup\nINJECTED 1 X 5d"),
        lambda events: events["5"]["data"]["extra"].update(start_ranks={"1": "high"}),
        lambda events: events["5"]["data"]["extra"]["start_ranks"].update({"³": 20}),  # a digit to isdigit, not to int
        lambda events: events["5"]["data"]["extra"].pop("base_rank"),
        lambda events: events["5"]["data"]["extra"].update(surprise=1),
        lambda events: events["5"]["data"]["boards"][0].update(komi=float("nan")),
        lambda events: events["5"].update(at="\x1b]0;owned\x07"),
    ],
)
def test_a_hand_edited_file_is_refused_when_loaded(cup: Path, capsys: pytest.CaptureFixture[str], change) -> None:
    assert run(capsys, "-f", str(cup), "pair")[0] == 0
    _edit(cup, change)
    for command in (("standings",), ("export", "rating"), ("log",), ("pairings",)):
        err = refused(capsys, "-f", str(cup), *command, file=cup)
        assert "\x1b" not in err


def test_deeply_nested_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 200_000 + "]" * 200_000)
    assert "not a Tengen tournament" in refused(capsys, "-f", str(path), "standings", file=path)


def test_an_argument_in_another_encoding(cup: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cp1251 = "Иванов".encode("cp1251").decode("utf-8", "surrogateescape")  # what Python makes of it
    err = refused(capsys, "-f", str(cup), "player", "add", "--surname", cp1251, "--name", "И", "--rank", "3k", file=cup)
    assert "argument 6" in err and "UTF-8" in err


def test_output_paths(cup: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    other = tmp_path / "other.json"
    assert run(capsys, "new", str(other), "--scheme", "gamma", "--rounds", "3", "--name", "Другой")[0] == 0
    (tmp_path / "cup.json.lock").write_text("")
    for output in (
        str(tmp_path),
        "",
        str(tmp_path / "missing" / "x.pdf"),
        str(cup),
        str(cup) + ".bak",
        str(cup) + ".lock",
        str(other),
    ):
        for command in (("print", "registration", "-o", output), ("export", "rating", "-o", output)):
            refused(capsys, "-f", str(cup), *command, file=cup)
    assert json.loads(other.read_text())["meta"]["1"]["format"] == "tengen-tournament"


def test_no_output_replaces_what_a_tournament_keeps_beside_it_or_a_tournament_in_another_key_order(
    cup: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An attack: ``jq -S`` puts ``events`` before ``meta`` (the loader reads it, the head check
    did not: a PDF replaced it, no backup); a future backup, a kept damaged file and a writer's
    temporary name of another tournament were written, then replaced or removed by its next
    entry.  A name that only looks like a backup of a file that is no tournament is written."""
    for i in range(60):  # its format record past the first 4 KB once sorted: the head check missed it
        run(capsys, "-f", str(cup), "player", "add", "--surname", f"Игрок{i:02d}", "--name", "Я", "--rank", "5k")
    sorted_keys = tmp_path / "sorted.json"
    sorted_keys.write_text(json.dumps(json.loads(cup.read_text()), sort_keys=True, indent=1))
    assert sorted_keys.read_bytes().find(b'"tengen-tournament"') > 4096
    assert run(capsys, "-f", str(sorted_keys), "log")[0] == 0  # a tournament to the loader
    for output in (sorted_keys, Path(f"{cup}.damaged"), Path(f"{cup}.damaged-2"),
                   tmp_path / ".cup.json.tmp-0a1b", tmp_path / ".cup.json.bak-0a1b"):  # fmt: skip
        before = sorted_keys.read_bytes()
        err = refused(capsys, "-f", str(cup), "print", "registration", "-o", str(output), file=cup)
        assert "is a tournament file (or its backup or lock)" in err
        assert not output.exists() or output == sorted_keys
        assert sorted_keys.read_bytes() == before
    (tmp_path / "notes.txt").write_text("notes")
    assert run(capsys, "-f", str(cup), "print", "registration", "-o", str(tmp_path / "notes.txt.bak"))[0] == 0


def test_a_backup_is_never_written_as_a_tournament_of_its_own(cup: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An attack: ``-f cup.json.bak`` (a tab completion too far) wrote an entry into the backup
    as a tournament of its own, said done; ``cup.json``'s next entry replaced it."""
    backup = Path(f"{cup}.bak")
    assert backup.is_file()
    err = refused(
        capsys, "-f", str(backup), "player", "add", "--surname", "A", "--name", "B", "--rank", "5k", file=backup
    )
    assert err == (
        f"tengen: {backup.name} is what Tengen keeps beside {cup.name}: open {cup.name} itself "
        f"(tengen restore {cup.name} puts its backup back)\n"
    )
    assert not Path(f"{backup}.bak").exists() and not Path(f"{backup}.lock").exists()
    assert run(capsys, "-f", str(backup), "log")[0] == 0  # read, it is what it is


def test_a_file_in_a_folder_that_does_not_exist(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "nowhere" / "cup.json"
    assert "no such folder" in refused(
        capsys, "-f", str(path), "player", "add", "--surname", "A", "--name", "B", "--rank", "3k"
    )
    assert "no such folder" in refused(capsys, "new", str(path), "--scheme", "gamma", "--rounds", "3", "--name", "X")
    assert not path.parent.exists()


def test_rating_table_of_a_gamma_event_before_round_one(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "g.json"
    assert (
        run(capsys, "new", str(path), "--scheme", "gamma", "--rounds", "3", "--name", "G", "--dates", "1.11.2026")[0]
        == 0
    )
    assert run(capsys, "-f", str(path), "player", "add", "--surname", "A", "--name", "B", "--rank", "3k")[0] == 0
    code, out, err = run(capsys, "-f", str(path), "export", "rating")
    assert code == 0 and err == "" and "Rating L Kb Pl" in out


@pytest.mark.parametrize(
    "surname, reason",
    [
        ("Cup\nINJECTED 1 X 5d", "line break"),
        ("Evil\x1b[2J", "U+001B"),
        ("Tab\there", "U+0009"),
        ("Zero\u200bwidth", "U+200B"),
        ("\u3164\u3164", "nothing visible"),
        ("Я" * 101, "at most 100"),
    ],
)
def test_hostile_names_are_refused_at_entry(
    cup: Path, capsys: pytest.CaptureFixture[str], surname: str, reason: str
) -> None:
    assert reason in refused(
        capsys, "-f", str(cup), "player", "add", "--surname", surname, "--name", "X", "--rank", "3k", file=cup
    )
    assert reason in refused(capsys, "-f", str(cup), "player", "edit", "1", "--club", surname, file=cup)


def test_a_line_break_in_a_title_or_time_control(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "x.json"
    refused(capsys, "new", str(path), "--scheme", "gamma", "--rounds", "3", "--name", "Cup\nINJECTED 1 X 5d")
    refused(capsys, "new", str(path), "--scheme", "gamma", "--rounds", "3", "--name", "Cup", "--place", "A\rB")
    assert not path.exists()


def test_restore_shows_what_the_backup_holds_and_asks(
    cup: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    cup.write_bytes(b"{ broken")
    err = refused(capsys, "-f", str(cup), "standings", file=cup)
    assert "cup.json.bak" in err and "tengen restore" in err
    monkeypatch.setattr("sys.stdin", io.StringIO("n\n"))
    assert "nothing restored" in refused(capsys, "restore", str(cup), file=cup)
    monkeypatch.setattr("sys.stdin", io.StringIO("y\n"))
    code, out, _ = run(capsys, "restore", str(cup))
    assert code == 0 and "3 events" in out and "player 2 registered: Петров Я" in out
    assert run(capsys, "-f", str(cup), "standings")[0] == 0


@pytest.mark.parametrize("kind", ["pipe", "folder", "device"])
def test_restore_of_a_backup_that_is_no_file_says_what_it_is(
    cup: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    """An attack: a pipe, a folder or a link to /dev/zero named ``cup.json.bak`` was «no such
    file, nothing to restore»."""
    import os

    backup = cup.with_name("cup.json.bak")
    backup.unlink()
    said = {"pipe": "a device or a pipe, not a file", "folder": "a folder, not a file: nothing to restore",
            "device": "a device or a pipe, not a file"}  # fmt: skip
    if kind == "pipe":
        os.mkfifo(backup)
    elif kind == "folder":
        backup.mkdir()
    else:
        backup.symlink_to("/dev/zero")
    assert f"{backup}: {said[kind]}" in refused(capsys, "restore", str(cup), file=cup)


def test_restore_over_a_file_that_reads_well_says_what_it_drops(
    cup: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The question described the backup only, and called the current file the one to keep
    as damaged: a «д» dropped the last entry of a healthy file."""
    import io

    from tui.views import local_time

    monkeypatch.setattr("sys.stdin", io.StringIO("n\n"))
    refused(capsys, "restore", str(cup), file=cup)
    code, out, _ = run(capsys, "restore", str(cup), "--yes")
    assert code == 0
    assert out.splitlines()[1:3] == [
        "cup.json: Кубок, 4 events, 0 rounds paired; last entry 4 at "
        + local_time(json.loads(cup.with_suffix(".json.damaged").read_text())["events"]["4"]["at"])  # the clock's
        + ": player 3 registered: Сидоров Я",
        "cup.json reads well: putting cup.json.bak back drops its last entries (1)",
    ]


ALPHABET = st.sampled_from(list(string.printable) + ["\x00", "\x1b", "\u200b", "\u2028", "Я", "ё", "\udcff"])
WORDS = st.lists(
    st.text(ALPHABET, max_size=12)
    | st.sampled_from(
        [
            "-f",
            "--rating",
            "--rank",
            "--komi",
            "--param",
            "-o",
            "--json",
            "--after",
            "--round",
            "W+",
            "3k",
            "1",
            "0",
            "-1",
            "[/x]",
            "9" * 400,
            "inf",
            "nan",
            "--komi=nan",
            "bye_points=inf",
            "2026-13-01",
            "--xlsx",
            "--csv",
            "--best",
            "--age",
            "--special",
            "--sex",
            "--top",
            "--from",
            "--name=--",  # argparse made it an empty list: a traceback (a review)
            "--by=--",  # and took it past the option's choices
            "--points=--",
            "--club=--",
            "--",
        ]
    ),
    max_size=6,
)
COMMANDS = [
    ["player", "add", "--surname"],
    ["player", "edit", "1"],
    ["player", "skip"],
    ["player", "withdraw"],
    ["pair"],
    ["pairing", "swap", "1"],
    ["pairing", "colours", "1"],
    ["result", "1"],
    ["undo"],
    ["redo"],
    ["log"],
    ["pairings"],
    ["standings"],
    ["print", "cards", "-o"],
    ["export", "rating"],
    ["players"],
    ["new"],
    ["restore"],
    ["pairing", "weights"],
    ["teams"],
    ["prizes"],
    ["print", "blank-cards", "--count"],
    ["print", "teams", "-o"],
    ["export", "standings"],
    ["export", "opengotha", "-o"],
    ["import", "opengotha"],
    ["player", "add", "--surname", "X", "--rank", "5k", "--birth"],
]


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(COMMANDS), WORDS)
def test_random_command_lines_never_crash_and_refusals_change_nothing(
    cup: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    command: list[str],
    words: list[str],
) -> None:
    monkeypatch.chdir(cup.parent)  # whatever a command writes lands beside the tournament
    before = cup.read_bytes()
    try:
        code = main(["-f", str(cup), *command, *words])
    except SystemExit as exit_:  # argparse's --help
        code = exit_.code  # type: ignore[assignment]
    out, err = capsys.readouterr()
    assert code in (0, 2), (command, words, err)
    assert "Traceback" not in err
    if code == 2:
        assert len(err.splitlines()) == 1, err
        assert cup.read_bytes() == before
    assert "\x1b" not in out + err


@pytest.mark.parametrize("option", ["--by=--", "--points=--"])
def test_an_option_given_two_dashes_is_held_to_its_choices(
    cup: Path, capsys: pytest.CaptureFixture[str], option: str
) -> None:
    """A review: ``teams --by=--`` was a traceback, ``--points=--`` a table "by --"."""
    assert "invalid choice: '--'" in refused(capsys, "-f", str(cup), "teams", option, file=cup)


def test_a_word_of_two_dashes_after_the_end_of_the_options_is_that_word(
    cup: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The command-line attack: ``import opengotha a.xml -- --`` was a traceback (argparse
    dropped the second ``--`` too, and handed the file's name as an empty list).  After the
    ``--`` that ends the options, ``--`` is a file name as any other."""
    monkeypatch.chdir(cup.parent)
    assert run(capsys, "-f", str(cup), "export", "opengotha", "-o", "cup.xml")[0] == 0
    code, out, err = run(capsys, "import", "opengotha", "cup.xml", "--", "--")
    assert (code, err) == (0, ""), err
    assert out.startswith("created --: ") and (cup.parent / "--").is_file()


def test_a_loop_of_symbolic_links_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str], cup: Path) -> None:
    """Issue 25: ``ln -s b a; ln -s a b; tengen -f a standings`` was a traceback — so were
    ``new``, ``print -o``, ``export -o`` and ``restore``."""
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    loop = str(tmp_path / "a")
    for argv in (
        ("-f", loop, "standings"),
        ("new", loop, "--scheme", "fors", "--rounds", "3", "--name", "X"),
        ("restore", loop),
        ("-f", str(cup), "print", "standings", "-o", loop),
        ("-f", str(cup), "export", "rating", "-o", loop),
    ):
        assert "a loop of symbolic links" in refused(capsys, *argv, file=cup)


@pytest.mark.parametrize("key", ["022", " 22", "٢", "2 ", "+2", "9" * 5000])
def test_an_event_key_that_is_not_plainly_a_number_is_damage(
    cup: Path, capsys: pytest.CaptureFixture[str], key: str
) -> None:
    """Issue 25: ``"022"``, ``" 22"`` or ``"٢"`` as an event's key was a ``KeyError``."""
    _edit(cup, lambda events: events.update({key: events.pop("2")}))
    assert "damaged" in refused(capsys, "-f", str(cup), "standings", file=cup)


def test_a_number_of_5000_digits_anywhere_in_the_file_is_damage(cup: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 25: ``ValueError: Exceeds the limit (4300 digits)`` came through as a traceback."""
    cup.write_bytes(cup.read_bytes().replace(b'"rating":2400', b'"rating":' + b"9" * 5000))
    assert "not a Tengen tournament" in refused(capsys, "-f", str(cup), "standings", file=cup)


def test_a_file_an_editor_saved_with_a_bom_is_read(cup: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 25: a UTF-8 BOM made the file "not a tournament"; it is read, and the next
    change writes it in the usual form."""
    cup.write_bytes(b"\xef\xbb\xbf" + cup.read_bytes())
    code, out, _ = run(capsys, "-f", str(cup), "players")
    assert code == 0 and "Иванов" in out
    assert run(capsys, "-f", str(cup), "player", "add", "--surname", "Козлов", "--name", "К", "--rank", "2k")[0] == 0
    assert cup.read_bytes().startswith(b'{"meta"') and "Козлов" in run(capsys, "-f", str(cup), "players")[1]


def test_a_device_or_a_pipe_is_neither_read_nor_replaced(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], cup: Path
) -> None:
    """``-o`` onto a device node replaced it by a file (as root, ``-o /dev/full`` broke the
    system's device); a pipe as the tournament or the output hung.  Refused in one line."""
    import os

    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    assert "a device or a pipe" in refused(capsys, "-f", str(pipe), "standings")
    for argv in (("export", "opengotha", "-o", str(pipe)), ("print", "standings", "-o", "/dev/null")):
        assert "a device or a pipe" in refused(capsys, "-f", str(cup), *argv, file=cup)
    assert Path("/dev/null").is_char_device() and pipe.is_fifo()


def test_a_damaged_file_on_a_sticks_deep_folder_says_the_whole_restore_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], cup: Path
) -> None:
    """The line was cut at 300 characters: in the middle of the path its ``tengen restore``
    gave."""
    deep = tmp_path / "media" / "ivan" / "KINGSTON" / "Турниры" / "2026" / ("Кубок города среди школьников " * 3)
    deep.mkdir(parents=True)
    path = deep / "кубок-города-2026-финал.json"
    cup.rename(path)
    assert (
        run(capsys, "-f", str(path), "player", "add", "--surname", "Ёлкин", "--name", "Я", "--rating", "2000")[0] == 0
    )
    path.write_bytes(path.read_bytes()[:100])
    said = refused(capsys, "-f", str(path), "standings", file=path)
    assert said.rstrip("\n").endswith(f"tengen restore {path} puts it back") and len(said) > 300


def test_ctrl_c_while_the_command_loads_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Its modules take a third of a second to load: a Ctrl+C then was a traceback."""
    import sys
    import types

    from tui import i18n, start

    monkeypatch.setattr(i18n, "_language", i18n.language())  # the line sets the language: put back after

    class Loading(types.ModuleType):
        def __getattr__(self, name: str) -> object:
            raise KeyboardInterrupt

    monkeypatch.setitem(sys.modules, "tui.cli", Loading("tui.cli"))
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert start.main() == 130
    assert capsys.readouterr().err == "tengen: прервано; в файле есть все подтверждённые записи\n"


@pytest.mark.parametrize("when", ["after the rename", "before the write"])
def test_ctrl_c_says_whether_the_commands_entry_is_in_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, when: str
) -> None:
    """A durability attack: Ctrl+C between an entry's rename and its line said «прервано» with
    the entry written, and a referee types ``undo`` again (two undone).  It says which."""
    from data.service import Service

    path = str(tmp_path / "t.json")
    run(capsys, "new", path, "--scheme", "gamma", "--rounds", "3", "--name", "Cup")
    for name in ("A", "B"):
        run(capsys, "-f", path, "player", "add", "--surname", name, "--name", "X", "--rank", "3k")
    run(capsys, "-f", path, "pair")

    def stopped(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    if when == "after the rename":
        monkeypatch.setattr("tui.cli.print", stopped, raising=False)  # the line saying it: not reached
    else:
        monkeypatch.setattr(Service, "commit", stopped)
    code, _, err = run(capsys, "-f", path, "result", "1", "1", "W+")
    said = ("entry 5 is in the file: result round 1 board 1 (A X. — B X.): W+" if when == "after the rename"
            else "nothing was written")  # fmt: skip
    assert (code, err) == (130, f"tengen: interrupted; {said}\n")


def test_ctrl_c_never_names_an_entry_another_writer_made_after_the_lock(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A review: the file was read again after the lock was let go, and a hall's merge (or a
    second terminal) writing then had its entry named as the stopped command's."""
    from data.service import Service
    from schemes.log import actions

    path = str(tmp_path / "t.json")
    run(capsys, "new", path, "--scheme", "gamma", "--rounds", "3", "--name", "Cup")
    for name in ("A", "B", "C", "D"):
        run(capsys, "-f", path, "player", "add", "--surname", name, "--name", "X", "--rank", "3k")
    run(capsys, "-f", path, "pair")
    close, commit = Service.close, Service.commit

    def stopped(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    def then_another(self: Service) -> None:
        writer = self._ledger.file._lock is not None  # the command's own service, not its reading after
        close(self)
        if not writer:
            return
        monkeypatch.setattr(Service, "close", close)
        with Service(path, writable=True) as other:
            commit(other, actions.result(1, 2, "B+"))

    monkeypatch.setattr(Service, "commit", stopped)
    monkeypatch.setattr(Service, "close", then_another)
    code, _, err = run(capsys, "-f", path, "result", "1", "1", "W+")
    assert (code, err) == (130, "tengen: interrupted; nothing was written\n")


def test_ctrl_c_while_the_compiler_works_stops_the_pairing_before_it_is_written(
    cup: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """An attack: Ctrl+C during numba's first compile of the pairing was caught inside LLVM's
    callbacks (a traceback printed as «ignored»), and the round the referee had stopped was
    written, exit 0.  Held until the compiler is done, it stops the command before the write."""
    import os
    import signal

    from schemes.log import actions
    from tui import cli

    pair = actions.pair

    def compiling(*args: object, **kwargs: object) -> object:
        try:
            os.kill(os.getpid(), signal.SIGINT)  # Python's handler runs before the next line
        except KeyboardInterrupt:
            pass  # as LLVM's callbacks swallow it: the compile goes on
        return pair(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(cli.actions, "pair", compiling)
    monkeypatch.setattr("data.service.compiler_ahead", lambda state: True)
    before = cup.read_bytes()
    code, _out, err = run(capsys, "-f", str(cup), "pair")
    assert (code, cup.read_bytes()) == (130, before)
    assert err.endswith(
        "tengen: stopping once the compiler is done; nothing will be written\n"
        "tengen: interrupted; nothing was written\n"
    )


def test_a_command_writing_the_file_names_a_sync_tools_copy_with_more(
    cup: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An attack: another laptop's entries left in a sync tool's conflict copy beside the file
    went unsaid; each command that writes the file says it, and writes all the same."""
    copy = cup.with_name("cup.sync-conflict-20261207-072700-ABCDEFG.json")
    copy.write_bytes(cup.read_bytes())
    assert (
        run(capsys, "-f", str(copy), "player", "add", "--surname", "Козлов", "--name", "Я", "--rating", "2100")[0] == 0
    )
    code, _out, err = run(capsys, "-f", str(cup), "settings", "--place", "Зал")
    assert code == 0 and err == (
        "warning: a copy a sync tool made beside it, cup.sync-conflict-20261207-072700-ABCDEFG.json, holds 1 "
        "entry this file lacks, the last: player 4 registered: Козлов Я: open it to see them, enter them here, "
        "then remove the copy\n"
    )


@pytest.mark.parametrize("root", ["/", "/.", "//", "/tmp/.."])
@pytest.mark.parametrize(
    "command",
    [
        ["result", "1", "1", "W+"],
        ["player", "add", "--surname", "Я", "--name", "Я", "--rating", "1500"],
        ["undo"],
        ["hall", "init"],
        ["standings"],
    ],
)
def test_the_root_folder_as_the_tournament_is_one_line(
    capsys: pytest.CaptureFixture[str], root: str, command: list[str]
) -> None:
    """An attack: a name that comes to «/» has no file name, and its lock's name was a
    traceback from every command that writes (and from the app, exit 0)."""
    said = refused(capsys, "-f", root, *command)
    assert said in (f"tengen: {name}: a folder, not a tournament file\n" for name in (root, "/"))


@pytest.mark.parametrize(
    "option, said",
    [
        (["--bind", ""], "--bind: '' is not an address like 127.0.0.1 or 0.0.0.0 (every one)"),
        (["--bind", "0"], "--bind: '0' is not an address like 127.0.0.1 or 0.0.0.0 (every one)"),
        (["--bind", "http://127.0.0.1"], "--bind: 'http://127.0.0.1' is not an address like 127.0.0.1 or 0.0.0.0"),
        (["--port", "65536"], "--port: '65536' is not a port (0 to 65535)"),
        (["--port=-1"], "--port: '-1' is not a port (0 to 65535)"),
    ],
)
def test_hall_serve_takes_an_address_and_a_port_as_such(
    capsys: pytest.CaptureFixture[str], cup: Path, option: list[str], said: str
) -> None:
    """An attack: ``--bind ''`` (a script's unset variable) listened on every network unsaid,
    ``--bind 0`` showed the phones ``http://0:8390``, and a port out of range or a name the
    system could not look up was refused in the system's English words."""
    assert said in refused(capsys, "-f", str(cup), "hall", "serve", *option, file=cup)


def test_hall_serve_on_a_port_taken_says_so_in_words(capsys: pytest.CaptureFixture[str], cup: Path) -> None:
    import socket

    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        said = refused(capsys, "-f", str(cup), "hall", "serve", "--bind", "127.0.0.1", "--port", str(port),
                       "--no-discovery", file=cup)  # fmt: skip
    assert said == f"tengen: 127.0.0.1:{port}: the port is taken by another program (another server running?)\n"


def test_hall_init_refuses_a_laptops_name_as_a_name(capsys: pytest.CaptureFixture[str], cup: Path) -> None:
    """An attack: ``hall init --name "   "`` was «its log does not replay as a hall (the
    laptop's name: empty)», telling the chief his log was damaged when the name was bad."""
    from data.hall.repo import hall_path

    assert refused(capsys, "-f", str(cup), "hall", "init", "--name", "   ", file=cup) == (
        "tengen: the laptop's name is empty\n"
    )
    assert "at most 40" in refused(capsys, "-f", str(cup), "hall", "init", "--name", "x" * 41, file=cup)
    assert not hall_path(cup).exists()


def test_no_paper_takes_the_name_of_the_hall_folder_nor_a_sync_an_empty_source(
    capsys: pytest.CaptureFixture[str], cup: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An attack: ``print cards -o cup.json.hall`` wrote a PDF there, and ``hall init`` then
    called it another hall's folder; ``hall sync ''`` (a script's unset variable) made the
    folder it ran in a stick holding the whole log."""
    said = refused(capsys, "-f", str(cup), "print", "cards", "-o", f"{cup}.hall", file=cup)
    assert said == f"tengen: {cup}.hall is the name of a tournament's hall folder: choose another name\n"
    assert run(capsys, "-f", str(cup), "hall", "init")[0] == 0
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)
    said = refused(capsys, "-f", str(cup), "hall", "sync", "", file=cup)
    assert said == "tengen: an empty name is neither a laptop's address nor a folder\n"
    assert list(here.iterdir()) == []
