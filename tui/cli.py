"""The ``tengen`` command line (``../shared/spec/cli.md``).

Every command that writes opens the file for writing (taking its lock), checks its
actions against the whole log and appends their events in one write (most one event;
``player import`` and ``settings --param`` several, all or none); bad input prints one
line on stderr, exits with status 2 and leaves the file untouched.  Textual is imported only
when the app is asked for, so queries answer at once.
"""

from __future__ import annotations

import argparse
import inspect
import os
import random
import re
import signal
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from data import codes
from data.errors import Refused, TournamentFileError, os_reason
from data.ledger import for_one_command
from data.service import BeforePairing, Change, Output, Service, another_laptop
from data.state_cache import code_compiled, compiled_code_kept, keep_compiled_code, weigher_ahead
from data.store import backup_path, check_regular, damaged_name, real_path, restore
from paperwork.kinds import BLANKS, KINDS
from schemes.awards.prizes import SPECIALS, PrizeRules
from schemes.awards.teams import DEFAULT_BEST, GROUPINGS, POINTS, default_grouping
from schemes.errors import BadSetting, InvalidEvent, Notice, Worded
from schemes.log import actions
from schemes.log.actions import Action
from schemes.registry import SCHEMES, get_scheme, names_with
from schemes.state.model import DEFAULT_KOMI, RESULT_CODES, Tournament, as_played
from schemes.values.names import names_someone
from schemes.values.text import number_runs
from schemes.values.timecontrol import parse_time
from tui import cli_hall, i18n, views
from tui.i18n import _, event_text, said, schemes_with
from tui.start import interrupted, locale_language
from tui.stderr import OutputLost, guard_stdout, json_text, letters_it_can, one_line, print_warning, say

if TYPE_CHECKING:
    from data.importers import RatingList
    from schemes.log.events import Event

EXIT_BAD_INPUT = 2
EXIT_OUTPUT_LOST = 1
"""The command's output could not be written: not 2, which says the file is as it was."""


class BadInput(Worded):
    """Something the referee typed that cannot be done; printed as one line, in the
    language of the system (a template and its fields, like the rules' refusals)."""


class UsageError(BadInput):
    """A command line argparse refuses: its message names the command itself (``tengen
    prizes: argument --age: …``), so it takes no ``tengen:`` before it."""

    template = "{prog}: {message}"


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        # argparse quotes what was typed whole: a 5,000-digit round made a line of 5,000 nines
        raise UsageError(prog=self.prog, message=re.sub(r"'([^']{60})[^']+'", r"'\1…'", message))

    def _get_values(self, action: argparse.Action, arg_strings: list[str]) -> Any:
        """``--name=--`` is the value ``--``, and so is a word's ``--`` after the ``--`` that
        ends the options (``tengen import opengotha a.xml -- --``): argparse drops every
        ``--`` it is handed and gave an empty list where a text was expected, a traceback (a
        review, then the command-line attack)."""
        if action.nargs is None and arg_strings == ["--"]:
            value = self._get_value(action, "--")
            self._check_value(action, value)  # `--by=--` is no grouping: refused as any other
            return value
        return super()._get_values(action, arg_strings)


def _comma_numbers(refusal: str, most: int | None = None) -> Callable[[str], list[int]]:
    """An option's reader of whole numbers from 1 (to ``most``) split by commas, ``refusal``
    naming what they are: a trial's ``--age 0`` and ``--age=-5`` gave no age group, unsaid."""

    def read(text: str) -> list[int]:
        try:
            numbers = [int(part) for part in text.split(",") if part.strip() and len(part) < 10]
        except ValueError:
            numbers = []
        if len(numbers) != len([part for part in text.split(",") if part.strip()]) or not all(
            1 <= n <= (most or n) for n in numbers
        ):
            raise argparse.ArgumentTypeError(_(refusal, text=text[:40]))
        return numbers

    return read


_ids = _comma_numbers("{text!r} is not a comma list of player ids")
_ages = _comma_numbers("{text!r} is not a comma list of ages (12,16)", most=120)


def _at_least(low: int) -> Callable[[str], int]:
    """A whole number of ``low`` or more: a round (1 or more: a trial's ``skip 3 0`` was told «round 0
    is already paired»), a round standings are after (0: the start), how many best members count."""

    def read(text: str) -> int:
        try:
            number = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(_("{text!r} is not a whole number", text=text[:20])) from None
        if number < low:
            raise argparse.ArgumentTypeError(_("{low} or more", low=low))
        return number

    return read


_best = _round = _at_least(1)
_after = _at_least(0)


def _rank_groups(text: str) -> list[tuple[str, str]]:
    groups = []
    for part in text.split(","):
        low, sep, high = part.strip().partition("-")
        if not sep or not low or not high:
            raise argparse.ArgumentTypeError(_("{part!r} is not a rank group like 20k-11k", part=part[:20]))
        groups.append((low, high))
    return groups


