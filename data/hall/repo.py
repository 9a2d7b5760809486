"""The hall repository beside a tournament file: ``T.json.hall/``, a bare git repository
with one ref per laptop, ``refs/tengen/<device>``, a chain of commits each adding that
laptop's new events (one line each, signed) — and, outside git's own files, the secret,
the known peers and when each laptop was last heard.

Git (through dulwich) moves the chains: a laptop fetches its peers' refs over HTTP or from
a folder (a USB stick), and writes only its own ref anywhere.  A chain is taken in only
when every event on it is signed with the secret, numbered in order, and extends what was
held before: a stranger's or a forged chain is refused and named, never merged."""

from __future__ import annotations

import contextlib
import errno
import ipaddress
import json
import os
import re
import shutil
import socket
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from dulwich.errors import NotGitRepository
from dulwich.object_store import DiskObjectStore
from dulwich.objects import Blob, Commit, ObjectID, Tree, valid_hexsha
from dulwich.refs import Ref
from dulwich.repo import Repo

from data.errors import Refused, TournamentFileError, os_reason
from data.hall import secret as signing
from data.hall.device import copied_settings
from data.hall.guard import GUARD, open_repo, set_tip, writing
from data.store import read_plain, write_atomically, write_output
from schemes.errors import InvalidEvent, Named, Worded
from schemes.log.events import Event

PREFIX = Ref(b"refs/tengen/")
SECRET = "tengen-secret"
"""The hall's secret, in its repository's folder (the owner's alone)."""
EVENTS = b"events"


def hall_path(tournament: Path) -> Path:
    return tournament.with_name(tournament.name + ".hall")


@dataclass
class Chains:
    """Every laptop's events held here, and what was refused on the way in."""

    events: dict[str, list[Event]] = field(default_factory=dict)
    refused: list[Worded] = field(default_factory=list)


def _secret(path: Path) -> str:
    """The hall's secret as its file keeps it, refused in one line where it cannot be one: a
    byte-order mark an editor put before it crashed every command of the hall (a UnicodeError),
    and a pipe in its place hung them (an attack).  The mark is taken off; the secret is kept
    as written (shown so), checked as a secret typed is."""
    try:
        text = read_plain(path, 1_000, "a hall's secret").decode("utf-8-sig").strip()
        signing.normal(text)
        return text
    except FileNotFoundError:
        raise Refused("{path}: the hall's secret is not there: join the hall again", path=path) from None
    except PermissionError as error:
        raise Refused("{path}: {reason}", path=path, reason=os_reason(error)) from None
    except (OSError, TournamentFileError, UnicodeDecodeError, InvalidEvent):
        raise Refused("{path} does not hold the hall's secret (26 letters and digits, as tengen hall init printed "
                      "it): write it there again, or join the hall again", path=path) from None  # fmt: skip


