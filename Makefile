# Entry points: `make setup`, `make build`, `make run`, `make test`, `make test-sanitize`, `make fuzz`, `make bench`,
# `make clean`.
BUILD_DIR ?= build
BUILD_TYPE ?= RelWithDebInfo
JOBS ?= 2
PORT ?= 8080
INBOX_PORT ?= 8025
DATA_DIR ?= var/demo

.PHONY: setup build run test test-sanitize fuzz bench clean

setup:
	scripts/setup.sh

build:
	cmake -S . -B $(BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=$(BUILD_TYPE)
	cmake --build $(BUILD_DIR) -j$(JOBS)
	if [ -f web/package.json ]; then cd web && npm run build; fi

run: setup build
	$(BUILD_DIR)/bin/argusd --data-dir $(DATA_DIR) --listen 127.0.0.1:$(PORT) --demo --web-root web/dist \
	  --demo-inbox-port $(INBOX_PORT)

test: setup build
	ctest --test-dir $(BUILD_DIR) --output-on-failure -j$(JOBS)
	if [ -f web/package.json ] && grep -q '"test"[[:space:]]*:' web/package.json; then cd web && CI=1 npm test; fi
	if [ -f web/package.json ] && grep -q '"e2e"[[:space:]]*:' web/package.json; then cd web && CI=1 npm run e2e; fi

# Every CTest test built with ASan+UBSan in build-sanitize (scripts/test-sanitize.sh; not part of CI: see
# docs/operations.md "Proving it under attack" for its runtime).
test-sanitize:
	scripts/test-sanitize.sh

# libFuzzer targets (fuzz/README.md), built with clang in build-fuzz; FUZZ_SECONDS per target (default 60).
fuzz:
	scripts/fuzz.sh

bench:
	if [ -x bench/run.sh ]; then bench/run.sh; elif [ -f bench/run.sh ]; then bash bench/run.sh; \
	else echo "bench/run.sh not present"; fi

clean:
	rm -rf $(BUILD_DIR) web/dist
