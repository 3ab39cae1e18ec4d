#include "mazesearch/experiments/enumeration/enumerate_mpi.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <exception>
#include <functional>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <thread>

#include "mazesearch/engine/worker_team.hpp"
#include "mazesearch/experiments/cluster/world.hpp"
#include "mazesearch/experiments/enumeration/enumerate_courier.hpp"
#include "mazesearch/experiments/enumeration/enumerate_master.hpp"
#include "mazesearch/experiments/diagnostics.hpp"
#include "mazesearch/experiments/interrupt.hpp"
#include "mazesearch/search/enumeration/enumeration_models.hpp"

namespace maze::experiments {

namespace {

using hand_out::Clock;
using hand_out::kTagReport;
using hand_out::kTagWork;
using hand_out::seconds_since;

EnumerationResult run_local(const DistributedEnumeration& job, EnumerationOptions o) {
    return enumeration_model(job.model)
        .tree(job.rows, job.cols, job.start, job.exit, o.frontier)
        ->run(o);
}

// Each subtree's expected cost, the moves simulated below it, probed by every rank for its share
// of the subtrees (every rank calls this; rank 0 gets the whole list). Equal costs for the
// passage tree, which has no per-subtree estimate (canonical order), and with no probes.
std::vector<double> subtree_costs(const DistributedEnumeration& job, std::size_t subtrees) {
    const EnumerationModel& model = enumeration_model(job.model);
    if (!model.subtree_costs || job.probes == 0) return std::vector<double>(subtrees, 1.0);
    World& w = world();
    const auto ranks = static_cast<std::size_t>(w.size());
    const auto me = static_cast<std::size_t>(w.rank());
    const std::vector<double> mine =
        model.subtree_costs(job.rows, job.cols, job.start, job.exit, job.options.frontier,
                            job.probes, 1, job.options.threads, me, ranks);
    std::string bytes;
    for (std::size_t i = me; i < mine.size(); i += ranks)
        bytes.append(reinterpret_cast<const char*>(&mine[i]), sizeof(double));
    const std::vector<std::string> all = w.all_gather(bytes);
    std::vector<double> cost(mine.size(), 0);
    for (std::size_t r = 0; r < ranks; ++r) {
        std::size_t at = 0;
        for (std::size_t i = r; i < cost.size(); i += ranks, at += sizeof(double)) {
            if (at + sizeof(double) > all[r].size())
                throw std::runtime_error("rank " + std::to_string(r) + ": estimates cut short");
            std::memcpy(&cost[i], all[r].data() + at, sizeof(double));
        }
    }
    return cost;
}

// The subtrees of this shard not done yet, largest expected first.
std::vector<std::size_t> plan(const DistributedEnumeration& job, const std::vector<double>& cost) {
    const std::size_t n = job.done->size();
    std::vector<std::size_t> order;
    for (std::size_t i = static_cast<std::size_t>(job.shard); i < n;
         i += static_cast<std::size_t>(job.shards))
        if (!(*job.done)[i]) order.push_back(i);
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return cost[a] > cost[b]; });
    return order;
}

// Rank 0's done marks, one per subtree of the tree (every rank's work list has that length).
void mark_subtrees(DistributedEnumeration& job) {
    const std::size_t subtrees =
        enumeration_model(job.model)
            .tree(job.rows, job.cols, job.start, job.exit, job.options.frontier)
            ->subtrees();
    if (job.done->empty()) job.done->assign(subtrees, 0);
    if (job.done->size() != subtrees)
        throw std::invalid_argument("the progress marks " + std::to_string(job.done->size()) +
                                    " subtrees; this tree has " + std::to_string(subtrees) +
                                    " (another --frontier?)");
}

// The options of a rank's own enumeration when the subtrees are handed out: the whole tree, no
// done marks (`next` gives the subtrees, `finished` takes their results).
EnumerationOptions handed_out(const EnumerationOptions& options) {
    EnumerationOptions o = options;
    o.shard = 0;
    o.shards = 1;
    o.done = nullptr;
    return o;
}

// fn() with its exception caught: returned, after `on_error()` (which tells the other side to
// stop).
std::exception_ptr caught(const std::function<void()>& fn, const std::function<void()>& on_error) {
    try {
        fn();
        return nullptr;
    } catch (...) {
        const std::exception_ptr e = std::current_exception();
        on_error();
        return e;
    }
}

