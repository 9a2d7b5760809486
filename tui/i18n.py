"""The app's words in Russian (the default) and English.

Strings are written in English in the code and looked up here, gettext-style, when
the interface is Russian; a test checks that every string the app shows has its
Russian line.  Log entries come from ``schemes.history.describe_parts`` as English
templates and are translated the same way.
"""

from __future__ import annotations

from schemes.events import Event, WouldBreak
from schemes.history import describe_parts

_language = "ru"

RU = {
    # app and start screen
    "Tengen": "Tengen",
    "Tournaments": "Турниры",
    "Recent tournaments and those in {folder}": "Недавние турниры и турниры в {folder}",
    "No tournaments yet: n creates one, d opens the demo.": "Турниров пока нет: n — новый турнир, d — демонстрационный.",
    "New tournament": "Новый турнир",
    "Open a file": "Открыть файл",
    "Open the demo": "Открыть демо",
    "Language": "Язык",
    "Quit": "Выход",
    "Path of the tournament file": "Путь к файлу турнира",
    "Interface language: {language}": "Язык интерфейса: {language}",
    "English": "английский",
    "Russian": "русский",
    "Switch the interface between Russian and English": "Переключить интерфейс между русским и английским",
    # new tournament
    "Create": "Создать",
    "Cancel": "Отмена",
    "Scheme": "Схема",
    "Name": "Название",
    "Venue": "Место проведения",
    "Dates (05.12.2026-06.12.2026)": "Даты (05.12.2026-06.12.2026)",
    "Number of rounds": "Число туров",
    "Komi": "Коми",
    "Time control (40+5/15, 60+30sx3, 45+30s, 60)": "Контроль времени (40+5/15, 60+30sx3, 45+30s, 60)",
    "Paperwork language": "Язык документов",
    "File": "Файл",
    "Parameters of the scheme": "Параметры схемы",
    "Give a name": "Укажите название",
    "Give the number of rounds": "Укажите число туров",
    "A whole number": "Целое число",
    "A number like 6.5": "Число вроде 6.5",
    "{path} exists already": "{path} уже существует",
    "Not rated: under 60 effective minutes": "Не рейтинговый: меньше 60 минут эффективного времени",
    # tournament screen
    "Players": "Игроки",
    "Rounds": "Туры",
    "Standings": "Положение",
    "Log": "Журнал",
    "Undo": "Отменить",
    "Redo": "Вернуть",
    "Print": "Печать",
    "Export rating table": "Таблица для РК",
    "Close": "Закрыть",
    "{name} · {scheme} · round {paired} of {total}": "{name} · {scheme} · тур {paired} из {total}",
    "Undone: {what}": "Отменено: {what}",
    "Redone: {what}": "Возвращено: {what}",
    # players
    "Search": "Поиск",
    "Add": "Добавить",
    "Edit": "Изменить",
    "Skip rounds": "Пропуск туров",
    "Withdraw": "Снять с турнира",
    "Import": "Импорт",
    "Rating list": "Рейтинг-лист",
    "Id": "Рег.",
    "No.": "№",
    "Rank": "Ранг",
    "Rating": "Рейтинг",
    "Country": "Страна",
    "Club": "Клуб",
    "Blocked": "Не играет с",
    "Status": "Статус",
    "withdrawn from {round}": "снят с {round}-го тура",
    "skips {rounds}": "пропускает {rounds}",
    "Select a player first": "Сначала выберите игрока",
    "Rounds to skip (2 3)": "Пропускаемые туры (2 3)",
    "Withdraw {name} from round {round}?": "Снять с турнира с {round}-го тура: {name}?",
    "Registered: {name}": "Зарегистрирован: {name}",
    "Saved: {name}": "Сохранено: {name}",
    "CSV file or EGD rating list": "CSV-файл или рейтинг-лист EGD",
    "{count} players registered": "Зарегистрировано игроков: {count}",
    "{bad} bad rows. Import the {good} good ones?": "Ошибочных строк: {bad}. Импортировать остальные ({good})?",
    # player form
    "Add a player": "Новый игрок",
    "Edit a player": "Изменить данные игрока",
    "Surname": "Фамилия",
    "Given name": "Имя",
    "Rating or rank (2150 or 2d)": "Рейтинг или ранг (2150 или 2d)",
    "Country code (RU)": "Код страны (RU)",
    "Club or city": "Клуб или город",
    "Must not meet (ids: 3 7)": "Не играет с (рег. номера: 3 7)",
    "Save": "Сохранить",
    "Give a surname": "Укажите фамилию",
    "Give a rating (2150) or a rank (2d)": "Укажите рейтинг (2150) или ранг (2d)",
    "Player ids, like 3 7": "Регистрационные номера, например 3 7",
    # rating list
    "Rating list file": "Файл рейтинг-листа",
    "Load": "Загрузить",
    "Name starts with": "Начало фамилии",
    "Register": "Зарегистрировать",
    "{count} players in the list": "Игроков в списке: {count}",
    # rounds
    "Pair next round": "Жеребьёвка тура",
    "Previous round": "Предыдущий тур",
    "Next round": "Следующий тур",
    "White won": "Победа белых",
    "Black won": "Победа чёрных",
    "Jigo": "Джиго",
    "White by forfeit": "Белые — неявка соперника",
    "Black by forfeit": "Чёрные — неявка соперника",
    "Both lose": "Оба проиграли",
    "Colours swapped": "Цвета наоборот",
    "Swap players": "Поменять игроков",
    "No round is paired yet: n pairs round 1.": "Туры ещё не составлены: n — жеребьёвка 1-го тура.",
    "Round {round}": "Тур {round}",
    "lowest top level {level}": "наименьший старший уровень {level}",
    "results missing: {missing} of {boards}": "нет результатов: {missing} из {boards}",
    "all results in": "все результаты внесены",
    "board {board}": "доска {board}",
    "Board": "Доска",
    "White": "Белые",
    "Black": "Чёрные",
    "Hcp": "Фора",
    "Result": "Результат",
    "nigiri": "нигири",
    "nig.": "ниг.",
    "Bye": "Свободны",
    "Skip": "Пропускают",
    "Pairing round {round}…": "Жеребьёвка {round}-го тура…",
    "Round {round} paired": "{round}-й тур составлен",
    "{error}. Pair allowing repeat games?": "{error}. Составить с повторными встречами?",
    "Numbers of the two players (3 12)": "Номера двух игроков (3 12)",
    "Two player numbers, like 3 12": "Два номера игроков, например 3 12",
    "{reason}. Pair them anyway?": "{reason}. Всё равно поставить их в пару?",
    "No such board: {board}": "Нет доски {board}",
    # standings
    "Standings after round {round}": "Положение после {round}-го тура",
    "Final table": "Итоговая таблица",
    "Table": "Таблица",
    "Score": "Очки",
    # settings
    "Settings": "Настройки",
    "Setting": "Параметр",
    "Value": "Значение",
    "Meaning": "Смысл",
    "Place": "Место",
    "Player": "Фамилия, имя",
    # log
    "Undo this entry": "Отменить эту запись",
    "Time": "Время",
    "Entry": "Запись",
    "undone": "отменено",
    # print and export
    "Print documents": "Печать документов",
    "Round (empty: the latest)": "Тур (пусто — последний)",
    "Choose at least one document": "Выберите хотя бы один документ",
    "Writing {document}…": "Готовится: {document}…",
    "Written to {folder}: {files}": "Записано в {folder}: {files}",
    "No PDF viewer here: open the files from {folder} to print them":
        "Программы для просмотра PDF нет: откройте файлы из папки {folder}, чтобы напечатать",
    "cards": "карточки",
    "protocol": "протокол тура",
    "slips": "бланки результатов",
    "standings": "положение",
    "table": "итоговая таблица",
    "registration": "список участников",
    "Latin names": "Имена латиницей",
    "EGF format": "Формат EGF",
    "Export": "Экспорт",
    "Rating table written to {path}": "Таблица для РК записана в {path}",
    "Yes": "Да",
    "No": "Нет",
    "OK": "OK",
    # scheme parameters (schemes/*.py, Param.help) and the settings' meanings (tui/views.py)
    "most stones a game may have": "наибольшая фора в партии",
    "strength points per rank": "очков силы на ранг",
    "the rank with strength 0; weaker ranks count as it": "ранг с силой 0; слабые ранги считаются им",
    "points for a win": "очки за победу",
    "points for a triple ko, a skip, a walkover or a bye": "очки за тройное ко, отказ, неявку соперника, свободный тур",
    "a win after n >= 2 wins in a row is worth n wins": "победа после серии из n >= 2 побед стоит n побед",
    "the final correction for the handicaps played": "итоговая поправка за сыгранные форы",
    "start points per rank above the base rank": "стартовые очки за ранг выше базового",
    "the rank with 0 start points (auto: the weakest in the field)": "ранг с нулём стартовых очков (auto — слабейший)",
    "handicap stones per rank of difference": "камней форы на ранг разницы",
    "a win in an even game; giving h stones: + h": "победа на равных; давая h камней: + h",
    "a loss in an even game; receiving h stones: - h": "поражение на равных; получая h камней: - h",
    "a round without opponent": "тур без соперника",
    "an announced skip": "заявленный отказ от тура",
    "order of the criteria after total points": "порядок критериев после суммы очков",
    "how players get their numbers": "как игроки получают номера",
    "1 = single, 2 = double round robin": "1 — однокруговой, 2 — двухкруговой",
    "even games, or handicap by rank difference": "на равных или с форой по разнице рангов",
    "points for a round without opponent": "очки за тур без соперника",
    "order of tie-breaks after points": "порядок дополнительных показателей после очков",
    "standings by points, or by the true rating (the seed's order for incomplete tables)":
        "места по очкам или по «истинному» рейтингу (для неполных таблиц)",
    "announced komi of even games": "объявленное коми в партиях на равных",
    "time control": "контроль времени",
    "language of the paperwork": "язык документов",
    # refusals and notices (schemes, data): templates filled in by ``said``
    "No pairing of round {round} without a repeat game. Pair allowing repeat games?":
        "Тур {round} нельзя составить без повторных встреч. Составить с повторными встречами?",
    "round {round} cannot be paired without a repeat game: pair it with --allow-repeats and change it by hand "
    "with pairing swap": "тур {round} нельзя составить без повторных встреч",
    "{reason}: add --force to pair them anyway": "{reason}",
    "that would break event {event} ({what}): {reason}": "так нарушится запись {event} ({what}): {reason}",
    "{file} is open for writing by {holder}; close it there first": "{file} уже открыт для записи ({holder}); закройте его там",
    "a change by hand keeps the number of boards": "ручное изменение не меняет числа досок",
    "a player needs a rating or a rank": "у игрока должен быть рейтинг или ранг",
    "all {total} rounds are paired": "все туры ({total}) уже составлены",
    "board {boards} of round {round} has a result: undo it first": "на доске {boards} {round}-го тура есть результат: сначала отмените его",
    "board {board} had its colours set by the pairing: they cannot be swapped":
        "цвета на доске {board} назначены жеребьёвкой: менять их нельзя",
    "board {board} is a handicap game: the stronger player takes white": "на доске {board} игра с форой: белыми играет сильнейший",
    "event {event} ({what}) is already undone": "запись {event} ({what}) уже отменена",
    "give a rating or a rank": "укажите рейтинг или ранг",
    "name the rounds to skip": "укажите пропускаемые туры",
    "name two different players": "укажите двух разных игроков",
    "nothing to change: give the fields to edit": "нечего менять",
    "nothing to redo": "нечего возвращать",
    "nothing to undo": "нечего отменять",
    "only the latest round ({round}) can be changed by hand": "вручную можно менять только последний тур ({round})",
    "player id {player} is taken": "регистрационный номер {player} занят",
    "player {player} appears twice in round {round}": "игрок {player} дважды в {round}-м туре",
    "player {player} cannot be blocked from himself": "игрок {player} не может быть запрещён сам себе",
    "player {player} does not play on board {board}": "игрок {player} не играет на доске {board}",
    "player {player} does not play round {round}": "игрок {player} не играет в {round}-м туре",
    "player {player} has already withdrawn from round {round}": "игрок {player} уже снят с {round}-го тура",
    "player {player} is left out of round {round}": "игрок {player} не попал в {round}-й тур",
    "round {round} has no board {board} (boards 1-{boards})": "в {round}-м туре нет доски {board} (доски 1–{boards})",
    "round {round} has results on board {boards}: undo them before its pairing":
        "в {round}-м туре есть результаты (доска {boards}): сначала отмените их",
    "round {round} is already paired: a skip must be announced before; record the game as a forfeit instead":
        "{round}-й тур уже составлен: об отказе заявляют заранее; запишите неявку",
    "round {round} is already paired: withdraw him from round {next}": "{round}-й тур уже составлен: снимите игрока с {next}-го",
    "round {round} is not complete: no result on board {boards}": "{round}-й тур не закончен: нет результата на доске {boards}",
    "round {round} is not paired": "{round}-й тур ещё не составлен",
    "the creation of the tournament cannot be undone": "создание турнира отменить нельзя",
    "the next round to pair is {next}, not {round}": "следующий тур — {next}-й, а не {round}-й",
    "there is no event {event}": "записи {event} нет",
    "there is no round {round}: the event has {total}": "{round}-го тура нет: в турнире {total}",
    "unknown player {player}": "нет игрока {player}",
    "{scheme}: nobody can join after round 1 is paired": "после жеребьёвки 1-го тура добавить игрока нельзя",
    "players {a} and {b} are blocked from meeting": "игрокам {a} и {b} запрещено играть друг с другом",
    "players {a} and {b} met in round {round}": "игроки {a} и {b} уже встречались в {round}-м туре",
    "round {later} was paired with the old result of round {round}":
        "тур {later} был составлен по прежнему результату {round}-го тура",
    "round {round} was announced after round {before} was paired: recorded, but worth 0 points":
        "отказ от {round}-го тура заявлен после жеребьёвки {before}-го: записан, но стоит 0 очков",
    "round {round} needs at least 2 players": "для {round}-го тура нужно хотя бы 2 игрока",
    "a round robin needs at least 2 players": "для кругового турнира нужно хотя бы 2 игрока",
    "{folder}: no such folder": "{folder}: нет такой папки",
    "{path} exists already: choose another name": "{path} уже существует: выберите другое имя",
    "{path}: cannot write in {folder} ({reason})": "{path}: нельзя записать в {folder} ({reason})",
    "{path}: cannot write it ({reason}); the file is as it was before":
        "{path}: не удалось записать ({reason}); файл остался прежним",
    "{path}: {what}": "{path}: {what}",
    "{path}: {what}; the previous state is in {backup}: tengen restore {path} puts it back":
        "{path}: {what}; прежнее состояние — в {backup}: его вернёт команда tengen restore {path}",
    "no such file": "нет такого файла",
    "not a Tengen tournament (damaged or not JSON)": "не турнир Tengen (повреждён или не JSON)",
    "not a Tengen tournament file": "не файл турнира Tengen",
    "{what} holds a line break: one line of visible text, please": "{what}: перевод строки не допускается, нужна одна строка",
    "{what} holds the invisible character U+{code}: one line of visible text, please":
        "{what}: невидимый символ U+{code} не допускается",
    "{what} is {length} characters long: at most {limit}": "{what}: {length} знаков, допустимо не больше {limit}",
    "{what} has nothing visible in it": "{what}: нет ни одного видимого знака",
    "{what} is empty": "{what}: пусто",
    "unknown country code {code!r}: two letters, like RU or DE": "неизвестный код страны {code!r}: две буквы, например RU",
    "bad rank {label!r}: write it like 5d or 12k (30k..9d)": "неверный ранг {label!r}: пишите как 5d, 12k, 3к или 2д",
    "bad rank {label!r}: ranks go from 30k to 9d": "неверный ранг {label!r}: ранги от 30k до 9d",
    "bad rating {rating}: ratings go from {low} to {high}": "неверный рейтинг {rating}: от {low} до {high}",
    "unknown parameter {key!r} for {scheme}: known are {known}": "неизвестный параметр {key!r}; есть: {known}",
    "{key}: {problem}": "{key}: {problem}",
    "bad number of rounds {rounds}: 1 to 99": "неверное число туров {rounds}: от 1 до 99",
    "unknown scheme {name!r}: known are {known}": "неизвестная схема {name!r}; есть: {known}",
    "bad komi {value}: a whole or half number, like 6.5": "неверное коми {value}: целое или с половиной, например 6.5",
    "Board {board}: already {old}. Replace it with {new}?": "Доска {board}: уже записано «{old}». Заменить на «{new}»?",
    "Board {board}: {result}?": "Доска {board}: {result}?",
    "Pair round {round}?": "Провести жеребьёвку {round}-го тура?",
    "W+": "Б+",
    "B+": "Ч+",
    "jigo": "джиго",
    "W+ forfeit": "Б+ неявка",
    "B+ forfeit": "Ч+ неявка",
    "both lose": "оба −",
    "Keys": "Клавиши",
    "Keys of this screen (Esc closes)": "Клавиши этого экрана (Esc — закрыть)",
    "Key": "Клавиша",
    "What it does": "Что делает",
    "Board": "Доска",
    "gamma": "Гамма",
    "sport-handicap": "спортивно-гандикапная",
    "fors": "ФОРС",
    "round-robin": "круговая",
    "of": "из",
    "round {paired}": "тур {paired}",
    "not paired yet": "жеребьёвки ещё не было",
    "{name} is registered already (No. {id}). Register another player of that name?":
        "{name} уже зарегистрирован (рег. № {id}). Зарегистрировать ещё одного игрока с таким именем?",
    "settings changed: {changed}": "изменены настройки: {changed}",
    "{key} cannot be changed: only {keys}": "{key} изменить нельзя; можно: {keys}",
    "title": "название",
    "Change": "Изменить",
    "{setting} is fixed when the tournament is created": "«{setting}» задаётся при создании турнира",
    "New value: {setting}": "Новое значение: {setting}",
    "scheme": "схема",
    "rounds": "туры",
    "lang": "язык документов",
    "on": "да",
    "off": "нет",
    "lot": "жребий",
    "manual": "вручную",
    "none": "нет",
    "points": "по очкам",
    "true_rating": "«истинный» рейтинг",
    "auto": "слабейший",
    "buchholz": "Бухгольц",
    "head_to_head": "личная встреча",
    "sonneborn_berger": "Зоннеборн–Бергер",
    "wins": "победы",
    "koya": "Койя",
    "opp_earned": "очки соперников",
    "opp_wins": "победы соперников",
    "ks": "КС",
    "wins_even_or_giving": "победы на равных и с форой",
    "handicap_given": "данная фора",
    "start_rating": "стартовый рейтинг",
    "numbering": "нумерация",
    "cycles": "круги",
    "handicap": "фора",
    "handicap_cap": "предел форы",
    "bye_points": "очки за свободный тур",
    "tiebreaks": "доп. показатели",
    "order": "порядок мест",
    "rank_step": "очков на ранг",
    "floor": "нижний ранг",
    "win_points": "очки за победу",
    "half_points": "очки за пол-победы",
    "streak_bonus": "бонус за серию",
    "correction": "итоговая поправка",
    "start_per_rank": "старт. очков на ранг",
    "base_rank": "базовый ранг",
    "stones_per_rank": "камней на ранг",
    "loss_points": "очки за поражение",
    "skip_points": "очки за отказ",
    "surname": "фамилия",
    "name": "имя",
    "rank": "ранг",
    "rating": "рейтинг",
    "country": "страна",
    "club": "клуб",
    "block": "не играет с",
    "place": "место",
    "dates": "даты",
    "time": "контроль времени",
    "komi": "коми",
    "the surname": "фамилия",
    "the first name": "имя",
    "the country": "страна",
    "the club": "клуб",
    "the tournament's name": "название турнира",
    "the place": "место проведения",
    "the time control": "контроль времени",
    # log templates (schemes.history.describe_parts)
    "tournament {name!r} created ({scheme})": "создан турнир {name!r} ({scheme})",
    "player {player} registered: {who}": "игрок {player} зарегистрирован: {who}",
    "player {player} edited: {changed}": "игрок {player} изменён: {changed}",
    "player {player} skips round {rounds}": "игрок {player} пропускает тур {rounds}",
    "player {player} withdrawn from round {round}": "игрок {player} снят с {round}-го тура",
    "round {round} paired ({boards} boards)": "составлен {round}-й тур, досок: {boards}",
    "result round {round} board {board}: {code}": "результат: тур {round}, доска {board}: {code}",
    "result round {round} board {board}: {code} colours swapped": "результат: тур {round}, доска {board}: {code}, цвета наоборот",
    "round {round} changed by hand: {change}": "{round}-й тур изменён вручную: {change}",
    "retraction of event {event}": "отмена записи {event}",
}


