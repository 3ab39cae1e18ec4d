// Another rank's side of a distributed enumeration (enumerate_mpi.cpp): the courier that trades
// finished results for new subtrees with rank 0 and keeps a few queued for this rank's workers;
// and the messages of the hand-out. Internal to the command.
#pragma once

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

#include "mazesearch/engine/worker_team.hpp"
#include "mazesearch/experiments/cluster/world.hpp"
#include "mazesearch/experiments/enumeration/enumerate_mpi.hpp"
#include "mazesearch/experiments/interrupt.hpp"

namespace maze::experiments {

namespace hand_out {

using Clock = std::chrono::steady_clock;

inline double seconds_since(Clock::time_point t) {
    return std::chrono::duration<double>(Clock::now() - t).count();
}

// Messages: a rank's report (finished subtrees' results, how many more it wants, whether it
// leaves) to rank 0, and rank 0's answer (subtrees, or "end": nothing left, or "stop": the job
// is being interrupted).
constexpr int kTagReport = 11;
constexpr int kTagWork = 12;

}  // namespace hand_out

// Another rank's courier: trades finished results for new subtrees with rank 0 and keeps a few
// subtrees queued for this rank's workers. The queue, the batch and the counts are used under m_.
class Courier {
  public:
    Courier(const DistributedEnumeration& job, World& w)
        : job_(job),
          w_(w),
          // Subtrees kept queued: at least two per thread, and enough for about a quarter of a
          // second of work at the rate seen so far (small subtrees take well under a millisecond
          // each, a round trip to rank 0 about as long: one at a time would leave the workers
          // waiting).
          least_(
              static_cast<std::size_t>(std::max(2, 2 * WorkerTeam::resolve(job.options.threads)))),
          target_(least_),
          started_(hand_out::Clock::now()) {}

    // The courier's thread.
    void run() {
        auto last_report = hand_out::Clock::now();
        for (;;) {
            nlohmann::json report;
            bool leaving = false;
            if (!next_report(report, leaving, last_report)) continue;
            w_.send(0, hand_out::kTagReport, report.dump());
            const nlohmann::json answer = nlohmann::json::parse(w_.receive(0, hand_out::kTagWork));
            last_report = hand_out::Clock::now();
            if (leaving) break;
            std::lock_guard<std::mutex> lock(m_);
            if (answer.contains("subtrees"))
                for (const nlohmann::json& i : answer["subtrees"])
                    items_.push_back(i.get<std::size_t>());
            if (answer.value("end", false)) no_more_ = true;
            if (answer.value("stop", false)) halt();
            changed_.notify_all();
        }
    }

    // The workers' next subtree (waiting for one), none when there are no more.
    std::optional<std::size_t> next() {
        std::unique_lock<std::mutex> lock(m_);
        changed_.wait(lock, [&] { return !items_.empty() || no_more_; });
        if (items_.empty()) return std::nullopt;
        const std::size_t i = items_.front();
        items_.pop_front();
        ++in_flight_;
        // The courier sleeps until the queue runs low (a wake-up per subtree would cost more
        // than small subtrees take).
        if (items_.size() < std::max<std::size_t>(1, target_ / 2)) changed_.notify_all();
        return i;
    }

    // A worker's finished subtree, added to the next report.
    void finished(std::size_t i, EnumerationResult&& r) {
        std::lock_guard<std::mutex> lock(m_);
        if (batch_.empty())
            batch_result_ = std::move(r);
        else
            batch_result_.merge(r, job_.options.board_cap);
        batch_.push_back(i);
        ++done_here_;
        --in_flight_;
        if (no_more_ && in_flight_ == 0) changed_.notify_all();  // the courier may leave
    }

    // No more work: the queue dropped, the workers and the courier told; with `workers_gone`
    // (their enumeration ended) nothing is in flight either.
    void stop(bool workers_gone) {
        std::lock_guard<std::mutex> lock(m_);
        halt();
        if (workers_gone) in_flight_ = 0;
    }
    bool stopped() const { return stopped_; }  // once every thread has ended

  private:
    void halt() {
        items_.clear();
        no_more_ = stopped_ = true;
        changed_.notify_all();
    }

    // The report to send now (false: none yet, after a short wait): the subtrees finished since
    // the last one and their results added up (one result per report: rank 0 then reads one
    // JSON object, not one per subtree), how many more are wanted, and whether this rank leaves.
    bool next_report(nlohmann::json& report, bool& leaving,
                     hand_out::Clock::time_point last_report) {
        std::unique_lock<std::mutex> lock(m_);
        if (InterruptGuard::requested().load() && !stopped_) halt();
        leaving = no_more_ && items_.empty() && in_flight_ == 0;
        const double elapsed = hand_out::seconds_since(started_);
        if (elapsed > 0.05)
            target_ = std::clamp<std::size_t>(
                static_cast<std::size_t>(static_cast<double>(done_here_) / elapsed * 0.25), least_,
                1 << 16);
        const std::size_t want = no_more_ ? 0 : target_ - std::min(target_, items_.size());
        const bool due = !batch_.empty() && hand_out::seconds_since(last_report) >= 1.0;
        if (!leaving && want < std::max<std::size_t>(1, target_ / 2) && !due) {
            changed_.wait_for(lock, std::chrono::milliseconds(20));
            return false;
        }
        report["subtrees"] = batch_;
        report["result"] = batch_.empty() ? nlohmann::json() : batch_result_.to_json();
        batch_.clear();
        report["want"] = want;
        report["leaving"] = leaving;
        return true;
    }

    const DistributedEnumeration& job_;
    World& w_;
    const std::size_t least_;
    std::size_t target_;
    std::size_t done_here_ = 0;
    const hand_out::Clock::time_point started_;
    std::mutex m_;
    std::condition_variable changed_;
    std::deque<std::size_t> items_;
    std::vector<std::size_t> batch_;  // finished since the last report
    EnumerationResult batch_result_;  // their results added up
    int in_flight_ = 0;
    bool no_more_ = false, stopped_ = false;
};

}  // namespace maze::experiments
