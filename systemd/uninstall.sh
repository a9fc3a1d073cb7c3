#!/usr/bin/env bash
# Remove jaccuse-table: the service, the code, the config and the service user. The game data in
# /var/lib/jaccuse-table (the journal and seat tokens) is kept; delete it by hand if you want it gone.
set -euo pipefail

ROOT="${JT_ROOT:-}"
say() { printf 'jaccuse-table uninstall: %s\n' "$*"; }

if [ -z "$ROOT" ] && [ "$(id -u)" -ne 0 ]; then
    echo "jaccuse-table uninstall: run me as root (sudo $0)" >&2
    exit 1
fi
if systemctl list-unit-files jaccuse-table.service >/dev/null 2>&1; then
    systemctl disable --now jaccuse-table.service >/dev/null 2>&1 || true
fi
rm -f "$ROOT/etc/systemd/system/jaccuse-table.service" "$ROOT/etc/udev/rules.d/99-jaccuse-hub.rules" \
    "$ROOT/etc/modules-load.d/jaccuse-table.conf"
systemctl daemon-reload || true
if command -v udevadm >/dev/null 2>&1; then
    udevadm control --reload-rules || true  # the hub rule is gone: /dev/jaccuse-hub goes at the next event
fi
# the fast I2C bus block the installer appended to config.txt (its comment, the [all] it opens and
# the line; earlier installers wrote no [all]); a value it changed in a line of yours is left as it
# is. When something follows the block, its [all] stays, so those lines keep applying to every model.
I2C_MARK='# jaccuse-table: the OLED on a fast I2C bus'
for BOOT_CONFIG in "$ROOT/boot/firmware/config.txt" "$ROOT/boot/config.txt"; do
    if [ -f "$BOOT_CONFIG" ] && grep -qxF "$I2C_MARK" "$BOOT_CONFIG"; then
        kept="$(mktemp)"
        awk -v mark="$I2C_MARK" '
            { line[NR] = $0 }
            END {
                speed = "^dtparam=i2c_arm_baudrate=[0-9]+$"
                for (i = 1; i <= NR; i++) {
                    if (line[i] == mark && line[i + 1] == "[all]" && line[i + 2] ~ speed) {
                        for (j = i + 3; j <= NR; j++) if (line[j] !~ /^[[:space:]]*$/) { print "[all]"; break }
                        i += 2
                    } else if (line[i] == mark && line[i + 1] ~ speed) {
                        i += 1
                    } else {
                        print line[i]
                    }
                }
            }' "$BOOT_CONFIG" > "$kept"
        cat "$kept" > "$BOOT_CONFIG"  # in place: the boot partition keeps the file as it was
        rm -f "$kept"
        say "removed the I2C bus speed lines from $BOOT_CONFIG (applies at the next boot)"
    fi
done
rm -rf "$ROOT/opt/jaccuse-table" "$ROOT/etc/jaccuse-table"
if id jaccuse >/dev/null 2>&1; then
    userdel jaccuse
fi
say "removed the service, /opt/jaccuse-table, /etc/jaccuse-table and the user 'jaccuse'."
say "kept the game data in $ROOT/var/lib/jaccuse-table (remove it with: sudo rm -r $ROOT/var/lib/jaccuse-table)"
