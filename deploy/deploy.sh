#!/usr/bin/env bash
# Deploys KioskUI to one board over SSH: builds a release (Swift runtime linked
# statically), bundles it with fonts, screens, the systemd unit, the udev rules and the
# board profile under a version that only changes when the content does, copies it (keys
# only, host key checked), installs it under /opt/kiosk/releases/VERSION, switches
# /opt/kiosk/current atomically, restarts the kiosk and waits until systemd reports it
# active and READY. A release that does not become ready is rolled back. See README.md.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)

usage() {
    cat <<USAGE
usage: deploy/deploy.sh [options] USER@HOST
  --port N            SSH port (22)
  --identity KEY      SSH private key
  --known-hosts FILE  known_hosts to check the board's host key against (ssh's default)
  --accept-host-key   first contact: record the board's host key (ssh accept-new)
  --board NAME        board profile from board/profiles/ (qemu-bochs)
  --screen FILE       the screen file the kiosk shows (examples/demo.toml)
  --binary PATH       bundle this kiosk binary instead of building one; repeat it to offer
                      one per architecture (the board's uname -m picks)
  --app               the binaries are a product's app (a KioskUI App or KioskApp): the unit
                      runs it with its own screens (APP run --board … --frame-grab …), no screen file
  --operator USER     add this board account to group kiosk: kiosk ctl, frame grabs (repeatable)
  --timeout S         how long the new release has to become ready (30)
  --dry-run           print every step, touch nothing (no build, no connection)
  --bundle-only       build the bundle, print its path and version, stop
USAGE
}

port=22 identity="" known_hosts="" accept=no board=qemu-bochs screen=$repo/examples/demo.toml
binaries=() app=no timeout=30 dry=no bundle_only=no dest="" operators=()
while [ $# -gt 0 ]; do
    case $1 in
    --port) port=$2; shift 2 ;;
    --identity) identity=$2; shift 2 ;;
    --known-hosts) known_hosts=$2; shift 2 ;;
    --accept-host-key) accept=yes; shift ;;
    --board) board=$2; shift 2 ;;
    --screen) screen=$2; shift 2 ;;
    --binary) binaries+=("$2"); shift 2 ;;
    --app) app=yes; shift ;;
    --operator) operators+=("$2"); shift 2 ;;
    --timeout) timeout=$2; shift 2 ;;
    --dry-run) dry=yes; shift ;;
    --bundle-only) bundle_only=yes; shift ;;
    -h|--help) usage; exit 0 ;;
    -*) echo "deploy: unknown option $1" >&2; usage >&2; exit 2 ;;
    *) [ -z "$dest" ] || { echo "deploy: one USER@HOST only" >&2; exit 2; }; dest=$1; shift ;;
    esac
done
[ -n "$dest" ] || [ "$bundle_only" = yes ] || { usage >&2; exit 2; }
step() { echo "deploy: $*"; }
die() { echo "deploy: error: $*" >&2; exit 1; }