// The thread that talks to the other ranks while this rank's own enumeration runs on the calling
// thread: rank 0's server, another rank's courier. `on_error` tells the enumeration to stop
// when the talk fails; join() rethrows that failure.
//
// A plain thread, not an item of a WorkerTeam (engine/worker_team.hpp, the door for
// data-parallel work): this thread computes nothing, it must answer while the enumeration runs,
// and the two are not items of one loop. A team's run() from inside an item runs serially, so
// the enumeration beside it would lose its threads, and a TBB arena promises at most its
// threads, not that two items run at once: rank 0's own workers wait for subtrees that only this
// thread can bring back (from a rank that leaves), so the job would hang.
class TalkThread {
  public:
    TalkThread(const std::function<void()>& talk, const std::function<void()>& on_error)
        : thread_([this, talk, on_error] { error_ = caught(talk, on_error); }) {}
    ~TalkThread() {
        if (thread_.joinable()) thread_.join();
    }
    TalkThread(const TalkThread&) = delete;
    TalkThread& operator=(const TalkThread&) = delete;
    void join() {
        thread_.join();
        if (error_) std::rethrow_exception(error_);
    }

  private:
    std::exception_ptr error_;  // before thread_, which may set it at once
    std::thread thread_;
};

// Rank 0's server: answers the other ranks, writes checkpoints, the journal and the progress
// line. The only thread of rank 0 that calls MPI while the enumeration runs.
class HandOutServer {
  public:
    HandOutServer(const DistributedEnumeration& job, Master& master, World& w, Clock::time_point t0,
                  const std::atomic<bool>& local_done)
        : job_(job), master_(master), w_(w), t0_(t0), local_done_(local_done) {}

