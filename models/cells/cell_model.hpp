// The paper's cell boards as a board model (include/mazesearch/engine/board_model.hpp): what is
// said of their walks wherever a board is met, and the check that the board and the functions
// beside it (board.hpp, bitboard.hpp, mouse_walk.hpp, engine/svg_render.hpp) model the concept.
#pragma once

#include <cstdint>
#include <string_view>

#include "mazesearch/engine/board_model.hpp"
#include "mazesearch/engine/svg_render.hpp"
#include "mazesearch/models/cells/bitboard.hpp"
#include "mazesearch/models/cells/board.hpp"
#include "mazesearch/models/cells/mouse_walk.hpp"

namespace maze {

template <>
struct ModelFacts<Board> {
    static constexpr std::string_view name = "cells";
    static constexpr std::string_view convention = "paper";
    static constexpr std::string_view convention_text = "paper convention";
    static constexpr std::uint64_t moves_before_graph = 0;
    static constexpr bool flash = true;
    static constexpr std::string_view unreachable = "the exit cannot be reached from the start";
};

static_assert(BoardModel<Board>);

}  // namespace maze
