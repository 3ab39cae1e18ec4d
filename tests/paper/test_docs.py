"""The documentation cites only files and tests that exist: every repository path in backticks
in README.md, docs/*.md, studies/README.md and the results' READMEs names a file or folder of
the tree, and every GoogleTest name in backticks (`Suite.Name`) is a TEST, TEST_F or TEST_P of
tests/.

    /usr/bin/python3 -m unittest discover -s tests/paper -p 'test_docs.py'

What counts as a repository path: a word in backticks (a whole span, or a word of a command in
one) with a `/` whose first part is a folder at the repository root or beside the Markdown file
(so `paper/make_paper.py` in studies/README.md is studies/paper/make_paper.py). Build
and run output (build*/, runs/, out/, python/build/, where pip builds) is not in the tree and is left out. Placeholders match anything:
`*`, `<name>`, a part in capitals (`NAME.yaml`, `OUT_DIR`), `{hpp,cpp}`; a path without a
suffix may name a source pair (`engine/passage_walk` for .hpp and .cpp).
"""

import glob
import re
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

GENERATED = re.compile(r"^(build[^/]*|runs|out|python/build)/")
TEST_NAME = re.compile(r"^(?:\w+/)?([A-Z]\w*)\.([A-Z]\w*)(?:/\w+)?$")
TEST_MACRO = re.compile(r"\bTEST(?:_F|_P)?\(\s*(\w+)\s*,\s*(\w+)\s*\)")
PLACEHOLDER = re.compile(r"^[A-Z][A-Z0-9_]*$")


def documents(root):
    """The Markdown files whose citations are checked: the top-level README, the docs, the
    experiments' README and the READMEs of the committed results."""
    return ([root / "README.md"] + sorted((root / "docs").glob("*.md"))
            + [root / "studies" / "README.md"]
            + sorted((root / "results").glob("**/README.md")))


def patterns(path):
    """The glob patterns a cited path stands for: braces expanded, placeholders as `*`."""
    path = re.sub(r"<[^>]*>", "*", path)
    parts = []
    for part in path.split("/"):
        stem, dot, suffix = part.partition(".")
        if PLACEHOLDER.match(stem) and len(stem) > 1:
            part = "*" + dot + suffix
        parts.append(part)
    path = "/".join(parts)
    m = re.search(r"\{([^{}]*)\}", path)
    if not m:
        return [path]
    return [p for alt in m[1].split(",")
            for p in patterns(path[:m.start()] + alt + path[m.end():])]


def exists(base, path):
    """Whether a cited path names something under base: each of its brace alternatives matches
    (a glob matches; a suffixless path may name files with a suffix)."""
    def found(pattern):
        return bool(glob.glob(str(base / pattern)) or (
            "." not in Path(pattern).name and glob.glob(str(base / pattern) + ".*")))
    return all(found(p) for p in patterns(path.rstrip("/")))


def test_names(root):
    """Every Suite.Name defined by TEST, TEST_F or TEST_P in the .cpp files under tests/."""
    names = set()
    for source in (root / "tests").rglob("*.cpp"):
        names.update(f"{s}.{n}" for s, n in TEST_MACRO.findall(source.read_text(errors="replace")))
    return names


def citations(text):
    """(line number, word) of every word of every backtick span."""
    for number, line in enumerate(text.splitlines(), start=1):
        for span in re.findall(r"`([^`]+)`", line):
            for word in span.split():
                yield number, word.strip("()[],;:'\"")


def broken_citations(root, files=None):
    """`FILE:LINE: what` for every cited path or test name that does not exist."""
    root = Path(root)
    tests = test_names(root)
    problems = []
    for doc in files or documents(root):
        where = doc.relative_to(root)
        for number, word in citations(doc.read_text()):
            m = TEST_NAME.match(word)
            if m and "/" not in word.split(".")[0]:
                if f"{m[1]}.{m[2]}" not in tests:
                    problems.append(f"{where}:{number}: test {word} is not in tests/")
                continue
            if "/" not in word or word.startswith(("/", "http", "~", ".")) or GENERATED.match(word):
                continue
            first = word.split("/")[0]
            bases = [b for b in (root, doc.parent) if (b / first).is_dir()]
            if not bases:
                continue  # not a repository path (a URL part, a ratio, a shell word)
            if not any(exists(base, word) for base in bases):
                problems.append(f"{where}:{number}: {word} does not exist")
    return problems


