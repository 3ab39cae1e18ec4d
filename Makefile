# mazesearch: convenience targets around CMake (GNU make).
#
#   make / make build   install missing Debian packages, configure and build into build/
#   make test           build the test programs, ctest in build/, then the ASan+UBSan pass
#                       (make test SANITIZE=0 skips it)
#                       and the fuzz-smoke pass (make test FUZZ=0 skips it)
#   make test-sanitize  build and test with -DMAZESEARCH_SANITIZE=ON in build-sanitize/
#   make fuzz           libFuzzer targets (clang) in build-fuzz/, each for FUZZ_SECONDS [60]
#   make fuzz-smoke     the same, each target replaying its corpus and running 10 s
#   make test-tsan      build and test with ThreadSanitizer (-DMAZESEARCH_TSAN=ON) in build-tsan/:
#                       every test but three long serial ones, so every parallel path (batches,
#                       islands, side-by-side repeats, the enumeration, the game solvers' teams)
#                       with 2 threads or more, and a canary race that must be reported
#                       (make test TSAN=1 adds it to make test)
#   make command        install missing Debian packages, build the command (build/mazesearch) and
#                       the Python module (build/python)
#   make quickstart     the main job (builds what make command does): a population annealing search
#                       on 13x13 of 10 million evaluations, the same board on every machine
#                       (configs/quickstart.yaml)
#   make paper          the paper regenerated: results/paper/REPORT.md and its figures
#                       (runs what runs/paper/ does not hold yet; PAPER_ARGS=--tiny: small budgets,
#                       runs in runs/paper-tiny/ and the report in runs/paper-tiny/report/)
#   make bench          build/mazesearch bench, then the Google Benchmark binaries if built
#   make install        cmake --install build --prefix $(PREFIX)
#   make format         clang-format -i the C++ sources
#   make mutations      the deliberate bugs of tests/mutations/, each applied to a scratch copy in
#                       build-mutations/ and caught by the tests it names (docs/testing.md)
#   make clean          remove build/, build-sanitize/, build-tsan/ and build-fuzz/

SHELL := /bin/bash
MAKEFLAGS += --no-print-directory

# Debian 12 packages the build needs; `make deps` installs whichever are missing.
DEPS_PACKAGES := cmake g++ make pkg-config \
	libyaml-cpp-dev libspdlog-dev libtbb-dev libcli11-dev nlohmann-json3-dev libfmt-dev \
	libgtest-dev libgmock-dev libbenchmark-dev clang-14 libclang-rt-14-dev \
	libopenmpi-dev openmpi-bin python3 python3-matplotlib libcpp-httplib-dev libjs-chart.js \
	pybind11-dev python3-dev python3-numpy librsvg2-bin
# What only the tests need besides: a real browser for the page of `mazesearch serve`, pytest,
# and what `pip install ./python` needs in a venv (test python_pip_install) (`make test` installs
# these too; `make quickstart` and `make build` do not).
TEST_PACKAGES := chromium chromium-driver python3-selenium python3-pytest \
	python3-venv python3-pip python3-setuptools python3-wheel

BUILD_DIR    := build
SANITIZE_DIR := build-sanitize
TSAN_DIR     := build-tsan
TSAN         ?= 0
FUZZ_DIR     := build-fuzz
PREFIX       ?= /usr/local
SANITIZE     ?= 1
# make test runs the fuzz-smoke pass too (FUZZ=0: not); make fuzz runs each target this long.
FUZZ         ?= 1
FUZZ_SECONDS ?= 60
FUZZ_SMOKE_SECONDS ?= 10
# How many fuzz targets the smoke pass runs at once (make fuzz runs one at a time).
FUZZ_JOBS    ?= $(shell nproc 2>/dev/null || echo 2)
JOBS         ?= $(shell nproc 2>/dev/null || echo 2)
CTEST_JOBS   ?= 2
# Debian's python3 (python3-matplotlib is installed for it), for make paper.
PYTHON       ?= $(shell [ -x /usr/bin/python3 ] && echo /usr/bin/python3 || echo python3)
PAPER_ARGS   ?=
# Extra options for both configure steps, e.g. make CMAKE_ARGS=-DMAZESEARCH_NATIVE=ON
CMAKE_ARGS   ?=
# Both trees are unity builds of up to 16 sources a unit: the heavy headers (CLI11,
# nlohmann/json, spdlog, GoogleTest) and their templates are compiled a few times instead of once
# per source, in less than half the time (measured on 2 cores; batches of 8 cost make test a fifth
# more CPU time than 16). The engine, the walk's hot loop, is compiled file by file all the same
# (engine/CMakeLists.txt), so the speed `make bench` measures does not depend on it.
UNITY        := -DCMAKE_UNITY_BUILD=ON -DCMAKE_UNITY_BUILD_BATCH_SIZE=16

