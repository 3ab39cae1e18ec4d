#include "mazesearch/experiments/serve/web_server.hpp"

#include <httplib.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <random>
#include <thread>

#include "mazesearch/experiments/config.hpp"
#include "mazesearch/experiments/diagnostics.hpp"
#include "mazesearch/experiments/interrupt.hpp"
#include "mazesearch/experiments/serve/served_folder.hpp"
#include "mazesearch/experiments/serve/walk_answer.hpp"
#include "mazesearch/experiments/serve/web_assets.hpp"

namespace maze::experiments {

namespace {

using nlohmann::json;

constexpr std::size_t kMaxRequestBytes = std::size_t{2} << 20;
constexpr const char* kDebianChartJs = "/usr/share/javascript/chart.js/chart.min.js";

// 32 hexadecimal digits from the system's random device.
std::string make_token() {
    std::random_device rd;
    std::string t;
    for (int i = 0; i < 4; ++i) {
        char part[16];
        std::snprintf(part, sizeof part, "%08x", rd());
        t += part;
    }
    return t;
}

// Compares without stopping at the first difference, so that the time taken says nothing of
// how much of a guess was right.
bool same_secret(const std::string& a, const std::string& b) {
    unsigned diff = a.size() == b.size() ? 0u : 1u;
    for (std::size_t i = 0; i < a.size() && i < b.size(); ++i)
        diff |= static_cast<unsigned>(a[i] ^ b[i]);
    return diff == 0;
}

std::string cookie_token(const httplib::Request& req) {
    const std::string cookies = req.get_header_value("Cookie");
    const std::string key = "mazesearch_token=";
    const auto at = cookies.find(key);
    if (at == std::string::npos) return "";
    const auto end = cookies.find(';', at);
    return cookies.substr(at + key.size(), end == std::string::npos ? end : end - at - key.size());
}

void send_json(httplib::Response& res, const json& body, int status = 200) {
    res.status = status;
    res.set_header("Cache-Control", "no-store");
    res.set_content(body.dump(-1, ' ', false, json::error_handler_t::replace), "application/json");
}

void send_error(httplib::Response& res, int status, const std::string& why) {
    send_json(res, {{"error", why}}, status);
}

// A static file of the page: built in, or Chart.js from Debian's package when it was not there
// at build time.
std::optional<std::string> static_file(const std::string& name) {
    if (const auto f = embedded_file(name)) return std::string(*f);
    if (name == "chart.js") {
        std::ifstream in(kDebianChartJs, std::ios::binary);
        if (in) return std::string((std::istreambuf_iterator<char>(in)), {});
    }
    return std::nullopt;
}

std::string mime_of(const std::string& name) {
    if (name.ends_with(".js")) return "text/javascript; charset=utf-8";
    if (name.ends_with(".css")) return "text/css; charset=utf-8";
    return "text/html; charset=utf-8";
}

// Runs an API handler: its JSON, or the RequestError's status and reason, or 500 for anything
// else (a file changing under the read): never a crash.
template <class F>
void answer(httplib::Response& res, F&& f) {
    try {
        send_json(res, f());
    } catch (const RequestError& e) {
        send_error(res, e.status(), e.what());
    } catch (const std::exception& e) {
        send_error(res, 500, std::string("could not read it (try again): ") + e.what());
    }
}

std::string param(const httplib::Request& req, const std::string& key, bool required = true) {
    if (req.has_param(key.c_str())) return req.get_param_value(key.c_str());
    if (required) throw RequestError(400, "missing query parameter " + key);
    return "";
}

// Who may ask: with a token, only requests that carry it (in the query or the page's cookie);
// without one (127.0.0.1), only requests addressed to this machine by name, so that a web page
// elsewhere cannot reach the server through a name of its own that points here.
bool allowed(const httplib::Request& req, const ServeOptions& o, httplib::Response& res) {
    if (!o.token.empty()) {
        const std::string given =
            req.has_param("token") ? req.get_param_value("token") : cookie_token(req);
        if (same_secret(given, o.token)) return true;
        send_error(res, 403, "a token is needed: open the URL that `mazesearch serve` printed");
        return false;
    }
    std::string host = req.get_header_value("Host");
    if (const auto colon = host.rfind(':'); colon != std::string::npos && host.back() != ']')
        host.resize(colon);
    if (host == "127.0.0.1" || host == "localhost" || host == "[::1]" || host.empty()) return true;
    send_error(res, 403, "this server answers only requests addressed to 127.0.0.1 or localhost");
    return false;
}

void add_routes(httplib::Server& svr, ServedFolder& folder, const ServeOptions& o) {
    svr.Get("/", [&o](const httplib::Request& req, httplib::Response& res) {
        const auto page = static_file("index.html");
        if (!page) return send_error(res, 500, "the page is not built into this binary");
        if (!o.token.empty() && req.has_param("token"))
            res.set_header("Set-Cookie",
                           "mazesearch_token=" + o.token + "; Path=/; HttpOnly; SameSite=Strict");
        res.set_header("Cache-Control", "no-store");
        res.set_content(*page, mime_of("index.html"));
    });
    svr.Get(R"(/static/([a-z0-9.]+))", [](const httplib::Request& req, httplib::Response& res) {
        const std::string name = req.matches[1];
        const auto file = static_file(name);
        if (!file) return send_error(res, 404, "no such file: " + name);
        res.set_content(*file, mime_of(name));
    });
    svr.Get("/api/runs", [&folder](const httplib::Request&, httplib::Response& res) {
        answer(res, [&] { return folder.runs(); });
    });
    svr.Get("/api/run", [&folder](const httplib::Request& req, httplib::Response& res) {
        answer(res, [&] { return folder.run(param(req, "path")); });
    });
    svr.Get("/api/logbook", [&folder](const httplib::Request& req, httplib::Response& res) {
        answer(res, [&] {
            const std::string from = param(req, "from", false);
            char* end = nullptr;
            const unsigned long long k = from.empty() ? 0 : std::strtoull(from.c_str(), &end, 10);
            if (!from.empty() && (*end || from[0] == '-'))
                throw RequestError(400, "from: expected a row number");
            const std::string repeat = param(req, "repeat", false);
            return folder.logbook(param(req, "path"), repeat.empty() ? "." : repeat,
                                  static_cast<std::size_t>(k));
        });
    });
    svr.Get("/api/sweep", [&folder](const httplib::Request& req, httplib::Response& res) {
        answer(res, [&] { return folder.sweep(param(req, "path")); });
    });
    svr.Get("/api/boards", [&folder](const httplib::Request&, httplib::Response& res) {
        answer(res, [&] { return folder.boards(); });
    });
    svr.Get("/api/board", [&folder](const httplib::Request& req, httplib::Response& res) {
        answer(res, [&] { return folder.board(param(req, "path")); });
    });
    svr.Post("/api/walk", [](const httplib::Request& req, httplib::Response& res) {
        answer(res, [&] {
            json body;
            try {
                body = json::parse(req.body);
            } catch (const json::exception& e) {
                throw RequestError(400, std::string("expected JSON: ") + e.what());
            }
            return walk_answer(body, "the board");
        });
    });
}

}  // namespace

bool serve_available() {
    return true;
}

int serve(ServeOptions o) {
    ServedFolder folder(o.folder);
    const bool local = o.host == "127.0.0.1" || o.host == "localhost" || o.host == "::1";
    if (!local && o.token.empty()) o.token = make_token();
    httplib::Server svr;
    svr.set_read_timeout(10, 0);
    svr.set_write_timeout(10, 0);
    svr.set_payload_max_length(kMaxRequestBytes);
    // An answer's head and body go out as separate writes: without TCP_NODELAY, Nagle's rule
    // held the body until the client's delayed acknowledgement, about 25 ms a request
    // (experiments/bench_serve.py: 150 requests a second on 4 keep-alive connections).
    svr.set_tcp_nodelay(true);
    svr.set_pre_routing_handler([&o](const httplib::Request& req, httplib::Response& res) {
        res.set_header("X-Content-Type-Options", "nosniff");
        res.set_header("Referrer-Policy", "no-referrer");
        res.set_header("Content-Security-Policy", "default-src 'self'; img-src 'self' data:");
        return allowed(req, o, res) ? httplib::Server::HandlerResponse::Unhandled
                                    : httplib::Server::HandlerResponse::Handled;
    });
    add_routes(svr, folder, o);
    svr.set_error_handler([](const httplib::Request&, httplib::Response& res) {
        if (res.body.empty()) send_error(res, res.status, "no such page or call");
    });
    svr.set_exception_handler([](const httplib::Request&, httplib::Response& res,
                                 std::exception_ptr) { send_error(res, 500, "internal error"); });
    const int port = o.port == 0 ? svr.bind_to_any_port(o.host) : o.port;
    if (port < 0 || (o.port != 0 && !svr.bind_to_port(o.host, o.port))) {
        diag().error(
            "serve: cannot listen on {}:{} (in use, or not an address of this machine); "
            "try --port 0 for any free port",
            o.host, o.port);
        return 2;
    }
    const std::string shown = o.host.find(':') != std::string::npos ? "[" + o.host + "]" : o.host;
    std::printf("mazesearch serve: http://%s:%d/%s\n", shown.c_str(), port,
                o.token.empty() ? "" : ("?token=" + o.token).c_str());
    std::fflush(stdout);
    diag().info("serve: showing the runs and sweeps under {}; Ctrl-C stops",
                folder.root().string());
    // Ctrl-C and SIGTERM stop the server from a thread of its own (stop() is not for a signal
    // handler).
    InterruptGuard guard;
    std::atomic<bool> done{false};
    std::thread watcher([&] {
        while (!guard.requested() && !done)
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        svr.stop();
    });
    svr.listen_after_bind();
    done = true;
    watcher.join();
    return 0;
}

}  // namespace maze::experiments
