from __future__ import annotations

import io
import random
import threading
import time

import pytest
from PIL import Image

from controller.devices.display import DisplayWorker, open_display
from controller.devices.screens import DisplayModel
from controller.games.jaccuse.screens import render


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
    worker = DisplayWorker(device, render)
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
    worker = DisplayWorker(device, render)
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
    worker = DisplayWorker(SlowDevice(0.0), render)
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
    worker = DisplayWorker(BrokenDevice(), render)
    try:
        worker.update(model(4))
        assert worker.wait_idle()
        assert worker.error is not None and "Remote I/O" in worker.error
        assert worker.latest_png() is not None  # the table page still gets the frame
    finally:
        worker.close()


def test_mock_display_uses_luma_dummy() -> None:
    worker = open_display("ssd1306", 0x3C, mock=True, renderer=render)
    try:
        worker.update(model(2))
        assert worker.wait_idle()
        assert worker.device.image.convert("1").tobytes() == render(model(2)).tobytes()
    finally:
        worker.close()


def test_unknown_model_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown OLED model"):
        open_display("ssd9999", 0x3C, mock=False)


# -- panels: only the changed pages go out, and they land where a full frame would put them ------------
class Bus:
    """A fake luma serial interface that plays the controller's memory (horizontal or page addressing)."""

    def __init__(self, width: int = 128, pages: int = 8) -> None:
        self.memory = [bytearray(width) for _ in range(pages)]
        self.width = width
        self.col_range = (0, width - 1)
        self.page_range = (0, pages - 1)
        self.col = 0
        self.page = 0
        self.data_bytes = 0

    def command(self, *cmd: int) -> None:
        if cmd and cmd[0] == 0x21 and len(cmd) >= 6 and cmd[3] == 0x22:  # COLUMNADDR, PAGEADDR
            self.col_range, self.page_range = (cmd[1], cmd[2]), (cmd[4], cmd[5])
            self.col, self.page = cmd[1], cmd[4]
        elif cmd and 0xB0 <= cmd[0] <= 0xB7:  # SH1106: set page, then column
            self.page, self.col = cmd[0] - 0xB0, 0
            self.col_range, self.page_range = (0, self.width - 1), (self.page, self.page)

    def data(self, data: list[int]) -> None:
        self.data_bytes += len(data)
        for value in data:
            self.memory[self.page][self.col] = value
            self.col += 1
            if self.col > self.col_range[1]:
                self.col = self.col_range[0]
                self.page = self.page + 1 if self.page < self.page_range[1] else self.page_range[0]

    def cleanup(self) -> None:
        pass


