#!/usr/bin/env bash
# Copies kernel modules and the ones modules.dep says they need from a fetched kernel
# (fetch-kernel.sh) into a root filesystem, then runs depmod there for modprobe. Both
# virtual boards (build-image.sh, build-rootfs.sh) use it. A module is named as modprobe
# takes it ('-' and '_' alike); compressed modules (trixie's .ko.xz) are copied
# decompressed (the guest's modprobe then needs no xz support).
#
# Usage: board/qemu/copy-modules.sh KERNEL_DIR ROOT MODULE...
set -euo pipefail
kernel=$1 root=$2
shift 2
version=$(ls "$kernel/root/lib/modules")
from=$kernel/root/lib/modules/$version
[ -f "$from/modules.dep" ] || depmod -b "$kernel/root" "$version"
wanted=$(for m in "$@"; do
    grep -E "/${m//[-_]/[-_]}\.ko(\.xz)?:" "$from/modules.dep" | tr -d ':' | tr ' ' '\n'
done | sort -u)
for m in $wanted; do
    mkdir -p "$root/lib/modules/$version/$(dirname "$m")"
    case $m in
        *.xz) xz -dc "$from/$m" > "$root/lib/modules/$version/${m%.xz}" ;;
        *) cp "$from/$m" "$root/lib/modules/$version/$m" ;;
    esac
done
cp "$from"/modules.builtin* "$from/modules.order" "$root/lib/modules/$version/"
depmod -b "$root" "$version"
