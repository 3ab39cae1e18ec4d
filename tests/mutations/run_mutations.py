#!/usr/bin/python3
"""The deliberate bugs of tests/mutations/: each patch applied in turn to a scratch copy of the
checkout, the tests it names built and run, the patch taken back out. A bug the tests do not catch,
a patch that no longer applies (it must be refreshed, not skipped) or that no longer builds, fails
the run. docs/testing.md says how to run it and how to add a bug.

    tests/mutations/run_mutations.py [--work DIR] [--jobs N] [--only NAME ...] [--no-baseline]
                                     [--list] [-- CMAKE_ARG ...]

A patch is a unified diff against the tree (what `git diff` writes), as `git apply` takes it,
after a header of lines that git apply skips:

    # bug: one line: what the bug is
    # ctest: REGEX        the ctest tests that must catch it (ctest -R REGEX), one line each
    # pytest: FILE        or a pytest file (run with the built Python module on its path)

The copy is made of the files git lists in the checkout (tracked, and untracked ones that are not
ignored) as they are on disk, in WORK/src (WORK is build-mutations/ in the checkout unless --work
says otherwise); it is built in WORK/src/build (configured once, built again incrementally for each
bug: only what changed and only the programs the bug's tests run); what each bug's build and tests
said is in WORK/logs/NAME.log. The checkout itself is only read.
"""
import argparse
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.dirname(os.path.dirname(HERE))
CONFIGURE = ["-DCMAKE_BUILD_TYPE=Release", "-DCMAKE_UNITY_BUILD=ON", "-DCMAKE_UNITY_BUILD_BATCH_SIZE=16",
             "-DMAZESEARCH_BENCHMARKS=OFF"]
CTEST_TIMEOUT = 900  # seconds, a test without a TIMEOUT of its own: a bug may make a walk endless


class Patch:
    def __init__(self, path):
        self.path = path
        self.name = os.path.basename(path)[:-len(".patch")]
        self.bug = ""
        self.ctest = []
        self.pytest = []
        with open(path) as f:
            for line in f:
                if line.startswith(("diff --git ", "--- ")):
                    break
                m = re.match(r"#\s*(bug|ctest|pytest):\s*(.*\S)\s*$", line)
                if m:
                    key, value = m.groups()
                    if key == "bug":
                        self.bug = value
                    else:
                        getattr(self, key).append(value)
        if not self.bug or not (self.ctest or self.pytest):
            raise SystemExit(f"{path}: the header needs a '# bug:' line and at least one '# ctest:' or "
                             "'# pytest:' line (docs/testing.md)")


def run(cmd, log=None, **kw):
    """Runs cmd; its output goes to the log file (appended) or is returned."""
    if log is None:
        return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, **kw)
    with open(log, "a") as f:
        f.write(f"\n$ {shlex.join(cmd)}\n")
        f.flush()
        return subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT, text=True, **kw)


