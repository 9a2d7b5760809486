"""What the hall's commands do (``../shared/spec/hall.md``): make a tournament a hall, join
one, sync with peers, and say who is there — every change through the one service, every
merge under the tournament's writer lock, the file only ever replaced by a new state of
itself.

Each laptop's file holds the merge (``schemes.log.merge``) of every event it holds: its
own, stamped as they are made (``Stamper``), and its peers', taken from the hall
repository once their signatures check."""

from __future__ import annotations

import base64
import contextlib
import errno
import http.client
import json
import os
import shutil
import stat
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import urllib3
from dulwich.client import HttpGitClient, HTTPUnauthorized, LocalGitClient
from dulwich.errors import GitProtocolError, HangupException, NotGitRepository
from dulwich.refs import Ref
from dulwich.repo import Repo

from data.errors import Refused, TournamentFileError, os_reason
from data.hall import secret as signing
from data.hall.device import copied_settings, this_device
from data.hall.guard import GUARD, making, open_repo, set_tip, unreadable_refs_dropped
from data.hall.repo import (
    PREFIX,
    PROBE,
    REQUESTS,
    HallRepo,
    OwnChainDiffers,
    as_source,
    ask,
    half_made,
    hall_path,
    init_bare,
    of_the_system,
    only_created,
    ours_or_nothing,
    peer_address,
    requests,
    tidy,
    unmake,
    write_json,
)
from data.hall.stamp import Stamper
from data.service import Service
from data.store import real_path
from schemes.errors import InvalidEvent, Notice, Worded
from schemes.log import events as ev
from schemes.log.events import Event
from schemes.log.history import describe_parts, paired_on_other_results
from schemes.log.merge import Merged, merge
from schemes.log.replay import laptop_name
from schemes.state.model import Tournament

SILENT = timedelta(minutes=1)
"""A laptop not heard from for longer is named (the chief is warned before pairing)."""


class BrokeOff(Refused):
    """A peer that took the connection, but whose answer did not come whole: dropped, cut
    short, or late (a busy laptop, the Wi-Fi).  Asked again, it usually answers."""


ANSWER_WITHIN = 5.0
"""Seconds a peer has to connect, and then between two pieces of its answer — and for the
whole of its proof (``_answer_within``)."""


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass(frozen=True)
class Synced:
    """What a sync brought: events new here, sources it could not reach or refused."""

    added: int
    problems: tuple[Worded, ...]
    state: Tournament
    dropped: tuple[Notice, ...] = ()
    """Entries this laptop held that the merged log leaves out (``left_out``), each said once:
    a return made as the chief paired the round it names, a pairing that left out a player a
    helper had just brought back — both had gone from every laptop without a word (a review);
    and a result that came as a later round was paired without it (``paired_on_other_results``)."""
    changed: bool = False
    """The log here is another now (``merge_into``): events came, went or moved — what an open
    app redraws on; one came and one of its own went, and a trial's app showed a vanished round."""
    left_out: tuple[Notice, ...] = ()
    """Every entry of the hall's laptops its log leaves out, whoever made them (``left_out``):
    listed for good (F9), where ``dropped`` was a toast once."""


def is_hall(path: Path) -> bool:
    return hall_path(real_path(path)).is_dir()


def check_hall(path: Path, state: Tournament) -> None:
    """Refused where the tournament is no hall's although a hall's folder lies beside it (last
    weekend's, or one a killed ``hall init`` left): a sync or a server took that hall's log
    for the tournament's and replaced the tournament with it."""
    if state.hall is None:
        raise Refused("{path} is not a hall, yet {folder} beside it is one: move that folder away",
                      path=path.name, folder=hall_path(path).name)  # fmt: skip


@dataclass(frozen=True)
class Founded:
    """A hall made: its secret, and — where the disk filled up once the tournament had become a
    hall — why its repository lacks the events yet (each later entry or sync records them)."""

    secret: str
    unrecorded: Notice | None = None


def init(path: Path, name: str) -> Founded:
    """Make the tournament a hall founded by this laptop (its chief).  The file is written
    first, then the repository: a file refused leaves no repository; a repository refused once
    the file is a hall is kept (removing it left a hall no command could open)."""
    real = real_path(path)
    name = laptop_name(name)  # said as the name's fault, not as «its log does not replay as a hall» (an attack)
    device = this_device()
    secret = signing.new_secret()
    with Service(real, writable=True) as service:
        if service.state.hall is not None:
            raise Refused("{path} is a hall already", path=real.name)
        _left_by_an_init(hall_path(real))
        stamp = Stamper([], device, secret)
        history = [stamp(event) for event in service.events]  # its history as it is, signed as the founder's
        founded = stamp(Event(len(history) + 1, ev.HALL_FOUNDED, {"device": device, "name": name}, now()))
        merged = merge([*history, founded])
        if merged.left_out:
            raise Refused("{path}: its log does not replay as a hall ({reason})", path=real.name,
                          reason=merged.left_out[0][1])  # fmt: skip
        with HallRepo.create(hall_path(real), secret) as repo:
            try:
                service.rewrite(merged)
            except BaseException:
                repo.close()
                shutil.rmtree(repo.path, ignore_errors=True)
                raise
            try:
                repo.record(device, merged.events)
            except (OSError, Worded) as failed:
                reason = failed if isinstance(failed, Worded) else os_reason(failed)
                return Founded(secret, Notice("the hall's repository was not written ({reason}): it gets the "
                                              "events with the next entry or sync", {"reason": reason}))  # fmt: skip
    return Founded(secret)


def _left_by_an_init(folder: Path) -> None:
    """Beside a tournament that is no hall, a hall's folder holding no chain is what an init
    killed (or stopped by a full disk) before its tournament became a hall left: removed, the
    init is made again.  One holding chains, or anything but what the init makes, is not ours
    to remove."""
    if not folder.exists() and not folder.is_symlink():
        return
    if folder.is_symlink() or not folder.is_dir() or not only_created(folder):
        raise Refused("{folder} is another hall's folder (this tournament is none): remove or rename it first",
                      folder=str(folder))  # fmt: skip
    shutil.rmtree(folder)


def _hello(repo: HallRepo, device: str, name: str, serves: str | None) -> dict[str, str]:
    hello = {"device": device, "name": name, "serves": serves or "", "at": now()}
    text = json.dumps(hello, ensure_ascii=True)
    return {"X-Tengen-Hello": text, "X-Tengen-Hello-Mac": signing.sign_hello(repo.secret, hello)}