SANITIZER_ENV := ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

# Left out of the ASan+UBSan pass: the package test (it installs the sanitized libraries into a
# plain consumer) and the four longest tests under the sanitizers, 55 of its 242 s of test time
# on 2 cores: whole-command runs whose answers the release pass checks, and whose code shorter
# tests run under the sanitizers too (a GA resumed to 2 M evaluations, 6x6 enumerated three
# times, the 4x4 passage tree twice, every committed picture redrawn).
SANITIZE_SKIP := ^package$$|^CheckpointCompat.ARunStoppedBeforeTheRestructuringResumesToTheSameEnd$$|^Robustness.ACorruptEnumerationProgressFallsBackToThePreviousOne$$|^PassageEnumerateCli.AtLeastCountsOnlyTheBestBoards$$|^Cli.RenderRedrawsTheCommittedPicturesByteForByte$$

# Debian's TBB is not built with ThreadSanitizer: tests/tsan.supp says which of its reports are
# about TBB's own task objects, and why (nothing of ours is suppressed).
# Left out of the pass: the package test (as in the sanitizer pass) and three long tests of serial
# code (one thread: nothing for ThreadSanitizer to check), 4 of its 10 minutes.
TSAN_SKIP := ^package$$|^CatTrapSolver.ConfirmsTheBudgetOnLatePositionsOfTheProof$$|^MousetrapSolve.MillionRoomTreesOfEveryShape$$|^Robustness.ACorruptEnumerationProgressFallsBackToThePreviousOne$$
TSAN_ENV := TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 suppressions=$(CURDIR)/tests/tsan.supp"

FORMAT_DIRS := include engine search experiments tests benchmarks

.PHONY: all build command deps deps-test test-programs test test-sanitize test-tsan fuzz-programs fuzz \
	fuzz-smoke quickstart paper bench install format clean mutations

all: build

# Installs whichever of the packages $(1) are missing.
define INSTALL_MISSING
	@if ! command -v dpkg-query >/dev/null 2>&1; then \
	  echo "deps: dpkg-query not found (not a Debian system?); not checking packages"; \
	  exit 0; \
	fi; \
	missing=""; \
	for p in $(1); do \
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
endef

deps:
	$(call INSTALL_MISSING,$(DEPS_PACKAGES))

deps-test:
	$(call INSTALL_MISSING,$(DEPS_PACKAGES) $(TEST_PACKAGES))

# Configure only when there is no cache yet; afterwards `cmake --build` re-runs CMake itself
# whenever a CMakeLists.txt changes. A failed configure removes the cache so the next make
# configures again.
$(BUILD_DIR)/CMakeCache.txt: | deps
	cmake -S . -B $(BUILD_DIR) -DCMAKE_BUILD_TYPE=Release $(UNITY) $(CMAKE_ARGS) \
	  || { rm -f $(BUILD_DIR)/CMakeCache.txt; exit 1; }

# The sanitizer tree: -Og with line tables only (-g1), and no NDEBUG, so the assertions are
# checked too. RelWithDebInfo only for the libraries it picks (TBB's release build), its flags
# replaced. No benchmarks. -Og rather than -O1: GCC compiles the instrumented tree in 134 s
# instead of 215 s on 2 cores, and its tests (617 when measured) took 111 s instead of 106 s.
$(SANITIZE_DIR)/CMakeCache.txt: | deps
	cmake -S . -B $(SANITIZE_DIR) -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-Og -g1" $(UNITY) \
	  -DMAZESEARCH_SANITIZE=ON -DMAZESEARCH_BENCHMARKS=OFF -DMAZESEARCH_MPI=OFF $(CMAKE_ARGS) \
	  || { rm -f $(SANITIZE_DIR)/CMakeCache.txt; exit 1; }

# The ThreadSanitizer tree, -O1 with line tables.
$(TSAN_DIR)/CMakeCache.txt: | deps
	cmake -S . -B $(TSAN_DIR) -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1" $(UNITY) \
	  -DMAZESEARCH_TSAN=ON -DMAZESEARCH_BENCHMARKS=OFF -DMAZESEARCH_MPI=OFF $(CMAKE_ARGS) \
	  || { rm -f $(TSAN_DIR)/CMakeCache.txt; exit 1; }

