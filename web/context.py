"""What a request handler reads of the app it runs in: its table, the host key, the box's address, and
who is asking (the box's own screen, the host). The API and the pages both ask here; it knows neither.
"""

from __future__ import annotations

from flask import current_app, request

from controller.i18n import DEFAULT
from controller.table import HostKey, Table, check_host_key
from web.guards import is_the_box


def box_language() -> str:
    """The box's language (the table page, the host page, the OLED): the host's choice, else the config's."""
    chosen = current_table().snapshot().language
    return str(chosen or current_app.config.get("JACCUSE_LANGUAGE") or DEFAULT)


def current_table() -> Table:
    """The running table the app was made around."""
    running: Table = current_app.config["JACCUSE_TABLE"]
    return running


def host_key_now() -> str | None:
    """The app's host key as it is now (None: no host link)."""
    key = current_app.config["JACCUSE_HOST_KEY"]
    if isinstance(key, HostKey):
        return key.value() or None
    return str(key) if key else None


def host_key_ok(given: str | None) -> bool:
    key = current_app.config["JACCUSE_HOST_KEY"]
    if isinstance(key, HostKey):
        return key.check(given)
    return bool(key) and check_host_key(str(key), given)


def public_base_now() -> str | None:
    """The address phones reach the box at now, without a trailing slash (None: not configured)."""
    base = current_app.config.get("JACCUSE_PUBLIC_BASE")
    if callable(base):
        base = base()
    return str(base).rstrip("/") if base else None


def public_base() -> str:
    """Where phones reach the box now (the join QR codes lead there; it follows the box's LAN address):
    the configured base, else the address this request came in by."""
    return public_base_now() or request.host_url.rstrip("/")


def from_the_box_itself() -> bool:
    """The table page on the box's own screen: a loopback client, or one using an address the box holds."""
    return is_the_box(request.remote_addr, current_app.config.get("JACCUSE_BOX_NAMES"))


def may_see_the_code() -> bool:
    """The box's own screen and the host (its key in the query or a header) may see the join code."""
    key = request.args.get("key") or request.headers.get("X-Host-Key")
    return from_the_box_itself() or host_key_ok(key)