def fetch(
    repo: HallRepo, device: str, source: str, name: str = "", serves: str | None = None, joining: bool = False
) -> list[Worded]:
    """Take the chains of one peer (``http://host:port``) or folder, then hear from the peer;
    what was refused there.  ``joining``: this laptop's own chain taken too (``HallRepo.take``)."""
    refused, session = _take_chains(repo, device, source, name, serves, joining)
    if session is not None:
        _heard_from(repo, session, device, serves)
    return refused


@dataclass(frozen=True)
class Session:
    """A peer that proved it knows the hall's secret, and the token it issued for this sync
    (``secret.session_token``): what every request to it shows."""

    source: str
    nonce: str
    token: str

    @property
    def authorization(self) -> str:
        return "Basic " + base64.b64encode(f"{self.nonce}:{self.token}".encode("ascii")).decode("ascii")


class NotOfTheHall(Refused):
    """A peer that did not prove it knows the hall's secret: a stranger, another hall's laptop,
    another program at a laptop's old address — or our own secret is not the hall's."""


def _session(repo: HallRepo, source: str) -> Session:
    """Ask the peer ``source`` to prove it knows the secret (a fresh challenge) before anything
    is shown to it; NotOfTheHall when it does not — a stranger on the Wi-Fi that announced the
    hall's id, or answers at a laptop's old address, is shown neither a token nor the laptop's
    signed introduction (replayed, it makes a gone laptop look alive).  The proof names the
    machine it was asked at (``secret.endpoint``): one that relays the question to a real
    laptop is refused; one on the path itself (a man in the middle) reads what it relays, as
    plain HTTP hides nothing from it (decisions.md).  A laptop of an earlier Tengen proves in
    the earlier way, and is said so, not taken for a wrong secret."""
    asked = signing.challenge()
    status, body, reached = _answer_within(source, "tengen/proof?challenge=" + asked, ANSWER_WITHIN)
    try:
        told = json.loads(body) if status == 200 else None
    except (ValueError, RecursionError):
        told = None
    if not isinstance(told, dict):
        told = {}
    nonce, proof = told.get("nonce"), told.get("proof")
    if not (isinstance(nonce, str) and isinstance(proof, str) and nonce.isascii() and 0 < len(nonce) <= 64):
        raise NotOfTheHall("{peer}: {reason}", peer=source, reason=NOT_A_LAPTOP)
    if not signing.proven(repo.secret, asked, nonce, reached, proof):
        if told.get("bound") != "address":  # a proof of the kind before it named the address reached
            raise NotOfTheHall(  # a stranger answering so too: not said to be one of ours (an attack)
                "{peer}: it did not prove it holds this hall's secret: an earlier Tengen (install the same on "
                "every laptop of the hall), or no laptop of this hall",
                peer=source,
            )
        raise NotOfTheHall("{peer}: the secret is not this hall's", peer=source)
    repo.prove(source)
    return Session(source, nonce, signing.session_token(repo.secret, nonce))


def _answer_within(source: str, where: str, seconds: float, limit: int = 4096) -> tuple[int, bytes, str]:
    """The status and body of ``GET where`` (under the source's own path, as git's requests
    are) at ``source``, and the end of the connection that answered (``secret.endpoint`` of
    its peer: what a proof is bound to), all of it within ``seconds`` from the connection on
    and ``limit`` bytes — the asker's own deadline, whatever pace the answer comes at: a stranger answering
    a byte every few seconds held each sync of every laptop (each byte came within
    ``ANSWER_WITHIN``).  BrokeOff for an answer cut short or late (asked again), OSError where
    nobody serves, NotOfTheHall for an answer that is whole and is no HTTP."""
    import socket
    import ssl

    parts = urlsplit(source)
    host, port = parts.hostname or "", parts.port or (443 if parts.scheme == "https" else 80)
    named = (f"[{host}]" if ":" in host else host) + ("" if parts.port is None else f":{parts.port}")
    deadline = time.monotonic() + seconds
    with contextlib.ExitStack() as opened:
        connection = opened.enter_context(socket.create_connection((host, port), timeout=seconds))
        reached = signing.endpoint(connection.getpeername()[0])
        if parts.scheme == "https":
            secured = ssl.create_default_context().wrap_socket(connection, server_hostname=host)
            connection = opened.enter_context(secured)
        request = f"GET {parts.path.rstrip('/')}/{where} HTTP/1.1\r\nHost: {named}\r\nConnection: close\r\n\r\n"
        connection.sendall(request.encode("ascii"))
        received = b""
        while len(received) <= limit:
            left = deadline - time.monotonic()
            try:
                if left <= 0:
                    raise TimeoutError(errno.ETIMEDOUT, "timed out")
                connection.settimeout(left)
                piece = connection.recv(limit + 1 - len(received))
            except (TimeoutError, ConnectionResetError) as error:
                raise BrokeOff("{peer}: {reason}", peer=source, reason=network_reason(error)) from None
            if not piece:
                break
            received += piece
    head, whole, body = received.partition(b"\r\n\r\n")
    status = head.split(b"\r\n", 1)[0].split(b" ")
    if len(received) > limit or (received and not received.startswith(b"HTTP/"[: len(received)])):
        raise NotOfTheHall("{peer}: {reason}", peer=source, reason=NOT_A_LAPTOP)
    length = _content_length(head)
    if not whole or len(status) < 2 or not status[1].isdigit() or (length is not None and len(body) < length):
        dropped = ConnectionResetError(errno.ECONNRESET, "broke off")  # cut short, or nothing: the Wi-Fi, a busy laptop
        raise BrokeOff("{peer}: {reason}", peer=source, reason=network_reason(dropped))
    return int(status[1]), body, reached


def _content_length(head: bytes) -> int | None:
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length" and value.strip().isdigit():
            return int(value.strip())
    return None


