// Rank 0's book of a distributed enumeration (enumerate_mpi.cpp): the subtrees not handed out
// yet, largest expected first, those each rank holds, the result so far and the done marks, the
// journal, and the time to go. Internal to the command.
#pragma once

#include <algorithm>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "mazesearch/experiments/enumeration/enumerate_mpi.hpp"

namespace maze::experiments {

// Rank 0's book of the work: the subtrees not handed out yet (largest expected first), those
// each rank holds, the result so far and the done marks. Every member is used under `m`.
class Master {
  public:
    Master(DistributedEnumeration& job, std::vector<std::size_t> order, std::vector<double> cost,
           int ranks)
        : job_(job),
          queue_(order.begin(), order.end()),
          cost_(std::move(cost)),
          held_(static_cast<std::size_t>(ranks)) {
        for (std::size_t i : order) cost_all_ += cost_[i];
        mine_ = order.size();
    }

    // Rank 0's own workers: the next subtree; waits while others hold subtrees that may come back
    // (a rank that leaves early returns its own); none when everything is handed out or stopping.
    std::optional<std::size_t> take_local() {
        std::unique_lock<std::mutex> lock(m);
        for (;;) {
            if (stopping_) return std::nullopt;
            if (!queue_.empty()) {
                const std::size_t i = queue_.front();
                queue_.pop_front();
                held_[0].insert(i);
                return i;
            }
            if (!held_elsewhere()) return std::nullopt;
            changed_.wait_for(lock, std::chrono::milliseconds(100));
        }
    }

    // Finished subtrees (from any rank) and their result together: added to the result and
    // marked done, in one step, so that a checkpoint never holds one without the other.
    void finish(int rank, const std::vector<std::size_t>& subtrees, const EnumerationResult& r) {
        std::lock_guard<std::mutex> lock(m);
        std::set<std::size_t>& held = held_[static_cast<std::size_t>(rank)];
        for (std::size_t i : subtrees)
            if (i >= job_.done->size() || !held.count(i))
                throw std::runtime_error("rank " + std::to_string(rank) + " reported subtree " +
                                         std::to_string(i) + ", which it was not given");
        for (std::size_t i : subtrees) {
            held.erase(i);
            (*job_.done)[i] = 1;
            ++finished_;
        }
        job_.total->merge(r, job_.options.board_cap);
        steps_done_ += static_cast<double>(r.steps);
        double expected = 0;
        for (std::size_t i : subtrees) expected += cost_[i];
        cost_done_ += expected;
        recent_.push_back({subtrees.size(), expected, static_cast<double>(r.steps)});
        recent_count_ += subtrees.size();
        recent_cost_ += expected;
        recent_steps_ += static_cast<double>(r.steps);
        const std::size_t window = std::max<std::size_t>(64, finished_ / 20);
        while (recent_.size() > 1 && recent_count_ - recent_.front().count >= window) {
            recent_count_ -= recent_.front().count;
            recent_cost_ -= recent_.front().expected;
            recent_steps_ -= recent_.front().steps;
            recent_.pop_front();
        }
        if (journal_) {
            if (pending_ids_.empty())
                pending_ = r;
            else
                pending_.merge(r, job_.options.board_cap);
            pending_ids_.insert(pending_ids_.end(), subtrees.begin(), subtrees.end());
        }
        changed_.notify_all();
    }

    // Appends what finished since the last line to the journal (under m).
    void write_journal() {
        if (!journal_ || pending_ids_.empty()) return;
        nlohmann::json line;
        line["subtrees"] = pending_ids_;
        line["result"] = pending_.to_json();
        const std::string text = line.dump() + "\n";
        // fflush hands the line to the system: it survives this process being killed.
        if (std::fwrite(text.data(), 1, text.size(), journal_) != text.size() ||
            std::fflush(journal_) != 0)
            throw std::runtime_error(job_.journal + ": cannot append to the journal");
        pending_ids_.clear();
    }
    // The progress file (under m): it holds everything, the journal is emptied.
    void checkpoint() {
        if (job_.save_progress) job_.save_progress();
        pending_ids_.clear();
    }
    void open_journal() {
        if (job_.journal.empty()) return;
        journal_ = std::fopen(job_.journal.c_str(), "ae");
        if (!journal_) throw std::runtime_error(job_.journal + ": cannot open the journal");
    }
    ~Master() {
        if (journal_) std::fclose(journal_);
    }
    Master(const Master&) = delete;
    Master& operator=(const Master&) = delete;

