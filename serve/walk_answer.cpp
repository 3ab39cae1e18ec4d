#include "mazesearch/serve/walk_answer.hpp"

#include <algorithm>
#include <cassert>
#include <chrono>
#include <initializer_list>
#include <string>
#include <vector>

#include "mazesearch/experiments/command_input.hpp"
#include "mazesearch/serve/served_models.hpp"

namespace maze::experiments {

namespace {

using nlohmann::json;

// A value as a message shows it: its JSON, cut short.
std::string shown_value(const json& v) {
    std::string text = v.dump(-1, ' ', false, json::error_handler_t::replace);
    if (text.size() > 40) text = text.substr(0, 37) + "...";
    return text;
}

// `v` as a whole number in [low, high] (low >= 0); RequestError 400 naming `field` otherwise. A
// fraction, a boolean, a string or a number outside the range is refused, never rounded, cut to
// an int or wrapped around the board.
int whole_in(const json& v, const std::string& field, int low, int high) {
    assert(0 <= low && low <= high);
    const std::string range = std::to_string(low) + " to " + std::to_string(high);
    if (!v.is_number_integer())
        throw RequestError(
            400, field + ": expected a whole number from " + range + ", got " + shown_value(v));
    // Unsigned and signed apart: 2^64 - 1 read as a signed number would be -1.
    const bool fits = v.is_number_unsigned()
                          ? v.get<std::uint64_t>() <= static_cast<std::uint64_t>(high) &&
                                v.get<std::uint64_t>() >= static_cast<std::uint64_t>(low)
                          : v.get<std::int64_t>() >= low && v.get<std::int64_t>() <= high;
    if (!fits) throw RequestError(400, field + ": expected " + range + ", got " + shown_value(v));
    return static_cast<int>(v.get<std::int64_t>());
}

}  // namespace

int whole(const json& j, const std::string& key, int low, int high) {
    if (!j.contains(key)) throw RequestError(400, "board." + key + ": expected a whole number");
    return whole_in(j[key], "board." + key, low, high);
}

std::vector<bool> flags(const json& j, const std::string& key, int rows, int cols) {
    const std::size_t n = static_cast<std::size_t>(rows * cols);
    if (!j.contains(key) || !j[key].is_array() || j[key].size() != n)
        throw RequestError(400, "board." + key + ": expected " + std::to_string(n) +
                                    " flags (rows x cols, row by row)");
    std::vector<bool> out;
    for (const json& f : j[key]) {
        if (f.is_boolean())
            out.push_back(f.get<bool>());
        else if (f.is_number_integer() && (f == 0 || f == 1))
            out.push_back(f == 1);
        else
            throw RequestError(400, "board." + key + ": expected 0 or 1, got " + shown_value(f));
    }
    return out;
}

Cell cell_of(const json& j, const std::string& key, int rows, int cols) {
    if (!j.contains(key) || !j[key].is_array() || j[key].size() != 2)
        throw RequestError(400, "board." + key + ": expected [row, column]");
    return Cell{whole_in(j[key][0], "board." + key + " row", 0, rows - 1),
                whole_in(j[key][1], "board." + key + " column", 0, cols - 1)};
}

void only_keys(const json& j, const std::string& what, std::initializer_list<const char*> keys) {
    // The key by name, not a structured binding: clang 14 cannot capture a binding in a lambda.
    for (const auto& item : j.items()) {
        const std::string& key = item.key();
        if (std::none_of(keys.begin(), keys.end(), [&](const char* k) { return key == k; })) {
            std::string known;
            for (const char* k : keys) known += (known.empty() ? "" : ", ") + std::string(k);
            throw RequestError(400, what + key + ": not a key of " +
                                        (what.empty() ? "a walk request" : "this board") + " (" +
                                        known + ")");
        }
    }
}

std::string cell_name(int r, int c) {
    std::string name = "(";
    name.append(std::to_string(r)).append(", ").append(std::to_string(c)).append(")");
    return name;
}

namespace {

// The served model of a structured board's "model" (RequestError 400 with the list otherwise).
const ServedModel& structure_model(const json& j) {
    const json model_value = j.value("model", json());
    const std::string name = model_value.is_string() ? model_value.get<std::string>() : "";
    std::string names;
    for (const ServedModel* m : served_models()) {
        if (model_name(m->model) == name) return *m;
        if (!names.empty()) names.append(m == served_models().back() ? " or " : ", ");
        names.append("\"").append(model_name(m->model)).append("\"");
    }
    throw RequestError(400, "board.model: expected " + names);
}

// The served model of a board file's text, told as the commands tell a file's kind; a text of no
// served kind is read as the first model's, whose parser then says what is wrong.
const ServedModel& text_model(const std::string& text) {
    const auto kind = sniff_file_kind(text, "");
    const ServedModel* m = kind ? served_model(*kind) : nullptr;
    return m ? *m : *served_models().front();
}

struct Deadline {
    std::chrono::steady_clock::time_point at;
    static bool passed(void* self) {
        return std::chrono::steady_clock::now() > static_cast<Deadline*>(self)->at;
    }
};

}  // namespace

json walk_answer_json(const MazeGraph& graph, int rows, int cols, const std::string& text,
                      json structure, const ServedWalkFacts& facts, bool with_path) {
    Deadline deadline{std::chrono::steady_clock::now() +
                      std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                          std::chrono::duration<double>(kWalkSeconds))};
    const WalkTrace t = trace_walk(graph, kWalkMoveLimit, with_path ? kWalkPathKeep : 0,
                                   Deadline::passed, &deadline);
    const std::size_t places = static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols);
    std::vector<std::uint64_t> visits(t.visits.begin(), t.visits.begin() + places);
    json a = {{"board", std::move(structure)},
              {"text", text},
              {"feasible", t.feasible},
              {"moves", nullptr},
              {"flash", nullptr},
              {"convention", facts.convention},
              {"visits", visits},
              {"most_visited", nullptr},
              {"path", t.path},
              {"path_complete", with_path && t.complete && t.path.size() == t.moves + 1},
              {"walk_complete", t.complete},
              {"limit_moves", kWalkMoveLimit},
              {"message", ""}};
    if (!t.feasible) {
        a["walk_complete"] = a["path_complete"] = true;  // nothing to walk, nothing cut
        a["message"] = "infeasible: " + std::string(facts.unreachable);
        return a;
    }
    if (!t.complete) {
        a["message"] = "the walk is longer than the server walks for one request (" +
                       std::to_string(t.moves) + " moves walked); counts so far";
        return a;
    }
    const std::uint64_t moves = t.moves + facts.moves_before_graph;
    a["moves"] = moves;
    if (facts.flash) a["flash"] = moves + 2;
    const MostVisited m = most_visited(rows, cols, visits);
    a["most_visited"] = {{"cell", {m.cell.r, m.cell.c}}, {"visits", m.visits}};
    if (with_path && !a["path_complete"].get<bool>())
        a["message"] = "the playback holds the first " + std::to_string(t.path.size()) +
                       " positions of the walk";
    return a;
}