def _take_chains(
    repo: HallRepo,
    device: str,
    source: str,
    name: str,
    serves: str | None,
    joining: bool = False,
    names: Mapping[str, str] | None = None,
) -> tuple[list[Worded], Session | None]:
    """Take the chains of one peer or folder; what was refused there, and the session with the
    peer.  A folder (a stick) also receives our request to join (``push`` writes our chain there)."""
    if source.startswith(("http://", "https://")):
        pool = _Pool(headers=_hello(repo, device, name, serves), timeout=ANSWER_WITHIN, retries=False)
        try:
            session = _session(repo, source)
            client = HttpGitClient(source.rstrip("/") + "/", pool_manager=pool, username=session.nonce,
                                   password=session.token, quiet=True)  # fmt: skip
            result = client.fetch("", repo.repo, determine_wants=_negotiation(repo))
        except HTTPUnauthorized:  # it proved itself a moment ago: its session ended meanwhile (a slow fetch)
            raise BrokeOff("{peer}: its session ended: try again", peer=source) from None
        except _Busy:  # it proved itself a moment ago: a laptop of the hall, not a stranger to forget (a review)
            raise BrokeOff("{peer}: it is busy with other laptops: asked again at the next sync", peer=source) from None
        except (GitProtocolError, HangupException, NotGitRepository, OSError, urllib3.exceptions.HTTPError) as error:
            again = (*_BROKEN, urllib3.exceptions.ReadTimeoutError)  # there, but its answer late: not a wrong address
            kind = BrokeOff if any(isinstance(e, again) for e in _causes(error)) else Refused
            raise kind("{peer}: {reason}", peer=source, reason=network_reason(error)) from None
        except Refused:  # the peer's proof
            raise
        except Exception:  # the git library on bytes it cannot read (zlib, checksums, hex): see DAMAGED
            raise Refused("{peer}: {reason}", peer=source, reason=DAMAGED) from None
        refs = {bytes(k): bytes(v) for k, v in result.refs.items() if v is not None}
        return repo.take(repo.repo, refs, device, joining, names, peer=True), session
    folder = Path(source).expanduser().absolute()
    _stick(folder)
    if name:
        hello = {"device": device, "name": name, "serves": "", "at": now()}
        ask(folder, {"hello": hello, "mac": signing.sign_hello(repo.secret, hello)})
    try:
        result = LocalGitClient().fetch(str(folder), repo.repo, determine_wants=_negotiation(repo))
    except OSError as error:  # the stick is read, this laptop's repository written: a full disk is this laptop's
        # (an attack's join onto a full disk was told the stick was full)
        ours = error.errno in (errno.ENOSPC, errno.EDQUOT, errno.EROFS) or _inside(error.filename, repo.path)
        raise Refused("{folder}: {reason}", folder=str(repo.path if ours else folder),
                      reason=os_reason(error)) from None  # fmt: skip
    except Exception:  # as over the network: see DAMAGED
        raise Refused("{folder}: {reason}", folder=str(folder), reason=DAMAGED) from None
    refs = {bytes(k): bytes(v) for k, v in result.refs.items() if v is not None}
    _introductions(repo, requests(folder), heard=True)
    return repo.take(repo.repo, refs, device, joining, names), None


def _inside(name: object, folder: str | os.PathLike[str]) -> bool:
    """Whether the file ``name`` an error names (any object: ``OSError.filename``) is in ``folder``."""
    return isinstance(name, (str, os.PathLike)) and os.path.realpath(name).startswith(os.path.realpath(folder) + os.sep)


DAMAGED = Worded("its copy arrived damaged")
"""Why a fetch that the git library could not read was refused.  A pack or a list of refs
damaged on the way or forged makes it raise whatever its parsing meets (a zlib error, a
checksum mismatch, a digit that is no hex…), no one type: everything it raises reading a
peer's or a stick's bytes is this, one line, and the hall's repository keeps nothing of it
(the signatures check what it does keep)."""


def _introductions(repo: HallRepo, found: Sequence[object], heard: bool) -> None:
    """Laptops' signed introductions left with a peer or on a stick: a request to join for the
    chief; and, ``heard`` (a stick's: each laptop left its chain there with it), each laptop
    heard when it wrote its own.  One left with a peer says only that the laptop fetched from
    it, not that its entries reach anyone: a helper that had switched its sharing off showed
    «1 с назад» on the chief, who paired without its results unwarned (a trial)."""
    for request in found:
        if not isinstance(request, dict) or not isinstance(request.get("mac"), str):
            continue
        hello = request.get("hello")
        if not signing.check_hello(repo.secret, hello, request["mac"]):
            continue
        assert isinstance(hello, dict)
        ask(repo.path, request)
        device, at = hello.get("device"), hello.get("at")
        stamp = _as_of(at, datetime.now(UTC)) if heard and isinstance(device, str) else None
        if stamp is not None and stamp > repo.heard.get(str(device), ""):
            repo.hear([str(device)], stamp)


def _heard_through(repo: HallRepo, answer: bytes | None, own: str) -> None:
    """The laptops a peer heard (``/tengen/heard``), heard here as of then: their chains came
    with the peer's just now, as fresh as when it last took them.  A laptop reached only
    through another (a helper the chief's Wi-Fi does not reach) is in touch, not silent —
    once introductions no longer counted, a review's chief was warned of it at every
    pairing.  A time ahead of this laptop's clock counts as now."""
    try:
        theirs = json.loads(answer) if answer else {}
    except (ValueError, RecursionError):
        return
    if not isinstance(theirs, dict):
        return
    mine, moment = repo.heard, datetime.now(UTC)
    for device, at in list(theirs.items())[:200]:
        stamp = _as_of(at, moment) if isinstance(device, str) and len(device) <= 64 else None
        if stamp is not None and device != own and stamp > mine.get(device, ""):
            repo.hear([device], stamp)
            mine[device] = stamp


def _as_of(at: object, moment: datetime) -> str | None:
    """A laptop's time of being heard as this laptop writes it, none ahead of ``moment`` (its
    clock): another laptop's clock three hours fast kept it from ever being silent here, its
    later entries missing and the chief unwarned (a review); None for what is no such time."""
    if not isinstance(at, str) or len(at) >= 40:
        return None
    try:
        when = datetime.fromisoformat(at)
    except ValueError:
        return None
    if when.tzinfo is None:
        return None
    return min(when.astimezone(UTC), moment).isoformat(timespec="seconds")  # as ``now`` writes it


