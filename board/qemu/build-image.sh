#!/usr/bin/env bash
# Builds the virtual board: Debian's kernel and an initramfs (busybox, the DRM, input and
# sound (QEMU's intel-hda) modules, Debian's udev, the kiosk binary with its shared
# libraries, ALSA's configuration, eSpeak NG's English voice, fonts and the test screens). Everything downloaded or built goes to the cache, never into the repository.
# Two architectures: amd64 takes the host's bookworm kernel package and programs; arm64
# takes trixie's arm64 kernel and programs (fetch-arm64-userland.sh) and the kiosk
# scripts/build-arm64.sh cross-builds, and has virtio-gpu for its panel.
# Incremental: the kernel and the base layer are built once per input change; the kiosk
# layer is rebuilt every time (seconds), after an incremental release build.
#
# Usage: board/qemu/build-image.sh [amd64|arm64]   prints the cache directory on stdout
# Env:   KIOSK_BOARD_CACHE  (default ${XDG_CACHE_HOME:-~/.cache}/kioskui/board; arm64 adds -arm64)
#        KIOSK_BINARY       use this kiosk binary instead of building one
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
arch=${1:-amd64}
case $arch in
    amd64) triplet=x86_64-linux-gnu suffix="" port=ttyS1
           modules="evdev uinput bochs cirrus psmouse snd-hda-codec-generic snd-hda-intel" ;;
    arm64) triplet=aarch64-linux-gnu suffix=-arm64 port=virtio-ports/kiosk.control modules="evdev uinput virtio-gpu" ;;
    *) echo "board: unknown architecture $arch (amd64 or arm64)" >&2; exit 2 ;;
esac
cache=${KIOSK_BOARD_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/kioskui/board}$suffix
mkdir -p "$cache"
log() { echo "board: $*" >&2; }

# Where the guest's programs and libraries come from: this machine for amd64, trixie's
# arm64 packages unpacked for arm64 (whose libraries ldd finds through qemu-user).
if [ "$arch" = arm64 ]; then
    from=$("$here/fetch-arm64-userland.sh" "$cache")
    ldd() { qemu-aarch64-static -L "$from" "$from/usr/lib/$triplet/ld-linux-aarch64.so.1" --list "$1" | sed "s|$from||g"; }
else
    from=""
fi

# Copies files from a root (SOURCE: "" for this machine's) into a staging root at the same
# paths, following symlinks.
stage() {
    local source=$1 root=$2; shift 2
    for f in "$@"; do
        mkdir -p "$root$(dirname "$f")"
        cp -L "$source$f" "$root$f"
    done
}

# The shared libraries (and the loader) an ELF binary needs, as ldd resolves them.
libraries_of() {
    ldd "$1" | awk '/=> \//{print $3} /^\t\/lib/{print $1}' | sort -u
}

pack() { (cd "$1" && find . -print0 | LC_ALL=C sort -z | cpio --null -o -H newc --quiet) > "$2"; }

