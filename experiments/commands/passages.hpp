// What `eval`, `render` and `bench` do with Mouse Maze 2 boards (passage boards, docs/formats.md,
// "Passage boards"). The commands read a board file's text once and hand it here when
// PassageBoard::looks_like says it is a passage board; cell boards go on as before.
#pragma once

#include <string>
#include <vector>

namespace maze::cli {

// The whole text of a board file ("-": standard input), read once so that a command can tell a
// passage board from a cell board before parsing. A file that cannot be read, a directory or an
// over-long input is a BoardError naming the path, as Board::load reports it.
std::string read_board_text(const std::string& path);

struct PassageEvalOptions {
    bool visits = false;  // print the visit counts
    bool json = false;    // one JSON line
    bool check = false;   // also walk with the reference walk; status 3 if they disagree
    int kmod = 0;         // k >= 2: a k-mod mouse on the reference walk
};

// `eval` of one passage board: `name` is the file as printed, `text` its contents. Prints the
// result on standard output and returns the exit status (0, or 3 when --check disagrees); a bad
// board throws BoardError (FILE:LINE: what was expected).
int eval_passage_board(const std::string& name, const std::string& text,
                       const PassageEvalOptions& options);

// `render` of one passage board into `out` (an SVG); returns the exit status.
int render_passage_board(const std::string& file, const std::string& text, const std::string& out,
                         std::string title, int cell_pixels);

// Does any of these board files hold a passage board? Reads only the first byte of each (so a
// standard input of "-" is peeked at, not consumed).
bool any_passage_board_file(const std::vector<std::string>& paths);

struct PassageBenchOptions {
    double seconds = 3.0;
    int threads = 1;
    bool json = false;
    std::vector<std::string> boards;  // passage board files; empty: the built-in sample
};

// `bench` on passage boards: the interleaved batch walk, the walk one board at a time and the
// reference walk, each as the median of timed rounds, and their ratios.
int bench_passages(const PassageBenchOptions& options);

}  // namespace maze::cli