def _negotiation(repo: HallRepo) -> Callable[..., list[Any]]:
    """What a fetch asks of a peer: the tips of its chains that we lack; and what it says we
    hold: our own tip of each of those chains, and of no other.  Dulwich's fetch names only
    the tips of ``refs/heads`` (none here), so the peer sent every chain again at every sync;
    and the peer walks the whole history of every tip it is told of, so naming the chains it
    has not moved cost it a walk of the whole hall (a quarter of a second at 4,000 events) for
    each fetch."""
    store = repo.repo.object_store  # a tip looked up: listing every object held took longer than the fetch
    ours = {PREFIX + device.encode("ascii"): tip for device, tip in repo.tips().items()}
    walker = type(repo.repo).get_graph_walker(repo.repo, heads=[])  # a new one: a fetch before set its own
    repo.repo.get_graph_walker = lambda heads=None: walker  # type: ignore[method-assign]

    def wants(refs: Any, depth: int | None = None) -> list[Any]:
        moved = {ref: sha for ref, sha in refs.items() if ref.startswith(PREFIX) and sha not in store}
        walker.heads.update(ours[ref] for ref in moved if ref in ours)
        return list(moved.values())

    return wants


def _heard_from(repo: HallRepo, session: Session, own: str, serves: str | None = None) -> None:
    """The peer's own device, heard now (an idle peer is heard though its chain did not grow),
    and the requests to join left with it (the chief enrols them wherever they were left)."""
    source = session.source
    device = _ask_peer(session, "/tengen/device")
    if device is not None and device.decode("ascii", "replace") == own:
        repo.was_self(source)  # ourselves: not a peer, for a while
        return
    if device is not None and len(device) == 32:
        repo.hear([device.decode("ascii", "replace")], now())
    found = _ask_peer(session, "/tengen/requests")
    try:
        left = json.loads(found) if found else []
    except (ValueError, RecursionError):  # nested deeper than the parser goes: it ended the sync
        left = []
    _introductions(repo, left if isinstance(left, list) else [], heard=False)
    _heard_through(repo, _ask_peer(session, "/tengen/heard"), own)
    known = _ask_peer(session, "/tengen/peers")  # its peers become ours: one hop to each laptop
    try:
        theirs = json.loads(known) if known else []
    except (ValueError, RecursionError):
        theirs = []
    if isinstance(theirs, list):
        selves = {*repo.selves, *([serves] if serves else [])}
        repo.add_peers([p for p in theirs[:50] if isinstance(p, str) and len(p) < 200 and p not in selves])


def _ask_peer(session: Session, where: str) -> bytes | None:
    import urllib.request

    request = urllib.request.Request(session.source.rstrip("/") + where)
    request.add_header("Authorization", session.authorization)
    try:
        with urllib.request.urlopen(request, timeout=ANSWER_WITHIN) as answer:  # noqa: S310 - http only, checked above
            return bytes(answer.read(1_000_000))
    except (OSError, http.client.HTTPException):  # no answer, or not one of a hall's laptop
        return None


_BROKEN = (ConnectionResetError, http.client.IncompleteRead, HangupException)
"""A connection dropped midway: reset, closed before the answer (``RemoteDisconnected``, which
carries no error number), an answer cut short, git's stream ended early.  Not urllib3's
``ProtocolError`` as such: it also wraps an answer that is no HTTP at all (a wrong port)."""


def _causes(error: BaseException) -> Iterator[BaseException]:
    """``error`` and the exceptions the HTTP library wrapped in it, outermost first."""
    seen: BaseException | None = error
    met: set[int] = set()
    while seen is not None and id(seen) not in met:
        met.add(id(seen))
        yield seen
        reason = getattr(seen, "reason", None)
        seen = reason if isinstance(reason, BaseException) else seen.__cause__ or seen.__context__


class _Busy(Exception):
    """A peer's answer 503: its door lets a few laptops in at a time (``serve.PEERS_WAITING``)."""


class _Pool(urllib3.PoolManager):
    """The fetch's connections, a 503 raised as ``_Busy``: the git library said «unexpected
    http resp 503», which read as «not a hall's laptop» and forgot a peer just proven (a review)."""

    def request(self, method: str, url: str, *args: Any, **kwargs: Any) -> urllib3.BaseHTTPResponse:
        answer = super().request(method, url, *args, **kwargs)
        if answer.status == 503:
            answer.close()  # its connection, which the library reads lazily, let go (a review: +40 files held)
            raise _Busy
        return answer


def network_reason(error: BaseException) -> Worded:
    """Why a peer could not be fetched from, in words of the catalogue: the system's error
    found in the chain of exceptions the HTTP library wraps it in, a time-out as no answer, a
    connection dropped midway as broken off."""
    causes = list(_causes(error))
    for seen in causes:  # the system's own error first: urllib3's refused connection is a kind of its time-out
        if isinstance(seen, OSError) and seen.errno:
            return os_reason(seen)
    if any(isinstance(seen, TimeoutError | urllib3.exceptions.TimeoutError) for seen in causes):
        return os_reason(TimeoutError(errno.ETIMEDOUT, "timed out"))
    if any(isinstance(seen, _BROKEN) for seen in causes):
        return os_reason(ConnectionResetError(errno.ECONNRESET, "broke off"))
    return NOT_A_LAPTOP


NOT_A_LAPTOP = Worded("the laptop does not answer as a hall's laptop")


STICK_LIMIT = 2_000_000_000
"""What a stick's repository may hold in all: a season of a big event's chains is megabytes."""


def _stick(folder: Path) -> Repo:
    """The bare repository on a stick, made there the first time; refused as damaged where
    anything in it is no plain file, or it is bigger than any hall's (``_plain_folder``)."""
    if not folder.is_dir():
        raise Refused("{folder}: no such folder", folder=str(folder))
    if not ours_or_nothing(folder):  # said before the walk: a stick of photos took 15 s to be called damaged
        raise _not_a_halls(folder)
    if not _plain_folder(folder, STICK_LIMIT):
        raise Refused("{folder}: {reason}", folder=str(folder), reason=DAMAGED)
    try:
        with making(folder):  # one process at a time makes or cleans it (the app's sync by hand, a command's)
            return _found_or_made(folder)
    except OSError as error:  # a read-only stick, a full one
        raise Refused("{folder}: {reason}", folder=str(folder), reason=os_reason(error)) from None
    except Worded:
        raise
    except Exception:  # the git library on a repository it cannot read (its config, its version): see DAMAGED
        raise Refused("{folder}: {reason}", folder=str(folder), reason=DAMAGED) from None


