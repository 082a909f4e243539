#!/bin/sh
# The board's half of a deployment, run as root on the board over SSH by deploy.sh and by
# the Ansible playbook (`sh -s -- ACTION ARGS < remote.sh`): one place that knows the
# layout /opt/kiosk/{releases/VERSION, current, previous, incoming}.
#
#   probe                      arch, free KiB under /opt, current version, service state
#   receive VERSION SHA256     moves incoming/VERSION.tar.gz.part into place if its checksum matches
#   install VERSION            unpacks it to releases/VERSION (a temp dir, then a rename)
#   activate VERSION           kiosk user and group, unit, udev rules; atomic switch of `current`; restart
#   operators USER...          adds existing users to group kiosk (the control socket, the frame grabs)
#   wait-ready SECONDS         until systemd reports the kiosk active and READY (stable 3 s)
#   rollback                   back to the release before the last switch, restarted and ready
#   cleanup                    keeps the newest 3 releases besides current and previous
set -eu
top=/opt/kiosk
unit=kiosk.service
fail() { echo "board: $*" >&2; exit 1; }

# Group kiosk: the service's own group, and the operators' way to /run/kiosk.
kiosk_group() {
    getent group kiosk >/dev/null && return 0
    groupadd --system kiosk
    echo "created the group kiosk"
}

# The board profile is the board's own file, /etc/kiosk/board.toml: `kiosk calibrate`
# writes the panel's calibration into it, so a release (or a rollback) with the same profile keeps it. It is
# replaced only when a release brings a different profile than the one it was installed
# from (a dpkg conffile in small), and then says so.
board_profile() {
    bundled=$1/board.toml
    mkdir -p /etc/kiosk
    sum=$(sha256sum "$bundled" | cut -d' ' -f1)
    [ -f /etc/kiosk/board.toml ] && [ "$(cat /etc/kiosk/board.toml.origin 2>/dev/null)" = "$sum" ] && return 0
    [ -f /etc/kiosk/board.toml ] && echo "the release brings another board profile: replaced /etc/kiosk/board.toml (a calibration in it too)"
    install -m 644 "$bundled" /etc/kiosk/board.toml.new
    mv -f /etc/kiosk/board.toml.new /etc/kiosk/board.toml
    echo "$sum" > /etc/kiosk/board.toml.origin
}

state() { systemctl show -p ActiveState,SubState,NRestarts,MainPID,Result "$unit" 2>/dev/null | tr '\n' ' '; }

activate() {
    version=$1 release="$top/releases/$1"
    [ -x "$release/bin/kiosk" ] || fail "release $version is not installed"
    for g in video input render tty audio; do getent group "$g" >/dev/null || groupadd --system "$g"; done
    kiosk_group
    if ! id kiosk >/dev/null 2>&1; then
        useradd --system --gid kiosk --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin kiosk
        echo "created the user kiosk"
    fi
    usermod -a -G video,input,render,tty kiosk
    board_profile "$release"
    install -m 644 "$release/systemd/kiosk.service" /etc/systemd/system/kiosk.service
    install -m 644 "$release/udev/70-kiosk.rules" /etc/udev/rules.d/70-kiosk.rules
    udevadm control --reload
    udevadm trigger --subsystem-match=drm --subsystem-match=input --subsystem-match=misc
    udevadm settle --timeout=10 || true
    systemctl daemon-reload
    systemctl enable "$unit" 2>/dev/null
    systemctl disable getty@tty1.service 2>/dev/null || true
    old=$(readlink "$top/current" 2>/dev/null || true)
    if [ -n "$old" ] && [ "$(basename "$old")" != "$version" ]; then echo "$old" > "$top/previous"; fi
    # Atomic: a new link under a temp name, renamed over `current` in one step.
    ln -sfn "releases/$version" "$top/current.tmp"
    mv -T "$top/current.tmp" "$top/current"
    # `kiosk ctl ...` on the board's PATH, always the current release's.
    ln -sfn "$top/current/bin/kiosk" /usr/local/bin/kiosk
    systemctl reset-failed "$unit" 2>/dev/null || true
    systemctl restart --no-block "$unit"
}

