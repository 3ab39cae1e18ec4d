# mazesearch: convenience targets around CMake (GNU make).
#
#   make / make build   install missing Debian packages, configure and build into build/
#   make test           ctest in build/, then the ASan+UBSan pass (make test SANITIZE=0 skips it)
#   make test-sanitize  build and test with -DMAZESEARCH_SANITIZE=ON in build-sanitize/
#   make quickstart     the main job: a one-minute genetic search on 13x13 (configs/quickstart.yaml)
#   make bench          build/mazesearch bench, then the Google Benchmark binaries if built
#   make install        cmake --install build --prefix $(PREFIX)
#   make format         clang-format -i the C++ sources
#   make clean          remove build/ and build-sanitize/

SHELL := /bin/bash
MAKEFLAGS += --no-print-directory

# Debian 12 packages the build needs; `make deps` installs whichever are missing.
DEPS_PACKAGES := cmake g++ make pkg-config \
	libyaml-cpp-dev libspdlog-dev libtbb-dev libcli11-dev nlohmann-json3-dev libfmt-dev \
	libgtest-dev libgmock-dev libbenchmark-dev

BUILD_DIR    := build
SANITIZE_DIR := build-sanitize
PREFIX       ?= /usr/local
SANITIZE     ?= 1
JOBS         ?= $(shell nproc 2>/dev/null || echo 2)
CTEST_JOBS   ?= 2
# Extra options for both configure steps, e.g. make CMAKE_ARGS=-DMAZESEARCH_NATIVE=ON
CMAKE_ARGS   ?=

SANITIZER_ENV := ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

FORMAT_DIRS := engine search experiments tests benchmarks

.PHONY: all build deps test test-sanitize quickstart bench install format clean

all: build

deps:
	@if ! command -v dpkg-query >/dev/null 2>&1; then \
	  echo "deps: dpkg-query not found (not a Debian system?); not checking packages"; \
	  exit 0; \
	fi; \
	missing=""; \
	for p in $(DEPS_PACKAGES); do \
	  status=$$(dpkg-query -W -f='$${Status}' "$$p" 2>/dev/null || true); \
	  [ "$$status" = "install ok installed" ] || missing="$$missing $$p"; \
	done; \
	if [ -z "$$missing" ]; then \
	  echo "deps: all packages installed"; \
	  exit 0; \
	fi; \
	echo "deps: missing packages:$$missing"; \
	if [ "$$(id -u)" -eq 0 ]; then \
	  sudo=""; \
	elif command -v sudo >/dev/null 2>&1; then \
	  sudo="sudo"; \
	else \
	  echo "deps: error: not root and sudo not found; install these packages as root:" >&2; \
	  echo "  apt-get install -y --no-install-recommends$$missing" >&2; \
	  exit 1; \
	fi; \
	echo "$${sudo:+$$sudo }apt-get update"; \
	$$sudo apt-get update; \
	echo "$${sudo:+$$sudo }env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends$$missing"; \
	$$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $$missing

# Configure only when there is no cache yet; afterwards `cmake --build` re-runs CMake itself
# whenever a CMakeLists.txt changes. A failed configure removes the cache so the next make
# configures again.
$(BUILD_DIR)/CMakeCache.txt: | deps
	cmake -S . -B $(BUILD_DIR) -DCMAKE_BUILD_TYPE=Release $(CMAKE_ARGS) \
	  || { rm -f $(BUILD_DIR)/CMakeCache.txt; exit 1; }

$(SANITIZE_DIR)/CMakeCache.txt: | deps
	cmake -S . -B $(SANITIZE_DIR) -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DMAZESEARCH_SANITIZE=ON -DMAZESEARCH_BENCHMARKS=OFF $(CMAKE_ARGS) \
	  || { rm -f $(SANITIZE_DIR)/CMakeCache.txt; exit 1; }

build: deps $(BUILD_DIR)/CMakeCache.txt
	cmake --build $(BUILD_DIR) -j$(JOBS)

# The sanitizer pass, shared by test and test-sanitize. The `package` test installs the
# (sanitized) libraries into a plain consumer, so it is left out here.
define SANITIZE_STEPS
cmake --build $(SANITIZE_DIR) -j$(JOBS)
$(SANITIZER_ENV) ctest --test-dir $(SANITIZE_DIR) --output-on-failure -j$(CTEST_JOBS) -E '^package$$'
endef

test: build $(if $(filter 1,$(SANITIZE)),$(SANITIZE_DIR)/CMakeCache.txt)
	ctest --test-dir $(BUILD_DIR) --output-on-failure -j$(CTEST_JOBS)
	$(if $(filter 1,$(SANITIZE)),$(SANITIZE_STEPS))

test-sanitize: deps $(SANITIZE_DIR)/CMakeCache.txt
	$(SANITIZE_STEPS)

# The main job: a one-minute genetic search for a 13x13 maze (configs/quickstart.yaml).
quickstart: build
	./experiments/quickstart.sh $(BUILD_DIR)/mazesearch

bench: build
	$(BUILD_DIR)/mazesearch bench
	for b in walk_benchmark games_benchmark; do \
	  if [ -x $(BUILD_DIR)/benchmarks/$$b ]; then \
	    $(BUILD_DIR)/benchmarks/$$b || exit 1; \
	  else \
	    echo "bench: $(BUILD_DIR)/benchmarks/$$b not built (MAZESEARCH_BENCHMARKS=OFF?)"; \
	  fi; \
	done

install: build
	cmake --install $(BUILD_DIR) --prefix $(PREFIX)

format:
	find $(FORMAT_DIRS) \( -name '*.cpp' -o -name '*.hpp' \) -type f -print0 2>/dev/null \
	  | xargs -0 -r clang-format -i

clean:
	rm -rf $(BUILD_DIR) $(SANITIZE_DIR)