class HallRepo:
    """The bare repository and the hall's files beside it."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            self.repo = open_repo(path)
        except NotGitRepository:
            raise Refused("{path} is not a hall (tengen hall init makes one)", path=path.name) from None
        self.secret = _secret(path / SECRET)

    def close(self) -> None:
        self.repo.close()

    def __enter__(self) -> HallRepo:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @classmethod
    def create(cls, path: Path, secret: str) -> HallRepo:
        """The hall's repository made at ``path`` (a new folder), or nothing there where that
        fails (a full disk): a half-made folder would be taken for a hall by the next try."""
        path.mkdir(mode=0o700)
        try:
            init_bare(path)
            write_atomically(path / "tengen-secret", signing.normal(secret).encode("ascii") + b"\n", keep_backup=False)
            os.chmod(path / "tengen-secret", 0o600)
            return cls(path)
        except BaseException:
            shutil.rmtree(path, ignore_errors=True)
            raise

    # -- the chains ------------------------------------------------------------------
    def tips(self) -> dict[str, ObjectID]:
        refs = self.repo.refs.as_dict(PREFIX)
        return {name.decode("ascii"): sha for name, sha in refs.items()}

    def chain(self, device: str, tip: bytes | None = None, repo: Repo | None = None) -> list[Event]:
        """The laptop's events from its first, each checked (InvalidEvent on the first wrong one).
        A chain checked once is remembered by its tip (a commit names its whole history), so a
        sync every 2 s checks only the commits added since."""
        source = repo or self.repo
        head = tip if tip is not None else self.tips().get(device)
        commits: list[Commit] = []
        known: list[Event] = []
        longest: int | None = None  # the commits the chain can have: each adds an event, the tip's last is the count
        while head is not None:
            remembered = _CHECKED.get((self.secret, device, bytes(head)))
            if remembered is not None:
                known = remembered
                break
            commit = source[head]
            if not isinstance(commit, Commit) or len(commit.parents) > 1:
                raise InvalidEvent("not a chain of events")
            if longest is None:  # the tip's signature first: a stranger's chain of 300,000 commits was walked whole
                tip_origin = signing.parse_line(self.secret, _lines(source, commit)[-1]).origin
                assert tip_origin is not None
                longest = tip_origin.seq
            if len(commits) >= longest:
                raise InvalidEvent("not a chain of events")
            commits.append(commit)
            head = commit.parents[0] if commit.parents else None
        events = list(known)
        for commit in reversed(commits):
            for text in _lines(source, commit):
                event = signing.parse_line(self.secret, text)
                assert event.origin is not None
                if event.origin.device != device or event.origin.seq != len(events) + 1:
                    raise InvalidEvent("its events are out of order (a replayed or forged event)")
                events.append(event)
        if commits:
            _remember((self.secret, device, bytes(commits[0].id)), events)
        return list(events)

    def chains(self) -> Chains:
        held = Chains()
        for device in sorted(self.tips()):
            try:
                held.events[device] = self.chain(device)
            except (InvalidEvent, KeyError) as error:
                held.refused.append(Worded("{device}: {reason}", device=device[:8], reason=_worded(error)))
        return held

    def recorded(self, device: str) -> int:
        """How many of ``device``'s events its chain holds: the number of the last one at its
        tip (0 for none), read from the tip alone; the chain is checked where it is read."""
        head = self.tips().get(device)
        if head is None:
            return 0
        commit = self.repo[head]
        lines = _lines(self.repo, commit) if isinstance(commit, Commit) else []
        if not lines:
            raise InvalidEvent("not a chain of events")
        origin = signing.parse_line(self.secret, lines[-1]).origin
        assert origin is not None
        return origin.seq

    def record(self, device: str, events: Sequence[Event]) -> None:
        """Add this laptop's new events to its chain (one commit), signed already."""
        if not events:
            return
        blob = Blob.from_string(b"".join(signing.line(e) + b"\n" for e in events))
        tree = Tree()
        tree.add(EVENTS, 0o100644, blob.id)
        ref = Ref(PREFIX + device.encode("ascii"))
        old = self.tips().get(device)
        commit = Commit()
        commit.tree = tree.id
        commit.parents = [old] if old else []
        commit.author = commit.committer = b"Tengen <tengen@hall>"
        commit.author_time = commit.commit_time = int(time.time())
        commit.author_timezone = commit.commit_timezone = 0
        commit.message = f"{len(events)} event(s) of {device}".encode("ascii")
        with writing(self.repo):
            for made in (blob, tree, commit):  # loose (one file each, written whole): a pack per commit
                self.repo.object_store.add_object(made)  # would make every lookup search them all
            moved = set_tip(self.repo, ref, old, commit.id)
        if not moved:
            raise Refused("the hall repository changed under this laptop: try again")

    def take(
        self,
        source: Repo,
        refs: dict[bytes, bytes],
        own: str,
        joining: bool = False,
        names: Mapping[str, str] | None = None,
        peer: bool = False,
    ) -> list[Worded]:
        """Take the chains ``refs`` of ``source`` that verify and extend ours; the others refused,
        named.  This laptop's own chain, where the peer holds more of it or other entries: taken
        by a join (a laptop joining again after its file was lost goes on from its own entries,
        which began anew from the first and were refused by every laptop, what it entered since
        reaching none, the chief's screen saying it was heard: an attack); refused and said
        otherwise (``OwnChainDiffers``) — an entry of the file not yet in the chain (a kill
        between the two writes) would be replaced by the chain's, unsaid (a review)."""
        refused: list[Worded] = []
        advanced: list[str] = []
        differing: list[str] = []
        mine = self.tips()
        for name, sha in sorted(refs.items()):
            if not name.startswith(PREFIX):
                continue
            device = name[len(PREFIX) :].decode("ascii", "replace")
            if mine.get(device) == sha:
                continue
            laptop = (names or {}).get(device) or device[:8]  # named as the header names it (a review read an id)
            try:
                theirs = self.chain(device, sha, source)
                held = self.chain(device) if device in mine else []
            except (InvalidEvent, KeyError, ValueError) as error:
                refused.append(Worded("{device}: {reason}", device=laptop, reason=_worded(error)))
                continue
            if len(theirs) <= len(held) and theirs == held[: len(theirs)]:
                continue  # behind ours: nothing new
            extends = len(theirs) > len(held) and _same_events(theirs, held)
            if device == own and not (extends and joining):
                refused.append(OwnChainDiffers())
                continue
            if not extends:
                refused.append(Worded("{device}: its chain differs from the one held here", device=laptop))
                differing.append(device)
                continue
            moved = set_tip(self.repo, Ref(PREFIX + device.encode("ascii")), mine.get(device), ObjectID(sha))
            if moved and device != own:
                advanced.append(device)
        at = datetime.now(UTC).isoformat(timespec="seconds")
        if peer:  # a stick's chains are as old as their laptops left them: its introductions say when (heard
            self.hear(advanced, at)  # «now», a chief paired unwarned without a stick's laptop's later results)
        if differing and peer:  # a chain a laptop serves now (its own, or one it took) refused here: not a
            # stick's old copy, kept for good (a stick moves forward only) and said long after it was put right
            write_json(self.path, "tengen-diverged.json", self.diverged | dict.fromkeys(differing, at))
        return refused

    def tidy(self) -> None:
        """Pack what accumulated (a commit's loose objects, a fetch's small packs) into one pack
        once there is much of it: a lookup then searches one index, not hundreds."""
        tidy(self.repo)

    # -- the hall's files ------------------------------------------------------------
    @property
    def peers(self) -> list[str]:
        """The addresses to fetch from: every one known, but those that were this laptop
        itself a moment ago."""
        selves = set(self.selves)
        return [p for p in self._known_peers() if p not in selves]

    def _known_peers(self) -> list[str]:
        found = read_json(self.path, "tengen-peers.json", [])
        return [p for p in found if isinstance(p, str)] if isinstance(found, list) else []

    def add_peers(self, addresses: Sequence[str]) -> None:
        """Known from now on: each laptop once (``http://host:port``, whatever path an address
        names), ``PEERS_LIMIT`` at most — a stranger naming fifty paths of its own at each
        sync grew the list to 15,600, past what the file may hold, and the laptop then read
        it as empty and lost the real peers."""
        known = self._known_peers()
        added = [a for a in dict.fromkeys(map(peer_address, addresses)) if a is not None and a not in known]
        if not added:
            return
        proven = self.proven
        while len(known) + len(added) > PEERS_LIMIT:  # room made by those never proven, the oldest first
            unproven = next((a for a in known if a not in proven), None)
            if unproven is None:
                break
            known.remove(unproven)
        write_json(self.path, "tengen-peers.json", (known + added)[:PEERS_LIMIT])

    def next_turn(self) -> int:
        """The turn of this sync among the addresses never proven (``hall.this_turn``), kept in
        the hall's folder: a sync from the command line is a process of its own, and a count
        kept in memory asked the first silent address at every one, never the real laptop after
        it (a review)."""
        found = read_json(self.path, "tengen-turn.json", 0)
        turn = found if isinstance(found, int) and not isinstance(found, bool) and 0 <= found < 10**9 else 0
        with contextlib.suppress(OSError, TournamentFileError):  # a status file unwritten stops no sync
            write_json(self.path, "tengen-turn.json", turn + 1)
        return turn

    @property
    def proven_peers(self) -> list[str]:
        """The peers a laptop tells the others of (``/tengen/peers``): those that proved they
        know the secret — a stranger's silent addresses, told on, held the syncs of helpers
        that listened to no zeroconf at all (an attack)."""
        proven = self.proven
        return [peer for peer in self.peers if peer in proven]

    @property
    def proven(self) -> set[str]:
        """The peers that proved they know the secret, once at least (``prove``): a full list
        makes room with the others — a stranger's 64 zeroconf announcements filled it, and a
        real laptop coming later found no room."""
        found = read_json(self.path, "tengen-proven.json", [])
        return {a for a in found if isinstance(a, str)} if isinstance(found, list) else set()

    def prove(self, address: str) -> None:
        proven, address = self.proven, peer_address(address) or address
        if address not in proven and len(proven) < PEERS_LIMIT:
            write_json(self.path, "tengen-proven.json", sorted(proven | {address}))

    def forget_peer(self, address: str) -> None:
        known = self._known_peers()
        if address in known:
            write_json(self.path, "tengen-peers.json", [a for a in known if a != address])

    def was_self(self, address: str) -> None:
        """``address`` answered with this laptop's own device (another laptop's list named
        it, or this laptop took the port a peer had there): no peer for ``SELF_FOR`` seconds;
        and what was refused of it is no peer's refusal (``reached``): the app's first sync,
        before its server had its address, asked itself and was refused, and a trial's ``hall
        status`` listed the laptop's own address as not answering, for good."""
        found = read_json(self.path, "tengen-selves.json", {})
        kept = {a: t for a, t in found.items() if isinstance(t, (int, float))} if isinstance(found, dict) else {}
        write_json(self.path, "tengen-selves.json", dict(sorted({**kept, address: time.time()}.items())[-20:]))
        self.reached(address)

    @property
    def selves(self) -> list[str]:
        """The addresses that were this laptop itself within the last ``SELF_FOR`` seconds
        (a record of another kind, an older Tengen's list, holds none)."""
        found = read_json(self.path, "tengen-selves.json", {})
        if not isinstance(found, dict):
            return []
        now = time.time()
        return [a for a, t in found.items() if isinstance(t, (int, float)) and 0 <= now - t < SELF_FOR]

    @property
    def heard(self) -> dict[str, str]:
        found = read_json(self.path, "tengen-heard.json", {})
        return {k: v for k, v in found.items() if isinstance(v, str)} if isinstance(found, dict) else {}

    def hear(self, devices: Sequence[str], at: str) -> None:
        heard = self.heard
        heard.update(dict.fromkeys(devices, at))
        write_json(self.path, "tengen-heard.json", heard)

    @property
    def diverged(self) -> dict[str, str]:
        """The laptops whose chain a peer served and was refused as differing from the one held
        here, and when last (``take``): heard, yet none of their entries since reaches this
        laptop — the header said them heard, and a chief paired without their results unwarned
        (an attack).  A stick's copy marks none: it stays there as it was (a review)."""
        found = read_json(self.path, "tengen-diverged.json", {})
        return {k: v for k, v in found.items() if isinstance(v, str)} if isinstance(found, dict) else {}

    @property
    def refused(self) -> list[Worded]:
        """What was refused, the latest last, worded again from its record (so ``hall status``
        says it in the referee's language, whichever language the sync that refused it spoke)."""
        found = read_json(self.path, "tengen-refused.json", [])
        return [_unrecorded(r) for r in found if isinstance(r, (str, dict))] if isinstance(found, list) else []

    def refuse(self, reasons: Sequence[Worded]) -> None:
        """Keep what was refused: the record ``hall status`` shows, the last 50 different ones,
        each as its template and fields — a peer not up yet, refused at every sync two seconds
        apart, filled a trial's list with fifty copies of itself."""
        if reasons:
            latest: dict[str, object] = {}
            for record in reversed([_recorded(r) for r in self.refused + list(reasons)]):
                latest.setdefault(json.dumps(record, sort_keys=True, ensure_ascii=False), record)
            write_json(self.path, "tengen-refused.json", list(reversed(latest.values()))[-50:])

    def reached(self, source: str) -> None:
        """``source`` fetched from again: what was refused of it before is over, and ``hall
        status`` no longer lists it (a trial's listed a peer heard a second ago as «там не
        отвечает ноутбук зала», and the addresses of apps closed long since)."""
        found = read_json(self.path, "tengen-refused.json", [])
        if not isinstance(found, list):
            return
        kept = [r for r in found if not _about(r, source)]
        if len(kept) != len(found):
            write_json(self.path, "tengen-refused.json", kept)


