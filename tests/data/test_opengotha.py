"""OpenGotha files in and out: every file of shared/testdata/opengotha survives import →
export → import, the export validates against OpenGotha's own tournament.dtd, and a file
Tengen cannot keep is refused in one line."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

from data.opengotha import GothaFileError, read, write
from schemes.events import InvalidEvent
from schemes.model import Tournament
from tests.builders import Log

TESTDATA = Path(__file__).parents[2].parent / "shared" / "testdata" / "opengotha"
FILES = sorted(p.name for p in TESTDATA.glob("*.xml"))


def state_of(path: Path, rounds: int | None = None) -> Tournament:
    log = Log.__new__(Log)
    log.events, log.last = [], None
    for action in read(path, rounds).actions:
        log.commit(action)
    return log.state


def essence(state: Tournament) -> dict:
    """What a round trip must keep: players, parameters, games, results, byes."""
    key = {p.id: (p.surname, p.name) for p in state.players.values()}
    return {
        "settings": (
            state.settings.name,
            state.settings.scheme,
            state.settings.rounds,
            state.settings.komi,
            state.settings.place,
            state.settings.dates,
            dict(state.settings.params),
        ),  # fmt: skip
        "players": sorted(
            (p.surname, p.name, p.rank, p.rating, p.club, p.country, p.pin, p.smms, tuple(sorted(p.skips)))
            for p in state.players.values()
        ),
        "rounds": [
            (
                sorted(
                    (
                        key[b.white],
                        key[b.black],
                        b.handicap,
                        b.komi,
                        r.results[b.number].code if b.number in r.results else None,
                    )
                    for b in r.boards
                ),
                sorted(key[p] for p in r.byes),
            )
            for r in state.rounds
        ],
    }


def test_the_test_files_are_there() -> None:
    assert {"simplemm.xml", "simpleswiss.xml", "CdFO2020.xml", "juvisy2019.xml"} <= set(FILES)


@pytest.mark.parametrize("name", FILES)
def test_import_export_import_loses_nothing(name: str, tmp_path: Path) -> None:
    first = state_of(TESTDATA / name)
    exported = tmp_path / "out.xml"
    exported.write_text(write(first), encoding="utf-8")
    second = state_of(exported)
    assert essence(second) == essence(first)
    assert len(first.players) > 10 and first.paired_rounds >= 4


@pytest.mark.parametrize("name", FILES)
def test_the_export_is_valid_by_opengothas_dtd(name: str) -> None:
    dtd = etree.DTD(str(TESTDATA / "tournament.dtd"))
    document = etree.fromstring(write(state_of(TESTDATA / name)).encode("utf-8"))
    assert dtd.validate(document), dtd.error_log.filter_from_errors()


def test_what_the_file_holds_arrives_as_written() -> None:
    state = state_of(TESTDATA / "simplemm.xml")
    noguchi = next(p for p in state.players.values() if p.surname == "Noguchi")
    assert (noguchi.name, noguchi.rank_label, noguchi.rating, noguchi.club, noguchi.country) == (
        "Motoki", "7d", 2666, "38Gr", "FR",
    )  # fmt: skip
    params = state.settings.params
    assert params["genMMBar"] == "4D" and params["genMMFloor"] == "20K"
    assert params["placementCriteria"] == ["MMS", "SOSM", "SOSOSM"]
    assert params["paiMaSeedSystem1"] == "SPLITANDSLIP" and params["paiMaLastRoundForSeedSystem1"] == 2
    assert state.settings.komi == 7.5 and state.settings.rounds == 5
    first = state.rounds[0].boards[0]
    assert (state.players[first.white].surname, state.players[first.black].surname) == ("Noguchi", "Bonjean")
    assert state.rounds[0].results[1].code == "W+"


def test_absences_become_skips() -> None:
    state = state_of(TESTDATA / "juvisy2019.xml")
    assert sorted(sorted(p.skips) for p in state.players.values() if p.skips) == [[1], [2, 3, 4]]


def test_only_the_first_rounds_when_asked() -> None:
    state = state_of(TESTDATA / "simpleswiss.xml", 3)
    assert state.paired_rounds == 3 and all(r.complete for r in state.rounds)


def _variant(tmp_path: Path, old: str, new: str) -> Path:
    text = (TESTDATA / "simplemm.xml").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "variant.xml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("old", "new", "says"),
    [
        ('result="RESULT_WHITEWINS"', 'result="RESULT_BOTHWIN"', "RESULT_BOTHWIN is not supported"),
        ('name="SOSM" number="2"', 'name="EXT" number="2"', "EXT is not supported"),
        ('name="MMS" number="1"', 'name="Rating" number="1"', "Tengen runs McMahon (MMS) and Swiss (NBW)"),
        ('numberOfCategories="1"', 'numberOfCategories="2"', "categories"),
        ('whitePlayer="NOGUCHIMOTOKI"', 'whitePlayer="NOBODY"', "unknown player"),
        ('rank="10K"', 'rank="99Q"', "bad rank"),
        ('numberOfRounds="5"', 'numberOfRounds="99"', "numberOfRounds=99"),
    ],
)
def test_what_tengen_cannot_keep_is_named_in_one_line(tmp_path: Path, old: str, new: str, says: str) -> None:
    with pytest.raises(GothaFileError) as refused:
        read(_variant(tmp_path, old, new))
    assert says in str(refused.value) and "\n" not in str(refused.value)


@pytest.mark.parametrize(
    "text",
    [
        b"not xml at all",
        b"<Players/>",
        b'<?xml version="1.0"?><!DOCTYPE t [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]><Tournament>&b;</Tournament>',
        b'<?xml version="1.0"?><!DOCTYPE t [<!ENTITY x SYSTEM "file:///etc/passwd">]><Tournament>&x;</Tournament>',
        "<Tournament>".encode("utf-16"),
        b"\xff\xfe\x00garbage",
    ],
)
def test_a_file_that_is_no_opengotha_file_is_refused(tmp_path: Path, text: bytes) -> None:
    path = tmp_path / "bad.xml"
    path.write_bytes(text)
    with pytest.raises(GothaFileError):
        read(path)


def test_rounds_beyond_the_file_are_refused() -> None:
    with pytest.raises(GothaFileError, match="the file has 5 rounds of games, not 6"):
        read(TESTDATA / "simplemm.xml", 6)


def test_the_encoding_the_header_names_is_read(tmp_path: Path) -> None:
    text = (TESTDATA / "simplemm.xml").read_text(encoding="utf-8").replace('encoding="UTF-8"', 'encoding="ISO-8859-1"')
    path = tmp_path / "latin1.xml"
    path.write_bytes(text.encode("iso-8859-1"))
    assert {p.name for p in state_of(path).players.values()} >= {"Loïc", "Clé", "Rémi"}


def test_teams_and_clubs_groups_are_named_not_kept(tmp_path: Path) -> None:
    extra = (
        '<Teams><Team teamName="A" teamNumber="1">'
        '<Board boardNumber="1" player="ROBINCLÉ" roundNumber="1"/></Team></Teams>'
        '<ClubsGroups><ClubsGroup name="G"><Club name="13Ma"/></ClubsGroup></ClubsGroups>'
    )
    assert read(_variant(tmp_path, "<TournamentParameterSet>", extra + "<TournamentParameterSet>")).ignored == (
        "teams",
        "clubs groups",
    )
    assert read(TESTDATA / "simplemm.xml").ignored == ()


def test_the_egf_table_of_an_imported_mcmahon_is_opengothas_own() -> None:
    """juvisy.h9 is what OpenGotha 3.49 exported for the tournament juvisy2019.xml holds: our
    EGF table of the imported file has the same players in the same order, the same MMS,
    SOS and SOSOS, and the same results, token for token."""
    from data.results_table import parse
    from data.results_table import read as read_table
    from paperwork.rating_table import export

    log = Log.__new__(Log)
    log.events, log.last = [], None
    for action in read(TESTDATA / "juvisy2019.xml").actions:
        log.commit(action)
    ours = parse(export(log.state, log.events, egf=True))
    theirs = read_table(TESTDATA.parent / "juvisy.h9")
    assert len(ours.lines) == len(theirs.lines) == 19
    for mine, reference in zip(ours.lines, theirs.lines, strict=True):
        assert (mine.surname, mine.name, mine.grade.lower(), mine.country, mine.club) == (
            reference.surname, reference.name, reference.grade.lower(), reference.country, reference.club,
        )  # fmt: skip
        assert mine.info[1:4] == reference.info[:3]  # MMS, SOS, SOSOS (ours starts with the place)
        assert [r.text() for r in mine.results] == [r.text() for r in reference.results]


def test_another_schemes_event_goes_to_opengotha_as_a_swiss(tmp_path: Path) -> None:
    from tests.builders import played

    log = played("round-robin", 4, 3)
    path = tmp_path / "rr.xml"
    path.write_text(write(log.state), encoding="utf-8")
    back = state_of(path)
    assert back.settings.scheme == "swiss" and back.paired_rounds == 3 and len(back.players) == 4


ATTRIBUTES = re.compile(r'(\w+)="([^"]*)"')


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_a_damaged_file_is_refused_in_one_line_never_a_crash(data: st.DataObject) -> None:
    """Any attribute of a real file replaced by junk: the import succeeds or says why in one
    line (GothaFileError or a refused event) — no other exception, whatever the junk."""
    text = (TESTDATA / "simplemm.xml").read_text(encoding="utf-8")
    spots = list(ATTRIBUTES.finditer(text))
    for _ in range(data.draw(st.integers(1, 4))):
        spot = data.draw(st.sampled_from(spots))
        junk = data.draw(
            st.sampled_from(["", "-1", "99", "1e400", "NaN", "3K", "40D", "true", "RESULT_X", "&amp;"])
            | st.text(st.characters(blacklist_categories=["Cs"], blacklist_characters='"<&'), max_size=8)
        )
        text = text[: spot.start(2)] + junk + text[spot.end(2) :]
        spots = list(ATTRIBUTES.finditer(text))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "damaged.xml"
        path.write_text(text, encoding="utf-8")
        try:
            imported = read(path)
        except InvalidEvent as error:
            assert "\n" not in str(error)
            return
        log = Log.__new__(Log)
        log.events, log.last = [], None
        try:
            for action in imported.actions:
                log.commit(action)
        except InvalidEvent as error:
            assert "\n" not in str(error)


def test_an_unknown_encoding_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "enc.xml"
    path.write_bytes(b'<?xml version="1.0" encoding="NaN"?><Tournament/>')
    with pytest.raises(GothaFileError):
        read(path)


def test_a_game_wins_over_the_absence_flag(tmp_path: Path) -> None:
    """OpenGotha keeps a game of a player marked absent that round: so does the import."""
    path = _variant(tmp_path, 'name="Robin" participating="11111111111111111111"',
                    'name="Robin" participating="10111111111111111111"')  # fmt: skip
    state = state_of(path)
    robin = next(p for p in state.players.values() if p.surname == "Robin")
    assert 2 not in robin.skips and state.round(2).board_of(robin.id) is not None