def _plain_folder(folder: Path, limit: int) -> bool:
    """Whether everything in ``folder`` is a plain file or a folder (not through a link), all
    the files together of at most ``limit`` bytes: the git library opens a repository's files
    as they are, and a pipe planted as a stick's ``config`` or ref held a sync for ever, a link
    to ``/dev/zero`` took every byte of memory."""
    total = 0
    for root, folders, files in os.walk(folder):
        if root == str(folder):  # an operating system's entries at the top are its own, whatever they hold
            folders[:] = [name for name in folders if not of_the_system(name)]
            files = [name for name in files if not of_the_system(name)]
        for name in files + [inside for inside in folders if os.path.islink(os.path.join(root, inside))]:
            try:
                status = os.stat(os.path.join(root, name))
            except OSError:  # a link to nothing: the git library says what it misses
                continue
            if not stat.S_ISREG(status.st_mode):
                return False
            total += status.st_size
    return total <= limit


def _found_or_made(folder: Path) -> Repo:
    if half_made(folder):  # a first sync killed, or the stick full, as it made (or cleaned) the repository
        unmake(folder)
    elif (folder / "HEAD").is_file() and (folder / "objects").is_dir():
        try:
            stick = open_repo(folder)
        except NotGitRepository:
            pass
        else:
            unreadable_refs_dropped(stick, PREFIX.decode())
            return stick
    if any(p.name not in (REQUESTS, GUARD, PROBE) and not of_the_system(p.name) for p in folder.iterdir()):
        raise _not_a_halls(folder)
    (folder / PROBE).unlink(missing_ok=True)  # a probe the disk failed before our mark was written
    init_bare(folder)
    return open_repo(folder)


def _not_a_halls(folder: Path) -> Refused:
    """The refusal of a folder holding the user's own files, with what to do instead (an attack
    was told only that it was «neither empty nor a hall's folder»)."""
    return Refused("{folder} is neither empty nor a hall's folder: sync with an empty folder on it, such as {inside}",
                   folder=str(folder), inside=str(folder / "tengen"))  # fmt: skip


def push(repo: HallRepo, folder: str, device: str) -> None:
    """Every chain held onto a stick, each a fast-forward only.  Our own chain, and the others'
    as a peer over the network relays them (each event signed: the stick adds no trust): with
    ours alone, a helper syncing by stick got none of the chief's entries made after a network
    helper's, whose chain never came to the stick — not even its own enrolment (a trial).  A
    copy on the stick that ours does not extend is left as it is: of our own chain it is said
    (the folder put back from a copy: written over, it lost its entries for every laptop
    joining from the stick, and the refusal was forgotten at the next sync — a review); of
    another's, the fetch before said it."""
    stick = _stick(Path(folder).expanduser().absolute())
    differs = unread = False
    try:
        held = stick.refs.as_dict(PREFIX)
        missing: list[tuple[Any, None]] = []
        moves: list[tuple[str, Any, Any]] = []
        for laptop, tip in sorted(repo.tips().items()):
            there = held.get(Ref(laptop.encode("ascii")))
            if there == tip:
                continue
            if there is not None and not _on_stick(stick, there):
                there = None  # a sha of nothing there (its objects lost with a stick pulled out): written anew
            try:
                objects, head = _missing_on(repo, stick, tip, there)
            except _StickUnread:
                raise
            except Exception:  # this laptop's copy of that chain does not read: the others go all the same
                unread = unread or laptop == device  # (a review: one chain damaged here kept ours off the stick)
                continue
            if there is not None and head != there:  # the stick holds other entries of that chain, or more
                differs = differs or laptop == device
                continue
            missing += objects
            moves.append((laptop, there, tip))
        stick.object_store.add_objects(missing)
        for laptop, there, tip in moves:
            set_tip(stick, Ref(PREFIX + laptop.encode("ascii")), there, tip)
        tidy(stick)
    except OSError as error:
        raise Refused("{folder}: {reason}", folder=stick.path, reason=os_reason(error)) from None
    except Exception:  # the git library on a stick's files it cannot read (a damaged pack index): see DAMAGED
        raise Refused("{folder}: {reason}", folder=stick.path, reason=DAMAGED) from None
    if differs:
        raise Refused("{folder}: {reason}", folder=stick.path, reason=OwnChainDiffers())
    if unread:
        raise Refused("{repository}: this laptop's own chain does not read here (a damaged disk?): not written to "
                      "{folder}", repository=repo.path, folder=stick.path)  # fmt: skip


class _StickUnread(Exception):
    """The stick's objects could not be looked at (a damaged pack index): the stick's fault,
    told from this laptop's own copy of a chain that does not read."""


def _on_stick(stick: Repo, sha: Any) -> bool:
    try:
        return sha in stick.object_store
    except Exception as error:  # the git library on a file it cannot read: no one type (see DAMAGED)
        raise _StickUnread from error


def _missing_on(repo: HallRepo, stick: Repo, tip: Any, there: Any) -> tuple[list[tuple[Any, None]], Any]:
    """The objects of the chain ending at ``tip`` that ``stick`` lacks, and where the chain met
    the stick's tip ``there`` (None: its first commit's parent, ``there`` not in it)."""
    missing = []
    head: Any = tip
    while head is not None and head != there and not _on_stick(stick, head):
        commit = repo.repo[head]
        tree = repo.repo[commit.tree]  # type: ignore[attr-defined]
        missing += [(repo.repo[sha], None) for sha in (tree[b"events"][1],)]  # type: ignore[index]
        missing += [(tree, None), (commit, None)]
        head = commit.parents[0] if commit.parents else None  # type: ignore[attr-defined]
    while there is not None and head is not None and head != there:  # is the stick's tip one of ours?
        commit = repo.repo[head]
        head = commit.parents[0] if commit.parents else None  # type: ignore[attr-defined]
    return missing, head


def merged_log(service: Service, repo: HallRepo, since: Merged | None = None) -> tuple[Merged, list[Worded]]:
    """The merge of the file's events and every chain held (continuing ``since``, an earlier
    merge, where it can); the chains refused."""
    held = repo.chains()
    union: dict[tuple[str, int], Event] = {}
    for events in held.events.values():  # as signed: every laptop writes the same bytes
        for event in events:
            assert event.origin is not None
            union[event.origin.key] = event
    for event in service.events:
        if event.origin is not None:
            union.setdefault(event.origin.key, event)
    return merge(union.values(), since), held.refused


def record_missing(service: Service, repo: HallRepo, device: str) -> None:
    """Our events in the file that the repository lacks (a kill between the two writes)."""
    have = repo.recorded(device)  # by seq, not by count: an own event a merge left out is in the chain alone
    own = [e for e in service.events if e.origin is not None and e.origin.device == device and e.origin.seq > have]
    repo.record(device, sorted(own, key=lambda e: e.origin.seq if e.origin else 0))


