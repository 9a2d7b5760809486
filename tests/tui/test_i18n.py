"""Every word the app shows has its Russian line."""

import ast
from pathlib import Path

import pytest

from schemes.log.events import Event
from schemes.log.history import describe_parts
from tui.i18n import RU

TUI = Path(__file__).parents[2] / "tui"


def shown_strings() -> set[str]:
    found = set()
    for source in TUI.rglob("*.py"):
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args or not isinstance(node.args[0], ast.Constant):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            if name in ("_", "say") and isinstance(node.args[0].value, str):  # say: a players' page's _
                found.add(node.args[0].value)
            if name == "Binding" and len(node.args) >= 3 and isinstance(node.args[2], ast.Constant):
                found.add(node.args[2].value)
    for module in ("new_tournament", "player_form"):
        tree = ast.parse((TUI / "screens" / f"{module}.py").read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "FIELDS":
                found |= {item.elts[1].value for item in node.value.elts}
    return found


def test_every_string_of_the_app_has_a_russian_line() -> None:
    missing = sorted(s for s in shown_strings() if s not in RU)
    assert missing == []


def test_every_scheme_parameter_and_setting_is_explained_in_russian() -> None:
    from schemes.registry import SCHEMES
    from tests.builders import Log
    from tui.views import settings_rows

    for scheme in SCHEMES.values():
        for param in scheme.params:
            assert param.help in RU, param.help
            if not scheme.traits.opengotha:  # OpenGotha's own names stay as OpenGotha writes them
                assert param.key in RU, param.key
                words = param.default if isinstance(param.default, list) else [param.default]
                assert all(w in RU for w in words if isinstance(w, str) and w.isalpha()), words
                allowed = getattr(param.parse, "allowed", ())  # a choice, or names from a list
                missing = [a for a in allowed if a not in RU and f"{param.key}={a}" not in RU]
                assert missing == [], (param.key, missing)
    meanings = [meaning for _key, _value, meaning in settings_rows(Log("gamma", rounds=3).state) if meaning]
    assert all(meaning in RU for meaning in meanings)


def test_every_log_template_has_a_russian_line() -> None:
    samples = [
        ("tournament_created", {"name": "X", "scheme": "gamma"}),
        ("player_registered", {"player": 1, "surname": "A", "name": "B"}),
        ("player_edited", {"player": 1}),
        ("player_skips", {"player": 1, "rounds": [2]}),
        ("player_withdrawn", {"player": 1, "from_round": 2}),
        ("round_paired", {"round": 1, "boards": []}),
        ("round_paired", {"round": 1, "boards": [{}]}),
        ("result_recorded", {"round": 1, "board": 1, "code": "W+"}),
        ("result_recorded", {"round": 1, "board": 1, "code": "W+", "swapped": True}),
        ("pairing_amended", {"round": 1, "change": "swap 1 2"}),
        ("retracted", {"event": 2}),
    ]
    for kind, data in samples:
        template, _values = describe_parts(Event(1, kind, data))
        assert template in RU, template


def test_every_result_code_is_said_and_has_its_key() -> None:
    """A result code added to the rules is a test failure here until the app can enter it
    and say it in both languages."""
    from schemes.state.model import RESULT_CODES
    from tui.i18n import RESULTS
    from tui.panes.rounds import CODES
    from tui.views import RESULT_SHORT as SHORT

    assert set(RESULTS) == set(SHORT) == set(CODES.values()) == set(RESULT_CODES)
    assert all(RU.get(RESULTS[code]) for code in RESULT_CODES)


def test_a_round_of_one_board_is_said_so_in_english() -> None:
    """A trial: a play-off's final read «round 4 paired (1 boards)» in the English log."""
    one = describe_parts(Event(1, "round_paired", {"round": 4, "boards": [{}]}))
    two = describe_parts(Event(1, "round_paired", {"round": 3, "boards": [{}, {}]}))
    assert [template.format(**values) for template, values in (one, two)] == [
        "round 4 paired (1 board)",
        "round 3 paired (2 boards)",
    ]


def test_a_russian_count_agrees_with_its_noun() -> None:
    from tui import i18n

    template = (
        "round {round}: player {player} plays {count} games: all count in his score; the pairing reads the one "
        "OpenGotha reads, the tables show his last"
    )
    i18n.set_language("ru")
    shown = {n: i18n._(template, round=2, player=3, count=n).split(":")[1] for n in (1, 2, 5, 11, 12, 21, 22, 25, 111)}
    assert shown == {
        1: " игрок 3 играет 1 партию",
        2: " игрок 3 играет 2 партии",
        5: " игрок 3 играет 5 партий",
        11: " игрок 3 играет 11 партий",
        12: " игрок 3 играет 12 партий",
        21: " игрок 3 играет 21 партию",
        22: " игрок 3 играет 22 партии",
        25: " игрок 3 играет 25 партий",
        111: " игрок 3 играет 111 партий",
    }
    i18n.set_language("en")
    try:
        assert i18n._(template, round=2, player=3, count=2).startswith("round 2: player 3 plays 2 games")
    finally:
        i18n.set_language("ru")


def test_an_english_count_agrees_with_its_noun() -> None:
    """A trial read «1 players registered» in English."""
    from tui import i18n

    i18n.set_language("en")
    try:
        said = [i18n._("{count:player|players} registered", count=n) for n in (1, 2, 11, 21)]
    finally:
        i18n.set_language("ru")
    assert said == ["1 player registered", "2 players registered", "11 players registered", "21 players registered"]
    assert i18n._("{count:player|players} registered", count=21) == "Зарегистрировано игроков: 21"


def test_a_russian_word_agrees_with_the_players_sex() -> None:
    """A trial: a woman withdrawn read «снят с тура 3»; her sex, where it was given, chooses the
    form (a sex not given reads as a man's, as Russian paperwork writes an unknown player)."""
    from tui import i18n

    i18n.set_language("ru")
    shown = {sex: i18n._("withdrawn from {round}", round=3, sex=sex) for sex in ("f", "m", "")}
    assert shown == {"f": "выбыла с тура 3", "m": "выбыл с тура 3", "": "выбыл с тура 3"}
    try:
        i18n.set_language("en")
        assert i18n._("withdrawn from {round}", round=3, sex="f") == "withdrawn from 3"
    finally:
        i18n.set_language("ru")


def test_a_second_bye_is_asked_of_a_woman_as_of_a_man() -> None:
    """A trial: the bye dialog said «уже был свободен» of Морозова: said of anyone alike."""
    from schemes.log import actions
    from tests.builders import Log
    from tui import i18n

    log = Log("gamma", 3)
    for i in range(5):
        log.add(f"Игрок{i}", rating=2000 - 100 * i, sex="f" if i == 4 else "")
    log.pair()
    last = log.state.round(1).byes[0]
    for board in log.state.round(1).boards:
        log.result(1, board.number, "W+")
    i18n.set_language("ru")
    notice = actions.earlier_bye(log.state, 2, last)
    assert notice is not None and i18n.said(notice) == "у игрока № 5 (Игрок4 X.) уже был свободный тур: 1-й"
    assert i18n._("had a bye: round {rounds}", rounds="1") == "свободный тур: тур 1"  # of anyone


def test_every_title_of_who_is_on_no_board_has_its_russian_line() -> None:
    """«Withdrawn:» stayed English on every Russian pairing list: the titles are a table,
    not ``_()`` calls the language test finds, so each is checked here."""
    from tui.i18n import RU
    from tui.views import NOT_PLAYING

    assert [title for title in NOT_PLAYING.values() if title not in RU] == []


def test_every_players_detail_is_named_in_russian_in_a_refusal() -> None:
    """An attack read «the team: 200 знаков, допустимо не больше 100»: the details' names are a
    table (``TEXT_DETAILS``), not ``_()`` calls the language test finds."""
    from schemes.state.model import GOTHA_PLAYER_DETAILS, GOTHA_SETTINGS, TEXT_DETAILS
    from tui.i18n import RU

    named = [*TEXT_DETAILS.values(), *GOTHA_PLAYER_DETAILS.values(), *GOTHA_SETTINGS.values()]
    assert [what for what, _limit in named if what not in RU] == []


def test_an_undo_or_a_redo_is_said_by_the_entry_it_takes_back_or_restores() -> None:
    """However deep the chain of retractions: a review found the undo of a redo said
    «возвращена запись 8: отмена записи 7» where it took result 7 back again."""
    from tests.builders import Log
    from tui import i18n
    from tui.i18n import event_text

    log = Log("round-robin")
    for surname in ("Иванов", "Петров"):
        log.add(surname, rating=2000)
    log.pair()
    result = log.result(1, 1, "W+").event
    log.undo()
    redo = log.redo().event
    log.undo(redo.id)  # the redo's own entry taken back, as the log's «u» on it does
    i18n.set_language("ru")
    said = [event_text(e, events=log.events) for e in log.events[result.id :]]
    what = "результат: тур 1, доска 1: Победа белых"
    assert said == [f"отменена запись {result.id}: {what}", f"возвращена запись {result.id}: {what}",
                    f"отменена запись {result.id}: {what}"]  # fmt: skip


def test_a_log_entry_names_a_player_by_his_number_and_name_once() -> None:
    """A trial: the log's «игрок 8» was not the «10.» of the boards, and a play-off trial's
    «игрок 6» was the player numbered 5.  Before the numbers, a player is his registration id
    and his name; once numbered, his number (registered first, rated lower, he is № 2); a
    registration, which names him in full, does not name him twice; a title is in Russian
    quotes."""
    from schemes.log import actions
    from schemes.log.replay import replay
    from tests.builders import Log
    from tui import i18n
    from tui.i18n import event_text

    log = Log("gamma", rounds=3)
    player = log.add("Кутасов", rating=2000, name="Игорь")
    log.commit(actions.skip(player, [3]))
    log.add("Сильный", rating=2400, name="Сергей")
    log.pair()
    log.commit(actions.skip(player, [2]))
    i18n.set_language("ru")
    before = replay(log.events[:3])
    said = [event_text(e, state=before, events=log.events) for e in log.events[:3]]
    assert said == ["создан турнир «Test cup» (Гамма)", f"игрок {player} зарегистрирован: Кутасов Игорь",
                    f"игрок {player} (Кутасов И.) пропускает тур 3"]  # fmt: skip
    assert log.state.numbers[player] == 2 != player
    assert event_text(log.events[-1], state=log.state) == "игрок № 2 (Кутасов И.) пропускает тур 2"


def test_a_block_names_the_players_as_the_boards_number_them() -> None:
    """A FORS trial: «игрок № 2 (Смирнова М.) изменён: не играет с 3» gave her number and the
    other's registration id, and the referee read the 3 as the player numbered 3."""
    from schemes.log import actions
    from tests.builders import Log
    from tui import i18n
    from tui.i18n import event_text

    log = Log("fors", rounds=3)
    ids = [log.add(surname, rank=rank, name="Анна") for surname, rank in (("Слабая", "5k"), ("Сильная", "1d"))]
    log.add("Средняя", rank="2k", name="Анна")
    log.pair()
    log.commit(actions.edit(ids[1], block=[ids[0]]))
    i18n.set_language("ru")
    assert (log.state.numbers[ids[0]], ids[0]) == (3, 1)
    assert event_text(log.events[-1], state=log.state) == "игрок № 1 (Сильная А.) изменён: не играет с № 3 (Слабая А.)"


def test_boards_without_a_result_are_said_in_the_plural_where_there_are_several() -> None:
    """A trial: «нет результата на доске 6, 7, 8, 9»."""
    import pytest

    from schemes.errors import InvalidEvent
    from tests.builders import Log
    from tui import i18n

    said = []
    for players in (2, 4):
        log = Log("gamma", rounds=3)
        for i in range(players):
            log.add(f"Игрок{'АБВГ'[i]}", rating=2000 - 100 * i)
        log.pair()
        with pytest.raises(InvalidEvent) as refused:
            log.pair()
        i18n.set_language("ru")
        said.append(i18n.said(refused.value))
    assert said == ["1-й тур не закончен: нет результата на доске 1",
                    "1-й тур не закончен: нет результатов на досках 1, 2"]  # fmt: skip


def test_a_results_log_line_names_the_boards_players() -> None:
    """A trial looked for Ivanov's result to undo it among lines that named only «доска 7»."""
    from tests.builders import Log
    from tui import i18n
    from tui.i18n import event_text

    log = Log("round-robin")
    for surname, name in (("Иванов", "Иван"), ("Петров", "Пётр")):
        log.add(surname, rating=2000, name=name)
    log.pair()
    result = log.result(1, 1, "W+").event
    board = log.state.round(1).boards[0]
    white, black = (log.state.players[p].surname for p in (board.white, board.black))
    i18n.set_language("ru")
    said = event_text(result, state=log.state)
    initial = {"Иванов": "И.", "Петров": "П."}
    assert said == f"результат: тур 1, доска 1 ({white} {initial[white]} — {black} {initial[black]}): Победа белых"
    assert event_text(result) == "результат: тур 1, доска 1: Победа белых"  # the command line's, without them


@pytest.mark.parametrize(("komi", "said", "short"), [(6.5, "Ничья (тройное ко)", "тройное ко"), (7, "Джиго", "джиго")])
def test_a_draw_where_the_komi_leaves_no_jigo_is_said_a_triple_ko(komi: float, said: str, short: str) -> None:
    """A sport-handicap trial: a triple ko, asked and recorded as one, read «джиго» on the
    boards and in the log.  With a whole komi a draw is a jigo."""
    from tests.builders import Log
    from tui import i18n, views
    from tui.i18n import event_text

    log = Log("round-robin", komi=komi)
    for surname in ("Иванов", "Петров"):
        log.add(surname, rating=2000)
    log.pair()
    result = log.result(1, 1, "draw").event
    played = log.state.round(1)
    i18n.set_language("ru")
    white, black = (log.state.players[p].surname for p in (played.boards[0].white, played.boards[0].black))
    assert event_text(result, state=log.state) == f"результат: тур 1, доска 1 ({white} X. — {black} X.): {said}"
    assert views.result_text(played, played.boards[0], i18n._) == short
    assert views.result_words("draw", False, played.boards[0]) == said
    from schemes.state.model import Result
    from tui.screens.dispute import DisputeScreen

    entries = [Result("draw", at="2026-12-05T10:00:00+00:00"), Result("W+", at="2026-12-05T10:00:01+00:00")]
    dispute = DisputeScreen(1, 1, entries, {}, "", played.boards[0])  # a review found «Джиго» here alone
    white_wins = views.result_words("W+", False, played.boards[0])  # white's first, whichever came first (a trial)
    assert [words for _id, words in dispute.answers] == [white_wins, said, "Потом"]
    assert f"?: {said}, " in dispute.details
    swapped = [Result("B+", swapped=True, at="2026-12-05T10:00:00+00:00"), Result("W+", swapped=True)]
    played = DisputeScreen(1, 1, swapped, {}, "", played.boards[0])  # in the colours played: white's win first
    assert [words for _id, words in played.answers][:2] == [views.result_words(c, True, None) for c in ("B+", "W+")]


@pytest.mark.parametrize(
    ("text", "shown"),
    [("не вошло в общий журнал", "Не вошло в общий журнал"), ("игрок 3: нет", "Игрок 3: нет"),
     ("joined: 5 events", "Joined: 5 events"), ("Доска 3", "Доска 3"), ("f2 players", "f2 players"),
     ("gamma.json: нет", "gamma.json: нет"), ("sport-handicap sets", "sport-handicap sets"),
     ("http://127.0.0.1:9: нет ответа", "http://127.0.0.1:9: нет ответа"), ("/tmp/x: нет", "/tmp/x: нет"), ("", ""),
     ("плей-офф: нельзя", "Плей-офф: нельзя")],
)  # fmt: skip
def test_a_notification_reads_as_a_sentence(text: str, shown: str) -> None:
    """A trial read notifications that began small («не вошло…», the command line's refusals
    after «tengen: ») as cut off; a key, a file, a scheme or an address stays as written."""
    from tui.i18n import sentence

    assert sentence(text) == shown


def test_a_result_entry_nested_in_a_notice_says_its_result_in_words() -> None:
    """A review: a hall's notice naming a result read «результат: тур 1, доска 2: B+»."""
    from schemes.errors import Notice
    from tui import i18n

    entry = Event(5, "result_recorded", {"round": 1, "board": 2, "code": "B+"}, "")
    told = Notice("{notice}: {what}, entered on {laptop}", {
        "notice": Notice("round {later} was paired with the old result of round {round}", {"later": "2", "round": 1}),
        "what": Notice(*describe_parts(entry)), "laptop": "Стол 2"})  # fmt: skip
    i18n.set_language("ru")
    assert i18n.said(told) == (
        "тур 2 был составлен по прежнему результату 1-го тура: результат: тур 1, доска 2: Победа чёрных "
        "(введено на «Стол 2»)"
    )
    assert i18n.said(Notice("bad result {code!r}: one of {codes}", {"code": "B+", "codes": "W+ B+"})).startswith(
        "неверный результат 'B+'"
    )  # a code elsewhere stays a code


def test_a_result_undone_names_the_players_it_was_entered_for() -> None:
    """A trial: a result entered on board 1, undone, and the round entered from paper; the log
    then named the old result by the players seated on board 1 now."""
    from schemes.log import actions
    from schemes.log import events as ev
    from schemes.log.history import seated_when_entered
    from tests.builders import Log
    from tui import i18n
    from tui.i18n import event_text

    i18n.set_language("ru")
    log = Log("gamma", rounds=3)
    for i in range(6):
        log.add(f"Игрок{i}", rating=2400 - 100 * i)
    log.pair()
    first = log.state.round(1).boards[0]
    log.result(1, 1, "W+")
    entered = log.events[-1]
    log.undo()
    others = [p for b in log.state.round(1).boards[1:] for p in (b.white, b.black)]
    pairs = [(first.white, others[0]), (first.black, others[1]), (others[2], others[3])]
    log.commit(actions.as_played(log.state, 1, pairs, force=True))
    assert {log.state.round(1).boards[0].white, log.state.round(1).boards[0].black} != {first.white, first.black}
    said = event_text(entered, state=log.state, events=log.events, seats=seated_when_entered(log.events))
    players = log.state.players
    assert f"доска 1 ({players[first.white].short_name} — {players[first.black].short_name})" in said
    assert entered.kind == ev.RESULT_RECORDED


def test_the_systems_refusal_is_said_in_the_interface_language() -> None:
    """A review: the app's print and export said ``said(error)`` of an ``OSError``, Python's
    English («[Errno 28] No space left on device») in the Russian app."""
    import errno

    from tui import i18n

    assert i18n.said(OSError(errno.ENOSPC, "No space left on device")) == RU["the disk is full"]
    assert i18n.said(OSError(errno.EACCES, "Permission denied")) == RU["no permission"]


def test_a_take_of_the_chief_s_role_names_both_laptops_in_the_log() -> None:
    """The log says whose role a table took (a take written before said the taker alone)."""
    from schemes.state.model import Laptop
    from tui import i18n
    from tui.i18n import event_text

    chief, table = "a" * 32, "b" * 32
    laptops = {chief: Laptop(chief, "Главный", 0), table: Laptop(table, "Стол 2", 1)}
    take = Event(9, "chief_changed", {"device": table, "taken": True, "from": chief}, "2026-12-07T10:00:00+00:00")
    older = Event(9, "chief_changed", {"device": table, "taken": True}, "2026-12-07T10:00:00+00:00")
    i18n.set_language("ru")
    assert event_text(take, laptops=laptops) == "роль главного взял ноутбук Стол 2 у ноутбука Главный"
    assert event_text(older, laptops=laptops) == "роль главного взял ноутбук Стол 2"
    i18n.set_language("en")
    assert event_text(take, laptops=laptops) == "the chief's role taken by laptop Стол 2 from laptop Главный"
    assert event_text(take) == f"the chief's role taken by laptop {table[:8]} from laptop {chief[:8]}"
