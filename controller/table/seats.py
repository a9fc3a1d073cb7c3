"""Who holds which seat: joining, releasing, renaming, the bots' seats and the host's seat rules.

A :class:`Seats` is the table loop thread's alone (built before the loop starts): a phone taking a
seat, a seat released or handed to a bot or to a person, a name, the join code, the seat lock and the
host's "more than one seat per device" switch. Each change is journaled first (in the same transaction
as the clock rows it causes: the opening round waits for every seat), then made here, then published
by the loop. What a name or a code may be is :mod:`controller.table.seating`'s to say.

The journal's settings rows kept here: ``name:S``, ``device:S`` (the address a phone joined from),
``human:S`` (a bot's seat the host handed to a person), ``bots`` (the seats the bots play),
``join_code``, ``seats_locked``, ``multi_seat`` and ``play_again`` (the ready check of a finished game).
"""

from __future__ import annotations

import secrets
import sys
import time
from collections.abc import Callable, Mapping
from typing import Final, Protocol

from controller.table import evening, seating, wording
from controller.table.command import DONE, UNKNOWN_SEAT, Outcome, is_seat
from controller.table.dealt import Dealt
from controller.table.journal import Journal
from controller.table.shotclock import ShotClock

#: the journal's setting that lists the seats the bots play ("3,4"; "" for none)
BOTS_KEY: Final = "bots"
#: the journal's setting of who takes the seats a bigger deal adds (the host's last choice), one of NEW_SEATS
NEW_SEATS_KEY: Final = "new_seats"
NEW_SEATS: Final = ("bots", "free")
#: the journal's setting that keeps the "play again" ready check: ``GAME:SEATS`` ("3:0,2"), the number
#: of the game it was asked in first, so a check of an earlier game never carries over
READY_KEY: Final = "play_again"

Holders = dict[int, tuple[str, str]]  # seat -> (token hash, "phone" or "bot"); a free seat is absent
Rows = dict[str, str | None]  # journal settings rows (None deletes one)


def last_seats(count: int, players: int) -> frozenset[int]:
    """The seats ``count`` bots play: the last ones of the table."""
    count = max(0, min(count, players))
    return frozenset(range(players - count, players))


def seats_value(seats: frozenset[int] | set[int]) -> str:
    return ",".join(str(s) for s in sorted(seats))


def recorded_bots(settings: Mapping[str, str], players: int) -> frozenset[int] | None:
    """The bot seats the journal recorded, or None for a journal from before they were recorded."""
    if BOTS_KEY not in settings:
        return None
    parts = [p for p in settings[BOTS_KEY].split(",") if p.strip().isdigit()]
    return frozenset(int(p) for p in parts if int(p) < players)


def recorded_ready(settings: Mapping[str, str], game: int) -> set[int]:
    """The seats the journal says asked to play again at the end of game number ``game``."""
    asked_in, _, seats = settings.get(READY_KEY, "").partition(":")
    if asked_in != str(game):
        return set()
    return {int(p) for p in seats.split(",") if p.strip().isdigit()}


def seat_list(seats: frozenset[int]) -> str:
    """Seats in words: "no seat", "seat 3", "seats 3, 4"."""
    if not seats:
        return "no seat"
    return ("seat " if len(seats) == 1 else "seats ") + ", ".join(str(s) for s in sorted(seats))


class SeatsLoop(Protocol):
    """What the seats need of the table loop: the game dealt, the clock, the journal, and its
    journal-then-publish steps."""

    dealt: Dealt
    clock: ShotClock
    journal: Journal

    def save(self, write: Callable[[], object], what: str) -> Outcome | None: ...

    def publish(self) -> None: ...

    def deal_again(self) -> Outcome: ...


