#include "mazesearch/search/enumeration/enumeration_result.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "mazesearch/engine/passage_board.hpp"

namespace maze {

std::string_view model_name(BoardModel model) {
    return model == BoardModel::Passages ? "passages" : "cells";
}

void trim_boards(std::vector<std::string>& boards, std::size_t cap) {
    std::sort(boards.begin(), boards.end());
    boards.erase(std::unique(boards.begin(), boards.end()), boards.end());
    if (boards.size() > cap) boards.resize(cap);
}

void EnumerationResult::merge(const EnumerationResult& o, std::size_t board_cap) {
    if (o.model != model || o.rows != rows || o.cols != cols || !(o.start == start) ||
        !(o.exit == exit))
        throw std::invalid_argument("enumeration results of different grids cannot be merged");
    if (o.at_least != at_least)
        throw std::invalid_argument("enumeration results counting from different values (" +
                                    std::to_string(at_least) + ", " + std::to_string(o.at_least) +
                                    ") cannot be merged");
    if (o.objective != objective)
        throw std::invalid_argument("enumeration results of different objectives (" +
                                    std::string(objective_name(objective)) + ", " +
                                    std::string(objective_name(o.objective)) +
                                    ") cannot be merged");
    if (o.feasible) {
        if (o.optimum > optimum || optimal_boards == 0) {
            optimum = o.optimum;
            optimal_boards = o.optimal_boards;
            boards = o.boards;
        } else if (o.optimum == optimum) {
            optimal_boards += o.optimal_boards;
            boards.insert(boards.end(), o.boards.begin(), o.boards.end());
        }
    }
    trim_boards(boards, board_cap);
    feasible += o.feasible;
    for (const auto& [m, n] : o.histogram) histogram[m] += n;
    leaves += o.leaves;
    steps += o.steps;
    subtrees += o.subtrees;
    cuts += o.cuts;
    seconds += o.seconds;
}

nlohmann::json EnumerationResult::to_json() const {
    nlohmann::json j;
    if (model == BoardModel::Passages) j["model"] = model_name(model);
    j["rows"] = rows;
    j["cols"] = cols;
    if (model == BoardModel::Passages) {
        j["entrance"] = start.c < 0 ? nlohmann::json("any") : nlohmann::json(start.c);
        j["exit"] = exit.c < 0 ? nlohmann::json("any") : nlohmann::json(exit.c);
    } else {
        j["start"] = {start.r, start.c};
        j["exit"] = {exit.r, exit.c};
    }
    if (at_least > 0) j["at_least"] = at_least;
    j["shard"] = shard;
    j["shards"] = shards;
    j["objective"] = objective_name(objective);
    // Moves are counted in the paper's convention (Mouse Maze 2: the move in and the move out
    // counted); max visits count visits, with no convention.
    if (objective == WalkObjective::Moves)
        j["convention"] = model == BoardModel::Passages ? "in-and-out" : "paper";
    j["optimum"] = optimum;
    j["optimal_boards"] = optimal_boards;
    j["boards"] = boards;
    j["feasible"] = feasible;
    nlohmann::json h = nlohmann::json::object();
    for (const auto& [m, n] : histogram) h[std::to_string(m)] = n;
    j["histogram"] = h;
    j["leaves"] = leaves;
    j["steps"] = steps;
    j["subtrees"] = subtrees;
    if (at_least > 0) j["cuts"] = cuts;
    j["seconds"] = seconds;
    return j;
}

namespace {

[[noreturn]] void bad_result(const std::string& what) {
    throw std::invalid_argument("enumeration result: " + what);
}

const nlohmann::json& json_field(const nlohmann::json& j, const char* key) {
    if (!j.contains(key)) bad_result(std::string("no '") + key + "'");
    return j[key];
}

// A whole number in [lo, hi] (a float, even a whole one, is not: the writer writes integers).
std::int64_t json_whole(const nlohmann::json& v, const std::string& what, std::int64_t lo,
                        std::int64_t hi) {
    if (!v.is_number_integer()) bad_result(what + ": expected an integer");
    if (v.is_number_unsigned() && v.get<std::uint64_t>() > static_cast<std::uint64_t>(hi))
        bad_result(what + ": out of range");
    const std::int64_t x = v.get<std::int64_t>();
    if (x < lo || x > hi) bad_result(what + ": out of range");
    return x;
}

std::uint64_t json_count(const nlohmann::json& v, const std::string& what) {
    if (!v.is_number_unsigned()) bad_result(what + ": expected a count (an integer >= 0)");
    return v.get<std::uint64_t>();
}

// A passage result's entrance or exit: a column or "any" (-1).
int json_column(const nlohmann::json& v, const std::string& what, int cols) {
    if (v.is_string() && v.get<std::string>() == "any") return -1;
    if (!v.is_number_integer()) bad_result(what + ": expected a column or \"any\"");
    return static_cast<int>(json_whole(v, what, 0, cols - 1));
}

Cell json_cell(const nlohmann::json& v, const std::string& what, int rows, int cols) {
    if (!v.is_array() || v.size() != 2) bad_result(what + ": expected [row, col]");
    return Cell{static_cast<int>(json_whole(v[0], what, 0, rows - 1)),
                static_cast<int>(json_whole(v[1], what, 0, cols - 1))};
}

}  // namespace

EnumerationResult EnumerationResult::from_json(const nlohmann::json& j) {
    if (!j.is_object()) bad_result("expected a JSON object");
    EnumerationResult r;
    r.rows = static_cast<int>(json_whole(json_field(j, "rows"), "rows", 1, kMaxSide));
    r.cols = static_cast<int>(json_whole(json_field(j, "cols"), "cols", 1, kMaxSide));
    if (j.contains("model")) {
        const nlohmann::json& m = j["model"];
        if (!m.is_string() || (m != "cells" && m != "passages"))
            bad_result("model: expected \"cells\" or \"passages\"");
        r.model = m == "passages" ? BoardModel::Passages : BoardModel::Cells;
    }
    if (r.model == BoardModel::Passages) {
        r.start = {0, json_column(json_field(j, "entrance"), "entrance", r.cols)};
        r.exit = {r.rows - 1, json_column(json_field(j, "exit"), "exit", r.cols)};
    } else {
        r.start = json_cell(json_field(j, "start"), "start", r.rows, r.cols);
        r.exit = json_cell(json_field(j, "exit"), "exit", r.rows, r.cols);
        if (r.start == r.exit) bad_result("start and exit are the same cell");
    }
    if (j.contains("at_least")) r.at_least = json_count(j["at_least"], "at_least");
    if (j.contains("shards"))
        r.shards = static_cast<int>(json_whole(j["shards"], "shards", 1, 1 << 30));
    if (j.contains("shard"))
        r.shard = static_cast<int>(json_whole(j["shard"], "shard", 0, r.shards - 1));
    std::string objective = "moves";
    if (j.contains("objective")) {
        if (!j["objective"].is_string()) bad_result("objective: expected a name");
        objective = j["objective"].get<std::string>();
    }
    const std::optional<WalkObjective> o = objective_from_name(objective);
    if (!o) throw std::invalid_argument("unknown objective '" + objective + "'");
    r.objective = *o;
    r.optimum = json_count(json_field(j, "optimum"), "optimum");
    r.optimal_boards = json_count(json_field(j, "optimal_boards"), "optimal_boards");
    const nlohmann::json& boards = json_field(j, "boards");
    if (!boards.is_array()) bad_result("boards: expected a list of boards");
    for (const nlohmann::json& b : boards) {
        if (!b.is_string()) bad_result("boards: expected a list of boards");
        // Each one a board of this grid (the exhaustive optimizer turns the first into a genome).
        try {
            if (r.model == BoardModel::Passages) {
                const PassageBoard board =
                    PassageBoard::parse(b.get<std::string>(), "enumeration result");
                if (board.rows() != r.rows || board.cols() != r.cols ||
                    (r.start.c >= 0 && board.entrance() != r.start.c) ||
                    (r.exit.c >= 0 && board.exit() != r.exit.c))
                    bad_result("boards: a board of another grid");
            } else {
                const Board board = Board::parse(b.get<std::string>(), "enumeration result");
                if (board.rows() != r.rows || board.cols() != r.cols ||
                    !(board.start() == r.start) || !(board.exit() == r.exit))
                    bad_result("boards: a board of another grid");
            }
        } catch (const BoardError& e) {
            bad_result(std::string("boards: ") + e.what());
        }
        r.boards.push_back(b.get<std::string>());
    }
    r.feasible = json_count(json_field(j, "feasible"), "feasible");
    const nlohmann::json& histogram = json_field(j, "histogram");
    if (!histogram.is_object()) bad_result("histogram: expected value: boards pairs");
    for (const auto& [k, v] : histogram.items()) {
        if (k.empty() || k.size() > 19 || k.find_first_not_of("0123456789") != std::string::npos)
            bad_result("histogram: '" + k + "' is not a value");
        r.histogram[std::stoull(k)] = json_count(v, "histogram");
    }
    r.leaves = json_count(json_field(j, "leaves"), "leaves");
    if (j.contains("subtrees")) r.subtrees = json_count(j["subtrees"], "subtrees");
    if (j.contains("cuts")) r.cuts = json_count(j["cuts"], "cuts");
    if (j.contains("steps")) r.steps = json_count(j["steps"], "steps");
    if (j.contains("seconds")) {
        const nlohmann::json& t = j["seconds"];
        if (!t.is_number() || !(t.get<double>() >= 0) || !std::isfinite(t.get<double>()))
            bad_result("seconds: expected a time");
        r.seconds = t.get<double>();
    }
    return r;
}

std::string done_to_text(const std::vector<std::uint8_t>& done) {
    std::string text(done.size(), '0');
    for (std::size_t i = 0; i < done.size(); ++i)
        if (done[i]) text[i] = '1';
    return text;
}

std::vector<std::uint8_t> done_from_text(const std::string& text) {
    std::vector<std::uint8_t> done(text.size(), 0);
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '0' && text[i] != '1')
            throw std::invalid_argument("enumeration progress: the done marks hold a '" +
                                        std::string(1, text[i]) + "', not only 0 and 1");
        done[i] = text[i] == '1';
    }
    return done;
}

}  // namespace maze