def _names(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


def _result_code(text: str) -> str:
    """A result as a referee types it: in any case (``w+``, ``b+f``), the colour in Russian
    (``Б+``, ``Ч+F``: a trial's were refused); what is no result stays as typed, for the log's
    refusal to name."""
    typed = text.strip()
    colour = {"Б": "W", "Ч": "B"}.get(typed[:1].upper())
    typed = colour + typed[1:] if colour else typed
    return next((code for code in RESULT_CODES if code.casefold() == typed.casefold()), text)


def _param(text: str) -> tuple[str, str]:
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(_("{text!r} is not KEY=VALUE", text=text[:40]))
    return key.strip(), value.strip()


def _profile_options(parser: argparse.ArgumentParser, required: bool) -> argparse._MutuallyExclusiveGroup:
    """The player's fields as options; the group of ``--pre`` (``edit`` adds ``--confirm``)."""
    parser.add_argument("--surname", required=required, help=_("family name, as it is printed"))
    parser.add_argument("--name", required=required, help=_("given name"))
    parser.add_argument("--rating", type=int, help=_("rating on the EGF/RFG scale, like 2150"))
    parser.add_argument("--rank", help=_("rank, like 2d, 5k, 3к, 2 дан; beside --rating, his declared rank"))
    parser.add_argument(
        "--country",
        help=_(
            "two-letter country code, like RU ('' for none; a new player's default: the "
            "one most players have, as the app's form offers)"
        ),
    )
    parser.add_argument("--club", help=_("club or city, as typed (the rating table writes a Russian city as its code)"))
    parser.add_argument("--block", type=_ids, help=_("ids of players he must not meet"))
    parser.add_argument("--birth", help=_("date of birth: 2014-05-03 or 03.05.2014 (age groups, the youngest)"))
    parser.add_argument("--sex", help=_("f or m (ж or м)"))
    parser.add_argument("--patronymic", help=_("patronymic, as Russian paperwork writes it"))
    parser.add_argument("--team", help=_("a named team, for the team standings"))
    parser.add_argument("--category", help=_("a category the organiser gives, like «дети до 12 лет»"))
    parser.add_argument("--pin", help=_("EGF PIN"))
    parser.add_argument("--rgf", help=_("RGF rating-list id"))
    parser.add_argument("--note", help=_("a phone number or any note"))
    advance = parser.add_mutually_exclusive_group()
    advance.add_argument(
        "--pre",
        action="store_const",
        const=True,
        dest="preregistered",
        help=_(
            "{schemes}: registered in advance, not paired until confirmed (OpenGotha's PRE)",
            schemes=schemes_with("confirms_players"),
        ),  # fmt: skip
    )
    return advance


PRIZE_OPTIONS = ("places", "age", "ranks", "women", "categories", "special", "many")
"""The options of the prizes handed out (``PrizeRules``), which ``print prizes`` takes too."""


def _prize_options(parser: argparse.ArgumentParser, printing: bool = False) -> None:
    """The prizes' options, for ``prizes`` and ``print prizes`` alike: what is shown is what
    is printed (a review: «most wins» went to one player on screen, another on paper).  Their
    defaults are None, so that ``print`` tells one given from one left out (``_PRINT_OPTIONS``)."""

    def said(text: str) -> str:  # print's help names the document, as its other options' do
        return _("prizes: {what}", what=text) if printing else text

    parser.add_argument("--places", type=int, help=said(_("overall places with a prize (default 3)")))
    parser.add_argument("--age", type=_ages, help=said(_("age groups by upper limit: 12,16 = under 12, under 16")))
    parser.add_argument("--ranks", type=_rank_groups, help=said(_("rank groups: 20k-11k,10k-1k")))
    women = said(_("a women's prize (default: if any)"))
    parser.add_argument("--women", action=argparse.BooleanOptionalAction, help=women)
    categories = said(_("prizes per category"))
    parser.add_argument("--categories", action=argparse.BooleanOptionalAction, help=categories)
    specials = said(_("special prizes: {names} (default: all that apply)", names=", ".join(SPECIALS)))
    parser.add_argument("--special", type=_names, help=specials)
    many = said(_("a player may win several prizes (default: one each)"))
    parser.add_argument("--many", action="store_true", default=None, help=many)


def _prize_rules(args: argparse.Namespace) -> PrizeRules:
    places = 3 if args.places is None else args.places
    if not 0 <= places <= 100:
        raise BadInput("--places: 0 to 100")
    special = None if args.special is None else tuple(args.special)
    return PrizeRules(places, tuple(args.age or ()), tuple(args.ranks or ()), args.women, args.categories, special,
                      bool(args.many))  # fmt: skip


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="tengen", description=_("Tengen: a tournament director for Go referees."))
    parser.add_argument("-f", "--file", help=_("the tournament file the command works on"))
    commands = parser.add_subparsers(dest="command", parser_class=_Parser)

    new = commands.add_parser("new", help=_("create a tournament file"))
    new.add_argument("path", metavar=_("FILE"), help=_("the file to create (it must not exist)"))
    new.add_argument("--scheme", required=True, help=_("the scheme: {schemes}", schemes=", ".join(SCHEMES)))
    defaults = ", ".join(f"{i18n.scheme_title(name)} {get_scheme(name).traits.default_rounds}"
                         for name in names_with("default_rounds"))  # fmt: skip  # sport-handicap's 7 (a review)
    rounds_help = _("number of rounds (a round robin's, if given, must agree with its field; not for {schemes}; "
                    "unless given: {defaults})", schemes=schemes_with("bracket"), defaults=defaults)  # fmt: skip
    new.add_argument("--rounds", type=int, help=rounds_help)
    new.add_argument("--name", required=True, help=_("the tournament's name, as printed"))
    new.add_argument("--place", default="", help=_("where it is played"))
    new.add_argument("--dates", default="", help=_("2026-12-05..2026-12-06, 05.12.2026-06.12.2026 or 5-6.12.2026"))
    komi = _("komi of even games (default {komi})", komi=DEFAULT_KOMI)
    new.add_argument("--komi", help=komi)
    new.add_argument("--time", default="", help=_("time control: 40+5/15, 60+30sx3, 45+30s or 60"))
    new.add_argument("--lang", default="ru", help=_("language of the paperwork: ru (default) or en"))
    new.add_argument("--online", nargs="?", const="yes", metavar=_("yes|no"), help=_(views.ONLINE_MEANT))
    new.add_argument(
        "--param",
        type=_param,
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help=_("a scheme parameter, named as in the scheme's rules (repeatable)"),
    )

    new.add_argument("--from", dest="source", help=_("register the players of this finished tournament, by place"))
    new.add_argument("--top", type=int, help=_("with --from: only the first N places (a play-off of the best 8)"))

    demo = commands.add_parser("demo", help=_("write a demo tournament"))
    demo.add_argument(
        "dir", metavar=_("FOLDER"), nargs="?", default="tengen-demo", help=_("the folder to write the demo into")
    )
    demo.add_argument("--no-tui", action="store_true", help=_("write the files only, do not open the app"))

    player = commands.add_parser("player", help=_("register and change players"))
    player_commands = player.add_subparsers(dest="player_command", required=True, parser_class=_Parser)
    add = player_commands.add_parser("add", help=_("register a player; prints his id"))
    _profile_options(add, required=True)
    add.add_argument("--again", action="store_true", help=_("register him even if a player of that name is registered"))
    edit = player_commands.add_parser("edit", help=_("change a player's details"))
    edit.add_argument("id", metavar=_("ID"), type=int, help=_("the player's id (registration number)"))
    _profile_options(edit, required=False).add_argument(
        "--confirm",
        action="store_const",
        const=False,
        dest="preregistered",
        help=_("a player registered in advance has come: he is paired from the next round"),
    )
    skip = player_commands.add_parser("skip", help=_("a player announces he will not play some rounds"))
    skip.add_argument("id", metavar=_("ID"), type=int, help=_("the player's id"))
    skip.add_argument("rounds", metavar=_("ROUND"), type=_round, nargs="+", help=_("the rounds he skips"))
    imported = player_commands.add_parser("import", help=_("players from a CSV or .xlsx file, or the EGD rating list"))
    imported.add_argument("path", metavar=_("FILE"), help=_("a CSV or .xlsx file, or the EGD rating list"))
    imported.add_argument("--skip-bad", action="store_true", help=_("import the good rows of a CSV with bad ones"))
    imported.add_argument("--pin", action="append", default=[], help=_("from a rating list: the player's EGD PIN"))
    imported.add_argument("--again", action="store_true", help=_("import players whose names are registered already"))
    find = player_commands.add_parser("find", help=_("search a rating list by the start of the name"))
    find.add_argument("path", metavar=_("FILE"), help=_("the EGD rating list (allworld_lp)"))
    find.add_argument("prefix", metavar=_("PREFIX"), help=_("the start of the surname"))
    withdraw = player_commands.add_parser("withdraw", help=_("a player leaves the tournament"))
    withdraw.add_argument("id", metavar=_("ID"), type=int, help=_("the player's id"))
    withdraw.add_argument(
        "--from", dest="from_round", type=_round, help=_("the first round he misses (default: the next)")
    )
    back = player_commands.add_parser("return", help=_("a withdrawn player comes back"))
    back.add_argument("id", metavar=_("ID"), type=int, help=_("the player's id"))
    back.add_argument(
        "--from", dest="from_round", type=_round, help=_("the first round he plays again (default: the next)")
    )

    pair = commands.add_parser("pair", help=_("pair the next round"))
    pair.add_argument(
        "--round", type=_round, help=_("the round to pair (it must be the next one; with --rest, the latest)")
    )
    pair.add_argument("--order", type=_ids, help=_("player ids in number order (manual numbering)"))
    pair.add_argument("--seed", type=int, help=_("seed of the draw of lots (for repeatable tests)"))
    pair.add_argument(
        "--bye", type=int, metavar=_("ID"), help=_("who sits out an odd round (default: the scheme's choice)")
    )
    pair.add_argument(
        "--allow-repeats",
        action="store_true",
        help=_("when no pairing without a repeat game exists, accept repeats (fix them by hand)"),
    )
    pair.add_argument(
        "--keep-both",
        action="store_true",
        help=_("a hall: pair players two laptops may have registered twice (two players of one name)"),
    )
    pair.add_argument(
        "--rest",
        action="store_true",
        help=_(
            "{schemes}: pair the latest round's players on no board, its boards kept (latecomers "
            "before its first result; a round OpenGotha paired in part)",
            schemes=schemes_with("opengotha"),
        ),
    )
    pair.add_argument(
        "--incomplete",
        action="store_true",
        help=_(
            "{schemes}: pair although the round before misses results (a round robin's table "
            "does not wait for them; OpenGotha's pairing counts a missing result for neither)",
            schemes=schemes_with("pairs_early"),
        ),
    )

    pairing = commands.add_parser("pairing", help=_("change the latest pairing by hand"))
    pairing_commands = pairing.add_subparsers(dest="pairing_command", required=True, parser_class=_Parser)
    swap = pairing_commands.add_parser("swap", help=_("two players trade places"))
    swap.add_argument("round", metavar=_("ROUND"), type=_round, help=_("the latest round"))
    swap.add_argument("ids", type=int, nargs=2, metavar=_("ID"), help=_("the two players' ids"))
    swap.add_argument("--force", action="store_true", help=_("pair players who met before or are blocked"))
    paper = pairing_commands.add_parser("played", help=_("enter the latest round as it was paired on paper"))
    paper.add_argument("round", metavar=_("ROUND"), type=_round, help=_("the latest round"))
    paper.add_argument(
        "boards",
        nargs="+",
        metavar=_("PAIRS"),
        help=_("the boards as on paper, by the players' numbers: 1-4 2-5 3-6 (a player left out has the bye)"),
    )
    paper.add_argument("--force", action="store_true", help=_("pair players who met before, or give a second bye"))
    weighed = pairing_commands.add_parser(
        "weights",
        help=_(
            "why each pair would (not) be paired: OpenGotha's cost components ({schemes})",
            schemes=schemes_with("opengotha"),
        ),  # fmt: skip
    )
    weighed.add_argument(
        "round", metavar=_("ROUND"), type=_round, help=_("the round, as computed before it was (or will be) paired")
    )
    weighed.add_argument("--json", action="store_true", help=_("as JSON, for scripts"))
    colours = pairing_commands.add_parser("colours", help=_("set who is white on an even board"))
    colours.add_argument("round", metavar=_("ROUND"), type=_round, help=_("the latest round"))
    colours.add_argument("board", metavar=_("BOARD"), type=int, help=_("the board"))
    colours.add_argument("white", type=int, metavar=_("WHITE_ID"), help=_("the id of the player who takes white"))
    stones = pairing_commands.add_parser("handicap", help=_("set the handicap (and komi) of a board"))
    stones.add_argument("round", metavar=_("ROUND"), type=_round, help=_("the latest round"))
    stones.add_argument("board", metavar=_("BOARD"), type=int, help=_("the board"))
    stones.add_argument("stones", metavar=_("STONES"), type=int, help=_("the handicap stones, 0 for an even game"))
    stones.add_argument("--komi", help=_("its komi (default: 0.5 with stones, the event's without)"))

    result = commands.add_parser("result", help=_("enter a result"))
    result.add_argument("round", metavar=_("ROUND"), type=_round, help=_("the round"))
    result.add_argument("board", metavar=_("BOARD"), type=int, help=_("the board"))
    result.add_argument(
        "code",
        metavar=_("CODE"),
        type=_result_code,
        help=_("{codes} (white and black as the players had them)", codes=" ".join(RESULT_CODES)),
    )
    result.add_argument("--swapped", action="store_true", help=_("the nigiri gave the other colours"))
    result.add_argument("--replace", action="store_true",
                        help=_("enter it over another laptop's different result (in a hall)"))  # fmt: skip

    restoring = commands.add_parser("restore", help=_("put FILE.bak back, after showing what it holds"))
    restoring.add_argument("path", metavar=_("FILE"), help=_("the tournament file whose FILE.bak to put back"))
    restoring.add_argument("--yes", action="store_true", help=_("do not ask"))

    undo = commands.add_parser("undo", help=_("retract the last (or a given) event"))
    undo.add_argument(
        "event", metavar=_("EVENT"), type=int, nargs="?", help=_("an event number from the log (default: the last)")
    )
    commands.add_parser("redo", help=_("retract the last undo"))

    log = commands.add_parser("log", help=_("the history of the tournament"))
    log.add_argument("--json", action="store_true", help=_("as JSON, for scripts"))
    pairings = commands.add_parser("pairings", help=_("a round's pairing"))
    pairings.add_argument(
        "round", metavar=_("ROUND"), type=_round, nargs="?", help=_("the round (default: the latest)")
    )
    pairings.add_argument("--json", action="store_true", help=_("as JSON, for scripts"))
    printing = commands.add_parser("print", help=_("paperwork as PDF"))
    printing.add_argument("kind", metavar=_("DOCUMENT"), choices=KINDS,
                          help=_("which document: {kinds}", kinds=", ".join(KINDS)))  # fmt: skip
    printing.add_argument("--best", type=_best, help=_("teams: how many best members count (default 3)"))
    printing.add_argument("--count", type=int, help=_("blank-cards: how many (default: the players registered, or 40)"))
    printing.add_argument("--boards", type=int, help=_("blank-protocol: how many boards"))
    printing.add_argument("--players", type=int, help=_("blank-table: how many players"))
    printing.add_argument("--rounds", type=int, help=_("blank-cards, blank-table: how many rounds"))
    printing.add_argument("--by", choices=GROUPINGS, help=_("teams: named teams, clubs or countries"))
    printing.add_argument("--round", type=_round, help=_("the round (default: the latest one that makes sense)"))
    printing.add_argument("--qr", metavar="URL",
                          help=_("protocol: a QR code of this address (the players' page) on it"))  # fmt: skip
    printing.add_argument(
        "--points", choices=POINTS, help=_("teams: wins (game points, default) or the scheme's score")
    )
    _prize_options(printing, printing=True)
    printing.add_argument("-o", "--output", required=True, help=_("the PDF to write"))

    importing = commands.add_parser("import", help=_("a tournament from another program's file"))
    importing.add_argument("what", choices=("opengotha",), help=_("opengotha: an OpenGotha 3.48–3.52 .xml file"))
    importing.add_argument("source", metavar=_("SOURCE"), help=_("the file to read"))
    importing.add_argument(
        "path", metavar=_("FILE"), help=_("the Tengen tournament file to create (it must not exist)")
    )
    importing.add_argument("--rounds", type=int, help=_("import only the first N rounds' games"))

    teamed = commands.add_parser("teams", help=_("team standings: the sum of each team's best members"))
    teamed.add_argument("--best", type=_best, default=DEFAULT_BEST, help=_("how many best members count (default 3)"))
    teamed.add_argument(
        "--by", choices=GROUPINGS, help=_("named teams (default when players have them), clubs or countries")
    )
    teamed.add_argument(
        "--points", choices=POINTS, default="wins", help=_("wins (game points, default) or the scheme's score")
    )
    teamed.add_argument("--after", type=_after, help=_("after this round (default: the last complete one)"))
    teamed.add_argument("--json", action="store_true", help=_("as JSON, for scripts"))

    prized = commands.add_parser("prizes", help=_("who wins which prize: places, age and rank groups, special prizes"))
    _prize_options(prized)
    prized.add_argument("--after", type=_after, help=_("after this round (default: the last complete one)"))
    prized.add_argument("--json", action="store_true", help=_("as JSON, for scripts"))

    registered = commands.add_parser("players", help=_("the registered players"))
    registered.add_argument("--json", action="store_true", help=_("as JSON, for scripts"))

    export = commands.add_parser("export", help=_("the results table for the rating commission, or an OpenGotha file"))
    export.add_argument(
        "what",
        choices=("rating", "opengotha", "standings", "crosstable", "players"),
        help=_(
            "rating: the results table for the rating commission; opengotha: a file OpenGotha 3.51 opens; "
            "standings, crosstable, players: a spreadsheet (--xlsx or --csv)"
        ),
    )
    form = export.add_mutually_exclusive_group()
    form.add_argument("--xlsx", action="store_true", help=_("an Excel workbook (standings: all three tables)"))
    form.add_argument("--csv", action="store_true", help=_("CSV for Excel: UTF-8, ';' in Russian"))
    export.add_argument(
        "--after", type=_after, help=_("standings and crosstable after this round (default: the last complete)")
    )
    export.add_argument("-o", "--output", help=_("the file to write (the rating table without it: print it)"))
    export.add_argument("--latin", action="store_true", help=_("names in Latin letters"))
    export.add_argument(
        "--rating-list",
        metavar=_("FILE"),
        help=_("Latin names as this EGD rating list spells them, for the players in it (implies --latin)"),
    )
    export.add_argument(
        "--egf",
        action="store_true",
        help=_("the EGF variant with bracket keywords, all in Latin letters"),
    )

    settings = commands.add_parser(
        "settings",
        help=_("show the settings, or change the name, place, dates, time, komi, language, rounds or online"),
    )
    settings.add_argument("--name", help=_("the tournament's name"))
    settings.add_argument("--place", help=_("where it is played"))
    settings.add_argument("--dates", help=_("2026-12-05..2026-12-06 or 05.12.2026-06.12.2026"))
    settings.add_argument("--time", help=_("time control, like 40+5/15"))
    settings.add_argument("--komi", help=_("komi of the even games paired from now on"))
    settings.add_argument("--lang", help=_("language of the paperwork printed from now on: ru or en"))
    settings.add_argument("--online", nargs="?", const="yes", metavar=_("yes|no"), help=_(views.ONLINE_MEANT))
    settings.add_argument(
        "--rounds",
        help=_(
            "the number of rounds, not fewer than those paired (a round robin's: its field's, before round 1; "
            "not a play-off's)"
        ),
    )
    settings.add_argument(
        "--param",
        type=_param,
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help=_(
            "a scheme parameter: before round 1 ({schemes} during the event too, as OpenGotha lets them change)",
            schemes=schemes_with("params_editable"),
        ),  # fmt: skip
    )

    cli_hall.add_parser(commands, _Parser)
    standings = commands.add_parser("standings", help=_("places after a round"))
    standings.add_argument("--after", type=_after, help=_("after this round (default: the last complete one)"))
    standings.add_argument("--json", action="store_true", help=_("as JSON, for scripts"))
    _placeholders(parser)
    return parser