class Seats:
    """Who holds each seat and what the table knows of it. Loop thread only."""

    def __init__(
        self,
        loop: SeatsLoop,
        holders: Holders,
        settings: Mapping[str, str],
        configured_bots: int,
    ) -> None:
        self._loop = loop
        self.players = players = loop.dealt.players
        self.holders: Holders = dict(holders)
        self.names = seating.names_from_settings(settings, players)
        # seat -> the address its phone joined from (one device, one seat)
        self.devices: dict[int, str | None] = {
            s: settings.get(f"device:{s}") for s in range(players) if settings.get(f"device:{s}")
        }
        self.handed = frozenset(s for s in range(players) if settings.get(f"human:{s}") == "1")
        recorded = recorded_bots(settings, players)
        self.bots = last_seats(configured_bots, players) - self.handed if recorded is None else recorded
        self.released: frozenset[int] = frozenset()  # seats the host released during this game
        self.join_code: str | None = settings.get("join_code") or None
        self.locked = settings.get("seats_locked") == "1"
        self.multi_seat = settings.get("multi_seat") == "1"  # the host lets one device take more seats
        # the box's language as the host chose it (None: the config's): the table page, host page, OLED
        self.language: str | None = settings.get("language") or None
        self.claims = 0  # rises whenever a seat is claimed or released (a token starts or stops working)
        # seats that asked to play again once the game is over (journaled: a restart keeps the ready check)
        over = loop.dealt.state.over
        self.ready: set[int] = recorded_ready(settings, loop.dealt.number) if over else set()
        self.ready &= set(self.phones())
        # who takes the seats a bigger deal adds: the host's last choice (journaled), else see new_seats
        chosen = settings.get(NEW_SEATS_KEY)
        self.new_seats_chosen = chosen if chosen in NEW_SEATS else None

    # ------------------------------------------------------------------ reading
    def kind(self, seat: int) -> str:
        """Who holds ``seat``: "phone", "bot", or "" when it is free."""
        return self.holders.get(seat, ("", ""))[1]

    def is_bot(self, seat: int) -> bool:
        return self.kind(seat) == "bot"

    def phones(self) -> list[int]:
        """The seats people hold, in order."""
        return sorted(s for s, (_, kind) in self.holders.items() if kind == "phone")

    def all_seated(self, holders: Holders | None = None) -> bool:
        return len(self.holders if holders is None else holders) >= self.players

    def hashes(self) -> tuple[tuple[int, str], ...]:
        """(seat, token hash) of every seat a phone holds: what a token is checked against."""
        return tuple((s, h) for s, (h, kind) in sorted(self.holders.items()) if kind == "phone" and h)

    def claimed(self) -> tuple[str | None, ...]:
        """Per seat: None, "phone" or "bot"."""
        return tuple(self.holders.get(s, (None, None))[1] for s in range(self.players))

    def labels(self) -> list[str | None]:
        return seating.labels(self.names)

    def new_seats(self) -> str:
        """Who takes the seats a bigger deal adds: the host's last choice, else bots where bots play
        (a box started with ``--bots`` grows with bots, not with seats the game would wait for)."""
        if self.new_seats_chosen is not None:
            return self.new_seats_chosen
        return "bots" if self.bots else "free"

    def all_ready(self, also: int | None = None) -> bool:
        """Every seat a person holds asked to play again (bots always agree), counting ``also`` as asked."""
        return all(s in self.ready or s == also for s in self.phones())

    def ready_value(self, seats: set[int]) -> str | None:
        """The journal's ``play_again`` row for these ready seats: the game it belongs to, then the seats."""
        return f"{self._loop.dealt.number}:{seats_value(seats)}" if seats else None

    def clock_rows(self, holders: Holders) -> Rows:
        """The clock's journal rows should the seats become ``holders``."""
        return self._loop.clock.for_seating(self._loop.dealt.state, self.all_seated(holders), time.time())

    # ------------------------------------------------------------------ names
    def bot_names(self, seats: frozenset[int]) -> Rows:
        """Journal rows naming the bots of ``seats`` that have no name yet (each a different name)."""
        names = list(self.names)
        rows: Rows = {}
        for seat in sorted(seats):
            if not names[seat]:
                names[seat] = evening.bot_name(seat, names)
                rows[f"name:{seat}"] = names[seat]
        return rows

    def new_bot_name(self, seat: int) -> str:
        """A bot name for ``seat`` that no other seat uses (whatever the seat is called now)."""
        return evening.bot_name(seat, [n for s, n in enumerate(self.names) if s != seat])

    def follow(self, rows: Rows) -> None:
        """Take the names and seat rules of journal rows just written."""
        for key, value in rows.items():
            if key.startswith("name:"):
                self.names[int(key[5:])] = value
        if "join_code" in rows:
            self.join_code = rows["join_code"]
        if "seats_locked" in rows:
            self.locked = rows["seats_locked"] == "1"
        if "multi_seat" in rows:
            self.multi_seat = rows["multi_seat"] == "1"
        if "language" in rows:
            self.language = rows["language"] or None

    # ------------------------------------------------------------------ the bots' seats at start
    def seat_bots(self, from_flag: bool, count: int, asked: bool) -> None:
        """Seat the bots. Their seats are journaled (``bots``), so a restart without ``--bots`` keeps
        them; ``from_flag`` (an explicit ``--bots``, or a journal from before bots were recorded) takes
        the configured ``count`` instead and records it. A seat a phone holds is never a bot's.
        """
        recorded = self.bots
        if from_flag:
            self.bots = last_seats(count, self.players) - self.handed
        self.bots = frozenset(s for s in self.bots if self.kind(s) != "phone")
        for seat in self.bots:
            self.holders[seat] = ("", "bot")
        rows = self.bot_names(self.bots)
        if from_flag:
            if asked and recorded != self.bots:
                print(f"--bots {count}: the bots play {seat_list(self.bots)} (the journal had "
                      f"{seat_list(recorded)})", file=sys.stderr, flush=True)
            rows[BOTS_KEY] = seats_value(self.bots)
        if rows and self._loop.save(lambda: self._loop.journal.set_settings(rows), "the bots") is None:
            self.follow(rows)
        self._loop.publish()

    # ------------------------------------------------------------------ a phone's commands
    def join(
        self, seat: int, name: object = None, code: object = None, device: seating.Device | None = None
    ) -> Outcome:
        """A phone takes a free seat (see ``Table.join``)."""
        if not 0 <= seat < self.players:
            return UNKNOWN_SEAT
        try:
            clean = seating.clean_name(name)
            seating.check_distinct(clean, self.names, seat, self._loop.dealt.name)
        except seating.BadName as exc:
            return Outcome.refused(400, "bad_name", str(exc))
        if seat in self.holders:
            what = "a bot plays it" if self.is_bot(seat) else "someone already sits there"
            return Outcome.refused(409, "seat_taken", f"this seat is taken: {what}")
        if self.locked:
            return Outcome.refused(403, "seats_locked", "the host has locked the seats; ask them to unlock")
        if self.join_code and not seating.code_matches(self.join_code, code):
            wrong = "the join code is wrong" if code else "this table needs the join code"
            return Outcome.refused(403, "join_code", f"{wrong}: it is on the box's display")
        held = None if device is None or self.multi_seat else self.held_by(device)
        if held is not None:
            return Outcome.refused(409, "one_seat_per_device",
                                   f"this device already holds seat {held}; one device, one seat "
                                   "(the host can allow more)")
        token = secrets.token_urlsafe(32)
        token_hash = seating.hash_token(token)
        rows = {f"name:{seat}": clean, f"device:{seat}": device.address if device else None,
                **self.clock_rows({**self.holders, seat: (token_hash, "phone")})}
        refused = self._loop.save(lambda: self._loop.journal.claim_seat(seat, token_hash, "phone", rows),
                                  "the seat")
        if refused is not None:
            return refused
        self.holders[seat] = (token_hash, "phone")
        self.claims += 1
        self.names[seat] = clean
        self.devices[seat] = device.address if device else None
        if seat in self.released:
            line = wording.retaken_line(seat, seating.isolate(clean) if clean else None)
            self._loop.dealt.chronicle.say(self._loop.dealt.state.version, line)
        self._loop.clock.follow(rows)
        self._loop.publish()
        return Outcome(ok=True, data={"seat": seat, "token": token, "name": clean})

    def held_by(self, device: seating.Device) -> int | None:
        """The seat a device holds already: the one its token opens, else one taken from its address."""
        if device.seat is not None and self.kind(device.seat) == "phone":
            return device.seat
        for seat, address in self.devices.items():
            if address and address == device.address and self.kind(seat) == "phone":
                return seat
        return None

    def rename(self, seat: int, name: object) -> Outcome:
        """A seated phone's new name."""
        if self.kind(seat) != "phone":
            return Outcome.refused(409, "seat_free", "only a seated phone can change its name")
        try:
            clean = seating.clean_name(name)
            seating.check_distinct(clean, self.names, seat, self._loop.dealt.name)
        except seating.BadName as exc:
            return Outcome.refused(400, "bad_name", str(exc))
        rows = {f"name:{seat}": clean}
        refused = self._loop.save(lambda: self._loop.journal.set_settings(rows), "the name")
        if refused is not None:
            return refused
        self.names[seat] = clean
        self._loop.publish()
        return Outcome(ok=True, data={"seat": seat, "name": clean})

    # ------------------------------------------------------------------ releasing, bots and people
    def release(self, seat: int, to_bot: bool = False) -> Outcome:
        """Free a phone's seat (its token stops working); ``to_bot``: the bot plays it from now on."""
        if not 0 <= seat < self.players:
            return UNKNOWN_SEAT
        if seat not in self.holders or self.is_bot(seat):
            return Outcome.refused(409, "seat_free", "this seat is not held by a phone")
        after = {s: v for s, v in self.holders.items() if s != seat}
        rows: Rows = {f"name:{seat}": None}
        if to_bot:
            after[seat] = ("", "bot")
            rows.update({BOTS_KEY: seats_value(self.bots | {seat}), f"human:{seat}": None,
                         f"name:{seat}": self.new_bot_name(seat)})
        rows[f"device:{seat}"] = None
        rows.update(self.clock_rows(after))
        if seat in self.ready:
            rows[READY_KEY] = self.ready_value(self.ready - {seat})
        refused = self._loop.save(lambda: self._loop.journal.release_seat(seat, rows), "the change")
        if refused is not None:
            return refused
        name = self.names[seat]
        self.holders = after
        self.claims += 1
        self.names[seat] = rows[f"name:{seat}"]
        self.devices.pop(seat, None)
        self.released = self.released | {seat}
        self.ready.discard(seat)
        if to_bot:
            self.bots = self.bots | {seat}
            self.handed = self.handed - {seat}
        # a release (and a take-over after it) is never silent: the host could otherwise read a hand
        dealt = self._loop.dealt
        dealt.chronicle.say(dealt.state.version,
                            wording.released_line(seat, seating.isolate(name) if name else None, to_bot))
        self._loop.clock.follow(rows)
        if self.ready and dealt.state.over and self.all_ready():
            return self._loop.deal_again()  # the seat everyone waited for to agree has left
        self._loop.publish()
        return Outcome(ok=True, data={"seat": seat})

    def to_bot(self, seat: object) -> Outcome:
        """The host gives a seat to the bot: a free seat at once, a phone's seat released first (one
        transaction), so removing a player is one step whatever the seat held."""
        if not is_seat(seat, self.players):
            return UNKNOWN_SEAT
        if self.is_bot(seat):
            return Outcome.refused(409, "already_a_bot", "a bot already plays this seat")
        if seat in self.holders:
            return self.release(seat, to_bot=True)
        after = {**self.holders, seat: ("", "bot")}
        rows = {BOTS_KEY: seats_value(self.bots | {seat}), f"human:{seat}": None,
                f"name:{seat}": self.new_bot_name(seat), **self.clock_rows(after)}
        refused = self._loop.save(lambda: self._loop.journal.set_settings(rows), "the change")
        if refused is not None:
            return refused
        self.holders = after
        self.bots = self.bots | {seat}
        self.handed = self.handed - {seat}
        self.names[seat] = rows[f"name:{seat}"]
        self.claims += 1
        self._loop.clock.follow(rows)
        self._loop.publish()
        return Outcome(ok=True, data={"seat": seat, "join_code": self.join_code, "locked": self.locked,
                                      "clock": self._loop.clock.seconds})

    def hand_over_rows(self, seat: object) -> Rows | Outcome:
        """The journal rows that free a bot's seat for a person, or the refusal."""
        if not is_seat(seat, self.players):
            return UNKNOWN_SEAT
        if not self.is_bot(seat):
            return Outcome.refused(409, "not_a_bot", "only a seat a bot plays can be handed to a person")
        after = {s: v for s, v in self.holders.items() if s != seat}
        return {f"human:{seat}": "1", BOTS_KEY: seats_value(self.bots - {seat}), f"name:{seat}": None,
                **self.clock_rows(after)}

    def handed_over(self, seat: int) -> None:
        """The rows of :meth:`hand_over_rows` are journaled: the seat is free for a person."""
        del self.holders[seat]
        self.handed = self.handed | {seat}
        self.bots = self.bots - {seat}
        self.claims += 1

    def bot_name_rows(self, seat: object, name: object) -> Rows | Outcome:
        """The journal rows of the host's name for a bot (blank: a new bot name), or the refusal."""
        if not is_seat(seat, self.players):
            return UNKNOWN_SEAT
        if not self.is_bot(seat):
            return Outcome.refused(409, "not_a_bot", "only a bot's name is the host's to change")
        try:
            clean = seating.clean_name(name)
        except seating.BadName as exc:
            return Outcome.refused(400, "bad_name", str(exc))
        return {f"name:{seat}": clean or self.new_bot_name(seat)}

    def ask_to_play_again(self, seat: int) -> Outcome:
        """Journal that ``seat`` agreed to another game (the game is over, the seat a person's)."""
        if seat not in self.ready:
            # acknowledged only once it is journaled, like every action: a restart keeps who agreed
            rows = {READY_KEY: self.ready_value(self.ready | {seat})}
            refused = self._loop.save(lambda: self._loop.journal.set_settings(rows), "the change")
            if refused is not None:
                return refused
            self.ready.add(seat)
        self._loop.publish()
        return DONE

    # ------------------------------------------------------------------ a new deal
    def redeal(
        self, players: int, grow: str, new_seats: str | None
    ) -> tuple[Rows, frozenset[int], frozenset[int]]:
        """The seats of a deal of ``players``: the journal rows that say them, the seats the deal opens,
        and those of them the bots take (``grow``: "bots" or "free"). Nothing changes here until
        :meth:`dealt_again` is called with them, once the deal is journaled."""
        opened = frozenset(range(self.players, players))
        added = opened if grow == "bots" else frozenset()
        bots = frozenset(s for s in self.bots if s < players) | added
        rows: Rows = {BOTS_KEY: seats_value(bots), READY_KEY: None}  # the ready check was this game's
        if new_seats is not None:
            rows[NEW_SEATS_KEY] = new_seats
        for seat in range(players, self.players):  # the names, hand-overs and bots of seats that are gone
            rows.update({f"name:{seat}": None, f"human:{seat}": None, f"device:{seat}": None,
                         f"bot_level:{seat}": None})
        names = (self.names + [None] * players)[:players]
        for seat in sorted(added):  # each added bot under a name no other seat has
            names[seat] = evening.bot_name(seat, names)
            rows.update({f"name:{seat}": names[seat], f"human:{seat}": None, f"device:{seat}": None,
                         f"bot_level:{seat}": None})
        return rows, opened, added

    def holders_after(self, players: int, added: frozenset[int]) -> Holders:
        """Who holds the seats of a deal of ``players`` that gives the bots ``added``."""
        return {**{s: v for s, v in self.holders.items() if s < players}, **{s: ("", "bot") for s in added}}

    def dealt_again(self, players: int, rows: Rows, added: frozenset[int], new_seats: str | None) -> None:
        """The deal of :meth:`redeal` is journaled: the seats follow it."""
        holders = self.holders_after(players, added)
        if players != self.players or holders != self.holders:
            self.claims += 1  # the broadcaster ends the streams of released seats
        self.holders = holders
        self.bots = frozenset(s for s in self.bots if s < players) | added
        self.handed = frozenset(s for s in self.handed if s < players)
        self.names = (self.names + [None] * players)[:players]
        self.follow({k: v for k, v in rows.items() if k.startswith("name:") and int(k[5:]) < players})
        if new_seats is not None:
            self.new_seats_chosen = new_seats
        self.devices = {s: a for s, a in self.devices.items() if s < players}
        self.players = players
        self.released = frozenset()
        self.ready = set()