case "${1:-}" in
probe)
    where=$top; [ -d "$where" ] || where=/opt; [ -d "$where" ] || where=/
    echo "arch=$(uname -m)"
    echo "free_kib=$(df -Pk "$where" | awk 'NR==2{print $4}')"
    echo "current=$(basename "$(readlink "$top/current" 2>/dev/null || echo none)")"
    echo "active=$(systemctl is-active "$unit" 2>/dev/null || true)"
    echo "substate=$(systemctl show -p SubState --value "$unit" 2>/dev/null || true)"
    ;;
receive)
    version=$2 sum=$3 part="$top/incoming/$2.tar.gz.part"
    [ -f "$part" ] || fail "no copy of $version arrived"
    got=$(sha256sum "$part" | cut -d' ' -f1)
    if [ "$got" != "$sum" ]; then
        rm -f "$part"
        fail "the copy of $version is damaged or incomplete (sha256 $got, expected $sum); removed it, nothing was changed"
    fi
    mv "$part" "$top/incoming/$version.tar.gz"
    ;;
install)
    version=$2 releases="$top/releases"
    mkdir -p "$releases"
    if [ ! -d "$releases/$version" ]; then
        tmp="$releases/.$version.tmp"
        rm -rf "$tmp" && mkdir -p "$tmp"
        tar -xzf "$top/incoming/$version.tar.gz" -C "$tmp" || { rm -rf "$tmp"; fail "cannot unpack $version (disk full?)"; }
        sync
        mv -T "$tmp" "$releases/$version"
    fi
    rm -f "$top/incoming/$version.tar.gz"
    ;;
activate)
    activate "$2"
    ;;
operators)
    shift
    kiosk_group
    for user in "$@"; do
        id "$user" >/dev/null 2>&1 || fail "no user '$user' on the board; create the account first, then add it as an operator"
        usermod -a -G kiosk "$user"
        echo "operator $user is in group kiosk"
    done
    ;;
wait-ready)
    deadline=$(( $(date +%s) + $2 )) stable=0 pid=""
    while [ "$(date +%s)" -lt "$deadline" ]; do
        s=$(state)
        case "$s" in
        *ActiveState=active*SubState=running*|*SubState=running*ActiveState=active*)
            now=$(systemctl show -p MainPID --value "$unit")
            if [ "$now" = "$pid" ]; then stable=$((stable + 1)); else stable=0 pid=$now; fi
            [ "$stable" -ge 3 ] && { echo "ready: $s"; exit 0; } ;;
        *) stable=0 pid="" ;;
        esac
        sleep 1
    done
    echo "not ready after $2 s: $(state)" >&2
    # The kiosk's own last words, apart from systemd's: a kiosk that fails at start-up restarts
    # every second or so, and the manager's lines about each restart would push its error out of a
    # shared tail.
    journalctl -u "$unit" _TRANSPORT=stdout -n 6 --no-pager -o cat 2>/dev/null | grep -v '^$' | sed 's/^/  kiosk: /' >&2 || true
    journalctl -u "$unit" _PID=1 -n 4 --no-pager -o cat 2>/dev/null | grep -v '^$' | sed 's/^/  systemd: /' >&2 || true
    exit 1
    ;;
rollback)
    [ -f "$top/previous" ] || { systemctl stop "$unit"; fail "no previous release to go back to; stopped the kiosk"; }
    previous=$(cat "$top/previous")
    failed=$(basename "$(readlink "$top/current")")
    activate "$(basename "$previous")" >/dev/null
    rm -f "$top/previous"
    echo "rolled back from $failed to $(basename "$previous")"
    ;;
cleanup)
    cd "$top/releases"
    keep="$(basename "$(readlink "$top/current")") $(basename "$(cat "$top/previous" 2>/dev/null || echo none)")"
    ls -1t | grep -v '^\.' | awk -v keep="$keep" 'BEGIN{n=split(keep,k," ");for(i=1;i<=n;i++)K[k[i]]=1} !($0 in K){if(++c>3)print}' \
        | while read -r old; do rm -rf "./$old"; echo "removed old release $old"; done
    rm -rf "$top/incoming"/*.part "$top/releases"/.*.tmp 2>/dev/null || true
    ;;
*)
    fail "unknown action '${1:-}'"
    ;;
esac
