"""The hall's secret and what it signs.

The chief's laptop draws the secret once (``hall init``); a helper types it (or scans its QR
code) to join.  Every event carries an HMAC-SHA256 under it, so an event is accepted only
from a laptop that knows the secret, and a peer lets a laptop fetch only with a token
derived from it (the secret itself never travels)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import ipaddress
import json
import secrets
from typing import Any

from schemes.errors import InvalidEvent
from schemes.log import events as ev
from schemes.log.events import Event
from schemes.state.origin import Origin

GROUP = 4


def new_secret() -> str:
    """128 random bits as 26 letters and digits in groups of four (no 0/O or 1/I to confuse)."""
    text = base64.b32encode(secrets.token_bytes(16)).decode().rstrip("=")
    return "-".join(text[i : i + GROUP] for i in range(0, len(text), GROUP))


def normal(secret: str) -> str:
    """The secret as typed, without blanks, dashes or case (what a helper types is accepted
    however he groups it); InvalidEvent when it cannot be one."""
    text = "".join(c for c in secret.upper() if c not in " -\t")
    if len(text) != 26 or any(c not in "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567" for c in text):
        raise InvalidEvent("the hall's secret is 26 letters and digits (as tengen hall init printed it)")
    return text


def _key(secret: str, purpose: bytes) -> bytes:
    return hmac.new(normal(secret).encode(), purpose, hashlib.sha256).digest()


def challenge() -> str:
    """What a laptop asks a peer to prove it knows the secret with, before it shows the peer
    anything: a stranger announcing the hall's id, or answering at a gone laptop's address,
    was sent the fetch token and read every player's private details."""
    return secrets.token_hex(32)


def endpoint(host: str) -> str:
    """The machine at one end of a TCP connection, as both ends name it: the address the asker
    reached (its socket's peer) is the one the prover was reached at (its socket's own), an
    IPv4 address that came in on an IPv6 socket (``::ffff:…``) written as the IPv4 one, a
    link's scope left out.  The address, not the port: a laptop reached through a redirect on
    itself (port 80 to 8390) is that laptop; a stranger relaying the question is another
    machine.  A name that is no address (a Unix socket) is kept as it is, and matches no asker."""
    try:
        address = ipaddress.ip_address(host.split("%", 1)[0])
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return str(address)


def proof(secret: str, challenge: str, nonce: str, reached: str) -> str:
    """A peer's answer to ``challenge``: its knowledge of the secret, bound to the ``nonce``
    it gives the asker for this session and to the end of the connection it was ``reached`` at
    (``endpoint``).  Without that, a stranger asked for a proof passed the question on to a real
    laptop and handed its answer back: the asker took the stranger for a laptop of the hall
    and gave it a fetch token, and the stranger read the whole hall (an attack)."""
    text = f"{challenge}|{nonce}|{reached}".encode("ascii", "replace")
    return hmac.new(_key(secret, b"tengen-server"), text, hashlib.sha256).hexdigest()


def proven(secret: str, challenge: str, nonce: str, reached: str, answer: str) -> bool:
    """Whether ``answer`` is the proof of the laptop at the end ``reached`` (``endpoint``: the
    asker's connection's peer, not an address a relay could name)."""
    return same_mac(proof(secret, challenge, nonce, reached), answer)


def same_mac(expected: str, given: str) -> bool:
    """Whether ``given`` (from outside) is the MAC ``expected``, in constant time: a MAC of
    anything but ASCII is not one (``compare_digest`` raised a TypeError on text that is not
    ASCII, which crashed every sync from a stick holding one, a hello among them: an attack)."""
    return hmac.compare_digest(expected.encode("ascii"), given.encode("ascii", "replace"))


def nonce(secret: str, now: float, device: str, client: str) -> str:
    """A nonce the laptop ``device`` issues with its proof to the address ``client``: when,
    something random, and its own MAC of the two, of itself and of the asker — checked again
    from itself alone (``fresh``).  A table of the nonces issued, kept until they expired, was
    flooded by strangers asking for proofs (no secret needed to ask) and dropped a real peer's
    nonce in the middle of its sync."""
    issued = f"{int(now):x}.{secrets.token_hex(8)}"
    return f"{issued}.{_nonce_mac(secret, issued, device, client)}"