def _placeholders(parser: argparse.ArgumentParser) -> None:
    """Each option's value named in the interface language («--rounds ЧИСЛО»): argparse
    names it by the option in English capitals, and the Russian help read «--rounds ROUNDS»
    beside «ТУР» and «ДОСКА».  An option with choices keeps them shown.  A positional argument
    or a command is named by its choices, or in the interface language: argparse named it by
    its English ``dest`` in a refusal («аргумент command: недопустимое значение…», a trial)."""
    for action in parser._actions:
        if action.option_strings and action.metavar is None and action.choices is None and action.nargs != 0:
            action.metavar = _(action.dest.upper())
        elif not action.option_strings and action.metavar is None:
            action.metavar = _("COMMAND" if isinstance(action, argparse._SubParsersAction) else action.dest.upper())
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                _placeholders(sub)


def _say_warnings(change: Change) -> None:
    for warning in change.warnings:
        print_warning(said(warning))


@contextmanager
def interrupt_deferred() -> Iterator[None]:
    """Ctrl+C held until the block is done, then raised: numba compiling the pairing's loops
    (once per installation) catches it inside LLVM's callbacks, which printed a traceback and
    went on to write the round the referee had stopped, or crashed the process (an attack).
    Held, it stops the command after the compiler and before anything is written."""
    pressed: list[int] = []

    def held(number: int, _frame: object) -> None:
        if not pressed:  # said at once: the compiler may take a minute more (a review)
            print(_("tengen: stopping once the compiler is done; nothing will be written"), file=sys.stderr, flush=True)
        pressed.append(number)

    previous = signal.signal(signal.SIGINT, held)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if pressed:
        raise KeyboardInterrupt


