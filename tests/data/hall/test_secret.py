"""The hall's proofs and session tokens (``data.hall.secret``): what a peer must show, and for how long."""

from data.hall import secret as signing


def test_a_nonce_is_this_halls_for_its_session_and_no_longer() -> None:
    """A review: the nonces a laptop issued were kept in a table a stranger flooded by asking
    for proofs (no secret needed to ask), dropping a real peer's in the middle of its sync.
    A nonce carries its own time and MAC: nothing is kept, nothing can be flooded."""
    secret, other = signing.new_secret(), signing.new_secret()
    issued = signing.nonce(secret, 1_000_000.0)
    for _ in range(10_000):  # a stranger asking meanwhile changes nothing
        signing.nonce(secret, 1_000_050.0)
    assert signing.fresh(secret, issued, 1_000_000.0) and signing.fresh(secret, issued, 1_000_000.0 + signing.SESSION)
    assert not signing.fresh(secret, issued, 1_000_000.0 + signing.SESSION + 1)  # its session is over
    assert not signing.fresh(secret, issued, 999_999.0)  # not issued yet
    assert not signing.fresh(other, issued, 1_000_000.0)  # another hall's
    stamp, rest = issued.split(".", 1)
    assert not signing.fresh(secret, f"{int(stamp, 16) + 100:x}.{rest}", 1_000_100.0)  # its time moved on: forged
    assert not signing.fresh(secret, "garbage", 1_000_000.0) and not signing.fresh(secret, "", 1_000_000.0)
    assert len(issued) <= 64 and issued.isascii() and ":" not in issued  # it is the name of HTTP Basic


def test_a_proof_answers_one_challenge_and_a_token_one_nonce() -> None:
    secret = signing.new_secret()
    asked, nonce = signing.challenge(), signing.nonce(secret, 0.0)
    proof = signing.proof(secret, asked, nonce)
    assert signing.proven(secret, asked, nonce, proof)
    assert not signing.proven(secret, signing.challenge(), nonce, proof)  # replayed for another question
    assert not signing.proven(secret, asked, signing.nonce(secret, 0.0), proof)  # another session's
    assert not signing.proven(signing.new_secret(), asked, nonce, proof)
    assert not signing.proven(secret, asked, nonce, "é" * 64)  # not even ASCII: refused, no error
    assert signing.session_token(secret, nonce) != signing.session_token(secret, signing.nonce(secret, 0.0))
    assert signing.session_token(secret, nonce) != proof  # one key each: neither stands in for the other
