#!/usr/bin/env bash
# Prints the size of the stripped, statically linked kiosk per architecture: what deploy
# ships and an update downloads. x86_64 is built here as deploy builds it, in its own
# scratch path so the debug build is untouched; arm64 is reported when `make arm64` has
# made out/arm64/kiosk. What each archive and module adds to the x86_64 binary goes to
# stderr (scripts/size-breakdown.py, from the linker's map). The product template
# (Templates/CoffeeKiosk, an `App` with full Foundation beside KioskUI) is built the same way
# against this checkout and reported too: a product's binary, linked without the kiosk's
# size flags, which a product may copy from Package.swift.
#
# Usage: scripts/size.sh     one line per binary: "size arch=x86_64 bytes=N mb=N.N" for the
#                            kiosk, "size product=CoffeeKiosk arch=x86_64 …" for the template
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo"
SWIFT=${SWIFT:-swift}
strip=$(command -v llvm-strip || command -v strip)
report() { awk -v what="$1" -v bytes="$2" 'BEGIN { printf "size %s bytes=%d mb=%.1f\n", what, bytes, bytes / 1048576 }'; }

mkdir -p .build-size
# The map is written at link time only: removing the binary relinks it.
rm -f .build-size/release/kiosk
$SWIFT build -c release --static-swift-stdlib --product kiosk --scratch-path .build-size \
    -Xlinker -Map="$repo/.build-size/kiosk.map" >&2
python3 scripts/size-breakdown.py .build-size/kiosk.map >&2
stripped=$(mktemp)
trap 'rm -f "$stripped"' EXIT
"$strip" -o "$stripped" .build-size/release/kiosk
report arch=x86_64 "$(stat -c %s "$stripped")"
if [ -f out/arm64/kiosk ]; then
    # build-arm64.sh strips it with the target's strip.
    report arch=arm64 "$(stat -c %s out/arm64/kiosk)"
fi

# The template in a folder of its own (the same path every time, so its build is
# incremental), depending on this checkout by path.
template=.build-size/CoffeeKiosk
rm -rf "$template/Sources" "$template/Tests"
mkdir -p "$template"
cp -R Templates/CoffeeKiosk/. "$template/"
sed -i "s#^\( *\)\.package(url: .*#\1.package(name: \"KioskUI\", path: \"$repo\"),#" "$template/Package.swift"
grep -q "path: \"$repo\"" "$template/Package.swift" || { echo "size: the template's KioskUI dependency was not rewritten" >&2; exit 1; }
$SWIFT build -c release --static-swift-stdlib --product CoffeeKiosk --package-path "$template" >&2
"$strip" -o "$stripped" "$template/.build/release/CoffeeKiosk"
report "product=CoffeeKiosk arch=x86_64" "$(stat -c %s "$stripped")"

# Start-up, a benchmark line rather than a test: the first frame on screen after process
# start, headless, the median of five runs, of the template against the kiosk's built-in demo.
end_script=$(mktemp)
trap 'rm -f "$stripped" "$end_script"' EXIT
printf '0 end\n' > "$end_script"
first_frame_ms() {
    for _ in 1 2 3 4 5; do
        "$@" --display headless --size 1280x800 --touch-script "$end_script" --no-control 2>&1 >/dev/null \
            | sed -n 's/.*start-up: first frame on screen \([0-9.]*\) ms.*/\1/p'
    done | sort -n | sed -n 3p
}
demo_ms=$(first_frame_ms .build-size/release/kiosk run)
product_ms=$(first_frame_ms "$template/.build/release/CoffeeKiosk" run)
awk -v d="$demo_ms" -v p="$product_ms" 'BEGIN { printf "startup product=CoffeeKiosk first_frame_ms=%s demo_first_frame_ms=%s ratio=%.2f\n", p, d, p / d }'
