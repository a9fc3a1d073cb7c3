"""The systemd unit, the notify helper, and the install/uninstall scripts (with stubbed system tools)."""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import socket
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from controller.sdnotify import Notifier, watchdog_interval

REPO = Path(__file__).resolve().parents[2]
UNIT = REPO / "systemd" / "jaccuse-table.service"


def _unit_options() -> dict[str, list[str]]:
    options: dict[str, list[str]] = {}
    for line in UNIT.read_text().splitlines():
        if "=" in line and not line.startswith("#"):
            key, value = line.split("=", 1)
            options.setdefault(key.strip(), []).append(value.strip())
    return options


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed")
def test_unit_passes_systemd_analyze_verify(tmp_path: Path) -> None:
    unit = tmp_path / "jaccuse-table.service"
    # verify insists the binary exists; everything else is checked as shipped
    unit.write_text(UNIT.read_text().replace("/opt/jaccuse-table/venv/bin/jaccuse-table", "/bin/true"))
    result = subprocess.run(["systemd-analyze", "verify", str(unit)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "jaccuse-table" not in result.stderr, result.stderr


def test_unit_is_a_hardened_notify_service_with_state_and_watchdog() -> None:
    o = _unit_options()
    assert o["Type"] == ["notify"] and o["WatchdogSec"] and o["Restart"] == ["on-failure"]
    assert o["StateDirectory"] == ["jaccuse-table"]
    assert o["NoNewPrivileges"] == ["yes"] and o["ProtectSystem"] == ["strict"]
    assert o["ProtectHome"] == ["yes"]
    assert o["DevicePolicy"] == ["closed"] and len(o["DeviceAllow"]) >= 3
    assert "--config /etc/jaccuse-table/config.toml" in o["ExecStart"][0]
    assert o["WantedBy"] == ["multi-user.target"]


def test_unit_hardening_keeps_what_the_box_needs() -> None:
    o = _unit_options()
    assert o["SystemCallFilter"] == ["@system-service"] and o["ProtectProc"] == ["invisible"]
    assert o["IPAddressDeny"] == ["any"]
    allowed = o["IPAddressAllow"][0].split()
    for net in ("localhost", "link-local", "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16"):
        assert net in allowed
    # these would break the box: no GPIO/I2C/serial devices, no device tree to tell a Pi, no device groups
    for setting in ("PrivateDevices", "ProcSubset", "PrivateUsers"):
        assert setting not in o, setting
    # a group missing on this system must not stop the unit (216/GROUP): groups come from the user
    assert "SupplementaryGroups" not in o and "Group" not in o


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed")
def test_unit_scores_2_5_or_better_in_systemd_analyze_security(tmp_path: Path) -> None:
    unit = tmp_path / "jaccuse-table.service"
    unit.write_text(UNIT.read_text())
    result = subprocess.run(
        ["systemd-analyze", "security", "--offline=yes", str(unit)], capture_output=True, text=True
    )
    if "--offline" in result.stderr and "unrecognized" in result.stderr:
        pytest.skip("this systemd-analyze has no --offline (systemd < 250)")
    match = re.search(r"Overall exposure level for \S+: ([0-9.]+)", result.stdout)
    assert match, result.stdout[-2000:] + result.stderr
    assert float(match.group(1)) <= 2.5, result.stdout


def test_notifier_sends_ready_and_watchdog_to_the_socket(tmp_path: Path, monkeypatch) -> None:
    path = str(tmp_path / "notify.sock")
    server = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    server.bind(path)
    server.settimeout(2)
    n = Notifier(path)
    assert n.enabled and n.ready("serving") and n.watchdog()
    assert server.recv(100) == b"READY=1\nSTATUS=serving"
    assert server.recv(100) == b"WATCHDOG=1"
    monkeypatch.setenv("WATCHDOG_USEC", "30000000")
    monkeypatch.setenv("WATCHDOG_PID", str(os.getpid()))
    assert watchdog_interval() == 15.0


def test_notifier_without_systemd_is_a_no_op(monkeypatch) -> None:
    monkeypatch.delenv("NOTIFY_SOCKET", raising=False)
    monkeypatch.delenv("WATCHDOG_USEC", raising=False)
    assert not Notifier().enabled and not Notifier().watchdog() and watchdog_interval() is None


STUBS = {
    "dpkg-query": 'case " $STUB_NOT_INSTALLED " in *" ${@: -1} "*) echo "unknown";; '
    '*) echo "install ok installed";; esac',
    "apt-cache": 'echo "python3-lgpio:"; echo "  Installed: (none)"; '
    'echo "  Candidate: ${STUB_CANDIDATE:-(none)}"',
    "apt-get": 'echo "apt-get $*" >> "$STUB_LOG"',
    "raspi-config": """
if [ "$2" = get_i2c ]; then cat "$STUB_STATE/i2c" 2>/dev/null || echo 1; else
  echo "raspi-config $*" >> "$STUB_LOG"; echo 0 > "$STUB_STATE/i2c"; fi""",
    "id": """
if [ "$1" = -u ]; then echo 0; exit 0; fi
if [ "$1" = -nG ]; then cat "$STUB_STATE/groups" 2>/dev/null; exit 0; fi
[ -f "$STUB_STATE/user" ]""",
    "useradd": 'echo "useradd $*" >> "$STUB_LOG"; touch "$STUB_STATE/user"',
    "userdel": 'echo "userdel $*" >> "$STUB_LOG"; rm -f "$STUB_STATE/user"',
    "usermod": 'echo "usermod $*" >> "$STUB_LOG"; '
    'echo "$(cat "$STUB_STATE/groups" 2>/dev/null) $3" > "$STUB_STATE/groups"',
    "getent": "exit 0",
    "udevadm": 'echo "udevadm $*" >> "$STUB_LOG"',
    "modprobe": 'echo "modprobe $*" >> "$STUB_LOG"',
    "systemctl": """
case "$1" in
  is-enabled) [ -f "$STUB_STATE/enabled" ];;
  is-active) [ -f "$STUB_STATE/active" ];;
  enable) echo "systemctl $*" >> "$STUB_LOG"; touch "$STUB_STATE/enabled";;
  start|restart) echo "systemctl $*" >> "$STUB_LOG"; touch "$STUB_STATE/active";;
  *) echo "systemctl $*" >> "$STUB_LOG";;
esac""",
    "python3": f"""
if [ "$1" = -m ] && [ "$2" = venv ]; then
  dir="${{@: -1}}"; mkdir -p "$dir/bin"; echo "venv $dir" >> "$STUB_LOG"
  printf '#!/bin/sh\\nPYTHONPATH={REPO} exec {sys.executable} "$@"\\n' > "$dir/bin/python"
  printf '#!/bin/sh\\n%s\\n' "$PIP_STUB" > "$dir/bin/pip"
  chmod +x "$dir/bin/python" "$dir/bin/pip"
else exec {sys.executable} "$@"; fi""",
}


#: the stub pip logs its arguments and the compile switch; with STUB_COMPILE_FAILS set, a compiled
#: build fails as it would with no C compiler
PIP_STUB = (
    'echo "pip $* compile=${JACCUSE_COMPILE_RULES:-unset}" >> "$STUB_LOG"; '
    'if [ -n "$STUB_COMPILE_FAILS" ] && [ "$JACCUSE_COMPILE_RULES" = 1 ]; then exit 1; fi; '
    'case "$*" in *"lgpio>="*) [ -z "$STUB_NO_LGPIO_WHEEL" ] || exit 1;; esac'
)


def _stub_env(tmp_path: Path, config_txt: str | None = "dtparam=audio=on\n") -> dict[str, str]:
    bin_dir, state = tmp_path / "stubs", tmp_path / "state"
    bin_dir.mkdir()
    state.mkdir()
    if config_txt is not None:  # Bookworm's /boot/firmware/config.txt
        boot = tmp_path / "root" / "boot" / "firmware"
        boot.mkdir(parents=True)
        (boot / "config.txt").write_text(config_txt)
    for name, body in STUBS.items():
        path = bin_dir / name
        path.write_text("#!/bin/bash\n" + body.strip() + "\n")
        path.chmod(path.stat().st_mode | stat.S_IEXEC)
    return {
        **os.environ,
        "PATH": f"{bin_dir}:{os.environ['PATH']}",
        "JT_ROOT": str(tmp_path / "root"),
        "STUB_LOG": str(tmp_path / "log"),
        "STUB_STATE": str(state),
        "PIP_STUB": PIP_STUB,
    }


def _tree_digest(root: Path) -> dict[str, str]:
    return {
        str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def _run(script: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["bash", str(REPO / "systemd" / script)], env=env, capture_output=True, text=True,
                          timeout=120)


def test_install_sets_everything_up_and_a_second_run_changes_nothing(tmp_path: Path) -> None:
    env = _stub_env(tmp_path)
    log = tmp_path / "log"
    first = _run("install.sh", env)
    assert first.returncode == 0, first.stderr
    done = log.read_text()
    for expected in ("raspi-config nonint do_i2c 0", "useradd --system", "usermod -a -G gpio",
                     "usermod -a -G i2c", "usermod -a -G dialout", "pip install", "systemctl daemon-reload",
                     "systemctl enable jaccuse-table.service", "systemctl start jaccuse-table.service",
                     "udevadm control --reload-rules"):
        assert expected in done
    root = tmp_path / "root"
    rule = root / "etc/udev/rules.d/99-jaccuse-hub.rules"
    assert rule.read_text() == (REPO / "systemd/99-jaccuse-hub.rules").read_text()
    assert (root / "boot/firmware/config.txt").read_text().endswith("dtparam=i2c_arm_baudrate=400000\n")
    config = root / "etc/jaccuse-table/config.toml"
    assert config.read_text().startswith("# jaccuse-table configuration")
    assert (root / "etc/systemd/system/jaccuse-table.service").read_text() == UNIT.read_text()
    before = _tree_digest(root)
    log.write_text("")
    second = _run("install.sh", env)
    assert second.returncode == 0, second.stderr
    assert log.read_text() == "", "a second install must not change anything"
    assert _tree_digest(root) == before


def test_install_compiles_the_rules_core_only_when_asked(tmp_path: Path) -> None:
    env = _stub_env(tmp_path)
    env.pop("JACCUSE_COMPILE_RULES", None)
    log = tmp_path / "log"
    assert _run("install.sh", env).returncode == 0
    assert "compile=0" in log.read_text() and "compile=1" not in log.read_text()
    # asking for it later installs again, compiled
    log.write_text("")
    result = _run("install.sh", {**env, "JACCUSE_COMPILE_RULES": "1"})
    assert result.returncode == 0, result.stderr
    assert [line for line in log.read_text().splitlines() if line.startswith("pip")] == [
        f"pip install -q {tmp_path}/root/opt/jaccuse-table/src compile=1"
    ]
    assert "compiled with mypyc" in result.stdout


def test_a_failed_compile_falls_back_to_plain_python(tmp_path: Path) -> None:
    env = {**_stub_env(tmp_path), "JACCUSE_COMPILE_RULES": "1", "STUB_COMPILE_FAILS": "1"}
    result = _run("install.sh", env)
    assert result.returncode == 0, result.stderr
    pips = [line for line in (tmp_path / "log").read_text().splitlines() if line.startswith("pip")]
    assert [p.rsplit(" ", 1)[1] for p in pips] == ["compile=1", "compile=0"]
    assert "installing it as plain Python instead" in result.stdout
    # the installed copy is recorded, so a second run does not try again
    (tmp_path / "log").write_text("")
    assert _run("install.sh", env).returncode == 0
    assert (tmp_path / "log").read_text() == ""


#: what the installer appends to config.txt for the I2C bus speed
BLOCK = "\n# jaccuse-table: the OLED on a fast I2C bus\n[all]\ndtparam=i2c_arm_baudrate=400000\n"


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ("dtparam=i2c_arm=on,i2c_arm_baudrate=100000\n", "dtparam=i2c_arm=on,i2c_arm_baudrate=400000\n"),
        ("dtparam=i2c_arm_baudrate=50000\n", "dtparam=i2c_arm_baudrate=400000\n"),
        ("dtparam=i2c_arm_baudrate=400000\n", "dtparam=i2c_arm_baudrate=400000\n"),
        ("#dtparam=i2c_arm_baudrate=100000\n", "#dtparam=i2c_arm_baudrate=100000\n" + BLOCK),
        # a file that ends under a model's filter: the line goes under an [all] of its own
        ("dtparam=audio=on\n[cm5]\ndtoverlay=dwc2\n", "dtparam=audio=on\n[cm5]\ndtoverlay=dwc2\n" + BLOCK),
        # a line under a filter is that model's only: it does not count, and is not changed
        ("[pi4]\ndtparam=i2c_arm_baudrate=100000\n", "[pi4]\ndtparam=i2c_arm_baudrate=100000\n" + BLOCK),
        ("[pi4]\ndtparam=i2c_arm_baudrate=400000\n", "[pi4]\ndtparam=i2c_arm_baudrate=400000\n" + BLOCK),
        # after an [all] it applies to every model again
        ("[pi4]\nx=1\n[all]\ndtparam=i2c_arm_baudrate=100000\n[pi5]\ny=2\n",
         "[pi4]\nx=1\n[all]\ndtparam=i2c_arm_baudrate=400000\n[pi5]\ny=2\n"),
    ],
)
def test_install_sets_the_i2c_bus_to_400_khz(tmp_path: Path, before: str, after: str) -> None:
    env = _stub_env(tmp_path, config_txt=before)
    assert _run("install.sh", env).returncode == 0
    config_txt = tmp_path / "root/boot/firmware/config.txt"
    assert config_txt.read_text() == after
    assert _run("install.sh", env).returncode == 0
    assert config_txt.read_text() == after  # a second run changes nothing


def test_udev_rule_names_the_hub_and_keeps_modemmanager_away() -> None:
    from controller.devices.serial_pads import HUB_LINK, HUB_USB_IDS

    rule = (REPO / "systemd/99-jaccuse-hub.rules").read_text()
    ((vid, pid),) = HUB_USB_IDS
    assert f'ATTRS{{idVendor}}=="{vid:04x}"' in rule and f'ATTRS{{idProduct}}=="{pid:04x}"' in rule
    assert f'SYMLINK+="{HUB_LINK.removeprefix("dev/")}"' in rule
    assert 'ENV{ID_MM_DEVICE_IGNORE}="1"' in rule


def test_install_loads_the_hub_driver_at_every_boot_before_the_service(tmp_path: Path) -> None:
    """cdc_acm must be loaded when the service starts, or its DeviceAllow=char-ttyACM rule is dropped."""
    env = _stub_env(tmp_path)
    assert _run("install.sh", env).returncode == 0
    conf = tmp_path / "root/etc/modules-load.d/jaccuse-table.conf"
    modules = [line.strip() for line in conf.read_text().splitlines() if line.strip()[:1] not in ("", "#")]
    # every device group the unit allows by name has its driver loaded at boot
    drivers = {"char-ttyACM": "cdc_acm", "char-ttyUSB": "usbserial", "char-i2c": "i2c-dev"}
    for allowed in _unit_options()["DeviceAllow"]:
        group = allowed.split()[0]
        if group in drivers:
            assert drivers[group] in modules, group
    assert "modprobe -a cdc_acm usbserial i2c-dev" in (tmp_path / "log").read_text()  # and now
    assert "systemd-modules-load.service" in _unit_options()["After"][0]
    # an installed, running box whose unit or modules changed is restarted so its device rules are new
    conf.write_text("# an older copy\n")
    (tmp_path / "log").write_text("")
    result = _run("install.sh", env)
    assert result.returncode == 0, result.stderr
    log = (tmp_path / "log").read_text()
    assert "modprobe -a" in log and "systemctl restart jaccuse-table.service" in log


def test_without_python3_lgpio_packaged_lgpio_comes_from_pypi(tmp_path: Path) -> None:
    """Ubuntu or plain Debian on a Pi: no python3-lgpio in the archives, so the venv gets PyPI's wheel."""
    env = {**_stub_env(tmp_path), "STUB_NOT_INSTALLED": "python3-lgpio"}
    result = _run("install.sh", env)
    assert result.returncode == 0, result.stderr
    log = (tmp_path / "log").read_text()
    assert "apt-get install" not in log  # nothing else was missing, and python3-lgpio has no candidate
    assert f"pip install -q {tmp_path}/root/opt/jaccuse-table/src" in log
    assert "pip install -q lgpio>=0.2.2" in log
    assert "lgpio comes from PyPI instead" in result.stdout
    # where Raspberry Pi OS's archive has it, the system package is installed as before
    other = tmp_path / "rpi"
    other.mkdir()
    env = {**_stub_env(other), "STUB_NOT_INSTALLED": "python3-lgpio", "STUB_CANDIDATE": "0.2.2-1~rpt1"}
    assert _run("install.sh", env).returncode == 0
    log = (other / "log").read_text()
    assert "apt-get install -y -q python3-lgpio" in log and "lgpio>=0.2.2" not in log


def test_without_any_lgpio_the_installer_stops_with_one_line(tmp_path: Path) -> None:
    env = {**_stub_env(tmp_path), "STUB_NOT_INSTALLED": "python3-lgpio", "STUB_NO_LGPIO_WHEEL": "1"}
    result = _run("install.sh", env)
    assert result.returncode == 1
    assert result.stderr.count("\n") == 1 and "no GPIO library" in result.stderr
    assert not (tmp_path / "root/etc/systemd/system/jaccuse-table.service").exists()


def test_install_keeps_an_edited_config(tmp_path: Path) -> None:
    env = _stub_env(tmp_path)
    assert _run("install.sh", env).returncode == 0
    config = tmp_path / "root/etc/jaccuse-table/config.toml"
    config.write_text("[box]\nport = 9000\n")
    assert _run("install.sh", env).returncode == 0
    assert config.read_text() == "[box]\nport = 9000\n"


def test_uninstall_removes_all_but_the_game_data_and_names_it(tmp_path: Path) -> None:
    env = _stub_env(tmp_path)
    assert _run("install.sh", env).returncode == 0
    data = tmp_path / "root/var/lib/jaccuse-table"
    data.mkdir(parents=True)
    (data / "journal.sqlite3").write_text("game")
    (tmp_path / "log").write_text("")
    result = _run("uninstall.sh", env)
    assert result.returncode == 0, result.stderr
    root = tmp_path / "root"
    assert not (root / "opt/jaccuse-table").exists() and not (root / "etc/jaccuse-table").exists()
    assert not (root / "etc/systemd/system/jaccuse-table.service").exists()
    assert not (root / "etc/modules-load.d/jaccuse-table.conf").exists()
    # config.txt as it was before the install, udev told the hub rule is gone
    assert (root / "boot/firmware/config.txt").read_text() == "dtparam=audio=on\n\n"
    assert "udevadm control --reload-rules" in (tmp_path / "log").read_text().split("userdel")[0]
    assert (data / "journal.sqlite3").read_text() == "game"
    assert str(data) in result.stdout and "userdel jaccuse" in (tmp_path / "log").read_text()


@pytest.mark.parametrize(
    ("before", "installed", "left"),
    [
        # the block as this installer writes it, at the end of a file that ended under a filter
        ("dtparam=audio=on\n[cm5]\ndtoverlay=dwc2\n", None, "dtparam=audio=on\n[cm5]\ndtoverlay=dwc2\n\n"),
        # lines added after the block keep applying to every model: its [all] stays
        ("[pi4]\nx=1\n", "[pi4]\nx=1\n" + BLOCK + "gpu_mem=16\n", "[pi4]\nx=1\n\n[all]\ngpu_mem=16\n"),
        # an earlier installer's block, without [all]
        ("a=1\n", "a=1\n\n# jaccuse-table: the OLED on a fast I2C bus\ndtparam=i2c_arm_baudrate=400000\n",
         "a=1\n\n"),
    ],
)
def test_uninstall_removes_the_i2c_block_as_the_installer_wrote_it(
    tmp_path: Path, before: str, installed: str | None, left: str
) -> None:
    env = _stub_env(tmp_path, config_txt=before)
    config_txt = tmp_path / "root/boot/firmware/config.txt"
    assert _run("install.sh", env).returncode == 0
    if installed is not None:
        config_txt.write_text(installed)  # as an earlier install left it, or with the user's lines after it
    else:
        assert config_txt.read_text() == before + BLOCK
    result = _run("uninstall.sh", env)
    assert result.returncode == 0, result.stderr
    assert config_txt.read_text() == left