class StoppedWriting(KeyboardInterrupt):
    """Ctrl+C in a command that writes a tournament, with what the file holds of it said."""

    def __init__(self, written: str | None) -> None:
        super().__init__()
        self.written = written


def _writing(args: argparse.Namespace, act: Callable[[Service], None]) -> None:
    path = _file(args)
    with Service(path, writable=True) as service:
        for copy in service.sync_copies():  # another laptop's entries, left beside it by a sync tool
            print_warning(said(copy))
        before = len(service.events)
        try:
            act(service)
        except KeyboardInterrupt:
            raise StoppedWriting(_written(path, before)) from None  # read while the lock keeps other writers out


def _written(path: str, before: int) -> str | None:
    """Whether the command stopped by Ctrl+C wrote its entries, read from the file while this
    command still holds its lock (after it, a hall's merge or another terminal may append theirs,
    and a review had another's entry named as the command's): between the file's rename and the
    line saying it, «прервано» alone left a referee typing ``undo`` again (a durability attack)."""
    try:
        with Service(path) as held:
            events, state = held.events, held.state
    except (TournamentFileError, InvalidEvent, OSError):
        return None
    new = events[before:]
    if not new:
        return _("nothing was written")
    entry = event_text(new[-1], codes=True, state=state, events=events)
    if len(new) == 1:
        return _("entry {number} is in the file: {entry}", number=new[-1].id, entry=entry)
    return _("entries {first}–{last} are in the file", first=new[0].id, last=new[-1].id)


def _file(args: argparse.Namespace) -> str:
    file: str | None = args.file
    if not file:
        raise BadInput("name the tournament file with -f FILE")
    return file


def _cmd_new(args: argparse.Namespace) -> None:
    from data.service import Entrants, entrants_from

    if args.top is not None and args.top < 2:
        raise BadInput("--top: 2 or more")
    if args.top is not None and not args.source:
        raise BadInput("--top: name the tournament with --from")
    entrants = entrants_from(args.source, args.top) if args.source else Entrants([])
    held, inherited = entrants.settings(args.scheme, place=args.place, dates=args.dates, time=args.time)
    online = entrants.online if args.online is None else actions.online_of(args.online)
    try:
        action = actions.create(
            args.name,
            args.scheme,
            args.rounds,
            held["place"],
            held["dates"],
            DEFAULT_KOMI if args.komi is None else actions.komi_of(args.komi),
            held["time"],
            args.lang,
            entrants.params(args.scheme, dict(args.param)),
            online,
        )
    except BadSetting as error:
        if error.setting == "rounds" and args.rounds is None:  # the option the rules' words cannot name
            raise BadInput("{reason} (--rounds)", reason=error) from None
        raise
    with Service.create(args.path, [action, *actions.registrations([], entrants.profiles)]) as service:
        made = service.made
    if entrants.profiles:
        print(_("created {path} with {count:player|players} from {source}", path=args.path,
                count=len(entrants.profiles), source=args.source))  # fmt: skip
    else:
        print(_("created {path}", path=args.path))
    for warned in entrants.notices:
        print_warning(said(warned))
    if inherited is not None:
        print(said(inherited))
    if online and args.online is None:
        print(_("played online, as {source} was (--online no: at a venue)", source=entrants.source))
    time = action[1]["time"]  # as the rules took it: ' ' is none, said after the file was made (an attack)
    if time:
        control = parse_time(time)
        print(_("time control {time}: {meaning}", time=time, meaning=said(control.describe(online))))
    for notice in made:
        print_warning(said(notice))


def _profile_fields(args: argparse.Namespace) -> dict[str, Any]:
    fields = {key: getattr(args, key) for key in inspect.signature(actions.profile).parameters}  # its options' names
    if fields["surname"] is not None and not names_someone(fields["surname"]):  # `--surname -` (a review)
        raise BadInput("the surname needs a letter: {name!r}", name=fields["surname"][:40])
    if fields["name"] is not None and not fields["name"].strip():  # `edit --name ''` erased it (a review)
        raise BadInput("give the first name with --name")
    if fields["name"] is not None and not names_someone(fields["name"]):
        raise BadInput("the first name needs a letter: {name!r}", name=fields["name"][:40])
    try:
        if fields["country"] is not None:  # '' for none: the form's emptied field
            fields["country"] = codes.country(fields["country"]) if fields["country"].strip() else ""
    except InvalidEvent as error:
        raise BadInput("{reason}", reason=error) from None
    return fields