SELF_FOR = 60.0
"""Seconds an address that was this laptop itself is left out of its peers, then asked again:
"never again" left a helper deaf to the chief once, when the helper's app took port 8390 on
the machine whose 8390 the chief had served on (two apps on one laptop; and addresses move
between laptops in a hall's Wi-Fi as they come and go)."""


class OwnChainDiffers(Worded):
    """A peer or a stick holds more entries of this laptop than it holds itself, or other ones:
    its folder put back from an older copy, or another laptop with its id (made from a copy of
    this one's settings).  What it enters reaches no other laptop; a join into a new file takes
    the hall's entries of it back."""

    template = (
        "this laptop's own entries differ from those held there for it (its folder put back from a copy, or "
        "another laptop with its id): what is entered here reaches no other laptop; join the hall again into "
        "a new file and enter anew what was entered here since ({advice})"
    )

    def __init__(self) -> None:
        """The id's file named: two laptops of one id joining again in turn refused each other
        for as long as both entered (a review)."""
        super().__init__(advice=copied_settings())


def _same_events(chain: list[Event], held: list[Event]) -> bool:
    """Whether ``chain`` begins with the events ``held``, line for line: the very events, mostly
    (a chain that extends a checked one is read from it), whose lines need no writing out —
    writing every line of both at each sync cost more than the rest of taking a chain."""
    return all(
        mine is theirs or signing.line(mine) == signing.line(theirs)
        for mine, theirs in zip(chain[: len(held)], held, strict=True)
    )


