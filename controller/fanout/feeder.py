"""The feeder: one thread that waits for the table's next snapshot and pushes it to the devices.

:class:`DeviceFeeder` opens the pads and the OLED the box was asked for, then feeds them: the pads'
lights and their round epoch, a refused press's flash, and the OLED's :class:`DisplayModel` (the
public view, the box's own moments and faults, the game's "everyone look" moment). The table loop never
calls device code: it only publishes, and this thread picks up the newest snapshot when it wakes.

Threads: :meth:`DeviceFeeder.open` and :meth:`~DeviceFeeder.start` run on the thread that brings the
devices up, the feed on the ``devices`` thread, the hub's callbacks on the hub's reader thread (they
only set a notice on the table's queue, or flash a light under the LEDs' lock).
"""

from __future__ import annotations

import contextlib
import sys
import threading
import time
from collections.abc import Callable, Hashable
from typing import Any, Final, Protocol

from controller.config import Config
from controller.devices import Pads, RefusalFlash
from controller.devices.choose import PAD_LABELS
from controller.fanout.lights import RoundKey, led_states, pad_round_epoch
from controller.fanout.moments import (
    REVEAL_SECONDS,
    MomentShow,
    clock_left,
    clock_tick,
    frame_seconds,
    moment,
    moment_frames,
    moment_key,
)
from controller.fanout.opening import PressFn, open_oled, open_pads
from controller.oled_kit.model import DisplayModel
from controller.table import Snapshot, Table
from controller.table.resume import MOVE_LOST, SET_ASIDE
from controller.table.table import CANNOT_SAVE

HUB_UNPLUGGED: Final = "pad hub unplugged: voting is paused until it is plugged back in"
#: seconds between looks at the join address while the start screen shows it (it may change)
ADDRESS_EVERY: Final = 5.0
#: how long the start's findings (a journal set aside, a lost move) stay on the OLED
RECOVERED_SECONDS: Final = 15.0

Wait = Callable[[int, float | None], Snapshot]


class Oled(Protocol):
    """What the feeder and the web app need of the OLED's worker (controller.devices.display)."""

    def update(self, model: DisplayModel) -> None: ...

    def latest_png(self) -> bytes | None: ...

    def latest_png_without_code(self) -> bytes | None: ...

    def frame_info(self) -> dict[str, Any]: ...

    def close(self) -> None: ...


