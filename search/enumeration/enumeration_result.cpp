#include "mazesearch/search/enumeration/enumeration_result.hpp"

#include <algorithm>
#include <stdexcept>

namespace maze {

void trim_boards(std::vector<std::string>& boards, std::size_t cap) {
    std::sort(boards.begin(), boards.end());
    boards.erase(std::unique(boards.begin(), boards.end()), boards.end());
    if (boards.size() > cap) boards.resize(cap);
}

void EnumerationResult::merge(const EnumerationResult& o, std::size_t board_cap) {
    if (o.rows != rows || o.cols != cols || !(o.start == start) || !(o.exit == exit))
        throw std::invalid_argument("enumeration results of different grids cannot be merged");
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
    seconds += o.seconds;
}

nlohmann::json EnumerationResult::to_json() const {
    nlohmann::json j;
    j["rows"] = rows;
    j["cols"] = cols;
    j["start"] = {start.r, start.c};
    j["exit"] = {exit.r, exit.c};
    j["shard"] = shard;
    j["shards"] = shards;
    j["objective"] = objective_name(objective);
    // Moves are counted in the paper's convention; max visits count visits, with no convention.
    if (objective == WalkObjective::Moves) j["convention"] = "paper";
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
    j["seconds"] = seconds;
    return j;
}

EnumerationResult EnumerationResult::from_json(const nlohmann::json& j) {
    EnumerationResult r;
    r.rows = j.at("rows").get<int>();
    r.cols = j.at("cols").get<int>();
    r.start = Cell{j.at("start").at(0).get<int>(), j.at("start").at(1).get<int>()};
    r.exit = Cell{j.at("exit").at(0).get<int>(), j.at("exit").at(1).get<int>()};
    r.shard = j.value("shard", 0);
    r.shards = j.value("shards", 1);
    const std::string objective = j.value("objective", std::string("moves"));
    const std::optional<WalkObjective> o = objective_from_name(objective);
    if (!o) throw std::invalid_argument("unknown objective '" + objective + "'");
    r.objective = *o;
    r.optimum = j.at("optimum").get<std::uint64_t>();
    r.optimal_boards = j.at("optimal_boards").get<std::uint64_t>();
    r.boards = j.at("boards").get<std::vector<std::string>>();
    r.feasible = j.at("feasible").get<std::uint64_t>();
    for (const auto& [k, v] : j.at("histogram").items())
        r.histogram[std::stoull(k)] = v.get<std::uint64_t>();
    r.leaves = j.at("leaves").get<std::uint64_t>();
    r.subtrees = j.value("subtrees", std::uint64_t{0});
    r.steps = j.value("steps", std::uint64_t{0});
    r.seconds = j.value("seconds", 0.0);
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
    for (std::size_t i = 0; i < text.size(); ++i) done[i] = text[i] == '1';
    return done;
}

}  // namespace maze
