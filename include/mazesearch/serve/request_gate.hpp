// The gate of `mazesearch serve`: what it checks of a request, from its bytes as they come in,
// before anything else is done with it (connection_loop.hpp reads them). The head (the request
// line and the header lines, through the empty line) must be whole within kMaxHeadBytes and hold
// at most kMaxHeaderLines lines, each ending in CRLF; it must carry exactly one Host; with a
// token, the token (in the query, ?token=..., or in the cookie named exactly mazesearch_token);
// without one (127.0.0.1), a Host of 127.0.0.1, localhost or [::1], with no port or the port
// served; a body only as one Content-Length of at most the most a request may send. Anything
// else is answered at once with a 4xx, and nothing more of the request is read. A Range is
// ignored: the whole is answered.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace maze::experiments {

inline constexpr std::size_t kMaxHeadBytes = 16 * 1024;
inline constexpr std::size_t kMaxHeaderLines = 100;
inline constexpr std::size_t kMaxTargetBytes = 8192;

// Who may ask, and how much.
struct GateRules {
    int port = 0;       // the port served
    std::string token;  // asked for when not empty (then any Host will do)
    std::size_t max_body = 0;
};

// How long the head in `bytes` is (through its empty line), or none while it is not whole.
std::optional<std::size_t> head_length(std::string_view bytes);

struct GateVerdict {
    int status = 0;  // 0: let in; else the 4xx to answer with
    std::string reason;
    std::size_t body_bytes = 0;    // its Content-Length
    bool expect_continue = false;  // it waits for "100 Continue" before it sends its body
    std::string head;  // the head to hand on: without Expect (answered here) and Range (ignored)
};

// The verdict on a whole head (the first head_length bytes of a request).
GateVerdict judge_head(std::string_view head, const GateRules& rules);

// A whole answer of `status` with {"error": reason}, after which the connection is closed.
std::string refusal(int status, const std::string& reason);

// The pieces of the verdict.
bool local_host(std::string_view host, int port);
std::optional<std::string> cookie_value(std::string_view cookies, std::string_view name);
std::optional<std::string> query_value(std::string_view target, std::string_view name);
// Compares without stopping at the first difference, so that the time taken says nothing of
// how much of a guess was right.
bool same_secret(std::string_view a, std::string_view b);

}  // namespace maze::experiments
