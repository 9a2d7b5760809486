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
from schemes.errors import InvalidEvent, Notice
from schemes.state.model import Tournament
from tests.builders import Log, turkish

TESTDATA = Path(__file__).parents[2].parent / "shared" / "testdata" / "opengotha"
FILES = sorted(p.name for p in TESTDATA.glob("*.xml"))


def log_of(path: Path, rounds: int | None = None) -> Log:
    """The file's tournament, as a log more can be committed to."""
    log = Log.__new__(Log)
    log.events, log.last = [], None
    for action in read(path, rounds).actions:
        log.commit(action)
    return log


def state_of(path: Path, rounds: int | None = None) -> Tournament:
    return log_of(path, rounds).state


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
            state.settings.time,
            dict(state.settings.params),
            dict(state.settings.gotha),
        ),  # fmt: skip
        "players": sorted(
            (
                p.surname,
                p.name,
                p.rank,
                p.rating,
                p.club,
                p.country,
                p.pin,
                p.smms,
                tuple(sorted(p.skips)),
                sorted(p.gotha.items()),
            )
            for p in state.players.values()
        ),  # fmt: skip
        "rounds": [
            (
                sorted(
                    (
                        b.number,  # the table on the wall, gaps and all
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


@pytest.mark.shared_data
def test_the_test_files_are_there() -> None:
    assert {"simplemm.xml", "simpleswiss.xml", "CdFO2020.xml", "juvisy2019.xml"} <= set(FILES)


@pytest.mark.parametrize("name", FILES)
def test_import_export_import_loses_nothing(name: str, tmp_path: Path) -> None:
    first = state_of(TESTDATA / name)
    exported = tmp_path / "out.xml"
    exported.write_text(write(first).text, encoding="utf-8")
    second = state_of(exported)
    assert essence(second) == essence(first)
    assert len(first.players) > 10 and first.paired_rounds >= 4


@pytest.mark.parametrize("name", FILES)
def test_the_export_is_valid_by_opengothas_dtd(name: str) -> None:
    dtd = etree.DTD(str(TESTDATA / "tournament.dtd"))
    document = etree.fromstring(write(state_of(TESTDATA / name)).text.encode("utf-8"))
    assert dtd.validate(document), dtd.error_log.filter_from_errors()


def test_the_short_name_is_the_names_first_thirty_characters_without_a_trailing_blank() -> None:
    """A trial: «Осенний турнир клуба «Тэнгэн» 2020» went out as ``shortName="Осенний турнир
    клуба «Тэнгэн» "``, and OpenGotha names its files by it."""
    from schemes.log import actions

    log = Log("mcmahon", rounds=3)
    log.commit(actions.change_settings(name="Осенний турнир клуба «Тэнгэн» 2020"))
    log.add("Ли", rank="1d", name="Ан")
    short = re.search(r'shortName="([^"]*)"', write(log.state).text)
    assert short is not None and short.group(1) == "Осенний турнир клуба «Тэнгэн»"


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
    assert state.settings.komi == 7.5 and state.settings.rounds == 5 and state.settings.time == "60+30sx1"
    first = state.rounds[0].boards[0]
    assert (state.players[first.white].surname, state.players[first.black].surname) == ("Noguchi", "Bonjean")
    assert state.rounds[0].results[1].code == "W+"


def test_absences_become_skips_and_a_player_who_left_is_withdrawn() -> None:
    """Juvisy's four rounds: one player out of round 1 only (``0111…``), one out from round 2
    to OpenGotha's twentieth (``1000…``): he left.  A trial raised a file's rounds and its
    players who had left were paired again, and written back as taking part."""
    from schemes.log import actions

    state = state_of(TESTDATA / "juvisy2019.xml")
    assert sorted(sorted(p.skips) for p in state.players.values() if p.skips) == [[1]]
    (left,) = (p for p in state.players.values() if p.withdrawn_from is not None)
    assert left.withdrawn_from == 2 and not left.skips
    log = log_of(TESTDATA / "juvisy2019.xml")
    log.commit(actions.change_settings(rounds="6"))
    assert not any(log.state.players[left.id].available_in(r) for r in (5, 6))
    flags = re.findall(r'participating="([01]*)"', write(log.state).text)
    assert sorted(flags) == sorted(re.findall(r'participating="([01]*)"', (TESTDATA / "juvisy2019.xml").read_text()))


def test_a_player_out_of_every_round_skips_round_one_and_is_withdrawn_after_his_last_game(tmp_path: Path) -> None:
    """All twenty flags out (a trial's «Toner», in no round of a five-round file): round 1
    numbers every player of the file, so he skips it, and is withdrawn from round 2 on, the
    file written back saying the same twenty flags.  Where the file has games of his (rounds
    2-4 here), the games win over the flags, as in OpenGotha: withdrawn after the last."""
    text = (TESTDATA / "juvisy2019.xml").read_text()
    path = tmp_path / "never.xml"
    path.write_text(text.replace('participating="01111111111111111111"', f'participating="{"0" * 20}"', 1))
    registered = state_of(path, 0)
    (gone,) = (p for p in registered.players.values() if p.skips)
    assert gone.skips == {1} and gone.withdrawn_from == 2
    assert write(registered).text.count(f'participating="{"0" * 20}"') == 1
    played = state_of(path).players[gone.id]
    assert played.skips == {1} and played.withdrawn_from == 5


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
        ('numberOfRounds="5"', 'numberOfRounds="99"', "numberOfRounds=99"),
        ('roundNumber="5"', 'roundNumber="25"', "rounds go from 1 to 20"),
        ('name="Noguchi"', 'name=""', "has no surname"),
        ('firstName="Motoki"', 'firstName=""', "has no first name"),
        ('country="FR"', 'country="FRA"', "is not two letters"),
        ('rating="2666"', 'rating="2666.5"', "is not a whole number"),
        ('name="SOSM" number="2"', 'name="SOSM" number="7"', "placement criterion number 7"),
        ('numberOfCategories="1"', 'numberOfCategories="0"', "numberOfCategories=0"),
    ],
)
def test_what_opengotha_cannot_open_is_refused_in_one_line(tmp_path: Path, old: str, new: str, says: str) -> None:
    with pytest.raises(GothaFileError) as refused:
        read(_variant(tmp_path, old, new))
    assert says in str(refused.value) and "\n" not in str(refused.value)


def test_a_file_without_players_or_with_rounds_below_one_says_so(tmp_path: Path) -> None:
    """An attack: games naming nobody of an empty ``<Players/>`` were refused as «1-й тур
    должен пронумеровать игроков»; ``numberOfRounds="-3"`` in a file without games as «0»."""
    import re

    text = (TESTDATA / "simplemm.xml").read_text(encoding="utf-8")
    path = tmp_path / "variant.xml"
    path.write_text(re.sub(r"<Player [^>]*/>", "", text), encoding="utf-8")
    with pytest.raises(GothaFileError, match="^the file holds games but no players: nothing to import$"):
        read(path)
    gameless = re.sub(r"<Game [^>]*/>", "", text).replace('numberOfRounds="5"', 'numberOfRounds="-3"', 1)
    path.write_text(gameless, encoding="utf-8")
    with pytest.raises(GothaFileError, match="^numberOfRounds=-3: 1 to 20$"):
        read(path)


def test_a_bye_of_a_round_before_the_first_is_refused(tmp_path: Path) -> None:
    extra = '<ByePlayers><ByePlayer player="NOGUCHIMOTOKI" roundNumber="-2"/></ByePlayers>'
    with pytest.raises(GothaFileError, match="the bye of round -2: rounds go from 1 to 20"):
        read(_variant(tmp_path, "<TournamentParameterSet>", extra + "<TournamentParameterSet>"))


def warnings_of(path: Path) -> list[str]:
    """The warnings of an import of ``path`` (a variant of simplemm.xml), as the referee reads them."""
    return [str(w) for w in read(path).warnings]


def test_an_opengotha_files_ids_are_carried_and_nothing_else_is_said(tmp_path: Path) -> None:
    """A trial: 150 real AGA ids, the FFG licences, the ratings' origins, the director and the
    short name were gone after an import and an export (said since, «not kept: FFG licences
    (16), …»).  They are carried: simplemm.xml imports without a word, and they go back."""
    assert warnings_of(TESTDATA / "simplemm.xml") == []
    state = state_of(TESTDATA / "simplemm.xml")
    assert dict(state.settings.gotha) == {"director": "Theo", "shortName": "simplemm_3511"}
    noguchi = next(p for p in state.players.values() if p.surname == "Noguchi")
    assert dict(noguchi.gotha) == {"ffgLicence": "0280000", "ffgLicenceStatus": "L", "ratingOrigin": "FFG : 616"}
    assert sum("ffgLicence" in p.gotha for p in state.players.values()) == 16
    written = write(state).text
    assert 'ffgLicence="0280000" ffgLicenceStatus="L"' in written and 'ratingOrigin="FFG : 616"' in written
    general = re.search(r"<GeneralParameterSet [^>]*>", written)
    assert general is not None and 'shortName="simplemm_3511"' in general.group()
    assert 'director="Theo"' in general.group()
    text = (TESTDATA / "simplemm.xml").read_text(encoding="utf-8")
    path = tmp_path / "same.xml"  # a short name that is the name's first 30 characters is the export's own
    path.write_text(text.replace('shortName="simplemm_3511"', 'shortName="SimpleMM"'), encoding="utf-8")
    assert "shortName" not in state_of(path).settings.gotha


@pytest.mark.parametrize("name", FILES)
def test_an_imported_result_says_the_game_of_its_board(name: str) -> None:
    """Every result the import writes says its board's game — the players with their colours,
    the handicap, the komi — as OpenGotha seated it (``history.seated``: the replay scores it
    on that game alone)."""
    log = log_of(TESTDATA / name)
    results = [e for e in log.events if e.kind == "result_recorded"]
    assert len(results) > 20
    for event in results:
        board = log.state.round(event.data["round"]).board(event.data["board"])
        assert {k: event.data[k] for k in ("white", "black", "handicap", "komi")} == board.game


def test_every_result_opengotha_writes_is_kept(tmp_path: Path) -> None:
    text = (TESTDATA / "simplemm.xml").read_text(encoding="utf-8")
    codes = ["RESULT_BOTHWIN", "RESULT_BOTHWIN_BYDEF", "RESULT_EQUAL_BYDEF", "RESULT_BOTHLOSE", "RESULT_BOTHLOSE_BYDEF"]
    for code in codes:
        text = text.replace('result="RESULT_WHITEWINS"', f'result="{code}"', 1)
    path = tmp_path / "results.xml"
    path.write_text(text, encoding="utf-8")
    state = state_of(path)
    kept = [r.code for played in state.rounds for r in played.results.values()]
    assert {"both-win", "both-win-F", "draw-F", "both-lose-played", "both-lose"} <= set(kept)
    assert warnings_of(path) == []


def test_a_criterion_opengotha_does_not_know_counts_as_null_with_a_warning(tmp_path: Path) -> None:
    path = _variant(tmp_path, 'name="SOSM" number="2"', 'name="BZS" number="2"')
    assert state_of(path).settings.params["placementCriteria"] == ["MMS", "NULL", "SOSOSM"]
    assert warnings_of(path) == ["placement criterion BZS is unknown to OpenGotha 3.51: it counts as NULL"]


def test_every_criterion_of_opengotha_351_is_kept_under_its_name(tmp_path: Path) -> None:
    """OpenGotha's names (SOSW-1…) in the file, Tengen's in the parameters, and back."""
    names = ["CAT", "NBW", "SOSW-1", "EXT", "EXR", "SOSM-2"]
    text = (TESTDATA / "simplemm.xml").read_text(encoding="utf-8")
    for number, name in enumerate(names, start=1):
        text = re.sub(rf'name="[^"]*" number="{number}"', f'name="{name}" number="{number}"', text, count=1)
    path = tmp_path / "criteria.xml"
    path.write_text(text, encoding="utf-8")
    state = state_of(path)
    assert state.settings.scheme == "swiss"
    assert state.settings.params["placementCriteria"] == ["CAT", "NBW", "SOSWM1", "EXT", "EXR", "SOSMM2"]
    written = write(state).text
    assert all(f'name="{name}" number="{n}"' in written for n, name in enumerate(names, start=1))


def test_a_missing_parameter_takes_the_readers_default_not_a_new_events(tmp_path: Path) -> None:
    """OpenGotha's reader counts a bye the file does not value as 0, and a new McMahon's as 1."""
    path = _variant(tmp_path, 'genMMS2ValueBye="2"', "")
    assert state_of(path).settings.params["genMMS2ValueBye"] == 0


def test_parameters_beyond_tengen_take_their_defaults_each_said(tmp_path: Path) -> None:
    """Each refused parameter is said, in the file's order, and only it takes the default."""
    path = _variant(tmp_path, 'hdCeiling="9"', 'hdCeiling="12"')
    text = path.read_text(encoding="utf-8").replace('genMMS2ValueBye="2"', 'genMMS2ValueBye="5"', 1)
    path.write_text(
        text.replace('paiSePreferMMSDiffRatherThanSameClub="3"', 'paiSePreferMMSDiffRatherThanSameClub="7"')
    )
    params = state_of(path).settings.params
    assert (params["hdCeiling"], params["genMMS2ValueBye"], params["paiSePreferMMSDiffRatherThanSameClub"]) == (9, 2, 7)
    assert warnings_of(path) == [
        "genMMS2ValueBye=5 is beyond what Tengen takes (genMMS2ValueBye: '5': points ×2 are 0, 1 (half a point) or 2 "
        "(a point)): 2 is used",
        "hdCeiling=12 is beyond what Tengen takes (hdCeiling: 12 is not between 0 and 9): 9 is used",
    ]


@pytest.mark.parametrize(
    ("old", "new", "opens"),
    [
        ('rating="1129"', 'rating="2147483647"', True),  # Java's largest int
        ('rating="1129"', 'rating="-2147483648"', True),
        ('rating="1129"', 'rating="2147483648"', False),  # one beyond: parseInt throws
        ('paiBaRandom="0"', 'paiBaRandom="9223372036854775807"', True),  # a long, the largest
        ('paiBaRandom="0"', 'paiBaRandom="-9223372036854775808"', True),  # the smallest
        ('paiBaRandom="0"', 'paiBaRandom="9223372036854775808"', False),
        ('paiBaRandom="0"', 'paiBaRandom="-9223372036854775809"', False),
    ],
)
def test_whole_numbers_are_javas_int_and_long(tmp_path: Path, old: str, new: str, opens: bool) -> None:
    path = _variant(tmp_path, old, new)
    if opens:
        read(path)
    else:
        with pytest.raises(GothaFileError, match="is not a whole number"):
            read(path)


def test_flags_and_choices_are_read_as_opengotha_reads_them(tmp_path: Path) -> None:
    path = _variant(tmp_path, 'paiBaDeterministic="true"', 'paiBaDeterministic="yes"')
    assert state_of(path).settings.params["paiBaDeterministic"] is False
    path = _variant(tmp_path, 'paiMaSeedSystem1="SPLITANDSLIP"', 'paiMaSeedSystem1="SLIP"')
    assert state_of(path).settings.params["paiMaSeedSystem1"] == "SPLITANDRANDOM"


@pytest.mark.parametrize(
    ("rank", "read_as"),
    [
        ("99K", "30k"),
        ("10k", "10k"),
        ("3D", "3d"),
        ("12", "12k"),
        ("1p", "7d"),
        ("5P", "8d"),
        ("9p", "9d"),
        ("15D", "9d"),
    ],  # fmt: skip
)
def test_ranks_are_read_as_opengotha_reads_them(tmp_path: Path, rank: str, read_as: str) -> None:
    state = state_of(_variant(tmp_path, 'rank="7D"', f'rank="{rank}"'))
    assert next(p for p in state.players.values() if p.surname == "Noguchi").rank_label == read_as


def test_an_unreadable_rank_falls_back_to_the_grade_then_to_30k(tmp_path: Path) -> None:
    path = _variant(tmp_path, 'grade="7D" name="Noguchi" participating="11111111111111111111" rank="7D"',
                    'grade="6D" name="Noguchi" participating="11111111111111111111" rank="dan"')  # fmt: skip
    assert next(p for p in state_of(path).players.values() if p.surname == "Noguchi").rank_label == "6d"


def test_a_game_naming_nobody_is_dropped_as_opengotha_drops_it_with_a_warning(tmp_path: Path) -> None:
    path = _variant(tmp_path, 'whitePlayer="NOGUCHIMOTOKI"', 'whitePlayer="NOBODY"')
    warnings = warnings_of(path)
    assert len(warnings) == 1 and "no player NOBODY: OpenGotha drops this game" in warnings[0]
    assert (
        sum(len(r.boards) for r in state_of(path).rounds)
        == sum(len(r.boards) for r in state_of(TESTDATA / "simplemm.xml").rounds) - 1
    )


TURKISH = (
    "the file was saved by OpenGotha on a Turkish machine (keys with İ): Tengen reads, pairs and writes it as that "
    "OpenGotha does (turkishLocale=true)"
)


def test_a_turkish_machines_file_goes_back_to_it_keyed_as_it_keys(tmp_path: Path) -> None:
    """Written back with English keys, a Turkish OpenGotha finds no game of a player with an
    i in his name (its obsolete names drop the İ): the export keeps the file's Turkish keys,
    and an English machine's file its own."""
    path = tmp_path / "turkish.xml"
    path.write_text(turkish((TESTDATA / "simplemm.xml").read_text(encoding="utf-8")), encoding="utf-8")
    state = state_of(path)
    assert state.settings.params["turkishLocale"] is True
    written = write(state).text
    assert 'whitePlayer="NOGUCHİMOTOKİ"' in written and "NOGUCHIMOTOKI" not in written
    assert [str(w) for w in write(state).warnings] == [
        "written for OpenGotha on a Turkish machine (keys with İ): on another machine it loses the games of a player "
        "with an i in his name and a hyphen, a digit or _ (turkishLocale=false writes English keys)"
    ]
    again = tmp_path / "again.xml"
    again.write_text(written, encoding="utf-8")
    assert essence(state_of(again)) == essence(state)
    assert essence(state)["rounds"] == essence(state_of(TESTDATA / "simplemm.xml"))["rounds"]  # every game kept
    assert state_of(again).settings.params["turkishLocale"] is True
    english = write(state_of(TESTDATA / "simplemm.xml")).text
    assert state_of(TESTDATA / "simplemm.xml").settings.params["turkishLocale"] is False
    assert 'whitePlayer="NOGUCHIMOTOKI"' in english and "İ" not in english


def test_a_turkish_machine_tells_apart_what_its_case_tells_apart(tmp_path: Path) -> None:
    """«Yılmaz Ali» and «Yilmaz Ali» are one key in English (YILMAZALI), two on a Turkish
    machine (YILMAZALİ, YİLMAZALİ): its file keeps both, each with his games (a review
    found the second dropped, «as OpenGotha drops him», and his games given to the first)."""
    text = turkish((TESTDATA / "simplemm.xml").read_text(encoding="utf-8"))
    for (surname, name), (key, own) in {
        ("Robin", "Clé"): ("ROBİNCLÉ", "YILMAZALİ"),
        ("Fiorina", "Baptiste"): ("FİORİNABAPTİSTE", "YİLMAZALİ"),
    }.items():
        assert f'Player="{key}"' in text
        text = text.replace(f'firstName="{name}" grade', 'firstName="Ali" grade').replace(
            f'name="{surname}" participating', f'name="{"Yılmaz" if own.startswith("YI") else "Yilmaz"}" participating'
        )
        text = text.replace(f'Player="{key}"', f'Player="{own}"')
    path = tmp_path / "yilmaz.xml"
    path.write_text(text, encoding="utf-8")
    assert warnings_of(path) == [TURKISH]
    state, plain = state_of(path), state_of(TESTDATA / "simplemm.xml")
    assert sorted(p.surname for p in state.players.values() if p.name == "Ali") == ["Yilmaz", "Yılmaz"]
    assert [len(r.boards) for r in state.rounds] == [len(r.boards) for r in plain.rounds]
    assert 'whitePlayer="YILMAZALİ"' in write(state).text or 'blackPlayer="YILMAZALİ"' in write(state).text


def test_a_turkish_machine_compares_clubs_in_its_lower_case() -> None:
    """OpenGotha compares clubs and countries in lower case: «ITU» and «itu» are one club in
    English, two in Turkish («ıtu»), and a clubs group holds them so (a review: 7 of 15 pairs
    of a Turkish event with such clubs differed from the Turkish engine)."""
    from schemes.systems.gotha.costs import _club
    from schemes.systems.gotha.rules import MCMAHON_DEFAULTS, rules

    assert _club("ITU", False) == _club("itu", False) == "itu"
    assert (_club("ITU", True), _club("itu", True), _club("İTÜ", True)) == ("ıtu", "itu", "itü")
    grouped = {**MCMAHON_DEFAULTS, "clubsGroups": "ITU|ANK"}
    assert rules(grouped, 5).clubs_groups == (frozenset({"itu", "ank"}),)
    assert rules({**grouped, "turkishLocale": True}, 5).clubs_groups == (frozenset({"ıtu", "ank"}),)


def test_a_turkish_registration_without_games_is_asked_about(tmp_path: Path) -> None:
    """A review: a Turkish machine's file saved before round 1 names no game, so no key tells its
    machine, and its export would have gone back in English keys, which that OpenGotha loses.
    Players mostly from Turkey and no key that tells: the referee is told how to say so; a game
    in English keys tells (an English machine's Turkish event), and nothing is said."""
    text = (TESTDATA / "simplemm.xml").read_text(encoding="utf-8").replace('country="FR"', 'country="TR"')
    path = tmp_path / "registration.xml"
    path.write_text(re.sub(r"<Game [^>]*/>", "", text), encoding="utf-8")
    asked = (
        "no game tells which machine saved the file: if it was OpenGotha on a Turkish machine, set "
        "turkishLocale=true (the settings tab), for its files to go back as that OpenGotha reads them"
    )
    assert asked in warnings_of(path)
    path.write_text(text, encoding="utf-8")  # NOGUCHIMOTOKI: an English machine's key
    assert asked not in warnings_of(path) and state_of(path).settings.params["turkishLocale"] is False


def test_keys_are_matched_as_opengotha_matches_them(tmp_path: Path) -> None:
    """A Turkish machine writes İ for i: its own OpenGotha finds the player by that key, and
    so does the import — also a key with a hyphen, which an English OpenGotha could not fold
    to the player's ASCII name (its game lost there, 55 of 67 boards of a Turkish event
    paired otherwise).  A key no machine writes (a capital I dotted) loses the game, as in
    OpenGotha."""
    text = (TESTDATA / "simplemm.xml").read_text(encoding="utf-8")
    assert 'whitePlayer="NOGUCHIMOTOKI"' in text
    path = tmp_path / "turkish.xml"
    path.write_text(turkish(text), encoding="utf-8")
    assert warnings_of(path) == [TURKISH]
    boards = [len(r.boards) for r in state_of(TESTDATA / "simplemm.xml").rounds]
    assert [len(r.boards) for r in state_of(path).rounds] == boards
    tori = turkish(text.replace('firstName="Toru"', 'firstName="Tori"').replace("CORNUEJOLSTORU", "CORNUEJOLSTORI"))
    assert "IMAMURA-CORNUEJOLSTORİ" in tori
    path.write_text(tori, encoding="utf-8")
    assert warnings_of(path) == [TURKISH]
    imamura = next(p for p in state_of(path).players.values() if p.surname == "Imamura-Cornuejols")
    assert [r.number for r in state_of(path).rounds if r.board_of(imamura.id)] == [1, 2, 3, 4, 5]
    mixed = tori.replace("NOGUCHİMOTOKİ", "NOGUCHIMOTOKI")  # no machine writes both: lost, as there
    path.write_text(mixed, encoding="utf-8")
    lost = [w for w in warnings_of(path) if "no player NOGUCHIMOTOKI: OpenGotha drops this game" in w]
    assert len(lost) == 5  # his five games, as the Turkish engine loses them
    path.write_text(text.replace("IMAMURA-CORNUEJOLSTORU", "İMAMURA-CORNUEJOLSTORU"), encoding="utf-8")
    *dropped, last = warnings_of(path)
    assert len(dropped) == 5 and all(
        "no player İMAMURA-CORNUEJOLSTORU: OpenGotha drops this game" in w for w in dropped
    )
    assert last == (  # round 5 played: no advice to pair it again (a switch read one on a finished round)
        "round 5: players on no board: 2 (the rounds tab names them); they had no game and score nothing for it, "
        "as in OpenGotha"
    )
    kept = [str(w) for w in read(path, 3).warnings]  # only the rounds imported are spoken of (a switch heard of 4, 5)
    assert any(w.startswith("round 3, table") for w in kept) and not any(
        w.startswith(("round 4", "round 5")) for w in kept
    )
    unplayed = re.sub(r'result="[A-Z_]+"( roundNumber="5")', r'result="RESULT_UNKNOWN"\1', text)
    path.write_text(unplayed.replace("IMAMURA-CORNUEJOLSTORU", "İMAMURA-CORNUEJOLSTORU"), encoding="utf-8")
    assert warnings_of(path)[-1] == (  # paired, not played: OpenGotha's pairing in part
        "round 5 is paired in part: players on no board: 2 (the rounds tab names them); "
        "key n in the rounds tab pairs them, its boards kept (pair --rest on the command line)"
    )


@pytest.mark.parametrize(("table", "other"), [(1, 1), (1001, 2)])
def test_a_game_on_the_key_of_another_the_later_stands(tmp_path: Path, table: int, other: int) -> None:
    """OpenGotha keys a game round × 1000 + table: a second game on a table of a round, and
    round 1's table 1001, which is round 2's table 1 — the later of the two in the file
    stands (a review found both of the latter kept, and round 3 paired 4 of 8 pairs otherwise
    than OpenGotha's engine)."""
    text = (TESTDATA / "simplemm.xml").read_text(encoding="utf-8")
    moved = re.search(r'<Game [^>]*roundNumber="1" tableNumber="2"[^>]*/>', text)
    replaced = re.search(rf'<Game [^>]*roundNumber="{other}" tableNumber="1"[^>]*/>', text)
    assert moved and replaced
    path = tmp_path / "tables.xml"
    path.write_text(text.replace(moved.group(), moved.group().replace('tableNumber="2"', f'tableNumber="{table}"')))
    later, earlier = ((1, table), (other, 1)) if moved.start() > replaced.start() else ((other, 1), (1, table))
    said = (
        "round 1: two games on table 1: the later one stands, as in OpenGotha"
        if other == 1
        else f"round {later[0]}, table {later[1]} is round {earlier[0]}, table {earlier[1]} to OpenGotha (a round "
        "holds 1000 tables): the later game stands, as in OpenGotha"
    )
    assert warnings_of(path) == [said]
    plain = state_of(TESTDATA / "simplemm.xml").rounds
    assert [len(r.boards) for r in state_of(path).rounds] == [len(r.boards) - (r.number == earlier[0]) for r in plain]


def test_a_rounds_tables_keep_their_numbers_gaps_and_all(tmp_path: Path) -> None:
    """A trial: a game OpenGotha deleted after the pairing was printed leaves its table
    empty; the import numbered the boards 1, 2, 3…, so the slip of table 3, typed as board 3,
    went to another game, and the last table was refused.  The tables keep their numbers, in,
    on the command line's pairing, and out again."""
    from schemes.log import actions
    from tui.views import pairings_text

    text = (TESTDATA / "simplemm.xml").read_text(encoding="utf-8")
    deleted = re.search(r'<Game [^>]*roundNumber="5" tableNumber="2"[^>]*/>', text)
    assert deleted
    text = text.replace(deleted.group(), "")
    text = re.sub(r'(<Game [^>]*)result="[A-Z_]+"([^>]*roundNumber="5")', r'\1result="RESULT_UNKNOWN"\2', text)
    path = tmp_path / "deleted.xml"
    path.write_text(text, encoding="utf-8")
    log = Log.__new__(Log)
    log.events, log.last = [], None
    for action in read(path).actions:
        log.commit(action)
    played = log.state.round(5)
    assert [b.number for b in played.boards] == [1, 3, 4, 5, 6, 7, 8]
    third = played.board(3)
    assert third is not None and (log.state.players[third.white].surname, log.state.players[third.black].surname) == (
        "Lemoine", "Noguchi")  # fmt: skip
    log.commit(actions.result(5, 3, "B+"))
    assert log.state.round(5).results[3].code == "B+" and played.board(2) is None
    with pytest.raises(InvalidEvent, match=r"round 5 has no board 2 \(boards 1, 3–8\)"):
        log.commit(actions.result(5, 2, "W+"))
    assert [line.split()[0] for line in pairings_text(log.state, 5).splitlines()[2:9]] == [
        "1",
        "3",
        "4",
        "5",
        "6",
        "7",
        "8",
    ]
    exported = tmp_path / "out.xml"
    exported.write_text(write(log.state).text, encoding="utf-8")
    assert essence(state_of(exported)) == essence(log.state)
    written = exported.read_text(encoding="utf-8")
    assert '<Game roundNumber="5" tableNumber="3" whitePlayer="LEMOINETHEO" blackPlayer="NOGUCHIMOTOKI"' in written


def test_dates_in_any_order_are_read_with_a_warning(tmp_path: Path) -> None:
    text = (TESTDATA / "simplemm.xml").read_text(encoding="utf-8")
    text = re.sub(r'beginDate="[^"]*"', 'beginDate="2020-09-12"', text)
    text = re.sub(r'endDate="[^"]*"', 'endDate="2020-08-26"', text)
    path = tmp_path / "dates.xml"
    path.write_text(text, encoding="utf-8")
    assert state_of(path).settings.dates == "2020-08-26..2020-09-12"
    assert warnings_of(path) == ["the event ends (2020-08-26) before it begins (2020-09-12): read the other way round"]


def test_a_declared_grade_other_than_the_rank_is_said(tmp_path: Path) -> None:
    """A review: juvisy2019's Nicita, grade 11K and rank 10K, came back from the export as 10K
    without a word (mcmahon.md: what Tengen keeps differently is said)."""
    path = tmp_path / "juvisy.xml"
    path.write_bytes((TESTDATA / "juvisy2019.xml").read_bytes())
    said = [str(w) for w in read(path).warnings]
    assert "player 18 (Nicita Giovanni): declared rank (grade) 11K is not his rank 10K: both are kept as 10K" in said
    path.write_bytes(path.read_bytes().replace(b'grade="11K"', b'grade=" 11K"'))  # a trial's file: a blank before
    said = [str(w) for w in read(path).warnings]
    assert "player 18 (Nicita Giovanni): declared rank (grade) 11K is not his rank 10K: both are kept as 10K" in said
    assert not any("grade" in warning for warning in warnings_of(TESTDATA / "simplemm.xml"))
    path.write_bytes(path.read_bytes().replace(b'rank="10K"', b'rank="99D"', 1))  # an attack: the rank as kept
    said = [str(w) for w in read(path).warnings]
    assert "player 18 (Nicita Giovanni): declared rank (grade) 11K is not his rank 9D: both are kept as 9D" in said


def test_a_preregistered_player_is_kept_and_not_paired(tmp_path: Path) -> None:
    from schemes.registry import get_scheme

    path = _variant(tmp_path, 'ratingOrigin="FFG : 616" registeringStatus="FIN"',
                    'ratingOrigin="FFG : 616" registeringStatus="PRE"')  # fmt: skip
    state = state_of(path, 0)
    noguchi = next(p for p in state.players.values() if p.surname == "Noguchi")
    assert noguchi.preregistered
    import random

    pairing = get_scheme("mcmahon").pair(state, 1, random.Random(1), None)
    assert all(not b.has(noguchi.id) for b in pairing.boards) and noguchi.id not in pairing.byes


def test_an_earlier_round_without_results_is_kept_as_it_is(tmp_path: Path) -> None:
    text = (TESTDATA / "simplemm.xml").read_text(encoding="utf-8")
    game = re.search(r'<Game [^>]*result="(RESULT_[A-Z]+)" roundNumber="2"', text)
    assert game
    path = tmp_path / "missing.xml"
    path.write_text(text.replace(game.group(), game.group().replace(game.group(1), "RESULT_UNKNOWN")))
    state = state_of(path)
    assert state.paired_rounds == 5 and not state.round(2).complete
    assert warnings_of(path) == ["round 2: 1 game without a result (they count for neither player)"]
    text = path.read_text(encoding="utf-8")
    for number in (3, 4):  # every game of rounds 3 and 4: one line for the three rounds
        unknown = f'result="RESULT_UNKNOWN" roundNumber="{number}"'
        text = re.sub(rf'result="RESULT_[A-Z]+" roundNumber="{number}"', unknown, text)
    path.write_text(text)
    boards = sum(len(state_of(path).round(number).boards) for number in (3, 4))
    assert warnings_of(path) == [f"rounds 2–4: {boards + 1} games without a result (they count for neither player)"]


def test_a_huge_file_is_refused_before_it_is_read(tmp_path: Path) -> None:
    import time

    path = tmp_path / "huge.xml"
    with path.open("wb") as out:
        out.write(b'<?xml version="1.0"?><Tournament name="')
        out.truncate(100_000_000)
    started = time.monotonic()
    with pytest.raises(GothaFileError, match="too big"):
        read(path)
    assert time.monotonic() - started < 5  # the whole file is never read


def test_one_huge_name_is_cut_with_a_warning_and_quickly(tmp_path: Path) -> None:
    import time

    path = _variant(tmp_path, 'name="Noguchi"', 'name="' + "N" * 5_000_000 + '"')
    started = time.monotonic()
    state = state_of(path)
    assert time.monotonic() - started < 30  # once over 120 s
    assert any(len(p.surname) == 100 for p in state.players.values())


@pytest.mark.parametrize(
    ("text", "says"),
    [
        (b"not xml at all", "not XML (OpenGotha saves tournaments as .xml)"),
        (b"<Players/>", "(no <Tournament>)"),
        (b'<?xml version="1.0"?><!DOCTYPE t [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]><Tournament>&b;</Tournament>',
         "(it declares XML entities: refused)"),
        (b'<?xml version="1.0"?><!DOCTYPE t [<!ENTITY x SYSTEM "file:///etc/passwd">]><Tournament>&x;</Tournament>',
         "(it declares XML entities: refused)"),
        ("<Tournament>".encode("utf-16"), "(broken XML at line 1, column 13)"),
        (b"\xff\xfe\x00garbage", "(broken XML at line 1, column 1)"),
        (b'<?xml version="1.0" encoding="UTF-8"?>\n<Tournament name="M\xfcller"/>',
         "its text is not in UTF-8, the encoding its header names"),
        (b'<Tournament name="M\xfcller"/>', "its text is not in UTF-8"),  # no header to name it
        (b'<?xml version="1.0" encoding="windows-1251"?>\n<Tournament name="\xcc"><',
         "(broken XML at line 2, column 21)"),
    ],
)  # fmt: skip
def test_a_file_that_is_no_opengotha_file_is_refused(tmp_path: Path, text: bytes, says: str) -> None:
    """Each says why as far as it can be told: a trial read «broken XML at line 1, column 0» for
    an .h9 file and for a Latin-1 file whose header says UTF-8."""
    path = tmp_path / "bad.xml"
    path.write_bytes(text)
    with pytest.raises(GothaFileError) as refused:
        read(path)
    assert str(refused.value).startswith("bad.xml: not an OpenGotha file") and str(refused.value).endswith(says)


def test_rounds_beyond_the_file_are_refused() -> None:
    with pytest.raises(GothaFileError, match="the file has 5 rounds of games, not 6"):
        read(TESTDATA / "simplemm.xml", 6)


def test_the_encoding_the_header_names_is_read(tmp_path: Path) -> None:
    text = (TESTDATA / "simplemm.xml").read_text(encoding="utf-8").replace('encoding="UTF-8"', 'encoding="ISO-8859-1"')
    path = tmp_path / "latin1.xml"
    path.write_bytes(text.encode("iso-8859-1"))
    assert {p.name for p in state_of(path).players.values()} >= {"Loïc", "Clé", "Rémi"}


def test_teams_are_named_not_kept_and_clubs_groups_kept(tmp_path: Path) -> None:
    extra = (
        '<Teams><Team teamName="A" teamNumber="1">'
        '<Board boardNumber="1" player="ROBINCLÉ" roundNumber="1"/></Team></Teams>'
        '<ClubsGroups><ClubsGroup name="G"><Club name="13Ma"/><Club name="38Gr"/></ClubsGroup></ClubsGroups>'
    )
    path = _variant(tmp_path, "<TournamentParameterSet>", extra + "<TournamentParameterSet>")
    assert warnings_of(path) == ["the file's teams are not imported (Tengen does not keep them)"]
    assert state_of(path).settings.params["clubsGroups"] == "13Ma|38Gr"


def test_the_egf_table_of_an_imported_mcmahon_is_opengothas_own() -> None:
    """juvisy.h9 is what OpenGotha 3.49 exported for the tournament juvisy2019.xml holds: our
    EGF table of the imported file has the same players in the same order, the same MMS,
    SOS and SOSOS, and the same results, token for token."""
    from paperwork.rating_table import export
    from tests.data.results_table_reader import parse
    from tests.data.results_table_reader import read as read_table

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
    path.write_text(write(log.state).text, encoding="utf-8")
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
            st.sampled_from(["", "-1", "99", "1e400", "NaN", "3K", "40D", "true", "RESULT_X", "&amp;", "9" * 5000])
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


def test_a_number_of_five_thousand_digits_anywhere_is_one_line(tmp_path: Path) -> None:
    """Each kind of attribute of a real file (its first one) given 5,000 digits, with a sign,
    or as a rank: int() refuses 4,300 digits with a traceback where Java's parser says the
    number is none (found by an attack)."""
    text = (TESTDATA / "simplemm.xml").read_text(encoding="utf-8")
    first = {spot.group(1): spot for spot in reversed(list(ATTRIBUTES.finditer(text)))}
    path = tmp_path / "long.xml"
    for spot in first.values():
        for junk in ("9" * 5000, "-" + "9" * 5000, "9" * 5000 + "K"):
            path.write_text(text[: spot.start(2)] + junk + text[spot.end(2) :], encoding="utf-8")
            try:
                read(path)
            except InvalidEvent as error:
                assert "\n" not in str(error)
    assert len(first) > 30


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


def test_a_flood_of_elements_is_refused_before_it_fills_memory(tmp_path: Path) -> None:
    import time

    path = tmp_path / "flood.xml"
    path.write_bytes(b"<Tournament>" + b"<a/>" * 3_000_000 + b"</Tournament>")
    started = time.monotonic()
    with pytest.raises(GothaFileError, match="more than 200000 elements"):
        read(path)
    assert time.monotonic() - started < 30


def test_one_token_of_almost_the_whole_limit_is_read_quickly(tmp_path: Path) -> None:
    import time

    path = _variant(tmp_path, 'location="', 'location="' + "x" * 19_000_000)
    started = time.monotonic()
    state = state_of(path)
    assert time.monotonic() - started < 30 and len(state.settings.place) == 200  # once over 120 s


def test_a_one_digit_rank_is_no_rank_to_opengotha() -> None:
    """Java parses all of a rank but its last character first: «5» has nothing before its
    last character, so OpenGotha reads it as no rank (and takes the grade), «12» as 12K."""
    from data.opengotha import convert_rank

    assert (convert_rank("5"), convert_rank("12"), convert_rank("-5d"), convert_rank("+5")) == (None, -12, -6, None)


def test_colours_are_known_as_opengotha_reads_them(tmp_path: Path) -> None:
    """OpenGotha writes knownColor but reads strKnownColor: a file's colours are known to it."""
    state = state_of(_variant(tmp_path, 'knownColor="true"', 'knownColor="false"'))
    assert not any(b.nigiri for r in state.rounds for b in r.boards)
    state = state_of(_variant(tmp_path, 'knownColor="true"', 'strKnownColor="false"'))
    assert sum(b.nigiri for r in state.rounds for b in r.boards) == 1


def test_names_are_kept_as_written_blanks_and_all(tmp_path: Path) -> None:
    state = state_of(_variant(tmp_path, 'firstName="Motoki"', 'firstName=" Mo\u00a0toki "'))
    noguchi = next(p for p in state.players.values() if p.surname == "Noguchi")
    assert noguchi.name == " Mo\u00a0toki "
    state = state_of(_variant(tmp_path, 'firstName="Motoki"', 'firstName=" "'))
    assert next(p for p in state.players.values() if p.surname == "Noguchi").name == " "


def test_a_game_naming_nobody_is_dropped_before_its_round_is_read(tmp_path: Path) -> None:
    """OpenGotha looks a game's players up first: a game of round 25 naming nobody is dropped,
    not a failure (naming players, it is one)."""
    path = _variant(
        tmp_path, 'roundNumber="5" tableNumber="1" whitePlayer="', 'roundNumber="25" tableNumber="1" whitePlayer="X'
    )
    assert any("no player X" in w for w in warnings_of(path))


def test_placement_criteria_all_null_place_by_wins(tmp_path: Path) -> None:
    text = re.sub(
        r'PlacementCriterion name="[^"]*"', 'PlacementCriterion name="NULL"', (TESTDATA / "simplemm.xml").read_text()
    )
    path = tmp_path / "null.xml"
    path.write_text(text, encoding="utf-8")
    state = state_of(path)
    assert state.settings.params["placementCriteria"] == ["NULL"] and state.settings.scheme == "swiss"


def test_a_clubs_group_named_twice_is_kept_once(tmp_path: Path) -> None:
    extra = (
        '<ClubsGroups><ClubsGroup name="G"><Club name="13Ma"/></ClubsGroup>'
        '<ClubsGroup name="G"><Club name="38Gr"/></ClubsGroup></ClubsGroups>'
    )
    path = _variant(tmp_path, "<TournamentParameterSet>", extra + "<TournamentParameterSet>")
    assert state_of(path).settings.params["clubsGroups"] == "13Ma"
    assert warnings_of(path) == ["clubs group 'G' is there twice: OpenGotha keeps the first, so does the import"]


def test_a_club_with_a_tab_meets_its_clubs_group(tmp_path: Path) -> None:
    """A review: a club «13\tMa» was read «13?Ma» for its players and «13 Ma» in its clubs group,
    so they no longer met: its players were not kept apart from the group's other club."""
    text = (TESTDATA / "simplemm.xml").read_text(encoding="utf-8").replace('club="13Ma"', 'club="13&#9;Ma"')
    extra = '<ClubsGroups><ClubsGroup name="G"><Club name="13&#9;Ma"/><Club name="38Gr"/></ClubsGroup></ClubsGroups>'
    path = tmp_path / "tab.xml"
    path.write_text(text.replace("<TournamentParameterSet>", extra + "<TournamentParameterSet>", 1), encoding="utf-8")
    state = state_of(path)
    assert state.settings.params["clubsGroups"] == "13?Ma|38Gr"
    assert "13?Ma" in {p.club for p in state.players.values()}


def test_a_board_size_tengen_does_not_keep_is_said(tmp_path: Path) -> None:
    """A trial's 13×13 event went back to OpenGotha as 19×19 in silence (the export writes
    19; OpenGotha's EGF table says the size)."""
    path = _variant(tmp_path, 'size="19"', 'size="13"')
    assert warnings_of(path) == ["not kept: the board size 13"]  # what is really lost, alone


def test_what_the_export_cannot_keep_is_said(tmp_path: Path) -> None:
    from dataclasses import replace

    state = state_of(TESTDATA / "simplemm.xml")
    state = replace(state, settings=replace(state.settings, time="60+30sx5", dates=""))
    written = write(state)
    assert [str(w) for w in written.warnings] == ["the byo-yomi's 5 periods: OpenGotha keeps one period of 30 s"]
    assert "beginDate" not in written.text and 'stdByoYomiTime="30"' in written.text


def test_a_pipe_a_device_or_a_huge_file_is_no_opengotha_file(tmp_path: Path) -> None:
    """A pipe named as the file held the import for ever; a file over the limit is refused
    before a byte of it is read (sparse: nothing to read)."""
    import os

    from data.opengotha import MAX_FILE_BYTES

    pipe = tmp_path / "pipe.xml"
    os.mkfifo(pipe)
    for path in (pipe, Path("/dev/zero")):
        with pytest.raises(GothaFileError, match="a device or a pipe, not a file"):
            read(path)
    huge = tmp_path / "huge.xml"
    with open(huge, "wb") as handle:
        handle.truncate(MAX_FILE_BYTES + 1_000_001)
    with pytest.raises(GothaFileError, match=r"huge.xml: 22 MB is too big for a tournament file \(at most 20 MB\)"):
        read(huge)


def test_a_time_no_referee_means_is_not_kept_and_the_file_goes_back_to_opengotha(tmp_path: Path) -> None:
    """An attack: a negative ``basicTime`` was imported as ``-5+30sx1``, and the tournament could
    never be exported to OpenGotha again (``bad time control``); a time stored so (a file of
    before) is left out of the export, with a warning, not the export refused."""
    from dataclasses import replace

    path = _variant(tmp_path, 'basicTime="60"', 'basicTime="-5"')
    state = state_of(path)
    assert state.settings.time == ""
    assert warnings_of(path) == ["the time control '-5+30sx1' is none Tengen can write: not kept"]
    assert "basicTime" not in write(state).text
    stored = replace(state, settings=replace(state.settings, time="-5+30sx1"))
    written = write(stored)
    assert [str(w) for w in written.warnings] == ["the time control '-5+30sx1' is none OpenGotha can read: not written"]
    assert "basicTime" not in written.text


def test_a_country_no_code_names_is_kept_as_written_and_said(tmp_path: Path) -> None:
    """An attack: ``zz`` came in without a word, which ``player edit --country zz`` refuses; it
    stays (OpenGotha's pairing compares countries as written), said, and the rating table
    writes XX for it."""
    path = _variant(tmp_path, 'country="FR"', 'country="zz"')
    players = sorted(state_of(path).players.values(), key=lambda p: p.id)
    assert players[0].country == "zz"
    assert warnings_of(path) == ["player 1 (Robin Clé): 'zz' is no country's code: the rating table writes XX"]


def test_a_board_whose_colours_the_nigiri_swapped_goes_to_opengotha_with_its_winner(tmp_path: Path) -> None:
    """A review: the export seated the players as they played but wrote the result in the
    colours listed, so OpenGotha credited the loser."""
    log = Log("gamma", rounds=2)
    for surname in ("Иванов", "Петров"):
        log.add(surname, rating=2000, name="Пётр")
    log.pair()
    board = log.state.round(1).boards[0]
    log.result(1, board.number, "B+", swapped=True)  # the listed black won, with white
    written = write(log.state).text
    assert 'result="RESULT_WHITEWINS"' in written
    path = tmp_path / "back.xml"
    path.write_text(written, encoding="utf-8")
    back = state_of(path)
    (game,) = back.round(1).boards
    winner = game.white if back.round(1).results[game.number].code == "W+" else game.black
    assert back.players[winner].surname.casefold() == log.state.players[board.black].surname.casefold()


def test_a_time_under_sixty_effective_minutes_is_warned_at_import(tmp_path: Path) -> None:
    """A trial imported a 30 min + 10 min / 25 stones event (54 effective minutes) without a
    word, where ``new`` with the same time warns; its rating table said nothing either."""
    from paperwork.rating_table import placeholders

    path = _variant(tmp_path, 'basicTime="60"', 'basicTime="30"')
    assert "30+" in state_of(path).settings.time
    unrated = [w for w in warnings_of(path) if "60 effective minutes" in w]
    assert unrated == [f"{state_of(path).settings.time} is under 60 effective minutes: the event would not be rated"]
    assert [str(n) for n in placeholders(state_of(path)) if "60 effective" in str(n)] == unrated
    assert not [w for w in warnings_of(TESTDATA / "simplemm.xml") if "60 effective" in w]


def test_a_boards_own_komi_is_said_when_opengotha_cannot_hold_it() -> None:
    """OpenGotha keeps the event's komi for even games and reads 0.5 with stones: a McMahon
    event's boards as paired say nothing; a komi set on a board by hand, or one paired before
    the event's komi changed, is named in a warning (the module's rule: never in silence)."""
    from schemes.log import actions

    log = Log("mcmahon", rounds=3)
    for i, rank in enumerate(("1d", "1k", "5k", "6k"), start=1):
        log.add(f"P{i}", rank=rank)
    log.pair()
    assert [(b.handicap, b.komi) for b in log.state.round(1).boards] == [(0, 6.5), (0, 6.5)]
    assert write(log.state).warnings == ()
    log.commit(actions.handicap(log.state, 1, 2, 0, "7.5"))
    assert write(log.state).warnings == (
        Notice("OpenGotha keeps one komi, {komi} for even games and 0.5 with stones; boards with their own: {count}, "
               "such as round {round} board {board} ({own})", {"komi": "6.5", "count": 1, "round": 1, "board": 2,
                                                              "own": "7.5"}),
    )  # fmt: skip
    log.commit(actions.change_settings(komi="5.5"))
    assert [str(w) for w in write(log.state).warnings] == [
        "OpenGotha keeps one komi, 5.5 for even games and 0.5 with stones; boards with their own: 2, such as round 1 "
        "board 1 (6.5)"
    ]


def test_what_is_not_kept_is_said_in_russian_words(tmp_path: Path) -> None:
    """A trial: the Russian notice read «не сохраняются: ffgLicence (18), ffgLicenceStatus (18),
    ratingOrigin (19), director 'Brice CHARTIER'» — OpenGotha's attribute names, in English."""
    from tui import i18n

    i18n.set_language("ru")
    said = [i18n.said(w) for w in read(_variant(tmp_path, 'size="19"', 'size="13"')).warnings]
    assert said == ["не сохраняются: размер доски 13"]


def test_the_log_begins_with_the_opengotha_file_it_was_imported_from(tmp_path: Path) -> None:
    """A trial switching from OpenGotha read «создан турнир» at the top of the log, as if typed
    anew: the log names the file the referee switched from, its name kept readable whatever
    bytes it holds."""
    from schemes.log.history import describe

    assert describe(log_of(TESTDATA / "simplemm.xml").events[0]) == (
        "tournament 'SimpleMM' imported from the OpenGotha file simplemm.xml (mcmahon)"
    )
    path = tmp_path / "cup\x1b[2J.xml"
    path.write_bytes((TESTDATA / "simplemm.xml").read_bytes())
    assert read(path).actions[0][1]["imported_from"] == "cup?[2J.xml"


PARAMETERS = """<HandicapParameterSet hdBasedOnMMS="true" hdCeiling="0" hdCorrection="1" hdNoHdRankThreshold="30K"/>
<PlacementParameterSet>
<PlacementCriteria>
<PlacementCriterion name="MMS" number="1"/>
<PlacementCriterion name="SOSM" number="2"/>
</PlacementCriteria>
</PlacementParameterSet>
<PairingParameterSet paiMaSeedSystem1="SPLITANDRANDOM"/>
</TournamentParameterSet>
</Tournament>
"""
"""A McMahon's parameter sets after its general ones, to the file's end (the files below)."""

ONLINE = (
    """<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<Tournament dataVersion="201" gothaMinorVersion="3" gothaVersion="349" runningMode="SAL" saveDT="20201006182833">
<Players>
<Player club="FIG" country="MX" egfPin="" firstName="Sebastian" grade="10K" name="Jimenez" participating="11111" \
rank="10K" rating="1100" registeringStatus="FIN" smmsCorrection="0"/>
<Player club="FIG" country="CL" egfPin="" firstName="Emma" grade="11K" name="Palma" participating="11111" \
rank="11K" rating="1000" registeringStatus="FIN" smmsCorrection="0"/>
</Players>
<Games>
<Game blackPlayer="PALMAEMMA" handicap="0" knownColor="true" result="RESULT_BLACKWINS" roundNumber="1" \
tableNumber="1" whitePlayer="JIMENEZSEBASTIAN"/>
</Games>
<TournamentParameterSet>
<GeneralParameterSet bInternet="true" basicTime="45" beginDate="2020-10-03" complementaryTimeSystem="STDBYOYOMI" \
endDate="2020-10-10" komi="6.5" location="Online" name="Campeonato Iberoamericano Virtual 2020" numberOfRounds="5" \
shortName="Campeonato Iberoamericano Virtu" size="19" stdByoYomiTime="30"/>
"""
    + PARAMETERS
)
"""The general parameters of OpenGotha's own remote/20201006182833_congreso2020.xml (an
internet event, ``bInternet="true"``), with two of its 167 players and one game."""


@pytest.mark.parametrize(
    ("written", "online"),
    [('bInternet="true"', True), ('bInternet="false"', False), ("", False), ('bInternet="TRUE"', False)],
)
def test_an_internet_event_is_imported_online_and_goes_back_so(tmp_path: Path, written: str, online: bool) -> None:
    """A trial: congreso2020.xml's ``bInternet`` was lost in silence, its export wrote none and
    its EGF table ``CL[B]`` where OpenGotha writes D.  Read as OpenGotha reads it (only
    ``true`` is true; none is false), written as OpenGotha writes it, and kept both ways."""
    from paperwork.rating_table import export

    path = tmp_path / "congreso.xml"
    path.write_text(ONLINE.replace('bInternet="true"', written), encoding="utf-8")
    log = log_of(path)
    assert log.state.settings.online is online
    assert (log.state.settings.time, log.state.settings.place) == ("45+30sx1", "Online")
    assert ("online" in read(path).actions[0][1]) is online  # a file of an event at a venue is as before
    egf = export(log.state, log.events, egf=True).splitlines()
    assert egf[0] == ("; CL[D]" if online else "; CL[B]")
    text = write(log.state).text
    general = re.search(r"<GeneralParameterSet [^>]*>", text)
    assert general is not None and f'bInternet="{str(online).lower()}"' in general.group()
    back = tmp_path / "back.xml"
    back.write_text(text, encoding="utf-8")
    assert state_of(back).settings.online is online
    assert essence(state_of(back)) == essence(log.state)


IDS = (
    """<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<Tournament dataVersion="201" fullVersionNumber="3.51.02" runningMode="SAL" saveDT="20201025195018">
<Players>
<Player agaExpirationDate="10/10/2023" agaId="62308" club="Toro" country="CA" egfPin="" ffgLicence="" \
ffgLicenceStatus="" firstName="Juyong" grade="7D" name="Kim" participating="11111111111111111111" rank="7D" \
rating="2750" ratingOrigin="AGA : 7.13" registeringStatus="FIN" smmsCorrection="0"/>
<Player agaExpirationDate="" agaId="" club="38Gr" country="FR" egfPin="12345678" ffgLicence="0280000" \
ffgLicenceStatus="L" firstName="Motoki" grade="7D" name="Noguchi" participating="11111111111111111111" rank="7D" \
rating="2666" ratingOrigin="FFG : 616" registeringStatus="FIN" smmsCorrection="0"/>
<Player agaExpirationDate="" agaId="" club="Moscow" country="RU" egfPin="" ffgLicence="" ffgLicenceStatus="" \
firstName="Ilya" grade="5D" name="Shikshin" participating="11111111111111111111" rank="5D" rating="2500" \
ratingOrigin="" registeringStatus="FIN" smmsCorrection="0"/>
</Players>
<Games>
<Game blackPlayer="NOGUCHIMOTOKI" handicap="0" knownColor="true" result="RESULT_WHITEWINS" roundNumber="1" \
tableNumber="1" whitePlayer="KIMJUYONG"/>
</Games>
<ByePlayers><ByePlayer player="SHIKSHINILYA" roundNumber="1"/></ByePlayers>
<TournamentParameterSet>
<GeneralParameterSet bInternet="false" basicTime="90" beginDate="2020-10-24" complementaryTimeSystem="CANBYOYOMI" \
canByoYomiTime="300" director="Melanie Arellano, Mario Gomez" endDate="2020-10-25" komi="7.5" location="Toronto" \
name="Canadian Open 2020" nbMovesCanTime="15" numberOfRounds="4" shortName="CanadianOpen2020Rd4Final" size="19"/>
"""
    + PARAMETERS
)
"""A Canadian Open player of OpenGotha's remote/20201025195018_CanadianOpen2020Rd4Final.xml
with his AGA id, a French one with his FFG licence, one with neither; the event's director and
a short name of its own."""
CARRIED = ("agaId", "agaExpirationDate", "ffgLicence", "ffgLicenceStatus", "ratingOrigin")


def attributes_of(text: str) -> tuple[dict[str, dict[str, str]], dict[str, str]]:
    """Each player's attributes that Tengen carries, by his name, and the event's director and
    short name, as OpenGotha reads them (an attribute left out is the empty text)."""
    from xml.etree import ElementTree

    root = ElementTree.fromstring(text.encode("utf-8"))
    players = {p.get("name", ""): {key: p.get(key, "") for key in CARRIED} for p in root.iter("Player")}
    general = root.find("TournamentParameterSet/GeneralParameterSet")
    assert general is not None
    return players, {key: general.get(key, "") for key in ("director", "shortName")}


def test_every_attribute_tengen_does_not_use_goes_back_as_it_came(tmp_path: Path) -> None:
    """A trial switching to Tengen and back lost the AGA ids, the FFG licences, the ratings'
    origins, the director and the short name (the export wrote the name's first 30
    characters); OpenGotha's AGA and FFG reports print them.  Import → export → import: the
    same, and the export holds each as the file did."""
    path = tmp_path / "canada.xml"
    path.write_text(IDS, encoding="utf-8")
    assert warnings_of(path) == []  # nothing of it is lost now: nothing is said
    first = state_of(path)
    assert dict(first.settings.gotha) == {"director": "Melanie Arellano, Mario Gomez",
                                          "shortName": "CanadianOpen2020Rd4Final"}  # fmt: skip
    kim = next(p for p in first.players.values() if p.surname == "Kim")
    assert dict(kim.gotha) == {"agaId": "62308", "agaExpirationDate": "10/10/2023", "ratingOrigin": "AGA : 7.13"}
    exported = tmp_path / "back.xml"
    exported.write_text(write(first).text, encoding="utf-8")
    assert attributes_of(exported.read_text(encoding="utf-8")) == attributes_of(IDS)
    assert essence(state_of(exported)) == essence(first)
    assert warnings_of(exported) == []


def test_a_hostile_attribute_is_cut_or_questioned_as_a_name_is(tmp_path: Path) -> None:
    """An attack's file: a tab, a line break and a right-to-left override in the ids, 10,000
    characters of a rating's origin, markup in the director.  Each is kept as a name would be
    (invisible characters a question mark, a long one cut, each said), and markup is text."""
    hostile = (
        IDS.replace('agaId="62308"', 'agaId="623&#9;08"')
        .replace('ffgLicence="0280000"', 'ffgLicence="0280&#10;000\u202e"')
        .replace('ratingOrigin="FFG : 616"', 'ratingOrigin="' + "F" * 10_000 + '"')
        .replace('director="Melanie Arellano, Mario Gomez"', 'director="&lt;b&gt;Theo&lt;/b&gt; &amp; &quot;Co&quot;"')
    )
    path = tmp_path / "hostile.xml"
    path.write_text(hostile, encoding="utf-8")
    assert warnings_of(path) == [
        "player 1 (Kim Juyong): the AGA id kept as '623?08'",
        "player 2 (Noguchi Motoki): the FFG licence kept as '0280?000?'",
        "player 2 (Noguchi Motoki): the rating's origin kept as '" + "F" * 40 + "'",
    ]
    state = state_of(path)
    players = {p.surname: dict(p.gotha) for p in state.players.values()}
    assert players["Kim"]["agaId"] == "623?08"
    assert players["Noguchi"] == {"ffgLicence": "0280?000?", "ffgLicenceStatus": "L", "ratingOrigin": "F" * 40}
    assert state.settings.gotha["director"] == '<b>Theo</b> & "Co"'
    written = write(state).text
    assert "&lt;b&gt;Theo&lt;/b&gt; &amp;" in written and attributes_of(written)[1]["director"] == '<b>Theo</b> & "Co"'
    back = tmp_path / "back.xml"
    back.write_text(written, encoding="utf-8")
    assert essence(state_of(back)) == essence(state) and warnings_of(back) == []


def test_a_last_round_of_its_bye_alone_is_said_paired_in_part(tmp_path: Path) -> None:
    """An attack: a last round holding only its bye (every game deleted, or none paired yet but
    the bye) got no word of the players on no board."""
    text = re.sub(r'<Game [^>]*roundNumber="5"[^>]*/>\s*', "", (TESTDATA / "simplemm.xml").read_text(encoding="utf-8"))
    path = tmp_path / "bye.xml"
    path.write_text(text.replace("</Players>", '</Players>\n<ByePlayers><ByePlayer player="KARADABANDENIS" '
                                 'roundNumber="5"/></ByePlayers>'), encoding="utf-8")  # fmt: skip
    assert warnings_of(path)[-1] == (
        "round 5 is paired in part: players on no board: 15 (the rounds tab names them); "
        "key n in the rounds tab pairs them, its boards kept (pair --rest on the command line)"
    )


def test_a_date_or_a_time_that_does_not_read_is_said_not_dropped_in_silence(tmp_path: Path) -> None:
    """An attack: beginDate="99999-99-99" was dropped and basicTime="99999999999" became 60
    minutes, unsaid (mcmahon.md: what Tengen keeps differently is said in one warning line)."""
    text = (TESTDATA / "simplemm.xml").read_text(encoding="utf-8")
    path = tmp_path / "odd.xml"
    path.write_text(text.replace('beginDate="2023-10-31"', 'beginDate="99999-99-99"')
                    .replace('basicTime="60"', 'basicTime="99999999999"'), encoding="utf-8")  # fmt: skip
    said = warnings_of(path)
    assert "beginDate '99999-99-99' is no date: not kept" in said
    assert "basicTime '99999999999' is not a whole number: 60" in said
    assert state_of(path).settings.dates == "2023-10-31"  # the end date, which reads
