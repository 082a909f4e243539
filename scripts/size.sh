#!/usr/bin/env bash
# Prints the size of the stripped, statically linked kiosk per architecture: what deploy
# ships and an update downloads. x86_64 is built here as deploy builds it, in its own
# scratch path so the debug build is untouched; arm64 is reported when `make arm64` has
# made out/arm64/kiosk. What each archive and module adds to the x86_64 binary goes to
# stderr (scripts/size-breakdown.py, from the linker's map).
#
# Usage: scripts/size.sh     one line per architecture: "size arch=x86_64 bytes=N mb=N.N"
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo"
SWIFT=${SWIFT:-swift}
strip=$(command -v llvm-strip || command -v strip)
report() { awk -v arch="$1" -v bytes="$2" 'BEGIN { printf "size arch=%s bytes=%d mb=%.1f\n", arch, bytes, bytes / 1048576 }'; }

mkdir -p .build-size
# The map is written at link time only: removing the binary relinks it.
rm -f .build-size/release/kiosk
$SWIFT build -c release --static-swift-stdlib --product kiosk --scratch-path .build-size \
    -Xlinker -Map="$repo/.build-size/kiosk.map" >&2
python3 scripts/size-breakdown.py .build-size/kiosk.map >&2
stripped=$(mktemp)
trap 'rm -f "$stripped"' EXIT
"$strip" -o "$stripped" .build-size/release/kiosk
report x86_64 "$(stat -c %s "$stripped")"
if [ -f out/arm64/kiosk ]; then
    # build-arm64.sh strips it with the target's strip.
    report arm64 "$(stat -c %s out/arm64/kiosk)"
fi