def fresh(secret: str, nonce: str, now: float, device: str, client: str) -> bool:
    """Whether ``nonce`` is one the laptop ``device`` issued (``nonce``) to the address
    ``client``, ``SESSION`` seconds ago at most: a token made with another laptop's nonce is
    good there only (it was good on every laptop of the hall), and only from the address that
    asked for it — one overheard on the Wi-Fi copied the whole tournament from another machine
    (an attack: the hall speaks plain HTTP)."""
    issued, _, mac = nonce.rpartition(".")
    try:
        at = int(issued.partition(".")[0], 16)
    except ValueError:
        return False
    expected = _nonce_mac(secret, issued, device, client)
    return same_mac(expected, mac) and 0 <= now - at <= SESSION


def _nonce_mac(secret: str, issued: str, device: str, client: str) -> str:
    text = f"{device}|{issued}|{client}".encode("ascii", "replace")
    return hmac.new(_key(secret, b"tengen-nonce"), text, hashlib.sha256).hexdigest()[:32]


def session_token(secret: str, nonce: str) -> str:
    """What a laptop shows a peer to fetch from it: bound to the ``nonce`` the peer issued a
    moment ago (``SESSION``), so a token seen on the Wi-Fi is worth nothing a little later."""
    return hmac.new(_key(secret, b"tengen-fetch"), nonce.encode("ascii"), hashlib.sha256).hexdigest()


SESSION = 120.0
"""Seconds a peer's nonce, and the token made with it, is good for: a sync takes a few."""


def canonical(event: Event) -> dict[str, Any]:
    """The event as the hall keeps and signs it: the same on every laptop, whatever place it
    takes in each one's log (a retraction names its event by device and seq)."""
    origin = event.origin
    assert origin is not None
    data = {} if event.kind == ev.RETRACTED else dict(event.data)
    doc: dict[str, Any] = {"device": origin.device, "seq": origin.seq, "seen": dict(origin.seen), "kind": event.kind,
                           "at": event.at, "data": data}  # fmt: skip
    if origin.target is not None:
        doc["target"] = list(origin.target)
    return doc


def _signed_bytes(doc: dict[str, Any]) -> bytes:
    return json.dumps(doc, sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def sign(secret: str, event: Event) -> Event:
    """The event with its MAC."""
    origin = event.origin
    assert origin is not None
    mac = hmac.new(_key(secret, b"tengen-event"), _signed_bytes(canonical(event)), hashlib.sha256).hexdigest()
    return Event(event.id, event.kind, event.data, event.at, Origin(origin.device, origin.seq, origin.seen, mac,
                                                                      origin.target))  # fmt: skip


def line(event: Event) -> bytes:
    """The event as one line of its laptop's chain in the hall repository."""
    assert event.origin is not None
    return _signed_bytes({**canonical(event), "mac": event.origin.mac})


def parse_line(secret: str, text: bytes) -> Event:
    """An event of a chain, checked: its shape, and its MAC under the secret; InvalidEvent
    when it is not one of the hall's (a stranger's, or damaged)."""
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError):  # a stranger's line nested 100,000 deep, a number of 5,000 digits
        raise InvalidEvent("not an event") from None
    if not isinstance(doc, dict) or not isinstance(doc.get("mac"), str):
        raise InvalidEvent("not an event")
    mac = doc.pop("mac")
    hall = {"device": doc.get("device"), "seq": doc.get("seq"), "seen": doc.get("seen", {}), "mac": mac}
    if "target" in doc:
        hall["target"] = doc["target"]
    data = dict(doc.get("data") or {}) if isinstance(doc.get("data"), dict) else doc.get("data")
    if doc.get("kind") == ev.RETRACTED and isinstance(data, dict) and not data:
        data = {"event": 1}  # its number is the place its target takes in the log
    event = Event.from_json(0, {"kind": doc.get("kind"), "at": doc.get("at", ""), "data": data, "hall": hall})
    expected = hmac.new(_key(secret, b"tengen-event"), _signed_bytes(doc), hashlib.sha256).hexdigest()
    if not same_mac(expected, mac) or _signed_bytes(canonical(event)) != _signed_bytes(doc):
        raise InvalidEvent("its MAC is wrong: not signed with the hall's secret")
    return event


def sign_hello(secret: str, hello: dict[str, Any]) -> str:
    """A laptop's introduction to a peer (its device, name and address), signed."""
    return hmac.new(_key(secret, b"tengen-hello"), _signed_bytes(hello), hashlib.sha256).hexdigest()


def check_hello(secret: str, hello: object, mac: str) -> bool:
    return isinstance(hello, dict) and same_mac(sign_hello(secret, hello), mac)
