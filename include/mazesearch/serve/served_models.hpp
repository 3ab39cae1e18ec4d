// The board models the live view edits and walks (`mazesearch serve`, walk_answer.hpp), one entry
// for each line of models/board_models.def, written in the model's folder (null: the view does
// not take the model, as graph files). A model's entry reads the structured form the page edits
// and says a board of it in that form; the walk and its answer are written once, answer_for.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "mazesearch/engine/board_model.hpp"
#include "mazesearch/models/cells/board.hpp"
#include "mazesearch/models/cells/mouse_walk.hpp"
#include "mazesearch/models/graphs/graph_walk.hpp"
#include "mazesearch/models/model_id.hpp"
#include "mazesearch/serve/walk_answer.hpp"

namespace maze::experiments {

struct ServedModel {
    ModelId model;
    // What the page needs to edit and draw its boards (GET /api/models, served_models_json):
    // `form` "cells" (cells open or blocked, a start and an exit) or "passages" (the passages
    // right of and below each cell, an entrance and an exit column); `shape` of a cell, "square"
    // or "hexagon"; whether its walks have a Flash count; and how its file's text is written, as
    // the editor's help says it.
    std::string_view form;
    std::string_view shape;
    bool flash;
    std::string_view text_help;
    // A board of this model in its structured form (an object whose "model" is the model's name;
    // `rows` and `cols` read from it and checked) as its file's text. RequestError 400 naming the
    // key for a key that is not the model's, or a bad value.
    std::string (*text_of)(const nlohmann::json& board, int rows, int cols);
    // The walk answer (walk_answer.hpp) for a board file's text of this model, and its structured
    // form alone. BoardError for a text that is not a board.
    nlohmann::json (*answer)(const std::string& text, const std::string& source, bool with_path);
    nlohmann::json (*structure)(const std::string& text, const std::string& source);
};

// Every served model, in the order of board_models.def; the one of a model (null: none).
const std::vector<const ServedModel*>& served_models();
const ServedModel* served_model(ModelId model);
// The served models as the page reads them (GET /api/models): a list of {"name", "form", "shape",
// "flash", "text"}, in the list's order.
nlohmann::json served_models_json();

// What the models' entries read their structured forms with (a RequestError 400 names the key):
// `j[key]` a whole number in [low, high]; rows * cols flags (0/1 or false/true), row-major; a
// cell [row, column] inside the board; and no key of `j` (called `what`, "board.") outside
// `keys`, so that a key misspelt or meant for another model is said, not passed over.
int whole(const nlohmann::json& j, const std::string& key, int low, int high);
std::vector<bool> flags(const nlohmann::json& j, const std::string& key, int rows, int cols);
Cell cell_of(const nlohmann::json& j, const std::string& key, int rows, int cols);
void only_keys(const nlohmann::json& j, const std::string& what,
               std::initializer_list<const char*> keys);
// "(r, c)", as the messages name a cell.
std::string cell_name(int r, int c);

// What a walk answer says of a model's walks (its ModelFacts).
struct ServedWalkFacts {
    std::string_view convention;   // "paper convention", as the answer says it
    std::string_view unreachable;  // what an infeasible board lacks
    std::uint64_t moves_before_graph;
    bool flash;                    // whether the answer gives the Flash count too
};
// The walk answer for a board of any model: Squeaky's reference walk through the model's grid
// graph `graph`, bounded by kWalkMoveLimit and kWalkSeconds, the board given as its text and its
// structured form.
nlohmann::json walk_answer_json(const MazeGraph& graph, int rows, int cols,
                                const std::string& text, nlohmann::json structure,
                                const ServedWalkFacts& facts, bool with_path);
template <BoardModel B>
nlohmann::json answer_for(const B& b, nlohmann::json structure, bool with_path) {
    using Facts = ModelFacts<B>;
    return walk_answer_json(grid_graph(b), b.rows(), b.cols(), b.to_text(), std::move(structure),
                            {Facts::convention_text, Facts::unreachable,
                             Facts::moves_before_graph, Facts::flash},
                            with_path);
}

// A served model's three functions for a board type B, written once: the text of a structured
// board `read` reads, and the walk answer and the structured form (`say`) of a board file's text.
template <class B, B (*read)(const nlohmann::json&, int, int), nlohmann::json (*say)(const B&)>
struct ServedBoard {
    static std::string text_of(const nlohmann::json& board, int rows, int cols) {
        return read(board, rows, cols).to_text();
    }
    static nlohmann::json answer(const std::string& text, const std::string& source,
                                 bool with_path) {
        const B b = B::parse(text, source);
        return answer_for(b, say(b), with_path);
    }
    static nlohmann::json structure(const std::string& text, const std::string& source) {
        return say(B::parse(text, source));
    }
};

}  // namespace maze::experiments

// Each model's entry, for its line of models/board_models.def, defined in its folder
// (models/cells/cell_served.cpp, ...).
namespace maze::board_models {
#define MAZESEARCH_MODEL_ENTRY const experiments::ServedModel* served_model();
#include "mazesearch/models/model_entries.inc"
}  // namespace maze::board_models
