"""The hall's proofs and session tokens (``data.hall.secret``): what a peer must show, and for how long."""

import json
import time

from data.hall import secret as signing

HERE, THERE = signing.endpoint("192.168.1.5"), signing.endpoint("192.168.1.7")
ASKER = "192.168.1.7"
"""The address a nonce was issued to."""


def test_a_nonce_is_this_laptops_for_its_session_and_no_longer() -> None:
    """A review: the nonces a laptop issued were kept in a table a stranger flooded by asking
    for proofs (no secret needed to ask), dropping a real peer's in the middle of its sync.
    A nonce carries its own time and MAC: nothing is kept, nothing can be flooded.  An attack:
    a nonce of one laptop was good on every laptop of the hall; it is its issuer's alone."""
    secret, other = signing.new_secret(), signing.new_secret()
    issued = signing.nonce(secret, 1_000_000.0, "aaaa", ASKER)
    for _ in range(10_000):  # a stranger asking meanwhile changes nothing
        signing.nonce(secret, 1_000_050.0, "aaaa", ASKER)
    assert signing.fresh(secret, issued, 1_000_000.0, "aaaa", ASKER)
    assert signing.fresh(secret, issued, 1_000_000.0 + signing.SESSION, "aaaa", ASKER)
    assert not signing.fresh(secret, issued, 1_000_000.0 + signing.SESSION + 1, "aaaa", ASKER)  # its session is over
    assert not signing.fresh(secret, issued, 999_999.0, "aaaa", ASKER)  # not issued yet
    assert not signing.fresh(other, issued, 1_000_000.0, "aaaa", ASKER)  # another hall's
    assert not signing.fresh(secret, issued, 1_000_000.0, "bbbb", ASKER)  # another laptop's
    # another machine's: a token overheard on the Wi-Fi copied the whole tournament (an attack)
    assert not signing.fresh(secret, issued, 1_000_000.0, "aaaa", "192.168.1.66")
    stamp, rest = issued.split(".", 1)
    assert not signing.fresh(
        secret, f"{int(stamp, 16) + 100:x}.{rest}", 1_000_100.0, "aaaa", ASKER
    )  # its time moved on
    assert not signing.fresh(secret, "garbage", 1_000_000.0, "aaaa", ASKER) and not signing.fresh(
        secret, "", 0.0, "aaaa", ASKER
    )
    assert len(issued) <= 64 and issued.isascii() and ":" not in issued  # it is the name of HTTP Basic


def test_a_proof_answers_one_challenge_at_one_end_and_a_token_one_nonce() -> None:
    """An attack: a stranger passed a laptop's challenge on to another laptop and handed its
    proof back, and was taken for a laptop of the hall.  The proof is bound to the end of the
    connection the prover was reached at, which the asker checks against the peer it reached."""
    secret = signing.new_secret()
    asked, nonce = signing.challenge(), signing.nonce(secret, 0.0, "aaaa", ASKER)
    proof = signing.proof(secret, asked, nonce, THERE)
    assert signing.proven(secret, asked, nonce, THERE, proof)
    assert not signing.proven(secret, asked, nonce, HERE, proof)  # relayed: the asker reached another end
    assert not signing.proven(secret, signing.challenge(), nonce, THERE, proof)  # replayed for another question
    assert not signing.proven(
        secret, asked, signing.nonce(secret, 0.0, "aaaa", ASKER), THERE, proof
    )  # another session's
    assert not signing.proven(signing.new_secret(), asked, nonce, THERE, proof)
    assert not signing.proven(secret, asked, nonce, THERE, "é" * 64)  # not even ASCII: refused, no error
    assert signing.session_token(secret, nonce) != signing.session_token(
        secret, signing.nonce(secret, 0.0, "aaaa", ASKER)
    )
    assert signing.session_token(secret, nonce) != proof  # one key each: neither stands in for the other


def test_both_ends_of_a_connection_name_it_alike() -> None:
    """The asker's socket names its peer as the prover's names itself: an IPv4 address that came
    in on a dual-stack socket (``::ffff:…``) is the IPv4 one, a link's scope is left out."""
    assert signing.endpoint("::ffff:192.168.1.5") == signing.endpoint("192.168.1.5") == HERE
    assert signing.endpoint("fe80::1%eth0") == signing.endpoint("fe80::1")
    assert signing.endpoint("localhost") != signing.endpoint("127.0.0.1")  # a name is no address


def test_a_line_nested_deeper_than_the_parser_goes_is_no_event() -> None:
    """An attack: a stranger's chain line of ``[`` 100,000 deep raised RecursionError out of the
    sync, and ``hall serve`` died with a traceback on every laptop that fetched from it."""
    import gc

    import pytest

    from schemes.errors import InvalidEvent

    gc.collect()  # what earlier tests left is finalised here, not at the parser's depth (pytest could not report it)
    with pytest.raises(InvalidEvent, match="not an event"):
        signing.parse_line(signing.new_secret(), b"[" * 100_000 + b"]" * 100_000)


def test_a_mac_or_a_number_no_hall_writes_is_no_event_and_no_error() -> None:
    """An attack: a stick's chain line or request with a MAC of «é» crashed every sync and join
    from it (``compare_digest`` raises a TypeError on text that is not ASCII), keeping every
    chain on the stick off every laptop; a ``seq`` of 5,000 digits raised a ValueError."""
    import pytest

    from schemes.errors import InvalidEvent
    from schemes.log.events import Event
    from schemes.state.origin import Origin

    secret = signing.new_secret()
    event = Event(0, "result_recorded", {"round": 1, "board": 1, "code": "B+"}, "2026-12-01T10:00:00+00:00",
                  Origin("a" * 32, 1))  # fmt: skip
    line = signing.line(signing.sign(secret, event))
    assert signing.parse_line(secret, line).data == event.data  # the good one reads
    for mac in ("é" * 64, "\ud800" * 64, ""):
        forged = json.loads(line) | {"mac": mac}
        with pytest.raises(InvalidEvent, match="MAC is wrong"):
            signing.parse_line(secret, json.dumps(forged).encode())
    with pytest.raises(InvalidEvent, match="not an event"):
        signing.parse_line(secret, line.replace(b'"seq":1', b'"seq":' + b"9" * 5000))
    hello = {"device": "a" * 32, "name": "Стол 2"}
    assert signing.check_hello(secret, hello, signing.sign_hello(secret, hello))
    assert not signing.check_hello(secret, hello, "é" * 64) and not signing.check_hello(secret, hello, "\ud800")


def test_a_token_is_let_in_only_from_the_address_that_asked_for_its_nonce() -> None:
    """An attack: the hall speaks plain HTTP, and a token overheard on the Wi-Fi copied the whole
    tournament from another machine within its two minutes."""
    import base64

    from data.hall.serve import _authorised

    secret = signing.new_secret()
    issued = signing.nonce(secret, time.time(), "aaaa", ASKER)
    header = "Basic " + base64.b64encode(f"{issued}:{signing.session_token(secret, issued)}".encode()).decode()
    assert _authorised(secret, "aaaa", header, ASKER)
    assert not _authorised(secret, "aaaa", header, "192.168.1.66")
