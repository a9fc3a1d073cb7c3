"""The host's commands: the table's settings, the next deal, and the players' "play again".

A :class:`HostDesk` is the table loop thread's alone. A host setting is read and checked here, its
journal rows written in one transaction, and only then the seats, the clock, the bots or the evening
follow it (the seats' own part is in :mod:`controller.table.seats`). A new deal is journaled whole
(the archived game, the new deal, the seats it keeps, opens or drops) before the loop's game is
replaced; the players' "play again" is a ready check that deals once every seated person agreed.
"""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Callable
from typing import Any, Protocol

from controller.games import registry
from controller.i18n import LANGUAGES, known_language
from controller.table import evening, kept, seating
from controller.table.bot_turns import BotTurns
from controller.table.bots import LEVELS
from controller.table.command import UNKNOWN_SEAT, Outcome, is_seat
from controller.table.dealt import Dealt
from controller.table.journal import Journal
from controller.table.seats import NEW_SEATS, Rows, Seats, seat_list
from controller.table.shotclock import ShotClock, check_seconds

#: what a host setting does once its rows are journaled (nothing more than the rows say: None)
Then = Callable[[], None] | None


class HostLoop(Protocol):
    """What the host's commands need of the table loop: everything a deal replaces or keeps."""

    dealt: Dealt
    seats: Seats
    bots: BotTurns
    clock: ShotClock
    journal: Journal
    evening: list[dict[str, Any]]

    def save(self, write: Callable[[], object], what: str) -> Outcome | None: ...

    def publish(self) -> None: ...