def sync(path: Path, sources: Sequence[str], serves: str | None = None) -> Synced:
    """Fetch from each source (or every known peer), then merge under the writer lock."""
    real = real_path(path)
    with HallRepo(hall_path(real)) as repo:
        return _sync(real, repo, [as_source(source) for source in sources], serves)


@dataclass(frozen=True)
class _Kept:
    """What a process merged last of a tournament: the merge (the next one continues from it),
    the state after it (with the chief's enrolments), and the moment it was left at — the
    chains' tips, the file's size and time, the requests to join (None: not known)."""

    merge: Merged
    state: Tournament
    moment: object = None


_MERGED: dict[Path, _Kept] = {}
"""Per tournament.  A serving laptop syncs every 2 s, mostly to find nothing new: then it
neither replays nor merges; when something came, the merge applies only what came."""

KEPT = 4
"""Tournaments whose last merge is kept (the app opens one after another)."""


def _moment(real: Path, repo: HallRepo) -> object:
    status = real.stat()
    return sorted(repo.tips().items()), status.st_size, status.st_mtime_ns, status.st_ino, len(requests(repo.path))


def _keep(real: Path, kept: _Kept) -> None:
    _MERGED.pop(real, None)
    _MERGED[real] = kept
    while len(_MERGED) > KEPT:
        _MERGED.pop(next(iter(_MERGED)))


def _sync(real: Path, repo: HallRepo, sources: Sequence[str], serves: str | None) -> Synced:
    device = this_device()
    remembered = _MERGED.get(real)
    if remembered is not None:  # the fetch needs only this laptop's name, given once when enrolled
        state = remembered.state
    else:
        with Service(real) as reading:
            state = reading.state
        check_hall(real, state)
    merges: list[Synced] = []

    def merged_now() -> None:
        with Service(real, writable=True, merge=True) as service:  # other writers wait for it
            merges.append(merge_into(service, repo, device))
        _keep(real, replace(_MERGED[real], moment=_moment(real, repo)))

    asked = list(sources) or this_turn(repo)
    problems = fetch_all(repo, device, state, asked, serves, brought=merged_now)
    remembered = _MERGED.get(real)
    if remembered is None or remembered.moment != _moment(real, repo):  # something came or was made since
        merged_now()
    said = {str(problem) for problem in problems}
    problems += [p for p in push_all(repo, device, sources) if str(p) not in said]  # a stick's refusal once
    repo.tidy()
    repo.refuse(problems)
    if not asked:
        problems.append(NobodyToAsk())
    if not merges:
        assert remembered is not None
        return Synced(0, tuple(problems), remembered.state)
    dropped = tuple(notice for m in merges for notice in m.dropped)
    return Synced(sum(m.added for m in merges), tuple(problems + list(merges[-1].problems)), merges[-1].state, dropped)


def this_turn(repo: HallRepo) -> list[str]:
    """The known peers a sync asks: every laptop that proved it knows the secret, and one of
    the addresses that never did, each in its turn.  A stranger on the Wi-Fi announcing twenty
    silent laptops of the hall by zeroconf (its id is heard by all) held each sync five seconds
    on each, so a helper's result took 90 s to reach the chief (an attack); now at most five."""
    proven = repo.proven
    peers = repo.peers
    ours = [peer for peer in peers if peer in proven]
    others = [peer for peer in peers if peer not in ours]
    return [*ours, others[repo.next_turn() % len(others)]] if others else ours


class NobodyToAsk(Worded):
    """A sync with no source named and no peer known: it reached no other laptop, which its
    "0 new events" did not say (a trial)."""

    template = "no other laptop known yet: name a stick's folder or a laptop's address (http://…)"


def fetch_all(
    repo: HallRepo,
    device: str,
    state: Tournament,
    sources: Sequence[str],
    serves: str | None,
    brought: Callable[[], None] | None = None,
) -> list[Worded]:
    """Fetch from every source, without the writer lock (a fetch may wait on the network);
    what went wrong, one line each.  ``brought``: called after each fetch that brought events,
    before the next source is asked (a sync merges them at once: asking the other peers and
    hearing from them took a quarter of a second more under load); the peers are heard from
    after every fetch."""
    laptops = state.hall.laptops if state.hall else {}
    name = laptops[device].name if device in laptops else ""
    names = {each: laptop.name for each, laptop in laptops.items()}  # the refusals name the laptops
    problems: list[Worded] = []
    reached: list[Session] = []
    own = peer_address(serves) if serves else None
    for source in sources:
        if own is not None and peer_address(source) == own:  # learnt before it served: «no laptop answers
            repo.was_self(source)  # there» of itself (a trial); no peer for a while, as when it answers
            continue
        tips = repo.tips()
        ours = peer_address(source) in repo.proven
        if ours and _resting(repo, source):
            continue
        try:
            refused, session = _take_chains(repo, device, source, name, serves, names=names)
        except Refused as error:
            stranger = isinstance(error, NotOfTheHall) or not (isinstance(error, BrokeOff) or ours)
            if stranger or _gone(repo, source, ours):
                repo.forget_peer(source)  # a stranger, or nobody: asked again when it comes
            problems.append(error)
            continue
        _FAILING.pop((str(repo.path), source), None)
        if not refused:  # what it refused this time stays said (a forged chain, again)
            with contextlib.suppress(TournamentFileError, OSError):  # a status file unwritten stops no fetch
                repo.reached(source)
        problems += [Worded("{source}: {reason}", source=source, reason=reason) for reason in refused]
        if session is not None:
            reached.append(session)
            if not refused and source not in repo.selves:
                repo.add_peers([source])
        if brought is not None and repo.tips() != tips:
            brought()
    for session in reached:
        _heard_from(repo, session, device, serves)
    return problems


NEVER_PROVEN_FOR = 30.0
"""Seconds an address that never proved it knows the secret may fail before it is forgotten as
a peer: ten silent strangers announced by zeroconf held each sync 50 s, and stayed (an
attack).  It comes back by zeroconf, or when it fetches from us naming its address."""
RESTING_AFTER, ASKED_EVERY = 300.0, 60.0
"""A laptop of the hall that has not answered for ``RESTING_AFTER`` seconds is asked once every
``ASKED_EVERY`` only, never forgotten: a laptop gone or serving elsewhere since was asked at
every sync, five seconds each where nothing answered (a trial's warnings named four such
addresses), and forgetting them all after an outage of the hall's Wi-Fi split the hall for
good where zeroconf is blocked (a review)."""
_FAILING: dict[tuple[str, str], tuple[float, float]] = {}
"""Since when each peer of a hall has failed to answer, and when it was last asked, in this
process (the app and ``hall serve`` sync every two seconds)."""


