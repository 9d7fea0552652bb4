# Entry points: `make setup`, `make build`, `make run`, `make test`, `make test-sanitize`, `make test-scale`,
# `make fuzz`, `make bench`, `make clean`.
BUILD_DIR ?= build
BUILD_TYPE ?= RelWithDebInfo
JOBS ?= 2
PORT ?= 8080
INBOX_PORT ?= 8025
DATA_DIR ?= var/demo

.PHONY: setup build run test test-sanitize test-scale fuzz bench clean

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

# Two argusd shards on one PostgreSQL behind nginx (deploy/README.md): installs nginx when missing, then runs the
# integration test tests/scale/two_shards_test.sh (not in `make test`; docs/operations.md "Two shards behind nginx").
test-scale: setup build
	command -v nginx >/dev/null || \
	  bash -c '. scripts/lib/install_missing_packages.sh && install_missing_packages test-scale nginx'
	tests/scale/two_shards_test.sh

# libFuzzer targets (fuzz/README.md), built with clang in build-fuzz; FUZZ_SECONDS per target (default 60).
fuzz:
	scripts/fuzz.sh

bench:
	if [ -x bench/run.sh ]; then bench/run.sh; elif [ -f bench/run.sh ]; then bash bench/run.sh; \
	else echo "bench/run.sh not present"; fi

clean:
	rm -rf $(BUILD_DIR) web/dist
