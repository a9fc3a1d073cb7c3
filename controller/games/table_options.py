"""A game's table options as people name them: each variant on or off (``traitor``), or a list of a
few values (a game's card sets: ``sets=base,advanced``).

The command line (``run --option``), the config file's ``options`` and the journal's comparison of a
kept game with the one asked for all speak in these words: a flag's name, or ``NAME=a,b`` for a list.
The host page's new-game dialog sends them as a JSON object instead (a flag's name -> true or false,
a list's name -> its values). Both reach the game's deal as one dict of deal options (a flag ``True``,
a list its values in the game's own order), which the game's ``check_options`` has the last word on.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class ListOption:
    """A table option that is a list of a few values, each in or out (a game's card sets): the host
    page offers one checkbox per value, with a line on what each brings."""

    #: what the list is, in players' words ("Card sets")
    label: str
    #: each value -> what it brings, in players' words, in the order the game lists them
    values: Mapping[str, str]
    #: the values a deal has when the option is not named
    default: tuple[str, ...]

    def ordered(self, chosen: Sequence[str]) -> list[str]:
        """The chosen values in the game's order."""
        return [v for v in self.values if v in chosen]


def split(word: str) -> tuple[str, list[str] | None]:
    """``"traitor"`` -> ("traitor", None); ``"sets=base,advanced"`` -> ("sets", ["base", "advanced"])."""
    name, eq, rest = word.partition("=")
    if not eq:
        return name.strip(), None
    return name.strip(), [v.strip() for v in rest.split(",") if v.strip()]


def words_problem(title: str, flags: Mapping[str, str], lists: Mapping[str, ListOption],
                  on: Sequence[str]) -> str | None:
    """Why the words ``on`` (``run --option``, the config's ``options``) are not the game's table
    options, or None."""
    seen: set[str] = set()
    for word in on:
        name, values = split(word)
        if name in seen:
            return f"{title}: the option {name!r} is named twice"
        seen.add(name)
        if name in lists:
            if values is None:
                return (f"{title}: the option {name!r} is a list: give it as {name}=a,b"
                        f" (out of {', '.join(lists[name].values)})")
            why = _list_problem(title, name, lists[name], values)
            if why:
                return why
        elif name in flags:
            if values is not None:
                return f"{title}: the option {name!r} is on or off: give it as {name}, without a value"
        else:
            return f"{title} has no option {name!r} (its options: {_known(flags, lists)})"
    return None


def chosen_problem(title: str, flags: Mapping[str, str], lists: Mapping[str, ListOption],
                   chosen: Mapping[str, Any]) -> str | None:
    """Why the host dialog's choice (a flag -> true or false, a list -> its values) is not made of
    the game's table options, or None."""
    for name, value in chosen.items():
        if name in lists:
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                return f"{title}: the option {name!r} is a list of names, not {value!r}"
            why = _list_problem(title, name, lists[name], value)
            if why:
                return why
        elif name in flags:
            if not isinstance(value, bool):
                return f"{title}: the option {name!r} is on or off (true or false), not {value!r}"
        else:
            return f"{title} has no option {name!r} (its options: {_known(flags, lists)})"
    return None


def _list_problem(title: str, name: str, option: ListOption, values: Sequence[str]) -> str | None:
    if not values:
        return f"{title}: the option {name!r} needs at least one of {', '.join(option.values)}"
    unknown = [v for v in values if v not in option.values]
    if unknown:
        return f"{title}: the option {name!r} has no {unknown[0]!r} (out of {', '.join(option.values)})"
    if len(set(values)) != len(values):
        return f"{title}: the option {name!r} names a value twice"
    return None


def _known(flags: Mapping[str, str], lists: Mapping[str, ListOption]) -> str:
    return ", ".join([*flags, *(f"{n}=..." for n in lists)]) or "none"


def deal_options(lists: Mapping[str, ListOption], on: Sequence[str]) -> dict[str, Any]:
    """The deal options the (checked) words ``on`` name: a flag True, a list its values in order."""
    out: dict[str, Any] = {}
    for word in on:
        name, values = split(word)
        out[name] = True if values is None else (lists[name].ordered(values) if name in lists else values)
    return out


def chosen_options(lists: Mapping[str, ListOption], chosen: Mapping[str, Any]) -> dict[str, Any]:
    """The host dialog's (checked) choice as deal options: lists in the game's order."""
    return {name: lists[name].ordered(value) if name in lists else value for name, value in chosen.items()}


def words_of(flags: Mapping[str, str], lists: Mapping[str, ListOption],
             dealt: Mapping[str, Any]) -> tuple[str, ...]:
    """A dealt game's table options in words, sorted by name: each flag that is on, and each list
    that is not its default as ``NAME=a,b`` (so a kept game compares with the words asked for)."""
    out = [name for name in flags if dealt.get(name) is True]
    for name, option in lists.items():
        value = dealt.get(name)
        if isinstance(value, (list, tuple)):
            ordered = option.ordered([str(v) for v in value])
            if ordered != list(option.default):
                out.append(f"{name}={','.join(ordered)}")
    return tuple(sorted(out))


def canonical(flags: Mapping[str, str], lists: Mapping[str, ListOption],
              on: Sequence[str]) -> tuple[str, ...]:
    """The (checked) words ``on`` as ``words_of`` writes a game dealt with them."""
    return words_of(flags, lists, deal_options(lists, on))