def _gone(repo: HallRepo, source: str, proven: bool) -> bool:
    """Whether ``source``, never proven, has failed for ``NEVER_PROVEN_FOR`` (forgotten); its
    failure is noted either way (``_resting``)."""
    key, moment = (str(repo.path), source), time.monotonic()
    first = _FAILING.get(key, (moment, moment))[0]
    _FAILING[key] = (first, moment)
    if proven or moment - first < NEVER_PROVEN_FOR:
        return False
    del _FAILING[key]
    return True


def _resting(repo: HallRepo, source: str) -> bool:
    """Whether a laptop of the hall failing for ``RESTING_AFTER`` is left out of this sync (it
    is asked again ``ASKED_EVERY`` seconds after it was last)."""
    first, last = _FAILING.get((str(repo.path), source), (0.0, 0.0))
    moment = time.monotonic()
    return bool(first) and moment - first >= RESTING_AFTER and moment - last < ASKED_EVERY


def merge_into(service: Service, repo: HallRepo, device: str) -> Synced:
    """Merge every chain held into the open, writable tournament (the app's own, or a sync's
    under the lock) and, on the chief's laptop, enrol who asked: quick, no network."""
    real = real_path(service.path)
    record_missing(service, repo, device)
    before = len(service.events)
    held = {event.origin.key for event in service.events if event.origin is not None}
    kept = _MERGED.get(real)
    merged, refused_chains = merged_log(service, repo, kept.merge if kept is not None else None)
    changed = merged.events != tuple(service.events)
    if changed:
        service.rewrite(merged)
    state = merged.state
    if state.hall is not None and state.hall.chief == device:
        state = enrol_requests(service, repo)
    _keep(real, _Kept(merged, state))
    repo.refuse(refused_chains)
    known = _known(merged)
    gone = [(event, _dropped(event, reason, state, known)) for event, reason in merged.left_out]
    dropped = tuple(notice for event, notice in gone if event.origin is not None and event.origin.key in held)
    if changed:
        dropped += tuple(_paired_on_other(event, notice, state, known) for event, notice in paired_on_other_results(
            merged.events, state, lambda e: e.origin is not None and e.origin.key not in held))  # fmt: skip
    every = tuple(notice for _event, notice in gone)
    return Synced(len(service.events) - before, tuple(refused_chains), state, dropped, changed, every)


def _known(merged: Merged) -> dict[tuple[str, int], Event]:
    """The hall's entries by laptop and seq, left out or not: what an undo names its entry by."""
    return {e.origin.key: e for e in (*merged.events, *(e for e, _ in merged.left_out)) if e.origin is not None}


def left_out(service: Service, repo: HallRepo) -> tuple[Notice, ...]:
    """Every entry of the hall's laptops that its log leaves out, with its laptop and why
    (``hall status``): a toast said it once on the laptops that synced then, and a referee
    away at a table found no trace of it afterwards, in the log or the status (a trial)."""
    merged, _refused = merged_log(service, repo)
    known = _known(merged)
    return tuple(_dropped(event, reason, merged.state, known) for event, reason in merged.left_out)


def _paired_on_other(event: Event, notice: Notice, state: Tournament, known: dict[tuple[str, int], Event]) -> Notice:
    """A result a round was paired without (``paired_on_other_results``): which, and its laptop
    («этого результата» of a toast named none: a review)."""
    assert event.origin is not None
    laptop = state.hall.laptops.get(event.origin.device) if state.hall is not None else None
    return Notice("{notice}: {what}, entered on {laptop}", {"notice": notice, "what": _described(event, known, state),
                  "laptop": laptop.name if laptop else event.origin.device[:8]})  # fmt: skip


def _dropped(event: Event, reason: Notice, state: Tournament, known: dict[tuple[str, int], Event]) -> Notice:
    assert event.origin is not None
    laptop = state.hall.laptops.get(event.origin.device) if state.hall is not None else None
    return Notice(
        "left out of the hall's log: {what}, entered on {laptop}: {reason}",
        {"what": _described(event, known, state), "laptop": laptop.name if laptop else event.origin.device[:8],
         "reason": reason},
    )  # fmt: skip


def _described(event: Event, known: dict[tuple[str, int], Event], state: Tournament) -> Notice:
    """An event in words, the hall's laptops by name; an undo by what it undid (named in its
    chain by device and seq: its number there is the laptop's own log's, which said «retraction
    of event 1»)."""
    laptops = state.hall.laptops if state.hall is not None else None
    target = known.get(event.origin.target) if event.origin is not None and event.origin.target else None
    if event.kind != ev.RETRACTED or target is None:
        return Notice(*describe_parts(event, laptops))
    undone = known.get(target.origin.target) if target.origin is not None and target.origin.target else None
    if target.kind == ev.RETRACTED and undone is not None:
        return Notice("redo of {what}", {"what": Notice(*describe_parts(undone, laptops))})
    return Notice("undo of {what}", {"what": Notice(*describe_parts(target, laptops))})


def push_all(repo: HallRepo, device: str, sources: Sequence[str]) -> list[Worded]:
    """The chains held onto every folder among ``sources`` (a peer over HTTP fetches them itself)."""
    problems: list[Worded] = []
    for source in sources:
        if not source.startswith(("http://", "https://")):
            try:
                push(repo, source, device)
            except Refused as error:
                problems.append(error)
    return problems


def enrol_requests(service: Service, repo: HallRepo) -> Tournament:
    """As the chief: enrol every laptop that asked with the secret (a block of ids each)."""
    state = service.state
    hall = state.hall
    assert hall is not None
    for request in requests(repo.path):
        introduced = _introduction(request, repo.secret)
        if introduced is None or introduced[0] in hall.laptops:
            continue
        device, name = introduced
        block = 1 + max(laptop.block for laptop in hall.laptops.values())
        try:
            state = service.commit((ev.DEVICE_ENROLLED, {"device": device, "name": name[:40] or device[:8],
                                                         "block": block})).state  # fmt: skip
        except InvalidEvent:
            continue
        hall = state.hall
        assert hall is not None
    held = requests(repo.path)
    waiting = [r for r in held if not _enrolled(r, hall.laptops)]
    if len(waiting) != len(held):  # not at every sync: a full disk failed the chief's sync after its merge was saved
        with contextlib.suppress(OSError):  # tidying only: an enrolled laptop's request is passed over next time
            write_json(repo.path, REQUESTS, waiting)
    return state


