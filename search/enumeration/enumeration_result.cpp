#include "mazesearch/search/enumeration/enumeration_result.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "mazesearch/models/cells/mouse_walk.hpp"
#include "mazesearch/models/passages/passage_walk.hpp"
#include "mazesearch/search/enumeration/enumeration_models.hpp"

namespace maze {

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
    if (o.feasible && raise_optimum(o.optimum, o.optimal_boards))
        boards.insert(boards.end(), o.boards.begin(), o.boards.end());
    trim_boards(boards, board_cap);
    feasible += o.feasible;
    for (const auto& [m, n] : o.histogram) histogram[m] += n;
    leaves += o.leaves;
    steps += o.steps;
    subtrees += o.subtrees;
    cuts += o.cuts;
    seconds += o.seconds;
}

void EnumerationResult::merge_shards(const EnumerationResult& o, std::size_t board_cap) {
    if (o.shards != shards)
        throw std::invalid_argument("a result of " + std::to_string(o.shards) +
                                    " shards cannot be merged with one of " +
                                    std::to_string(shards));
    if (o.frontier != frontier)
        throw std::invalid_argument("a tree cut for --frontier " + std::to_string(o.frontier) +
                                    " cannot be merged with one cut for " +
                                    std::to_string(frontier) +
                                    " (their subtrees, and so their shards, differ)");
    std::string twice;
    for (int s : o.held)
        if (std::binary_search(held.begin(), held.end(), s))
            twice += (twice.empty() ? "" : ", ") + std::to_string(s);
    if (!twice.empty())
        throw std::invalid_argument(
            "shard" + std::string(twice.find(',') == std::string::npos ? " " : "s ") + twice +
            " of " + std::to_string(shards) + " given twice (its boards would be counted twice)");
    merge(o, board_cap);
    held.insert(held.end(), o.held.begin(), o.held.end());
    std::sort(held.begin(), held.end());
}

void EnumerationResult::whole_if_complete() {
    if (held.size() != static_cast<std::size_t>(shards)) return;
    shards = 1;  // every shard: the whole tree
    held = {0};
}

std::uint64_t shard_subtrees(std::size_t tree_subtrees, int s, int n) {
    const auto t = static_cast<std::uint64_t>(tree_subtrees);
    const auto i = static_cast<std::uint64_t>(s), k = static_cast<std::uint64_t>(n);
    return i >= t ? 0 : (t - i + k - 1) / k;
}

std::uint64_t EnumerationResult::subtrees_held(std::size_t tree_subtrees) const {
    std::uint64_t n = 0;
    for (int s : held) n += shard_subtrees(tree_subtrees, s, shards);
    return n;
}

std::string EnumerationResult::shards_text() const {
    if (shards == 1) return "";
    if (held.size() == 1) return "shard " + std::to_string(held[0]) + "/" + std::to_string(shards);
    std::string list;
    for (int s : held) list += (list.empty() ? "" : ", ") + std::to_string(s);
    return "shards " + list + " of " + std::to_string(shards);
}

nlohmann::json EnumerationResult::to_json() const {
    nlohmann::json j;
    if (model != ModelId::Cells) j["model"] = model_name(model);
    j["rows"] = rows;
    j["cols"] = cols;
    if (enumeration_model(model).by_columns) {
        j["entrance"] = start.c < 0 ? nlohmann::json("any") : nlohmann::json(start.c);
        j["exit"] = exit.c < 0 ? nlohmann::json("any") : nlohmann::json(exit.c);
    } else {
        j["start"] = {start.r, start.c};
        j["exit"] = {exit.r, exit.c};
    }
    if (at_least > 0) j["at_least"] = at_least;
    if (held.size() == 1)
        j["shard"] = held[0];
    else
        j["shards_held"] = held;
    j["shards"] = shards;
    j["frontier"] = frontier;
    j["objective"] = objective_name(objective);
    // Moves are counted in the paper's convention (Mouse Maze 2: the move in and the move out
    // counted); max visits count visits, with no convention.
    if (objective == WalkObjective::Moves)
        j["convention"] = enumeration_model(model).convention;
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

// The shards a result holds: "shard" (one) or "shards_held" (a partial merge), of "shards".
void read_shards(const nlohmann::json& j, EnumerationResult& r) {
    if (j.contains("shards"))
        r.shards = static_cast<int>(json_whole(j["shards"], "shards", 1, 1 << 30));
    if (j.contains("shard") && j.contains("shards_held"))
        bad_result("shard and shards_held: one or the other");
    if (j.contains("shard"))
        r.held = {static_cast<int>(json_whole(j["shard"], "shard", 0, r.shards - 1))};
    if (j.contains("shards_held")) {
        const nlohmann::json& h = j["shards_held"];
        if (!h.is_array() || h.size() < 2 || h.size() >= static_cast<std::size_t>(r.shards))
            bad_result("shards_held: expected a list of 2 to " + std::to_string(r.shards - 1) +
                       " shards (all of them make the whole tree, shard 0 of 1)");
        r.held.clear();
        for (const nlohmann::json& v : h) {
            const int s = static_cast<int>(json_whole(v, "shards_held", 0, r.shards - 1));
            if (!r.held.empty() && s <= r.held.back())
                bad_result("shards_held: expected distinct shards in increasing order");
            r.held.push_back(s);
        }
    }
}

// The optimal boards listed: each one a board of this grid (the exhaustive optimizer turns the
// first into a genome).
void read_boards(const nlohmann::json& boards, EnumerationResult& r) {
    if (!boards.is_array()) bad_result("boards: expected a list of boards");
    for (const nlohmann::json& b : boards) {
        if (!b.is_string()) bad_result("boards: expected a list of boards");
        try {
            if (!enumeration_model(r.model).board_of_grid(b.get<std::string>(), r))
                bad_result("boards: a board of another grid");
        } catch (const BoardError& e) {
            bad_result(std::string("boards: ") + e.what());
        }
        r.boards.push_back(b.get<std::string>());
    }
}

}  // namespace