    // Up to `want` subtrees for `rank`.
    std::vector<std::size_t> hand_out(int rank, std::size_t want) {
        std::lock_guard<std::mutex> lock(m);
        std::vector<std::size_t> out;
        while (!stopping_ && out.size() < want && !queue_.empty()) {
            out.push_back(queue_.front());
            held_[static_cast<std::size_t>(rank)].insert(queue_.front());
            queue_.pop_front();
        }
        return out;
    }

    // A rank that leaves: what it still held goes back to the front of the queue.
    void leave(int rank) {
        std::lock_guard<std::mutex> lock(m);
        std::set<std::size_t>& h = held_[static_cast<std::size_t>(rank)];
        for (auto it = h.rbegin(); it != h.rend(); ++it) queue_.push_front(*it);
        h.clear();
        changed_.notify_all();
    }

    bool nothing_left() {
        std::lock_guard<std::mutex> lock(m);
        return queue_.empty();
    }
    void stop() {
        std::lock_guard<std::mutex> lock(m);
        stopping_ = true;
        changed_.notify_all();
    }
    bool stopping() {
        std::lock_guard<std::mutex> lock(m);
        return stopping_;
    }
    bool complete() {
        std::lock_guard<std::mutex> lock(m);
        return finished_ == mine_;
    }
    // Subtrees finished this session, of this session's; the share of the expected work done.
    std::size_t finished() {
        std::lock_guard<std::mutex> lock(m);
        return finished_;
    }
    std::size_t mine() const { return mine_; }
    // The moves simulated so far over the expected total. The expected total is the sum of the
    // subtrees' estimates, or, once the subtrees finished lately took more than their estimates,
    // the moves simulated plus the estimates of the subtrees left scaled by that ratio: a few
    // probes per subtree mostly underestimate it (the cost below a node is heavy-tailed), and
    // more so for the small subtrees at the end of the largest-first order, so the plain sum ran
    // out a third of the way before the end of a 7x7 job. (Not the estimates of the subtrees
    // done over the sum: the largest estimates go first, and a few probes overestimate some
    // subtrees wildly, so that made the start look much further on than it is.) Without
    // estimates (the passage tree), the share of subtrees done.
    double share_done() {
        std::lock_guard<std::mutex> lock(m);
        if (!estimated_) return static_cast<double>(finished_) / std::max<double>(1, mine_);
        if (finished_ == mine_) return 1;
        double total = cost_all_;
        if (recent_cost_ > 0)
            total = std::max(total, steps_done_ + std::max(0.0, cost_all_ - cost_done_) *
                                                      recent_steps_ / recent_cost_);
        return total > 0 ? std::min(steps_done_ / total, 0.999) : 0;
    }
    void set_estimated(bool e) { estimated_ = e; }

    std::mutex m;

  private:
    bool held_elsewhere() const {
        for (std::size_t r = 1; r < held_.size(); ++r)
            if (!held_[r].empty()) return true;
        return false;
    }
    DistributedEnumeration& job_;
    std::deque<std::size_t> queue_;
    std::vector<double> cost_;
    std::vector<std::set<std::size_t>> held_;
    std::condition_variable changed_;
    std::size_t mine_ = 0, finished_ = 0;
    double cost_all_ = 0, steps_done_ = 0, cost_done_ = 0;
    // The batches finished lately (the last twentieth of the subtrees, at least 64): their
    // estimates against the moves they took.
    struct Batch {
        std::size_t count;
        double expected, steps;
    };
    std::deque<Batch> recent_;
    std::size_t recent_count_ = 0;
    double recent_cost_ = 0, recent_steps_ = 0;
    bool estimated_ = false;
    bool stopping_ = false;
    std::FILE* journal_ = nullptr;
    std::vector<std::size_t> pending_ids_;  // finished since the last journal line
    EnumerationResult pending_;
};

}  // namespace maze::experiments
