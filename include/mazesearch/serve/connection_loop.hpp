// The connections of `mazesearch serve`, kept apart from the threads that compute answers. One
// thread waits on every connection at once (poll): it reads each request whole, its head through
// the gate (request_gate.hpp) and then its body, and writes each answer, without ever waiting on
// one client. Only a whole request that the gate let in goes to a worker, which computes the
// answer and never reads or writes the socket. So a client that sends slowly or not at all, or
// takes its answer slowly, holds no worker, and the others are answered beside it.
//
// Bounds: a connection is closed after kIdleSeconds without a request; a request must be whole
// within kRequestSeconds of its first byte (else 408), an answer taken within kAnswerSeconds; at
// most kMaxConnections are open at once (another is answered 503 and closed), and the bodies
// waiting for their answers hold at most kMaxBodyBytes all told (else 503).
#pragma once

#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "mazesearch/serve/request_gate.hpp"

namespace maze::experiments {

inline constexpr auto kIdleSeconds = std::chrono::seconds(5);
inline constexpr auto kRequestSeconds = std::chrono::seconds(10);
inline constexpr auto kAnswerSeconds = std::chrono::seconds(10);
inline constexpr std::size_t kMaxConnections = 256;
inline constexpr std::size_t kMaxRequestsPerConnection = 100;
inline constexpr std::size_t kMaxBodyBytes = std::size_t{64} << 20;

class ConnectionLoop {
  public:
    // The whole answer (status line, headers, body) to the whole request `request` (its head as
    // the gate handed it on, then its body) that came on `socket` (for its addresses only);
    // `last`: the connection closes after it. Sets `close` when it is to close after this one.
    using Answer =
        std::function<std::string(int socket, const std::string& request, bool last, bool& close)>;

    ConnectionLoop(GateRules rules, Answer answer, unsigned workers);
    ~ConnectionLoop();  // closes every connection, after the answers being computed
    ConnectionLoop(const ConnectionLoop&) = delete;
    ConnectionLoop& operator=(const ConnectionLoop&) = delete;

    // Takes a connection the server accepted (from the thread that accepts).
    void adopt(int socket);

  private:
    struct Connection;
    using Clock = std::chrono::steady_clock;

    void poll_loop();
    void work_loop();
    void take_new_and_done();
    void on_readable(Connection& c);
    void on_writable(Connection& c);
    void advance(Connection& c);
    void answer_with(Connection& c, std::string bytes, bool close);
    void wait_for_next(Connection& c);
    void close(Connection& c);
    void wake();

    GateRules rules_;
    Answer answer_;
    int wake_fd_ = -1;
    bool stopping_ = false;  // guarded by mutex_
    std::mutex mutex_;
    std::condition_variable work_ready_;
    std::vector<int> adopted_;             // guarded by mutex_
    std::deque<Connection*> work_, done_;  // guarded by mutex_
    // Only the poll thread touches these.
    std::vector<std::unique_ptr<Connection>> connections_;
    std::size_t body_bytes_ = 0;
    std::vector<std::thread> workers_;
    std::thread poller_;
};

}  // namespace maze::experiments