_CHECKED: dict[tuple[str, str, bytes], list[Event]] = {}
"""Chains checked already, by the secret they were checked with, their device and tip."""


def _remember(key: tuple[str, str, bytes], events: list[Event]) -> None:
    if len(_CHECKED) >= 64:
        _CHECKED.pop(next(iter(_CHECKED)))
    _CHECKED[key] = list(events)


PACKS_BEFORE_TIDYING = 8
LOOSE_BEFORE_TIDYING = 600


def tidy(repo: Repo) -> None:
    """Pack ``repo``'s loose objects and small packs (ours, or a stick's) into one when it holds
    many, leaving its largest pack as it is: a fetch leaves a pack of the few objects it
    brought, and packing the whole hall again every eighth fetch took about a second at 4,000
    events, in the middle of the 2 s cycle.  Everything is packed into one when the rest has
    grown to half the largest (so the packs stay few, and the small one small).  Under the
    guard: two processes tidying at once would each remove what the other is packing."""
    with writing(repo):
        _tidy(repo.object_store)


def _tidy(store: DiskObjectStore) -> None:
    folder = Path(store.path)
    loose = [ObjectID(sha) for sub in folder.iterdir() if len(sub.name) == 2 and sub.is_dir()
             for sha in (os.fsencode(sub.name + name) for name in os.listdir(sub)) if valid_hexsha(sha)]  # fmt: skip
    packs = sorted(store.packs, key=len)
    if len(loose) <= LOOSE_BEFORE_TIDYING and len(packs) <= PACKS_BEFORE_TIDYING:
        return
    rest, largest = packs[:-1], packs[-1] if packs else None
    if largest is None or 2 * (len(loose) + sum(map(len, rest))) >= len(largest):
        store.repack()
        return
    objects = {sha: store[sha] for sha in loose} | {made.id: made for pack in rest for made in pack.iterobjects()}
    packed = store.add_objects([(made, None) for made in objects.values()])
    for sha in loose:
        store.delete_loose_object(sha)
    for pack in rest:
        if packed is None or pack.name() != packed.name():
            data = Path(pack.data.path)
            pack.close()  # its files let go of before they are removed
            data.unlink(missing_ok=True)  # the pack first: an index without its pack is not read
            data.with_suffix(".idx").unlink(missing_ok=True)
    store.packs  # noqa: B018 - the store forgets the packs removed