class DeviceFeeder:
    """The optional hardware side: pads and OLED, fed from table snapshots on one feeder thread."""

    def __init__(self) -> None:
        self.pads: Pads | None = None
        self.display: Oled | None = None
        self._closing: list[Callable[[], object]] = []  # what close() shuts beside the pads and OLED
        #: mock mode: presses a virtual pad button (seat, name)
        self.virtual_press: PressFn | None = None
        self.pads_label: str | None = None  # shown on the OLED's start screen
        #: seconds between looks at the join address while the start screen shows it
        self.address_every = ADDRESS_EVERY
        self._table: Table | None = None
        self._hub: bool | None = None  # the hub's last reported link state (None: no hub)
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._leds_lock = threading.Lock()  # the feeder and a drop's flash both set LEDs
        self._flash = RefusalFlash()
        self._snap: Snapshot | None = None
        self._epoch = 0  # the pads' round number (see pad_round_epoch)
        self._round: RoundKey = None
        self._pad_count = 0  # the seats the pads were opened for (a later deal may have more or fewer)
        self.language = "en"  # the config's language; the host's choice (in the snapshot) wins

    def open(self, mock: bool, pads: str, players: int, config: Config) -> None:
        """Open the pads asked for (none with ``phone``) and the OLED; a missing OLED is not fatal."""
        self.pads_label = PAD_LABELS.get(pads)
        self.language = config.language
        self._pad_count = players
        if pads != "phone":
            try:
                opened = open_pads(mock, pads, players, config)
            except Exception as exc:
                raise SystemExit(f"jaccuse-table: cannot open the {pads} pads: {exc}") from exc
            self.pads, self.virtual_press = opened.pads, opened.press
            if opened.sim_hub is not None:
                self._closing.append(opened.sim_hub.close)
        if config.oled_model == "none" and not mock:
            return
        try:
            self.display = open_oled(mock, config)
        except Exception as exc:
            print(f"no OLED ({exc}); the game runs without it", flush=True)
            self.display = None

    def start(self, table: Table, startup_url: str | Callable[[], str], wait: Wait | None = None) -> None:
        """Start the pads and the feeder.

        ``startup_url`` is the join address, or a function saying it now (the box follows its LAN
        address, so it can change while the start screen shows). ``wait`` is how the feeder waits for a
        change (default: the table's own wait; ``run`` passes the broadcaster's, which returns once the
        streams were written).
        """
        self._table = table
        url = startup_url if callable(startup_url) else (lambda: startup_url)
        if self.pads is not None:
            self._snap = table.snapshot()
            self._epoch, self._round = pad_round_epoch(0, None, self._snap)
            self.pads.set_epoch(self._epoch)
            self.pads.start(table.press, self._on_hub_status, self._on_drop)
        if self.pads is None and self.display is None:
            return
        self._thread = threading.Thread(
            target=self._feed, args=(table, url, wait or table.wait_for_change), name="devices", daemon=True
        )
        self._thread.start()

    def _on_hub_status(self, connected: bool) -> None:
        """From the hub's reader thread: shown on the table page (via the table) and on the OLED."""
        self._hub = connected
        if self._table is not None:
            self._table.set_notice("hub", None if connected else HUB_UNPLUGGED)

    def _on_drop(self, seat: int, button: str, why: str) -> None:
        """From the hub's reader: a press made before this round of presses was dropped; its LED says so."""
        print(f"pads: seat {seat} {button} dropped ({why}: pressed before this vote round)", flush=True)
        with self._leds_lock:
            self._flash.refuse(seat, time.monotonic())
        self._show_leds()
        # the flash ends on the feeder's next pass; make sure there is one
        threading.Timer(self._flash.duration + 0.05, self._show_leds).start()

    def _show_leds(self) -> None:
        snap = self._snap
        if self.pads is None or snap is None:
            return
        with self._leds_lock:
            states = led_states(snap, self._pad_count)
            try:
                self.pads.set_leds(self._flash.apply(states, time.monotonic()))
            except Exception as exc:  # a device fault must never stop the game
                print(f"pad LEDs failed: {exc}", file=sys.stderr, flush=True)

    def _waits(self, now: float, show: MomentShow, recovered_until: float) -> float:
        """How long the feeder may sleep: until the table changes, or something it shows does."""
        # the long cap only guards against a table that never says it closed
        waits = [60.0]
        snap = self._snap
        if self.display is not None and snap is not None:
            if snap.version == 0:  # the start screen spells out the join address, which may change
                waits.append(self.address_every)
            tick = clock_tick(snap.public)  # a running shot clock counts down on the OLED
            if tick is not None:
                waits.append(tick)
        for change in (self._flash.next_change(now), show.next_change(now)):
            if change is not None:
                waits.append(change)
        if recovered_until > now:
            waits.append(recovered_until - now)
        return min(waits)

    def _feed(self, table: Table, startup_url: Callable[[], str], wait: Wait) -> None:
        first = table.snapshot()
        refusals = list(first.pad_refusals)
        # what the start found, shown for a while: a damaged journal set aside (a new game was dealt), or
        # a saved move that did not read back (the game goes on without it)
        set_aside = SET_ASIDE in first.status
        moves_lost = sum(1 for line in first.status if line.startswith(MOVE_LOST))
        recovered_until = time.monotonic() + RECOVERED_SECONDS if set_aside or moves_lost else 0.0
        serial = -1
        shown: Hashable | None = moment_key(first)  # a resumed round is not a new moment
        show = MomentShow(REVEAL_SECONDS)
        while not self._stop.is_set():
            snap = wait(serial, self._waits(time.monotonic(), show, recovered_until))
            if snap.closed:
                return
            serial = snap.serial
            self._snap = snap
            now = time.monotonic()
            if self.pads is not None:
                epoch, self._round = pad_round_epoch(self._epoch, self._round, snap)
                if epoch != self._epoch:
                    self._epoch = epoch
                    self.pads.set_epoch(epoch)  # before the round's LEDs: its presses carry it
            for seat, count in enumerate(snap.pad_refusals):
                if seat < len(refusals) and count > refusals[seat]:
                    with self._leds_lock:
                        self._flash.refuse(seat, now)
            refusals = list(snap.pad_refusals)
            key = moment_key(snap)
            if key != shown:
                shown = key
                show.start(moment_frames(snap) if key else [], frame_seconds(snap), now)
            try:
                if self.display is not None:
                    recovered = recovered_until > now
                    self.display.update(self._model(snap, show, now, startup_url, (recovered, set_aside),
                                                    moves_lost))
                if self.pads is not None:  # after the OLED's model, so its thread starts drawing first
                    self._show_leds()
            except Exception as exc:  # a device fault must never stop the game
                print(f"device update failed: {exc}", file=sys.stderr, flush=True)

    def _model(
        self, snap: Snapshot, show: MomentShow, now: float, startup_url: Callable[[], str],
        recovered: tuple[bool, bool], moves_lost: int,
    ) -> DisplayModel:
        """The OLED's model of ``snap``; ``recovered``: (the start's findings still show, a journal was set
        aside)."""
        # a moment of one frame follows the view as before; a sequence plays its frames
        frame = show.frame(now)
        shown = None if frame is None else moment(snap) if show.count == 1 else show.frames[frame]
        fresh, set_aside = recovered
        # the OLED's view counts public changes only: a re-selected vote draws no new frame, so neither
        # the image nor its X-Frame headers show a seat hesitating
        return DisplayModel(
            view={**snap.public, "version": snap.public_version},
            hub_connected=self._hub if self.pads is not None else None,
            journal_recovered=fresh and not set_aside,
            journal_set_aside=fresh and set_aside,
            moves_lost=moves_lost,
            startup_url=startup_url() if snap.version == 0 else None,
            reveal=shown,
            cannot_save=CANNOT_SAVE in snap.notices,
            pads=self.pads_label,
            clock_left=clock_left(snap.public),
            join_code=snap.join_code,
            language=snap.language or self.language,
        )

    def close(self) -> None:
        self._stop.set()
        for device in (self.pads, self.display):
            if device is not None:
                with contextlib.suppress(Exception):
                    device.close()
        for close in self._closing:
            with contextlib.suppress(Exception):
                close()


class LateDisplay:
    """The OLED for the web app's ``/api/display.png``, whenever the devices have opened it."""

    def __init__(self, feeder: DeviceFeeder) -> None:
        self._feeder = feeder

    def latest_png(self) -> bytes | None:
        display = self._feeder.display
        return display.latest_png() if display is not None else None

    def latest_png_without_code(self) -> bytes | None:
        display = self._feeder.display
        return display.latest_png_without_code() if display is not None else None

    def frame_info(self) -> dict[str, Any]:
        display = self._feeder.display
        return display.frame_info() if display is not None else {}
