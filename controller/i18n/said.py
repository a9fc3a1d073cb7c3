"""A line that is English text today and a message in any language tomorrow.

``Said`` is a ``str`` (its English rendering), so everything that stores, compares, journals or prints
the box's lines keeps working byte for byte; beside the text it keeps its catalogue (``domain``: the
shell's "controller" or a game's name), its message id and its parameters. A parameter is a name, a
number, a card as printed, or another ``Said`` (a colour, a list of cards' words) said in the same
language. Placeholders are ``{name}`` in the message id and in every translation.
"""

from __future__ import annotations

from typing import Any


class Said(str):
    """English text that also knows its message: ``Said("<game>", "You gave {n} XP to {who}.", n=1,
    who="Ada")``. With ``plural``, the message has two English forms and ``n`` (a parameter) picks one."""

    domain: str
    msgid: str
    plural: str | None
    params: dict[str, Any]

    def __new__(cls, domain: str, msgid: str, plural: str | None = None, /, **params: Any) -> Said:
        form = msgid if plural is None or params.get("n") == 1 else plural
        text = form.format(**{k: str(v) for k, v in params.items()}) if params else form
        line = super().__new__(cls, text)
        line.domain, line.msgid, line.plural, line.params = domain, msgid, plural, dict(params)
        return line

    def __reduce__(self) -> tuple[Any, ...]:  # a copied or pickled line stays a Said
        return (_rebuild, (self.domain, self.msgid, self.plural, self.params))


def _rebuild(domain: str, msgid: str, plural: str | None, params: dict[str, Any]) -> Said:
    return Said(domain, msgid, plural, **params)


class Sayer:
    """A package's way to write its lines: ``msg = Sayer("<domain>")`` and ``msg_n = msg.n`` once, then
    ``msg("You gave {n} XP.", n=2)`` and ``msg_n("{n} card", "{n} cards", n=k)``. The extractor finds
    ``msg(...)`` and ``msg_n(...)`` calls (docs/i18n.md), so every line written this way is in the
    package's catalogue."""

    def __init__(self, domain: str) -> None:
        self.domain = domain

    def __call__(self, msgid: str, /, **params: Any) -> Said:
        return Said(self.domain, msgid, None, **params)

    def n(self, msgid: str, plural: str, /, **params: Any) -> Said:
        return Said(self.domain, msgid, plural, **params)


def said_json(line: str) -> dict[str, Any] | None:
    """How a page says ``line`` again in its own language: ``{"d": domain, "id": msgid, "p": params}``
    (``"pl"`` the plural form when it has one; a parameter that is itself a ``Said`` is nested the same
    way), or None for a plain string, which every language shows as it is."""
    if not isinstance(line, Said):
        return None
    params: dict[str, Any] = {}
    for key, value in line.params.items():
        params[key] = said_json(value) or value if isinstance(value, Said) else value
    out: dict[str, Any] = {"d": line.domain, "id": line.msgid, "p": params}
    if line.plural is not None:
        out["pl"] = line.plural
    return out