def _enrolled(request: dict[str, Any], laptops: Any) -> bool:
    hello = request.get("hello")
    return isinstance(hello, dict) and hello.get("device") in laptops


def _introduction(request: dict[str, Any], secret: str) -> tuple[str, str] | None:
    """The device and name of a laptop's request to join, signed with the hall's secret."""
    hello, mac = request.get("hello"), request.get("mac")
    if not isinstance(mac, str) or not signing.check_hello(secret, hello, mac):
        return None
    assert isinstance(hello, dict)
    device, name = hello.get("device"), hello.get("name")
    return (device, name) if isinstance(device, str) and isinstance(name, str) else None


def waiting_to_join(repo: HallRepo, state: Tournament) -> bool:
    """Whether a laptop not enrolled yet has asked this chief's laptop to join, signed: what
    makes the open app merge (``enrol_requests``).  Any request did, and a helper fetching
    from the chief introduces itself at every fetch: the chief's app merged every 2 s (a
    review)."""
    laptops = state.hall.laptops if state.hall is not None else {}
    introduced = (_introduction(request, repo.secret) for request in requests(repo.path))
    return any(found is not None and found[0] not in laptops for found in introduced)


def join(source: str, out: Path, secret: str, name: str) -> Synced:
    """A new laptop's copy of the hall's tournament, fetched from ``source``; enrolled at
    the chief's next sync (at once when ``source`` is the chief's laptop serving)."""
    secret, source = signing.normal(secret), as_source(source)
    device = this_device()
    name = laptop_name(name or device[:8])  # refused here, not left unenrolled in silence at the chief's
    real = real_path(out)
    if real.exists():
        raise Refused("{path} exists already: choose another name", path=str(out))
    if hall_path(real).exists():  # no file: a join killed before it wrote one (or a file removed by hand)
        raise Refused("{folder} is left without its tournament (a join that did not finish?): remove it, "
                      "or choose another name", folder=str(hall_path(real)))  # fmt: skip
    if not real.parent.is_dir():
        raise Refused("{folder}: no such folder", folder=str(real.parent))
    repo = HallRepo.create(hall_path(real), secret)
    try:
        joined = _join(repo, device, source, real, name)
    except BaseException:
        repo.close()
        shutil.rmtree(repo.path, ignore_errors=True)
        raise
    repo.close()
    if source.startswith(("http://", "https://")):
        return _enrolled_soon(real, source, joined)
    return joined


ENROLMENT_WAIT = 6.0
"""Seconds ``hall join`` waits for the chief's serving laptop to enrol the new one."""


def _enrolled_soon(real: Path, source: str, joined: Synced) -> Synced:
    device = this_device()
    deadline = time.monotonic() + ENROLMENT_WAIT
    state = joined.state
    while state.hall is not None and device not in state.hall.laptops and time.monotonic() < deadline:
        time.sleep(0.5)
        state = sync(real, [source]).state
    return Synced(joined.added, joined.problems, state)


JOIN_TRIES = 3
"""Times ``hall join`` asks a peer whose answer did not come whole (``BrokeOff``), a second
apart, before saying so."""


def _join(repo: HallRepo, device: str, source: str, real: Path, name: str) -> Synced:
    for tried in range(1, JOIN_TRIES + 1):
        try:
            refused = fetch(repo, device, source, name, joining=True)
            break
        except BrokeOff:
            if tried == JOIN_TRIES:
                raise
            time.sleep(1)
    held = repo.chains()
    union = [e for events in held.events.values() for e in events]
    if not union:
        raise Refused("{source}: no event of this hall there (is the secret right?)", source=source)
    merged = merge(union)
    if merged.state.hall is None:
        raise Refused("{source}: not a hall", source=source)
    enrolled = merged.state.hall.laptops.get(device)
    if enrolled is not None and name not in (enrolled.name, device[:8]):  # joined before, under another name
        raise Refused("this laptop is in the hall already as «{laptop}» ({advice}); the same laptop joins again "
                      "under that name", laptop=enrolled.name, advice=copied_settings())  # fmt: skip
    Service.create_merged(real, merged).close()
    if source.startswith("http"):
        repo.add_peers([source])
    again: list[Worded] = [] if enrolled is None else [JoinedAgain(laptop=enrolled.name, advice=copied_settings())]
    return Synced(len(merged.events), tuple(refused + held.refused + again), merged.state)


class JoinedAgain(Worded):
    """A join by a laptop the hall has enrolled: said, for a laptop made from a copy of
    another's settings joins as that other, silently (a review)."""

    template = "this laptop was in the hall already, as «{laptop}»: its entries there are here again ({advice})"


@dataclass(frozen=True)
class Laptop:
    device: str
    name: str
    events: int
    last_heard: str | None
    silent: bool
    diverged: bool
    """Its chain was refused here within the last minute as differing from the one held
    (``HallRepo.diverged``): its entries may be missing, whenever it was heard."""


def heard_at(at: str) -> datetime | None:
    """The time ``at`` of a hall's records, as ``now`` writes it; None for anything else (a
    record edited or damaged: a time without its zone closed the header with a TypeError)."""
    try:
        when = datetime.fromisoformat(at)
    except ValueError:
        return None
    return when if when.tzinfo is not None else None


def _lately(at: str, limit: datetime) -> bool:
    """Whether the time ``at`` of a hall's record (``heard_at``) is after ``limit``."""
    when = heard_at(at)
    return when is not None and when >= limit


def laptops(state: Tournament, repo: HallRepo, device: str) -> list[Laptop]:
    counts: dict[str, int] = {}
    heard, diverged = repo.heard, repo.diverged
    for events in repo.chains().events.values():
        for event in events:
            assert event.origin is not None
            counts[event.origin.device] = counts.get(event.origin.device, 0) + 1
    assert state.hall is not None
    limit = datetime.now(UTC) - SILENT
    found = []
    for laptop in state.hall.laptops.values():
        last = None if laptop.device == device else heard.get(laptop.device)
        silent = laptop.device != device and (last is None or not _lately(last, limit))  # a damaged record: silent
        refused = laptop.device in diverged and _lately(diverged[laptop.device], limit)
        found.append(Laptop(laptop.device, laptop.name, counts.get(laptop.device, 0), last, silent, refused))
    return found