def expected_memory(image: Image.Image) -> list[bytearray]:
    pixels = image.load()
    memory = [bytearray(128) for _ in range(8)]
    for y in range(64):
        for x in range(128):
            if pixels[x, y]:
                memory[y // 8][x] |= 1 << (y % 8)
    return memory


@pytest.mark.parametrize("model_name", ["ssd1306", "ssd1309", "sh1106"])
def test_only_changed_pages_are_sent_and_land_right(model_name: str) -> None:
    from luma.oled import device as oled

    from controller.devices.display import Panel

    bus = Bus()
    device = getattr(oled, model_name)(bus, width=128, height=64)
    panel = Panel(device)
    first = render(model(3))
    assert panel.show(first) == 8  # a new panel gets everything
    assert bus.memory == expected_memory(first)
    bus.data_bytes = 0
    second = render(DisplayModel(view={**model(3).view, "awaiting": [1, 4]}))  # one more seat waits
    sent = panel.show(second)
    assert 0 < sent < 8
    assert bus.data_bytes == sent * 128
    assert bus.memory == expected_memory(second)
    assert panel.show(second) == 0  # nothing changed: nothing sent


@pytest.mark.parametrize("model_name", ["ssd1306", "ssd1309", "sh1106"])
@pytest.mark.parametrize("rotate", [0, 2])
def test_a_whole_frame_sends_the_same_bytes_as_lumas_own_display(model_name: str, rotate: int) -> None:
    from luma.oled import device as oled

    from controller.devices.display import Panel

    ours, lumas = Bus(), Bus()
    image = Image.frombytes("1", (128, 64), random.Random(rotate).randbytes(128 * 64 // 8))  # every bit
    panel = Panel(getattr(oled, model_name)(ours, width=128, height=64, rotate=rotate))
    device = getattr(oled, model_name)(lumas, width=128, height=64, rotate=rotate)
    ours.data_bytes = lumas.data_bytes = 0  # luma clears the panel when it opens it
    assert panel.show(image) == 8
    device.display(image)
    assert ours.memory == lumas.memory and ours.data_bytes == lumas.data_bytes == 8 * 128
    if rotate == 0:
        assert ours.memory == expected_memory(image)


def test_emulated_panel_takes_the_bus_time() -> None:
    from luma.core.device import dummy

    from controller.devices.display import EmulatedPanel, page_transfer_seconds

    slept: list[float] = []
    panel = EmulatedPanel(dummy(width=128, height=64, mode="1"), 400_000, sleep=slept.append)
    assert 0.020 < 8 * page_transfer_seconds(400_000) < 0.030  # a full frame at 400 kHz: about 25 ms
    assert 0.080 < 8 * page_transfer_seconds(100_000) < 0.120  # and four times that at 100 kHz
    panel.show(render(model(3)))
    panel.show(render(DisplayModel(view={**model(3).view, "awaiting": [1, 4]})))
    assert slept[0] == pytest.approx(8 * panel.page_seconds)
    assert 0 < slept[1] < slept[0]
    assert panel.device.image.convert("1").tobytes() == render(
        DisplayModel(view={**model(3).view, "awaiting": [1, 4]})
    ).tobytes()


def test_frame_time_is_taken_after_the_panel_has_it() -> None:
    device = SlowDevice(0.05)
    worker = DisplayWorker(device, render)
    try:
        before = time.monotonic()
        worker.update(model(2))
        assert worker.wait_idle()
        info = worker.frame_info()
        assert info["frames"] == 1 and info["version"] == 4
        assert info["version_at"] - before >= 0.05  # after display() returned, not when rendered
    finally:
        worker.close()


def test_a_versions_first_frame_keeps_its_time_through_later_frames_of_it() -> None:
    """A countdown or the end of a reveal redraws the same table version: the time it first showed stays."""
    worker = DisplayWorker(SlowDevice(0.0), render)
    try:
        worker.update(model(2))
        assert worker.wait_idle()
        first = worker.frame_info()
        shown = time.monotonic()
        assert first["version"] == 4 and first["version_at"] <= shown
        worker.update(model(3))  # another picture of the same version 4
        assert worker.wait_idle()
        again = worker.frame_info()
        assert again["frames"] == 2 and again["version"] == 4 and again["version_at"] == first["version_at"]
        redrawn = time.monotonic()
        worker.update(DisplayModel(view={**model(3).view, "version": 5}))
        assert worker.wait_idle()
        moved = worker.frame_info()
        assert moved["version"] == 5 and moved["version_at"] >= redrawn
    finally:
        worker.close()


def test_png_is_encoded_only_when_asked_and_once_per_frame(monkeypatch: pytest.MonkeyPatch) -> None:
    saves: list[str] = []
    real_save = Image.Image.save

    def counting_save(self: Image.Image, fp: object, format: str | None = None, **kw: object) -> None:
        saves.append(str(format))
        real_save(self, fp, format=format, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(Image.Image, "save", counting_save)
    worker = DisplayWorker(SlowDevice(0.0), render)
    try:
        for stability in (1, 2, 3):
            worker.update(model(stability))
            assert worker.wait_idle()
        assert saves == []  # three frames, nobody looked: no PNG made
        first = worker.latest_png()
        assert worker.latest_png() is first and saves == ["PNG"]
        worker.update(model(4))
        assert worker.wait_idle()
        assert worker.latest_png() != first and saves == ["PNG", "PNG"]
    finally:
        worker.close()


class FlakyOpener:
    """Opens a panel only from the n-th try on; panels it makes can be told to fail."""

    def __init__(self, fail_first: int) -> None:
        self.calls = 0
        self.fail_first = fail_first
        self.devices: list[SlowDevice] = []

    def __call__(self) -> SlowDevice:
        self.calls += 1
        if self.calls <= self.fail_first:
            raise OSError("[Errno 121] Remote I/O error")
        device = SlowDevice(0.0)
        device.contrast = lambda level: None  # type: ignore[attr-defined]
        self.devices.append(device)
        return device


def test_a_missing_panel_is_looked_for_again_and_gets_the_frame() -> None:
    opener = FlakyOpener(fail_first=2)
    worker = DisplayWorker(None, render, opener=opener, retry_delays=(0.01,))
    try:
        worker.update(model(3))
        assert worker.wait_idle()
        assert worker.latest_png() is not None  # the table page has the frame all along
        deadline = time.monotonic() + 5
        while not opener.devices and time.monotonic() < deadline:
            time.sleep(0.01)
        assert worker.wait_idle()
        assert opener.calls == 3 and worker.reopened == 1 and worker.connected
        assert opener.devices[0].frames[-1].tobytes() == render(model(3)).tobytes()
    finally:
        worker.close()


def test_a_panel_that_failed_is_reinitialised_before_the_next_frame() -> None:
    opener = FlakyOpener(fail_first=0)
    broken = BrokenDevice()
    worker = DisplayWorker(broken, render, opener=opener, retry_delays=(0.01,))
    try:
        worker.update(model(3))
        assert worker.wait_idle()
        deadline = time.monotonic() + 5
        while not opener.devices and time.monotonic() < deadline:
            time.sleep(0.01)
        assert worker.wait_idle()
        assert worker.reopened == 1 and worker.error is None
        worker.update(model(1))
        assert worker.wait_idle()
        assert opener.devices[0].frames[-1].tobytes() == render(model(1)).tobytes()
    finally:
        worker.close()


def test_dims_then_blanks_after_idle_and_wakes_on_change() -> None:
    from luma.core.device import dummy

    from controller.devices.display import DIM_CONTRAST, EmulatedPanel

    panel = EmulatedPanel(dummy(width=128, height=64, mode="1"), sleep=lambda s: None)
    worker = DisplayWorker(panel.device, render, panel=panel, contrast=200, dim_after=0.1, off_after=0.3)
    try:
        worker.update(model(3))
        assert worker.wait_idle()
        assert worker.look == "bright"
        time.sleep(0.2)
        assert worker.look == "dim" and panel.contrast_level == DIM_CONTRAST
        time.sleep(0.25)
        assert worker.look == "off" and not panel.visible
        worker.update(model(2))
        assert worker.wait_idle()
        assert worker.look == "bright" and panel.visible and panel.contrast_level == 200
    finally:
        worker.close()


def test_rotation_must_be_0_or_180() -> None:
    with pytest.raises(ValueError, match="rotate"):
        open_display("ssd1306", 0x3C, mock=True, rotate=90)
