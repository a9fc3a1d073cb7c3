"""The OLED as a device: a worker thread that renders the newest model and pushes it over I2C.

The table must never wait for the screen (an I2C frame takes ~25 ms at 400 kHz, far longer when the bus
is stuck), so `update` only swaps in the newest model and the thread does the slow work.
"""

from __future__ import annotations

import io
import logging
import os
import threading
import time
from collections.abc import Callable
from typing import Any

from PIL import Image

from controller.devices.screens import HEIGHT, WIDTH, DisplayModel, render

log = logging.getLogger(__name__)

OLED_MODELS: tuple[str, ...] = ("ssd1306", "sh1106", "ssd1309")
OLED_ADDRESSES: tuple[int, ...] = (0x3C, 0x3D)

Renderer = Callable[[DisplayModel], Image.Image]


class DisplayWorker:
    """Renders on its own thread only when the model changed; keeps the last frame as PNG bytes."""

    def __init__(self, device: Any, renderer: Renderer = render) -> None:
        self.device = device
        self._render = renderer
        self._cond = threading.Condition()
        self._pending: DisplayModel | None = None
        self._has_pending = False
        self._last: DisplayModel | None = None
        self._png: bytes | None = None
        self._stopping = False
        self._busy = False
        self.frames = 0  # frames rendered (not skipped), for tests and the doctor
        self._frame_version: int | None = None  # the table version the last frame shows
        self._frame_at: float | None = None  # time.monotonic() when the last frame was ready
        self.error: str | None = None  # the last device error, None once a frame got through again
        self._thread = threading.Thread(target=self._run, name="oled", daemon=True)
        self._thread.start()

    def update(self, model: DisplayModel) -> None:
        """Hand over the newest model; never blocks on rendering or the bus, older models are dropped."""
        with self._cond:
            self._pending = model
            self._has_pending = True
            self._cond.notify_all()

    def latest_png(self) -> bytes | None:
        """The last rendered frame as PNG (for the table page), or None before the first frame."""
        with self._cond:
            return self._png

    def frame_info(self) -> dict[str, Any]:
        """Count, table version and ``time.monotonic()`` of the last frame (for the latency benchmark)."""
        with self._cond:
            return {"frames": self.frames, "version": self._frame_version, "rendered_at": self._frame_at}

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

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._has_pending or self._stopping)
                if self._stopping:
                    return
                model = self._pending
                self._has_pending = False
                if model is None or model == self._last:
                    self._cond.notify_all()
                    continue
                self._busy = True
            try:
                self._draw(model)
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()

    def _draw(self, model: DisplayModel) -> None:
        try:
            image = self._render(model)
        except Exception:  # a bad view must not kill the screen for the rest of the game
            log.exception("rendering the OLED frame failed")
            return
        buffer = io.BytesIO()
        image.save(buffer, format="PNG")
        with self._cond:
            self._png = buffer.getvalue()
            self._last = model
            self.frames += 1
            version = model.view.get("version") if model.view is not None else None
            self._frame_version = version if isinstance(version, int) else None
            self._frame_at = time.monotonic()
        try:
            self.device.display(image)
            self.error = None
        except Exception as exc:  # OLED unplugged or bus error: keep rendering for the table page
            if self.error is None:
                log.warning("OLED did not take the frame: %s", exc)
            self.error = str(exc) or type(exc).__name__


def open_display(
    model_name: str | None = None, address: int | None = None, mock: bool = False, i2c_port: int = 1
) -> DisplayWorker:
    """The OLED on I2C bus 1 (or luma's in-memory dummy in mock mode), wrapped in a started worker.

    Left out, the model and address come from JACCUSE_OLED_MODEL / JACCUSE_OLED_ADDRESS (e.g. `sh1106`,
    `0x3d`), else an SSD1306 at 0x3C, the common 0.96" module.
    """
    if mock:
        from luma.core.device import dummy

        return DisplayWorker(dummy(width=WIDTH, height=HEIGHT, mode="1"))
    model_name = model_name or os.environ.get("JACCUSE_OLED_MODEL") or "ssd1306"
    if address is None:
        address = int(os.environ.get("JACCUSE_OLED_ADDRESS") or "0x3c", 0)
    if model_name not in OLED_MODELS:
        raise ValueError(f"unknown OLED model {model_name!r}; use one of {', '.join(OLED_MODELS)}")
    from luma.core.interface.serial import i2c
    from luma.oled import device as oled

    serial = i2c(port=i2c_port, address=address)
    device = getattr(oled, model_name)(serial, width=WIDTH, height=HEIGHT)
    return DisplayWorker(device)
