#include "mazesearch/serve/walk_answer.hpp"

#include <algorithm>
#include <cassert>
#include <chrono>
#include <initializer_list>
#include <string>
#include <variant>
#include <vector>

#include "mazesearch/models/cells/cell_model.hpp"
#include "mazesearch/models/passages/passage_model.hpp"
#include "mazesearch/models/hex/hex_model.hpp"

namespace maze::experiments {

namespace {

using AnyBoard = std::variant<Board, PassageBoard, HexCellBoard>;
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

// A whole number from `j[key]` in [low, high]; RequestError 400 naming the key otherwise.
int whole(const json& j, const std::string& key, int low, int high) {
    if (!j.contains(key)) throw RequestError(400, "board." + key + ": expected a whole number");
    return whole_in(j[key], "board." + key, low, high);
}

// `j[key]`: rows * cols flags (0/1 or false/true), row-major.
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

// RequestError 400 naming the first key of the object `j` (called `what`) that is not one of
// `keys`: a key misspelt or meant for another model is said, not passed over.
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
    return "(" + std::to_string(r) + ", " + std::to_string(c) + ")";
}

Board cell_board(const json& j, int rows, int cols) {
    only_keys(j, "board.", {"model", "rows", "cols", "open", "start", "exit"});
    Board b(rows, cols, cell_of(j, "start", rows, cols), cell_of(j, "exit", rows, cols));
    const std::vector<bool> open = flags(j, "open", rows, cols);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) {
            if (open[static_cast<std::size_t>(r * cols + c)]) continue;
            // The start and the exit are open cells: a board that blocks one is not a board.
            if (Cell{r, c} == b.start() || Cell{r, c} == b.exit())
                throw RequestError(
                    400, "board.open: the " +
                             std::string(Cell{r, c} == b.start() ? "start" : "exit") + " " +
                             cell_name(r, c) + " is flagged 0 (blocked); it is always open");
            b.set_open(r, c, false);
        }
    return b;
}

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

AnyBoard from_structure(const json& j) {
    if (!j.is_object()) throw RequestError(400, "board: expected an object");
    const json model_value = j.value("model", json());
    const std::string model = model_value.is_string() ? model_value.get<std::string>() : "";
    if (model != "cells" && model != "passages" && model != "hex")
        throw RequestError(400, "board.model: expected \"cells\", \"passages\" or \"hex\"");
    const int rows = whole(j, "rows", 1, kMaxSide), cols = whole(j, "cols", 1, kMaxSide);
    if (model == "cells") return cell_board(j, rows, cols);
    // A hexagonal board's structure is a cell board's: its cells open or blocked, row by row.
    if (model == "hex") return HexCellBoard::from_square_cells(cell_board(j, rows, cols));
    return passage_board(j, rows, cols);
}

AnyBoard from_text(const std::string& text, const std::string& source) {
    if (PassageBoard::looks_like(text)) return PassageBoard::parse(text, source);
    if (HexCellBoard::looks_like(text)) return HexCellBoard::parse(text, source);
    return Board::parse(text, source);
}

json structure_of(const Board& b) {
    std::vector<int> open;
    for (int r = 0; r < b.rows(); ++r)
        for (int c = 0; c < b.cols(); ++c) open.push_back(b.open(r, c) ? 1 : 0);
    return {{"model", ModelFacts<Board>::name},
            {"rows", b.rows()},
            {"cols", b.cols()},
            {"open", open},
            {"start", {b.start().r, b.start().c}},
            {"exit", {b.exit().r, b.exit().c}}};
}

json structure_of(const HexCellBoard& h) {
    json j = structure_of(h.square_cells());
    j["model"] = ModelFacts<HexCellBoard>::name;
    return j;
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

struct Deadline {
    std::chrono::steady_clock::time_point at;
    static bool passed(void* self) {
        return std::chrono::steady_clock::now() > static_cast<Deadline*>(self)->at;
    }
};

template <BoardModel B>
json answer_for(const B& b, bool with_path) {
    using Facts = ModelFacts<B>;
    Deadline deadline{std::chrono::steady_clock::now() +
                      std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                          std::chrono::duration<double>(kWalkSeconds))};
    const WalkTrace t = trace_walk(grid_graph(b), kWalkMoveLimit, with_path ? kWalkPathKeep : 0,
                                   Deadline::passed, &deadline);
    const std::size_t places = static_cast<std::size_t>(b.cells());
    std::vector<std::uint64_t> visits(t.visits.begin(), t.visits.begin() + places);
    json a = {{"board", structure_of(b)},
              {"text", b.to_text()},
              {"feasible", t.feasible},
              {"moves", nullptr},
              {"flash", nullptr},
              {"convention", Facts::convention_text},
              {"visits", visits},
              {"most_visited", nullptr},
              {"path", t.path},
              {"path_complete", with_path && t.complete && t.path.size() == t.moves + 1},
              {"walk_complete", t.complete},
              {"limit_moves", kWalkMoveLimit},
              {"message", ""}};
    if (!t.feasible) {
        a["walk_complete"] = a["path_complete"] = true;  // nothing to walk, nothing cut
        a["message"] = "infeasible: " + std::string(Facts::unreachable);
        return a;
    }
    if (!t.complete) {
        a["message"] = "the walk is longer than the server walks for one request (" +
                       std::to_string(t.moves) + " moves walked); counts so far";
        return a;
    }
    const std::uint64_t moves = t.moves + Facts::moves_before_graph;
    a["moves"] = moves;
    if (Facts::flash) a["flash"] = moves + 2;
    const MostVisited m = most_visited(b.rows(), b.cols(), visits);
    a["most_visited"] = {{"cell", {m.cell.r, m.cell.c}}, {"visits", m.visits}};
    if (with_path && !a["path_complete"].get<bool>())
        a["message"] = "the playback holds the first " + std::to_string(t.path.size()) +
                       " positions of the walk";
    return a;
}

json answer_for(const AnyBoard& any, bool with_path) {
    return std::visit([&](const auto& b) { return answer_for(b, with_path); }, any);
}

json structure_of(const AnyBoard& any) {
    return std::visit([](const auto& b) { return structure_of(b); }, any);
}

}  // namespace

json board_structure_for_text(const std::string& text, const std::string& source) {
    try {
        return structure_of(from_text(text, source));
    } catch (const BoardError& e) {
        throw RequestError(400, e.what());
    }
}

json walk_answer_for_text(const std::string& text, const std::string& source) {
    try {
        return answer_for(from_text(text, source), true);
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
            return answer_for(from_text(request["text"].get<std::string>(), source), with_path);
        } catch (const BoardError& e) {
            throw RequestError(400, e.what());
        }
    }
    if (!request.contains("board")) throw RequestError(400, "expected \"text\" or \"board\"");
    try {
        return answer_for(from_structure(request["board"]), with_path);
    } catch (const BoardError& e) {
        throw RequestError(400, e.what());
    } catch (const std::logic_error& e) {  // the board's own checks (a cell outside it)
        throw RequestError(400, std::string("board: ") + e.what());
    } catch (const json::exception& e) {  // a value of the wrong type
        throw RequestError(400, std::string("board: ") + e.what());
    }
}

}  // namespace maze::experiments