json board_structure_for_text(const std::string& text, const std::string& source) {
    try {
        return text_model(text).structure(text, source);
    } catch (const BoardError& e) {
        throw RequestError(400, e.what());
    }
}

json walk_answer_for_text(const std::string& text, const std::string& source) {
    try {
        return text_model(text).answer(text, source, true);
    } catch (const BoardError& e) {
        throw RequestError(400, e.what());
    }
}

json walk_answer(const json& request, const std::string& source) {
    if (!request.is_object()) throw RequestError(400, "expected a JSON object");
    // {"path": false}: no positions (a heat map needs only the counts).
    if (request.contains("path") && !request["path"].is_boolean())
        throw RequestError(400, "path: expected true or false");
    const bool with_path = request.value("path", true);
    only_keys(request, "", {"text", "board", "path"});
    if (request.contains("text") && request.contains("board"))
        throw RequestError(400, "expected \"text\" or \"board\", not both");
    if (request.contains("text")) {
        if (!request["text"].is_string()) throw RequestError(400, "text: expected a string");
        if (request["text"].get_ref<const std::string&>().size() > kMaxBoardFileBytes)
            throw RequestError(413, "text: a board file is at most 1 MiB");
        try {
            const std::string& text = request["text"].get_ref<const std::string&>();
            return text_model(text).answer(text, source, with_path);
        } catch (const BoardError& e) {
            throw RequestError(400, e.what());
        }
    }
    if (!request.contains("board")) throw RequestError(400, "expected \"text\" or \"board\"");
    try {
        const json& board = request["board"];
        if (!board.is_object()) throw RequestError(400, "board: expected an object");
        const ServedModel& m = structure_model(board);
        const int rows = whole(board, "rows", 1, kMaxSide), cols = whole(board, "cols", 1, kMaxSide);
        return m.answer(m.text_of(board, rows, cols), source, with_path);
    } catch (const BoardError& e) {
        throw RequestError(400, e.what());
    } catch (const std::logic_error& e) {  // the board's own checks (a cell outside it)
        throw RequestError(400, std::string("board: ") + e.what());
    } catch (const json::exception& e) {  // a value of the wrong type
        throw RequestError(400, std::string("board: ") + e.what());
    }
}

}  // namespace maze::experiments
