from __future__ import annotations

import io
import threading
import time

import pytest
from PIL import Image

from controller.devices.display import DisplayWorker, open_display
from controller.devices.screens import DisplayModel, render


class SlowDevice:
    """A stand-in OLED whose display() takes as long as a wedged I2C bus."""

    def __init__(self, delay: float) -> None:
        self.delay = delay
        self.frames: list[Image.Image] = []
        self.release = threading.Event()

    def display(self, image: Image.Image) -> None:
        self.release.wait(self.delay)
        self.frames.append(image.copy())


class BrokenDevice:
    def display(self, image: Image.Image) -> None:
        raise OSError("[Errno 121] Remote I/O error")


def model(stability: int) -> DisplayModel:
    return DisplayModel(view={"phase": "election", "stability": stability, "awaiting": [1], "version": 4})


def test_renders_only_when_the_model_changes() -> None:
    device = SlowDevice(0.0)
    worker = DisplayWorker(device)
    try:
        worker.update(model(3))
        assert worker.wait_idle()
        worker.update(model(3))  # an equal model (a fresh but identical view) is skipped
        assert worker.wait_idle()
        assert worker.frames == 1
        worker.update(model(2))
        assert worker.wait_idle()
        assert worker.frames == 2
        assert len(device.frames) == 2
    finally:
        worker.close()


def test_update_never_blocks_and_keeps_only_the_newest() -> None:
    device = SlowDevice(5.0)
    worker = DisplayWorker(device)
    try:
        worker.update(model(1))
        time.sleep(0.05)  # the worker is now stuck inside display()
        started = time.monotonic()
        for stability in range(2, 50):
            worker.update(model(stability % 6))
        worker.update(model(5))
        assert time.monotonic() - started < 0.05
        device.release.set()
        assert worker.wait_idle()
        # the first frame, then straight to the newest: the 48 models in between were dropped
        assert worker.frames == 2
        assert device.frames[-1].tobytes() == render(model(5)).tobytes()
    finally:
        device.release.set()
        worker.close()


def test_latest_png_is_the_rendered_frame() -> None:
    worker = DisplayWorker(SlowDevice(0.0))
    try:
        assert worker.latest_png() is None
        worker.update(model(4))
        assert worker.wait_idle()
        png = worker.latest_png()
        assert png is not None and png.startswith(b"\x89PNG")
        image = Image.open(io.BytesIO(png))
        assert image.size == (128, 64)
        assert image.convert("1").tobytes() == render(model(4)).tobytes()
    finally:
        worker.close()


def test_device_errors_are_kept_not_raised() -> None:
    worker = DisplayWorker(BrokenDevice())
    try:
        worker.update(model(4))
        assert worker.wait_idle()
        assert worker.error is not None and "Remote I/O" in worker.error
        assert worker.latest_png() is not None  # the table page still gets the frame
    finally:
        worker.close()


def test_mock_display_uses_luma_dummy() -> None:
    worker = open_display("ssd1306", 0x3C, mock=True)
    try:
        worker.update(model(2))
        assert worker.wait_idle()
        assert worker.device.image.convert("1").tobytes() == render(model(2)).tobytes()
    finally:
        worker.close()


def test_unknown_model_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown OLED model"):
        open_display("ssd9999", 0x3C, mock=False)
