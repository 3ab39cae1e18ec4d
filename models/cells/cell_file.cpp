// Cell boards (docs/formats.md, "Board files") as the commands meet them: the paper's
// convention (moves until the first arrival at E; the Flash game counts two more), cells named
// (r, c), the Theorem 8 bound, the picture of the paper's figures, the bench's fixed board set.
#include <algorithm>

#include "mazesearch/engine/bench_boards.hpp"
#include "mazesearch/models/cells/bitboard.hpp"
#include "mazesearch/models/cells/board.hpp"
#include "mazesearch/models/cells/cell_model.hpp"
#include "mazesearch/models/graphs/graph_walk.hpp"
#include "mazesearch/engine/input_error.hpp"
#include "mazesearch/models/cells/mouse_walk.hpp"
#include "mazesearch/engine/svg_render.hpp"
#include "mazesearch/experiments/models/board_file.hpp"
#include "mazesearch/experiments/models/file_models.hpp"
#include "mazesearch/experiments/models/model_support.hpp"
#include "mazesearch/models/cells/mouse_maze_target.hpp"

namespace maze::experiments {

// Named, not anonymous: a unity build puts the models' files side by side.
namespace cell_model {

using Facts = ModelFacts<Board>;

class CellFile : public SquareBoardFile<Board> {
  public:
    using SquareBoardFile::SquareBoardFile;

    nlohmann::ordered_json describe() const override {
        return {{"rows", b_.rows()}, {"cols", b_.cols()}, {"convention", Facts::convention}};
    }
    std::string moves_text(std::uint64_t moves) const override {
        return std::to_string(moves) + " moves (paper convention), Flash " +
               std::to_string(moves + 2);
    }
    // The Flash count of any walk that escaped; the Theorem 8 bound of Squeaky's board.
    // (Text: the first line has the Flash count already.)
    void add_facts(const WalkReport& rep, int kmod, nlohmann::ordered_json* j,
                   std::string*) const override {
        if (!j) return;
        (*j)["flash"] = rep.moves ? nlohmann::ordered_json(*rep.moves + 2) : nullptr;
        if (rep.feasible && !kmod) (*j)["theorem8_bound"] = theorem8_bound(grid_graph(b_));
    }
    // Counts right-aligned, '#' blocked, 'E' the exit.
    std::string visits_text(const std::vector<std::uint64_t>& visits) const override {
        return cell_visits_text(b_, visits);
    }

    std::string title_score(const WalkReport& rep) const override {
        return rep.moves ? std::to_string(*rep.moves) + " moves (Flash " +
                               std::to_string(*rep.moves + 2) + ")"
                         : std::string("infeasible");
    }

    // The mouse-maze target of the board's grid, start and exit (paper convention).
    std::optional<SearchPoint> search_point() const override {
        return point_in(std::make_unique<MouseMazeTarget>(
            b_.rows(), b_.cols(), b_.start(), b_.exit(), MouseMazeTarget::Convention::Paper));
    }
};

std::unique_ptr<BoardFile> load(const InputFile& file) {
    return std::make_unique<cell_model::CellFile>(Board::parse(file.text, file.name));
}

// The interleaved walk (eight boards at once) against the walk one board at a time.
BenchPlan bench(const std::vector<InputFile>& files, double) {
    return interleaved_bench(files, BenchSample<Board>::boards(), BenchSample<Board>::signature, "boards", {});
}

GraphFile as_graph(const InputFile& file) {
    return grid_graph_file(Board::parse(file.text, file.name));
}

bool starts_like(std::string_view head) {
    return !head.empty() && (head[0] == '.' || head[0] == '#' || head[0] == 'S' || head[0] == 'E');
}

std::string no_reason(std::string_view, std::string_view) {
    return "";
}

}  // namespace cell_model

}  // namespace maze::experiments

namespace maze {

// Its entry in the table of file kinds (models/board_models.def).
const experiments::FileModel* board_models::cells::file_model() {
    using namespace experiments;
    static const FileModel m{
        .kind = ModelId::Cells,
        .one = "a cell board",
        .plural = "cell boards",
        .starts_like = cell_model::starts_like,
        .named_like = nullptr,
        .reason = cell_model::no_reason,
        .file_text = "a board file",
        .max_bytes = kMaxBoardFileBytes,
        .load = cell_model::load,
        .bench = cell_model::bench,
        .searched = true,
        .as_graph = cell_model::as_graph};
    return &m;
}

}  // namespace maze
