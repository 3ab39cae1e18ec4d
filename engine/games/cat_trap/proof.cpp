#include "mazesearch/engine/games/cat_trap/proof.hpp"

#include <algorithm>

#include "mazesearch/engine/games/cat_trap/trapper.hpp"

namespace maze {

CatTrapProof prove_cat_trapper(int side, int max_blocks,
                               const std::function<void(const CatTrapGame&)>& visit) {
    return prove_cat_trapper(HexBoard(side), max_blocks, visit);
}

CatTrapProof prove_cat_trapper(const HexBoard& board, int max_blocks,
                               const std::function<void(const CatTrapGame&)>& visit) {
    CatTrapProof proof;
    std::vector<Hex> line;
    std::function<bool(const CatTrapGame&, const CatTrapper&)> explore =
        [&](const CatTrapGame& game, const CatTrapper& trapper) {
            ++proof.nodes;
            if (visit) visit(game);
            std::vector<int> moves;
            switch (game.cat_options(moves)) {
                case CatStatus::CutOff:
                    ++proof.leaves;
                    proof.max_blocks = std::max(proof.max_blocks, game.blocks_used());
                    return true;
                case CatStatus::Escapes:
                    proof.failure = "the cat escapes from " + hex_text(board.hex(game.cat()));
                    return false;
                case CatStatus::Moves:
                    break;
            }
            for (int y : moves) {
                CatTrapGame next = game;
                next.move_cat(y);
                line.push_back(board.hex(y));
                if (next.blocks_used() >= max_blocks) {
                    proof.failure =
                        "the cat is not cut off after " + std::to_string(max_blocks) + " blocks";
                    return false;
                }
                CatTrapper t = trapper;
                const int b = t.respond(next);
                if (!t.on_plan()) ++proof.off_plan;
                const std::string why = next.illegal_block(b);
                if (!why.empty()) {
                    proof.failure = "illegal block: " + why;
                    return false;
                }
                next.block(b);
                line.push_back(board.hex(b));
                if (!explore(next, t)) return false;
                line.resize(line.size() - 2);
            }
            return true;
        };
    const CatTrapGame start(board);
    proof.proven = explore(start, CatTrapper(board));
    if (!proof.proven) proof.line = line;
    return proof;
}

}  // namespace maze
