#!/usr/bin/env bash
# Builds the product template (Templates/CoffeeKiosk) as a product team would: from clean,
# against KioskUI by version. A temporary clone of this repository at HEAD is tagged 0.1.0,
# the template is copied beside it and its KioskUI URL mirrored to the clone (`swift package
# config set-mirror`: the template's Package.swift stays as a team copies it). Then its
# tests run (snapshot tests against its references), its `snapshot` must draw what the test
# reference shows, a tap in `simulate` must order a drink, and `previews` must draw the
# Cappuccino preview as the test's reference shows it and the Menu one at the size it
# takes. Commit first: uncommitted changes are not in the clone.
#
# Nothing of the template's build is reused: a first clean build is what a new user gets, and
# what broke before (a clang module clash that a second build hides). SwiftPM's clones of the
# other packages are cached under ~/.cache/kioskui/template.
#
# Usage: scripts/template_check.sh      prints "template-check ok seconds=N"
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
SWIFT=${SWIFT:-swift}
cache=${KIOSK_TEMPLATE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/kioskui/template}
log() { echo "template-check: $*" >&2; }
start=$(date +%s)
mkdir -p "$cache"
work=$(mktemp -d /tmp/kiosk-template.XXXXXX)
trap 'rm -rf "$work"' EXIT

git clone -q "$repo" "$work/KioskUI"
git -C "$work/KioskUI" -c user.name=template-check -c user.email=template-check@localhost \
    tag -a 0.1.0 -m "KioskUI 0.1.0 (template check)"
cp -R "$work/KioskUI/Templates/CoffeeKiosk" "$work/CoffeeKiosk"
cd "$work/CoffeeKiosk"
url=$(sed -n 's/.*\.package(url: "\([^"]*\)".*/\1/p' Package.swift)
[ -n "$url" ] || { log "no .package(url:) in the template's Package.swift"; exit 1; }
"$SWIFT" package config set-mirror --original "$url" --mirror "file://$work/KioskUI"

spm=(--cache-path "$cache/swiftpm")
log "building from clean against KioskUI 0.1.0 ($url mirrored to the clone)"
"$SWIFT" build --build-tests "${spm[@]}" >&2
export KIOSK_FONTS="$work/KioskUI/fonts"
"$SWIFT" test --skip-build "${spm[@]}" >&2

app=$("$SWIFT" build --show-bin-path "${spm[@]}")/CoffeeKiosk
"$app" snapshot --size 1024x600 --out "$work/order.png"
cmp "$work/order.png" Tests/CoffeeScreensTests/References/order-empty.png \
    || { log "CoffeeKiosk snapshot differs from the test's reference order-empty.png"; exit 1; }
printf '0 down 0 512 300\n60 up 0\n500 end\n' > "$work/tap.touch"
"$app" simulate --size 1024x600 --touches "$work/tap.touch" > "$work/events.jsonl"
grep -q '"button":"cappuccino","event":"triggered"' "$work/events.jsonl" \
    || { log "a tap on Cappuccino did not trigger it:"; cat "$work/events.jsonl" >&2; exit 1; }
"$app" previews --size 1024x600 --out "$work/previews"
cmp "$work/previews/Cappuccino.png" Tests/CoffeeScreensTests/References/order-cappuccino.png \
    || { log "the Cappuccino preview differs from the test's reference order-cappuccino.png"; exit 1; }
# A PNG's width and height are the big-endian words at bytes 16 and 20.
read -r width height < <(od -An -tu1 -j16 -N8 "$work/previews/Menu.png" \
    | awk '{ print $1*16777216 + $2*65536 + $3*256 + $4, $5*16777216 + $6*65536 + $7*256 + $8 }')
(( width > 100 && width < 1024 && height > 100 && height < 600 )) \
    || { log "the Menu preview (sizeThatFitsLayout) is ${width}x${height}, not the size of its content"; exit 1; }

# The app's deploy bundle (deploy.sh --app): the unit's own command line, run here headless
# with the bundle's board profile (at the tap's panel size), shows the app until the touch
# script ends; the stop line's restore-console is one of the app's subcommands.
KIOSK_BUNDLE_DIR="$work/bundle" "$work/KioskUI/deploy/deploy.sh" --bundle-only --app --binary "$app" > "$work/bundle.txt"
mkdir "$work/unpacked"
tar -C "$work/unpacked" -xzf "$(sed -n 's/^bundle=//p' "$work/bundle.txt")"
unit=$work/unpacked/systemd/kiosk.service
line=$(sed -n 's#^ExecStart=/opt/kiosk/current/##p' "$unit")
[ "${line%% *}" = "bin/kiosk" ] || { log "the bundle's unit does not start bin/kiosk: $line"; exit 1; }
grab=$work/frame.png
line=${line//\/etc\/kiosk\/board.toml/board.toml}
line=${line//\/run\/kiosk\/frame.png/$grab}
# shellcheck disable=SC2086 # the unit's words, as systemd splits them
(cd "$work/unpacked" && $line --display headless --size 1024x600 --touch-script "$work/tap.touch" --no-control) > "$work/unit-events.jsonl"
grep -q '"button":"cappuccino","event":"triggered"' "$work/unit-events.jsonl" \
    || { log "the bundle's unit line did not run the app:"; cat "$work/unit-events.jsonl" >&2; exit 1; }
grep -q '^ExecStopPost=+/opt/kiosk/current/bin/kiosk restore-console ' "$unit" \
    && "$work/unpacked/bin/kiosk" restore-console --help > /dev/null \
    || { log "the bundle's stop line names a restore-console the app lacks"; exit 1; }
echo "template-check ok seconds=$(( $(date +%s) - start ))"
