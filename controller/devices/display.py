"""The OLED as a device: a worker thread that renders the newest model and puts it on the panel.

The table must never wait for the screen, so `update` only swaps in the newest model and the thread
does the slow work, off the hot path:

- it renders only when the model changed, and sends only when the picture changed, and then only the
  8-pixel pages (rows of the controller's memory) that changed: a press changes one or two pages, and a
  full frame costs about 23 ms on I2C at 400 kHz (1,024 bytes of pixels in one of luma's messages,
  plus addressing: see ``frame_transfer_seconds``);
- the table page's PNG is encoded only when someone asks for it (`latest_png`), once per frame;
- a frame counts as shown when `device.display` (or the page writes) returned: `frame_info()`'s
  `version_at` is the moment the first frame of its table version was on the panel (what
  benchmarks/reveal_latency.py measures);
- in mock mode the emulated panel takes as long as the configured I2C bus would, so mock-mode latency
  is honest;
- a missing panel is looked for again (every few seconds, then less often), and a panel that failed a
  write is re-initialised before the next frame (a loose wire or a brown-out resets the controller);
  a failed attempt leaves nothing open (see oled_link.py), and faults that repeat back off;
- a controller that lost power between frames still takes writes, but wakes up dark and blank: every
  `refresh_every` seconds while it is lit the panel gets its set-up, the whole frame and display-on
  again (some 26 ms of bus time at 400 kHz), so it is back within that time;
- a screen too full for one page (fourteen seats' cards, say) is drawn in pages: the renderer draws
  `DisplayModel.page` and says how many there are in the image's ``info["pages"]`` (and which screen
  it is in ``info["screen"]``), and the thread turns them every `page_seconds` while the panel is lit.
  A new model keeps the page it was on (the shot clock ticking must not hold a list on its first
  page) unless it is another screen or has another number of pages: then it starts at its first;
- after a long time without a change the panel dims, then goes dark, against burn-in; the next change
  wakes it. The thread sleeps until the next such moment: while the panel is dark it wakes for nothing.
"""

from __future__ import annotations

import dataclasses
import io
import logging
import os
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from PIL import Image

from controller.devices.screens import render
from controller.oled_kit.draw import HEIGHT, WIDTH
from controller.oled_kit.model import DisplayModel

log = logging.getLogger(__name__)

OLED_MODELS: tuple[str, ...] = ("ssd1306", "sh1106", "ssd1309")
OLED_ADDRESSES: tuple[int, ...] = (0x3C, 0x3D)
PAGES = HEIGHT // 8
DEFAULT_BUS_HZ = 400_000  # what systemd/install.sh sets (dtparam=i2c_arm_baudrate=400000)
DEFAULT_CONTRAST = 0xCF  # luma's own start-up value
DIM_CONTRAST = 0x01
RETRY_DELAYS = (2.0, 5.0, 10.0, 30.0)  # seconds between attempts to (re)open a panel
REFRESH_EVERY = 5.0  # seconds between set-ups of a lit panel (one that lost power is back within this)
FAULT_PAUSE = 1.0  # seconds the thread waits after an unexpected error before it goes on
PAGE_SECONDS = 2.5  # how long each page of a screen too full for one stays up (a 5 s reveal: 2 pages)

#: each byte with its bits in the opposite order (Pillow packs the first pixel into the high bit)
_LOW_BIT_FIRST = bytes(int(f"{value:08b}"[::-1], 2) for value in range(256))

Renderer = Callable[[DisplayModel], Image.Image]
Opener = Callable[[], Any]
Resetup = Callable[[int], None]


def page_bytes(image: Image.Image) -> list[bytes]:
    """The picture cut into the controller's 8-pixel-high pages, for telling which pages changed."""
    return [image.crop((0, page * 8, image.width, page * 8 + 8)).tobytes() for page in range(PAGES)]


def changed_pages(shown: list[bytes] | None, pages: list[bytes]) -> list[int]:
    """Which pages differ from what the panel shows (all of them when that is unknown)."""
    if shown is None:
        return list(range(len(pages)))
    return [p for p in range(len(pages)) if pages[p] != shown[p]]


#: the most pixel bytes luma.core (2.6, ``luma.core.interface.serial.i2c.data``) sends in one I2C
#: message when it opened the bus itself through smbus2, as the box has it do (``I2C_RDWR``); a bus
#: handed to it from outside would get 32-byte SMBus block writes instead
LUMA_DATA_BLOCK = 4096


