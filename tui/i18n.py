"""The app's words in Russian (the default) and English.

Strings are written in English in the code and looked up here, gettext-style, when
the interface is Russian; a test checks that every string the app shows has its
Russian line.  Log entries come from ``schemes.history.describe_parts`` as English
templates and are translated the same way.
"""

from __future__ import annotations

from schemes.events import Event
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
    "Dates (2026-12-05..2026-12-06)": "Даты (2026-12-05..2026-12-06)",
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
    "Withdraw {name} from round {round}?": "Снять {name} с турнира с {round}-го тура?",
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
    "Writing {document}…": "Пишется {document}…",
    "Written next to the tournament: {files}": "Записано рядом с турниром: {files}",
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
    # log templates (schemes.history.describe_parts)
    "tournament {name!r} created ({scheme})": "создан турнир {name!r} ({scheme})",
    "player {player} registered: {who}": "игрок {player} зарегистрирован: {who}",
    "player {player} edited: {changed}": "игрок {player} изменён: {changed}",
    "player {player} skips round {rounds}": "игрок {player} пропускает тур {rounds}",
    "player {player} withdrawn from round {round}": "игрок {player} снят с {round}-го тура",
    "round {round} paired ({boards} boards)": "составлен {round}-й тур ({boards} досок)",
    "result round {round} board {board}: {code}": "результат: тур {round}, доска {board}: {code}",
    "result round {round} board {board}: {code} colours swapped": "результат: тур {round}, доска {board}: {code}, цвета наоборот",
    "round {round} changed by hand: {change}": "{round}-й тур изменён вручную: {change}",
    "retraction of event {event}": "отмена записи {event}",
}


def set_language(language: str) -> None:
    global _language
    _language = language


def language() -> str:
    return _language


def _(text: str, **values: object) -> str:
    """``text`` in the interface language, with ``values`` filled in."""
    translated = RU.get(text, text) if _language == "ru" else text
    return translated.format(**values) if values else translated


def event_text(event: Event) -> str:
    template, values = describe_parts(event)
    return _(template, **values)
