"""The one door every change to a tournament passes through, and the questions asked of it.

The command line and the app only parse what the referee typed and show what comes back:
which event an undo undid, which round a table is of when none is named, whether a file
may be written as an output — each is answered here once.  Laptops sharing a tournament
(``../shared/spec/hall.md``) need exactly this: one place where every event is made.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from data.errors import Refused, TournamentFileError, os_reason
from data.hall.stamp import Stamper
from data.ledger import Ledger
from data.lock import lock_path
from data.state_cache import compiler_ahead
from data.store import (
    backup_path,
    check_regular,
    has_controls,
    holds_tournament,
    is_tournament,
    kept_beside,
    real_path,
    sync_copies,
    write_output,
)
from schemes.base.scheme import PairingError, PairsTheRest
from schemes.errors import InvalidEvent, Notice, RoundIncomplete, Worded
from schemes.log import actions
from schemes.log.actions import Action
from schemes.log.events import Event, check_shape
from schemes.log.history import check_undoable, keep_the_bracket, undo_target
from schemes.log.merge import Merged
from schemes.log.replay import apply, check_chief, check_pairable, check_retraction
from schemes.registry import get_scheme
from schemes.state.model import Result, Tournament
from schemes.state.origin import Origin
from schemes.values.timecontrol import TimeControlError, parse_time

if TYPE_CHECKING:
    from data.hall.hall import Laptop as HallLaptop
    from data.hall.repo import HallRepo


@dataclass(frozen=True)
class Change:
    """What an accepted command did: the events it appended, the state they lead to, and what
    the referee should know."""

    events: tuple[Event, ...]
    state: Tournament
    warnings: tuple[Notice, ...] = ()

    @property
    def event(self) -> Event:
        """The last event appended (a command of one action appends one)."""
        return self.events[-1]


@dataclass(frozen=True)
class Output:
    """A file the service checked may be written as an output (``Service.output``): the only
    way the command line, the app and the paperwork write one, so none can skip the check."""

    path: Path
    instead_of: Path | None = None
    """The name the app chose, where something else held it (``free_output``): said beside
    the name written, else a referee looked for «name (2).pdf» wondering why."""

    def write(self, payload: bytes) -> None:
        """Written whole or not at all (a full disk leaves no half document behind, a killed
        print's temporary file goes at the next)."""
        write_output(self.path, payload)


def possible_duplicates(state: Tournament, among: Collection[int] | None = None) -> Notice | None:
    """The players two laptops may have registered twice, named, so the chief withdraws one
    before the draw seats both (the ghost's games would be forfeits); ``among``: those a pairing
    of the rest would seat (one of the two), the others' boards being made already."""
    twins = [pair for pair in state.possible_duplicates() if among is None or set(pair) & set(among)]
    if not twins:
        return None

    def who(player: int) -> str:  # as the boards list him once numbered (a trial read ids beside «61. Ким Л.»)
        number, name = state.numbers.get(player), state.players[player].full_name
        return f"{number}. {name}" if number is not None else f"{player} ({name})"

    said = ", ".join(f"{who(a)} = {who(b)}" for a, b in twins)
    return Notice("possibly registered twice: {pairs}; withdraw one of each before pairing", {"pairs": said})


def silent_laptops(laptops: Sequence[HallLaptop]) -> Notice | None:
    """What the chief is told before pairing where a laptop of the hall has not been heard
    from for over a minute: its entries may be missing from the round paired."""
    silent = [laptop.name for laptop in laptops if laptop.silent]
    if not silent:
        return None
    if len(silent) == 1:  # «его записей», not «их» of one laptop (a trial)
        return Notice("not heard from for over a minute: {laptop} (its entries may be missing)", {"laptop": silent[0]})
    return Notice("not heard from for over a minute: {laptops} (their entries may be missing)",
                  {"laptops": ", ".join(silent)})  # fmt: skip


def diverged_laptops(laptops: Sequence[HallLaptop]) -> Notice | None:
    """What the chief is told before pairing where a laptop's entries are refused here, its
    chain differing from the one held (heard all the same: ``silent_laptops`` never said it)."""
    refused = [laptop.name for laptop in laptops if laptop.diverged]
    if not refused:
        return None
    if len(refused) == 1:
        return Notice("entries refused: {laptop}, its chain differing from the one held here (its entries may be "
                      "missing)", {"laptop": refused[0]})  # fmt: skip
    return Notice("entries refused: {laptops}, their chains differing from those held here (their entries may be "
                  "missing)", {"laptops": ", ".join(refused)})  # fmt: skip


@dataclass(frozen=True)
class ResultPlan:
    """What a result typed for a board goes over (``Service.result_plan``): the one answer the
    app's questions and the command line's refusals and warnings are made from (each had worked
    it out on its own)."""

    before: Result | None
    """The board's result now, which the new one replaces (None: none yet)."""
    unchanged: bool
    """The very result is recorded already: nothing to enter."""
    disputed: tuple[Result, ...]
    """The laptops' differing entries of a disputed board, which the new one settles."""
    overruled: tuple[str, ...]
    """The other laptops of the hall whose entries it goes over, by name (two slips of one
    board that differ are the chief's to settle)."""


def another_laptop(state: Tournament, origin: Origin | None) -> str | None:
    """The name of the hall's laptop an entry came from (its ``origin``) when it is not this
    one: the app asks before undoing it or typing over its result, the command line says
    whose it was (a trial undid the chief's result from a helper's command line, unsaid)."""
    from data.hall.device import this_device

    laptop = state.hall.laptops.get(origin.device) if state.hall and origin else None
    return laptop.name if laptop is not None and laptop.device != this_device() else None


@dataclass(frozen=True)
class BeforePairing:
    """What is known before round ``number`` is paired, said before the question and the
    pairing's wait (``Service.before_pairing``)."""

    number: int
    missing: RoundIncomplete | None
    """The round before misses results where the scheme may pair all the same
    (``Traits.pairs_early``): the referee confirms, most often a slip is still on the table."""
    silent: Notice | None
    """Laptops of the hall not heard from (``silent_laptops``): their entries may be missing."""
    diverged: Notice | None
    """Laptops whose entries are refused here (``diverged_laptops``): theirs may be missing too."""
    twice: Notice | None
    """Players two laptops may have registered twice (``possible_duplicates``): the app asks,
    the command line pairs them only when told they are two (``pair --keep-both``)."""
    compiling: bool
    """The pairing waits for numba's compiler (``state_cache.compiler_ahead``)."""

    @property
    def warned(self) -> tuple[Notice, ...]:
        """What the chief is told first in a hall, before the question."""
        return tuple(n for n in (self.silent, self.diverged, self.twice) if n is not None)


@dataclass(frozen=True)
class Retracted(Change):
    """An undo or a redo, and the event it took back or restored (what the referee is told)."""

    subject: Event = field(kw_only=True)


class Service:
    """One tournament file open for reading, or for writing under its lock (``merge``: a hall's
    merge holds it, which other writers wait for)."""

    def __init__(self, path: str | os.PathLike[str], writable: bool = False, merge: bool = False) -> None:
        self.path = real_path(path)  # messages name the folder, not "."; the file written, through a link
        self._ledger = Ledger(path, writable, merge)

    @classmethod
    def create(cls, path: str | os.PathLike[str], made: Sequence[Action]) -> Service:
        """A new tournament file holding ``made`` (its creation first), written in one write,
        and open for writing."""
        service = cls.__new__(cls)
        service.path = real_path(path)
        service._ledger = Ledger.create(path, made)
        return service

    @classmethod
    def create_merged(cls, path: str | os.PathLike[str], merged: Merged) -> Service:
        """A new laptop's copy of a hall's tournament: the merged log, written in one write."""
        service = cls.__new__(cls)
        service.path = real_path(path)
        service._ledger = Ledger.create_from(path, merged.events, merged.state)
        return service

    def rewrite(self, merged: Merged) -> None:
        """The file as the merge of every laptop's events (a hall's sync): a new state of itself."""
        self._ledger.rewrite(merged.events, merged.state)

    @property
    def state(self) -> Tournament:
        return self._ledger.state

    @property
    def made(self) -> tuple[Notice, ...]:
        """What the rules said of a new tournament's making (``create``), for the command line
        and the app's form alike: a time control too short to be rated."""
        return self._ledger.made

    @property
    def events(self) -> list[Event]:
        return self._ledger.events

    @property
    def log(self) -> Sequence[Event]:
        """The events as the paperwork reads them, for the date of a document (the time of
        the last event): parsed only as far as they are read, the last one alone."""
        return self._ledger.log

    def check(self) -> Tournament:
        """Replay now, so that a damaged file is refused before any work starts."""
        return self._ledger.check()

    # -- changes ----------------------------------------------------------------------
    def commit(self, action: Action) -> Change:
        """Append the action's event if the log accepts it; InvalidEvent otherwise (nothing written)."""
        return self.commit_all([action])

    def check_action(self, action: Action) -> None:
        """InvalidEvent where the log would refuse ``action`` now, nothing written: a dialog
        says so beside its field, before it closes (not a retraction: its check is undo's)."""
        kind, data = action
        check_shape(kind, data)
        event = Event(self._ledger.file.count + 1, kind, data)
        keep_the_bracket(self.events, [event], self.state, apply(self.state, event))

    def commit_all(self, made: Sequence[Action]) -> Change:
        """Several actions in one write, or none of them.  In a hall each event is stamped with
        this laptop's origin and recorded in the hall repository at once, for peers to fetch:
        both under the repository's guard, so that a refusal to wait for another writer leaves
        the tournament as it was.  Own events the file holds and the chain lacks (an entry
        killed between the two writes, or refused by a full disk after the first) are recorded
        first: a chain with a gap was refused by every peer, and by every later sync, for good."""
        hall = self._hall()
        if hall is None:
            batch = self._ledger.commit_all(made)
            return Change(batch.events, batch.state, batch.warnings)
        repo, stamp = hall
        from data.hall.guard import writing

        with repo, writing(repo.repo):
            batch = self._ledger.commit_all(actions.in_block(self.state, stamp.device, made), stamp)
            try:  # the batch, after any entry before it that reached the file, not the chain
                after = repo.recorded(stamp.device)
                own = (e for e in self.events if e.origin is not None and e.origin.device == stamp.device)
                repo.record(stamp.device, [e for e in own if e.origin is not None and e.origin.seq > after])
            except (OSError, Worded) as failed:  # the entry is in the file: said so, not refused
                reason = failed if isinstance(failed, Worded) else os_reason(failed)
                kept = Notice("saved; the hall's repository was not written ({reason}): the hall gets the entry "
                              "with the next entry or sync", {"reason": reason})  # fmt: skip
                return Change(batch.events, batch.state, (*batch.warnings, kept))
        return Change(batch.events, batch.state, batch.warnings)

    def _hall(self) -> tuple[HallRepo, Stamper] | None:
        if self.state.hall is None:
            return None
        from data.hall.device import this_device
        from data.hall.repo import HallRepo, hall_path
        from data.hall.stamp import Stamper

        device = this_device()
        if device not in self.state.hall.laptops:
            raise Refused("this laptop is not enrolled in the hall yet: sync with the chief's laptop")
        repo = HallRepo(hall_path(real_path(self.path)))
        return repo, Stamper(self.events, device, repo.secret, repo.recorded(device))

    def undo_subject(self) -> Event:
        """The event an undo would retract now: the last action, or on a hall's laptop its
        own last (another laptop's entry is not undone here unless named); InvalidEvent where
        there is nothing to undo."""
        return undo_target(self.events, self._own())

    def _own(self) -> Callable[[Event], bool]:
        """The events an undo or a redo looks at: all of them, or on a hall's laptop its own
        (a review found the chief's Ctrl+Y putting back a result a helper had undone)."""
        if self.state.hall is None:
            return lambda _event: True
        from data.hall.device import this_device

        device = this_device()
        return lambda event: event.origin is not None and event.origin.device == device

    def check_undo(self, target: int) -> None:
        """Refused (InvalidEvent) where event ``target`` cannot be undone (``check_undoable``), or
        not by this laptop of a hall (``check_retraction``): asked before a question."""
        check_undoable(list(self.events), target)
        if self.state.hall is not None:
            from data.hall.device import this_device

            check_retraction(self.state, self.events, target, this_device())

    def undo(self, target: int | None = None) -> Retracted:
        """Retract the last action (``undo_subject``) or event ``target``; ``subject`` is the
        event undone."""
        if target is None:
            target = self.undo_subject().id
        change = self.commit(actions.undo(target))
        return Retracted(change.events, change.state, change.warnings, subject=self._retracted(change.event))

    def redo(self) -> Retracted:
        """Retract the last undo; ``subject`` is the event restored."""
        hall = self._hall()
        made = 0
        if hall is not None:
            with hall[0]:  # opened to read the chain's last seq: closed again (its packs)
                made = hall[1].seq
        change = self.commit(actions.redo(self.events, self._own(), made))
        restored = self._retracted(self._retracted(change.event))
        return Retracted(change.events, change.state, change.warnings, subject=restored)

    def _retracted(self, retraction: Event) -> Event:
        target: int = retraction.data["event"]
        return self.events[target - 1]

    # -- questions --------------------------------------------------------------------
    def check_chiefs_own(self) -> None:
        """Refused (``InvalidEvent``) where the tournament is a hall's and this laptop is not
        its chief's, which alone pairs, amends a pairing and changes the settings: said at
        once, not after the referee's yes and the pairing's wait (a helper's laptop asked,
        then compiled for a minute, then refused)."""
        if self.state.hall is not None:
            from data.hall.device import this_device

            check_chief(self.state, this_device())

    def a_helpers_laptop(self) -> bool:
        """Whether the tournament is a hall's and this laptop not its chief's: the app does not
        offer it the chief's own keys (pair, swap, change a setting)."""
        try:
            self.check_chiefs_own()
        except InvalidEvent:
            return True
        return False

    def chiefs_laptop(self) -> str:
        """The name of the hall's chief's laptop, which a helper's refusals name (hall.md,
        Roles: a trial's role had just been handed on, and «the chief's laptop» was which?)."""
        hall = self.state.hall
        return "" if hall is None else hall.laptops[hall.chief].name

    def laptops(self) -> list[HallLaptop]:
        """A hall's laptops, each with when it was last heard (none for a single laptop)."""
        if self.state.hall is None:
            return []
        from data.hall.device import this_device
        from data.hall.hall import laptops
        from data.hall.repo import HallRepo, hall_path

        with HallRepo(hall_path(real_path(self.path))) as repo:
            return laptops(self.state, repo, this_device())

    def hand_chief(self, device: str) -> Change:
        """The chief's role handed to the laptop ``device``: refused where it has not been heard
        for over a minute (handed to a silent laptop, the role stayed with no one who knew it,
        and a laptop joining then was never enrolled, a README trial), as ``take_chief`` is
        where the chief's was heard."""
        laptop = next((laptop for laptop in self.laptops() if laptop.device == device), None)
        hall = self.state.hall
        if laptop is not None and hall is not None and device == hall.chief:  # a take written before cleared in it
            raise Refused("{name} is the chief's already", name=laptop.name)
        if laptop is not None and laptop.silent:
            raise Refused("{name} has not been heard for over a minute: it would not know it is the chief's, and "
                          "no laptop could pair; hand the role on once it syncs (tengen hall status says when each "
                          "was heard)", name=laptop.name)  # fmt: skip
        return self.commit(actions.chief(device))

    def take_chief(self) -> Change:
        """This laptop takes the chief's role, the chief's laptop being lost: refused where this
        laptop is the chief's already or not enrolled, and where the chief's has been heard
        within the last minute (it hands the role on itself: ``actions.chief``)."""
        from data.hall.device import this_device

        hall, device = self.state.hall, this_device()
        if hall is None:
            raise Refused("{path} is not a hall (tengen hall init makes one)", path=self.path.name)
        if device not in hall.laptops:
            raise Refused("this laptop is not enrolled in the hall yet: sync with the chief's laptop")
        if hall.chief == device:
            raise Refused("this laptop is the chief's already")
        chief = next(laptop for laptop in self.laptops() if laptop.device == hall.chief)
        if not chief.silent:
            raise Refused("the chief's laptop ({name}) was heard within the last minute: it hands the role on "
                          "itself (tengen hall chief)", name=chief.name)  # fmt: skip
        return self.commit(actions.take_chief(device, hall.chief))

    def sync_copies(self) -> list[Notice]:
        """Copies a sync tool made of this tournament beside it, holding entries it lacks
        (``store.sync_copies``): said when it is opened, by the app and by every command that
        writes it."""
        return sync_copies(self.path, lambda: self.events)

    def result_plan(self, number: int, board: int, code: str, swapped: bool = False) -> ResultPlan:
        """What the result ``code`` (as played: ``swapped`` where the colours were) of round
        ``number``'s board ``board`` goes over, before it is entered."""
        state = self.state
        played = state.round(number)
        before = played.results.get(board) if played is not None else None
        unchanged = before is not None and (before.code, before.swapped) == (code, swapped)
        disputed = played.disputes.get(board, ()) if played is not None else ()
        entries = (before,) if before is not None else disputed
        overruled = sorted({name for entry in entries if (entry.code, entry.swapped) != (code, swapped)
                            and (name := another_laptop(state, entry.origin)) is not None})  # fmt: skip
        return ResultPlan(before, unchanged, tuple(disputed), tuple(overruled))

    def rest_offered(self) -> list[int]:
        """The latest round's players on no board that pairing the next round offers to pair
        first (``actions.rest_of``: a round OpenGotha paired in part, latecomers), where the
        scheme pairs them and no result of the round is in: in a round being played an Enter by
        habit would seat them in it (a review); the command line's ``pair --rest`` still does.
        Refused (``InvalidEvent``) on a helper's laptop of a hall, as a pairing is."""
        state = self.state
        latest = state.rounds[-1] if state.rounds else None
        if latest is None or latest.begun or not isinstance(get_scheme(state.settings.scheme), PairsTheRest):
            return []
        self.check_chiefs_own()
        return actions.rest_of(state, latest.number)

    def before_rest(self, number: int | None = None, bye: int | None = None) -> BeforePairing:
        """What is known before the latest round's rest is paired (``actions.pair_rest``), as
        ``before_pairing`` says it of a round: refused at once where it cannot be; the hall's
        silent and diverged laptops, and players of the rest two laptops may have registered
        twice (an attack: a rest sat a latecomer registered on two laptops against himself)."""
        self.check_chiefs_own()
        played, rest = actions.checked_rest(self.state, number, bye)
        laptops = self.laptops()
        return BeforePairing(played.number, None, silent_laptops(laptops), diverged_laptops(laptops),
                             possible_duplicates(self.state, rest), compiler_ahead(self.state))  # fmt: skip

    def before_pairing(self, number: int | None = None, early: bool = False) -> BeforePairing:
        """Refused (InvalidEvent) where round ``number`` (the next) cannot be paired now: not
        the chief's laptop, a board disputed, not the next round, all paired, or the round
        before incomplete where the scheme waits for it — said at once, not after the
        referee's yes and the compiler's minute.  Asked by the command line and the app alike;
        ``early``: the referee pairs although the round before misses results (refused by the
        pairing itself where the scheme never does, which says so)."""
        state = self.state
        number = state.paired_rounds + 1 if number is None else number
        self.check_chiefs_own()
        actions.check_undisputed(state)
        if number == 1:
            self.check_field()
        missing = None
        try:
            check_pairable(state, number, early)
        except RoundIncomplete as incomplete:
            if not get_scheme(state.settings.scheme).traits.pairs_early:
                raise
            missing = incomplete
        laptops = self.laptops()
        return BeforePairing(number, missing, silent_laptops(laptops), diverged_laptops(laptops),
                             possible_duplicates(state), compiler_ahead(state))  # fmt: skip

    def check_field(self) -> None:
        """Round 1 refused at once without two players to pair (a play-off trial's empty field
        was asked «Провести жеребьёвку 1-го тура?» first).  A table's field (a round robin's) is
        everyone not withdrawn, a skip its bye (a review), and a bracket's too, a skip a walkover
        (a review: a play-off of two, one absent, was refused); OpenGotha seats a lone player
        with a bye."""
        traits = get_scheme(self.state.settings.scheme).traits
        coming = sum(not p.withdrawn_by(1) if traits.scheduled or traits.bracket else p.available_in(1)
                     for p in self.state.players.values())  # fmt: skip
        if not coming:
            raise PairingError("round {round}: nobody to pair", round=1)
        if coming < 2 and not traits.opengotha:
            raise PairingError("round {round} needs at least 2 players", round=1)

    def after_round(self, after: int | None, nearest: bool = False) -> int:
        return after_round(self.state, after, nearest)

    def paired_round(self, number: int | None) -> int:
        return paired_round(self.state, number)

    def output(self, text: str) -> Output:
        """The file an output (a PDF, a table, an export) may be written to, checked before any
        work: a file in a folder that exists, and never a tournament file, its backup or its
        lock (nothing replaces a tournament but a new state of itself).  Through a symbolic
        link, the real file."""
        if not text.strip():
            raise Refused("-o: give the name of the file to write")
        if has_controls(text):
            raise Refused("-o: the file name holds control characters")
        try:
            path = Path(text).expanduser()
        except RuntimeError:
            raise Refused("{path}: no such user's home folder", path=text[:80]) from None
        if path.is_dir():
            raise Refused("{path}: a folder; give the name of the file to write", path=text)
        if not path.parent.is_dir():
            raise Refused("{folder}: no such folder", folder=path.parent)
        check_regular(path, text)
        if _someone_elses_link(path):
            raise Refused("{path} is a link another user made: choose another name", path=text)
        real = real_path(path)
        tournament = real_path(self.path)
        own = {tournament, backup_path(tournament), lock_path(tournament)}
        if real in own or kept_beside(real) is not None or holds_tournament(real):
            raise Refused("{path} is a tournament file (or its backup or lock): choose another name", path=text)
        if _is_hall_folder(real):  # a paper there, and «hall init» took it for another hall's folder (an attack)
            raise Refused("{path} is the name of a tournament's hall folder: choose another name", path=text)
        if any(_is_hall_folder(folder) for folder in real.parents):  # its secret, its repository
            raise Refused("{path} is inside a tournament's hall folder: choose another place", path=text)
        return Output(real)

    def free_output(self, text: str) -> Output:
        """``output`` for a name the app chose itself (F6's documents, F7's exports): where a
        folder, a pipe, a tournament… holds that name, the first of «name (2).pdf», «name
        (3).pdf»… that may be written — the refusal advised giving another name, and the app has
        no field for one (a trial).  The caller names the file written."""
        try:
            return self.output(text)
        except (Refused, TournamentFileError) as error:
            path = Path(text)
            for count in range(2, _OTHER_NAMES + 2):
                try:
                    other = self.output(str(path.with_name(f"{path.stem} ({count}){path.suffix}")))
                    return Output(other.path, path)
                except (Refused, TournamentFileError):
                    continue
            raise error

    def close(self) -> None:
        self._ledger.close()

    def __enter__(self) -> Service:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


_OTHER_NAMES = 20
"""How many other names ``free_output`` tries, «(2)» to «(21)» (a folder gone is refused so at each)."""


def _someone_elses_link(path: Path) -> bool:
    """Whether ``path`` is a symbolic link planted by another user in a shared folder: an output
    goes to the file a link names, and ``/tmp/cards.pdf`` → the referee's thesis had it written
    over.  The kernel's own rule for opening such links (``protected_symlinks``), which an output
    renamed into place escapes (a durability attack): a link in a sticky folder anyone may write
    in, owned neither by the referee nor by the folder's owner.  ``/dev/stdout`` (root's, in
    root's ``/dev``) and a link made with sudo in his own folder are written through (a review)."""
    try:
        status, folder = path.lstat(), path.parent.stat()
    except OSError:
        return False
    shared = folder.st_mode & stat.S_ISVTX and folder.st_mode & stat.S_IWOTH
    return bool(stat.S_ISLNK(status.st_mode) and shared and hasattr(os, "geteuid")
                and status.st_uid not in (os.geteuid(), folder.st_uid))  # fmt: skip


def _is_hall_folder(folder: Path) -> bool:
    """A tournament's ``FILE.hall`` folder (``data.hall.repo.hall_path``): the hall's secret and
    repository, which an output written into would break for every later command."""
    return folder.name.endswith(".hall") and is_tournament(folder.with_name(folder.name[: -len(".hall")]))


def after_round(state: Tournament, after: int | None, nearest: bool = False) -> int:
    """The round a table is of: the one asked for, else the latest with every result in;
    refused when that round is not paired — or, ``nearest``, the latest paired instead (a
    table on the screen stays after an undo took its round away)."""
    chosen = state.latest_complete_round if after is None else after
    if nearest:
        chosen = max(0, min(chosen, state.paired_rounds))
    if not 0 <= chosen <= state.paired_rounds:
        raise Refused("round {round} is not paired", round=chosen)
    return chosen


def paired_round(state: Tournament, number: int | None) -> int:
    """The round a pairing is of: the one asked for, else the latest paired; refused when it is not paired."""
    chosen = state.paired_rounds if number is None else number
    if state.round(chosen) is None:
        if chosen or state.rounds:
            raise Refused("round {round} is not paired", round=chosen)
        raise Refused("no round is paired yet")
    return chosen


@dataclass(frozen=True)
class Entrants:
    """The players a new tournament takes from an earlier one (``new --from``, the new
    tournament form's «Игроки из турнира»): in its place order, everything registered about
    them."""

    profiles: list[dict[str, Any]]
    split: Notice | None = None
    """Said when the cut falls inside a shared place: the standings' order chose who is in,
    and the referee decides such a tie himself (a play-off of its own, a tie-break)."""
    early: Notice | None = None
    """Said when the earlier tournament has rounds still to play: its places are those of
    now (a trial seeded a play-off after round 3 of 5 without a word)."""
    gone: Notice | None = None
    """Said when a player who withdrew from the earlier tournament is passed over: he has left
    the hall (a trial's play-off took one in silence)."""
    event: Mapping[str, str] = field(default_factory=dict)
    """The earlier tournament's venue, dates and time control (``place``, ``dates``, ``time``), for the fields
    left empty: a trial's play-off sent the commission «December 7» and no time control."""
    source: str = ""
    """The earlier tournament's file name, as its notices name it."""
    online: bool = False
    """Whether the earlier tournament was played on the internet: its play-off is too, unless
    the referee says otherwise."""

    @property
    def notices(self) -> list[Notice]:
        """What the referee is told of the players taken, beside their count."""
        return [notice for notice in (self.gone, self.split, self.early) if notice is not None]

    def settings(self, scheme: str, **typed: str) -> tuple[dict[str, str], Notice | None]:
        """``typed`` (``place``, ``dates``, ``time``) with each left empty the earlier
        tournament's, and what was taken so, said.  The dates only for a play-off (``bracket``),
        held on the event's days: next month's event of the same players is not (a review);
        a time control only where it reads as one (an older file's free text refused the new
        tournament, for a field the referee had left empty: a review)."""
        offered = {
            key: value for key, value in self.event.items() if key != "dates" or get_scheme(scheme).traits.bracket
        }
        if offered.get("time") and not _reads_as_time(offered["time"]):
            del offered["time"]
        taken = {key: value for key, value in offered.items() if not typed.get(key) and value}
        if not taken:
            return dict(typed), None
        return {**typed, **taken}, Notice(
            "the venue, dates and time control left empty are those of {source}: {settings}",
            {"source": self.source, "settings": " · ".join(taken.values())},
        )

    def params(self, scheme: str, given: Mapping[str, str]) -> dict[str, str]:
        """The new tournament's parameters: the scheme's own for players in an earlier
        tournament's place order (a play-off seeds by it), under those the referee gave."""
        return {**dict(get_scheme(scheme).traits.from_places), **given} if self.profiles else dict(given)


def _reads_as_time(text: str) -> bool:
    try:
        parse_time(text)
    except TimeControlError:
        return False
    return True


def entrants_from(source: str | os.PathLike[str], top: int | None) -> Entrants:
    """The players of the tournament in ``source`` by its standings after its latest complete
    round, the first ``top`` of them (all without); refused when it has no standings yet (a
    play-off not seeded: the new one was made empty without a word)."""
    with Service(source) as service:
        state = service.state
        after = service.after_round(None)
        ranked = get_scheme(state.settings.scheme).standings(state, after).rows
        total = get_scheme(state.settings.scheme).total_rounds(state)
    if not ranked:
        raise Refused("{source}: no standings to take players from yet", source=source)
    rows = [row for row in ranked if state.players[row.player].withdrawn_from is None]
    if not rows:  # an empty play-off was made, saying only who was passed over (a review)
        raise Refused("{source}: every player has withdrawn", source=source)
    chosen = rows[:top] if top else rows
    # the withdrawn above the last one taken were passed over; every one where there was room for more (a review)
    last = ranked.index(chosen[-1]) if top and top <= len(rows) else len(ranked)
    names = [state.players[row.player].full_name for row in ranked[:last] if row not in rows]
    gone = None
    if names:
        gone = Notice(
            "withdrawn from {source}, passed over: {names}", {"source": Path(source).name, "names": ", ".join(names)}
        )
    split = None
    if top and len(rows) > top and rows[top - 1].place == rows[top].place:
        place = rows[top].place
        out = [state.players[row.player].full_name for row in rows[top:] if row.place == place]
        split = Notice(
            "the best {top} split the shared place {place}: left out, in the standings' order: {names}",
            {"top": top, "place": place, "names": ", ".join(out)},
        )
    early = None
    if total is not None and not after:  # «после 0-го тура» (a review)
        early = Notice("{source} has not started: the places are those before round 1", {"source": Path(source).name})
    elif total is not None and after < total:
        early = Notice("{source} is not finished: the places are those after round {round} of {rounds}",
                       {"source": Path(source).name, "round": after, "rounds": total})  # fmt: skip
    held = state.settings
    event = {"place": held.place, "dates": held.dates, "time": held.time}
    return Entrants([state.players[row.player].profile() for row in chosen], split, early, gone, event,
                    Path(source).name, held.online)  # fmt: skip