def _rating_list(path: str) -> RatingList:
    from data.importers import ImportFailed, RatingList

    try:
        return RatingList.read(Path(path))
    except OSError as error:
        raise BadInput("{path}: {reason}", path=path, reason=os_reason(error)) from None
    except ImportFailed as error:
        raise BadInput("{reason}", reason=error) from None


def _cmd_player_find(args: argparse.Namespace) -> None:
    for player in _rating_list(args.path).search(args.prefix):
        print(
            f"{player.pin}  {player.surname} {player.name}  {player.grade}  GoR {player.gor}  "
            f"{player.country} {player.club}"
        )


def _import_profiles(args: argparse.Namespace, state: Tournament) -> tuple[list[dict[str, Any]], str]:
    """The players to register: chosen by PIN from a rating list, or every row of a CSV; and
    what to say of the countries given them once they are registered (``with_usual_country``)."""
    from data.importers import ImportFailed, is_rating_list, read_csv, without_twins

    path = Path(args.path)
    if not path.exists():
        raise BadInput("{path}: no such file", path=path)
    try:
        listed = is_rating_list(path)  # a folder, a pipe or a device is said to be one
    except ImportFailed as failure:
        raise BadInput("{reason}", reason=failure) from None
    if listed:
        if not args.pin:
            raise BadInput("{path} is a rating list: choose players with --pin (find them with player find)", path=path)
        ratings = _rating_list(args.path)
        chosen = [ratings.by_pin(pin) for pin in args.pin]
        missing = [pin for pin, player in zip(args.pin, chosen, strict=True) if player is None]
        if missing:
            raise BadInput("no player with PIN {pin} in {path}", pin=missing[0][:20], path=path)
        profiles = [player.profile(state) for player in chosen if player is not None]  # a missing PIN: refused above
        if not args.again:  # as ``player add`` (a trial imported one PIN twice)
            for fields in profiles:
                _refuse_a_twin(state, fields)
        return profiles, ""
    if args.pin:  # a trial's --pin on a CSV imported every row of it, unsaid
        raise BadInput("{path} is no rating list: --pin chooses players from the EGD rating list (a CSV or .xlsx "
                       "file is imported whole)", path=path)  # fmt: skip
    try:
        rows, errors = read_csv(path)
    except ImportFailed as failure:  # ``error`` is a bad row below, and an except unbinds its name
        raise BadInput("{reason}", reason=failure) from None
    if not args.again:
        rows, errors = without_twins(rows, errors, state)
    if errors and not args.skip_bad:
        for error in errors[:-1]:
            say(f"{path}: {said(error)}")
        raise BadInput(
            "{path}: {reason} ({count} bad rows: nothing imported; --skip-bad imports the rest)",
            path=path,
            reason=errors[-1],
            count=len(errors),
        )
    for error in errors:
        print_warning(_("{path}: {reason}: skipped", path=path, reason=said(error)))
    if not rows:
        raise BadInput("{path}: no players in it", path=path)
    return views.with_usual_country(state, [row.fields for row in rows])


def _refuse_a_twin(state: Tournament, fields: Mapping[str, Any]) -> None:
    """Refused where a player of that surname and name is registered already: most often a
    slip (``--again`` registers a second one)."""
    twin = actions.looks_registered(state, fields["surname"], fields["name"])
    if twin is not None:
        raise BadInput(
            "{name} is registered already as player {player}: add --again to register a second player of that name",
            name=twin.full_name,
            player=twin.id,
        )


def _cmd_player(args: argparse.Namespace) -> None:
    if args.player_command == "find":
        _cmd_player_find(args)
        return

    def act(service: Service) -> None:
        command = args.player_command
        if command == "import":
            profiles, countries = _import_profiles(args, service.state)
            done = service.commit_all(actions.registrations(service.events, profiles)).events
            ids = number_runs(event.data["player"] for event in done)  # «5–704», not 700 ids on a line (a trial)
            print(_("{count:player|players} registered: ids {ids}", count=len(done), ids=ids))
            if countries:  # said once they are, not before a refusal (a review)
                print_warning(countries)
            return
        if command == "add":
            fields = _profile_fields(args)
            if fields["rating"] is None and fields["rank"] is None:
                raise BadInput("give --rating or --rank (or both: a declared rank beside the rating)")
            actions.check_declared_rank(service.state, fields["rating"], fields["rank"])
            if not args.again:
                _refuse_a_twin(service.state, fields)
            usual = views.usual_country(service.state) if fields["country"] is None else ""
            if usual:  # as the app's form offers it: McMahon's pairing weighs it (a trial)
                fields["country"] = usual
            change = service.commit(actions.register(service.events, **fields))
            print(change.event.data["player"])
            if usual:
                print_warning(_("no country given: written {country} (--country '' for none)", country=usual))
            return
        if command == "edit":
            given = {key: value for key, value in _profile_fields(args).items() if value is not None}
            actions.check_declared_rank(service.state, given.get("rating"), given.get("rank"))
            player = service.state.players.get(args.id)
            if player is None or not given or "preregistered" in given:  # refused as the log refuses them
                action = actions.edit(args.id, **given)  # (a confirmation of no one in advance too)
            else:  # what differs, as the app's form: his unchanged rating leaves a declared rank alone
                edited = actions.edit_changes(player, **given)
                if edited is None:
                    print(_("Nothing changed: {name}", name=player.full_name))
                    return
                action = edited
        elif command == "skip":
            action = actions.skip(args.id, args.rounds)
        elif command == "return":
            action = actions.come_back(service.state, args.id, args.from_round)
        else:
            action = actions.withdraw(service.state, args.id, args.from_round)
        points = views.withdrawal_bye(service.state) if command == "withdraw" else None
        change = service.commit(action)
        print(event_text(change.event, codes=True, state=change.state))  # who, not only an id
        if points is not None:  # as the app's question says it
            print(_("From round {round} on, his opponents sit out, each with a bye worth {points}. To give them "
                    "the win instead, bring him back (player return) and enter his games as forfeits (W+F, B+F).",
                    round=change.event.data["from_round"], points=points))  # fmt: skip
        _say_warnings(change)

    _writing(args, act)


def _cmd_pair(args: argparse.Namespace) -> None:
    if args.rest:
        _cmd_pair_rest(args)
        return

    def act(service: Service) -> None:
        rng = random.Random(args.seed)
        state = service.state
        latest = state.rounds[-1].byes if state.rounds else ()
        rest = [p for p in service.rest_offered() if p not in latest]  # the app asks of them first; a script is told
        total = get_scheme(state.settings.scheme).total_rounds(state)
        try:
            before = service.before_pairing(args.round, args.incomplete)  # a refusal before the pairing's wait
        except InvalidEvent as refused:
            if not rest or total is None or state.paired_rounds < total:  # only «all paired» has --rest left
                raise
            raise BadInput("{reason} (pair --rest pairs the {count:player|players} on no board of round {round})",
                           reason=said(refused), count=len(rest), round=state.paired_rounds) from None  # fmt: skip
        if before.missing is not None:  # not asked early: the round before misses results
            raise BadInput(
                "{reason} (pair --incomplete pairs the next round all the same)", reason=said(before.missing)
            )
        _say_before(before, args.keep_both, "pair")
        if rest:
            print_warning(_("round {round}: {count:player|players} on no board, left without a game in it (pair --rest "
                            "pairs them, its boards kept)", round=state.paired_rounds, count=len(rest)))  # fmt: skip
        order, repeats, early = args.order, args.allow_repeats, args.incomplete
        _paired(
            service, before, args.bye, lambda: actions.pair(state, rng, args.round, order, repeats, early, args.bye)
        )

    _writing(args, act)


def _cmd_pair_rest(args: argparse.Namespace) -> None:
    if args.order is not None or args.incomplete:
        raise BadInput("pair --rest pairs the players on no board of the latest round: --order and --incomplete go "
                       "with the next round")  # fmt: skip

    def act(service: Service) -> None:
        before = service.before_rest(args.round, args.bye)  # refusals before the pairing's wait
        _say_before(before, args.keep_both, "pair --rest")
        state, rng = service.state, random.Random(args.seed)
        change = _paired(
            service, before, args.bye, lambda: actions.pair_rest(state, rng, args.round, args.allow_repeats, args.bye)
        )
        for taken in set(state.rounds[-1].byes) - set(change.state.rounds[-1].byes):  # an odd rest took it back
            print_warning(said(Notice("player {player} plays instead of his bye", {"player": state.named(taken)})))

    _writing(args, act)


