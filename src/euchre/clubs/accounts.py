"""Players' accounts: names, passwords kept as argon2id hashes, session tokens kept as
their SHA-256, and a limit on sign-in attempts.

Nothing here stores anything: the web room keeps the hashes in its store and the token
in a cookie. What it asks of this module:

- :func:`check_name` and :func:`check_password`: a name or password a person chose,
  taken or refused with one sentence that says why;
- :class:`Passwords`: a password hashed with argon2id (argon2-cffi, the ``clubs``
  extra, at its RFC 9106 low-memory profile), checked against a hash in constant time,
  and whether a hash made with older parameters wants making again;
- :func:`new_session`: a session's token (for the cookie, never stored) and its
  SHA-256 (for the store, which so holds nothing a thief could sign in with);
- :class:`Attempts`: at most :data:`ATTEMPTS` failed sign-ins a name (and an address)
  in :data:`ATTEMPT_WINDOW` seconds, then a wait that says how long.

>>> check_name("  Ada   Lovelace ")
'Ada Lovelace'
>>> token, stored = new_session()
>>> session_hash(token) == stored and len(token) >= 43
True
"""

from __future__ import annotations

import hashlib
import secrets
import time
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from euchre.errors import EuchreError
from euchre.extras import optional_module

__all__ = ["ATTEMPTS", "ATTEMPT_WINDOW", "NAME_LIMIT", "PASSWORD_LIMIT", "PASSWORD_MINIMUM",
           "Attempts", "Passwords", "check_name", "check_password", "new_session",
           "session_hash"]

NAME_LIMIT: Final = 20
PASSWORD_MINIMUM: Final = 8
PASSWORD_LIMIT: Final = 256
"""The longest password taken (argon2 would take more; a limit keeps hashing cheap)."""
ATTEMPTS: Final = 5
ATTEMPT_WINDOW: Final = 900.0
"""Seconds over which failed sign-ins are counted."""

COMMON: Final = frozenset({
    "password", "password1", "12345678", "123456789", "1234567890", "qwertyuiop",
    "qwerty123", "iloveyou", "sunshine", "princess", "football", "baseball", "welcome1",
    "abc12345", "11111111", "00000000", "87654321", "letmein1", "trustno1", "euchre123",
    "euchreeuchre", "passw0rd",
})
"""Passwords too common to take, whatever their length."""


def check_name(name: object) -> str:
    """A player's name as it is kept: one line, spaces run together, 1 to
    :data:`NAME_LIMIT` characters of letters, digits, spaces and ``.-_'`` (so never a
    bot's ``bot:NAME`` at a rated table); else :class:`~euchre.errors.EuchreError` that
    says why."""
    if not isinstance(name, str):
        raise EuchreError("a name is text")
    text = unicodedata.normalize("NFC", " ".join(name.split()))
    if not 1 <= len(text) <= NAME_LIMIT:
        raise EuchreError(f"a name has 1 to {NAME_LIMIT} characters")
    if not all(c.isalnum() or c in " .-_'" for c in text):
        raise EuchreError("a name has letters, digits, spaces and . - _ ' only")
    return text


def check_password(password: object, name: str = "") -> str:
    """``password`` if a person may choose it: :data:`PASSWORD_MINIMUM` to
    :data:`PASSWORD_LIMIT` characters, not the name, not one of the most common ones;
    else :class:`~euchre.errors.EuchreError` that says why."""
    if not isinstance(password, str):
        raise EuchreError("a password is text")
    try:
        password.encode("utf-8")
    except UnicodeEncodeError:
        raise EuchreError("a password is valid Unicode text") from None
    if not PASSWORD_MINIMUM <= len(password) <= PASSWORD_LIMIT:
        raise EuchreError(f"a password has {PASSWORD_MINIMUM} to {PASSWORD_LIMIT} "
                          f"characters")
    if name and password.casefold() == name.casefold():
        raise EuchreError("a password is not the name")
    if password.casefold() in COMMON:
        raise EuchreError("that password is one of the most common: choose another")
    return password


