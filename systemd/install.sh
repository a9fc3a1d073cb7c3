#!/usr/bin/env bash
# Install jaccuse-table as a service on Raspberry Pi OS (Bookworm). Safe to run again: a second run
# changes nothing. Run from a checkout:  sudo systemd/install.sh
#
# JT_ROOT (default empty) prefixes every path the script writes, so tests can install into a folder.
# JACCUSE_COMPILE_RULES=1 (sudo JACCUSE_COMPILE_RULES=1 systemd/install.sh) compiles the rules core with
# mypyc: about twice as fast for `simulate` and bots, a few minutes of building on the Pi, and a plain
# Python install instead if the build fails.
set -euo pipefail

SRC="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ROOT="${JT_ROOT:-}"
APP="$ROOT/opt/jaccuse-table"
ETC="$ROOT/etc/jaccuse-table"
UNIT="$ROOT/etc/systemd/system/jaccuse-table.service"
UDEV_RULE="$ROOT/etc/udev/rules.d/99-jaccuse-hub.rules"
MODULES_CONF="$ROOT/etc/modules-load.d/jaccuse-table.conf"
# Bookworm keeps config.txt on the boot partition mounted at /boot/firmware; older releases at /boot
BOOT_CONFIG="$ROOT/boot/firmware/config.txt"
[ -f "$BOOT_CONFIG" ] || BOOT_CONFIG="$ROOT/boot/config.txt"
I2C_HZ=400000
SERVICE_USER=jaccuse
COMPILE="${JACCUSE_COMPILE_RULES:-0}"
restart=0  # 1 once something the running service uses has changed

say() { printf 'jaccuse-table install: %s\n' "$*"; }

if [ -z "$ROOT" ] && [ "$(id -u)" -ne 0 ]; then
    echo "jaccuse-table install: run me as root (sudo $0)" >&2
    exit 1
fi

# 1. system packages: venv, the lgpio pin library gpiozero uses on Bookworm, I2C tools for doctor
missing=()
packages=(python3-venv python3-lgpio i2c-tools)
# a compiled rules core needs a C compiler and the Python headers
[ "$COMPILE" = 1 ] && packages+=(gcc python3-dev)
for pkg in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "ok installed" || missing+=("$pkg")
done
# python3-lgpio comes from Raspberry Pi OS's own archive; on another Debian-based system (Ubuntu or
# plain Debian on a Pi) lgpio is installed from PyPI into the box's venv instead (step 4), which has
# wheels for 64-bit ARM; where neither works the installer stops with one line saying so
LGPIO_FROM_PYPI=0
if [ "${#missing[@]}" -gt 0 ]; then
    apt-get update -q
    if [[ " ${missing[*]} " == *" python3-lgpio "* ]] \
        && ! apt-cache policy python3-lgpio 2>/dev/null | grep -Eq 'Candidate: [0-9]'; then
        say "python3-lgpio is not in this system's package archives (Raspberry Pi OS has it): lgpio comes from PyPI instead"
        LGPIO_FROM_PYPI=1
        kept=()
        for pkg in "${missing[@]}"; do [ "$pkg" = python3-lgpio ] || kept+=("$pkg"); done
        missing=("${kept[@]}")
    fi
fi
if [ "${#missing[@]}" -gt 0 ]; then
    say "installing ${missing[*]}"
    apt-get install -y -q "${missing[@]}"
fi

# 2. I2C on (for the OLED); raspi-config is only on Raspberry Pi OS
if command -v raspi-config >/dev/null 2>&1; then
    if [ "$(raspi-config nonint get_i2c)" != "0" ]; then
        say "enabling I2C"
        raspi-config nonint do_i2c 0
    fi
fi

