// What `eval`, `render` and `bench` do with Mouse Maze 2 boards (passage boards, docs/formats.md,
// "Passage boards"). The commands read a file once (read_input_file, experiments/command_input.hpp,
// which tells its kind) and hand its text here when it is a passage board.
#pragma once

#include <string>
#include <vector>

#include "mazesearch/experiments/command_input.hpp"

namespace maze::cli {

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

struct PassageBenchOptions {
    double seconds = 3.0;
    int threads = 1;
    bool json = false;
    // Passage board files, read (read_input_file); empty: the built-in sample.
    std::vector<InputFile> files;
};

// `bench` on passage boards: the interleaved batch walk, the walk one board at a time and the
// reference walk, each as the median of timed rounds, and their ratios.
int bench_passages(const PassageBenchOptions& options);

}  // namespace maze::cli
