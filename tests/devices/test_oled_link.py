"""The OLED's connection: failed opens leave nothing behind, a panel that lost power comes back lit."""

from __future__ import annotations

import gc
import time

import pytest
from fake_oled import Controller, I2cAdapter, ProbeBus, open_buses, open_fds, rss_bytes

from controller.devices.display import DisplayWorker, Panel, open_display
from controller.devices.oled_link import DISPLAY_OFF, OledLink, PanelMissing, probe
from controller.devices.screens import render
from controller.oled_kit.model import DisplayModel

MODELS = ["ssd1306", "ssd1309", "sh1106"]


def model(stability: int) -> DisplayModel:
    view = {"phase": "election", "stability": stability, "awaiting": [1], "version": 10 + stability}
    return DisplayModel(view=view)


def wait_for(condition: object, timeout: float = 3.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():  # type: ignore[operator]
            return True
        time.sleep(0.01)
    return False


def memory_of(model_name: str, image: object) -> list[bytearray]:
    """What luma's own set-up and display() leave in a controller's memory."""
    from luma.oled import device as oled

    controller = Controller(model_name)
    getattr(oled, model_name)(controller, width=128, height=64).display(image)
    return controller.memory


# -- 1. a missing panel leaks nothing ---------------------------------------------------------------
@pytest.mark.parametrize("answers", ["never", "probe-only"])
def test_hundreds_of_failed_opens_leave_descriptors_and_memory_flat(
    monkeypatch: pytest.MonkeyPatch, answers: str
) -> None:
    """Through smbus2's own open of /dev/i2c-1: no panel, or one that takes the probe and then fails."""
    adapter = I2cAdapter(answers=(lambda n: False) if answers == "never" else (lambda n: n % 2 == 1))
    adapter.install(monkeypatch)
    link = OledLink("ssd1306", 0x3C, port=1)
    buses = open_buses()  # pytest itself holds /dev/null open
    for _ in range(50):  # warm up: imports, caches, the allocator's first arenas
        with pytest.raises(Exception, match=r"(?i)0x3c"):  # PanelMissing, or luma's DeviceNotFoundError
            link.open(0xCF)
    gc.collect()
    fds, rss = open_fds(), rss_bytes()
    for _ in range(500):
        with pytest.raises(Exception, match=r"(?i)0x3c"):  # PanelMissing, or luma's DeviceNotFoundError
            link.open(0xCF)
    gc.collect()
    assert adapter.opened >= 550  # every attempt really opened the bus
    assert open_fds() == fds and open_buses() == buses
    assert rss_bytes() - rss < 2 * 1024 * 1024  # before the fix: some 300 kB an attempt
    assert not link.is_open


def test_the_worker_retrying_a_missing_panel_leaks_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """open_display's own opener, retried by the worker's thread as the box does it (just faster)."""
    adapter = I2cAdapter()
    adapter.install(monkeypatch)
    buses = open_buses()  # pytest itself holds /dev/null open
    worker = open_display("ssd1306", 0x3C, retry_delays=(0.0005,))
    try:
        assert worker.device is not None and not worker.connected
        assert wait_for(lambda: adapter.opened > 40)
        gc.collect()
        rss, opened = rss_bytes(), adapter.opened
        assert wait_for(lambda: adapter.opened > opened + 300, timeout=20)
        gc.collect()
        # the thread keeps probing meanwhile: at most the probe in flight holds a bus open
        assert open_buses() - buses <= 1 and rss_bytes() - rss < 2 * 1024 * 1024
    finally:
        worker.close()


def test_the_probe_is_a_command_write_and_closes_its_bus() -> None:
    closed: list[bool] = []

    class Bus:
        def __init__(self, port: int) -> None:
            self.port = port

        def write_byte_data(self, address: int, register: int, value: int) -> None:
            assert (self.port, address, register, value) == (1, 0x3D, 0x00, 0xE3)  # command mode, NOP
            raise OSError(121, "Remote I/O error")

        def close(self) -> None:
            closed.append(True)

    with pytest.raises(PanelMissing, match="0x3d"):
        probe(1, 0x3D, Bus)
    assert closed == [True]


# -- 3. a panel that lost power between frames -------------------------------------------------------
@pytest.mark.parametrize("model_name", MODELS)
def test_the_recorded_set_up_is_lumas(model_name: str) -> None:
    """Our open sends what luma's constructor sends, then the contrast: either way the panel is the same."""
    from luma.oled import device as oled

    ours, lumas = Controller(model_name), Controller(model_name)
    link = OledLink(
        model_name, 0x3C, serial_factory=lambda port, address: ours, probe_bus=lambda p: ProbeBus(ours)
    )
    link.open(0xCF)
    getattr(oled, model_name)(lumas, width=128, height=64)
    assert link.setup[0][0] == DISPLAY_OFF
    assert ours.commands[-1] == 0x81 and ours.commands == lumas.commands[: len(ours.commands)]
    assert ours.pump == lumas.pump


def lit_worker(model_name: str, controller: Controller, **kw: object) -> tuple[DisplayWorker, OledLink]:
    link = OledLink(
        model_name, 0x3C, serial_factory=lambda port, address: controller,
        probe_bus=lambda port: ProbeBus(controller),
    )

    def opener() -> object:
        return link.open(0xCF)

    worker = DisplayWorker(opener(), opener=opener, resetup=link.refresh_setup, **kw)  # type: ignore[arg-type]
    return worker, link


@pytest.mark.parametrize("model_name", MODELS)
def test_a_panel_that_lost_power_while_idle_is_lit_again_within_the_refresh(model_name: str) -> None:
    controller = Controller(model_name)
    worker, _ = lit_worker(model_name, controller, refresh_every=0.1)
    try:
        worker.update(model(3))
        assert worker.wait_idle()
        expected = memory_of(model_name, render(model(3)))
        assert controller.lit and controller.memory == expected
        controller.power_cut()  # between frames: no write fails, nothing tells the box
        assert not controller.lit
        started = time.monotonic()
        assert wait_for(lambda: controller.lit and controller.memory == expected)
        assert time.monotonic() - started < 1.0
        assert worker.reopened == 0 and worker.error is None  # noticed without any write failing
        offs = controller.commands.count(DISPLAY_OFF)
        refreshes = worker.refreshes
        assert wait_for(lambda: worker.refreshes >= refreshes + 3)
        assert controller.commands.count(DISPLAY_OFF) == offs  # a healthy panel is never blanked by it
    finally:
        worker.close()


def test_a_dark_panel_is_not_refreshed_and_wakes_fully_set_up() -> None:
    """Dark against burn-in, the thread sleeps; a change brings back a panel that lost power meanwhile."""
    controller = Controller("ssd1306")
    worker, _ = lit_worker("ssd1306", controller, refresh_every=0.05, off_after=0.2)
    try:
        worker.update(model(3))
        assert worker.wait_idle()
        assert wait_for(lambda: worker.look == "off")
        assert not controller.on
        refreshes = worker.refreshes
        controller.power_cut()
        time.sleep(0.3)
        assert worker.refreshes == refreshes  # nothing to keep lit: no wake-ups
        worker.update(model(2))
        assert worker.wait_idle()
        assert controller.lit and controller.memory == memory_of("ssd1306", render(model(2)))
    finally:
        worker.close()


def test_the_refresh_sends_the_frame_as_the_rotated_panel_holds_it() -> None:
    from luma.oled import device as oled

    controller = Controller("ssd1306")
    link = OledLink(
        "ssd1306", 0x3C, rotate=180, serial_factory=lambda port, address: controller,
        probe_bus=lambda port: ProbeBus(controller),
    )
    panel = Panel(link.open(0xCF))
    image = render(model(3))
    panel.show(image)
    lumas = Controller("ssd1306")
    oled.ssd1306(lumas, width=128, height=64, rotate=2).display(image)
    assert controller.memory == lumas.memory


# -- a fault that repeats backs off ------------------------------------------------------------------
def test_a_panel_that_opens_but_fails_every_frame_is_retried_with_back_off() -> None:
    """It takes the set-up, then fails each frame (a marginal wire): the reopens follow the retry delays."""
    controller = Controller("ssd1306")
    link = OledLink(
        "ssd1306", 0x3C, serial_factory=lambda port, address: controller,
        probe_bus=lambda p: ProbeBus(controller),
    )
    opens: list[float] = []

    def opener() -> object:
        opens.append(time.monotonic())
        device = link.open(0xCF)
        controller.fail = True  # from the first frame on
        return device

    def fail_then_open() -> object:
        controller.fail = False
        return opener()

    worker = DisplayWorker(None, opener=fail_then_open, resetup=link.refresh_setup, retry_delays=(0.1, 0.2))
    try:
        worker.update(model(3))
        time.sleep(1.0)
        assert 3 <= len(opens) <= 8  # about 1 s / 0.2 s; it was thousands a second
        assert worker.error is not None
    finally:
        worker.close()


def test_an_unexpected_error_in_the_thread_pauses_it_and_it_goes_on(caplog: pytest.LogCaptureFixture) -> None:
    calls: list[float] = []

    class Odd:
        def display(self, image: object) -> None:
            pass

    worker = DisplayWorker(Odd(), renderer=render)
    real = worker._timers

    def broken() -> None:
        calls.append(time.monotonic())
        if len(calls) < 3:
            raise RuntimeError("a bug")
        real()

    worker._timers = broken  # type: ignore[method-assign]
    try:
        worker.update(model(3))
        assert wait_for(lambda: worker.frames == 0 and len(calls) >= 1)
        worker.update(model(2))
        time.sleep(0.3)
        assert len(calls) <= 2  # paused after the error, not spinning
        worker.update(model(1))
        assert wait_for(lambda: worker.frames >= 1, timeout=5)
        assert sum("a bug" in r.getMessage() or "a bug" in str(r.exc_info) for r in caplog.records) == 1
    finally:
        worker.close()