EnumerationResult EnumerationResult::from_json(const nlohmann::json& j, Kind kind) {
    if (!j.is_object()) bad_result("expected a JSON object");
    EnumerationResult r;
    r.rows = static_cast<int>(json_whole(json_field(j, "rows"), "rows", 1, kMaxSide));
    r.cols = static_cast<int>(json_whole(json_field(j, "cols"), "cols", 1, kMaxSide));
    if (j.contains("model")) {
        const nlohmann::json& m = j["model"];
        const EnumerationModel* named =
            m.is_string() ? enumeration_model_named(m.get<std::string>()) : nullptr;
        if (!named) bad_result("model: expected " + enumeration_model_names(true));
        r.model = named->model;
    }
    if (enumeration_model(r.model).by_columns) {
        r.start = {0, json_column(json_field(j, "entrance"), "entrance", r.cols)};
        r.exit = {r.rows - 1, json_column(json_field(j, "exit"), "exit", r.cols)};
    } else {
        r.start = json_cell(json_field(j, "start"), "start", r.rows, r.cols);
        r.exit = json_cell(json_field(j, "exit"), "exit", r.rows, r.cols);
        if (r.start == r.exit) bad_result("start and exit are the same cell");
    }
    if (j.contains("at_least")) r.at_least = json_count(j["at_least"], "at_least");
    read_shards(j, r);
    if (j.contains("frontier"))
        r.frontier = static_cast<std::size_t>(json_whole(j["frontier"], "frontier", 1, 1 << 26));
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
    read_boards(json_field(j, "boards"), r);
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
    r.check(kind);
    return r;
}

namespace {

// What a board listed in a result is worth when walked, by the result's objective.
std::uint64_t walked_value(const EnumerationResult& r, const std::string& text) {
    const WalkCounts w = enumeration_model(r.model).listed_walk(text);
    if (!w.feasible) return 0;
    return r.objective == WalkObjective::MaxVisits
               ? *std::max_element(w.visits.begin(), w.visits.end())
               : w.moves;
}

}  // namespace

void EnumerationResult::check(Kind kind) const {
    std::uint64_t sum = 0;
    for (const auto& [value, n] : histogram) {
        if (n == 0) bad_result("histogram: " + std::to_string(value) + ": 0 boards (not listed)");
        if (value < at_least)
            bad_result("histogram: " + std::to_string(value) + " is below at_least " +
                       std::to_string(at_least));
        if (sum + n < sum) bad_result("histogram: the counts overflow");
        sum += n;
    }
    if (sum != feasible)
        bad_result("feasible: " + std::to_string(feasible) + ", but the histogram counts " +
                   std::to_string(sum) + " boards");
    // Every leaf is at least one board (only leaves worth at_least or more count boards).
    if (at_least == 0 && leaves > feasible)
        bad_result("leaves: " + std::to_string(leaves) + ", more than the " +
                   std::to_string(feasible) + " feasible boards");
    if (optimal_boards == 0 && (optimum != 0 || !boards.empty()))
        bad_result("optimal_boards: 0, with an optimum or boards listed");
    if (boards.size() > optimal_boards)
        bad_result("boards: " + std::to_string(boards.size()) + " listed, more than the " +
                   std::to_string(optimal_boards) + " optimal boards");
    if (optimal_boards > 0) {
        const auto at = histogram.find(optimum);
        if (at == histogram.end())
            bad_result("optimum: " + std::to_string(optimum) + " is not in the histogram");
        // A part may count boards worth its optimum that it searched below a floor (Kind).
        if (kind == Kind::Result ? at->second != optimal_boards : at->second < optimal_boards)
            bad_result("optimal_boards: " + std::to_string(optimal_boards) +
                       ", but the histogram has " + std::to_string(at->second) + " boards worth " +
                       std::to_string(optimum));
    }
    if (kind == Kind::Result && !histogram.empty() &&
        (optimal_boards == 0 || histogram.rbegin()->first != optimum))
        bad_result("optimum: " + std::to_string(optimum) + ", but the histogram goes up to " +
                   std::to_string(histogram.rbegin()->first));
    for (std::size_t i = 0; i < boards.size(); ++i) {
        if (i > 0 && !(boards[i - 1] < boards[i]))
            bad_result("boards: expected distinct boards in text order");
        const std::uint64_t v = walked_value(*this, boards[i]);
        if (v != optimum)
            bad_result("boards: board " + std::to_string(i + 1) + " is worth " + std::to_string(v) +
                       " when walked, not the optimum " + std::to_string(optimum));
    }
}

}  // namespace maze
