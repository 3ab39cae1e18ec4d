// `eval --check` on one board (cli/commands/eval.cpp): the fast walk held to the plain
// reference walk, apart from the command so that the tests can hand it walks that disagree.
#pragma once

#include <cstdio>
#include <string>

#include "mazesearch/experiments/models/board_file.hpp"

namespace maze::experiments {

// eval's exit status when the reference walk disagrees with the fast walk (a bug).
constexpr int kExitWalkDisagrees = 3;

// Walks `board` with its reference walk and holds `fast` (its fast walk's report) to it: says
// "reference walk: agrees" or "reference walk: DISAGREES: WHAT" on `out` (not with --json, whose
// object is written already) and, when they disagree, "mazesearch: NAME: the reference walk
// disagrees with the fast walk: WHAT" on `err`, WHAT as walk_difference() says it. Returns 0 or
// kExitWalkDisagrees.
int check_reference_walk(const std::string& name, const BoardFile& board, const WalkReport& fast,
                         bool json, std::FILE* out, std::FILE* err);

}  // namespace maze::experiments
