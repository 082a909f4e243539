#!/usr/bin/env bash
# Cross-builds the kiosk for arm64 boards: out/arm64/kiosk (Swift runtime linked statically,
# stripped). No Swift 6.3 runtime for aarch64 is reachable from Debian, so the build uses
# Debian trixie's swiftlang 6.0.3 twice: the amd64 compiler, run in a debootstrapped trixie
# chroot, targets a sysroot made of trixie's arm64 packages (its Swift runtime, libc and the
# -dev packages the package links) through a Swift SDK bundle. A native-speed cross build
# needs the compiler and the target runtime from the same release, which is why both come
# from trixie. Everything is cached; a second run only rebuilds what changed.
#
# Usage: scripts/build-arm64.sh          prints the binary's path on stdout
# Env:   KIOSK_ARM64_CACHE (default ${XDG_CACHE_HOME:-~/.cache}/kioskui/arm64)
#        KIOSK_ARM64_MIRROR (default http://deb.debian.org/debian)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
cache=${KIOSK_ARM64_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/kioskui/arm64}
mirror=${KIOSK_ARM64_MIRROR:-http://deb.debian.org/debian}
chroot_dir=$cache/trixie-amd64
sysroot=$cache/sysroot-arm64
log() { echo "build-arm64: $*" >&2; }
[ "$(id -u)" -eq 0 ] || { log "needs root (debootstrap, chroot, mounts)"; exit 1; }
mkdir -p "$cache"
# One build at a time: the chroot's /src, /sysroot and /build mounts are shared.
exec 9>"$cache/.lock"
flock 9
command -v debootstrap >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >&2

# The compiler: trixie's swiftlang (amd64) in a chroot, with what a package build needs.
if [ ! -x "$chroot_dir/usr/libexec/swift/bin/swift-build" ]; then
    log "debootstrapping trixie (amd64) with swiftlang 6.0.3 into $chroot_dir (about 450 MB)"
    rm -rf "$chroot_dir.tmp"
    debootstrap --variant=minbase --include=swiftlang,build-essential,pkg-config,git,binutils-aarch64-linux-gnu \
        trixie "$chroot_dir.tmp" "$mirror" >&2
    mv "$chroot_dir.tmp" "$chroot_dir"
fi

# The target: trixie's arm64 packages unpacked (not installed: nothing in them runs here).
arm64_packages=libc6-dev,libstdc++-14-dev,libgcc-14-dev,swiftlang,libpixman-1-dev,libfreetype-dev,libharfbuzz-dev,libfribidi-dev,libunibreak-dev,libthai-dev,libpng-dev,libdrm-dev,libinput-dev,libudev-dev,libespeak-ng-dev,libasound2-dev,libyaml-dev,libicu-dev,libsdl2-dev
if [ ! -f "$sysroot/.complete" ] || [ "$(cat "$sysroot/.complete")" != "$arm64_packages" ]; then
    log "unpacking trixie's arm64 packages into $sysroot"
    rm -rf "$sysroot.tmp"
    debootstrap --arch=arm64 --foreign --variant=minbase --include="$arm64_packages" trixie "$sysroot.tmp" "$mirror" >&2
    for deb in "$sysroot.tmp"/var/cache/apt/archives/*.deb; do dpkg-deb -x "$deb" "$sysroot.tmp"; done
    rm -rf "$sysroot.tmp"/var/cache/apt/archives/*.deb "$sysroot"
    echo "$arm64_packages" > "$sysroot.tmp/.complete"
    mv "$sysroot.tmp" "$sysroot"
fi

# The Swift SDK bundle that points the compiler at the sysroot (paths as the chroot sees them).
sdk=$chroot_dir/sdks/kiosk-arm64.artifactbundle
mkdir -p "$sdk/sdk"
cat > "$sdk/info.json" <<'JSON'
{"schemaVersion": "1.0", "artifacts": {"kiosk-arm64": {"type": "swiftSDK", "version": "1",
  "variants": [{"path": "sdk", "supportedTriples": ["x86_64-unknown-linux-gnu", "x86_64-pc-linux-gnu"]}]}}}
JSON
cat > "$sdk/sdk/swift-sdk.json" <<'JSON'
{"schemaVersion": "4.0", "targetTriples": {"aarch64-unknown-linux-gnu": {
  "sdkRootPath": "/sysroot",
  "swiftResourcesPath": "/sysroot/usr/libexec/swift/lib/swift",
  "swiftStaticResourcesPath": "/sysroot/usr/libexec/swift/lib/swift_static",
  "toolsetPaths": ["toolset.json"]}}}
JSON
cat > "$sdk/sdk/toolset.json" <<'JSON'
{"schemaVersion": "1.0", "rootPath": "/usr/libexec/swift/bin", "swiftCompiler": {"extraCLIOptions": ["-use-ld=lld"]}}
JSON

# The source, the sysroot and the build folder go into the chroot; the mounts go on exit.
mounts=()
cleanup() { for ((i=${#mounts[@]}-1; i>=0; i--)); do umount "${mounts[$i]}" 2>/dev/null || umount -l "${mounts[$i]}"; done; }
trap cleanup EXIT
bind() { mkdir -p "$2"; mount --bind "$1" "$2"; mounts+=("$2"); }
mount -t proc proc "$chroot_dir/proc"; mounts+=("$chroot_dir/proc")
bind "$repo" "$chroot_dir/src"
bind "$sysroot" "$chroot_dir/sysroot"
mkdir -p "$cache/build"
bind "$cache/build" "$chroot_dir/build"
cp /etc/resolv.conf "$chroot_dir/etc/resolv.conf"
# Where this machine redirects package URLs to a local mirror, the chroot does the same.
if [ -f /etc/gitconfig ]; then
    cp /etc/gitconfig "$chroot_dir/etc/gitconfig"
    for dir in $(git config --system --get-regexp '^url\..*\.insteadof$' | sed -E 's/^url\.(.*)\.insteadof .*/\1/' | sort -u); do
        [ -d "$dir" ] && bind "$dir" "$chroot_dir$dir"
    done
fi
pc=/sysroot/usr/lib/aarch64-linux-gnu/pkgconfig:/sysroot/usr/share/pkgconfig
log "cross-building kiosk for aarch64 (Swift 6.0.3)"
chroot "$chroot_dir" env PKG_CONFIG_SYSROOT_DIR=/sysroot PKG_CONFIG_PATH=$pc PKG_CONFIG_LIBDIR=$pc \
    bash -c "cd /src && swift build --swift-sdks-path /sdks --swift-sdk kiosk-arm64 --static-swift-stdlib \
             -c release --product kiosk --scratch-path /build" >&2
mkdir -p "$repo/out/arm64"
chroot "$chroot_dir" aarch64-linux-gnu-strip -o /src/out/arm64/kiosk /build/aarch64-unknown-linux-gnu/release/kiosk
log "$(du -h "$repo/out/arm64/kiosk" | cut -f1) stripped"
echo "$repo/out/arm64/kiosk"
