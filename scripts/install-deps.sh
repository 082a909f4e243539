#!/usr/bin/env bash
# Installs the Debian packages KioskUI builds and tests with, when any is missing.
# Usage: scripts/install-deps.sh [build|test]   (test adds QEMU and the virtual board's tools)
set -euo pipefail
want=(pkg-config libpixman-1-dev libfreetype-dev libharfbuzz-dev libpng-dev libdrm-dev
      libinput-dev libudev-dev fonts-dejavu-core)
if [ "${1:-build}" = test ]; then
    want+=(qemu-system-x86 busybox-static udev cpio kmod)
fi
missing=()
for p in "${want[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "installing: ${missing[*]}" >&2
    sudo_cmd=""; [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
    $sudo_cmd apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}" >&2
fi
