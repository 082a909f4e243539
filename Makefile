# The commands of the README. Each installs what it needs first.
SWIFT ?= swift
FUZZ_SECONDS ?= 60
# Where the arm64 virtual board keeps its kernel and packages (board/qemu/build-image.sh).
ARM64_BOARD_CACHE ?= $(or $(KIOSK_BOARD_CACHE),$(or $(XDG_CACHE_HOME),$(HOME)/.cache)/kioskui/board)-arm64

.PHONY: run test fuzz arm64 size

run:
	scripts/install-deps.sh build
	$(SWIFT) build -c release --product kiosk
	.build/release/kiosk run --out out/demo

# The arm64 downloads and builds start first, in the background beside the x86_64 ones; the
# arm64 suites wait for them (each takes a lock) and redo any that failed, with its message.
test:
	scripts/install-deps.sh test
	board/qemu/fetch-arm64-userland.sh $(ARM64_BOARD_CACHE) > /dev/null 2>&1 &
	scripts/build-arm64.sh > /dev/null 2>&1 &
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	SWIFT=$(SWIFT) scripts/template_check.sh
	SWIFT=$(SWIFT) scripts/fuzz.sh 10
	python3 scripts/soak_simulated.py
	python3 board/qemu/e2e.py
	python3 board/qemu/e2e.py --arch arm64
	python3 board/qemu/replay.py
	python3 board/qemu/e2e_faults.py
	python3 board/qemu/soak.py --minutes 5
	python3 deploy/e2e.py
	python3 deploy/e2e_faults.py

# libFuzzer on the screen file, touch script, control message, board profile and libinput recording (README).
fuzz:
	scripts/install-deps.sh build
	SWIFT=$(SWIFT) scripts/fuzz.sh $(FUZZ_SECONDS)

# The kiosk for arm64 boards, cross-built with Debian trixie's Swift 6.0.3 (README), and its deploy bundle.
arm64:
	scripts/install-deps.sh build
	scripts/build-arm64.sh
	KIOSK_BUNDLE_DIR=out/arm64 deploy/deploy.sh --bundle-only --binary out/arm64/kiosk --board $(or $(BOARD),rpi4-dsi-7inch)

# The stripped static kiosk's size per architecture (x86_64 always, arm64 after `make arm64`).
size:
	scripts/install-deps.sh build
	SWIFT=$(SWIFT) scripts/size.sh
