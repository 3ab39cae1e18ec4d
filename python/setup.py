"""Builds the wheel of `pip install ./python` (docs/python.md, "Installing with pip").

The compiled part `_mazesearch` is built by the project's own CMake build, run on the checkout
(the folder above this one) for the one target `mazesearch_python` and for the interpreter that
runs pip; the wheel holds it and the package's Python files (package_sources in
python/CMakeLists.txt), as package `mazesearch`.

MAZESEARCH_CMAKE_BUILD_DIR names an existing, configured CMake build folder of the checkout to
build in (the test python_pip_install reuses the project's build tree, so that only what is out
of date is built); it is built as it was configured. Without it, a minimal tree (Release, no
tests, no benchmarks, no MPI) is configured under setuptools' build_temp. MAZESEARCH_CMAKE_ARGS
adds arguments to that configure step (-DCMAKE_CXX_COMPILER_LAUNCHER=ccache, say), and
CMAKE_BUILD_PARALLEL_LEVEL sets the number of compile jobs (all cores otherwise).
"""

import os
import pathlib
import re
import shlex
import shutil
import subprocess
import sys
import sysconfig

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent


def fail(message):
    sys.exit(f"mazesearch: error: {message}")


def project_version():
    """The VERSION of the top-level CMakeLists.txt's project(), written there only."""
    text = (ROOT / "CMakeLists.txt").read_text()
    found = re.search(r"^project\(\s*mazesearch\s+VERSION\s+([0-9][0-9.]*)", text, re.M)
    if not found:
        fail(f"no project(mazesearch VERSION ...) in {ROOT / 'CMakeLists.txt'}")
    return found.group(1)


def package_sources():
    """The package's Python files, as python/CMakeLists.txt lists them for the build tree."""
    text = (HERE / "CMakeLists.txt").read_text()
    found = re.search(r"set\(\s*package_sources\s+([^)]*)\)", text)
    if not found:
        fail(f"no set(package_sources ...) in {HERE / 'CMakeLists.txt'}")
    return found.group(1).split()


def run(command):
    """Runs a CMake step with its output shown; its failure ends the build with its message."""
    print("mazesearch:", shlex.join(command), flush=True)
    done = subprocess.run(command)
    if done.returncode != 0:
        fail(f"`{shlex.join(command)}` failed (exit status {done.returncode}); "
             "CMake's messages are above")


class BuildWithCMake(build_ext):
    """Builds `mazesearch._mazesearch` with CMake instead of setuptools' compiler."""

    def build_extension(self, ext):
        if shutil.which("cmake") is None:
            fail("cmake not found (Debian: cmake)")
        reused = os.environ.get("MAZESEARCH_CMAKE_BUILD_DIR")
        if reused:
            # pip runs this in python/ (or a copy of it): a relative path would mean nothing.
            if not os.path.isabs(reused):
                fail(f"MAZESEARCH_CMAKE_BUILD_DIR={reused}: give an absolute path")
            build_dir = pathlib.Path(reused).resolve()
            if not (build_dir / "CMakeCache.txt").is_file():
                fail(f"MAZESEARCH_CMAKE_BUILD_DIR={reused}: not a configured CMake build folder "
                     "(no CMakeCache.txt)")
        else:
            build_dir = pathlib.Path(self.build_temp).resolve() / "cmake"
            run(["cmake", "-S", str(ROOT), "-B", str(build_dir),
                 "-DCMAKE_BUILD_TYPE=Release",
                 "-DMAZESEARCH_TESTS=OFF",
                 "-DMAZESEARCH_BENCHMARKS=OFF",
                 "-DMAZESEARCH_MPI=OFF",
                 "-DMAZESEARCH_REQUIRE_PYTHON=ON",
                 f"-DPython_EXECUTABLE={sys.executable}",
                 *shlex.split(os.environ.get("MAZESEARCH_CMAKE_ARGS", ""))])
        build = ["cmake", "--build", str(build_dir), "--target", "mazesearch_python"]
        if "CMAKE_BUILD_PARALLEL_LEVEL" not in os.environ:
            build += ["-j", str(os.cpu_count() or 1)]
        run(build)

        # The module as the build lays it out (python/CMakeLists.txt): build/python/mazesearch/.
        suffix = sysconfig.get_config_var("EXT_SUFFIX")
        built = build_dir / "python" / "mazesearch" / f"_mazesearch{suffix}"
        if not built.is_file():
            others = sorted(p.name for p in built.parent.glob("_mazesearch*"))
            fail(f"{built} was not built" +
                 (f"; the build folder holds {', '.join(others)}, built for another Python than "
                  f"{sys.executable}" if others else ""))
        target = pathlib.Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built, target)


class BuildPackageSources(build_py):
    """Only the Python files python/CMakeLists.txt names, and every one of them."""

    def run(self):
        # pip builds in python/build/ (in the source tree), and the wheel takes all of its lib
        # folder: what an earlier build left there (a file since dropped) must not go in.
        shutil.rmtree(pathlib.Path(self.build_lib) / "mazesearch", ignore_errors=True)
        super().run()

    def find_package_modules(self, package, package_dir):
        wanted = package_sources()
        modules = [m for m in super().find_package_modules(package, package_dir)
                   if pathlib.Path(m[2]).name in wanted]
        missing = set(wanted) - {pathlib.Path(m[2]).name for m in modules}
        if missing:
            fail(f"python/CMakeLists.txt names {', '.join(sorted(missing))}, not in {package_dir}")
        return modules


setup(
    version=project_version(),
    packages=["mazesearch"],
    ext_modules=[Extension("mazesearch._mazesearch", sources=[])],
    cmdclass={"build_ext": BuildWithCMake, "build_py": BuildPackageSources},
)
