// What `mazesearch serve` answers about a board: the board (from its text or from the structured
// form the page edits), Squeaky's walk on it by the engine (moves, visits, the most visited cell,
// feasibility) and the walk's positions step by step for the page to play back. The page never
// computes a step: every position comes from the engine's walk (trace_walk, the reference walk).
//
// A walk is bounded: at most kWalkMoveLimit moves and kWalkSeconds of work, of which the first
// kWalkPathKeep positions are kept; a longer walk is answered as far as it went and says so.
#pragma once

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

namespace maze::experiments {

inline constexpr std::uint64_t kWalkMoveLimit = 50'000'000;
inline constexpr double kWalkSeconds = 2.0;
inline constexpr std::size_t kWalkPathKeep = 200'000;

// A request the server refuses: the HTTP status (4xx) and the reason said to the client.
class RequestError : public std::runtime_error {
  public:
    RequestError(int status, const std::string& reason)
        : std::runtime_error(reason), status_(status) {}
    int status() const { return status_; }

  private:
    int status_;
};

// The answer for a board given as {"text": "..."} or {"board": {...structured...}}; `source`
// names the text in parse errors. RequestError 400 for a malformed request or board (with the
// parser's message: the line and what was expected).
nlohmann::json walk_answer(const nlohmann::json& request, const std::string& source = "board");
// The structured board of a board file's text, not walked (RequestError 400 when it is none).
nlohmann::json board_structure_for_text(const std::string& text, const std::string& source);
// The same for a board file's text.
nlohmann::json walk_answer_for_text(const std::string& text, const std::string& source);

}  // namespace maze::experiments
