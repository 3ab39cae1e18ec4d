#include "mazesearch/serve/web_server.hpp"

#include <httplib.h>
#include <sys/socket.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <random>
#include <thread>

#include "mazesearch/experiments/config.hpp"
#include "mazesearch/experiments/diagnostics.hpp"
#include "mazesearch/experiments/interrupt.hpp"
#include "mazesearch/serve/gated_server.hpp"
#include "mazesearch/serve/request_gate.hpp"
#include "mazesearch/serve/run_files.hpp"  // relative_to_root
#include "mazesearch/serve/served_folder.hpp"
#include "mazesearch/serve/served_models.hpp"
#include "mazesearch/serve/walk_answer.hpp"
#include "mazesearch/serve/web_assets.hpp"

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
// else (a file changing under the read; named relative to the served folder): never a crash.
template <class F>
void answer(httplib::Response& res, const ServedFolder& folder, F&& f) {
    try {
        send_json(res, f());
    } catch (const RequestError& e) {
        send_error(res, e.status(), e.what());
    } catch (const std::exception& e) {
        send_error(res, 500,
                   "could not read it (try again): " + relative_to_root(folder.root(), e.what()));
    }
}

std::string param(const httplib::Request& req, const std::string& key, bool required = true) {
    if (req.has_param(key.c_str())) return req.get_param_value(key.c_str());
    if (required) throw RequestError(400, "missing query parameter " + key);
    return "";
}

// The row number of /api/logbook's `from` (0 when not given): digits only, and few enough of
// them to be a row (strtoull took " -1" and "+5", and wrapped the one and cut a longer number
// to the largest).
std::size_t row_number(const std::string& from) {
    if (from.empty()) return 0;
    if (from.size() > 15 ||
        !std::all_of(from.begin(), from.end(), [](char c) { return c >= '0' && c <= '9'; }))
        throw RequestError(400, "from: expected a row number");
    return static_cast<std::size_t>(std::stoull(from));
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
        answer(res, folder, [&] { return folder.runs(); });
    });
    svr.Get("/api/run", [&folder](const httplib::Request& req, httplib::Response& res) {
        answer(res, folder, [&] { return folder.run(param(req, "path")); });
    });
    svr.Get("/api/logbook", [&folder](const httplib::Request& req, httplib::Response& res) {
        answer(res, folder, [&] {
            const std::string repeat = param(req, "repeat", false);
            return folder.logbook(param(req, "path"), repeat.empty() ? "." : repeat,
                                  row_number(param(req, "from", false)));
        });
    });
    svr.Get("/api/sweep", [&folder](const httplib::Request& req, httplib::Response& res) {
        answer(res, folder, [&] { return folder.sweep(param(req, "path")); });
    });
    svr.Get("/api/boards", [&folder](const httplib::Request&, httplib::Response& res) {
        answer(res, folder, [&] { return folder.boards(); });
    });
    svr.Get("/api/board", [&folder](const httplib::Request& req, httplib::Response& res) {
        answer(res, folder, [&] { return folder.board(param(req, "path")); });
    });
    svr.Get("/api/models", [&folder](const httplib::Request&, httplib::Response& res) {
        answer(res, folder, [] { return served_models_json(); });
    });
    svr.Post("/api/walk", [&folder](const httplib::Request& req, httplib::Response& res) {
        answer(res, folder, [&] {
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
    GatedServer svr;
    svr.set_payload_max_length(kMaxRequestBytes);
    // An answer's head and body go out as separate writes: without TCP_NODELAY, Nagle's rule
    // held the body until the client's delayed acknowledgement, about 25 ms a request
    // (benchmarks/bench_serve.py: 150 requests a second on 4 keep-alive connections).
    svr.set_tcp_nodelay(true);
    // httplib's default sets SO_REUSEPORT, with which a second server bound the same port and the
    // two shared the requests; SO_REUSEADDR alone lets a restart bind at once and no more.
    svr.set_socket_options([](socket_t s) {
        const int yes = 1;
        ::setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    });
    svr.set_pre_routing_handler([](const httplib::Request&, httplib::Response& res) {
        res.set_header("X-Content-Type-Options", "nosniff");
        res.set_header("Referrer-Policy", "no-referrer");
        res.set_header("Content-Security-Policy", "default-src 'self'; img-src 'self' data:");
        return httplib::Server::HandlerResponse::Unhandled;
    });
    add_routes(svr, folder, o);
    svr.set_error_handler([](const httplib::Request&, httplib::Response& res) {
        if (res.body.empty()) send_error(res, res.status, "no such page or call");
    });
    svr.set_exception_handler([](const httplib::Request&, httplib::Response& res,
                                 std::exception_ptr) { send_error(res, 500, "internal error"); });
    errno = 0;
    const int port = o.port == 0 ? svr.bind_to_any_port(o.host) : o.port;
    if (port < 0 || (o.port != 0 && !svr.bind_to_port(o.host, o.port))) {
        if (errno == EADDRINUSE)
            diag().error(
                "serve: port {} is in use (another server?); try --port 0 for any free port",
                o.port);
        else
            diag().error("serve: cannot listen on {}:{} (not an address of this machine?)", o.host,
                         o.port);
        return 2;
    }
    svr.open_gate(GateRules{port, o.token, kMaxRequestBytes},
                  std::max(4u, std::thread::hardware_concurrency()));
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
    svr.close_gate();
    return 0;
}

}  // namespace maze::experiments
