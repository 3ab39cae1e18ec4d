// The board models the exhaustive enumeration covers, registered in one table
// (search/enumeration/enumeration_models.cpp): each model's tree, its estimates and the sample
// tree that times a simulated move. The enumeration job, its files and its distributed run read
// the table instead of asking which model they hold. A grid is given as the results give it:
// rows, cols, the start and exit cells (passage boards: the entrance and exit columns in .c, -1
// for every column).
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "mazesearch/engine/walk_result.hpp"
#include "mazesearch/search/enumeration/exhaustive.hpp"

namespace maze {

struct EnumerationModel {
    ModelId model;  // its name in files and options: model_name(model)
    // Said after the grid's size in progress lines and estimates: "", " passages", " hex".
    std::string_view label;
    // Whether its start and exit are columns (the entrance above the top row and the exit below
    // the bottom row: passages) rather than cells.
    bool by_columns;
    // Whether its tree has a bound, and so takes a floor (at_least).
    bool takes_at_least;
    // How its moves are counted ("paper"; "in-and-out": the move in and the move out counted).
    std::string_view convention;
    // Throws std::invalid_argument, naming the limit, for a size its tree does not take.
    void (*check_size)(int rows, int cols);
    // Whether a board listed in a result of this model (its file's text) is a board of the
    // result's grid (by columns: its entrance and exit columns, -1 any); BoardError for a text
    // that is not a board of the model.
    bool (*board_of_grid)(const std::string& text, const EnumerationResult& r);
    // Squeaky's walk on such a board (walk_report), which a result's check walks to see that a
    // listed board is worth the optimum.
    WalkCounts (*listed_walk)(const std::string& text);
    std::unique_ptr<EnumerationTree> (*tree)(int rows, int cols, Cell start, Cell exit,
                                             std::size_t frontier);
    // Knuth's estimate of the whole tree; at_least is for the models with a bound (passages).
    TreeEstimate (*estimate)(int rows, int cols, Cell start, Cell exit, std::uint64_t probes,
                             std::uint64_t seed, std::uint64_t at_least);
    // The expected cost of each frontier subtree (the distributed enumeration hands out the
    // largest first), as estimate_subtrees; null: the model has none (equal costs).
    std::vector<double> (*subtree_costs)(int rows, int cols, Cell start, Cell exit,
                                         std::size_t frontier, std::uint64_t probes,
                                         std::uint64_t seed, int threads, std::size_t part,
                                         std::size_t parts);
    // A small tree enumerated to time a simulated move for the estimate, and its name.
    EnumerationResult (*sample)(const EnumerationOptions& options);
    std::string_view sample_text;
};

const EnumerationModel& enumeration_model(ModelId model);
// Every enumerated model, in the order lists of them name them; the one of a name (null: none).
std::span<const EnumerationModel* const> enumeration_models();
const EnumerationModel* enumeration_model_named(std::string_view name);
// The names, as a list for a message: "\"cells\", \"passages\" or \"hex\"" (quoted) or
// "cells, passages or hex"; of the models `pick` picks (all when null).
std::string enumeration_model_names(bool quoted, bool (*pick)(const EnumerationModel&) = nullptr);

// Each model's entry, defined in its folder beside its tree (models/cells/cell_enumeration.cpp,
// models/passages/passage_enumeration.cpp, models/hex/hex_tree.cpp) for its line of
// models/board_models.def; null for a model that is not enumerated (graph files).
namespace board_models {
#define MAZESEARCH_MODEL_ENTRY const EnumerationModel* enumeration_model();
#include "mazesearch/models/model_entries.inc"
}  // namespace board_models

// Every model's tree, enumeration and estimates, one call each through the table. Throws
// std::invalid_argument for a grid the model's tree does not take.
std::unique_ptr<EnumerationTree> enumeration_tree(
    ModelId model, int rows, int cols, Cell start, Cell exit,
    std::size_t frontier = EnumerationOptions{}.frontier);
// Enumerates every board of the grid (cuts the tree for this call alone).
EnumerationResult enumerate_boards(ModelId model, int rows, int cols, Cell start,
                                   Cell exit, const EnumerationOptions& options);
// Knuth's estimate of the whole tree; at_least: of the tree a floor cuts (the models with a
// bound: passages), else ignored.
TreeEstimate estimate_tree(ModelId model, int rows, int cols, Cell start, Cell exit,
                           std::uint64_t probes, std::uint64_t seed, std::uint64_t at_least = 0);
// The expected cost of each frontier subtree (estimate_subtrees); all equal (1) for a model
// without subtree estimates.
std::vector<double> estimate_subtrees(ModelId model, int rows, int cols, Cell start,
                                      Cell exit, std::size_t frontier, std::uint64_t probes,
                                      std::uint64_t seed, int threads, std::size_t part = 0,
                                      std::size_t parts = 1);

}  // namespace maze
