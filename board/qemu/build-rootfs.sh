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
# Usage: board/qemu/build-rootfs.sh     prints the cache directory on stdout
# Env:   KIOSK_ROOTFS_CACHE (default ${XDG_CACHE_HOME:-~/.cache}/kioskui/rootfs)
#        KIOSK_DEBIAN_MIRROR (default http://deb.debian.org/debian)
set -euo pipefail
# stdout carries only the cache directory; everything the tools print goes to stderr.
exec 3>&1 1>&2
here=$(cd "$(dirname "$0")" && pwd)
base=${XDG_CACHE_HOME:-$HOME/.cache}/kioskui
cache=${KIOSK_ROOTFS_CACHE:-$base/rootfs}
mirror=${KIOSK_DEBIAN_MIRROR:-http://deb.debian.org/debian}
mkdir -p "$cache"
log() { echo "rootfs: $*" >&2; }

kernel=$("$here/fetch-kernel.sh" "${KIOSK_BOARD_CACHE:-$base/board}")
version=${kernel##*/kernel-}
pack() { (cd "$1" && find . -print0 | LC_ALL=C sort -z | cpio --null -o -H newc --quiet) > "$2"; }
mroot=$kernel/root/lib/modules/$version
[ -f "$mroot/modules.dep" ] || depmod -b "$kernel/root" "$version"

# The disk's boot initramfs (seconds, so built every time): busybox, virtio_pci,
# virtio_blk, ext4 (with crc32c) and what modules.dep says they need, then switch_root.
boot=$(mktemp -d "$cache/boot.XXXX")
mkdir -p "$boot"/{bin,proc,sys,dev,newroot}
cp /bin/busybox "$boot/bin/busybox"
for m in $(grep -E "/(virtio_pci|virtio_blk|ext4|crc32c_generic)\.ko:" "$mroot/modules.dep" | tr -d ':' | tr ' ' '\n' | tac | awk '!seen[$0]++'); do
    cp "$mroot/$m" "$boot/"
    echo "$(basename "$m")" >> "$boot/order"
done
install -m 755 "$here/disk-init.sh" "$boot/init"
pack "$boot" "$cache/boot-initrd"
rm -rf "$boot"

# The root itself: rebuilt when the part of this script below (or copy-modules.sh) changes, or the kernel.
key=$( (sed -n '/^# The root itself/,$p' "$here/build-rootfs.sh"; cat "$here/copy-modules.sh") | sha256sum | cut -c1-16)-$version
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
rm -rf "$root" "$cache/stamp"
log "debootstrap bookworm from $mirror"
debootstrap --variant=minbase \
    --include=systemd,systemd-sysv,udev,dbus,openssh-server,kmod,iproute2,procps,libdrm2,libinput10,libudev1,libfreetype6,libharfbuzz0b,libfribidi0,libunibreak1,libthai0,libthai-data,libespeak-ng1,espeak-ng-data,libasound2,libpixman-1-0,libpng16-16,libstdc++6,fonts-dejavu-core \
    bookworm "$root" "$mirror" >"$cache/debootstrap.log" 2>&1 \
    || { tail -20 "$cache/debootstrap.log" >&2; exit 1; }

# Only the modules a kiosk board needs, with what they need.
"$here/copy-modules.sh" "$kernel" "$root" drm bochs evdev uinput e1000 virtio_blk ext4
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
