"""`pip install ./python` as a user runs it (ctest python_pip_install, docs/python.md "Installing
with pip"): a fresh venv (with Debian's packages: --system-site-packages), the package installed
with --no-build-isolation --no-index, imported from outside the checkout with no PYTHONPATH, and
the tutorial's test run against the installed package.

    check_pip_install.py SOURCE_DIR BUILD_DIR MAZESEARCH_BIN

BUILD_DIR is the project's own, already built, CMake tree: pip is told to build in it
(MAZESEARCH_CMAKE_BUILD_DIR, python/setup.py), so the module is not compiled a second time; the
test checks the packaging, not a from-scratch build. Every failure is a non-zero exit with its
reason on standard error. Run by the interpreter the module was built for.
"""

import os
import pathlib
import subprocess
import sys
import tempfile


def fail(message):
    sys.exit(f"python_pip_install: FAILED: {message}")


def step(what, command, **kwargs):
    print(f"python_pip_install: {what}", flush=True)
    done = subprocess.run(command, **kwargs)
    if done.returncode != 0:
        if done.stderr:
            sys.stderr.write(done.stderr)
        fail(f"{what}: exit status {done.returncode} from {' '.join(map(str, command))}")
    return done


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    source_dir, build_dir, command = (pathlib.Path(a).resolve() for a in sys.argv[1:])
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env.update(PYTHONDONTWRITEBYTECODE="1", PIP_NO_CACHE_DIR="1", PIP_DISABLE_PIP_VERSION_CHECK="1")

    with tempfile.TemporaryDirectory(prefix="mazesearch-pip-") as scratch:
        scratch = pathlib.Path(scratch)
        venv = scratch / "venv"
        python = venv / "bin" / "python"
        step("making a venv with --system-site-packages",
             [sys.executable, "-m", "venv", "--system-site-packages", str(venv)], env=env)
        step("pip install --no-build-isolation --no-index python/ (building in the project's tree)",
             [str(python), "-m", "pip", "install", "--no-build-isolation", "--no-index",
              str(source_dir / "python")],
             env={**env, "MAZESEARCH_CMAKE_BUILD_DIR": str(build_dir)})

        # Imported from a folder outside the checkout: the module and its compiled part must both
        # come from the venv.
        outside = scratch / "elsewhere"
        outside.mkdir()
        done = step("import mazesearch from outside the checkout",
                    [str(python), "-c",
                     "import mazesearch; print(mazesearch.__file__); "
                     "print(mazesearch._mazesearch.__file__)"],
                    cwd=outside, env=env, capture_output=True, text=True)
        for where in done.stdout.split():
            where = pathlib.Path(where).resolve()
            if not where.is_relative_to(venv.resolve()):
                fail(f"mazesearch was loaded from {where}, not from the venv {venv}")
            print(f"python_pip_install: loaded {where}")

        # The tutorial (docs/python.md) against the installed package: conftest.py adds no
        # build-tree path and checks where the module came from (MAZESEARCH_INSTALLED_IN).
        step("the tutorial's test with the venv's python",
             [str(python), "-m", "pytest", "-q", "-p", "no:cacheprovider",
              str(source_dir / "python" / "tests" / "test_tutorial.py")],
             cwd=outside,
             env={**env, "MAZESEARCH_INSTALLED_IN": str(venv), "MAZESEARCH_BIN": str(command),
                  "MAZESEARCH_SOURCE_DIR": str(source_dir)})
    print("python_pip_install: passed")


if __name__ == "__main__":
    main()