@dataclass
class Passwords:
    """Passwords hashed with argon2id. ``cheap``: the library's cheapest parameters,
    for tests only (a hash then takes microseconds, not tens of milliseconds)."""

    cheap: bool = False
    _hasher: Any = None

    def __post_init__(self) -> None:
        argon2 = optional_module("argon2", "clubs", "players' accounts",
                                 called="argon2-cffi")
        profiles = optional_module("argon2.profiles", "clubs", "players' accounts",
                                   called="argon2-cffi")
        profile = profiles.CHEAPEST if self.cheap else profiles.RFC_9106_LOW_MEMORY
        self._hasher = argon2.PasswordHasher.from_parameters(profile)

    def hash(self, password: str) -> str:
        """``password``'s hash, with its salt and parameters (the PHC string)."""
        return str(self._hasher.hash(_utf8(password)))

    def verify(self, stored: str, password: str) -> bool:
        """Whether ``password`` is the one ``stored`` was made from (a broken hash is no
        match)."""
        exceptions = optional_module("argon2.exceptions", "clubs", "players' accounts",
                                     called="argon2-cffi")
        try:
            return bool(self._hasher.verify(stored, _utf8(password)))
        except (exceptions.VerificationError, exceptions.InvalidHashError):
            return False

    def needs_rehash(self, stored: str) -> bool:
        """Whether ``stored`` was made with other parameters than these (hash the
        password again at its next sign-in)."""
        return bool(self._hasher.check_needs_rehash(stored))


def _utf8(text: str) -> bytes:
    """``text`` as bytes, whatever it holds (a lone surrogate too: it matches nothing
    a person could have chosen, as :func:`check_password` refuses it)."""
    return text.encode("utf-8", errors="surrogatepass")


def new_session() -> tuple[str, str]:
    """A new session: its token (256 random bits, for the cookie) and the token's
    :func:`session_hash` (for the store)."""
    token = secrets.token_urlsafe(32)
    return token, session_hash(token)


def session_hash(token: str) -> str:
    """What the store keeps of a session's token: its SHA-256, in hex."""
    return hashlib.sha256(_utf8(token)).hexdigest()


@dataclass
class Attempts:
    """Failed sign-ins by key (a name, an address): after :data:`ATTEMPTS` in
    :data:`ATTEMPT_WINDOW` seconds, the key waits until the oldest of them is that old.

    >>> now = [0.0]
    >>> attempts = Attempts(clock=lambda: now[0])
    >>> for _ in range(ATTEMPTS):
    ...     attempts.failed("ada")
    >>> attempts.wait("ada"), attempts.wait("bea")
    (900.0, 0.0)
    >>> now[0] = 600.0
    >>> attempts.wait("ada")
    300.0
    """

    limit: int = ATTEMPTS
    window: float = ATTEMPT_WINDOW
    clock: Callable[[], float] = time.monotonic
    _failed: dict[str, list[float]] = field(default_factory=dict)

    def _recent(self, key: str) -> list[float]:
        now = self.clock()
        recent = [t for t in self._failed.get(key, []) if now - t < self.window]
        if recent:
            self._failed[key] = recent
        else:
            self._failed.pop(key, None)
        return recent

    def wait(self, key: str) -> float:
        """Seconds ``key`` must wait before another attempt (0: it may try now)."""
        recent = self._recent(key)
        if len(recent) < self.limit:
            return 0.0
        return max(0.0, recent[-self.limit] + self.window - self.clock())

    def failed(self, key: str) -> None:
        """A failed attempt of ``key``, now."""
        self._recent(key)
        self._failed.setdefault(key, []).append(self.clock())
        if len(self._failed) > 100_000:  # a flood of keys: forget the quietest
            for stale in list(self._failed)[:50_000]:
                del self._failed[stale]

    def __len__(self) -> int:
        """The keys with failures kept."""
        return len(self._failed)

    def succeeded(self, key: str) -> None:
        """A successful sign-in clears ``key``'s failures."""
        self._failed.pop(key, None)
