from __future__ import annotations

import io
import random
import threading
import time
from typing import Any

import pytest
from fake_oled import Controller
from PIL import Image

from controller.devices.display import DisplayWorker, open_display
from controller.games.jaccuse.screens import render
from controller.oled_kit.model import DisplayModel


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
class Bus(Controller):
    """The controller's memory, as luma's display() and our Panel leave it (see fake_oled.py)."""


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

    from controller.devices.display import EmulatedPanel, frame_transfer_seconds

    slept: list[float] = []
    panel = EmulatedPanel(dummy(width=128, height=64, mode="1"), 400_000, sleep=slept.append)
    assert 0.020 < frame_transfer_seconds(400_000) < 0.025  # a full frame at 400 kHz: about 23 ms
    assert 0.085 < frame_transfer_seconds(100_000) < 0.100  # and four times that at 100 kHz
    panel.show(render(model(3)))
    panel.show(render(DisplayModel(view={**model(3).view, "awaiting": [1, 4]})))
    assert slept[0] == pytest.approx(frame_transfer_seconds(400_000))
    assert 0 < slept[1] < slept[0]
    assert panel.device.image.convert("1").tobytes() == render(
        DisplayModel(view={**model(3).view, "awaiting": [1, 4]})
    ).tobytes()


class _RecordingSMBus:
    """smbus2's SMBus as luma.core's own I2C interface uses it, recording each message's length after
    the address byte (the control byte and the payload)."""

    def __init__(self, port: int) -> None:
        self.messages: list[int] = []

    def write_i2c_block_data(self, address: int, register: int, data: list[int]) -> None:
        self.messages.append(1 + len(data))

    def i2c_rdwr(self, *messages: Any) -> None:
        self.messages.extend(len(message) for message in messages)

    def close(self) -> None:
        pass


@pytest.mark.filterwarnings("ignore::DeprecationWarning")  # luma's own clear() in its constructor
@pytest.mark.parametrize(
    ("model_name", "mode"), [("ssd1306", "range"), ("ssd1309", "range"), ("sh1106", "pages")]
)
def test_the_frame_time_model_counts_what_luma_puts_on_the_bus(
    monkeypatch: pytest.MonkeyPatch, model_name: str, mode: str
) -> None:
    """Issue 36: the estimate assumed 32-byte writes; luma.core 2.6, which opens the bus itself through
    smbus2, sends a page range's pixels in messages of up to 4,096 bytes (one for a whole frame)."""
    import smbus2
    from luma.core.interface.serial import i2c
    from luma.oled import device as oled

    from controller.devices.display import LUMA_DATA_BLOCK, Panel, frame_transfer_seconds

    monkeypatch.setattr(smbus2, "SMBus", _RecordingSMBus)
    serial = i2c(port=1, address=0x3C)  # luma's own interface, as oled_link opens it
    bus = serial._bus
    panel = Panel(getattr(oled, model_name)(serial, width=128, height=64))
    bus.messages.clear()  # the set-up luma's constructor sent
    panel.show(render(model(3)))
    assert max(bus.messages) > 32  # not 32-byte writes
    if mode == "range":
        assert bus.messages == [7, 1 + 1024] and LUMA_DATA_BLOCK >= 1024  # one command, one data message
    clocks = sum(1 + (1 + n) * 9 + 1 for n in bus.messages)  # start, address, message, stop
    assert frame_transfer_seconds(400_000, 8, mode=mode) == pytest.approx(clocks / 400_000)
    bus.messages.clear()
    panel.show(render(DisplayModel(view={**model(3).view, "awaiting": [1, 4]})))
    sent = panel.pages_sent - 8
    clocks = sum(1 + (1 + n) * 9 + 1 for n in bus.messages)
    assert 0 < sent < 8
    assert frame_transfer_seconds(400_000, sent, mode=mode) == pytest.approx(clocks / 400_000)


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


def _differing_pages(ours: Bus, lumas: Bus) -> list[int]:
    return [page for page in range(8) if ours.memory[page] != lumas.memory[page]]


