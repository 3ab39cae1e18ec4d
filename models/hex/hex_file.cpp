// Hexagonal boards (docs/formats.md, "Hexagonal boards") as the commands meet them: the paper's
// convention, cells named (r, c), the Theorem 8 bound, the counts drawn as the file draws the
// grid, the picture of hexagons, its bench and its search point (neighbourhood). Registered in
// experiments/models/file_models.cpp.
#include <algorithm>

#include "mazesearch/models/graphs/graph_walk.hpp"
#include "mazesearch/engine/input_error.hpp"
#include "mazesearch/experiments/models/board_file.hpp"
#include "mazesearch/experiments/models/file_models.hpp"
#include "mazesearch/experiments/models/model_support.hpp"
#include "mazesearch/models/hex/hex_model.hpp"
#include "mazesearch/models/hex/hex_target.hpp"

namespace maze::experiments {

// Named, not anonymous: a unity build puts the models' files side by side.
namespace hex_model {

using Facts = ModelFacts<HexCellBoard>;

class HexFile : public SquareBoardFile<HexCellBoard> {
  public:
    using SquareBoardFile::SquareBoardFile;

    nlohmann::ordered_json describe() const override {
        return {{"kind", Facts::name},
                {"rows", b_.rows()},
                {"cols", b_.cols()},
                {"convention", Facts::convention}};
    }
    std::string moves_text(std::uint64_t moves) const override {
        return std::to_string(moves) + " moves (" + std::string(Facts::convention_text) + ")";
    }
    // The Theorem 8 bound of Squeaky's board (JSON only, as for cell boards).
    void add_facts(const WalkReport& rep, int kmod, nlohmann::ordered_json* j,
                   std::string*) const override {
        if (j && rep.feasible && !kmod) (*j)["theorem8_bound"] = theorem8_bound(grid_graph(b_));
    }
    // The grid as its file draws it: counts right-aligned in cells of one width, odd rows half a
    // cell to the right, '#' blocked, 'E' the exit.
    std::string visits_text(const std::vector<std::uint64_t>& visits) const override {
        return cell_visits_text(b_, visits, 1);
    }
    std::string title_score(const WalkReport& rep) const override {
        return rep.moves ? std::to_string(*rep.moves) + " moves" : std::string("infeasible");
    }

    // The hex target of the board's grid, start and exit: its genes are the cells.
    std::optional<SearchPoint> search_point() const override {
        return point_in(
            std::make_unique<HexMazeTarget>(b_.rows(), b_.cols(), b_.start(), b_.exit()));
    }
};

// The interleaved walk against the walk one board at a time, on the built-in sample or files.
BenchPlan bench(const std::vector<InputFile>& files, double) {
    return interleaved_bench(files, BenchSample<HexCellBoard>::boards(), BenchSample<HexCellBoard>::signature, "hex boards",
                             {{"kind", Facts::name}, {"convention", Facts::convention}});
}

std::unique_ptr<BoardFile> load(const InputFile& file) {
    return std::make_unique<HexFile>(HexCellBoard::parse(file.text, file.name));
}

GraphFile as_graph(const InputFile& file) {
    return grid_graph_file(HexCellBoard::parse(file.text, file.name));
}

bool starts_like(std::string_view head) {
    return HexCellBoard::looks_like(head);
}

std::string reason(std::string_view, std::string_view) {
    return " (its first line is \"hex\")";
}

}  // namespace hex_model

}  // namespace maze::experiments

namespace maze {

// Its entry in the table of file kinds (models/board_models.def).
const experiments::FileModel* board_models::hex::file_model() {
    using namespace experiments;
    static const FileModel m{
        .kind = ModelId::Hex,
        .one = "a hex board",
        .plural = "hex boards",
        .starts_like = hex_model::starts_like,
        .named_like = nullptr,
        .reason = hex_model::reason,
        .file_text = "a board file",
        .max_bytes = kMaxBoardFileBytes,
        .load = hex_model::load,
        .bench = hex_model::bench,
        .searched = true,
        .as_graph = hex_model::as_graph};
    return &m;
}

}  // namespace maze
