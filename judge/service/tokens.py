"""Secrets at rest: tokens and codes are stored as salted SHA-256 digests, never as given.

A token is 32 random bytes (secrets.token_urlsafe) or a hand-given one of 16+ characters: with that
much entropy a fast salted hash is enough (as for API tokens elsewhere), and it lets every request be
checked against every participant in microseconds, where a slow KDF would make a flood of forged
tokens a denial of service. Comparisons are constant-time.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets


def new_token() -> str:
    """A fresh random token (43 URL-safe characters)."""
    return secrets.token_urlsafe(32)


def new_salt() -> str:
    """A fresh random salt, as hex."""
    return secrets.token_hex(16)


def digest(secret: str, salt: str) -> str:
    """The salted digest stored for a secret."""
    return hashlib.sha256(bytes.fromhex(salt) + secret.encode("utf-8", "surrogatepass")).hexdigest()


def matches(secret: str, salt: str, stored: str) -> bool:
    """Whether `secret` is the one whose salted digest is `stored` (constant time)."""
    return hmac.compare_digest(digest(secret, salt), stored)