def _recorded(reason: Worded) -> dict[str, Any]:
    """A refusal as JSON: its template, and its fields (a nested refusal recorded the same way,
    a player named as the boards number him kept so)."""
    fields = {k: _recorded(v) if isinstance(v, Worded) else _player(v) for k, v in reason.fields.items()}
    return {"template": reason.template, "fields": fields}


def _about(record: object, source: str) -> bool:
    """Whether a refusal's record names ``source`` as the peer, the source or the folder (a
    stick's, recorded by its whole path) it was of."""
    fields = record.get("fields") if isinstance(record, dict) else None
    if not isinstance(fields, dict):
        return False
    names = {source} if "://" in source else {source, str(Path(source).expanduser().absolute())}  # as fetched
    return any(fields.get(key) in names for key in ("peer", "source", "folder"))


def _player(value: object) -> str | dict[str, Any]:
    if isinstance(value, Named):
        return {"named": [value.id, value.number, value.name]}
    return str(value)


def _unrecorded(record: str | dict[str, Any]) -> Worded:
    """A refusal read back from its record; a record in English only (kept by an older Tengen,
    or damaged) is said as it stands."""
    template, fields = (record.get("template"), record.get("fields")) if isinstance(record, dict) else (None, None)
    if not isinstance(template, str) or not isinstance(fields, dict):
        return Worded("{reason}", reason=record if isinstance(record, str) else "?")
    values = {str(k): _unrecorded_value(v) for k, v in fields.items()}
    try:
        return Recorded(template, values)
    except (KeyError, IndexError, ValueError):  # a template whose fields do not fit it
        return Worded("{reason}", reason=template)