RESULTS = {"W+": "White won", "B+": "Black won", "draw": "Jigo", "W+F": "White by forfeit", "B+F": "Black by forfeit",
           "both-lose": "Both lose"}
"""A result code as the referee says it (translated by ``_``)."""


def set_language(language: str) -> None:
    global _language
    _language = language


def language() -> str:
    return _language


def _(text: str, **values: object) -> str:
    """``text`` in the interface language, with ``values`` filled in."""
    translated = RU.get(text, text) if _language == "ru" else text
    return translated.format(**values) if values else translated


def said(message: object) -> str:
    """A refusal or notice (``Worded``, ``Notice``) in the interface language: its template
    translated, its fields filled in, nested refusals and events worded the same way."""
    if isinstance(message, WouldBreak):
        return _(message.template, event=message.target.id, what=event_text(message.target), reason=said(message.cause))
    template, fields = getattr(message, "template", None), getattr(message, "fields", None)
    if template is None or fields is None:
        return str(message)
    values = {key: said(value) if hasattr(value, "template") else _(value) if key == "what" else value
              for key, value in fields.items()}
    return _(template, **values)


def event_text(event: Event) -> str:
    template, values = describe_parts(event)
    if "changes" in values:  # field names in the interface language
        values = {**values, "changed": ", ".join(f"{_(key)} {value}" for key, value in values["changes"])}
    if "code" in values:  # a result as the referee says it
        values = {**values, "code": _(RESULTS[values["code"]])}
    return _(template, **values)
