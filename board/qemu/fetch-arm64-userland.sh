#!/usr/bin/env bash
# Unpacks what the arm64 virtual board runs into the cache, once per package list, and
# prints its directory: Debian trixie's arm64 kernel (linux-image-arm64, its modules),
# busybox, udev, libinput's tools and the shared libraries the cross-built kiosk links.
# trixie, because the kiosk for arm64 is built against trixie's libraries
# (scripts/build-arm64.sh). The packages are unpacked, not installed: nothing in them runs
# on this machine.
#
# Usage: board/qemu/fetch-arm64-userland.sh CACHE_DIR
# Env:   KIOSK_DEBIAN_MIRROR (default http://deb.debian.org/debian)
set -euo pipefail
cache=$1
mirror=${KIOSK_DEBIAN_MIRROR:-http://deb.debian.org/debian}
packages=linux-image-arm64,busybox-static,udev,libinput-tools,libpixman-1-0,libpng16-16t64,libunibreak6,libthai0,libharfbuzz0b,libfribidi0,libfreetype6,libdrm2,libinput10,libudev1,libespeak-ng1,libasound2t64,libyaml-0-2,libicu76,libstdc++6
root=$cache/userland-arm64
mkdir -p "$cache"
# One fetch at a time: make test starts one early, in the background, beside the builds.
exec 9>"$cache/.userland-lock"
flock 9
if [ ! -f "$root/.complete" ] || [ "$(cat "$root/.complete")" != "$packages" ]; then
    command -v debootstrap >/dev/null || { echo "userland: debootstrap is missing (scripts/install-deps.sh test)" >&2; exit 1; }
    echo "userland: downloading trixie's arm64 kernel and board packages from $mirror" >&2
    rm -rf "$root.tmp"
    debootstrap --arch=arm64 --foreign --variant=minbase --include="$packages" trixie "$root.tmp" "$mirror" \
        >"$cache/userland-arm64.log" 2>&1 \
        || { tail -20 "$cache/userland-arm64.log" >&2; echo "userland: is $mirror reachable? (KIOSK_DEBIAN_MIRROR)" >&2; exit 1; }
    for deb in "$root.tmp"/var/cache/apt/archives/*.deb; do dpkg-deb -x "$deb" "$root.tmp"; done
    rm -rf "$root.tmp"/var/cache/apt/archives/*.deb "$root"
    echo "$packages" > "$root.tmp/.complete"
    mv "$root.tmp" "$root"
fi
echo "$root"