class CheckerTest(unittest.TestCase):
    """The checker itself, on a small tree of its own: it must find what is missing."""

    def setUp(self):
        self._tmp = tempfile.TemporaryDirectory()
        self.root = Path(self._tmp.name)
        for f in ("tests/walk_test.cpp", "engine/walk.hpp", "engine/walk.cpp",
                  "configs/games/cat.yaml", "studies/paper/REPORT.md"):
            (self.root / f).parent.mkdir(parents=True, exist_ok=True)
            (self.root / f).write_text("")
        (self.root / "tests/walk_test.cpp").write_text(
            "TEST(Walk, Blank) {}\nTEST_F(WalkFixture, Figure1) {}\n")
        (self.root / "docs").mkdir()
        (self.root / "README.md").write_text("`build/mazesearch eval engine/walk.hpp`\n")
        (self.root / "studies/README.md").write_text(
            "[`paper/REPORT.md`](paper/REPORT.md) and `paper/missing.md`\n")

    def tearDown(self):
        self._tmp.cleanup()

    def check(self, text):
        (self.root / "docs" / "a.md").write_text(text)
        return broken_citations(self.root)

    def test_existing_citations_pass(self):
        self.assertEqual(self.check(
            "`tests/walk_test.cpp`, `engine/walk.{hpp,cpp}`, `engine/walk` and\n"
            "`mazesearch run configs/games/NAME.yaml`, `configs/games/*.yaml`, `configs/<x>/`,\n"
            "`build/mazesearch`, `runs/x/logbook.csv`, `Walk.Blank`, `WalkFixture.Figure1`,\n"
            "`FILE.lock`, `a/b` (not a folder here), `MouseWalk::run`.\n"),
            ["studies/README.md:1: paper/missing.md does not exist"])

    def test_the_top_level_readme_is_checked(self):
        (self.root / "README.md").write_text("ok\n`mazesearch eval configs/boards/gone.txt`\n")
        self.assertEqual(self.check(""), [
            "README.md:2: configs/boards/gone.txt does not exist",
            "studies/README.md:1: paper/missing.md does not exist"])

    def test_missing_files_and_tests_are_named_with_their_line(self):
        self.assertEqual(self.check(
            "ok\nsee `tests/cat_mouse_test.cpp` and `mazesearch eval configs/boards/x.txt`\n"
            "and `engine/walk.{hpp,ipp}`, `Walk.Gone`, `Other/Walk.Blank/0`\n")[:4],
            ["docs/a.md:2: tests/cat_mouse_test.cpp does not exist",
             "docs/a.md:2: configs/boards/x.txt does not exist",
             "docs/a.md:3: engine/walk.{hpp,ipp} does not exist",
             "docs/a.md:3: test Walk.Gone is not in tests/"])


class DocsCiteWhatExistsTest(unittest.TestCase):
    """The repository's own documentation (the issue: docs cited tests/cat_mouse_test.cpp and
    tests/cat_trap_test.cpp long after they were split up)."""

    def test_every_cited_path_and_test_exists(self):
        problems = broken_citations(ROOT)
        self.assertEqual(problems, [], "\n" + "\n".join(problems))


def code_lines(text):
    """The lines of the fenced code blocks of a Markdown text."""
    inside, out = False, []
    for line in text.splitlines():
        if line.startswith("```"):
            inside = not inside
        elif inside:
            out.append(line)
    return out


def plot_folders_not_made(text):
    """The run folders a plot.py example of a Markdown text draws that no command of the same
    text makes (no `output=FOLDER` in its code blocks)."""
    code = code_lines(text)
    made = {m for line in code for m in re.findall(r"\boutput=(\S+)", line)}
    missing = []
    for line in code:
        if "studies/plot.py" not in line:
            continue
        words = line.split("#")[0].split()
        args = words[words.index(next(w for w in words if w.endswith("plot.py"))) + 1:]
        for word in args:
            if word.startswith("-"):
                break
            if word not in made:
                missing.append(word)
    return missing


class PlotExampleTest(unittest.TestCase):
    """The issue: README.md's plot.py example drew runs/anneal-6x6, which no command made. The
    example is in docs/searching.md now; every document's examples are held to the rule."""

    def test_the_checker_finds_a_folder_no_command_makes(self):
        text = ("```sh\nbuild/mazesearch run a.yaml output=runs/a\n```\n\n```sh\n"
                "/usr/bin/python3 studies/plot.py runs/a runs/b -o c   # c.png\n```\n")
        self.assertEqual(plot_folders_not_made(text), ["runs/b"])

    def test_every_folder_a_document_plots_is_made_by_a_command_of_it(self):
        text = (ROOT / "docs" / "searching.md").read_text()
        self.assertTrue(any("studies/plot.py runs/" in line for line in code_lines(text)))
        for doc in documents(ROOT):
            with self.subTest(doc=str(doc.relative_to(ROOT))):
                self.assertEqual(plot_folders_not_made(doc.read_text()), [])


CODE = re.compile(r"\.(cpp|hpp|h|py|js|sh|cmake|html|css)$|(^|/)CMakeLists\.txt$")
NOT_PRODUCT = re.compile(r"^(tests|benchmarks|python/tests)/")


