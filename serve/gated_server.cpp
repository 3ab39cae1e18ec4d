#include "mazesearch/serve/gated_server.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <string>

namespace maze::experiments {

namespace {

// The address of either end of `socket`.
void address_of(int socket, bool remote, std::string& ip, int& port) {
    sockaddr_storage a{};
    socklen_t len = sizeof a;
    auto* sa = reinterpret_cast<sockaddr*>(&a);
    ip.clear();
    port = 0;
    if ((remote ? ::getpeername(socket, sa, &len) : ::getsockname(socket, sa, &len)) != 0) return;
    char text[INET6_ADDRSTRLEN] = {};
    if (a.ss_family == AF_INET) {
        const auto* v4 = reinterpret_cast<const sockaddr_in*>(&a);
        ::inet_ntop(AF_INET, &v4->sin_addr, text, sizeof text);
        port = ntohs(v4->sin_port);
    } else if (a.ss_family == AF_INET6) {
        const auto* v6 = reinterpret_cast<const sockaddr_in6*>(&a);
        ::inet_ntop(AF_INET6, &v6->sin6_addr, text, sizeof text);
        port = ntohs(v6->sin6_port);
    }
    ip = text;
}

// A request already read whole by the connection loop, and its answer gathered whole for the loop
// to write: what httplib's process_request reads and writes instead of the socket.
class WholeRequest : public httplib::Stream {
  public:
    WholeRequest(int socket, const std::string& request) : socket_(socket), in_(request) {}
    bool is_readable() const override { return at_ < in_.size(); }
    bool is_writable() const override { return true; }
    ssize_t read(char* ptr, size_t size) override {
        const std::size_t n = std::min(size, in_.size() - at_);
        std::memcpy(ptr, in_.data() + at_, n);
        at_ += n;
        return static_cast<ssize_t>(n);
    }
    ssize_t write(const char* ptr, size_t size) override {
        out_.append(ptr, size);
        return static_cast<ssize_t>(size);
    }
    void get_remote_ip_and_port(std::string& ip, int& port) const override {
        address_of(socket_, true, ip, port);
    }
    void get_local_ip_and_port(std::string& ip, int& port) const override {
        address_of(socket_, false, ip, port);
    }
    socket_t socket() const override { return socket_; }
    std::string take_answer() { return std::move(out_); }

  private:
    int socket_;
    const std::string& in_;
    std::size_t at_ = 0;
    std::string out_;
};

// Runs a task where it is given: the accept loop's only task is to hand a connection over.
class RunAtOnce : public httplib::TaskQueue {
  public:
    void enqueue(std::function<void()> fn) override { fn(); }
    void shutdown() override {}
};

}  // namespace

GatedServer::GatedServer() {
    new_task_queue = [] { return new RunAtOnce; };
}

void GatedServer::open_gate(const GateRules& rules, unsigned workers) {
    loop_.emplace(
        rules,
        [this](int socket, const std::string& request, bool last, bool& close) {
            WholeRequest whole(socket, request);
            bool closed = false;
            const bool ok = process_request(whole, last, closed, nullptr);
            close = !ok || closed;
            return whole.take_answer();
        },
        workers);
}

bool GatedServer::process_and_close_socket(socket_t socket) {
    if (loop_) {
        loop_->adopt(socket);
    } else {
        ::close(socket);
    }
    return true;
}

}  // namespace maze::experiments
