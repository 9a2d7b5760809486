"""``tengen hall …``: laptops sharing one tournament (``../shared/spec/hall.md``).  The
command line only parses and prints; what each command does is ``data.hall``'s."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from data.errors import FileLocked, Refused, os_reason
from data.hall.device import this_device
from data.service import Service
from data.store import real_path
from schemes.errors import Notice, Worded
from schemes.state.model import Tournament, as_played
from tui.i18n import _, said, spoken
from tui.stderr import json_text, print_warning
from tui.views import local_time, swapped_mark

if TYPE_CHECKING:
    from data.hall.repo import HallRepo


def _port(text: str) -> int:
    """A port, 0 to 65535: ``--port 65536`` and ``-1`` reached the system, which refused them in English."""
    if not (text.isascii() and text.isdigit() and len(text) <= 5 and int(text) <= 65535):
        raise argparse.ArgumentTypeError(_("{text!r} is not a port (0 to 65535)", text=text[:20]))
    return int(text)


def _address(text: str) -> str:
    """An address of this laptop to listen on, written as one (``127.0.0.1``, ``::``): an empty
    one listened on every network unsaid (a script's unset variable), ``0`` too, shown to the
    phones as ``http://0:8390``, and a name the system could not look up was its English words."""
    import ipaddress

    try:
        return str(ipaddress.ip_address(text))
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("{text!r} is not an address like 127.0.0.1 or 0.0.0.0 (every one)", text=text[:40])
        ) from None


def add_parser(commands: Any, parser_class: type[argparse.ArgumentParser]) -> None:
    group = commands.add_parser("hall", help=_("several laptops sharing the tournament"))
    hall_commands = group.add_subparsers(dest="hall_command", required=True, parser_class=parser_class)
    init = hall_commands.add_parser("init", help=_("make the tournament a hall; prints the secret"))
    init.add_argument("--name", default="", help=_("this laptop's name (default: Chief)"))
    join = hall_commands.add_parser("join", help=_("a new laptop joins a hall"))
    join.add_argument("source", help=_("http://host:port of a laptop, or a folder (a USB stick)"))
    join.add_argument("out", help=_("the tournament file to make here"))
    join.add_argument("--secret", required=True, help=_("the hall's secret (as tengen hall init printed it)"))
    join.add_argument("--name", default="", help=_("this laptop's name"))
    sync = hall_commands.add_parser("sync", help=_("fetch from peers or a folder, and merge"))
    sync.add_argument("sources", nargs="*", help=_("http://host:port or folders (default: the known peers)"))
    serve = hall_commands.add_parser(
        "serve", help=_("serve the players' pages (and a hall's peers, syncing every 2 s) until Ctrl+C")
    )
    serve.add_argument("--port", type=_port, default=8390, help=_("the port (default 8390; 0: any free one)"))
    serve.add_argument("--bind", type=_address, default="0.0.0.0",
                       help=_("the address to listen on (default: every one)"))  # fmt: skip
    serve.add_argument("--peer", action="append", default=[], help=_("a peer's http://host:port (again for more)"))
    serve.add_argument("--no-discovery", action="store_true", help=_("do not look for peers on the network"))
    serve.add_argument("--for-app", action="store_true", help=argparse.SUPPRESS)  # the app's server: see tui/serving.py
    status = hall_commands.add_parser("status", help=_("the laptops, when each was heard, the chief, disputes"))
    status.add_argument("--json", action="store_true", help=_("as JSON, for scripts"))
    disputes = hall_commands.add_parser("disputes", help=_("boards entered differently on two laptops"))
    disputes.add_argument("--json", action="store_true", help=_("as JSON, for scripts"))
    chief = hall_commands.add_parser("chief", help=_("hand the chief's role to another laptop"))
    given = chief.add_mutually_exclusive_group(required=True)
    laptop = _("the laptop: its id (or its start) or its name")
    given.add_argument("device", nargs="?", metavar=_("LAPTOP"), help=laptop)
    given.add_argument(
        "--take",
        action="store_true",
        help=_("this laptop takes the role, the chief's laptop being lost (silent for over a minute)"),
    )


