#include "mazesearch/serve/connection_loop.hpp"

#include <poll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <utility>  // std::exchange

namespace maze::experiments {

namespace {

// How long a connection that has had its last answer may still send what it had on the way
// before it is closed (closing with unread bytes would reset it, and the answer could be lost).
constexpr auto kLingerSeconds = std::chrono::seconds(2);
constexpr std::size_t kReadChunk = 64 * 1024;

// Sends what the socket takes at once; for short answers on a fresh connection (a refusal,
// "100 Continue"), which the socket's buffer always holds.
void send_now(int socket, const std::string& bytes) {
    (void)::send(socket, bytes.data(), bytes.size(), MSG_DONTWAIT | MSG_NOSIGNAL);
}

}  // namespace

struct ConnectionLoop::Connection {
    enum class Phase { Reading, Working, Writing, Closing, Closed };
    int socket = -1;
    Phase phase = Phase::Reading;
    Clock::time_point deadline;
    bool started = false;             // a byte of the request being read has come
    std::string in;                   // bytes read and not handed on yet
    std::optional<std::size_t> head;  // the head's length, once it is whole and let in
    GateVerdict verdict;
    std::size_t body_reserved = 0;  // its share of kMaxBodyBytes
    std::string request;            // what a worker answers
    std::string out;                // the answer being written
    std::size_t sent = 0;
    bool close_after = false;
    std::size_t served = 0;
};

ConnectionLoop::ConnectionLoop(GateRules rules, Answer answer, unsigned workers)
    : rules_(std::move(rules)), answer_(std::move(answer)) {
    wake_fd_ = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    if (wake_fd_ < 0) throw std::runtime_error("serve: cannot make an eventfd");
    for (unsigned i = 0; i < std::max(1u, workers); ++i)
        workers_.emplace_back([this] { work_loop(); });
    poller_ = std::thread([this] { poll_loop(); });
}

ConnectionLoop::~ConnectionLoop() {
    {
        std::lock_guard<std::mutex> hold(mutex_);
        stopping_ = true;
    }
    work_ready_.notify_all();
    wake();
    poller_.join();
    for (std::thread& t : workers_) t.join();
    for (const auto& c : connections_)
        if (c->phase != Connection::Phase::Closed) ::close(c->socket);
    for (int s : adopted_) ::close(s);
    ::close(wake_fd_);
}

void ConnectionLoop::adopt(int socket) {
    {
        std::lock_guard<std::mutex> hold(mutex_);
        adopted_.push_back(socket);
    }
    wake();
}

void ConnectionLoop::wake() {
    const std::uint64_t one = 1;
    (void)::write(wake_fd_, &one, sizeof one);
}

void ConnectionLoop::work_loop() {
    for (;;) {
        Connection* c = nullptr;
        {
            std::unique_lock<std::mutex> hold(mutex_);
            work_ready_.wait(hold, [&] { return stopping_ || !work_.empty(); });
            if (stopping_) return;
            c = work_.front();
            work_.pop_front();
        }
        bool close = false;
        try {
            const bool last = c->served + 1 >= kMaxRequestsPerConnection;
            c->out = answer_(c->socket, c->request, last, close);
            close = close || last;
        } catch (const std::exception&) {
            c->out = refusal(500, "internal error");
            close = true;
        }
        c->close_after = close;
        {
            std::lock_guard<std::mutex> hold(mutex_);
            done_.push_back(c);
        }
        wake();
    }
}

void ConnectionLoop::poll_loop() {
    std::vector<pollfd> fds;
    for (;;) {
        {
            std::lock_guard<std::mutex> hold(mutex_);
            if (stopping_) return;
        }
        take_new_and_done();
        fds.assign(1, pollfd{wake_fd_, POLLIN, 0});
        auto next = Clock::now() + std::chrono::seconds(1);
        for (const auto& c : connections_) {
            using P = Connection::Phase;
            const short events = c->phase == P::Reading || c->phase == P::Closing ? POLLIN
                                 : c->phase == P::Writing                         ? POLLOUT
                                                                                  : 0;
            // A connection whose answer is being computed is not watched (it is the worker's), nor
            // one closed since the last round (its number may be another's by now).
            const bool watched = c->phase != P::Working && c->phase != P::Closed;
            fds.push_back(pollfd{watched ? c->socket : -1, events, 0});
            if (watched) next = std::min(next, c->deadline);
        }
        const auto wait = std::chrono::ceil<std::chrono::milliseconds>(next - Clock::now());
        ::poll(fds.data(), fds.size(), static_cast<int>(std::max<long long>(0, wait.count())));
        if (fds[0].revents & POLLIN) {
            std::uint64_t count = 0;
            (void)::read(wake_fd_, &count, sizeof count);
        }
        for (std::size_t i = 1; i < fds.size(); ++i) {
            Connection& c = *connections_[i - 1];
            using P = Connection::Phase;
            try {
                if (fds[i].revents && (c.phase == P::Reading || c.phase == P::Closing))
                    on_readable(c);
                else if (fds[i].revents && c.phase == P::Writing)
                    on_writable(c);
                if (c.phase == P::Reading && Clock::now() >= c.deadline && c.started)
                    answer_with(c, refusal(408, "the request did not come whole in time"), true);
                else if (c.phase != P::Working && c.phase != P::Closed &&
                         Clock::now() >= c.deadline)
                    close(c);
            } catch (const std::exception&) {
                close(c);
            }
        }
        std::erase_if(connections_,
                      [](const auto& c) { return c->phase == Connection::Phase::Closed; });
    }
}

void ConnectionLoop::take_new_and_done() {
    std::vector<int> fresh;
    std::deque<Connection*> finished;
    {
        std::lock_guard<std::mutex> hold(mutex_);
        fresh.swap(adopted_);
        finished.swap(done_);
    }
    for (Connection* c : finished) {
        body_bytes_ -= std::exchange(c->body_reserved, 0);
        std::string().swap(c->request);
        std::string answer = std::move(c->out);
        try {
            answer_with(*c, std::move(answer), c->close_after);
        } catch (const std::exception&) {
            close(*c);  // out of memory for the next request's head: this connection ends
        }
    }
    for (int s : fresh) {
        if (connections_.size() >= kMaxConnections) {
            send_now(s, refusal(503, "too many connections at once; try again"));
            ::close(s);
            continue;
        }
        auto c = std::make_unique<Connection>();
        c->socket = s;
        c->deadline = Clock::now() + kIdleSeconds;
        connections_.push_back(std::move(c));
    }
}

void ConnectionLoop::on_readable(Connection& c) {
    char buf[kReadChunk];
    std::size_t room = sizeof buf;
    if (c.phase == Connection::Phase::Reading)
        room = std::min(room, c.head ? *c.head + c.verdict.body_bytes - c.in.size()
                                     : kMaxHeadBytes + 1 - std::min(c.in.size(), kMaxHeadBytes));
    if (room == 0) return;
    const ssize_t n = ::recv(c.socket, buf, room, MSG_DONTWAIT);
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) return;
    if (n <= 0) return close(c);
    if (c.phase == Connection::Phase::Closing) return;  // what it had on the way: dropped
    c.in.append(buf, static_cast<std::size_t>(n));
    if (!c.started) {
        c.started = true;
        c.deadline = Clock::now() + kRequestSeconds;
    }
    advance(c);
}

