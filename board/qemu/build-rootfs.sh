#!/usr/bin/env bash
# Builds the second virtual board: a Debian root filesystem (debootstrap, systemd as init,
# udev, sshd, systemd-networkd with DHCP) with only the kernel modules a kiosk board needs,
# for deploy/ to install onto over SSH. It behaves like a real board: nothing of KioskUI
# is in it until deploy.sh puts it there.
#
# Outputs, in the cache (rebuilt when missing or when this script or the kernel changes):
#   vmlinuz       Debian's kernel (fetch-kernel.sh, shared with build-image.sh)
#   rootfs.cpio   the root as an uncompressed cpio initramfs, /init -> systemd
#   disk.img      the same root as an ext4 disk (survives a reboot; boot with -snapshot)
#   boot-initrd   a small initramfs that loads virtio_blk + ext4 and switches to the disk
#   id_ed25519    the SSH key root accepts (one per cache)
#
# arm64: trixie (the cross-built kiosk links trixie's libraries) with trixie's arm64
# kernel (fetch-kernel.sh), virtio-gpu and virtio-net; debootstrap's second stage runs
# through qemu-user (binfmt_misc, registered here when missing).
#
# Usage: board/qemu/build-rootfs.sh [amd64|arm64]   prints the cache directory on stdout
# Env:   KIOSK_ROOTFS_CACHE (default ${XDG_CACHE_HOME:-~/.cache}/kioskui/rootfs; arm64 adds -arm64)
#        KIOSK_DEBIAN_MIRROR (default http://deb.debian.org/debian)
set -euo pipefail
# stdout carries only the cache directory; everything the tools print goes to stderr.
exec 3>&1 1>&2
here=$(cd "$(dirname "$0")" && pwd)
base=${XDG_CACHE_HOME:-$HOME/.cache}/kioskui
arch=${1:-amd64}
case $arch in
    amd64) suffix="" suite=bookworm from="" modules="drm bochs evdev uinput e1000 virtio_blk ext4"
           libraries=libunibreak1,libasound2,libpng16-16,libicu72 ;;
    arm64) suffix=-arm64 suite=trixie modules="drm virtio-gpu evdev uinput virtio_net virtio_blk ext4"
           libraries=libunibreak6,libasound2t64,libpng16-16t64,libicu76 ;;
    *) echo "rootfs: unknown architecture $arch (amd64 or arm64)" >&2; exit 2 ;;
esac
cache=${KIOSK_ROOTFS_CACHE:-$base/rootfs}$suffix
mirror=${KIOSK_DEBIAN_MIRROR:-http://deb.debian.org/debian}
mkdir -p "$cache"
log() { echo "rootfs: $*" >&2; }
# One build at a time per cache: make test starts the arm64 one early, in the background.
exec 9>"$cache/.lock"
flock 9

kernel=$("$here/fetch-kernel.sh" "${KIOSK_BOARD_CACHE:-$base/board}$suffix" "$arch")
# The boot initramfs's busybox: this machine's, or trixie's arm64 one (fetch-kernel.sh unpacked it).
[ "$arch" = arm64 ] && from=$kernel/root
version=${kernel##*/kernel-}
pack() { (cd "$1" && find . -print0 | LC_ALL=C sort -z | cpio --null -o -H newc --quiet) > "$2"; }
mroot=$kernel/root/lib/modules/$version
[ -f "$mroot/modules.dep" ] || depmod -b "$kernel/root" "$version"

# The disk's boot initramfs (seconds, so built every time): busybox, virtio_pci,
# virtio_blk, ext4 (with crc32c) and what modules.dep says they need, then switch_root.
boot=$(mktemp -d "$cache/boot.XXXX")
mkdir -p "$boot"/{bin,proc,sys,dev,newroot}
cp "$from/bin/busybox" "$boot/bin/busybox"
for m in $(grep -E "/(virtio_pci|virtio_blk|ext4|crc32c_generic)\.ko(\.xz)?:" "$mroot/modules.dep" | tr -d ':' | tr ' ' '\n' | tac | awk '!seen[$0]++'); do
    name=$(basename "${m%.xz}")
    case $m in *.xz) xz -dc "$mroot/$m" > "$boot/$name" ;; *) cp "$mroot/$m" "$boot/" ;; esac
    echo "$name" >> "$boot/order"
done
install -m 755 "$here/disk-init.sh" "$boot/init"
pack "$boot" "$cache/boot-initrd"
rm -rf "$boot"

# The root itself: rebuilt when the part of this script below (or copy-modules.sh) changes, or the kernel.
key=$( (sed -n '/^# The root itself/,$p' "$here/build-rootfs.sh"; cat "$here/copy-modules.sh"; echo "$suite $modules $libraries") | sha256sum | cut -c1-16)-$version
if [ -f "$cache/stamp" ] && [ "$(cat "$cache/stamp")" = "$key" ] \
    && [ -f "$cache/disk.img" ] && [ -f "$cache/rootfs.cpio" ]; then
    echo "$cache" >&3
    exit 0
