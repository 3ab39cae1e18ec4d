// Passage boards (Mouse Maze 2; docs/formats.md, "Passage boards") as the commands meet them: the
// move in and the move out counted, cells named (r, c), the counts drawn in the maze as in its
// file, walls as lines in the picture, and a bench that holds the interleaved walk to the serial
// and the reference walk.
#include <algorithm>

#include "mazesearch/engine/bench_boards.hpp"
#include "mazesearch/models/graphs/graph_walk.hpp"
#include "mazesearch/engine/input_error.hpp"
#include "mazesearch/models/passages/passage_board.hpp"
#include "mazesearch/models/passages/passage_model.hpp"
#include "mazesearch/models/passages/passage_walk.hpp"
#include "mazesearch/models/passages/passage_picture.hpp"
#include "mazesearch/experiments/models/board_file.hpp"
#include "mazesearch/experiments/models/file_models.hpp"
#include "mazesearch/experiments/models/model_support.hpp"
#include "mazesearch/models/passages/passage_target.hpp"

namespace maze::experiments {

// Named, not anonymous: a unity build puts the models' files side by side.
namespace passage_model {

using Facts = ModelFacts<PassageBoard>;

class PassageFile : public SquareBoardFile<PassageBoard> {
  public:
    using SquareBoardFile::SquareBoardFile;

    nlohmann::ordered_json describe() const override {
        return {{"kind", "passages"}, {"rows", b_.rows()},
                {"cols", b_.cols()},  {"entrance", b_.entrance()},
                {"exit", b_.exit()},  {"convention", Facts::convention}};
    }
    std::string moves_text(std::uint64_t moves) const override {
        return std::to_string(moves) + " moves (" + std::string(Facts::convention_text) + ")";
    }
    void add_facts(const WalkReport&, int, nlohmann::ordered_json*, std::string*) const override {}
    // The maze drawn as in its file, each cell widened to hold its count.
    std::string visits_text(const std::vector<std::uint64_t>& visits) const override {
        std::size_t width = 1;
        for (std::uint64_t v : visits) width = std::max(width, std::to_string(v).size());
        const std::string wall(width + 2, '-');
        const std::string gap(width + 2, ' ');
        std::string out;
        auto border = [&](int door) {
            out += '+';
            for (int c = 0; c < b_.cols(); ++c) out += (c == door ? gap : wall) + '+';
            out += '\n';
        };
        border(b_.entrance());
        for (int r = 0; r < b_.rows(); ++r) {
            out += '|';
            for (int c = 0; c < b_.cols(); ++c) {
                const std::string n =
                    std::to_string(visits[static_cast<std::size_t>(r * b_.cols() + c)]);
                out += ' ' + std::string(width - n.size(), ' ') + n + ' ';
                out += c + 1 < b_.cols() && b_.right_open(r, c) ? ' ' : '|';
            }
            out += '\n';
            if (r + 1 == b_.rows()) break;
            out += '+';
            for (int c = 0; c < b_.cols(); ++c) out += (b_.down_open(r, c) ? gap : wall) + '+';
            out += '\n';
        }
        border(b_.exit());
        return out;
    }

    std::string title_score(const WalkReport& rep) const override {
        return rep.moves ? std::to_string(*rep.moves) + " moves (in and out counted)"
                         : std::string("infeasible");
    }

    // The passages target of the board's grid, entrance and exit: its genes are the passages.
    std::optional<SearchPoint> search_point() const override {
        return point_in(
            std::make_unique<PassageTarget>(b_.rows(), b_.cols(), b_.entrance(), b_.exit()));
    }
};

std::unique_ptr<BoardFile> load(const InputFile& file) {
    return std::make_unique<passage_model::PassageFile>(PassageBoard::parse(file.text, file.name));
}

// The interleaved batch walk against the walk one board at a time and the reference walk.
BenchPlan bench(const std::vector<InputFile>& files, double seconds) {
    const std::vector<PassageBoard> boards = bench_boards_of(
        files, BenchSample<PassageBoard>::boards(), PassageBoard::parse,
        [](const PassageBoard& b) { return feasible(b); },
        "infeasible passage board (" + std::string(Facts::unreachable) + ")");
    std::vector<std::uint64_t> serial(boards.size()), interleaved(boards.size());
    evaluate_batch_serial(boards, serial);
    evaluate_batch(boards, interleaved);
    BenchPlan plan;
    for (std::size_t i = 0; i < boards.size(); ++i) {
        const WalkCounts ref = reference_counts(boards[i]);
        if (serial[i] != interleaved[i] || !ref.feasible || ref.moves != serial[i])
            throw std::logic_error(
                "the interleaved, the serial and the reference walk disagree on passage board " +
                std::to_string(i + 1));
        plan.signature += serial[i];
    }
    plan.boards = boards.size();
    plan.boards_text = std::to_string(boards.size()) + " passage boards" +
                       (files.empty() ? " (the built-in 13x13 sample)" : "");
    plan.convention_text = Facts::convention_text;
    plan.head = {{"kind", Facts::name}, {"convention", Facts::convention}};
    // Batches of many copies, so that each timed round lasts about 10 to 50 ms (the reference
    // walk, far slower on short walks, gets a smaller one); a run of under a second, a check
    // rather than a measurement, takes a tenth of that.
    const std::uint64_t scale = seconds < 1.0 ? 10 : 1;
    const BenchBatch<PassageBoard> batch(boards, plan.signature, 4'000'000 / scale);
    const BenchBatch<PassageBoard> small(boards, plan.signature, 200'000 / scale);
    plan.walkers = batch_and_serial_walkers(batch);
    plan.walkers.push_back(small.walker(
        "reference walk", "(grid_graph, then the plain walk)", "reference_moves_per_second",
        [](const std::vector<PassageBoard>& b, std::vector<std::uint64_t>& out) {
            for (std::size_t i = 0; i < b.size(); ++i) out[i] = reference_counts(b[i]).moves;
        }));
    return plan;
}

bool starts_like(std::string_view head) {
    return PassageBoard::looks_like(head);
}

std::string reason(std::string_view, std::string_view) {
    return " (it starts with '+')";
}

}  // namespace passage_model

}  // namespace maze::experiments

namespace maze {

// Its entry in the table of file kinds (models/board_models.def).
const experiments::FileModel* board_models::passages::file_model() {
    using namespace experiments;
    static const FileModel m{
        .kind = ModelId::Passages,
        .one = "a passage board",
        .plural = "passage boards",
        .starts_like = passage_model::starts_like,
        .named_like = nullptr,
        .reason = passage_model::reason,
        .file_text = "a board file",
        .max_bytes = kMaxBoardFileBytes,
        .load = passage_model::load,
        .bench = passage_model::bench,
        .searched = true};
    return &m;
}

}  // namespace maze
