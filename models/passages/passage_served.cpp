// The passage boards in the live view (`mazesearch serve`): their structured form, the passages
// right of and below each cell with the entrance and exit columns, read and said; the walk is the
// one every model's answer takes (serve/served_models.hpp).
#include "mazesearch/models/passages/passage_model.hpp"
#include "mazesearch/serve/served_models.hpp"

namespace maze::experiments {

namespace passage_served {

using nlohmann::json;

PassageBoard passage_board(const json& j, int rows, int cols) {
    only_keys(j, "board.", {"model", "rows", "cols", "right", "down", "entrance", "exit"});
    PassageBoard b(rows, cols, whole(j, "entrance", 0, cols - 1), whole(j, "exit", 0, cols - 1));
    const std::vector<bool> right = flags(j, "right", rows, cols);
    const std::vector<bool> down = flags(j, "down", rows, cols);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) {
            const std::size_t i = static_cast<std::size_t>(r * cols + c);
            // The last column has no passage to its right, the last row none below it.
            if ((c + 1 == cols && right[i]) || (r + 1 == rows && down[i]))
                throw RequestError(
                    400, std::string("board.") + (c + 1 == cols && right[i] ? "right" : "down") +
                             ": cell " + cell_name(r, c) +
                             " is at the edge of the board: no passage there to open; expected 0");
            if (c + 1 < cols) b.set_right(r, c, right[i]);
            if (r + 1 < rows) b.set_down(r, c, down[i]);
        }
    return b;
}

json structure_of(const PassageBoard& p) {
    std::vector<int> right, down;
    for (int r = 0; r < p.rows(); ++r)
        for (int c = 0; c < p.cols(); ++c) {
            right.push_back(c + 1 < p.cols() && p.right_open(r, c) ? 1 : 0);
            down.push_back(r + 1 < p.rows() && p.down_open(r, c) ? 1 : 0);
        }
    return {{"model", ModelFacts<PassageBoard>::name},
            {"rows", p.rows()},
            {"cols", p.cols()},
            {"right", right},
            {"down", down},
            {"entrance", p.entrance()},
            {"exit", p.exit()}};
}

using Served = ServedBoard<PassageBoard, passage_board, structure_of>;

}  // namespace passage_served

}  // namespace maze::experiments

namespace maze {

// Its entry in the table of served models (models/board_models.def).
const experiments::ServedModel* board_models::passages::served_model() {
    static const experiments::ServedModel m{
        .model = ModelId::Passages,
        .form = "passages",
        .shape = "square",
        .flash = ModelFacts<PassageBoard>::flash,
        .text_help = "drawn with + - |",
        .text_of = experiments::passage_served::Served::text_of,
        .answer = experiments::passage_served::Served::answer,
        .structure = experiments::passage_served::Served::structure};
    return &m;
}

}  // namespace maze
