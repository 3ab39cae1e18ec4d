#include "mazesearch/serve/request_gate.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <vector>

namespace maze::experiments {

// Named, not anonymous: the library is built as a unity build.
namespace request_gate_detail {

bool is_digits(std::string_view s) {
    return !s.empty() &&
           std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

bool same_name(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? char(c + 32) : c; };
               return lower(x) == lower(y);
           });
}

// A header name: RFC 9110's token characters.
bool is_token(std::string_view s) {
    static constexpr std::string_view kMarks = "!#$%&'*+-.^_`|~";
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
               kMarks.find(c) != std::string_view::npos;
    });
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

// A header value holds no control character but the tab.
bool clean_value(std::string_view v) {
    return std::none_of(v.begin(), v.end(), [](char c) {
        const auto u = static_cast<unsigned char>(c);
        return (u < 0x20 && c != '\t') || u == 0x7f;
    });
}

std::string percent_decoded(std::string_view s) {
    std::string out;
    const auto hex = [](char c) {
        return c >= '0' && c <= '9'   ? c - '0'
               : c >= 'a' && c <= 'f' ? c - 'a' + 10
               : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                      : -1;
    };
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '%' && i + 2 < s.size() && hex(s[i + 1]) >= 0 && hex(s[i + 2]) >= 0) {
            out += static_cast<char>(hex(s[i + 1]) * 16 + hex(s[i + 2]));
            i += 2;
        } else {
            out += s[i] == '+' ? ' ' : s[i];
        }
    }
    return out;
}

struct Header {
    std::string_view name, value, line;
};

// The request line's three parts.
struct RequestLine {
    std::string_view method, target, version;
};

std::optional<RequestLine> request_line(std::string_view line) {
    const auto a = line.find(' ');
    const auto b = a == std::string_view::npos ? a : line.find(' ', a + 1);
    if (b == std::string_view::npos || line.find(' ', b + 1) != std::string_view::npos)
        return std::nullopt;
    RequestLine r{line.substr(0, a), line.substr(a + 1, b - a - 1), line.substr(b + 1)};
    if (!is_token(r.method) || r.target.empty() || r.target[0] != '/' ||
        (r.version != "HTTP/1.1" && r.version != "HTTP/1.0") || !clean_value(r.target))
        return std::nullopt;
    return r;
}

GateVerdict refuse(int status, std::string reason) {
    GateVerdict v;
    v.status = status;
    v.reason = std::move(reason);
    return v;
}

// Who may ask: the token when there is one, else the Host. Empty when allowed.
std::optional<GateVerdict> who_asks(const std::vector<Header>& headers, std::string_view target,
                                    const GateRules& rules) {
    std::vector<std::string_view> hosts;
    std::string cookies;
    for (const Header& h : headers) {
        if (same_name(h.name, "Host")) hosts.push_back(h.value);
        if (same_name(h.name, "Cookie")) cookies += std::string(h.value) + ";";
    }
    if (!rules.token.empty()) {
        const std::optional<std::string> given = query_value(target, "token").has_value()
                                                     ? query_value(target, "token")
                                                     : cookie_value(cookies, "mazesearch_token");
        if (!given || !same_secret(*given, rules.token))
            return refuse(403, "a token is needed: open the URL that `mazesearch serve` printed");
    }
    if (hosts.size() != 1) return refuse(400, "a request names its Host exactly once");
    if (rules.token.empty() && !local_host(hosts[0], rules.port))
        return refuse(403, "this server answers only requests addressed to 127.0.0.1 or localhost");
    return std::nullopt;
}

// The body: one Content-Length and no Transfer-Encoding. Empty when fine.
std::optional<GateVerdict> body_of(const std::vector<Header>& headers, const GateRules& rules,
                                   GateVerdict& v) {
    int lengths = 0;
    for (const Header& h : headers) {
        if (same_name(h.name, "Transfer-Encoding"))
            return refuse(411, "a body is taken only with a Content-Length");
        if (same_name(h.name, "Expect")) {
            if (!same_name(h.value, "100-continue"))
                return refuse(417, "Expect: only 100-continue is understood");
            v.expect_continue = true;
        }
        if (!same_name(h.name, "Content-Length")) continue;
        if (++lengths > 1 || !is_digits(h.value) || h.value.size() > 18)
            return refuse(400, "Content-Length: expected one whole number");
        v.body_bytes = std::stoull(std::string(h.value));
        if (v.body_bytes > rules.max_body)
            return refuse(413, "the body is longer than " + std::to_string(rules.max_body) +
                                   " bytes, the most a request may send");
    }
    return std::nullopt;
}

// Whether a header goes on to httplib. Expect is answered here. Range and If-Range are dropped
// (a server may answer the whole): httplib made one part a range, so 900 ranges of chart.js in
// an 8 KiB request were answered with 180 MB.
bool handed_on(std::string_view name) {
    return !same_name(name, "Expect") && !same_name(name, "Range") && !same_name(name, "If-Range");
}

}  // namespace request_gate_detail

