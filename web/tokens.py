"""Where a request's seat token comes from: one rule for the JSON API (Flask) and the live streams."""

from __future__ import annotations

#: the phone page's cookie holding the seat token (for EventSource, which cannot send headers)
COOKIE = "jaccuse_token"


def token_from(authorization: str, cookie: str | None) -> str | None:
    """A seat token from an ``Authorization: Bearer`` header, else from the page's cookie.

    A header with another scheme wins over the cookie and gives no token.
    """
    if authorization:
        scheme, _, value = authorization.partition(" ")
        return value.strip() if scheme.lower() == "bearer" else None
    return cookie