class Scratch:
    """The copy of the checkout and its build tree."""

    def __init__(self, work, jobs, cmake_args):
        self.work = os.path.abspath(work)
        self.src = os.path.join(self.work, "src")
        # build/ inside the copy, as in the checkout: the compiler cache (CCACHE_BASEDIR) then sees
        # the same relative paths as in the checkout's build and reuses its objects
        self.build = os.path.join(self.src, "build")
        self.logs = os.path.join(self.work, "logs")
        self.jobs = jobs
        self.cmake_args = cmake_args
        self.manifest_path = os.path.join(self.work, "manifest.json")
        os.makedirs(self.src, exist_ok=True)
        os.makedirs(self.logs, exist_ok=True)
        # git must not take the scratch copy for a folder of the checkout it sits in: git apply
        # would then patch the checkout
        self.git_env = dict(os.environ, GIT_CEILING_DIRECTORIES=self.work)

    def sync(self):
        """Makes src the checkout's files as they are on disk. A file is compared (and copied, with
        a new time, so that the build sees it) only when it or its copy changed since the last
        sync; files the checkout no longer has are removed."""
        listed = run(["git", "-C", SOURCE, "ls-files", "-z", "--cached", "--others", "--exclude-standard"])
        if listed.returncode != 0:
            raise SystemExit(f"git ls-files in {SOURCE} failed:\n{listed.stdout}")
        try:
            with open(self.manifest_path) as f:
                manifest = json.load(f)
        except (OSError, ValueError):
            manifest = {}
        fresh = {}
        for rel in sorted(set(p for p in listed.stdout.split("\0") if p)):
            a, b = os.path.join(SOURCE, rel), os.path.join(self.src, rel)
            if not os.path.lexists(a):  # deleted in the checkout, not yet from git's index
                continue
            sa = os.lstat(a)
            key = [sa.st_size, sa.st_mtime_ns]
            known = manifest.get(rel)
            sb = os.lstat(b) if os.path.lexists(b) else None
            if known and sb and known[:2] == key and known[2] == sb.st_mtime_ns:
                fresh[rel] = known
                continue
            if not self.same(a, b):
                os.makedirs(os.path.dirname(b), exist_ok=True)
                if os.path.lexists(b):
                    os.remove(b)
                if os.path.islink(a):
                    os.symlink(os.readlink(a), b)
                else:
                    shutil.copyfile(a, b)
                    shutil.copymode(a, b)
            fresh[rel] = key + [os.lstat(b).st_mtime_ns]
        for rel in set(manifest) - set(fresh):
            path = os.path.join(self.src, rel)
            if os.path.lexists(path):
                os.remove(path)
        with open(self.manifest_path, "w") as f:
            json.dump(fresh, f)

    @staticmethod
    def same(a, b):
        if not os.path.lexists(b) or os.path.islink(a) != os.path.islink(b):
            return False
        if os.path.islink(a):
            return os.readlink(a) == os.readlink(b)
        if os.path.getsize(a) != os.path.getsize(b):
            return False
        with open(a, "rb") as fa, open(b, "rb") as fb:
            return fa.read() == fb.read()

    def configure(self, log):
        if os.path.exists(os.path.join(self.build, "CMakeCache.txt")):
            return True
        r = run(["cmake", "-S", self.src, "-B", self.build, *CONFIGURE, *self.cmake_args], log)
        if r.returncode != 0:
            os.remove(os.path.join(self.build, "CMakeCache.txt"))
        return r.returncode == 0

    def build_targets(self, targets, log):
        return run(["cmake", "--build", self.build, "-j", str(self.jobs), "--target", *sorted(targets)],
                   log).returncode == 0

    def ctest_programs(self, regexes):
        """The programs the ctest tests matching the regexes run (targets of this build), or None
        when a regex matches no test yet (its program not built, so its tests not listed)."""
        programs, listed = set(), True
        for regex in regexes:
            r = subprocess.run(["ctest", "--test-dir", self.build, "-R", regex, "--show-only=json-v1"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
            try:
                tests = json.loads(r.stdout).get("tests", []) if r.returncode == 0 else []
            except ValueError:
                tests = []
            listed = listed and bool(tests)
            for t in tests:
                command = t.get("command") or []
                if command and os.path.abspath(command[0]).startswith(self.build + os.sep):
                    programs.add(os.path.basename(command[0]))
        return programs if listed else None

    def apply(self, patch, log, reverse=False):
        return run(["git", "apply", *(["-R"] if reverse else []), patch.path], log, cwd=self.src,
                   env=self.git_env).returncode == 0


def ctest_regexes(patches):
    """The patches' ctest regexes, each once (ctest takes one -R, and CMake's regular expressions
    too few groups to join them all into one)."""
    return list(dict.fromkeys(r for p in patches for r in p.ctest))


def prepare(scratch, patches, log):
    """Builds what the patches' tests run: the command, the Python module for pytest files, and
    the test programs of their ctest tests; None when the build fails."""
    targets = {"mazesearch"}
    if any(p.pytest for p in patches):
        targets.add("mazesearch_python")
    regexes = ctest_regexes(patches)
    if regexes:
        programs = scratch.ctest_programs(regexes)
        if programs is None:  # a first build: its tests are listed once their programs are built
            if not scratch.build_targets(["mazesearch_test_programs"], log):
                return None
            programs = scratch.ctest_programs(regexes) or set()
        targets |= programs
    return targets if scratch.build_targets(targets, log) else None


def run_tests(scratch, patches, log):
    """Runs the patches' tests; (names of the tests that failed, problems: tests that did not run
    as they should, as words)."""
    failed, problems = [], []
    for regex in ctest_regexes(patches):
        r = run(["ctest", "--test-dir", scratch.build, "-R", regex, "--no-tests=error", "-j", "2",
                 "--timeout", str(CTEST_TIMEOUT), "--output-on-failure"], log)
        with open(log) as f:
            out = f.read().rsplit("\n$ ", 1)[-1]
        summary = out.split("The following tests FAILED:", 1)
        names = re.findall(r"^\s*\d+ - (\S+) \(", summary[1], re.M) if len(summary) > 1 else []
        ran = re.search(r"tests passed, (\d+) tests failed out of (\d+)", out)
        if r.returncode != 0 and not names:
            problems.append(f"ctest -R '{regex}' ended with status {r.returncode} and no failed test "
                            "(no test matched?)")
        if not ran or ran.group(2) == "0":
            problems.append(f"ctest -R '{regex}' ran no test")
        failed += names
    for spec in dict.fromkeys(s for p in patches for s in p.pytest):
        args = shlex.split(spec)
        env = dict(os.environ, PYTHONPATH=os.path.join(scratch.build, "python"), PYTHONDONTWRITEBYTECODE="1")
        r = run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args], log,
                cwd=scratch.src, env=env)
        if r.returncode == 1:
            failed.append(f"pytest {spec}")
        elif r.returncode != 0:
            problems.append(f"pytest {spec} ended with status {r.returncode} (not a test failure)")
    return failed, problems