def _unrecorded_value(value: object) -> object:
    """A field read back: a player named (``_player``), a nested refusal, or its text."""
    named = value.get("named") if isinstance(value, dict) else None
    if isinstance(named, list) and len(named) == 3 and isinstance(named[0], int) and isinstance(named[2], str):
        return Named(named[0], named[1] if isinstance(named[1], int) else None, named[2])
    return _unrecorded(value) if isinstance(value, dict) else str(value)


class Recorded(Worded):
    """A refusal read back from the hall's record of it: its template is the one made where
    it was first raised (a constant there, which the catalogue translates)."""

    def __init__(self, template: str, fields: dict[str, Any]) -> None:
        super().__init__(template, **fields)


def _worded(error: Exception) -> Worded:
    """Why a chain was refused: our own refusal, or the git library's failure on it (a
    missing object, a broken ref), which names a Python class nobody can act on."""
    return error if isinstance(error, Worded) else Worded("its chain is damaged or incomplete")


JSON_LIMIT = 1_000_000
"""A hall's own JSON files (a hundred requests to join, the peers heard from) are kilobytes."""


PEERS_LIMIT = 64
"""Laptops a hall's laptop knows at most: a big event has a chief and five helpers."""


def peer_address(text: str) -> str | None:
    """``text`` as a peer's address, ``http://host:port`` (without its path, its query, a name
    and password), or None where it is none."""
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return None
    name = host_named(parts.hostname)
    host = f"[{name}]" if ":" in name else name
    return f"{parts.scheme}://{host}" + ("" if port is None else f":{port}")


def host_named(host: str) -> str:
    """A host in one spelling: an address as ``ipaddress`` writes it (``127.1``, ``2130706433``,
    ``0x7f000001`` and ``::ffff:127.0.0.1`` are ``127.0.0.1`` — a stranger with the secret
    planted sixty-four spellings of one laptop, each a peer of its own, and the hall's lists
    filled), a name in lower case."""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        try:
            return socket.inet_ntoa(socket.inet_aton(host))  # the spellings C's inet_aton reads
        except OSError:
            return host.lower()
    mapped = address.ipv4_mapped if isinstance(address, ipaddress.IPv6Address) else None
    return str(mapped or address)


_HOST_PORT = re.compile(r"(?:[A-Za-z0-9][A-Za-z0-9.-]*|\[[0-9A-Fa-f:.]+\]):[0-9]{1,5}")


def as_source(text: str) -> str:
    """A source as the referee types it: ``host:port`` (hall.md: peers may be typed so) is the
    laptop ``http://host:port`` — a trial's ``192.0.2.2:8390`` was looked for as a folder —
    unless a folder of that name is there; anything else as it is (a folder, an address)."""
    typed = text.strip()
    if not typed:  # «hall sync ''» (a script's unset variable) made the folder it ran in a stick (an attack)
        raise Refused("an empty name is neither a laptop's address nor a folder")
    if _HOST_PORT.fullmatch(typed) and not Path(typed).expanduser().exists():
        return f"http://{typed}"
    return text


