# The two commands of the README. Both install what they need first.
SWIFT ?= swift

.PHONY: run test

run:
	scripts/install-deps.sh build
	$(SWIFT) build -c release --product kiosk
	.build/release/kiosk run --out out/demo

test:
	scripts/install-deps.sh test
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	python3 board/qemu/e2e.py
	python3 deploy/e2e.py