def code_lines_by_folder(files):
    """Lines of code of each top-level folder, of the product (tests and benchmarks apart)."""
    lines = {}
    for f in files:
        if "/" not in f or not CODE.search(f) or NOT_PRODUCT.match(f):
            continue
        with open(ROOT / f, errors="replace") as text:
            lines[f.split("/", 1)[0]] = lines.get(f.split("/", 1)[0], 0) + sum(1 for _ in text)
    return lines


class TreeTest(unittest.TestCase):
    """Every top-level folder holds one kind of thing and at most a third of the code
    (docs/architecture.md, "The tree"); no library includes a command's or the server's header."""

    def setUp(self):
        listed = subprocess.run(["git", "-C", str(ROOT), "ls-files"], capture_output=True,
                                text=True)
        if listed.returncode != 0:
            self.skipTest("not a git checkout")
        self.files = listed.stdout.split()

    def test_no_folder_holds_more_than_a_third_of_the_code(self):
        lines = code_lines_by_folder(self.files)
        total = sum(lines.values())
        self.assertGreater(total, 10000)
        for folder, n in lines.items():
            self.assertLessEqual(3 * n, total, f"{folder}/ holds {n} of {total} lines")

    def test_the_counting_sees_a_folder_too_big(self):
        lines = code_lines_by_folder(self.files + ["experiments/CMakeLists.txt"] * 40000)
        self.assertGreater(3 * lines["experiments"], sum(lines.values()))

    def test_no_library_includes_a_front_end(self):
        front = re.compile(r'#include "mazesearch/(cli|serve)/')
        for f in self.files:
            if f.startswith(("engine/", "search/", "experiments/", "python/",
                             "include/mazesearch/engine/", "include/mazesearch/search/",
                             "include/mazesearch/experiments/")) and f.endswith((".cpp", ".hpp")):
                with self.subTest(file=f):
                    self.assertIsNone(front.search((ROOT / f).read_text()))

    def test_scoring_has_one_home(self):
        # In the search (the targets apart: they are what is scored), boards are walked by the
        # batch scorer alone; the evaluator, the ledger and the optimizers ask it.
        walk = re.compile(r"\b(target_?|target\(\))\.(score|feasibility)\(")
        found = []
        for f in self.files:
            if (f.startswith(("search/", "include/mazesearch/search/")) and "/targets/" not in f
                    and f.endswith((".cpp", ".hpp"))):
                if walk.search((ROOT / f).read_text()):
                    found.append(f)
        self.assertEqual(sorted(found), ["include/mazesearch/search/batch_scorer.hpp",
                                         "search/batch_scorer.cpp"])

    def model_lines(self):
        text = (ROOT / "models" / "board_models.def").read_text()
        return re.findall(r"^MAZESEARCH_BOARD_MODEL\((\w+), *(\w+), *(\w+)\)$", text, re.M)

    def test_every_model_folder_is_one_line_of_the_list(self):
        # models/board_models.def is where a model is registered: each line's folder exists and
        # builds, and no folder under models/ is left out of the list.
        lines = self.model_lines()
        self.assertEqual([name for _, name, _ in lines], ["cells", "passages", "graph", "hex"])
        folders = {f.split("/")[1] for f in self.files
                   if f.startswith("models/") and f.count("/") == 2}
        self.assertEqual(folders, {folder for _, _, folder in lines})
        for _, _, folder in lines:
            self.assertIn(f"models/{folder}/CMakeLists.txt", self.files)

    def test_the_model_added_last_lives_in_its_folder_alone(self):
        # The hexagonal boards, added last, are their folder and their line of the list: no code
        # outside models/hex/ (its tests, benchmarks, studies and docs apart) includes one of its
        # headers or names its board, target, grid or id; the tables, the commands, the live view
        # and the Python module reach it through the list.
        named = re.compile(r'#include "mazesearch/models/hex/|\bHexCellBoard\b|\bHexMazeTarget\b'
                           r'|\bHexGrid\b|\bModelId::Hex\b|_mazesearch\.HexBoard\b')
        outside = ("models/hex/", "tests/", "benchmarks/", "studies/", "docs/", "results/",
                   "python/tests/", "configs/")
        found = []
        for f in self.files:
            if f.startswith(outside) or not f.endswith((".cpp", ".hpp", ".py", ".js", ".txt")):
                continue
            for n, line in enumerate((ROOT / f).read_text(errors="replace").splitlines(), 1):
                code = line.split("//")[0] if not f.endswith(".py") else line.split("#")[0]
                if named.search(code):
                    found.append(f"{f}:{n}: {line.strip()}")
        self.assertEqual(found, [])


if __name__ == "__main__":
    if sys.argv[1:2] == ["--list"]:  # the problems alone, for a quick look
        print("\n".join(broken_citations(ROOT)) or "no broken citations")
    else:
        unittest.main()