def arguments():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--work", default=os.path.join(SOURCE, "build-mutations"),
                    help="scratch folder: the copy, its build tree and the logs (default: %(default)s)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2, help="build jobs")
    ap.add_argument("--only", nargs="+", metavar="NAME", help="these patches only (names without .patch)")
    ap.add_argument("--no-baseline", action="store_true",
                    help="skip running every named test on the tree without a bug first")
    ap.add_argument("--list", action="store_true", help="list the patches and their tests, run nothing")
    ap.add_argument("--check", metavar="BUILD",
                    help="build and run nothing: check that each patch still applies to the checkout "
                         "and that each of its ctest patterns names a test of the build tree BUILD "
                         "(ctest mutation_patches, in every make test)")
    ap.add_argument("cmake_args", nargs="*", help="after --: more options for the configure step "
                    "(besides those of the environment variable CMAKE_ARGS)")
    return ap.parse_args()


def baseline(scratch, patches, log):
    """Every named test on the copy without a bug; a problem as words, or None."""
    if prepare(scratch, patches, log) is None:
        return f"the tree without a bug does not build ({log})"
    failed, problems = run_tests(scratch, patches, log)
    if failed or problems:
        return (f"without any bug these tests fail already, so they can catch nothing: "
                f"{', '.join(failed + problems)} ({log})")
    return None


def try_patch(scratch, p, log):
    """The verdict on one bug: applied to the copy, built, its tests run, taken back out."""
    scratch.sync()  # whatever the last patch left, the checkout as it is
    if not scratch.apply(p, log):
        return "DOES NOT APPLY: refresh the patch against the tree"
    try:
        if prepare(scratch, [p], log) is None:
            return "DOES NOT BUILD with the bug: refresh the patch"
        failed, problems = run_tests(scratch, [p], log)
        if problems:
            return "TESTS DID NOT RUN: " + "; ".join(problems)
        return "caught by " + ", ".join(failed) if failed else "NOT CAUGHT"
    finally:
        scratch.apply(p, log, reverse=True)


def check_patches(patches, build):
    """Whether every patch would run: it applies to the checkout as it is (git apply --check, which
    writes nothing) and each ctest pattern names a test of BUILD; each that would not, said."""
    stale = []
    for p in patches:
        r = subprocess.run(["git", "apply", "--check", p.path], cwd=SOURCE, capture_output=True, text=True)
        if r.returncode != 0:
            stale.append(f"{p.name}: does not apply to the checkout any more: make the same bug in "
                         f"the code as it is now and write the patch anew ({r.stderr.strip()})")
        for regex in p.ctest:
            listed = subprocess.run(["ctest", "--test-dir", build, "-N", "-R", regex],
                                    capture_output=True, text=True)
            if not re.search(r"Total Tests: [1-9]", listed.stdout):
                stale.append(f"{p.name}: `# ctest: {regex}` names no test of {build}")
    for line in stale:
        print("mutations: " + line)
    print(f"mutations: {len(patches) - len({s.split(':')[0] for s in stale})} of {len(patches)} "
          "patches apply and name tests that exist")
    return 1 if stale else 0


def main():
    a = arguments()
    cmake_args = [x for arg in a.cmake_args for x in shlex.split(arg)] + shlex.split(os.environ.get("CMAKE_ARGS", ""))
    patches = [Patch(os.path.join(HERE, f)) for f in sorted(os.listdir(HERE)) if f.endswith(".patch")]
    if a.only:
        unknown = set(a.only) - {p.name for p in patches}
        if unknown:
            raise SystemExit(f"no such patch in {HERE}: {', '.join(sorted(unknown))}")
        patches = [p for p in patches if p.name in a.only]
    if a.check:
        return check_patches(patches, a.check)
    if a.list:
        for p in patches:
            print(f"{p.name}: {p.bug}\n    " + "\n    ".join([f"ctest -R {r}" for r in p.ctest] +
                                                          [f"pytest {t}" for t in p.pytest]))
        return 0

    scratch = Scratch(a.work, a.jobs, cmake_args)
    setup_log = os.path.join(scratch.logs, "setup.log")
    open(setup_log, "w").close()
    print(f"mutations: {len(patches)} deliberate bugs; scratch copy and build in {scratch.work}", flush=True)
    scratch.sync()
    if not scratch.configure(setup_log):
        print(f"mutations: configuring the scratch copy failed ({setup_log})")
        return 1
    if not a.no_baseline:
        start = time.time()
        problem = baseline(scratch, patches, setup_log)
        if problem:
            print(f"mutations: {problem}")
            return 1
        print(f"baseline: every named test passes without a bug ({time.time() - start:.0f} s)", flush=True)
    bad = []
    for p in patches:
        start = time.time()
        log = os.path.join(scratch.logs, p.name + ".log")
        open(log, "w").close()
        verdict = try_patch(scratch, p, log)
        if not verdict.startswith("caught"):
            bad.append(p.name)
        print(f"{p.name}: {verdict} ({time.time() - start:.0f} s)\n    bug: {p.bug}", flush=True)
    scratch.sync()
    if bad:
        print(f"mutations: {len(bad)} of {len(patches)} not caught or not run: {', '.join(bad)} "
              f"(logs in {scratch.logs})")
        return 1
    print(f"mutations: all {len(patches)} deliberate bugs caught")
    return 0


if __name__ == "__main__":
    sys.exit(main())