fi
[ "$(id -u)" -eq 0 ] || { log "debootstrap needs root"; exit 1; }
command -v debootstrap >/dev/null || { log "debootstrap is missing (scripts/install-deps.sh test)"; exit 1; }
started=$(date +%s)

# The board's SSH key: one per cache, so a rebuilt image still accepts it.
[ -f "$cache/id_ed25519" ] || ssh-keygen -q -t ed25519 -N "" -C kiosk-virtual-board -f "$cache/id_ed25519"

root=$cache/root
rm -f "$cache/stamp"
packages=systemd,systemd-sysv,udev,dbus,openssh-server,kmod,iproute2,procps,libdrm2,libinput10,libudev1,libfreetype6,libharfbuzz0b,libfribidi0,libthai0,libthai-data,libespeak-ng1,espeak-ng-data,libpixman-1-0,libyaml-0-2,libstdc++6,fonts-dejavu-core,$libraries
# An arm64 root's second stage (and the chroot commands below) run through qemu-user.
if [ "$arch" = arm64 ] && [ ! -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ]; then
    [ -e /proc/sys/fs/binfmt_misc/register ] || mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc
    command -v qemu-aarch64-static >/dev/null || { log "qemu-aarch64-static is missing (scripts/install-deps.sh test)"; exit 1; }
    echo ':qemu-aarch64:M::\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\xb7\x00:\xff\xff\xff\xff\xff\xff\xff\x00\xff\xff\xff\xff\xff\xff\xff\xff\xfe\xff\xff\xff:'"$(command -v qemu-aarch64-static)"':F' \
        > /proc/sys/fs/binfmt_misc/register
fi
# debootstrap runs once per suite and package list (half an hour for arm64 through
# qemu-user); the steps after it run on every rebuild.
if [ "$(cat "$cache/debootstrapped" 2>/dev/null)" != "$suite $arch $packages" ]; then
    rm -rf "$root" "$cache/debootstrapped"
    log "debootstrap $suite ($arch) from $mirror"
    debootstrap --arch="$arch" --variant=minbase --include="$packages" "$suite" "$root" "$mirror" \
        >"$cache/debootstrap.log" 2>&1 || { tail -20 "$cache/debootstrap.log" >&2; exit 1; }
    echo "$suite $arch $packages" > "$cache/debootstrapped"
fi

# Only the modules a kiosk board needs, with what they need.
"$here/copy-modules.sh" "$kernel" "$root" $modules
cp "$kernel/root/boot/vmlinuz-$version" "$cache/vmlinuz"

# A board: hostname, DHCP on the wired port, root by key only, uinput for `kiosk touch`.
echo kiosk-board > "$root/etc/hostname"
printf '127.0.0.1 localhost\n127.0.1.1 kiosk-board\n' > "$root/etc/hosts"
printf '[Match]\nName=e*\n\n[Network]\nDHCP=yes\n' > "$root/etc/systemd/network/20-wired.network"
echo uinput > "$root/etc/modules-load.d/uinput.conf"
install -d -m 700 "$root/root/.ssh"
install -m 600 "$cache/id_ed25519.pub" "$root/root/.ssh/authorized_keys"
printf 'PasswordAuthentication no\nPermitRootLogin prohibit-password\nUseDNS no\n' \
    > "$root/etc/ssh/sshd_config.d/board.conf"
: > "$root/etc/fstab"
chroot "$root" systemctl enable systemd-networkd.service ssh.service >/dev/null 2>&1
chroot "$root" systemctl mask systemd-networkd-wait-online.service apt-daily.timer apt-daily-upgrade.timer \
    e2scrub_all.timer fstrim.timer >/dev/null 2>&1 || true
# Fresh host keys for this image (debootstrap's are the same for every chroot build).
rm -f "$root"/etc/ssh/ssh_host_*
chroot "$root" ssh-keygen -A >/dev/null
ln -sf lib/systemd/systemd "$root/init"

# Docs, manuals, locales and apt's lists are not part of a board.
rm -rf "$root"/usr/share/{doc,man,info,locale,lintian} "$root"/var/cache/apt/*.bin \
    "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*

log "packing rootfs.cpio and disk.img ($(du -sh "$root" | cut -f1))"
pack "$root" "$cache/rootfs.cpio"
rm -f "$cache/disk.img"
mkfs.ext4 -q -L kiosk-root -d "$root" "$cache/disk.img" 1G

echo "$key" > "$cache/stamp"
log "rootfs ready in $cache in $(( $(date +%s) - started )) s (rootfs.cpio $(du -h "$cache/rootfs.cpio" | cut -f1))"
echo "$cache" >&3