@pytest.mark.parametrize("model_name", ["ssd1306", "ssd1309", "sh1106"])
@pytest.mark.parametrize("rotate", [0, 1, 2, 3])
def test_partial_updates_match_lumas_display_at_every_rotation(model_name: str, rotate: int) -> None:
    """Frame after frame, each touching a few rows: the panel's memory equals what luma's display() makes."""
    from luma.oled import device as oled

    from controller.devices.display import Panel

    ours, lumas = Bus(), Bus()
    panel = Panel(getattr(oled, model_name)(ours, width=128, height=64, rotate=rotate))
    device = getattr(oled, model_name)(lumas, width=128, height=64, rotate=rotate)
    rng = random.Random(rotate)
    size = device.size  # 64 x 128 when turned a quarter
    image = Image.frombytes("1", size, rng.randbytes(size[0] * size[1] // 8))
    for step in range(12):
        if step:
            image = image.copy()
            top = rng.randrange(size[1] - 3)
            band = Image.frombytes("1", (size[0], 3), rng.randbytes(size[0] * 3 // 8))
            image.paste(band, (0, top))  # a few rows change, as a vote does on the screen
        sent = panel.show(image)
        device.display(image)
        assert _differing_pages(ours, lumas) == [], f"frame {step} ({sent} pages sent)"
        if step and rotate % 2 == 0:
            assert sent < 8  # only the changed pages went out


def test_the_luma_oled_floor_has_what_the_panel_uses() -> None:
    """Panel writes SH1106 pages with luma's own column offset, an attribute luma.oled has from 3.16."""
    import inspect
    import re
    from pathlib import Path

    from luma.oled import device as oled

    pyproject = (Path(__file__).resolve().parents[2] / "pyproject.toml").read_text()
    floor = re.search(r'"luma\.oled>=(\d+)\.(\d+)"', pyproject)
    assert floor and (int(floor.group(1)), int(floor.group(2))) >= (3, 16)
    assert "page_address_offset" in inspect.signature(oled.sh1106).parameters
    assert oled.sh1106(Bus(), width=128, height=64)._page_address_offset == 0x02


# -- pages: a screen too full for one turns its pages by itself -----------------------------------------
def paged_renderer(pages_of: dict[int, int]) -> tuple[list[int], object]:
    """Draws the page number as a bar of that width; `pages_of[stability]` pages for each model, and
    models with a `round` are another screen."""
    drawn: list[int] = []

    def renderer(m: DisplayModel) -> Image.Image:
        image = Image.new("1", (128, 64), 0)
        pages = pages_of[m.view["stability"]] if m.view else 1
        page = m.page % pages
        image.paste(1, (0, 0, 10 + page * 10 + m.view["stability"], 8))
        if pages > 1:
            image.info["pages"], image.info["screen"] = pages, m.view.get("round", "vote")
        drawn.append(page)
        return image

    return drawn, renderer


def test_pages_turn_by_themselves_keep_their_place_and_stop_when_one_fits(clock: Any) -> None:
    drawn, renderer = paged_renderer({3: 3, 2: 3, 1: 1})
    device = SlowDevice(0.0)
    worker = DisplayWorker(device, renderer, page_seconds=2.5, clock=clock)  # type: ignore[arg-type]

    def later(seconds: float, poke: DisplayModel) -> None:
        """Move the worker's clock on and wake it (an update equal to the last is drawn no more)."""
        clock.advance(seconds)
        worker.update(poke)
        assert worker.wait_idle()

    try:
        worker.update(model(3))
        assert worker.wait_idle()
        for _ in range(4):
            later(2.5, model(3))
        assert drawn == [0, 1, 2, 0, 1]  # round and round, one page each 2.5 s
        later(1.0, model(2))  # the same screen, changed (a seat pressed): it stays on its page
        assert drawn[-1] == 1
        later(1.5, model(2))  # and the turn comes when it was due, not 2.5 s after the change
        assert drawn[-1] == 2
        other = DisplayModel(view={**model(2).view, "round": 2})  # another screen: from its first page
        later(0.1, other)
        assert drawn[-1] == 0
        later(2.4, other)  # which stays up for a whole turn
        assert drawn[-1] == 0
        later(0.1, other)
        assert drawn[-1] == 1
        later(0.1, model(1))  # one page: nothing turns any more
        frames = worker.frames
        later(10.0, model(1))
        assert worker.frames == frames and drawn[-1] == 0
    finally:
        worker.close()


def test_a_dark_panel_turns_no_pages() -> None:
    from luma.core.device import dummy

    from controller.devices.display import EmulatedPanel

    _, renderer = paged_renderer({3: 2})
    panel = EmulatedPanel(dummy(width=128, height=64, mode="1"), sleep=lambda s: None)
    worker = DisplayWorker(panel.device, renderer, panel=panel, page_seconds=0.05, off_after=0.2)  # type: ignore[arg-type]
    try:
        worker.update(model(3))
        # the model on the panel first: a worker thread that starts late on a loaded machine can go dark
        # (nothing drawn for off_after) before it draws the model, which then wakes it and turns pages
        assert wait_for_frames(worker, 1)
        deadline = time.monotonic() + 3
        while worker.look != "off" and time.monotonic() < deadline:
            time.sleep(0.01)
        assert worker.look == "off"
        frames = worker.frames
        time.sleep(0.3)
        assert worker.frames == frames  # asleep against burn-in: the pages wait for the next change
    finally:
        worker.close()


def wait_for_frames(worker: DisplayWorker, frames: int, timeout: float = 3.0) -> bool:
    deadline = time.monotonic() + timeout
    while worker.frames < frames and time.monotonic() < deadline:
        time.sleep(0.01)
    return worker.frames >= frames
