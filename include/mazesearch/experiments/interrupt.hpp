// Ctrl-C (SIGINT) and SIGTERM as a request to stop at the next safe point: a long command
// (a run, an enumeration) installs an InterruptGuard for its lifetime, polls requested() between
// steps, writes its checkpoint and exits with status 130.
#pragma once

#include <atomic>

namespace maze::experiments {

class InterruptGuard {
  public:
    // Clears any earlier request and catches SIGINT and SIGTERM until destroyed.
    InterruptGuard();
    ~InterruptGuard();
    InterruptGuard(const InterruptGuard&) = delete;
    InterruptGuard& operator=(const InterruptGuard&) = delete;

    // The flag the handlers set (true once a signal arrived).
    static const std::atomic<bool>& requested();

  private:
    void (*old_int_)(int);
    void (*old_term_)(int);
};

}  // namespace maze::experiments
