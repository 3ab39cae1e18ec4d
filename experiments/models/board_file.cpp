// The one place the commands dispatch on a file's kind, and what a walk's report says whatever
// the model.
#include "mazesearch/experiments/models/board_file.hpp"

#include <algorithm>

namespace maze::experiments {

std::size_t WalkReport::most_visited() const {
    return static_cast<std::size_t>(std::max_element(visits.begin(), visits.end()) -
                                    visits.begin());
}

bool WalkReport::agrees_with(const WalkReport& reference) const {
    return reference.feasible == feasible &&
           (!feasible || (moves && reference.moves == moves && reference.visits == visits));
}

const BoardAdapter& board_adapter(FileKind kind) {
    static const BoardAdapter cells{FileKind::CellBoard, load_cell_board, cell_bench};
    static const BoardAdapter passages{FileKind::PassageBoard, load_passage_board, passage_bench};
    static const BoardAdapter graphs{FileKind::GraphFile, load_graph_file, nullptr};
    switch (kind) {
        case FileKind::CellBoard:
            return cells;
        case FileKind::PassageBoard:
            return passages;
        case FileKind::GraphFile:
            break;
    }
    return graphs;
}

std::unique_ptr<BoardFile> load_board_file(const InputFile& file) {
    return board_adapter(file.kind).load(file);
}

}  // namespace maze::experiments