def _say_before(before: BeforePairing, keep_both: bool, command: str) -> None:
    """What the chief is told before a pairing or a rest (``Service.before_pairing``,
    ``before_rest``): a hall's possible twins stop it until ``--keep-both`` (the app asks; a
    script is stopped before it seats both), its silent and diverged laptops are warned of."""
    if before.twice is not None and not keep_both:
        raise BadInput("{reason} ({command} --keep-both seats them both: two players of one name)",
                       reason=said(before.twice), command=command)  # fmt: skip
    for warned in (before.silent, before.diverged):
        if warned is not None:
            print_warning(said(warned))


def _paired(service: Service, before: BeforePairing, bye: int | None, make: Callable[[], Action]) -> Change:
    """The pairing ``make`` computes, after the compiler's notice where it waits for it (Ctrl+C
    held until the compiler is done), committed and printed; a second bye for the referee's
    ``bye`` said, as the app asks it."""
    state = service.state
    if before.compiling:
        print(views.first_compile(), file=sys.stderr, flush=True)
    with interrupt_deferred() if before.compiling else nullcontext():
        action = make()
    change = service.commit(action)
    code_compiled(change.state)
    print(views.pairings_text(change.state, change.event.data["round"]))
    second = bye and actions.earlier_bye(state, change.event.data["round"], bye)
    if second:
        print_warning(_("{reason}: another bye for the same player", reason=said(second)))
    return change


def _cmd_pairing(args: argparse.Namespace) -> None:
    if args.pairing_command == "weights":
        _cmd_weights(args)
        return

    def act(service: Service) -> None:
        if args.pairing_command == "swap":
            a, b = args.ids
            action = actions.swap(service.state, args.round, a, b, force=args.force)
        elif args.pairing_command == "played":
            actions.paper_round(service.state, args.round)  # an unpaired round said as such, not «no number 1»
            pairs, bye = views.typed_pairs(service.state, " ".join(args.boards))
            action = actions.as_played(service.state, args.round, pairs, args.force, bye)
        elif args.pairing_command == "handicap":
            action = actions.handicap(service.state, args.round, args.board, args.stones, args.komi)
        else:
            action = actions.colours(service.state, args.round, args.board, args.white)
        change = service.commit(action)
        print(views.pairings_text(change.state, args.round))

    _writing(args, act)


def _cmd_result(args: argparse.Namespace) -> None:
    def act(service: Service) -> None:
        listed = as_played(args.code, args.swapped)  # --swapped: W+ is the player who played white
        code = args.code + views.swapped_mark(args.swapped)
        plan = service.result_plan(args.round, args.board, listed, args.swapped)
        before, disputed, overruled = plan.before, plan.disputed, plan.overruled
        if plan.unchanged:  # as the app: no entry
            print(_("Nothing changed: round {round} board {board} has {code} already", round=args.round,
                    board=args.board, code=code))  # fmt: skip
            return
        old = as_played(before.code, before.swapped) + views.swapped_mark(before.swapped) if before else ""
        if overruled and not args.replace:  # two slips of one board: the app asks, a script is stopped
            if before is not None:
                raise BadInput("round {round} board {board} has {old}, an entry of the laptop {laptop}: to enter "
                               "{code} over it, add --replace (two slips that differ are the chief's to settle)",
                               round=args.round, board=args.board, old=old, laptop=overruled[0], code=code)  # fmt: skip
            raise BadInput("round {round} board {board} is disputed, the laptops {laptops} entered otherwise: to "
                           "settle it with {code}, add --replace", round=args.round, board=args.board,
                           laptops=", ".join(overruled), code=code)  # fmt: skip
        change = service.commit(actions.result(args.round, args.board, listed, args.swapped))
        print(event_text(change.event, codes=True, state=change.state))
        after = change.state.round(args.round)
        if disputed and after is not None and args.board not in after.disputes:  # as the app's d says it
            print(_("the dispute on board {board} is settled", board=args.board))
        if before is not None:  # the app asks first; a script is told what it replaced (undo puts it back)
            print_warning(_("round {round} board {board} had {old}: replaced (tengen undo puts it back)",
                    round=args.round, board=args.board, old=old))  # fmt: skip
        for name in overruled:  # as undo says it, and the app asks it (a review)
            print_warning(_("it was an entry of the laptop {laptop}", laptop=name))
        _say_warnings(change)

    _writing(args, act)


def _cmd_undo(args: argparse.Namespace) -> None:
    def act(service: Service) -> None:
        change = service.undo(args.event)
        what = event_text(change.subject, codes=True, state=change.state)
        undone = _("undone: event {event}: {what}", event=change.subject.id, what=what)
        note = views.undone_note(change.state, change.subject, codes=True)
        print(f"{undone}; {note}" if note else undone)
        laptop = another_laptop(change.state, change.subject.origin)
        if laptop is not None:  # as the app asks first
            print_warning(_("it was an entry of the laptop {laptop}", laptop=laptop))
        _say_warnings(change)

    _writing(args, act)


def _cmd_redo(args: argparse.Namespace) -> None:
    def act(service: Service) -> None:
        change = service.redo()
        what = event_text(change.subject, codes=True, state=change.state)
        redone = _("redone: event {event}: {what}", event=change.subject.id, what=what)
        note = views.redone_note(change.state, change.subject, codes=True)
        print(f"{redone}; {note}" if note else redone)
        _say_warnings(change)

    _writing(args, act)


def _cmd_settings(args: argparse.Namespace) -> None:
    changes = {key: getattr(args, key) for key in actions.EDITABLE if getattr(args, key) is not None}
    if not changes and not args.param:
        print(views.settings_text(_reading(args).state))
        return

    def act(service: Service) -> None:
        steps = [actions.change_params(service.state, dict(args.param))] if args.param else []
        steps += [actions.change_settings(**changes)] if changes else []
        news = [step for step in (actions.settings_news(service.state, step) for step in steps) if step is not None]
        if not news:
            print(_("Nothing changed: the settings are so already"))
            return
        change = service.commit_all(news)
        for event in change.events:
            print(event_text(event, codes=True))
        _say_warnings(change)

    _writing(args, act)


def _reading(args: argparse.Namespace) -> Service:
    return Service(_file(args))


def _emit(args: argparse.Namespace, data: Any, text: Callable[[], str]) -> None:
    print(json_text(data) if args.json else text())


def _cmd_log(args: argparse.Namespace) -> None:
    service = _reading(args)
    service.check()
    hall = service.state.hall
    _emit(args, views.log_json(service.events) if args.json else None,
          lambda: views.log_text(service.events, hall.laptops if hall else None, service.state))  # fmt: skip


def _cmd_pairings(args: argparse.Namespace) -> None:
    service = _reading(args)
    state, number = service.state, service.paired_round(args.round)
    _emit(args, views.pairings_json(state, number) if args.json else None, lambda: views.pairings_text(state, number))


def _cmd_weights(args: argparse.Namespace) -> None:
    state = _reading(args).state
    if weigher_ahead(state):  # the weights are the pairing's costs: the first waits for the compiler too
        print(views.first_weighing(), file=sys.stderr, flush=True)
    _emit(
        args,
        views.weights_json(state, args.round) if args.json else None,
        lambda: views.weights_text(state, args.round),
    )
    code_compiled(state, "weighed")


def _cmd_teams(args: argparse.Namespace) -> None:
    service = _reading(args)
    state, after = service.state, service.after_round(args.after)
    data = views.teams_json(state, after, args.best, args.by, args.points)
    _emit(args, data, lambda: views.teams_text(state, data))


