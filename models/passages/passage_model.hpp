// The passage boards of Mouse Maze 2 as a board model (include/mazesearch/engine/board_model.hpp):
// what is said of their walks wherever a board is met, and the check that the board and the
// functions beside it (passage_board.hpp, passage_walk.hpp, passage_picture.hpp) model the
// concept.
#pragma once

#include <cstdint>
#include <string_view>

#include "mazesearch/engine/board_model.hpp"
#include "mazesearch/models/passages/passage_board.hpp"
#include "mazesearch/models/passages/passage_picture.hpp"
#include "mazesearch/models/passages/passage_walk.hpp"

namespace maze {

template <>
struct ModelFacts<PassageBoard> {
    static constexpr std::string_view name = "passages";
    static constexpr std::string_view convention = "in-and-out";
    static constexpr std::string_view convention_text = "the move in and the move out counted";
    static constexpr std::uint64_t moves_before_graph = 1;  // the move in
    static constexpr bool flash = false;
    static constexpr std::string_view unreachable = "the exit cannot be reached from the entrance";
};

static_assert(BoardModel<PassageBoard>);

}  // namespace maze