def run(args: argparse.Namespace, file: str | None) -> None:
    from data.hall import hall  # git and HTTP load for a hall's command, not for every command's parser
    from data.hall.repo import as_source

    command = args.hall_command
    if command == "join":
        joined = hall.join(args.source, Path(args.out), args.secret, args.name)
        _problems(joined.problems)
        state = joined.state
        assert state.hall is not None
        if this_device() in state.hall.laptops:
            print(_("joined: {events} events in {path}", events=joined.added, path=args.out))
        else:
            print(_("copied {events} events to {path}; the chief's laptop enrols this one at its next sync",
                    events=joined.added, path=args.out))  # fmt: skip
        # the others only fetch: a helper serving nothing typed results nobody else saw (a README trial)
        if as_source(args.source).startswith(("http://", "https://")):
            print(_("what is entered here reaches the others from this laptop: open {path} in the app, or keep "
                    "tengen -f {path} hall serve running", path=args.out))  # fmt: skip
        else:  # joined from a stick: its entries go back the same way (a review)
            print(_("what is entered here reaches the others through the stick: tengen -f {path} hall sync "
                    "{source}", path=args.out, source=args.source))  # fmt: skip
        return
    if not file:
        raise Refused("name the tournament file with -f FILE")
    path = Path(file)
    if command == "init":
        founded = hall.init(path, args.name or _("Chief"))
        print(_("{path} is a hall now; helpers join with the secret:", path=file))
        print(founded.secret)
        if founded.unrecorded is not None:
            print_warning(said(founded.unrecorded))
        return
    if command == "serve":
        _serve(args, path, file)
        return
    with _repo(path) as repo:
        _run_in_hall(args, command, path, repo)


class ServedBeside(Worded):
    """``hall serve`` beside the referee's open app: «close it there» told him to close the app
    that syncs the hall (a trial)."""

    template = (
        "{file} is open for writing by {holder}: the pages are served all the same; an open app syncs the hall "
        "itself, and this sync is tried again every {seconds} s"
    )


def _serve(args: argparse.Namespace, path: Path, file: str) -> None:
    """The players' pages, and a hall's peers; a file that cannot be read refused before a
    port is taken. ``--for-app``: the server of an open app (``tui/serving.py``), in a process
    of its own so that four hundred phones never slow the referee's keys — it neither syncs
    nor announces itself (the app does both), and it stops when the app closes its input."""
    from data.hall.serve import serve
    from tui.web.site import site

    def ready(address: str) -> None:
        print(_("serving {path} at {address} (Ctrl+C stops)", path=file, address=address), flush=True)
        print(_("the players' pages: {address}/", address=address), flush=True)

    until = None
    if args.for_app:
        import os
        import threading

        until = threading.Event()

        def app_gone() -> None:
            # until the app closes our input, or dies; os.read, not sys.stdin: a daemon thread
            # blocked in a buffered read aborts the interpreter's exit when serving fails
            while os.read(0, 4096):
                pass
            until.set()

        threading.Thread(target=app_gone, daemon=True).start()

    pages = site(real_path(path))
    try:
        serve(path, args.port, args.bind, args.peer, ready, pages, discovery=not (args.no_discovery or args.for_app),
              syncing=not args.for_app, until=until, failed=sync_failed,
              dropped=lambda notice: print_warning(said(notice)))  # fmt: skip
    except KeyboardInterrupt:
        print(_("stopped"))


def sync_failed(error: Worded | OSError) -> None:
    """``hall serve``'s sync went wrong: said once, tried again."""
    from data.hall.serve import PERIOD

    if isinstance(error, FileLocked):  # the referee's open app, most often: it syncs the hall itself (a trial)
        print_warning(said(ServedBeside(seconds=f"{PERIOD:g}", **error.fields)))
        return
    reason = said(error if isinstance(error, Worded) else os_reason(error))
    print_warning(_("sync failed: {reason} (tried again every {seconds} s)", reason=reason, seconds=f"{PERIOD:g}"))


def _run_in_hall(args: argparse.Namespace, command: str, path: Path, repo: HallRepo) -> None:
    from data.hall import hall

    if command == "sync":
        synced = hall.sync(path, args.sources)
        if synced.added or not synced.problems:  # nothing reached: the refusal alone (it said «synced» first)
            print(_("synced: {count} new events", count=synced.added))
        for dropped in synced.dropped:
            print_warning(said(dropped))
        if synced.problems:  # each on its line; the exit status says something went wrong
            _problems(synced.problems[:-1])
            raise Refused("{problem}", problem=synced.problems[-1])
        return
    with Service(path) as service:
        state = service.state
        hall.check_hall(real_path(path), state)
        gone = hall.left_out(service, repo) if command == "status" else ()
    if command == "status":
        _status(state, repo, gone, args.json)
    elif command == "disputes":
        _disputes(state, args.json)
    elif args.take:
        with Service(path, writable=True) as service:
            service.take_chief()
            print(_("this laptop is the chief's now: it pairs and changes the settings; the laptop that was "
                    "the chief's is a helper once it hears of it"))  # fmt: skip
    else:
        _chief(path, state, args.device)


