// The board models as the commands know their files, one entry for each line of
// models/board_models.def (the table: experiments/models/file_models.cpp): what a file of each
// kind is called, how its first bytes
// tell it, how much of it is read, and its adapter (board_file.hpp). Everything that names,
// tells or dispatches on a file's kind reads this table, so that a new model is its adapter
// and one line there.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "mazesearch/models/graphs/graph_file.hpp"
#include "mazesearch/experiments/command_input.hpp"
#include "mazesearch/experiments/models/board_file.hpp"

namespace maze::experiments {

struct FileModel {
    ModelId kind;             // its name, as options name the model (bench --model): model_name(kind)
    std::string_view one;     // "a cell board"
    std::string_view plural;  // "cell boards"
    // Whether a file that begins with `head` is of this kind.
    bool (*starts_like)(std::string_view head);
    // Whether a file that starts like no model's is of this kind by its name (null: never).
    bool (*named_like)(std::string_view path);
    // Why a file is taken for this kind, as a refusal says it: " (it starts with '+')".
    std::string (*reason)(std::string_view head, std::string_view path);
    // What the file is, for the size limit and a directory given in its place ("a board file"),
    // and its limit.
    std::string_view file_text;
    std::size_t max_bytes;
    // Parses and checks the file's text (a bad file throws BoardError or InputError).
    std::unique_ptr<BoardFile> (*load)(const InputFile& file);
    // The bench of the given files of this kind, or the built-in set when there are none; null:
    // the model has no bench.
    BenchPlan (*bench)(const std::vector<InputFile>& files, double seconds);
    // Whether a file of this kind is a point of a search space (BoardFile::search_point), so that
    // neighbourhood takes it.
    bool searched = false;
    // The board as a graph file (make-graph board), from its checked text; null: the model has
    // no such form.
    GraphFile (*as_graph)(const InputFile& file) = nullptr;
};

// Every model, in the order in which lists of kinds name them.
const std::vector<FileModel>& file_models();
// The entry of `kind`; the one of a name (null: none).
const FileModel& file_model(ModelId kind);
const FileModel* file_model_named(std::string_view name);
// The kinds of every model (what render and eval take), and those a condition picks.
std::vector<ModelId> every_file_kind();
std::vector<ModelId> benched_file_kinds();
std::vector<ModelId> searched_file_kinds();
std::vector<ModelId> graphed_file_kinds();

}  // namespace maze::experiments

// Each model's entry, for its line of models/board_models.def, defined in its folder beside its
// adapter (models/cells/cell_file.cpp, ...).
namespace maze::board_models {
#define MAZESEARCH_MODEL_ENTRY const experiments::FileModel* file_model();
#include "mazesearch/models/model_entries.inc"
}  // namespace maze::board_models
