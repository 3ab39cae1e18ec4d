// The board-model seam of the commands: a board or graph file as `eval`, `render` and `bench` meet
// it, whatever its model (cell boards, passage boards, graph files). Each model is one adapter
// (experiments/models/{cell,passage,graph}_file.cpp): it parses and checks the file, walks it
// with the fast walk and the reference walk, names its places (cells, vertices) and its moves'
// convention, draws it and benches its walks. The commands are written once over this interface
// and dispatch on the file's kind in one place, the table of file_models.hpp; a command that cannot take a kind
// says so by the kinds it reads (experiments/command_input.hpp).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "mazesearch/experiments/command_input.hpp"
#include "mazesearch/search/genome.hpp"
#include "mazesearch/search/target.hpp"

namespace maze::experiments {

// What one walk of a board says, in its model's convention.
struct WalkReport {
    bool feasible = false;
    bool trapped = false;                 // k-mod walks only
    std::optional<std::uint64_t> moves;   // empty when infeasible or trapped
    std::uint64_t moves_before_trap = 0;  // k-mod: the moves walked when the repeat was seen
    std::vector<std::uint64_t> visits;    // one count per place (cell, vertex); empty if infeasible

    // The first place (in the model's order) with the most visits; the walk reached the exit.
    std::size_t most_visited() const;
    // The fast walk and the reference walk say the same (feasibility, moves, every count).
    bool agrees_with(const WalkReport& reference) const;
};

// A board as one point of the space its model is searched in (neighbourhood explores around it):
// the target, the board's genome, and any genome's board as the text of its file.
struct SearchPoint {
    std::unique_ptr<Target> target;
    Genome genome;
    std::function<std::string(const Genome&)> board_text;
    std::string convention;       // eval's "convention": "paper", "in-and-out"
    std::string convention_text;  // "paper convention"
};

// One board or graph file, parsed and checked.
class BoardFile {
  public:
    virtual ~BoardFile() = default;

    // kmod 0: Squeaky on the model's fast walk; k >= 2: a k-mod mouse on the reference walk.
    virtual WalkReport walk(int kmod) const = 0;
    // Squeaky on the plain reference walk (the paper's definition on a general graph), which
    // `eval --check` holds the fast walk to.
    virtual WalkReport reference_walk() const = 0;

    // eval's keys that describe the file, after "file": its size and "convention".
    virtual nlohmann::ordered_json describe() const = 0;
    // "180 moves (paper convention), Flash 182": the moves in the model's convention.
    virtual std::string moves_text(std::uint64_t moves) const = 0;
    // Said after "infeasible": "(the exit cannot be reached from the start)".
    virtual std::string infeasible_text() const = 0;
    // Said at the end of eval's first line ("; graph of 5 vertices, 4 edges"), or nothing.
    virtual std::string size_text() const { return {}; }
    // A place as eval names it: "(1, 12)" and [1, 12]; "\"v2\"" and "v2".
    virtual std::string place_text(std::size_t place) const = 0;
    virtual nlohmann::ordered_json place_json(std::size_t place) const = 0;
    // What else eval says of a walk (a k-mod one when kmod >= 2), into the form it prints: keys
    // after "most_visited" (json) or lines after "most visits" (lines), the other one null; the
    // Flash count, the Theorem 8 bound. Nothing is computed for a form that is not asked for.
    virtual void add_facts(const WalkReport& report, int kmod, nlohmann::ordered_json* json,
                           std::string* lines) const = 0;
    // eval --visits: every place's count, as text (ending in a newline) and as JSON.
    virtual std::string visits_text(const std::vector<std::uint64_t>& visits) const = 0;
    virtual nlohmann::ordered_json visits_json(const std::vector<std::uint64_t>& visits) const = 0;

    // render: the SVG of the board with Squeaky's visits, and the score its title gives.
    virtual std::string svg(const WalkReport& report, const std::string& title,
                            int cell_pixels) const = 0;
    virtual std::string title_score(const WalkReport& report) const = 0;

    // The board as a point of its model's search space; none for a model that has no such
    // target (graph files: a graph target searches the parts of a graph, of which the file is the
    // whole).
    virtual std::optional<SearchPoint> search_point() const { return std::nullopt; }
};

// One walker of a bench, over its own batch of copies of the bench boards.
struct BenchWalker {
    std::string name;      // "interleaved walk"
    std::string note;      // "(one board at a time)"
    std::string json_key;  // "moves_per_second"
    std::uint64_t batch_moves = 0;
    std::size_t batch_size = 0;
    // Walks the batch once, its moves into out (batch_size of them); called from several threads.
    std::function<void(std::vector<std::uint64_t>& out)> walk;
};

// What `bench` times for a model: the boards' signature (their total moves, each walker having
// given it) and the walkers, the first the one the others are compared with.
struct BenchPlan {
    std::string boards_text;      // "13 boards", "3 passage boards (the built-in 13x13 sample)"
    std::string convention_text;  // "paper convention"
    nlohmann::ordered_json head;  // the model's JSON keys before "signature"
    std::uint64_t signature = 0;
    std::size_t boards = 0;
    std::vector<BenchWalker> walkers;
};

// The file parsed and checked by its model's adapter (file_models.hpp).
std::unique_ptr<BoardFile> load_board_file(const InputFile& file);

// What the fast walk's report `fast` says otherwise than the reference walk's, in words, for
// eval --check: "feasible (fast walk), infeasible (reference walk)", "moves 180 (fast walk), 178
// (reference walk)" or the first place whose count differs, as `board` names it ("visits of (2, 3):
// 4 (fast walk), 5 (reference walk)"); empty when fast.agrees_with(reference).
std::string walk_difference(const BoardFile& board, const WalkReport& fast,
                            const WalkReport& reference);

}  // namespace maze::experiments