# The fuzz tree (docs/fuzzing.md): clang with libFuzzer, ASan and UBSan, -O1 with line tables,
# assertions on; only the libraries the targets need are built (no tests, benchmarks, command).
$(FUZZ_DIR)/CMakeCache.txt: | deps
	CC=clang-14 CXX=clang++-14 cmake -S . -B $(FUZZ_DIR) -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1" $(UNITY) \
	  -DMAZESEARCH_FUZZ=ON -DMAZESEARCH_TESTS=OFF -DMAZESEARCH_BENCHMARKS=OFF -DMAZESEARCH_MPI=OFF $(CMAKE_ARGS) \
	  || { rm -f $(FUZZ_DIR)/CMakeCache.txt; exit 1; }

build: deps $(BUILD_DIR)/CMakeCache.txt
	cmake --build $(BUILD_DIR) -j$(JOBS)

# What the tests run: the test programs and the command (mazesearch_test_programs, in
# tests/CMakeLists.txt), not the benchmarks.
# Configured again first: a tree made by `make quickstart` was configured before deps-test
# installed the browser and pytest, and the tests that need them are added only when they are
# found (a few seconds; the cache and its options are kept).
test-programs: deps-test $(BUILD_DIR)/CMakeCache.txt
	cmake -S . -B $(BUILD_DIR) > /dev/null
	cmake --build $(BUILD_DIR) --target mazesearch_test_programs -j$(JOBS)

# Each phase of the tests is run, timed and counted by tests/test_phases.sh, which prints one table
# at the end (each phase, its tests passed, failed and skipped, its time) and fails if any phase
# did; a failed phase does not stop the ones after it (but for the tests of a tree that did not
# build).
PHASES := tests/test_phases.sh

# The sanitizer pass, shared by test and test-sanitize, without the tests of SANITIZE_SKIP.
define SANITIZE_STEPS
$(PHASES) build $(1) "ASan+UBSan build" -- cmake --build $(SANITIZE_DIR) --target mazesearch_test_programs -j$(JOBS)
$(SANITIZER_ENV) $(PHASES) ctest $(1) "ASan+UBSan tests" "ASan+UBSan build" $(SANITIZE_DIR) -- --output-on-failure -j$(CTEST_JOBS) -E '$(SANITIZE_SKIP)'
endef

define TSAN_STEPS
$(PHASES) build $(1) "TSan build" -- cmake --build $(TSAN_DIR) --target mazesearch_test_programs -j$(JOBS)
$(TSAN_ENV) $(PHASES) ctest $(1) "TSan tests" "TSan build" $(TSAN_DIR) -- --output-on-failure -j$(CTEST_JOBS) --timeout 1200 -E '$(TSAN_SKIP)'
$(PHASES) build $(1) "TSan canary" -- bash -c '\
if $(TSAN_ENV) $(TSAN_DIR)/tests/tsan_canary > /dev/null 2> $(TSAN_DIR)/canary.txt \
  || ! grep -q "data race" $(TSAN_DIR)/canary.txt || ! grep -q add_one $(TSAN_DIR)/canary.txt; then \
  echo "test-tsan: the canary race was not reported ($(TSAN_DIR)/canary.txt)" >&2; \
  exit 1; \
fi; echo "test-tsan: the canary race in a WorkerTeam item was reported, as it must be"'
endef

test: deps-test $(BUILD_DIR)/CMakeCache.txt $(if $(filter 1,$(SANITIZE)),$(SANITIZE_DIR)/CMakeCache.txt) \
	$(if $(filter 1,$(FUZZ)),$(FUZZ_DIR)/CMakeCache.txt) $(if $(filter 1,$(TSAN)),$(TSAN_DIR)/CMakeCache.txt)
	cmake -S . -B $(BUILD_DIR) > /dev/null
	@$(PHASES) begin $(BUILD_DIR)/test-phases.txt
	$(PHASES) build $(BUILD_DIR)/test-phases.txt "build" -- cmake --build $(BUILD_DIR) --target mazesearch_test_programs -j$(JOBS)
	$(PHASES) ctest $(BUILD_DIR)/test-phases.txt "tests" "build" $(BUILD_DIR) -- --output-on-failure -j$(CTEST_JOBS)
	$(if $(filter 1,$(SANITIZE)),$(call SANITIZE_STEPS,$(BUILD_DIR)/test-phases.txt))
	$(if $(filter 1,$(FUZZ)),$(call FUZZ_SMOKE_STEPS,$(BUILD_DIR)/test-phases.txt))
	$(if $(filter 1,$(TSAN)),$(call TSAN_STEPS,$(BUILD_DIR)/test-phases.txt))
	@$(PHASES) report $(BUILD_DIR)/test-phases.txt