def _cmd_prizes(args: argparse.Namespace) -> None:
    rules = _prize_rules(args)
    service = _reading(args)
    state, after = service.state, service.after_round(args.after)
    prizes = views.prizes_of(state, after, rules)
    _emit(args, views.prizes_json(state, prizes), lambda: views.prizes_text(state, prizes, after))


def _cmd_players(args: argparse.Namespace) -> None:
    state = _reading(args).state
    _emit(args, views.players_json(state) if args.json else None, lambda: views.players_text(state))


def _cmd_import(args: argparse.Namespace) -> None:
    from data.opengotha import create_from

    if args.rounds is not None and args.rounds < 0:
        raise BadInput("--rounds: give 0 or more")
    if not args.path.strip():
        raise BadInput("name the new tournament file")
    if Path(args.path).exists() or Path(args.path).is_symlink():
        raise BadInput("{path} exists: choose a new file name", path=args.path)
    try:
        imported = create_from(args.source, args.path, args.rounds)
    except OSError as error:
        raise BadInput("{path}: {reason}", path=args.source, reason=os_reason(error)) from None
    print(
        _(
            "created {path}: {scheme}, {players:player|players}, {rounds:round|rounds} of games from {source}",
            path=args.path,
            scheme=i18n.scheme_title(imported.scheme),
            players=imported.players,
            rounds=imported.rounds,
            source=Path(args.source).name,
        )
    )
    for warning in imported.warnings:
        print_warning(said(warning))


def _cmd_standings(args: argparse.Namespace) -> None:
    service = _reading(args)
    state, after = service.state, service.after_round(args.after)
    _emit(args, views.standings_json(state, after) if args.json else None, lambda: views.standings_text(state, after))


def _cmd_print(args: argparse.Namespace) -> None:
    from paperwork.build import print_to, round_of
    from paperwork.document import undrawn_notice, write

    if args.qr is not None and args.kind != "protocol":
        raise BadInput("--qr: only the protocol carries a QR code")
    for option in sorted(set().union(*_PRINT_OPTIONS.values())):  # one ignored misleads (a review)
        value = getattr(args, option)
        if value is not None and option not in _PRINT_OPTIONS.get(args.kind, ()):  # 0, --no-women too
            typed = f"no-{option}" if value is False and option in ("women", "categories") else option
            raise BadInput("print {kind} takes no --{option}", kind=args.kind, option=typed)
    if args.kind in BLANKS and args.round is not None:  # forms before the event: of no round (an attack)
        raise BadInput("print {kind} takes no --{option}", kind=args.kind, option="round")
    rules = _prize_rules(args) if args.kind == "prizes" else None
    service = _reading(args)
    state = service.state
    number = round_of(args.kind, state, args.round)
    output = service.output(args.output)
    if args.kind in BLANKS:
        undrawn = _print_blank(args, state, service.log, output)
    elif args.qr is not None:
        from paperwork.rounds import protocol

        undrawn = write(protocol(state, service.log, number, args.qr), output)  # a bad address refused before a byte
    elif args.kind == "teams":
        from paperwork.tables import teams

        undrawn = write(teams(state, service.log, number, args.best, args.by, args.points or "wins"), output)
    elif args.kind == "prizes":
        from paperwork.tables import prizes

        undrawn = write(prizes(state, service.log, number, rules), output)
    else:
        undrawn = print_to(output, args.kind, state, service.log, number)
    grouping = (args.by or default_grouping(state)) if args.kind == "teams" else ""
    print(
        _("{document} written to {path}", document=views.document_label(state, args.kind, grouping), path=args.output)
    )
    notice = undrawn_notice(undrawn)
    if notice is not None:
        print_warning(said(notice))


_PRINT_OPTIONS = {
    "teams": ("best", "by", "points"),
    "prizes": PRIZE_OPTIONS,
    "blank-cards": ("count", "rounds"),
    "blank-protocol": ("boards",),
    "blank-table": ("players", "rounds"),
}
"""The options (besides ``-o``, ``--round`` and the protocol's ``--qr``) each ``print`` reads:
``print standings --best 5 --players 9999`` was taken, every option ignored (a review)."""


_EXPORT_OPTIONS = {
    "rating": ("latin", "rating_list", "egf"),
    "opengotha": (),
    **dict.fromkeys(("standings", "crosstable"), ("xlsx", "csv", "after")),
    "players": ("xlsx", "csv"),
}
"""The options (besides ``-o``) each ``export`` reads: a trial's ``export opengotha --xlsx``
wrote XML into a ``.xlsx`` file, ``--after 1`` every round, without a word."""


def _cmd_export(args: argparse.Namespace) -> None:
    from paperwork.rating_table import export, placeholders

    for option in sorted(set().union(*_EXPORT_OPTIONS.values())):  # one ignored misleads (a trial)
        if getattr(args, option) not in (None, False) and option not in _EXPORT_OPTIONS[args.what]:
            raise BadInput("export {kind} takes no --{option}", kind=args.what, option=option.replace("_", "-"))
    service = _reading(args)
    if args.what == "opengotha":
        _export_opengotha(args, service)
        return
    if args.what in ("standings", "crosstable", "players"):
        _export_table(args, service)
        return
    ratings = None if args.rating_list is None else _rating_list(args.rating_list)
    output = None if args.output is None else service.output(args.output)
    latin = args.latin or ratings is not None  # the list's names are Latin
    text = export(service.state, service.log, latin, args.egf, ratings)
    if output is None:
        sys.stdout.write(text)
    else:
        output.write(text.encode("utf-8"))
        print(_("rating table written to {path}", path=args.output))
    for warning in placeholders(service.state, latin_names=latin, egf=args.egf):
        print_warning(said(warning))


def _print_blank(
    args: argparse.Namespace, state: Tournament, events: Sequence[Event], output: Output
) -> tuple[str, ...]:
    from paperwork import blanks
    from paperwork.build import blank
    from paperwork.document import write

    sizes = {key: getattr(args, key) for key in ("count", "boards", "players", "rounds")}
    for key, value in sizes.items():
        if value is not None and not 1 <= value <= blanks.LIMIT:
            raise BadInput("--{option}: 1 to {limit}", option=key, limit=blanks.LIMIT)
    players = sizes["count"] if args.kind == "blank-cards" else sizes["players"]
    return write(blank(args.kind, state, events, players, sizes["boards"], sizes["rounds"]), output)


def _export_table(args: argparse.Namespace, service: Service) -> None:
    from paperwork.spreadsheets import export

    if not (args.xlsx or args.csv):
        raise BadInput("export {kind}: choose --xlsx or --csv", kind=args.what)
    if args.output is None:
        raise BadInput("export {kind}: name the file to write with -o", kind=args.what)
    after = service.after_round(args.after)
    output = service.output(args.output)
    output.write(export(service.state, args.what, after, "xlsx" if args.xlsx else "csv"))
    print(_("{document} written to {path}", document=_(views.DOCUMENT_NAMES[args.what]), path=args.output))


def _export_opengotha(args: argparse.Namespace, service: Service) -> None:
    from data.opengotha import write

    if args.output is None:
        raise BadInput("export opengotha: name the file to write with -o FILE.xml")
    output = service.output(args.output)
    written = write(service.state)
    output.write(written.text.encode("utf-8"))
    print(_("OpenGotha file written to {path}", path=args.output))
    for warning in written.warnings:
        print_warning(said(warning))