profile=$repo/board/profiles/$board.toml
[ -f "$profile" ] || die "no board profile '$board' (have: $(ls "$repo/board/profiles" | sed 's/\.toml$//' | tr '\n' ' '))"
if [ "$app" = yes ]; then
    [ ${#binaries[@]} -gt 0 ] || die "--app needs --binary: the app is built in its own package (docs/PRODUCT.md)"
else
    [ -f "$screen" ] || die "no screen file $screen"
fi

# --- The bundle -------------------------------------------------------------------------
if [ ${#binaries[@]} -eq 0 ]; then
    build=(swift build -c release --static-swift-stdlib --product kiosk)
    if [ "$dry" = yes ]; then
        step "would build: (cd $repo && ${build[*]})"
    else
        step "building: ${build[*]}"
        (cd "$repo" && "${build[@]}" >&2)
        binaries=("$repo/.build/release/kiosk")
    fi
fi

# The machine a binary is for, in uname -m's words.
elf_arch() {
    case $(readelf -h "$1" 2>/dev/null | awk -F: '/Machine:/{gsub(/^ +/,"",$2); print $2}') in
    "Advanced Micro Devices X86-64") echo x86_64 ;;
    AArch64) echo aarch64 ;;
    ARM) echo armv7l ;;
    RISC-V) echo riscv64 ;;
    *) echo unknown ;;
    esac
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Makes the bundle of one binary in $work and sets version, arch, sum, size_kib,
# unpacked_kib and bundle to its facts.
make_bundle() {
    local binary=$1 stage=$work/stage
    [ -x "$binary" ] || die "no kiosk binary at $binary"
    rm -rf "$stage"
    mkdir -p "$stage"/{bin,fonts,screens,profiles,systemd,udev}
    # Symbols stay on the build machine; a binary this machine's strip cannot read goes as is.
    strip -o "$stage/bin/kiosk" "$binary" 2>/dev/null || cp "$binary" "$stage/bin/kiosk"
    cp /usr/share/fonts/truetype/dejavu/DejaVuSans{,-Bold,-Oblique,-BoldOblique}.ttf "$stage/fonts/" \
        || die "DejaVu fonts missing on the build machine (apt-get install fonts-dejavu-core)"
    [ -d "$repo/fonts" ] && cp -r "$repo/fonts/." "$stage/fonts/"
    cp "$repo"/board/profiles/*.toml "$stage/profiles/"
    cp "$profile" "$stage/board.toml"
    if [ "$app" = yes ]; then
        # An app brings its screens: the unit's line is the same without the screen file.
        sed 's# /opt/kiosk/current/screens/main.toml##' "$repo/board/systemd/kiosk.service" > "$stage/systemd/kiosk.service"
        grep -q '^ExecStart=/opt/kiosk/current/bin/kiosk run --board' "$stage/systemd/kiosk.service" \
            || die "board/systemd/kiosk.service's ExecStart is not the line --app rewrites"
    else
        # The screen file's folder comes along: its icons are relative to it.
        cp -r "$(dirname "$screen")/." "$stage/screens/"
        cp "$screen" "$stage/screens/main.toml"
        cp "$repo/board/systemd/kiosk.service" "$stage/systemd/"
    fi
    cp "$repo/board/udev/70-kiosk.rules" "$stage/udev/"
    elf_arch "$stage/bin/kiosk" > "$stage/ARCH"
    # Same content, same bytes: sorted names, fixed times and owners.
    tar_opts=(--sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner)
    content=$(tar -C "$stage" "${tar_opts[@]}" -cf - . | sha256sum | cut -c1-12)
    commit=$(git -C "$repo" describe --always --tags 2>/dev/null || echo nogit)
    version=$commit-$content
    echo "$version" > "$stage/VERSION"
    bundle=$work/kiosk-$version.tar.gz
    tar -C "$stage" "${tar_opts[@]}" -cf - . | gzip -n > "$bundle"
    arch=$(cat "$stage/ARCH")
    sum=$(sha256sum "$bundle" | cut -d' ' -f1)
    size_kib=$(( $(stat -c %s "$bundle") / 1024 ))
    unpacked_kib=$(du -sk "$stage" | cut -f1)
}
# The facts of each bundle, by architecture: "version sum size_kib unpacked_kib".
declare -A offered=()
if [ ${#binaries[@]} -gt 0 ]; then
    for binary in "${binaries[@]}"; do
        make_bundle "$binary"
        [ -z "${offered[$arch]:-}" ] || die "two binaries for $arch: give one per architecture"
        offered[$arch]="$version $sum $size_kib $unpacked_kib"
        step "bundle $version ($arch, ${size_kib} KiB, sha256 ${sum:0:16}…)"
        if [ "$bundle_only" = yes ]; then
            out=${KIOSK_BUNDLE_DIR:-$repo/.build/bundles}
            mkdir -p "$out" && cp "$bundle" "$out/"
            echo "bundle=$out/kiosk-$version.tar.gz"
            echo "version=$version"
            echo "arch=$arch"
            echo "sha256=$sum"
            echo "unpacked_kib=$unpacked_kib"
        fi
    done
else
    version="VERSION" arch="ARCH" sum="SHA256" size_kib=0 unpacked_kib=0
    offered[$arch]="$version $sum $size_kib $unpacked_kib"
    step "would bundle: bin/kiosk (stripped), fonts/, screens/ ← the folder of $screen (main.toml ← $screen), board.toml ← $profile, profiles/, systemd/kiosk.service, udev/70-kiosk.rules, ARCH; version = git describe + content hash"
fi
[ "$bundle_only" = yes ] && exit 0

# --- SSH ------------------------------------------------------------------------------
ssh_opts=(-p "$port" -o BatchMode=yes -o ConnectTimeout=10 -o ServerAliveInterval=5 -o ServerAliveCountMax=3)
[ -n "$identity" ] && ssh_opts+=(-i "$identity" -o IdentitiesOnly=yes)
[ -n "$known_hosts" ] && ssh_opts+=(-o UserKnownHostsFile="$known_hosts")
if [ "$accept" = yes ]; then ssh_opts+=(-o StrictHostKeyChecking=accept-new); else ssh_opts+=(-o StrictHostKeyChecking=yes); fi
sudo=""; [ "${dest%%@*}" = root ] || sudo="sudo -n"

# Runs one remote.sh action on the board; ssh's own failures become a sentence.
board() {
    if [ "$dry" = yes ]; then
        step "would run: ssh ${ssh_opts[*]} $dest $sudo sh -s -- $* < deploy/remote.sh"
        return 0
    fi
    remote_run "sh -s -- $*" < "$here/remote.sh"
}
remote_run() {
    local err=$work/ssh.err status=0
    ssh "${ssh_opts[@]}" "$dest" "$sudo $1" 2>"$err" || status=$?
    if [ "$status" -eq 255 ]; then
        explain_ssh "$err"
    fi
    grep -v '^Warning: Permanently added' "$err" >&2 || true
    return "$status"
}
explain_ssh() {
    local why
    why=$(cat "$1")
    case $why in
    *"Host key verification failed"*|*"REMOTE HOST IDENTIFICATION HAS CHANGED"*|*"No "*"host key is known"*)
        die "the host key of $dest (port $port) is unknown or changed; check it and record it (ssh-keyscan -p $port HOST >> ~/.ssh/known_hosts, or --accept-host-key on first contact)" ;;
    *"Permission denied"*)
        die "$dest refused the SSH key${identity:+ $identity} (keys only: is its public key in the board's authorized_keys?)" ;;
    *"Connection refused"*|*"timed out"*|*"No route to host"*|*"Could not resolve"*|*"Network is unreachable"*)
        die "cannot reach $dest on port $port: $(tr '\n' ' ' < "$1")" ;;
    *"Broken pipe"*|*"closed by remote host"*|*"Connection reset"*|*"Timeout, server"*)
        die "the connection to $dest broke off: $(tr '\n' ' ' < "$1"); the board still runs the release it had" ;;
    *)
        die "ssh to $dest failed: $(tr '\n' ' ' < "$1")" ;;
    esac
}

# --- The board --------------------------------------------------------------------------
step "probing $dest"
if [ "$dry" = yes ]; then
    board probe
    current=none active=unknown board_arch=$arch free_kib=999999999 substate=""
else
    probe=$(board probe)
    board_arch=$(sed -n 's/^arch=//p' <<<"$probe")
    free_kib=$(sed -n 's/^free_kib=//p' <<<"$probe")
    current=$(sed -n 's/^current=//p' <<<"$probe")
    active=$(sed -n 's/^active=//p' <<<"$probe")
    substate=$(sed -n 's/^substate=//p' <<<"$probe")
    step "board: $board_arch, $((free_kib / 1024)) MiB free under /opt, current release $current ($active)"
fi
[ -n "${offered[$board_arch]:-}" ] || die "the bundle is for ${!offered[*]} but $dest is $board_arch; build on a $board_arch machine or cross-build (make arm64), and offer it with --binary (see deploy/README.md). Nothing was changed."
# The board's architecture picks its bundle.
read -r version sum size_kib unpacked_kib <<<"${offered[$board_arch]}"
arch=$board_arch bundle=$work/kiosk-$version.tar.gz
add_operators() {
    [ ${#operators[@]} -eq 0 ] && return 0
    step "adding operators to group kiosk: ${operators[*]}"
    board operators "${operators[@]}" || die "adding the operators failed"
}
if [ "$current" = "$version" ] && [ "$active" = active ] && [ "$substate" = running ]; then
    add_operators
    step "already deployed: $version is current and running on $dest; nothing changed"
    exit 0
fi
need_kib=$(( size_kib + unpacked_kib + 20 * 1024 ))
[ "$free_kib" -ge "$need_kib" ] || die "not enough space on $dest: the release needs $((need_kib / 1024)) MiB under /opt/kiosk, $((free_kib / 1024)) MiB are free. Nothing was changed."
add_operators

step "copying the bundle to $dest:/opt/kiosk/incoming/$version.tar.gz.part"
if [ "$dry" = yes ]; then
    step "would run on $dest: mkdir -p /opt/kiosk/incoming && cat > /opt/kiosk/incoming/$version.tar.gz.part < $bundle"
else
    remote_run "sh -c 'mkdir -p /opt/kiosk/incoming && cat > /opt/kiosk/incoming/$version.tar.gz.part'" < "$bundle" \
        || die "copying the bundle to $dest failed; the board still runs $current"
fi
step "verifying its checksum"
board receive "$version" "$sum" || die "the bundle did not arrive intact; the board still runs $current"
step "installing /opt/kiosk/releases/$version"
board install "$version" || { board cleanup >/dev/null 2>&1 || true; die "installing $version failed; the board still runs $current"; }
step "switching /opt/kiosk/current to $version and restarting kiosk.service"
board activate "$version" || die "activating $version failed"
step "waiting up to ${timeout} s for kiosk.service to be active and READY"
if board wait-ready "$timeout"; then
    board cleanup
    [ "$dry" = yes ] && { step "dry run: nothing was built, copied or changed"; exit 0; }
    step "deployed $version to $dest"
    exit 0
fi
step "$version did not become ready; rolling back"
if [ "$current" = none ]; then
    board rollback || true
    die "$version did not become ready on $dest within ${timeout} s and there was no earlier release; the kiosk is stopped"
fi
board rollback
board wait-ready "$timeout" || die "$version did not become ready on $dest and the rollback to $current did not either"
die "$version did not become ready on $dest within ${timeout} s (see the kiosk's lines above); rolled back to $current, which is running"