test-sanitize: deps $(SANITIZE_DIR)/CMakeCache.txt
	@$(PHASES) begin $(SANITIZE_DIR)/test-phases.txt
	$(call SANITIZE_STEPS,$(SANITIZE_DIR)/test-phases.txt)
	@$(PHASES) report $(SANITIZE_DIR)/test-phases.txt

test-tsan: deps $(TSAN_DIR)/CMakeCache.txt
	@$(PHASES) begin $(TSAN_DIR)/test-phases.txt
	$(call TSAN_STEPS,$(TSAN_DIR)/test-phases.txt)
	@$(PHASES) report $(TSAN_DIR)/test-phases.txt

fuzz-programs: deps $(FUZZ_DIR)/CMakeCache.txt
	cmake --build $(FUZZ_DIR) --target mazesearch_fuzzers -j$(JOBS)

# Each target replays its seed corpus (tests/fuzz/corpus/) and mutates it for FUZZ_SECONDS; a
# finding fails the run and names the input (under build-fuzz/fuzz-crashes/).
fuzz: fuzz-programs
	tests/fuzz/run_fuzzers.sh $(FUZZ_DIR) $(FUZZ_SECONDS)

# The short pass of make test: the corpus replayed and 10 s of mutation per target, from a fixed
# random seed so that CI mutates the same way every time (make fuzz draws a new seed each run),
# FUZZ_JOBS targets at a time (one a core; each target is one process of one thread).
define FUZZ_SMOKE_STEPS
$(PHASES) build $(1) "fuzz build" -- cmake --build $(FUZZ_DIR) --target mazesearch_fuzzers -j$(JOBS)
FUZZ_SEED=1 FUZZ_JOBS=$(FUZZ_JOBS) $(PHASES) fuzz $(1) "fuzz targets ($(FUZZ_SMOKE_SECONDS) s each)" "fuzz build" -- tests/fuzz/run_fuzzers.sh $(FUZZ_DIR) $(FUZZ_SMOKE_SECONDS)
endef

fuzz-smoke: deps $(FUZZ_DIR)/CMakeCache.txt
	@$(PHASES) begin $(FUZZ_DIR)/test-phases.txt
	$(call FUZZ_SMOKE_STEPS,$(FUZZ_DIR)/test-phases.txt)
	@$(PHASES) report $(FUZZ_DIR)/test-phases.txt

# The command and the Python module (what the README's tour uses): no test programs, no
# benchmarks. The module is built when CMake found pybind11 and NumPy (make deps installs them).
command: deps $(BUILD_DIR)/CMakeCache.txt
	cmake --build $(BUILD_DIR) --target mazesearch -j$(JOBS)
	@if cmake --build $(BUILD_DIR) --target help | grep -q '\bmazesearch_python\b'; then \
	  cmake --build $(BUILD_DIR) --target mazesearch_python -j$(JOBS); \
	  echo "command: build/mazesearch, and the Python module in $(BUILD_DIR)/python (PYTHONPATH=$(BUILD_DIR)/python)"; \
	else \
	  echo "command: build/mazesearch; the Python module is left out (see the configure step's note)"; \
	fi

# The main job: a population annealing search for a 13x13 maze (configs/quickstart.yaml).
quickstart: command
	./cli/quickstart.sh $(BUILD_DIR)/mazesearch

# The paper regenerated with our results (studies/paper/make_paper.py).
paper: command
	$(PYTHON) studies/paper/make_paper.py --bin $(BUILD_DIR)/mazesearch $(PAPER_ARGS)

bench: build
	$(BUILD_DIR)/mazesearch bench
	for b in walk_benchmark graph_benchmark games_benchmark enumeration_benchmark; do \
	  if [ -x $(BUILD_DIR)/benchmarks/$$b ]; then \
	    $(BUILD_DIR)/benchmarks/$$b || exit 1; \
	  else \
	    echo "bench: $(BUILD_DIR)/benchmarks/$$b not built (MAZESEARCH_BENCHMARKS=OFF?)"; \
	  fi; \
	done

install: build
	cmake --install $(BUILD_DIR) --prefix $(PREFIX)

# Not part of make test (it builds and tests once a bug): before a release.
mutations: deps-test
	$(PYTHON) tests/mutations/run_mutations.py --jobs $(JOBS)

format:
	find $(FORMAT_DIRS) \( -name '*.cpp' -o -name '*.hpp' \) -type f -print0 2>/dev/null \
	  | xargs -0 -r clang-format -i

clean:
	rm -rf $(BUILD_DIR) $(SANITIZE_DIR) $(TSAN_DIR) $(FUZZ_DIR)