    void run() {
        last_save_ = last_line_ = last_journal_ = Clock::now();
        tty_ = live_progress();
        int remaining = w_.size() - 1;  // the other ranks that have not left
        while (remaining > 0 || !local_done_.load()) {
            if (InterruptGuard::requested().load() && !master_.stopping()) {
                master_.stop();
                // At once, before the ranks finish the subtrees in hand: when one rank died,
                // mpirun ends the others (SIGTERM, then SIGKILL), and what they finished since
                // the last checkpoint must not be lost with it.
                std::lock_guard<std::mutex> lock(master_.m);
                master_.checkpoint();
                last_save_ = Clock::now();
            }
            bool busy = false;
            while (std::optional<World::Message> msg = w_.poll()) {
                busy = true;
                if (answer(*msg)) --remaining;
            }
            keep_files();
            if (!job_.quiet && seconds_since(last_line_) >= (tty_ ? 0.2 : 10.0)) progress_line();
            if (!busy) std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
        if (tty_ && !job_.quiet) std::fprintf(stderr, "\r\033[K");
    }

  private:
    // A rank's report taken in and answered: true when the rank leaves.
    bool answer(const World::Message& msg) {
        if (msg.tag != kTagReport)
            throw std::runtime_error("rank " + std::to_string(msg.from) + ": unexpected message");
        const nlohmann::json report = nlohmann::json::parse(msg.bytes);
        if (!report.at("result").is_null())
            master_.finish(
                msg.from, report.at("subtrees").get<std::vector<std::size_t>>(),
                EnumerationResult::from_json(report.at("result"), EnumerationResult::Kind::Part));
        nlohmann::json answer;
        const bool leaving = report.at("leaving").get<bool>();
        if (leaving) {
            master_.leave(msg.from);
            answer["end"] = true;
        } else if (master_.stopping()) {
            answer["stop"] = true;
        } else {
            const std::vector<std::size_t> given =
                master_.hand_out(msg.from, report.at("want").get<std::size_t>());
            answer["subtrees"] = given;
            if (given.empty() && master_.nothing_left()) answer["end"] = true;
        }
        w_.send(msg.from, kTagWork, answer.dump());
        return leaving;
    }

    // The progress file every checkpoint_seconds, the journal twice a second between.
    void keep_files() {
        if (seconds_since(last_save_) >= job_.checkpoint_seconds) {
            std::lock_guard<std::mutex> lock(master_.m);
            master_.checkpoint();
            last_save_ = last_journal_ = Clock::now();
        } else if (seconds_since(last_journal_) >= 0.5) {
            std::lock_guard<std::mutex> lock(master_.m);
            master_.write_journal();
            last_journal_ = Clock::now();
        }
    }

    void progress_line() {
        last_line_ = Clock::now();
        const double share = master_.share_done();
        const double elapsed = seconds_since(t0_);
        char line[256];
        std::snprintf(line, sizeof line,
                      "%dx%d%s (%s): %5.1f%% of the expected work, %zu of %zu "
                      "subtrees, best %llu, %s to go",
                      job_.rows, job_.cols, std::string(enumeration_model(job_.model).label).c_str(),
                      w_.describe().c_str(),
                      share * 100, master_.finished(), master_.mine(),
                      static_cast<unsigned long long>(job_.total->optimum),
                      share > 0 ? duration_text(elapsed / share - elapsed).c_str() : "?");
        show_progress_line(line, tty_);
    }

    const DistributedEnumeration& job_;
    Master& master_;
    World& w_;
    const Clock::time_point t0_;
    const std::atomic<bool>& local_done_;
    Clock::time_point last_save_, last_line_, last_journal_;
    bool tty_ = false;
};

int run_rank0(DistributedEnumeration& job) {
    World& w = world();
    const InterruptGuard guard;
    mark_subtrees(job);
    const auto t0 = Clock::now();
    const std::vector<double> cost = subtree_costs(job, job.done->size());
    if (cost.size() != job.done->size())
        throw std::logic_error("the estimates cover another number of subtrees");
    const std::vector<std::size_t> order = plan(job, cost);
    diag().debug("the largest-first order took {:.2f} s", seconds_since(t0));
    Master master(job, order, cost, w.size());
    master.open_journal();
    const bool estimated = enumeration_model(job.model).subtree_costs && job.probes > 0;
    master.set_estimated(estimated);
    if (!job.quiet)
        diag().info("{}x{}{}: {} subtrees to do on {} ({} thread{} each){}", job.rows, job.cols,
                    std::string(enumeration_model(job.model).label).c_str(), order.size(),
                    w.describe(),
                    WorkerTeam::resolve(job.options.threads),
                    WorkerTeam::resolve(job.options.threads) == 1 ? "" : "s",
                    estimated ? ", largest expected first" : "");

    std::atomic<bool> local_done{false};
    HandOutServer server(job, master, w, t0, local_done);
    TalkThread talk([&] { server.run(); }, [&] { master.stop(); });
    EnumerationOptions o = handed_out(job.options);
    o.next = [&] { return master.take_local(); };
    o.finished = [&](std::size_t i, EnumerationResult&& r) { master.finish(0, {i}, r); };
    const std::exception_ptr local_error =
        caught([&] { run_local(job, o); }, [&] { master.stop(); });
    local_done = true;
    talk.join();
    if (local_error) std::rethrow_exception(local_error);
    job.total->seconds += seconds_since(t0);
    if (master.complete()) return 0;
    std::lock_guard<std::mutex> lock(master.m);
    master.checkpoint();
    return 130;
}

int run_other_rank(DistributedEnumeration& job) {
    const InterruptGuard guard;
    subtree_costs(job, 0);  // this rank's share of the probes, for rank 0's order
    Courier courier(job, world());
    TalkThread talk([&] { courier.run(); }, [&] { courier.stop(false); });
    EnumerationOptions o = handed_out(job.options);
    o.next = [&] { return courier.next(); };
    o.finished = [&](std::size_t i, EnumerationResult&& r) { courier.finished(i, std::move(r)); };
    const std::exception_ptr local_error =
        caught([&] { run_local(job, o); }, [&] { courier.stop(true); });
    talk.join();
    if (local_error) std::rethrow_exception(local_error);
    return courier.stopped() ? 130 : 0;
}

}  // namespace

void show_progress_line(const std::string& line, bool tty) {
    if (tty) {
        std::fprintf(stderr, "\r\033[K%s", line.c_str());  // a live line on the terminal
        std::fflush(stderr);
    } else {
        diag().info("{}", line);
    }
}

int enumerate_distributed(DistributedEnumeration& job) {
    return world().rank() == 0 ? run_rank0(job) : run_other_rank(job);
}

}  // namespace maze::experiments
