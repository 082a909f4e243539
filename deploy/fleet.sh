#!/usr/bin/env bash
# Deploys one release to a fleet with Ansible: builds its bundle once per architecture
# (deploy.sh --bundle-only; --binary once per architecture, e.g. .build/release/kiosk and
# out/arm64/kiosk) and runs deploy/ansible/deploy.yml on every board of the inventory in
# parallel; each board gets the bundle of its uname -m. Exits 0 only when every board took
# the release (or already had it).
#
# Usage: deploy/fleet.sh -i INVENTORY [--board NAME] [--screen FILE] [--binary PATH]...
#                        [--forks N] [-- EXTRA ANSIBLE-PLAYBOOK ARGS]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
inventory="" forks=10 bundle_args=() extra=()
while [ $# -gt 0 ]; do
    case $1 in
    -i) inventory=$2; shift 2 ;;
    --forks) forks=$2; shift 2 ;;
    --board|--screen|--binary) bundle_args+=("$1" "$2"); shift 2 ;;
    --) shift; extra=("$@"); break ;;
    *) echo "fleet: unknown argument $1" >&2; exit 2 ;;
    esac
done
[ -n "$inventory" ] || { echo "usage: deploy/fleet.sh -i INVENTORY [--board NAME] [--screen FILE]" >&2; exit 2; }
command -v ansible-playbook >/dev/null || { echo "fleet: ansible-playbook is missing (pip install ansible-core)" >&2; exit 1; }
facts=$("$here/deploy.sh" --bundle-only "${bundle_args[@]}")
echo "$facts" | sed 's/^/fleet: /'
# The bundles by architecture (JSON), from the facts deploy.sh prints per bundle.
bundles=$(awk -F= '/^bundle=/{b=$2} /^version=/{v=$2} /^arch=/{a=$2} /^sha256=/{s=$2}
    /^unpacked_kib=/{printf "%s\"%s\": {\"bundle\": \"%s\", \"version\": \"%s\", \"sha256\": \"%s\", \"unpacked_kib\": %s}", sep, a, b, v, s, $2; sep=", "}' <<<"$facts")
ANSIBLE_HOST_KEY_CHECKING=True ANSIBLE_STDOUT_CALLBACK=default exec ansible-playbook -i "$inventory" --forks "$forks" \
    -e "{\"bundles\": {$bundles}}" "${extra[@]}" "$here/ansible/deploy.yml"
