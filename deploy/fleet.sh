#!/usr/bin/env bash
# Deploys one bundle to a fleet with Ansible: builds it once (deploy.sh --bundle-only) and
# runs deploy/ansible/deploy.yml on every board of the inventory in parallel. Exits 0 only
# when every board took the release (or already had it).
#
# Usage: deploy/fleet.sh -i INVENTORY [--board NAME] [--screen FILE] [--binary PATH]
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
get() { sed -n "s/^$1=//p" <<<"$facts"; }
ANSIBLE_HOST_KEY_CHECKING=True ANSIBLE_STDOUT_CALLBACK=default exec ansible-playbook -i "$inventory" --forks "$forks" \
    -e "bundle=$(get bundle) version=$(get version) sha256=$(get sha256) arch=$(get arch) unpacked_kib=$(get unpacked_kib)" \
    "${extra[@]}" "$here/ansible/deploy.yml"
