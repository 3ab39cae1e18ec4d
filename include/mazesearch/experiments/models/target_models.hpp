// The board models as a config's `target:` knows them, one entry for each line of
// models/board_models.def (the table: experiments/models/target_models.cpp): the `kind:` that
// names the model's target, how the target is made from its keys, its view, and whether a python
// target may score its boards. The target factory reads this table for every board model; only
// the games (cat-mouse, mousetrap, cat-trap, kmod-trap) and python are its own.
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "mazesearch/experiments/views/board_view.hpp"
#include "mazesearch/models/model_id.hpp"
#include "mazesearch/search/params.hpp"
#include "mazesearch/search/target.hpp"

namespace maze::experiments {

struct TargetModel {
    ModelId model;
    // A config's `kind:` of its target: "mouse-maze" for the cell boards, the model's name for
    // the others.
    std::string_view kind;
    // Its target from the `target:` section (the target reads its own keys and throws ParamError
    // for a bad or unknown one).
    std::unique_ptr<Target> (*make)(const Params& params);
    // Its view of `target` (which the view refers to); null when `target` is not of this model.
    std::unique_ptr<BoardView> (*view)(const Target& target);
    // Whether a python target may take the model's boards (its `model:`, by the model's name).
    bool python = false;
};

// An entry's parts for a model whose target is a T, made by `make_target` and shown by a
// View(const T&): its target from the keys, and its view of a target that is a T.
template <auto make_target>
std::unique_ptr<Target> model_target(const Params& params) {
    return make_target(params);
}
template <typename T, typename View>
std::unique_ptr<BoardView> model_view(const Target& target) {
    const auto* t = dynamic_cast<const T*>(&target);
    if (!t) return nullptr;
    return std::make_unique<View>(*t);
}

// Every model's entry, in the order of board_models.def; the one of a config's `kind:`, and the
// one of a python target's `model:` (null: none).
const std::vector<const TargetModel*>& target_models();
const TargetModel* target_model_of_kind(std::string_view kind);
const TargetModel* python_target_model(std::string_view name);

}  // namespace maze::experiments

// Each model's entry, for its line of models/board_models.def, defined in its folder beside its
// view (models/cells/cell_view.cpp, ...).
namespace maze::board_models {
#define MAZESEARCH_MODEL_ENTRY const experiments::TargetModel* target_model();
#include "mazesearch/models/model_entries.inc"
}  // namespace maze::board_models