def read_json(folder: Path, name: str, default: Any) -> Any:
    """A JSON file of the hall's folder or of a stick, or ``default`` where it is none: on a
    stick anyone may have put a pipe (it held the sync for ever), a link to ``/dev/zero`` (it
    took 24 GB), or JSON nested deeper than the parser goes there."""
    try:
        return json.loads(read_plain(folder / name, JSON_LIMIT, "a hall's file").decode("utf-8"))
    except (OSError, ValueError, RecursionError, TournamentFileError):
        return default


def write_json(folder: Path, name: str, value: Any) -> None:
    """A status file of the hall's folder, whole or not at all; a writer's temporary file left by
    a ``kill -9`` removed at a later write of it (a trial found two after reopening)."""
    write_output(folder / name, json.dumps(value, ensure_ascii=False).encode("utf-8"))


REQUESTS = "tengen-requests.json"
"""Laptops that asked to join, each ``{"hello": …, "mac": …}``: left on a stick, or sent with
a fetch to a serving laptop, for the chief to enrol."""


def requests(folder: Path) -> list[dict[str, Any]]:
    found = read_json(folder, REQUESTS, [])
    return [r for r in found if isinstance(r, dict)] if isinstance(found, list) else []


def ask(folder: Path, request: dict[str, Any]) -> None:
    """Keep a laptop's request to join: its latest, unless that one names no laptop (a
    serving laptop's introduction before it is enrolled) and an earlier one did."""
    given = request.get("hello")
    hello: dict[str, Any] = given if isinstance(given, dict) else {}
    device = hello.get("device")
    found = requests(folder)
    if request in found:  # asked already (a stick's requests are read again at every sync): nothing to write
        return
    same = [r for r in found if isinstance(r.get("hello"), dict) and r["hello"].get("device") == device]
    if same and not hello.get("name") and any(r["hello"].get("name") for r in same):
        return
    known = [r for r in found if r not in same]
    write_json(folder, REQUESTS, [*known, request][-100:])


PROBE = ".probe-permissions"
"""The file dulwich's ``init_bare`` writes to see whether the disk keeps permissions, and
removes — unless the disk failed it there (a FAT stick's driver refusing ``chmod``, an I/O
error): left alone, it made the stick «neither empty nor a hall's folder» for good (an attack)."""
SKELETON = frozenset({"HEAD", "config", "description", "branches", "hooks", "info", "objects", "refs", PROBE})
"""What dulwich's ``Repo.init_bare`` makes in a folder; an unfinished one may leave any of
them, or its lock ``NAME.lock``, and no other."""
SYSTEM_ENTRIES = frozenset({
    "System Volume Information", "$RECYCLE.BIN", "desktop.ini", "lost+found",
    ".Trashes", ".Spotlight-V100", ".fseventsd", ".DS_Store", ".TemporaryItems",
})  # fmt: skip
"""What operating systems make at the top of a stick: every stick Windows formats has «System
Volume Information», a file deleted on a Linux desktop leaves «.Trash-1000» (also ``of_the_system``)."""


def of_the_system(name: str) -> bool:
    """Whether a stick's entry ``name`` is an operating system's (``SYSTEM_ENTRIES``, a Linux
    desktop's ``.Trash-UID``, macOS's ``._NAME``): nobody's hall, left alone — a stick's top
    folder holding one was refused as «neither empty nor a hall's folder» (an attack)."""
    return name in SYSTEM_ENTRIES or name.startswith((".Trash-", "._"))


def ours_or_nothing(folder: Path) -> bool:
    """Whether ``folder`` may be a hall's stick: a repository (checked whole later), or nothing
    but a repository's skeleton half made, ours beside it and what operating systems leave."""
    if (folder / "HEAD").is_file() and (folder / "objects").is_dir():
        return True
    names = {p.name for p in folder.iterdir() if not of_the_system(p.name)} - {REQUESTS, MAKING, GUARD}
    return {name.removesuffix(".lock") for name in names} <= SKELETON


MAKING = "tengen-making"
"""Left in a folder while a repository is made in it, removed once it is: what tells an
unfinished one of ours from a folder of the user's that has files of the same names."""