class HostDesk:
    """The host page's settings and the deals (loop thread only)."""

    def __init__(self, loop: HostLoop) -> None:
        self._loop = loop
        #: each host setting: its value -> the journal rows and what follows them, or a refusal
        self._settings: dict[str, Callable[[Any], tuple[Rows, Then] | Outcome]] = {
            "clock": self._clock,
            "join_code": self._join_code,
            "locked": lambda on: ({"seats_locked": "1" if on else None}, None),
            "multi_seat": lambda on: ({"multi_seat": "1" if on else None}, None),
            "language": self._language,
            "hand_over": self._hand_over,
            "bot_name": self._bot_name,
            "bot_level": self._bot_level,
            "evening": lambda _: ({evening.EVENING_KEY: None}, self._new_evening),
        }

    # ------------------------------------------------------------------ settings
    def setting(self, what: str, value: Any) -> Outcome:
        """The host page's settings: the shot clock, the join code, the seat lock, a device's seats, a
        bot seat's hand-over, name or level, a new evening, or a seat given to a bot."""
        loop = self._loop
        if what == "to_bot":
            return loop.seats.to_bot(value)
        read = self._settings.get(what)
        if read is None:
            return Outcome.refused(400, "bad_command", f"unknown host setting {what!r}")
        planned = read(value)
        if isinstance(planned, Outcome):
            return planned
        rows, then = planned
        refused = loop.save(lambda: loop.journal.set_settings(rows), "the change")
        if refused is not None:
            return refused
        loop.seats.follow(rows)
        if then is not None:
            then()
        loop.clock.follow(rows)
        loop.publish()
        seats = loop.seats
        return Outcome(ok=True, data={"join_code": seats.join_code, "locked": seats.locked,
                                      "clock": loop.clock.seconds, "multi_seat": seats.multi_seat,
                                      "bot_levels": list(loop.bots.seat_levels()),
                                      "language": seats.language})

    def _clock(self, value: Any) -> tuple[Rows, Then] | Outcome:
        try:
            seconds = check_seconds(value)
        except ValueError as exc:
            return Outcome.refused(400, "bad_clock", str(exc))
        clock = self._loop.clock
        clock.seconds = seconds
        deadline = clock.restarted(self._loop.dealt.state, self._loop.seats.all_seated(), time.time())

        def restart() -> None:
            clock.idle = False

        return {"clock_seconds": str(seconds), **clock.settings(deadline)}, restart

    def _join_code(self, value: Any) -> tuple[Rows, Then] | Outcome:
        try:
            code = None if value is None else seating.new_code() if value == "new" else None
            if code is None and value is not None:
                code = seating.clean_code(value)
        except ValueError as exc:
            return Outcome.refused(400, "bad_code", str(exc))
        return {"join_code": code}, None

    def _language(self, value: Any) -> tuple[Rows, Then] | Outcome:
        known = known_language(value) if isinstance(value, str) else None
        if known is None:
            return Outcome.refused(400, "bad_language", f"the box speaks {', '.join(LANGUAGES)}")
        return {"language": known}, None

    def _hand_over(self, seat: Any) -> tuple[Rows, Then] | Outcome:
        rows = self._loop.seats.hand_over_rows(seat)
        if isinstance(rows, Outcome):
            return rows

        def free() -> None:
            self._loop.seats.handed_over(seat)
            self._loop.bots.forget([seat])

        return rows, free

    def _bot_name(self, value: Any) -> tuple[Rows, Then] | Outcome:
        seat, name = value
        rows = self._loop.seats.bot_name_rows(seat, name)
        return rows if isinstance(rows, Outcome) else (rows, None)

    def _bot_level(self, value: Any) -> tuple[Rows, Then] | Outcome:
        seat, level = value if isinstance(value, tuple) and len(value) == 2 else (None, None)
        if not is_seat(seat, self._loop.seats.players):
            return UNKNOWN_SEAT
        if level not in LEVELS:
            return Outcome.refused(400, "bad_level", f"a bot plays {', '.join(LEVELS)}")
        if not self._loop.seats.is_bot(seat):
            return Outcome.refused(409, "not_a_bot", "only a seat a bot plays has a bot's level")
        return {f"bot_level:{seat}": level}, lambda: self._loop.bots.set_level(seat, level)

    def _new_evening(self) -> None:
        self._loop.evening = []

    # ------------------------------------------------------------------ deals
    def new_game(
        self,
        seat: int,
        only_if_over: bool,
        game: str | None,
        players: int | None,
        replaces: int | None,
        options: dict[str, Any] | None,
        new_seats: str | None,
    ) -> Outcome:
        """The ``new_game`` command (see ``Table.new_game``): a player's "play again", or the host's deal."""
        # ``over`` is the rules' phase "over": in a campaign it comes only once the last generation
        # has ended (between generations the state goes straight to the next setup)
        if only_if_over:
            return self.play_again(seat)
        number = self._loop.dealt.number
        if replaces is not None and replaces != number:
            why = f"game {number} was dealt meanwhile; look at it before dealing again"
            return Outcome.refused(409, "already_dealt", why)
        return self.deal(game, players, options, new_seats)

    def play_again(self, seat: int) -> Outcome:
        """A phone's "Play again": a ready check. The new game is dealt once every seated person agreed,
        so one player cannot end everyone's look at the end of a game (the host can deal at any time)."""
        loop = self._loop
        if not loop.dealt.state.over:
            return Outcome.refused(409, "not_over", "a new game can be dealt once this one is over")
        if seat < 0:  # not a phone's request (a test, a tool): deal as soon as the game is over
            return self.deal()
        if loop.seats.kind(seat) != "phone":
            return Outcome.refused(409, "seat_free", "only a seated phone can ask to play again")
        if loop.seats.all_ready(also=seat):
            return self.deal()
        asked = loop.seats.ask_to_play_again(seat)
        if not asked.ok:
            return asked
        ready = sorted(loop.seats.ready)
        return Outcome(ok=True, data={"game": loop.dealt.number, "dealt": False, "ready": ready})

    def deal(
        self, game: str | None = None, players: int | None = None, chosen: dict[str, Any] | None = None,
        new_seats: str | None = None,
    ) -> Outcome:
        """Deal the next game: the same game and seats, or (the host's choice) another game or count,
        with the table options the host set (``chosen``; else those of the game just played).

        Seats past a smaller count are released (their tokens stop working, in the same transaction);
        the seats a larger count adds go to bots or stay free for people, as ``new_seats`` says (None:
        ``Seats.new_seats``). The bots keep their seats that the new count still has.
        """
        loop = self._loop
        dealt, seats, clock = loop.dealt, loop.seats, loop.clock
        same_game = game is None or game == dealt.name
        name = dealt.name if game is None else game
        try:
            registry.check_game(name)
            adapter = registry.table_rules(name)
            players = adapter.check_players(dealt.players if players is None else players)
            if chosen is not None:
                why = registry.game(name).check_chosen(chosen)
                if why:
                    raise ValueError(why)
            if new_seats is not None and new_seats not in NEW_SEATS:
                raise ValueError(f"new seats go to {' or '.join(repr(n) for n in NEW_SEATS)}")
        except ValueError as exc:
            return Outcome.refused(400, "bad_game", str(exc))
        # a campaign is followed by a campaign of the same length (the journal's, not the flag's)
        options = dealt.adapter.options_of(dealt.state) if same_game else {}
        if chosen is not None:
            options = {**options, **registry.game(name).chosen_options(chosen)}
        state, deal_data, campaign = adapter.deal(players, options, random.Random(secrets.randbits(64)))
        # the bots keep their seats (those the new count still has); the added seats are the host's call
        grow = new_seats or seats.new_seats()
        seat_rows, opened, added = seats.redeal(players, grow, new_seats)
        all_seated = len(seats.holders_after(players, added)) >= players
        rows: Rows = {**clock.settings(clock.restarted(state, all_seated, time.time())), **seat_rows}
        count = players
        ended = kept.ending(dealt.public_view())  # the game dealt over is listed without a replay
        refused = loop.save(lambda: loop.journal.start_game(count, deal_data, None, campaign, name, rows,
                                                            archive=True, ended=ended), "the new game")
        if refused is not None:
            return refused
        seats.dealt_again(players, rows, added, new_seats)
        loop.dealt = dealt = Dealt(name, state, dealt.number + 1)
        clock.follow(rows)
        clock.idle = False
        length = int(options.get("campaign") or 0)
        what = f" (a {length}-generation campaign)" if length else ""
        if not same_game:
            what = f" ({name}, {players} players)"
        dealt.chronicle.say(0, f"Game {dealt.number} begins{what}.")
        if added:
            dealt.chronicle.say(0, f"Bots play the new {seat_list(added)}.")
        elif opened:
            are = "is" if len(opened) == 1 else "are"
            dealt.chronicle.say(0, f"The new {seat_list(opened)} {are} free: scan a seat's code to sit down.")
        loop.bots.new_deal(players)
        loop.publish()
        return Outcome(ok=True, data={"game": dealt.number, "game_name": name, "players": players,
                                      "dealt": True, "new_seats": grow, "bots": sorted(seats.bots)})
