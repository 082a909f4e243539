#!/usr/bin/env bash
# Fetches the kernel Debian's linux-image-amd64 depends on into the cache, once per
# version, and prints its directory (root/boot/vmlinuz-VERSION, root/lib/modules/VERSION).
# Both virtual boards (build-image.sh, build-rootfs.sh) share it. For arm64 the kernel is
# trixie's linux-image-arm64, among the board's packages fetch-arm64-userland.sh unpacks.
#
# Usage: board/qemu/fetch-kernel.sh CACHE_DIR [amd64|arm64]
set -euo pipefail
cache=$1
mkdir -p "$cache"
if [ "${2:-amd64}" = arm64 ]; then
    userland=$("$(dirname "$0")/fetch-arm64-userland.sh" "$cache")
    kernel=$cache/kernel-$(ls "$userland/lib/modules")
    [ -e "$kernel/root" ] || { rm -rf "$cache"/kernel-* && mkdir -p "$kernel" && ln -s "$userland" "$kernel/root"; }
    echo "$kernel"
    exit 0
fi
package=$(apt-cache depends linux-image-amd64 2>/dev/null | awk '/Depends: linux-image-[0-9]/{print $2; exit}')
if [ -z "$package" ]; then
    echo "kernel: apt lists are empty; running apt-get update" >&2
    apt-get update -qq >&2
    package=$(apt-cache depends linux-image-amd64 | awk '/Depends: linux-image-[0-9]/{print $2; exit}')
fi
version=${package#linux-image-}
kernel=$cache/kernel-$version
if [ ! -f "$kernel/done" ]; then
    echo "kernel: downloading $package" >&2
    rm -rf "$cache"/kernel-* && mkdir -p "$kernel/deb"   # only the current kernel is kept
    (cd "$kernel/deb" && apt-get download "$package" 2>&1 | grep -v '^W: Download is performed unsandboxed' >&2)
    dpkg-deb -x "$kernel"/deb/*.deb "$kernel/root"
    rm -rf "$kernel/deb"
    touch "$kernel/done"
fi
echo "$kernel"