# 2b. the I2C bus at 400 kHz: a full OLED frame then takes about 25 ms instead of about 100 ms
#     (dtparam=i2c_arm_baudrate in config.txt; it takes effect at the next boot). Only a line that
#     applies to every model counts: one before any [filter] section or after an [all]. The line is
#     appended under its own [all], since a config.txt may end in a section for one model ([pi4],
#     [cm5]) and a line added there would apply to that model only.
I2C_MARK='# jaccuse-table: the OLED on a fast I2C bus'
every_model_baudrate_lines() {
    awk '/^[[:space:]]*\[/ { filtered = ($0 !~ /^[[:space:]]*\[all\]/); next }
         !filtered && /^[^#]*i2c_arm_baudrate=/ { print NR }' "$1"
}
if [ -f "$BOOT_CONFIG" ]; then
    lines="$(every_model_baudrate_lines "$BOOT_CONFIG")"
    if [ -z "$lines" ]; then
        say "setting the I2C bus to $I2C_HZ Hz in $BOOT_CONFIG (reboot to use it)"
        printf '\n%s\n[all]\ndtparam=i2c_arm_baudrate=%s\n' "$I2C_MARK" "$I2C_HZ" >> "$BOOT_CONFIG"
    else
        for n in $lines; do
            if ! sed -n "${n}p" "$BOOT_CONFIG" | grep -Eq "i2c_arm_baudrate=$I2C_HZ([,[:space:]]|$)"; then
                say "setting the I2C bus to $I2C_HZ Hz in $BOOT_CONFIG, line $n (reboot to use it)"
                sed -i -E "${n}s/^([^#]*i2c_arm_baudrate=)[0-9]+/\1$I2C_HZ/" "$BOOT_CONFIG"
            fi
        done
    fi
else
    say "no config.txt found: set dtparam=i2c_arm_baudrate=$I2C_HZ yourself (see hardware/README.md)"
fi

# 3. a service user in the groups for GPIO, I2C and the USB serial hub
if ! id "$SERVICE_USER" >/dev/null 2>&1; then
    say "adding system user $SERVICE_USER"
    useradd --system --home-dir /var/lib/jaccuse-table --no-create-home --shell /usr/sbin/nologin "$SERVICE_USER"
fi
for group in gpio i2c dialout; do
    if getent group "$group" >/dev/null 2>&1 && ! id -nG "$SERVICE_USER" | tr ' ' '\n' | grep -qx "$group"; then
        say "adding $SERVICE_USER to $group"
        usermod -a -G "$group" "$SERVICE_USER"
    fi
done

# 4. the code: a copy of this checkout and its own virtual environment
mkdir -p "$APP"
if [ ! -x "$APP/venv/bin/python" ]; then
    say "creating $APP/venv"
    python3 -m venv --system-site-packages "$APP/venv"
fi
# a digest of the source decides whether the installed copy is current
# (and the compile switch: changing it installs again)
# what the box installs from: the package and what building it reads (not the tests, docs or benchmarks,
# which a test run may be writing to while this copies)
INSTALLED=(controller web hardware systemd pyproject.toml setup.py build_backend.py README.md)
digest="$(cd "$SRC" && { find "${INSTALLED[@]}" \
    -type f -not -path '*/__pycache__/*' -print0 | sort -z | xargs -0 sha256sum; echo "compile=$COMPILE"; \
    echo "lgpio-from-pypi=$LGPIO_FROM_PYPI"; } | sha256sum | cut -d' ' -f1)"
if [ "$(cat "$APP/.installed" 2>/dev/null)" != "$digest" ]; then
    rm -rf "$APP/src"
    mkdir -p "$APP/src"
    (cd "$SRC" && tar --exclude='__pycache__' --exclude=.pytest_cache --exclude=node_modules \
        -cf - "${INSTALLED[@]}") | tar -xf - -C "$APP/src"
    if [ "$COMPILE" = 1 ]; then
        say "installing the package into $APP/venv, rules core compiled with mypyc (a few minutes)"
        if ! JACCUSE_COMPILE_RULES=1 "$APP/venv/bin/pip" install -q "$APP/src"; then
            say "compiling the rules core failed (see above); installing it as plain Python instead"
            JACCUSE_COMPILE_RULES=0 "$APP/venv/bin/pip" install -q "$APP/src"
        fi
    else
        say "installing the package into $APP/venv"
        JACCUSE_COMPILE_RULES=0 "$APP/venv/bin/pip" install -q "$APP/src"
    fi
    if [ "$LGPIO_FROM_PYPI" = 1 ] && ! "$APP/venv/bin/pip" install -q "lgpio>=0.2.2"; then
        echo "jaccuse-table install: no GPIO library: python3-lgpio is not packaged here and PyPI has no lgpio wheel for $(uname -m); use Raspberry Pi OS (64-bit for the PyPI wheel), or install liblgpio and run me again" >&2
        exit 1
    fi
    # bytecode now, for everything the box imports: the service runs with PYTHONDONTWRITEBYTECODE=1 (so a
    # read-only root works), and a module without its .pyc is compiled again at every start
    "$APP/venv/bin/python" -m compileall -q -j 0 "$APP/venv/lib" > /dev/null || say "precompiling bytecode failed; the box still runs, it starts slower"
    printf '%s' "$digest" > "$APP/.installed"
    restart=1
fi

# 5. the config file, written once and never overwritten
mkdir -p "$ETC"
if [ ! -f "$ETC/config.toml" ]; then
    say "writing $ETC/config.toml"
    "$APP/venv/bin/python" -c 'from controller.config import default_config_text; print(default_config_text(), end="")' > "$ETC/config.toml"
fi
if [ ! -f "$ETC/pinmap-gpio.toml" ] && [ -f "$SRC/hardware/pinmap-gpio.toml" ]; then
    cp "$SRC/hardware/pinmap-gpio.toml" "$ETC/pinmap-gpio.toml"
fi

# 5b. the pad hub's udev rule: a stable /dev/jaccuse-hub, and ModemManager kept away from it
mkdir -p "$(dirname "$UDEV_RULE")"
if ! cmp -s "$SRC/systemd/99-jaccuse-hub.rules" "$UDEV_RULE"; then
    say "installing $UDEV_RULE"
    cp "$SRC/systemd/99-jaccuse-hub.rules" "$UDEV_RULE"
    if command -v udevadm >/dev/null 2>&1; then
        udevadm control --reload-rules
        udevadm trigger --subsystem-match=tty --action=change
    fi
fi

# 5c. the drivers behind the unit's device groups, loaded at every boot before the service starts:
#     systemd resolves DeviceAllow=char-ttyACM from /proc/devices when the service starts, so without
#     cdc_acm loaded then, a hub plugged in later would be refused (see the file for the details)
mkdir -p "$(dirname "$MODULES_CONF")"
if ! cmp -s "$SRC/systemd/jaccuse-table-modules.conf" "$MODULES_CONF"; then
    say "installing $MODULES_CONF (cdc_acm, usbserial, i2c-dev at boot) and loading them now"
    cp "$SRC/systemd/jaccuse-table-modules.conf" "$MODULES_CONF"
    modprobe -a cdc_acm usbserial i2c-dev || say "could not load them now; they load at the next boot"
    restart=1
fi

# 6. the unit, enabled and started (restarted when something it uses changed)
mkdir -p "$(dirname "$UNIT")"
if ! cmp -s "$SRC/systemd/jaccuse-table.service" "$UNIT"; then
    say "installing $UNIT"
    cp "$SRC/systemd/jaccuse-table.service" "$UNIT"
    systemctl daemon-reload
    restart=1
fi
if ! systemctl is-enabled --quiet jaccuse-table.service; then
    say "enabling the service"
    systemctl enable jaccuse-table.service
fi
if ! systemctl is-active --quiet jaccuse-table.service; then
    systemctl start jaccuse-table.service
elif [ "$restart" = 1 ]; then
    say "restarting the service"
    systemctl restart jaccuse-table.service
fi
say "done. Logs: journalctl -u jaccuse-table -f"
