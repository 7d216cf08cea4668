"""Players' accounts (:mod:`euchre.clubs.accounts`): names and passwords checked in
words, argon2id hashes, session tokens never stored, failed sign-ins limited."""

from __future__ import annotations

import pytest

from euchre.clubs.accounts import (
    ATTEMPT_WINDOW,
    ATTEMPTS,
    Attempts,
    Passwords,
    check_name,
    check_password,
    new_session,
    session_hash,
)
from euchre.errors import EuchreError


@pytest.mark.parametrize(("name", "kept"), [
    ("Ada", "Ada"), ("  Zoë  O'Neil ", "Zoë O'Neil"), ("太郎", "太郎"), ("Botond", "Botond"),
    ("Zoe\u0308", "Zoë"),  # one spelling of each name, however it was typed
])
def test_a_name_is_kept_as_a_person_wrote_it(name: str, kept: str) -> None:
    assert check_name(name) == kept


@pytest.mark.parametrize(("name", "words"), [
    ("", "1 to 20 characters"), ("x" * 21, "1 to 20 characters"), ("a<b>", "letters, digits"),
    ("bot:expert", "letters, digits"), ("a\u202eb", "letters, digits"), (None, "is text"),
    ("a\x00b", "letters, digits"),
])
def test_a_bad_name_is_refused_in_words(name: object, words: str) -> None:
    with pytest.raises(EuchreError, match=words):
        check_name(name)


@pytest.mark.parametrize(("password", "words"), [
    ("short", "8 to 256 characters"), ("x" * 257, "8 to 256 characters"),
    ("PASSWORD1", "most common"), ("AdaLovelace", "not the name"), (12345678, "is text"),
    ("good one \ud800 here", "valid Unicode"),
])
def test_a_bad_password_is_refused_in_words(password: object, words: str) -> None:
    with pytest.raises(EuchreError, match=words):
        check_password(password, "adalovelace")


def test_a_good_password_is_taken() -> None:
    assert check_password("correct horse battery", "Ada") == "correct horse battery"


def test_passwords_are_argon2id_hashes_checked_in_full() -> None:
    passwords = Passwords(cheap=True)
    stored = passwords.hash("correct horse battery")
    assert stored.startswith("$argon2id$") and "correct" not in stored
    assert passwords.hash("correct horse battery") != stored  # salted
    assert passwords.verify(stored, "correct horse battery")
    for wrong in ("correct horse batter", "Correct horse battery", "", "\ud800"):
        assert not passwords.verify(stored, wrong)
    for broken in ("", "$argon2id$nonsense", "plain text"):
        assert not passwords.verify(broken, "correct horse battery")
    assert not passwords.needs_rehash(stored)


def test_a_hash_of_other_parameters_is_made_again() -> None:
    cheap = Passwords(cheap=True).hash("correct horse battery")
    real = Passwords()
    assert real.verify(cheap, "correct horse battery") and real.needs_rehash(cheap)
    stored = real.hash("correct horse battery")
    assert "m=65536,t=3,p=4" in stored and not real.needs_rehash(stored)


def test_a_session_token_is_never_what_is_stored() -> None:
    tokens = {new_session() for _ in range(100)}
    assert len({t for t, _ in tokens}) == 100
    for token, stored in tokens:
        assert stored == session_hash(token) and token not in stored and len(stored) == 64
    assert len(session_hash("\ud800")) == 64  # any text a cookie brings, never an error


def test_failed_sign_ins_wait_and_a_success_clears_them() -> None:
    now = [1000.0]
    attempts = Attempts(clock=lambda: now[0])
    for _ in range(ATTEMPTS - 1):
        attempts.failed("ada")
        now[0] += 1
    assert attempts.wait("ada") == 0.0
    attempts.failed("ada")
    assert attempts.wait("ada") == pytest.approx(ATTEMPT_WINDOW - (ATTEMPTS - 1))
    assert attempts.wait("127.0.0.1") == 0.0  # each key its own
    now[0] += ATTEMPT_WINDOW
    assert attempts.wait("ada") == 0.0  # the window passed
    for _ in range(ATTEMPTS):
        attempts.failed("bea")
    attempts.succeeded("bea")
    assert attempts.wait("bea") == 0.0


def test_a_flood_of_keys_is_forgotten_not_kept() -> None:
    attempts = Attempts(clock=lambda: 0.0)
    for n in range(100_001):
        attempts.failed(f"name{n}")
    assert len(attempts) <= 100_000
