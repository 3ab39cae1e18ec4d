"""Test python_module_links: the compiled Python module links only what it uses (issue 46). It
must load no MPI library (no libmpi, no Open MPI's libopen-pal or libopen-rte), directly
(readelf -d: its NEEDED entries) or through another library (ldd), and hold no CLI11 code (no
symbol or type name of the namespace CLI, whose mangled names hold "3CLI").

    python3 check_module_links.py MODULE.so
"""

import re
import subprocess
import sys

MPI = re.compile(r"lib(mpi|open-pal|open-rte|pmix)[^ ]*\.so")


def main(module):
    needed = subprocess.run(["readelf", "-d", module], check=True, capture_output=True,
                            text=True).stdout
    loaded = subprocess.run(["ldd", module], check=True, capture_output=True, text=True).stdout
    failures = []
    for what, text in (("readelf -d (NEEDED)", needed), ("ldd", loaded)):
        for line in text.splitlines():
            if MPI.search(line):
                failures.append(f"{what}: {line.strip()}")
    with open(module, "rb") as f:
        if b"3CLI" in f.read():
            failures.append("CLI11 code in the module (a name of the namespace CLI)")
    print(loaded, end="")
    for failure in failures:
        print(f"{module}: {failure}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