def _repo(path: Path) -> HallRepo:
    from data.hall.repo import HallRepo, hall_path

    folder = hall_path(real_path(path))
    if not folder.is_dir():
        raise Refused("{path} is not a hall (tengen hall init makes one)", path=path.name)
    return HallRepo(folder)


def _problems(problems: tuple[Worded, ...]) -> None:
    for problem in problems:
        print_warning(said(problem))


def disputes(state: Tournament) -> list[dict[str, Any]]:
    names = state.hall.laptops if state.hall else {}
    found = []
    for played in state.rounds:
        for board, entries in sorted(played.disputes.items()):
            found.append({"round": played.number, "board": board, "entries": [
                {"device": e.origin.device if e.origin else "", "laptop": names[e.origin.device].name
                 if e.origin and e.origin.device in names else "", "result": as_played(e.code, e.swapped),
                 "swapped": e.swapped, "time": e.at}
                for e in entries]})  # fmt: skip
    return found


def _status(state: Tournament, repo: HallRepo, gone: tuple[Notice, ...], as_json: bool) -> None:
    from data.hall import hall

    assert state.hall is not None
    device = this_device()
    laptops = hall.laptops(state, repo, device)
    count = len(disputes(state))
    if as_json:
        print(json_text({"device": device, "chief": state.hall.chief, "devices": [
            {"id": laptop.device, "name": laptop.name, "events": laptop.events, "last_heard": laptop.last_heard,
             "silent": laptop.silent, "entries_refused": laptop.diverged}
            for laptop in laptops], "disputes": count, "duplicates": state.possible_duplicates(),
            "refused": [said(r) for r in repo.refused], "left_out": [said(n) for n in gone]}))  # fmt: skip
        return
    from tui.hall import heard

    # a table with its headers, heard as the app says it («12 с назад», «⚠ молчит 3 ч»): the
    # bare UTC times of the log were left for the referee to subtract (a trial)
    rows = [(_("Laptop"), _("Laptop name"), _("Entries"), _("Heard"), _("Role"))] + [
        (
            laptop.device[:8],
            laptop.name,
            str(laptop.events),
            heard(laptop, device),
            _("chief") if laptop.device == state.hall.chief else "",
        )  # fmt: skip
        for laptop in laptops
    ]
    widths = [max(len(row[column]) for row in rows) for column in range(4)]
    for row in rows:
        print("  ".join([row[0].ljust(widths[0]), row[1].ljust(widths[1]), row[2].rjust(widths[2]),
                         row[3].ljust(widths[3]), row[4]]).rstrip())  # fmt: skip
    print(_("disputed boards: {count}", count=count))
    for notice in gone:
        print(said(notice))
    for a, b in state.possible_duplicates():  # as the players' list and the boards name them: ids said 10001
        print(_("possible duplicate: players {a} and {b}", a=spoken(state.named(a)), b=spoken(state.named(b))))
    for refused in repo.refused[-5:]:
        print(_("refused: {what}", what=said(refused)))


def _disputes(state: Tournament, as_json: bool) -> None:
    found = disputes(state)
    if as_json:
        print(json_text(found))
        return
    if not found:
        print(_("no disputed board"))
    for dispute in found:
        # on the referee's clock, as the app's dialog says it; the JSON keeps the log's UTC for scripts
        entries = "; ".join(f"{e['laptop'] or e['device'][:8]} {e['result']}{swapped_mark(e['swapped'])} "
                            f"{local_time(e['time']) or e['time']}" for e in dispute["entries"])  # fmt: skip
        print(_("round {round} board {board}: {entries}", round=dispute["round"], board=dispute["board"],
                entries=entries))  # fmt: skip


def _chief(path: Path, state: Tournament, wanted: str) -> None:
    assert state.hall is not None
    chosen = [laptop for laptop in state.hall.laptops.values()
              if laptop.device.startswith(wanted.lower()) or laptop.name == wanted]  # fmt: skip
    if len(chosen) != 1:
        raise Refused("{device}: no such laptop in the hall (tengen hall status lists them)", device=wanted[:40])
    with Service(path, writable=True) as service:
        service.hand_chief(chosen[0].device)
    print(_("the chief's laptop is now {name}", name=chosen[0].name))