def _message_clocks(payload: int) -> int:
    """SCL clocks of one I2C write as luma sends it: a start, the address byte, the control byte (0x00
    before commands, 0x40 before pixel data), the payload, a stop; 9 clocks a byte (8 bits and the
    acknowledge), a start and a stop about one each."""
    return 1 + (2 + payload) * 9 + 1


def frame_transfer_seconds(bus_hz: int, pages: int = PAGES, width: int = WIDTH, mode: str = "range") -> float:
    """How long ``pages`` pages take on I2C the way :class:`Panel` sends them through luma.

    ``range`` (SSD1306, SSD1309): one addressing command (column and page range, 6 bytes), then the
    pages' pixels in luma's data messages of up to ``LUMA_DATA_BLOCK`` bytes: a whole frame is one
    message of 1,024 bytes. ``pages`` (SH1106): each page its own addressing command (3 bytes) and
    its own data message.
    """
    if mode == "pages":
        clocks = pages * (_message_clocks(3) + _message_clocks(width))
    else:
        blocks, rest = divmod(pages * width, LUMA_DATA_BLOCK)
        clocks = _message_clocks(6) + blocks * _message_clocks(LUMA_DATA_BLOCK) + (
            _message_clocks(rest) if rest else 0
        )
    return clocks / bus_hz


class Panel:
    """Puts frames on a luma device, sending only the pages that changed where the controller allows.

    All three supported controllers do: the SSD1306 and SSD1309 take a page range (PAGEADDR in
    horizontal addressing mode, which luma sets up), the SH1106 is written page by page anyway (luma
    sends a page-address command before each). Any other device (luma's dummy) gets whole frames.
    Whole frames to the three controllers take the same path: luma's own ``display`` turns the 8,192
    pixels into bytes one at a time in Python.
    """

    def __init__(self, device: Any) -> None:
        self.device = device
        self._shown: list[bytes] | None = None
        self.pages_sent = 0  # for tests and the doctor
        kind = type(device).__name__
        self._mode = "range" if kind in ("ssd1306", "ssd1309") else "pages" if kind == "sh1106" else "full"

    def forget(self) -> None:
        """The panel's memory is unknown (new or re-initialised device): the next frame goes out whole."""
        self._shown = None

    def show(self, image: Image.Image) -> int:
        """Send what changed; returns the number of pages sent (0: the panel already shows it).

        The pages are compared as the panel holds them, after luma's rotation: on a panel mounted
        upside down the top of the picture is the bottom page.
        """
        frame = image if self._mode == "full" else self._panel_image(image)
        pages = page_bytes(frame)
        changed = changed_pages(self._shown, pages)
        if not changed:
            return 0
        self._shown = None  # until the write succeeded, the panel's content is unknown
        if self._mode == "full":
            self.device.display(image)
            sent = PAGES
        elif self._mode == "range":
            self._send_range(frame, changed[0], changed[-1])
            sent = changed[-1] - changed[0] + 1
        else:
            for page in changed:
                self._send_page(frame, page)
            sent = len(changed)
        self._shown = pages
        self.pages_sent += sent
        return sent

    def _panel_image(self, image: Image.Image) -> Image.Image:
        """The picture as the controller's memory holds it: rotated as luma would, one bit a pixel."""
        image = self.device.preprocess(image)
        return image if image.mode == "1" else image.convert("1")

    def _columns(self, image: Image.Image, first: int, last: int) -> bytearray:
        """Page bytes for pages first..last of a panel image: one byte per column, bit 0 the top pixel.

        Pillow does the bit work in C (a whole frame is 8,192 pixels, some milliseconds a frame on a Pi
        pixel by pixel in Python): the band of pages turned on its side packs each column into bytes
        with its top pixel in the high bit, and a table turns each byte round into the panel's order.
        """
        pages = last - first + 1
        band = image.crop((0, first * 8, image.width, (last + 1) * 8))
        packed = band.transpose(Image.Transpose.TRANSPOSE).tobytes().translate(_LOW_BIT_FIRST)
        # byte p of row x is column x of page p; the panel takes the pages one after another
        return bytearray(b"".join(packed[page::pages] for page in range(pages)))

    def _send_range(self, image: Image.Image, first: int, last: int) -> None:
        dev = self.device
        const = dev._const
        dev.command(const.COLUMNADDR, dev._colstart, dev._colend - 1, const.PAGEADDR, first, last)
        dev.data(list(self._columns(image, first, last)))

    def _send_page(self, image: Image.Image, page: int) -> None:
        dev = self.device
        dev.command(0xB0 + page, dev._page_address_offset, 0x10)
        dev.data(list(self._columns(image, page, page)))