std::optional<std::size_t> head_length(std::string_view bytes) {
    const auto end = bytes.find("\r\n\r\n");
    if (end == std::string_view::npos) return std::nullopt;
    return end + 4;
}

GateVerdict judge_head(std::string_view head, const GateRules& rules) {
    using namespace request_gate_detail;
    if (head.size() < 4 || head.substr(head.size() - 4) != "\r\n\r\n")
        return refuse(400, "the request's head does not end with an empty line");
    std::vector<std::string_view> lines;
    for (std::string_view rest = head.substr(0, head.size() - 2); !rest.empty();) {
        const auto end = rest.find("\r\n");
        lines.push_back(rest.substr(0, end));
        rest.remove_prefix(end + 2);
    }
    if (lines.size() - 1 > kMaxHeaderLines)
        return refuse(431, "more than " + std::to_string(kMaxHeaderLines) + " header lines");
    if (lines[0].size() > kMaxTargetBytes + 32) return refuse(414, "the request's URL is too long");
    const std::optional<RequestLine> first = request_line(lines[0]);
    if (!first) return refuse(400, "expected a request line: METHOD /path HTTP/1.1");
    std::vector<Header> headers;
    for (std::size_t i = 1; i < lines.size(); ++i) {
        const std::string_view line = lines[i];
        const auto colon = line.find(':');
        if (colon == std::string_view::npos || !is_token(line.substr(0, colon)) ||
            !clean_value(line))
            return refuse(400, "expected a header line: Name: value");
        headers.push_back({line.substr(0, colon), trim(line.substr(colon + 1)), line});
    }
    if (auto no = who_asks(headers, first->target, rules)) return *no;
    GateVerdict v;
    if (auto no = body_of(headers, rules, v)) return *no;
    v.head = std::string(lines[0]) + "\r\n";
    for (const Header& h : headers)
        if (handed_on(h.name)) v.head += std::string(h.line) + "\r\n";
    v.head += "\r\n";
    return v;
}

std::string refusal(int status, const std::string& reason) {
    const char* text = status == 400   ? "Bad Request"
                       : status == 403 ? "Forbidden"
                       : status == 408 ? "Request Timeout"
                       : status == 411 ? "Length Required"
                       : status == 413 ? "Payload Too Large"
                       : status == 414 ? "URI Too Long"
                       : status == 417 ? "Expectation Failed"
                       : status == 431 ? "Request Header Fields Too Large"
                       : status == 503 ? "Service Unavailable"
                                       : "Error";
    const std::string body = nlohmann::json{{"error", reason}}.dump(
        -1, ' ', false, nlohmann::json::error_handler_t::replace);
    return "HTTP/1.1 " + std::to_string(status) + " " + text +
           "\r\nContent-Type: application/json\r\nCache-Control: no-store\r\n"
           "X-Content-Type-Options: nosniff\r\nConnection: close\r\nContent-Length: " +
           std::to_string(body.size()) + "\r\n\r\n" + body;
}

bool local_host(std::string_view host, int port) {
    using namespace request_gate_detail;
    if (host.empty()) return false;
    std::string_view name = host, given_port;
    const auto colon = host[0] == '[' ? host.find(':', host.find(']')) : host.find(':');
    if (colon != std::string_view::npos) {
        name = host.substr(0, colon);
        given_port = host.substr(colon + 1);
        if (!is_digits(given_port) || given_port.size() > 5 ||
            std::stoi(std::string(given_port)) != port)
            return false;
    }
    return name == "127.0.0.1" || same_name(name, "localhost") || name == "[::1]";
}

std::optional<std::string> cookie_value(std::string_view cookies, std::string_view name) {
    using namespace request_gate_detail;
    while (!cookies.empty()) {
        const auto end = cookies.find(';');
        const std::string_view pair = trim(cookies.substr(0, end));
        cookies.remove_prefix(end == std::string_view::npos ? cookies.size() : end + 1);
        const auto eq = pair.find('=');
        if (eq != std::string_view::npos && pair.substr(0, eq) == name)
            return std::string(pair.substr(eq + 1));
    }
    return std::nullopt;
}

std::optional<std::string> query_value(std::string_view target, std::string_view name) {
    using namespace request_gate_detail;
    const auto q = target.find('?');
    if (q == std::string_view::npos) return std::nullopt;
    std::string_view query = target.substr(q + 1);
    query = query.substr(0, query.find('#'));
    while (!query.empty()) {
        const auto end = query.find('&');
        const std::string_view pair = query.substr(0, end);
        query.remove_prefix(end == std::string_view::npos ? query.size() : end + 1);
        const auto eq = pair.find('=');
        if (percent_decoded(pair.substr(0, eq)) == name)
            return eq == std::string_view::npos ? std::string()
                                                : percent_decoded(pair.substr(eq + 1));
    }
    return std::nullopt;
}

bool same_secret(std::string_view a, std::string_view b) {
    unsigned diff = a.size() == b.size() ? 0u : 1u;
    for (std::size_t i = 0; i < a.size() && i < b.size(); ++i)
        diff |= static_cast<unsigned>(a[i] ^ b[i]);
    return diff == 0;
}

}  // namespace maze::experiments