def _cmd_restore(args: argparse.Namespace) -> None:
    """Put ``FILE.bak`` back after showing what it holds and asking."""
    path = real_path(args.path)  # «/» refused there
    backup = backup_path(path)
    if backup.is_dir():  # said as what it is: «no such file» of a folder, a pipe or a device misled (an attack)
        raise BadInput("{path}: a folder, not a file: nothing to restore", path=backup)
    check_regular(backup, backup)
    if not backup.is_file():
        raise BadInput("{path}: no such file, nothing to restore", path=backup)
    with Service(backup) as held:
        print(views.file_held(backup, held))  # a backup that does not replay is refused here
        kept = held.events
    try:
        with Service(path) as current:
            print(views.file_held(path, current))
            now = current.events
    except TournamentFileError:
        pass  # the usual case: the file is damaged, which its command said already
    else:  # a file that reads well: say what putting the older state back would drop
        if len(now) > len(kept) and now[: len(kept)] == kept:
            print(_("{file} reads well: putting {backup} back drops its last entries ({count})", file=path.name,
                    backup=backup.name, count=len(now) - len(kept)))  # fmt: skip
        else:
            print(_("{file} reads well", file=path.name))
    if not args.yes:
        print(
            _(
                "Put it back as {name} (the current file is kept as {kept})? [y/N] ",
                name=path.name,
                kept=damaged_name(path).name,
            ),  # fmt: skip
            end="",
            flush=True,
        )
        if sys.stdin.readline().strip().lower() not in ("y", "yes", "д", "да"):
            raise BadInput("nothing restored")
    restore(path)
    print(_("restored {path} from {backup}", path=path, backup=backup.name))


def _cmd_demo(args: argparse.Namespace) -> None:
    from tui.demo import check_folder, write_demo, write_demo_paperwork

    folder = Path(args.dir)
    made = check_folder(folder)  # a refusal first, not after a line that says the demo is being written
    writing = _("writing the demo tournaments into {folder}…", folder=folder)
    print(writing if compiled_code_kept() else f"{writing}\n{views.first_compile()}", file=sys.stderr, flush=True)

    def paperwork(path: Path) -> None:
        papers = write_demo_paperwork(path)
        print(_("demo tournament written to {path} (and {count} PDFs beside it)", path=path, count=len(papers)))

    write_demo(folder, paperwork, made)
    if not args.no_tui:
        _run_app(None, folder)


def _run_app(path: str | None, also: Path | None = None) -> None:
    """The full-screen app; refused without a terminal (from a script it would wait for keys
    nobody types)."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise BadInput("the app needs a terminal: run tengen in one, or give a command (tengen --help)")
    from tui.app import run

    run(path, also)


COMMANDS: dict[str, Callable[[argparse.Namespace], None]] = {
    "new": _cmd_new,
    "player": _cmd_player,
    "pair": _cmd_pair,
    "pairing": _cmd_pairing,
    "result": _cmd_result,
    "undo": _cmd_undo,
    "redo": _cmd_redo,
    "log": _cmd_log,
    "pairings": _cmd_pairings,
    "standings": _cmd_standings,
    "demo": _cmd_demo,
    "print": _cmd_print,
    "export": _cmd_export,
    "restore": _cmd_restore,
    "settings": _cmd_settings,
    "import": _cmd_import,
    "players": _cmd_players,
    "teams": _cmd_teams,
    "prizes": _cmd_prizes,
    "hall": lambda args: cli_hall.run(args, args.file),
}


def _check_encoding(argv: Sequence[str]) -> None:
    """An argument the terminal sent in another encoding than the system's (a CP1251 or
    KOI8-R terminal typing Cyrillic on a UTF-8 system) reaches Python with undecodable
    bytes as surrogates: refused in one line rather than stored as garbage."""
    for number, arg in enumerate(argv, start=1):
        if "\x00" in arg:
            raise BadInput("argument {number} holds a NUL character", number=number)
        if any("\udc80" <= char <= "\udcff" for char in arg):
            raise BadInput(
                "argument {number} is not in the system's encoding ({encoding}): set the terminal to UTF-8",
                number=number,
                encoding=sys.getfilesystemencoding(),
            )


def _argparse_in_our_words() -> None:
    """argparse words its usage and its errors through gettext (``gettext``, ``ngettext``), as
    a gettext program expects; Tengen ships no ``.mo`` files, so its own catalogue answers,
    giving what a Russian catalogue of argparse would."""
    argparse._ = _  # type: ignore[attr-defined]
    argparse.ngettext = lambda singular, plural, n: _(singular if n == 1 else plural)  # type: ignore[attr-defined]


def _runs_on(args: argparse.Namespace) -> bool:
    """Whether the command runs until stopped, reading files anew (``hall serve`` at each
    change, ``demo`` opening the app): what each read builds must stay in the cycle
    collector's sight, or every state before is kept for good (a 700-player hall's server
    grew to 924 MB by round 3)."""
    serving = args.command == "hall" and args.hall_command == "serve"
    return bool(serving or (args.command == "demo" and not args.no_tui))


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command ``argv`` (the process's arguments when None); the exit status.  Its
    words follow the system's language (``LANG=ru_RU.UTF-8``: Russian); ``--json`` never does.

    numpy's OpenBLAS starts a thread per core as numpy is imported, unless told otherwise
    (``OPENBLAS_NUM_THREADS``; a value the user set is kept): Tengen's one linear algebra is
    the true rating's small solve, and starting those threads cost each command 0.07 s of
    CPU of its 0.3 to 0.7 s on a two-core laptop (``import numpy``: 0.13 s of CPU, 0.06 s
    with one thread; numba compiles no parallel loops)."""
    whole_process = argv is None
    argv = list(sys.argv[1:] if argv is None else argv)
    keep_compiled_code()
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # before numpy is imported: see below
    before, hook = i18n.language(), sys.unraisablehook
    i18n.set_language(locale_language(os.environ))
    _argparse_in_our_words()
    sys.unraisablehook = _quiet_git_files(hook)
    try:
        return _run(argv, whole_process)
    finally:
        i18n.set_language(before)
        if not whole_process:  # the process's own hook stays: what the command leaves is dropped at exit
            sys.unraisablehook = hook


def _quiet_git_files(hook: Callable[[Any], object]) -> Callable[[Any], object]:
    """``hook``, but silent on dulwich's lock files that could not be closed as they were
    dropped: a write the disk refused (full: the flush at close fails again) was said in one
    line by the command, and Python then printed a traceback from dulwich's ``__del__``
    ("Exception ignored in …") under that line — a stick filling up as a hall synced to it."""

    def quiet(unraisable: Any) -> None:
        where = getattr(unraisable.object, "__module__", None) or ""
        if not (isinstance(unraisable.exc_value, OSError) and where.startswith("dulwich.")):
            hook(unraisable)

    return quiet


def _run(argv: list[str], whole_process: bool) -> int:
    if whole_process:
        letters_it_can()
    try:
        _check_encoding(argv)
        if not argv or (len(argv) == 1 and not argv[0].startswith("-") and argv[0] not in COMMANDS):
            if argv and not Path(argv[0]).expanduser().exists():
                raise BadInput("{word}: no such command or file (tengen --help lists the commands)", word=argv[0])
            _run_app(argv[0] if argv else None)
            return 0
        args = build_parser().parse_args(argv)
        if args.command is None:
            _run_app(args.file)
            return 0
        if whole_process:
            if not _runs_on(args):
                for_one_command()  # the process ends with the command
            guard_stdout()
        COMMANDS[args.command](args)
        sys.stdout.flush()  # a refused write said here, not by Python at exit
    except OutputLost as lost:
        reason = said(os_reason(lost.error))
        print(one_line(_("tengen: the output could not be written ({reason}); the file holds what the command did",
                         reason=reason)), file=sys.stderr)  # fmt: skip
        return EXIT_OUTPUT_LOST
    except (BadInput, InvalidEvent, TournamentFileError, Refused) as error:
        text = said(error)
        print(one_line(text if isinstance(error, UsageError) else f"tengen: {text}"), file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        return 0
    except OSError as error:  # what the system refuses: a name too long, a folder where a file should be…
        where = f"{str(error.filename)[:80]}: " if error.filename else ""
        print(one_line(f"tengen: {where}{said(os_reason(error))}"), file=sys.stderr)
        return EXIT_BAD_INPUT
    except StoppedWriting as stopped:
        return interrupted(stopped.written)
    except KeyboardInterrupt:
        return interrupted()
    return 0


if __name__ == "__main__":
    sys.exit(main())