class EmulatedPanel:
    """luma's in-memory dummy with the I2C bus's transfer time, for mock mode and tests.

    It behaves as an SSD1306 would: it keeps the frame and takes as long as luma's transfer of the
    pages sent would (:func:`frame_transfer_seconds`).
    """

    def __init__(
        self, device: Any, bus_hz: int = DEFAULT_BUS_HZ, sleep: Callable[[float], None] = time.sleep
    ) -> None:
        self.device = device
        self.bus_hz = bus_hz
        self._sleep = sleep
        self._shown: list[bytes] | None = None
        self.pages_sent = 0
        self.contrast_level = DEFAULT_CONTRAST
        self.visible = True

    def forget(self) -> None:
        self._shown = None

    def show(self, image: Image.Image) -> int:
        pages = page_bytes(image)
        changed = changed_pages(self._shown, pages)
        if not changed:
            return 0
        sent = changed[-1] - changed[0] + 1  # one page range, as for an SSD1306
        self._sleep(frame_transfer_seconds(self.bus_hz, sent, self.device.width))
        self.device.display(image)
        self._shown = pages
        self.pages_sent += sent
        return sent

    def contrast(self, level: int) -> None:
        self.contrast_level = level

    def hide(self) -> None:
        self.visible = False

    def show_panel(self) -> None:
        self.visible = True


