// `mazesearch eval` on graph files (docs/formats.md, "Graph files"): the walk on any graph,
// reported as eval reports boards. eval.cpp hands a file here when it is a graph file.
#pragma once

#include <string>

namespace maze::cli {

struct GraphEvalOptions {
    bool visits = false;  // every vertex's visit count
    bool json = false;    // one JSON object (a line of JSON Lines)
    bool check = false;   // also the reference walk, which must agree (else status 3)
    int kmod = 0;         // a k-mod mouse (k >= 2) instead of Squeaky
};

// Whether eval should read `path` as a graph file rather than a board: its name ends in ".json",
// or its first character other than white space is '{' (no board file starts so). Standard
// input ("-") only with --graph.
bool looks_like_graph_file(const std::string& path);

// Walks the graph file and prints the result; returns the exit status (0, or 3 when --check
// finds the walks disagreeing). A bad file throws InputError (exit status 2).
int eval_graph_file(const std::string& path, const GraphEvalOptions& options);

}  // namespace maze::cli
