#!/usr/bin/env bash
# Installs the Debian packages KioskUI builds and tests with, when any is missing.
# Usage: scripts/install-deps.sh [build|test]   (test adds QEMU and the virtual board's tools,
# and Xvfb, xdotool and xwd for the window display's tests)
set -euo pipefail
want=(pkg-config libpixman-1-dev libfreetype-dev libharfbuzz-dev libfribidi-dev libunibreak-dev
      libthai-dev libthai-data libpng-dev libdrm-dev libinput-dev libudev-dev fonts-dejavu-core
      libespeak-ng-dev espeak-ng-data libasound2-dev libyaml-dev libicu-dev libsdl2-dev)
if [ "${1:-build}" = test ]; then
    want+=(qemu-system-x86 qemu-system-arm qemu-user-static busybox-static udev cpio kmod debootstrap e2fsprogs openssh-client pango1.0-tools
           xvfb xdotool x11-apps)
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
# The fleet test's Ansible comes from PyPI.
if [ "${1:-build}" = test ] && ! command -v ansible-playbook >/dev/null; then
    echo "installing: ansible-core (pip)" >&2
    python3 -m pip install -q ansible-core >&2
fi
