#include "mazesearch/experiments/interrupt.hpp"

#include <csignal>

namespace maze::experiments {

namespace {

std::atomic<bool> g_requested{false};

extern "C" void on_interrupt(int) {
    g_requested.store(true);
}

}  // namespace

InterruptGuard::InterruptGuard() {
    g_requested.store(false);
    old_int_ = std::signal(SIGINT, on_interrupt);
    old_term_ = std::signal(SIGTERM, on_interrupt);
}

InterruptGuard::~InterruptGuard() {
    std::signal(SIGINT, old_int_);
    std::signal(SIGTERM, old_term_);
}

const std::atomic<bool>& InterruptGuard::requested() {
    return g_requested;
}

}  // namespace maze::experiments
