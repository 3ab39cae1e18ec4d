// The board files a run writes beside best.txt (docs/formats.md, "The run folder"): its archive
// (archive/) and an optimizer's archive of elites (elites/), each with its index.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "mazesearch/experiments/views/board_view.hpp"
#include "mazesearch/search/evaluator.hpp"
#include "mazesearch/search/optimizer.hpp"

namespace maze::experiments {

// Writes a run's archive into `folder`: 01.txt, 02.txt, ... (the best first) and index.csv
// (rank, value, evaluation that found it, distance to the best, file); boards of an earlier,
// fuller archive are removed. Nothing when the archive is empty.
// The archive's index.csv: rank, value, evaluation, distance to the best, file.
std::string archive_index(const std::vector<Archived>& archive);
void write_archive(const std::filesystem::path& folder, const BoardView& view,
                   const std::vector<Archived>& archive);

// Writes an optimizer's archive of elites into `folder`: a board file a cell (cell-000123.txt,
// the cell's number), axes.json ({"axes": a list of {descriptor, bins, lo, hi}}, the first axis
// the fastest in a cell's number) and index.csv (cell, each descriptor, value, file), the index
// last. A cell's file is written when `written` (cell -> value, updated) says it holds another
// value; nothing when there are no cells. The elites' index.csv.
std::string elites_index(const Optimizer::Elites& elites);
void write_elites(const std::filesystem::path& folder, const BoardView& view,
                  const Optimizer::Elites& elites, std::map<std::uint64_t, double>& written);

}  // namespace maze::experiments
