// `mazesearch eval` on graph files (docs/formats.md, "Graph files"): the walk on any graph,
// reported as eval reports boards. eval.cpp hands a file here when it is a graph file
// (experiments/command_input.hpp tells the kinds apart).
#pragma once

#include <string>

namespace maze::cli {

struct GraphEvalOptions {
    bool visits = false;  // every vertex's visit count
    bool json = false;    // one JSON object (a line of JSON Lines)
    bool check = false;   // also the reference walk, which must agree (else status 3)
    int kmod = 0;         // a k-mod mouse (k >= 2) instead of Squeaky
};

// Walks the graph file `text` (named `name` in the output) and prints the result; returns the
// exit status (0, or 3 when --check finds the walks disagreeing). A bad file throws InputError
// (exit status 2).
int eval_graph(const std::string& name, const std::string& text, const GraphEvalOptions& options);

}  // namespace maze::cli
