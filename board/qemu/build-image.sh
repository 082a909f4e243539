#!/usr/bin/env bash
# Builds the virtual board: Debian's kernel and an initramfs (busybox, the DRM, input and
# sound (QEMU's intel-hda) modules, Debian's udev, the kiosk binary with its shared
# libraries, ALSA's configuration, eSpeak NG's English voice, fonts and the test screens). Everything downloaded or built goes to the cache, never into the repository.
# Incremental: the kernel and the base layer are built once per input change; the kiosk
# layer is rebuilt every time (seconds), after an incremental release build.
#
# Usage: board/qemu/build-image.sh            prints the cache directory on stdout
# Env:   KIOSK_BOARD_CACHE  (default ${XDG_CACHE_HOME:-~/.cache}/kioskui/board)
#        KIOSK_BINARY       use this kiosk binary instead of building one
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
cache=${KIOSK_BOARD_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/kioskui/board}
mkdir -p "$cache"
log() { echo "board: $*" >&2; }

# Copies files into a staging root at the same paths, following symlinks.
stage() {
    local root=$1; shift
    for f in "$@"; do
        mkdir -p "$root$(dirname "$f")"
        cp -L "$f" "$root$f"
    done
}

# The shared libraries (and the loader) an ELF binary needs, as ldd resolves them.
libraries_of() {
    ldd "$1" | awk '/=> \//{print $3} /^\t\/lib/{print $1}' | sort -u
}

pack() { (cd "$1" && find . -print0 | LC_ALL=C sort -z | cpio --null -o -H newc --quiet) > "$2"; }

# --- Kernel: the image linux-image-amd64 depends on (shared with build-rootfs.sh) ------
kernel=$("$here/fetch-kernel.sh" "$cache")
version=${kernel##*/kernel-}
cp "$kernel/root/boot/vmlinuz-$version" "$cache/vmlinuz"

# --- libinput-tools: `libinput record`, to record touchscreens on the board ------------
# The version of the host's libinput (whose libraries the board gets), downloaded once.
libinput_version=$(dpkg-query -W -f='${Version}' libinput10)
tools=$cache/libinput-tools-$libinput_version
if [ ! -f "$tools/done" ]; then
    log "downloading libinput-tools $libinput_version"
    rm -rf "$cache"/libinput-tools-* && mkdir -p "$tools/deb"
    (cd "$tools/deb" && apt-get download "libinput-tools=$libinput_version" >&2 2>&1)
    dpkg-deb -x "$tools"/deb/*.deb "$tools/root"
    rm -rf "$tools/deb"
    touch "$tools/done"
fi

# --- Base layer: busybox, modules, udev, libinput quirks and record, init ---------------
modules="evdev uinput bochs cirrus psmouse snd-hda-intel snd-hda-codec-generic"
base_key=$(cat "$here/build-image.sh" "$here/copy-modules.sh" "$here/init.sh" "$here/serve.sh" /bin/busybox /bin/udevadm | sha256sum | cut -c1-16)-$version-libinput-$libinput_version
if [ ! -f "$cache/base-$base_key.cpio" ]; then
    log "building the base layer"
    root=$(mktemp -d "$cache/base.XXXX")
    mkdir -p "$root"/{bin,sbin,usr/bin,usr/sbin,proc,sys,dev,run,tmp,etc/udev/rules.d,lib/udev/rules.d,board,kiosk}
    cp /bin/busybox "$root/bin/busybox"
    install -m 755 "$here/init.sh" "$root/init"
    install -m 755 "$here/serve.sh" "$root/board/serve.sh"

    # The modules and what they need, with depmod for busybox's modprobe.
    "$here/copy-modules.sh" "$kernel" "$root" $modules

    # Debian's udev: the daemon is udevadm under another name.
    stage "$root" /bin/udevadm $(libraries_of /bin/udevadm)
    mkdir -p "$root/lib/systemd" && ln -s /bin/udevadm "$root/lib/systemd/systemd-udevd"
    for r in 50-udev-default 60-drm 60-evdev 60-input-id 60-persistent-input 70-mouse 70-touchpad; do
        [ -f "/lib/udev/rules.d/$r.rules" ] && cp "/lib/udev/rules.d/$r.rules" "$root/lib/udev/rules.d/"
    done
    [ -f /etc/udev/udev.conf ] && cp /etc/udev/udev.conf "$root/etc/udev/"
    [ -d /usr/share/libinput ] && stage "$root" /usr/share/libinput/*
    record=/usr/libexec/libinput/libinput-record
    install -D -m 755 "$tools/root$record" "$root$record"
    install -D -m 755 "$tools/root/usr/bin/libinput" "$root/usr/bin/libinput"
    stage "$root" $(libraries_of "$tools/root$record")
    printf 'root:x:0:0:root:/root:/bin/sh\n' > "$root/etc/passwd"
    printf 'root:x:0:\ntty:x:5:\nvideo:x:44:\ninput:x:105:\nrender:x:106:\n' > "$root/etc/group"

    rm -f "$cache"/base-*.cpio
    pack "$root" "$cache/base-$base_key.cpio"
    rm -rf "$root"
fi

# --- Kiosk layer: the binary, its libraries, fonts and test screens ---------------------
binary=${KIOSK_BINARY:-}
if [ -z "$binary" ]; then
    log "building kiosk (release, static Swift runtime)"
    (cd "$repo" && swift build -c release --static-swift-stdlib --product kiosk \
        --scratch-path "$repo/.build-board" >&2)
    binary=$repo/.build-board/release/kiosk
fi
root=$(mktemp -d "$cache/kiosk.XXXX")
mkdir -p "$root/kiosk/bin"
# Symbols are a fifth of the binary and only slow the boot; the host keeps them.
strip -o "$root/kiosk/bin/kiosk" "$binary"
stage "$root" $(libraries_of "$binary")
[ -d "$repo/fonts" ] && cp -r "$repo/fonts" "$root/kiosk/fonts"
# The text engine's faces, where it looks for them (fonts-dejavu-core).
stage "$root" /usr/share/fonts/truetype/dejavu/DejaVuSans{,-Bold,-Oblique,-BoldOblique}.ttf
[ -d "$here/screens" ] && cp -r "$here/screens" "$root/kiosk/screens"
# Speech: eSpeak NG's data with the English dictionary only, and the ALSA configuration
# libasound reads to find the card's default device (not the large UCM and topology files).
espeak=$(pkg-config --variable=libdir espeak-ng 2>/dev/null || echo /usr/lib/x86_64-linux-gnu)/espeak-ng-data
mkdir -p "$root$espeak" && cp -rL "$espeak/." "$root$espeak/"
find "$root$espeak" -name '*_dict' ! -name en_dict -delete
stage "$root" /usr/share/alsa/alsa.conf $(find /usr/share/alsa/cards /usr/share/alsa/ctl /usr/share/alsa/pcm -type f)
# The kiosk is the board's only player: its default device is the card, converted to the
# card's format by ALSA's plug (QEMU's HDA codec refuses dmix's and softvol's set-ups).
mkdir -p "$root/etc" && printf 'pcm.!default { type plug slave.pcm "hw:0" }\n' > "$root/etc/asound.conf"
pack "$root" "$cache/kiosk.cpio"
rm -rf "$root"

cat "$cache/base-$base_key.cpio" "$cache/kiosk.cpio" > "$cache/initrd"
log "image ready in $cache ($(du -h "$cache/initrd" | cut -f1) initrd)"
echo "$cache"