void ConnectionLoop::advance(Connection& c) {
    if (!c.head) {
        const std::optional<std::size_t> n = head_length(c.in);
        if (!n || *n > kMaxHeadBytes) {
            if (c.in.size() > kMaxHeadBytes)
                answer_with(c, refusal(431, "the request's head is longer than 16 KiB"), true);
            return;
        }
        c.verdict = judge_head(std::string_view(c.in).substr(0, *n), rules_);
        if (c.verdict.status)
            return answer_with(c, refusal(c.verdict.status, c.verdict.reason), true);
        if (c.verdict.body_bytes > kMaxBodyBytes - body_bytes_)
            return answer_with(c, refusal(503, "too many bodies at once; try again"), true);
        body_bytes_ += c.body_reserved = c.verdict.body_bytes;
        c.head = *n;
        if (c.verdict.expect_continue && c.in.size() < *n + c.verdict.body_bytes)
            send_now(c.socket, "HTTP/1.1 100 Continue\r\n\r\n");
    }
    const std::size_t whole = *c.head + c.verdict.body_bytes;
    if (c.in.size() < whole) return;
    c.request = std::move(c.verdict.head);
    c.request.append(c.in, *c.head, c.verdict.body_bytes);
    c.in.erase(0, whole);
    c.phase = Connection::Phase::Working;
    {
        std::lock_guard<std::mutex> hold(mutex_);
        work_.push_back(&c);
    }
    work_ready_.notify_one();
}

void ConnectionLoop::answer_with(Connection& c, std::string bytes, bool close) {
    c.out = std::move(bytes);
    c.sent = 0;
    c.close_after = close;
    c.phase = Connection::Phase::Writing;
    c.deadline = Clock::now() + kAnswerSeconds;
    on_writable(c);
}

void ConnectionLoop::on_writable(Connection& c) {
    while (c.sent < c.out.size()) {
        const ssize_t n = ::send(c.socket, c.out.data() + c.sent, c.out.size() - c.sent,
                                 MSG_DONTWAIT | MSG_NOSIGNAL);
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) return;
        if (n <= 0) return close(c);
        c.sent += static_cast<std::size_t>(n);
    }
    std::string().swap(c.out);
    if (!c.close_after) return wait_for_next(c);
    ::shutdown(c.socket, SHUT_WR);
    c.phase = Connection::Phase::Closing;
    c.deadline = Clock::now() + kLingerSeconds;
    std::string().swap(c.in);
}

void ConnectionLoop::wait_for_next(Connection& c) {
    ++c.served;
    c.head.reset();
    c.phase = Connection::Phase::Reading;
    c.started = !c.in.empty();  // a request sent before the answer came (pipelined)
    c.deadline = Clock::now() + (c.started ? kRequestSeconds : kIdleSeconds);
    if (c.started) advance(c);
}

void ConnectionLoop::close(Connection& c) {
    if (c.phase == Connection::Phase::Closed) return;
    body_bytes_ -= std::exchange(c.body_reserved, 0);
    ::close(c.socket);
    c.phase = Connection::Phase::Closed;
}

}  // namespace maze::experiments