# --- Kernel: the image linux-image-$arch depends on (shared with build-rootfs.sh) ------
kernel=$("$here/fetch-kernel.sh" "$cache" "$arch")
version=${kernel##*/kernel-}
cp "$kernel/root/boot/vmlinuz-$version" "$cache/vmlinuz"

# --- libinput-tools: `libinput record`, to record touchscreens on the board ------------
# The version of the board's libinput, whose libraries the board gets: the host's
# (downloaded once) for amd64, trixie's (in the unpacked packages) for arm64.
if [ "$arch" = arm64 ]; then
    tools_root=$from
    tools_key=$(sha256sum < "$from/.complete" | cut -c1-16)
else
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
    tools_root=$tools/root
    tools_key=libinput-$libinput_version
fi

# --- Base layer: busybox, modules, udev, libinput quirks and record, init ---------------
base_key=$(cat "$here/build-image.sh" "$here/copy-modules.sh" "$here/init.sh" "$here/serve.sh" "$from/bin/busybox" "$from/bin/udevadm" | sha256sum | cut -c1-16)-$version-$tools_key
if [ ! -f "$cache/base-$base_key.cpio" ]; then
    log "building the base layer"
    root=$(mktemp -d "$cache/base.XXXX")
    mkdir -p "$root"/{bin,sbin,usr/bin,usr/sbin,proc,sys,dev,run,tmp,etc/udev/rules.d,usr/lib/udev/rules.d,board,kiosk}
    cp "$from/bin/busybox" "$root/bin/busybox"
    install -m 755 "$here/init.sh" "$root/init"
    install -m 755 "$here/serve.sh" "$root/board/serve.sh"
    # What init.sh loads and where it serves the host's commands.
    echo "$modules" > "$root/board/modules"
    echo "$port" > "$root/board/port"

    # The modules and what they need, with depmod for busybox's modprobe.
    "$here/copy-modules.sh" "$kernel" "$root" $modules

    # Debian's udev: the daemon is udevadm under another name. Its rules go where both
    # bookworm's and trixie's udev read them.
    stage "$from" "$root" /bin/udevadm $(libraries_of "$from/bin/udevadm")
    mkdir -p "$root/lib/systemd" && ln -s /bin/udevadm "$root/lib/systemd/systemd-udevd"
    for r in 50-udev-default 60-drm 60-evdev 60-input-id 60-persistent-input 70-mouse 70-touchpad; do
        [ -f "$from/lib/udev/rules.d/$r.rules" ] && cp "$from/lib/udev/rules.d/$r.rules" "$root/usr/lib/udev/rules.d/"
    done
    [ -f "$from/etc/udev/udev.conf" ] && cp "$from/etc/udev/udev.conf" "$root/etc/udev/"
    [ -d "$from/usr/share/libinput" ] && stage "$from" "$root" $(cd "$from/" && find usr/share/libinput -type f | sed 's|^|/|')
    record=/usr/libexec/libinput/libinput-record
    install -D -m 755 "$tools_root$record" "$root$record"
    install -D -m 755 "$tools_root/usr/bin/libinput" "$root/usr/bin/libinput"
    stage "$from" "$root" $(libraries_of "$tools_root$record")
    printf 'root:x:0:0:root:/root:/bin/sh\n' > "$root/etc/passwd"
    printf 'root:x:0:\ntty:x:5:\nvideo:x:44:\ninput:x:105:\nrender:x:106:\n' > "$root/etc/group"

    rm -f "$cache"/base-*.cpio
    pack "$root" "$cache/base-$base_key.cpio"
    rm -rf "$root"
fi

# --- Kiosk layer: the binary, its libraries, fonts and test screens ---------------------
binary=${KIOSK_BINARY:-}
if [ -z "$binary" ] && [ "$arch" = arm64 ]; then
    log "cross-building kiosk for arm64 (scripts/build-arm64.sh)"
    binary=$("$repo/scripts/build-arm64.sh" | tail -1)
elif [ -z "$binary" ]; then
    log "building kiosk (release, static Swift runtime)"
    (cd "$repo" && swift build -c release --static-swift-stdlib --product kiosk \
        --scratch-path "$repo/.build-board" >&2)
    binary=$repo/.build-board/release/kiosk
fi
root=$(mktemp -d "$cache/kiosk.XXXX")
mkdir -p "$root/kiosk/bin"
# Symbols are a fifth of the binary and only slow the boot; the host keeps them. The arm64
# build comes stripped (this machine's strip reads only x86 binaries).
if [ "$arch" = arm64 ]; then cp "$binary" "$root/kiosk/bin/kiosk"; else strip -o "$root/kiosk/bin/kiosk" "$binary"; fi
stage "$from" "$root" $(libraries_of "$binary")
[ -d "$repo/fonts" ] && cp -r "$repo/fonts" "$root/kiosk/fonts"
# The text engine's faces, where it looks for them (this machine's fonts-dejavu-core).
stage "" "$root" /usr/share/fonts/truetype/dejavu/DejaVuSans{,-Bold,-Oblique,-BoldOblique}.ttf
[ -d "$here/screens" ] && cp -r "$here/screens" "$root/kiosk/screens"
# Speech: eSpeak NG's data with the English dictionary only, and the ALSA configuration
# libasound reads to find the card's default device (not the large UCM and topology files).
espeak=/usr/lib/$triplet/espeak-ng-data
mkdir -p "$root$espeak" && cp -rL "$from$espeak/." "$root$espeak/"
find "$root$espeak" -name '*_dict' ! -name en_dict -delete
stage "$from" "$root" $(cd "$from/" && find usr/share/alsa/alsa.conf usr/share/alsa/cards usr/share/alsa/ctl usr/share/alsa/pcm -type f | sed 's|^|/|')
# The kiosk is the board's only player: its default device is the card, converted to the
# card's format by ALSA's plug (QEMU's HDA codec refuses dmix's and softvol's set-ups).
mkdir -p "$root/etc" && printf 'pcm.!default { type plug slave.pcm "hw:0" }\n' > "$root/etc/asound.conf"
pack "$root" "$cache/kiosk.cpio"
rm -rf "$root"

cat "$cache/base-$base_key.cpio" "$cache/kiosk.cpio" > "$cache/initrd"
log "image ready in $cache ($(du -h "$cache/initrd" | cut -f1) initrd)"
echo "$cache"