def init_bare(folder: Path) -> None:
    """A bare repository made in the existing ``folder`` — or, where that fails (a full disk),
    what it made removed again: a half-made repository refused every later use of the
    folder (a stick) until someone removed it by hand.  Nothing is removed where the mark
    could not be made: it is another's making, or another's repository."""
    (folder / MAKING).touch(exist_ok=False)
    if any(p.name not in (MAKING, REQUESTS, GUARD) and not of_the_system(p.name) for p in folder.iterdir()):  # not
        # ours to make, nor to clean (an operating system's entries at a stick's top stay beside it)
        (folder / MAKING).unlink()
        raise FileExistsError(errno.EEXIST, "a repository or another's files are there already", str(folder))
    try:
        Repo.init_bare(str(folder)).close()
        (folder / "objects" / "pack").mkdir(parents=True, exist_ok=True)
    except BaseException:
        unmake(folder)
        raise
    (folder / MAKING).unlink()


INSIDE = frozenset({"info/exclude", "objects/info", "objects/pack", "refs/heads", "refs/tags"})
"""What ``init_bare`` makes below the skeleton's folders (each empty)."""


def only_created(folder: Path) -> bool:
    """Whether ``folder`` holds what ``HallRepo.create`` makes and nothing else — no chain, no
    file of anyone's, at its top or below: what an init killed before its tournament became a
    hall leaves.  Symbolic links are not followed."""
    made = {*SKELETON, MAKING, SECRET, GUARD}
    if not all(p.name.removesuffix(".lock") in made or p.name.startswith(f".{SECRET}.") for p in folder.iterdir()):
        return False
    for root, folders, files in os.walk(folder):
        below = Path(root).relative_to(folder)
        if below != Path(".") and any((below / name).as_posix() not in INSIDE for name in (*folders, *files)):
            return False
    return True


def half_made(folder: Path) -> bool:
    """Whether ``folder`` holds one of our ``init_bare`` left unfinished (the process killed,
    or the disk full and the cleaning killed too) and nothing else of git's: its skeleton,
    no object and no ref stored — removing that loses nothing.  ``REQUESTS`` (kept on a stick
    beside the repository) may be there too."""
    names = {p.name for p in folder.iterdir() if not of_the_system(p.name)} - {REQUESTS, MAKING, GUARD}
    return (
        (folder / MAKING).is_file()
        and {name.removesuffix(".lock") for name in names} <= SKELETON
        and stores_nothing(folder)
    )


def stores_nothing(folder: Path) -> bool:
    """Whether the repository in ``folder`` holds no object and no ref (symbolic links are
    not followed: what they point to is not the repository's)."""
    return not any(files for kind in ("objects", "refs") for _, _, files in os.walk(folder / kind))


def unmake(folder: Path) -> None:
    """Remove what ``init_bare`` makes in ``folder`` (the folder and anything else in it stay):
    ``HEAD`` first, so that a cleaning killed half-way is never taken for a finished repository,
    and our mark last, only once the rest is gone, so that the next use finishes the cleaning."""
    made = [folder / f"{name}{lock}" for name in ("HEAD", *sorted(SKELETON - {"HEAD"})) for lock in ("", ".lock")]
    for path in made:
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path, ignore_errors=True)
        else:
            path.unlink(missing_ok=True)
    if not any(path.exists() or path.is_symlink() for path in made):
        (folder / MAKING).unlink(missing_ok=True)


def _lines(source: Repo, commit: Commit) -> list[bytes]:
    """The signed event lines one commit of a chain adds: its tree holds the one file of them
    (``record`` writes nothing else) and it adds one at least — InvalidEvent otherwise.  A
    stranger's commit adding none passed every signature check there was, and moved the
    chief's chain onto a tree of its own files (a submodule, 200 MB of anything)."""
    tree = source[commit.tree]
    if not isinstance(tree, Tree) or [(entry.path, entry.mode) for entry in tree.items()] != [(EVENTS, 0o100644)]:
        raise InvalidEvent("not a chain of events")
    blob = source[tree[EVENTS][1]]
    if not isinstance(blob, Blob):
        raise InvalidEvent("not a chain of events")
    lines = blob.as_raw_string().splitlines()
    if not lines:
        raise InvalidEvent("not a chain of events")
    return lines