def _png(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


class DisplayWorker:
    """Renders on its own thread only when the model changed; keeps the last frame for the table page.

    `device` is a luma device (or None when the panel is missing), `opener` (re)connects and
    initialises one (for a missing panel and after a failed write), `resetup` sends the controller's
    settings to a lit panel again, with the contrast to use (see `refresh_every`), `panel` overrides
    how frames reach the device (the emulated bus in mock mode).
    """

    def __init__(
        self,
        device: Any,
        renderer: Renderer = render,
        *,
        opener: Opener | None = None,
        panel: Any = None,
        contrast: int = DEFAULT_CONTRAST,
        dim_after: float | None = None,
        off_after: float | None = None,
        clock: Callable[[], float] = time.monotonic,
        retry_delays: tuple[float, ...] = RETRY_DELAYS,
        resetup: Resetup | None = None,
        refresh_every: float = REFRESH_EVERY,
        page_seconds: float = PAGE_SECONDS,
    ) -> None:
        self.device = device
        self._render = renderer
        self._opener = opener
        self._panel: Any = panel if panel is not None else (Panel(device) if device is not None else None)
        self._contrast = contrast
        self._dim_after = dim_after
        self._off_after = off_after
        self._clock = clock
        self._retry_delays = retry_delays
        self._resetup = resetup
        self._refresh_every = refresh_every
        self._refresh_at: float | None = None if resetup is None else clock() + refresh_every
        # a device handed in is lit, unless it comes from an opener of ours (display off until a frame)
        self._lit = device is not None and resetup is None
        self._trouble: str | None = None  # the last unexpected error, logged once
        self._page_seconds = page_seconds
        self._page = 0  # the page of the current model on the panel
        self._pages: tuple[object, int] = (None, 1)  # the current screen and its number of pages
        self._page_at: float | None = None  # when to turn to the next page; None with one page
        self._cond = threading.Condition()
        self._pending: DisplayModel | None = None
        self._has_pending = False
        self._last: DisplayModel | None = None
        self._image: Image.Image | None = None  # the last rendered frame
        self._png: tuple[int, bytes] | None = None  # (frame number, PNG), encoded on request
        self._png_without_code: tuple[int, bytes] | None = None  # the same, drawn without the join code
        self._stopping = False
        self._busy = False
        self.frames = 0  # frames rendered (not skipped), for tests and the doctor
        self._frame_version: int | None = None  # the table version the last frame shows
        # time.monotonic() when the first frame showing that version was on the panel (later frames of
        # the same version, a countdown or the end of a reveal, do not move it)
        self._version_at: float | None = None
        self._changed_at = clock()
        self._look = "bright"  # "bright", "dim" or "off" (burn-in care)
        self._retry_at: float | None = None if device is not None or opener is None else clock()
        self._attempts = 0
        self.error: str | None = None  # the last device error, None once a frame got through again
        self.reopened = 0  # panels (re)initialised after a fault or a late start
        self.refreshes = 0  # set-ups sent to a lit panel (see refresh_every)
        self._thread = threading.Thread(target=self._run, name="oled", daemon=True)
        self._thread.start()

    # -- what the box and the web app use ---------------------------------------------------------
    def update(self, model: DisplayModel) -> None:
        """Hand over the newest model; never blocks on rendering or the bus, older models are dropped."""
        with self._cond:
            self._pending = model
            self._has_pending = True
            self._cond.notify_all()

    def latest_png(self) -> bytes | None:
        """The last rendered frame as PNG (for the table page), or None before the first frame.

        Encoded here, on the asking thread, once per frame: the OLED thread never spends time on it.
        """
        with self._cond:
            image, frame, cached = self._image, self.frames, self._png
        if image is None:
            return None
        if cached is not None and cached[0] == frame:
            return cached[1]
        png = _png(image)
        with self._cond:
            if self.frames == frame:
                self._png = (frame, png)
        return png

    def latest_png_without_code(self) -> bytes | None:
        """The last frame as PNG for a client that may not see the host's join code: the same model
        drawn again without the code when it showed one (only the box's own screen and the host get
        :meth:`latest_png` then). Drawn and encoded on the asking thread, once per frame."""
        with self._cond:
            model, frame, cached = self._last, self.frames, self._png_without_code
        if model is None or not model.join_code:
            return self.latest_png()
        if cached is not None and cached[0] == frame:
            return cached[1]
        try:
            image = self._render(dataclasses.replace(model, join_code=None))
        except Exception:  # as in _draw: a bad view must not break the page
            log.exception("rendering the OLED frame without the join code failed")
            return None
        png = _png(image)
        with self._cond:
            if self.frames == frame:
                self._png_without_code = (frame, png)
        return png

    def frame_info(self) -> dict[str, Any]:
        """Count, table version and ``time.monotonic()`` when the last frame was on the panel."""
        with self._cond:
            return {
                "frames": self.frames,
                "version": self._frame_version,
                "version_at": self._version_at,
            }

    @property
    def connected(self) -> bool:
        """Whether a panel is there and took the last frame."""
        return self._panel is not None and self.error is None

    @property
    def look(self) -> str:
        return self._look

    def wait_idle(self, timeout: float = 2.0) -> bool:
        """Block until every handed-over model has been dealt with (tests and shutdown use this)."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._has_pending and not self._busy, timeout)

    def close(self) -> None:
        with self._cond:
            self._stopping = True
            self._cond.notify_all()
        if self._thread is not threading.current_thread():
            self._thread.join(timeout=2.0)
        cleanup = getattr(self.device, "cleanup", None)
        if callable(cleanup):
            try:
                cleanup()
            except Exception:  # the bus may already be gone at shutdown
                log.debug("display cleanup failed", exc_info=True)

    # -- the thread -------------------------------------------------------------------------------
    def _next_timer(self, now: float) -> float | None:
        """Seconds to the next thing the thread must do by itself (retry, dim, off), or None."""
        moments = []
        if self._retry_at is not None:
            moments.append(self._retry_at)
        if self._dim_after is not None and self._look == "bright":
            moments.append(self._changed_at + self._dim_after)
        if self._off_after is not None and self._look != "off":
            moments.append(self._changed_at + self._off_after)
        if self._refresh_at is not None and self._refresh_due_possible():
            moments.append(self._refresh_at)
        if self._page_at is not None and self._look != "off":
            moments.append(self._page_at)
        return max(0.0, min(moments) - now) if moments else None

    def _run(self) -> None:
        while True:
            with self._cond:
                while not (self._has_pending or self._stopping):
                    wait = self._next_timer(self._clock())
                    if wait is not None and wait <= 0:
                        break
                    self._cond.wait(wait)
                if self._stopping:
                    return
                model = self._pending if self._has_pending else None
                self._has_pending = False
                self._busy = True
            failed = False
            try:
                self._timers()
                if model is not None and model != self._last:
                    self._draw(model)
            except Exception as exc:  # a bug or an odd device: log it, pause, never spin on it
                failed = True
                if self._trouble != repr(exc):
                    log.exception("the OLED thread failed; going on in %g s", FAULT_PAUSE)
                self._trouble = repr(exc)
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()
                    if failed and not self._stopping:
                        self._cond.wait(FAULT_PAUSE)

    def _timers(self) -> None:
        now = self._clock()
        if self._retry_at is not None and now >= self._retry_at:
            self._reopen()
        idle = now - self._changed_at
        if self._off_after is not None and idle >= self._off_after and self._look != "off":
            self._set_look("off")
        elif self._dim_after is not None and idle >= self._dim_after and self._look == "bright":
            self._set_look("dim")
        if self._page_at is not None and now >= self._page_at and self._look != "off":
            self._turn_page()
        if self._refresh_at is not None and now >= self._refresh_at:
            self._refresh()

    def _turn_page(self) -> None:
        """The current model's next page, back to the first after the last."""
        model = self._last
        self._page_at = None
        if model is None or self._pages[1] < 2:
            return
        self._page = (self._page + 1) % self._pages[1]
        try:
            image = self._render(replace(model, page=self._page))
        except Exception:
            log.exception("rendering an OLED page failed")
            return
        with self._cond:
            self._image = image
            self.frames += 1
        self._page_at = self._clock() + self._page_seconds
        self._put(image)

    def _render_page(self, model: DisplayModel) -> Image.Image:
        """The model's picture on the page the panel is at (the first, when the screen changed)."""
        if not hasattr(model, "page"):
            return self._render(model)
        image = self._render(replace(model, page=self._page))
        pages = (image.info.get("screen"), int(image.info.get("pages", 1)))
        if pages != self._pages:
            self._pages, self._page_at = pages, None
            if self._page != 0:
                self._page = 0
                image = self._render(replace(model, page=0))
        if self._pages[1] < 2:
            self._page_at = None
        elif self._page_at is None:
            self._page_at = self._clock() + self._page_seconds
        return image

    def _refresh_due_possible(self) -> bool:
        """Whether a refresh would do anything: a lit panel with a frame, not waiting for a reopen."""
        return (
            self._panel is not None and self._retry_at is None and self._look != "off"
            and self._image is not None
        )

    def _refresh(self) -> None:
        """Settings, the whole frame and display-on again: a controller that reset comes back lit."""
        assert self._resetup is not None
        self._refresh_at = self._clock() + self._refresh_every
        if not self._refresh_due_possible():
            return
        assert self._image is not None
        try:
            self._resetup(DIM_CONTRAST if self._look == "dim" else self._contrast)
            self._panel.forget()
            self._panel.show(self._image)
            self._display_on()
        except Exception as exc:
            self._fault(exc)
            return
        self.refreshes += 1

    def _display_on(self) -> None:
        if isinstance(self._panel, EmulatedPanel):
            self._panel.show_panel()
        else:
            show = getattr(self.device, "show", None)
            if callable(show):
                show()
        self._lit = True

    def _set_look(self, look: str) -> None:
        panel = self._panel
        if panel is None:
            self._look = look
            return
        target = panel if isinstance(panel, EmulatedPanel) else self.device
        waking = self._look == "off"
        try:
            if look == "off":
                target.hide()
            else:
                if waking and self._resetup is None:
                    self._display_on()
                target.contrast(DIM_CONTRAST if look == "dim" else self._contrast)
        except Exception as exc:
            self._fault(exc)
            return
        self._look = look
        if waking and self._resetup is not None:
            self._refresh()  # it may have lost power while dark: the whole set-up, not just display-on

    def _draw(self, model: DisplayModel) -> None:
        try:
            image = self._render_page(model)
        except Exception:  # a bad view must not kill the screen for the rest of the game
            log.exception("rendering the OLED frame failed")
            return
        version = model.view.get("version") if model.view is not None else None
        with self._cond:
            changed = self._image is None or image.tobytes() != self._image.tobytes()
            self._image = image
            self._last = model
            self.frames += 1
        if changed:
            self._changed_at = self._clock()
            if self._look != "bright":
                self._set_look("bright")
        self._put(image)
        with self._cond:
            # the version and the moment together, once the frame is on the panel (or as far as it gets)
            shown = version if isinstance(version, int) else None
            if shown != self._frame_version or self._version_at is None:
                self._version_at = time.monotonic()
            self._frame_version = shown

    def _put(self, image: Image.Image) -> None:
        if self._panel is None or self._retry_at is not None:
            return  # no panel now; the retry puts the newest frame up
        try:
            self._panel.show(image)
            if not self._lit and self._look != "off":
                self._display_on()
            self.error = None
            self._attempts = 0  # a frame got through: the next fault is retried at once
        except Exception as exc:  # OLED unplugged or bus error: keep rendering for the table page
            self._fault(exc)

    def _fault(self, exc: Exception) -> None:
        if self.error is None:
            log.warning("OLED did not take the frame: %s", exc)
        self.error = str(exc) or type(exc).__name__
        self._panel.forget()
        if self._opener is not None and self._retry_at is None:
            # re-initialise before the next frame; a panel that fails again right after its reopen
            # waits as a missing one would, so a fault that repeats never spins
            tries = min(self._attempts, len(self._retry_delays))
            delay = self._retry_delays[tries - 1] if tries else 0.0
            self._retry_at = self._clock() + delay

    def _reopen(self) -> None:
        assert self._opener is not None
        self._attempts += 1
        try:
            device = self._opener()
        except Exception as exc:
            delay = self._retry_delays[min(self._attempts, len(self._retry_delays)) - 1]
            self._retry_at = self._clock() + delay
            if self.error != (str(exc) or type(exc).__name__):
                log.warning("OLED not found (%s); trying again in %g s", exc, delay)
            self.error = str(exc) or type(exc).__name__
            return
        self._retry_at = None
        old, self.device = self.device, device
        if old is not None and old is not device:
            cleanup = getattr(old, "cleanup", None)
            if callable(cleanup):
                try:
                    cleanup()
                except Exception:
                    log.debug("closing the old OLED failed", exc_info=True)
        self._panel = Panel(device)
        self._lit = self._resetup is None  # an opener of ours leaves the display off until a frame
        self.reopened += 1
        self.error = None
        log.info("OLED ready")
        try:
            device.contrast(self._contrast)
        except Exception as exc:
            self._fault(exc)
            return
        self._look = "bright"
        if self._refresh_at is not None:
            self._refresh_at = self._clock() + self._refresh_every
        if self._image is not None:
            self._put(self._image)


def open_display(
    model_name: str | None = None,
    address: int | None = None,
    mock: bool = False,
    i2c_port: int = 1,
    *,
    rotate: int = 0,
    contrast: int = DEFAULT_CONTRAST,
    dim_after: float | None = None,
    off_after: float | None = None,
    bus_hz: int = DEFAULT_BUS_HZ,
    renderer: Renderer = render,
    retry_delays: tuple[float, ...] = RETRY_DELAYS,
) -> DisplayWorker:
    """The OLED on I2C (or luma's in-memory dummy in mock mode), wrapped in a started worker.

    Left out, the model and address come from JACCUSE_OLED_MODEL / JACCUSE_OLED_ADDRESS (e.g. `sh1106`,
    `0x3d`), else an SSD1306 at 0x3C, the common 0.96" module. A panel that is not there yet is no
    error: the worker keeps looking for it. `rotate` is 0 or 180 degrees (a module mounted upside down).
    `renderer` draws a model (`run` passes one that picks the screens of the game dealt).
    """
    if rotate not in (0, 180):
        raise ValueError(f"rotate must be 0 or 180, not {rotate!r}")
    if mock:
        from luma.core.device import dummy

        emulated = EmulatedPanel(dummy(width=WIDTH, height=HEIGHT, mode="1"), bus_hz)
        emulated.contrast(contrast)
        return DisplayWorker(
            emulated.device, renderer, panel=emulated, contrast=contrast, dim_after=dim_after,
            off_after=off_after, resetup=emulated.contrast,  # the refresh's bus time, as a real panel's
        )
    model_name = model_name or os.environ.get("JACCUSE_OLED_MODEL") or "ssd1306"
    if address is None:
        address = int(os.environ.get("JACCUSE_OLED_ADDRESS") or "0x3c", 0)
    if model_name not in OLED_MODELS:
        raise ValueError(f"unknown OLED model {model_name!r}; use one of {', '.join(OLED_MODELS)}")
    from controller.devices.oled_link import OledLink

    link = OledLink(model_name, address, i2c_port, rotate)

    def opener() -> Any:
        return link.open(contrast)

    try:
        device = opener()
    except Exception as exc:  # no panel (yet): the worker looks again
        log.warning("OLED %s at %#x not found (%s); looking in the background", model_name, address, exc)
        device = None
    worker = DisplayWorker(
        device, renderer, opener=opener, contrast=contrast, dim_after=dim_after, off_after=off_after,
        resetup=link.refresh_setup, retry_delays=retry_delays,
    )
    worker.device = link.device  # what close() cleans up, even when no panel was ever found
    return worker
