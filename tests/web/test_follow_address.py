"""The box follows its LAN address while it runs (issue 14, point 10).

A Pi that starts before its DHCP lease used to keep ``127.0.0.1`` in its QR codes all evening. Here
the address comes from an injected source that changes under a running box: the QR codes, the join
address on the table page, the OLED's start screen, ``host-link.txt`` and the Host check all follow it,
while the source is asked at most once per interval.
"""

from __future__ import annotations

from pathlib import Path

from test_device_feed import RecordingDisplay
from web_helpers import WaitFor

from controller.config import Config
from controller.fanout.feeder import DeviceFeeder
from controller.host_link import HostLinkFollower
from controller.lan import LOOPBACK, LanAddress, local_addresses, url_host
from controller.table import HostKey, Table, TableConfig
from web import create_app
from web.guards import BoxNames
from web.pages import _qr_svg


class Lease:
    """A DHCP lease that arrives late: an address source the test changes, counting its calls."""

    def __init__(self, address: str | None = None) -> None:
        self.address = address
        self.calls = 0

    def __call__(self) -> str | None:
        self.calls += 1
        return self.address

    def all(self) -> frozenset[str]:
        return frozenset({self.address} if self.address else set())


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_source_is_asked_at_most_once_per_interval_and_changes_are_heard() -> None:
    lease, clock, heard = Lease(), Clock(), []
    lan = LanAddress(lease, lease.all, every=5.0, clock=clock)
    lan.on_change(heard.append)
    assert lan.current() == LOOPBACK  # no lease yet
    for _ in range(50):
        lan.current()
        lan.addresses()
    assert lease.calls == 1
    lease.address = "192.168.1.20"
    clock.now += 4.9
    assert lan.current() == LOOPBACK and lease.calls == 1
    clock.now += 0.2
    assert lan.current() == "192.168.1.20" and lease.calls == 2
    assert heard == ["192.168.1.20"]
    assert "192.168.1.20" in lan.addresses()
    # a request naming an address not seen yet may ask again, but at most once a second
    lease.address = "192.168.1.21"
    assert "192.168.1.21" in lan.recheck() and lease.calls == 3
    lease.address = "192.168.1.22"
    assert "192.168.1.22" not in lan.recheck() and lease.calls == 3
    assert heard == ["192.168.1.20", "192.168.1.21"]


def test_a_fixed_listen_address_is_not_followed() -> None:
    lease = Lease("192.168.1.20")
    lan = LanAddress(lease, lease.all, fixed="10.0.0.5", every=0.0)
    assert lan.current() == "10.0.0.5" and "10.0.0.5" in lan.addresses()


def test_local_addresses_reads_every_interface(tmp_path: Path) -> None:
    (tmp_path / "fib_trie").write_text(
        "Local:\n  +-- 0.0.0.0/0 3 0 5\n     |-- 192.168.1.20\n        /32 host LOCAL\n"
        "     |-- 192.168.1.255\n        /32 link BROADCAST\n     |-- 10.8.0.2\n        /32 host LOCAL\n"
    )
    (tmp_path / "if_inet6").write_text("fd000000000000000000000000000002 04 40 00 82     eth0\n")
    found = local_addresses(tmp_path)
    assert {"192.168.1.20", "10.8.0.2", "fd00::2", "127.0.0.1", "::1"} <= found
    assert "192.168.1.255" not in found
    assert url_host("fd00::2") == "[fd00::2]" and url_host("10.8.0.2") == "10.8.0.2"


def test_qr_codes_join_address_and_host_check_follow_a_late_lease(tmp_path: Path) -> None:
    lease = Lease()
    lan = LanAddress(lease, lease.all, every=0.0)
    table = Table.open(TableConfig(data_dir=tmp_path, players=5, seed=3))
    table.start()
    try:
        app = create_app(table, host_key=HostKey(tmp_path), names=BoxNames(lan, hostname="box"),
                         public_base=lambda: f"http://{url_host(lan.current())}:8000")
        client = app.test_client()
        assert client.get("/api/box").get_json()["join_base"] == "http://127.0.0.1:8000"
        assert client.get("/qr/seat/0.svg").data == _qr_svg("http://127.0.0.1:8000/seat/0")
        assert client.get("/api/table", headers={"Host": "192.168.1.20:8000"}).status_code == 421
        lease.address = "192.168.1.20"  # the lease arrives while the box runs
        assert client.get("/api/box").get_json()["join_base"] == "http://192.168.1.20:8000"
        assert client.get("/qr/seat/0.svg").data == _qr_svg("http://192.168.1.20:8000/seat/0")
        assert client.get("/api/table", headers={"Host": "192.168.1.20:8000"}).status_code == 200
    finally:
        table.stop()


def test_the_oled_start_screen_follows_the_address(tmp_path: Path, wait_for: WaitFor | None) -> None:
    lease = Lease()
    lan = LanAddress(lease, lease.all, every=0.0)
    table = Table.open(TableConfig(data_dir=tmp_path, players=5, pads="mock", seed=21))
    devices = DeviceFeeder()
    devices.address_every = 0.2
    devices.open(True, "mock", 5, Config())
    devices.display.close()
    display = RecordingDisplay()
    devices.display = display
    table.start()
    devices.start(table, lambda: f"http://{lan.current()}:8000/", wait=wait_for(table) if wait_for else None)
    try:
        display.wait_for(lambda m: m.startup_url == "http://127.0.0.1:8000/")
        lease.address = "192.168.1.20"
        # no table change is needed: while the start screen shows, the feeder looks again every address_every
        display.wait_for(lambda m: m.startup_url == "http://192.168.1.20:8000/", timeout=5.0)
    finally:
        devices.close()
        table.stop()


def test_host_link_txt_follows_the_address_and_a_rotated_key(tmp_path: Path) -> None:
    lease = Lease()
    lan = LanAddress(lease, lease.all, every=0.0)
    key = HostKey(tmp_path)
    follower = HostLinkFollower(tmp_path, lambda: f"http://{lan.current()}:8000", key)
    follower.start()
    follower.stop()  # checked by hand below, not by the thread
    link = tmp_path / "host-link.txt"
    assert link.read_text().strip() == f"http://127.0.0.1:8000/host?key={key.current()}"
    lease.address = "192.168.1.20"
    follower.check()
    assert link.read_text().strip() == f"http://192.168.1.20:8000/host?key={key.current()}"
    new = HostKey(tmp_path).rotate()  # by another process: a new file, seen at the next look
    follower.check()
    assert link.read_text().strip() == f"http://192.168.1.20:8000/host?key={new}"
