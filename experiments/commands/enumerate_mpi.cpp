#include "mazesearch/experiments/commands/enumerate_mpi.hpp"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <deque>
#include <mutex>
#include <nlohmann/json.hpp>
#include <numeric>
#include <optional>
#include <set>
#include <stdexcept>
#include <thread>

#include "mazesearch/engine/worker_team.hpp"
#include "mazesearch/experiments/cluster/world.hpp"
#include "mazesearch/experiments/commands/enumerate_master.hpp"
#include "mazesearch/experiments/diagnostics.hpp"
#include "mazesearch/experiments/interrupt.hpp"
#include "mazesearch/search/enumeration/passages.hpp"

namespace maze::cli {

namespace {

using Clock = std::chrono::steady_clock;

// Messages: a rank's report (finished subtrees' results, how many more it wants, whether it
// leaves) to rank 0, and rank 0's answer (subtrees, or "end": nothing left, or "stop": the job
// is being interrupted).
constexpr int kTagReport = 11;
constexpr int kTagWork = 12;

double seconds_since(Clock::time_point t) {
    return std::chrono::duration<double>(Clock::now() - t).count();
}

EnumerationResult run_local(const DistributedEnumeration& job, EnumerationOptions o) {
    return job.passages ? enumerate_passage_boards(job.rows, job.cols, job.start.c, job.exit.c, o)
                        : enumerate_boards(job.rows, job.cols, job.start, job.exit, o);
}

// Each subtree's expected cost, the moves simulated below it, probed by every rank for its share
// of the subtrees (every rank calls this; rank 0 gets the whole list). Equal costs for the
// passage tree, which has no per-subtree estimate (canonical order), and with no probes.
std::vector<double> subtree_costs(const DistributedEnumeration& job, std::size_t subtrees) {
    if (job.passages || job.probes == 0) return std::vector<double>(subtrees, 1.0);
    World& w = world();
    const auto ranks = static_cast<std::size_t>(w.size());
    const auto me = static_cast<std::size_t>(w.rank());
    const std::vector<double> mine =
        estimate_subtrees(job.rows, job.cols, job.start, job.exit, job.options.frontier, job.probes,
                          1, job.options.threads, me, ranks);
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

int run_rank0(DistributedEnumeration& job) {
    World& w = world();
    const InterruptGuard guard;
    // Every rank's work list has the same length: the tree's subtrees.
    const std::size_t subtrees =
        job.passages
            ? passage_enumeration_subtrees(job.rows, job.cols, job.start.c, job.exit.c,
                                           job.options.frontier)
            : enumeration_subtrees(job.rows, job.cols, job.start, job.exit, job.options.frontier);
    if (job.done->empty()) job.done->assign(subtrees, 0);
    if (job.done->size() != subtrees)
        throw std::invalid_argument("the progress marks " + std::to_string(job.done->size()) +
                                    " subtrees; this tree has " + std::to_string(subtrees) +
                                    " (another --frontier?)");
    const auto t0 = Clock::now();
    const std::vector<double> cost = subtree_costs(job, subtrees);
    if (cost.size() != subtrees)
        throw std::logic_error("the estimates cover another number of subtrees");
    const std::vector<std::size_t> order = plan(job, cost);
    diag().debug("the largest-first order took {:.2f} s", seconds_since(t0));
    Master master(job, order, cost, w.size());
    master.open_journal();
    master.set_estimated(!job.passages && job.probes > 0);
    if (!job.quiet)
        diag().info("{}x{}{}: {} subtrees to do on {} ({} thread{} each){}", job.rows, job.cols,
                    job.passages ? " passages" : "", order.size(), w.describe(),
                    WorkerTeam::resolve(job.options.threads),
                    WorkerTeam::resolve(job.options.threads) == 1 ? "" : "s",
                    job.passages ? "" : ", largest expected first");

    // The server: answers the other ranks, writes checkpoints and progress. The only thread of
    // rank 0 that calls MPI while the enumeration runs.
    std::atomic<bool> local_done{false};
    std::exception_ptr server_error;
    std::thread server([&] {
        try {
            std::vector<char> left(static_cast<std::size_t>(w.size()), 0);
            left[0] = 1;
            int remaining = w.size() - 1;
            auto last_save = Clock::now(), last_line = Clock::now(), last_journal = Clock::now();
            const bool tty = live_progress();
            while (remaining > 0 || !local_done.load()) {
                if (InterruptGuard::requested().load() && !master.stopping()) {
                    master.stop();
                    // At once, before the ranks finish the subtrees in hand: when one rank died,
                    // mpirun ends the others (SIGTERM, then SIGKILL), and what they finished
                    // since the last checkpoint must not be lost with it.
                    std::lock_guard<std::mutex> lock(master.m);
                    master.checkpoint();
                    last_save = Clock::now();
                }
                bool busy = false;
                while (std::optional<World::Message> msg = w.poll()) {
                    busy = true;
                    if (msg->tag != kTagReport)
                        throw std::runtime_error("rank " + std::to_string(msg->from) +
                                                 ": unexpected message");
                    const nlohmann::json report = nlohmann::json::parse(msg->bytes);
                    if (!report.at("result").is_null())
                        master.finish(msg->from,
                                      report.at("subtrees").get<std::vector<std::size_t>>(),
                                      EnumerationResult::from_json(report.at("result"),
                                                                   EnumerationResult::Kind::Part));
                    nlohmann::json answer;
                    if (report.at("leaving").get<bool>()) {
                        master.leave(msg->from);
                        left[static_cast<std::size_t>(msg->from)] = 1;
                        --remaining;
                        answer["end"] = true;
                    } else if (master.stopping()) {
                        answer["stop"] = true;
                    } else {
                        const std::vector<std::size_t> given =
                            master.hand_out(msg->from, report.at("want").get<std::size_t>());
                        answer["subtrees"] = given;
                        if (given.empty() && master.nothing_left()) answer["end"] = true;
                    }
                    w.send(msg->from, kTagWork, answer.dump());
                }
                if (seconds_since(last_save) >= job.checkpoint_seconds) {
                    std::lock_guard<std::mutex> lock(master.m);
                    master.checkpoint();
                    last_save = last_journal = Clock::now();
                } else if (seconds_since(last_journal) >= 0.5) {
                    std::lock_guard<std::mutex> lock(master.m);
                    master.write_journal();
                    last_journal = Clock::now();
                }
                if (!job.quiet && seconds_since(last_line) >= (tty ? 0.2 : 10.0)) {
                    last_line = Clock::now();
                    const double share = master.share_done();
                    const double elapsed = seconds_since(t0);
                    char line[256];
                    std::snprintf(
                        line, sizeof line,
                        "%dx%d%s (%s): %5.1f%% of the expected work, %zu of %zu "
                        "subtrees, best %llu, %s to go",
                        job.rows, job.cols, job.passages ? " passages" : "", w.describe().c_str(),
                        share * 100, master.finished(), master.mine(),
                        static_cast<unsigned long long>(job.total->optimum),
                        share > 0 ? duration_text(elapsed / share - elapsed).c_str() : "?");
                    if (tty) {
                        std::fprintf(stderr, "\r\033[K%s", line);
                        std::fflush(stderr);
                    } else {
                        diag().info("{}", line);
                    }
                }
                if (!busy) std::this_thread::sleep_for(std::chrono::milliseconds(2));
            }
            if (tty && !job.quiet) std::fprintf(stderr, "\r\033[K");
        } catch (...) {
            server_error = std::current_exception();
            master.stop();
        }
    });

    EnumerationOptions o = job.options;
    o.shard = 0;
    o.shards = 1;
    o.done = nullptr;
    o.next = [&] { return master.take_local(); };
    o.finished = [&](std::size_t i, EnumerationResult&& r) { master.finish(0, {i}, r); };
    std::exception_ptr local_error;
    try {
        run_local(job, o);
    } catch (...) {
        local_error = std::current_exception();
        master.stop();
    }
    local_done = true;
    server.join();
    if (server_error) std::rethrow_exception(server_error);
    if (local_error) std::rethrow_exception(local_error);
    if (master.complete()) {
        job.total->seconds += seconds_since(t0);
        return 0;
    }
    job.total->seconds += seconds_since(t0);
    {
        std::lock_guard<std::mutex> lock(master.m);
        master.checkpoint();
    }
    return 130;
}

// Another rank: a courier thread trades finished results for new subtrees with rank 0 and keeps
// a few subtrees queued for this rank's workers.
int run_other_rank(DistributedEnumeration& job) {
    World& w = world();
    const InterruptGuard guard;
    subtree_costs(job, 0);  // this rank's share of the probes, for rank 0's order
    const int threads = WorkerTeam::resolve(job.options.threads);
    // Subtrees kept queued: at least two per thread, and enough for about a quarter of a second
    // of work at the rate seen so far (small subtrees take well under a millisecond each, a
    // round trip to rank 0 about as long: one at a time would leave the workers waiting).
    const std::size_t least = static_cast<std::size_t>(std::max(2, 2 * threads));
    std::size_t target = least;
    std::size_t done_here = 0;
    const auto started = Clock::now();
    std::mutex m;
    std::condition_variable changed;
    std::deque<std::size_t> items;
    // The subtrees finished since the last report and their results added up (one result per
    // report: rank 0 then reads one JSON object, not one per subtree).
    std::vector<std::size_t> batch;
    EnumerationResult batch_result;
    int in_flight = 0;
    bool no_more = false, stopped = false;

    std::exception_ptr courier_error;
    std::thread courier([&] {
        try {
            auto last_report = Clock::now();
            for (;;) {
                nlohmann::json report;
                bool leaving = false;
                {
                    std::unique_lock<std::mutex> lock(m);
                    if (InterruptGuard::requested().load() && !stopped) {
                        items.clear();
                        no_more = stopped = true;
                        changed.notify_all();
                    }
                    leaving = no_more && items.empty() && in_flight == 0;
                    const double elapsed = seconds_since(started);
                    if (elapsed > 0.05)
                        target = std::clamp<std::size_t>(
                            static_cast<std::size_t>(static_cast<double>(done_here) / elapsed *
                                                     0.25),
                            least, 1 << 16);
                    const std::size_t want = no_more ? 0 : target - std::min(target, items.size());
                    const bool due = !batch.empty() && seconds_since(last_report) >= 1.0;
                    if (!leaving && want < std::max<std::size_t>(1, target / 2) && !due) {
                        changed.wait_for(lock, std::chrono::milliseconds(20));
                        continue;
                    }
                    report["subtrees"] = batch;
                    report["result"] = batch.empty() ? nlohmann::json() : batch_result.to_json();
                    batch.clear();
                    report["want"] = want;
                    report["leaving"] = leaving;
                }
                w.send(0, kTagReport, report.dump());
                const nlohmann::json answer = nlohmann::json::parse(w.receive(0, kTagWork));
                last_report = Clock::now();
                if (leaving) break;
                std::lock_guard<std::mutex> lock(m);
                if (answer.contains("subtrees"))
                    for (const nlohmann::json& i : answer["subtrees"])
                        items.push_back(i.get<std::size_t>());
                if (answer.value("end", false)) no_more = true;
                if (answer.value("stop", false)) {
                    items.clear();
                    no_more = stopped = true;
                }
                changed.notify_all();
            }
        } catch (...) {
            courier_error = std::current_exception();
            std::lock_guard<std::mutex> lock(m);
            items.clear();
            no_more = stopped = true;
            changed.notify_all();
        }
    });

    EnumerationOptions o = job.options;
    o.shard = 0;
    o.shards = 1;
    o.done = nullptr;
    o.next = [&]() -> std::optional<std::size_t> {
        std::unique_lock<std::mutex> lock(m);
        changed.wait(lock, [&] { return !items.empty() || no_more; });
        if (items.empty()) return std::nullopt;
        const std::size_t i = items.front();
        items.pop_front();
        ++in_flight;
        // The courier sleeps until the queue runs low (a wake-up per subtree would cost more
        // than small subtrees take).
        if (items.size() < std::max<std::size_t>(1, target / 2)) changed.notify_all();
        return i;
    };
    o.finished = [&](std::size_t i, EnumerationResult&& r) {
        std::lock_guard<std::mutex> lock(m);
        if (batch.empty())
            batch_result = std::move(r);
        else
            batch_result.merge(r, job.options.board_cap);
        batch.push_back(i);
        ++done_here;
        --in_flight;
        if (no_more && in_flight == 0) changed.notify_all();  // the courier may leave
    };
    std::exception_ptr local_error;
    try {
        run_local(job, o);
    } catch (...) {
        local_error = std::current_exception();
        std::lock_guard<std::mutex> lock(m);
        items.clear();
        no_more = stopped = true;
        in_flight = 0;
        changed.notify_all();
    }
    courier.join();
    if (courier_error) std::rethrow_exception(courier_error);
    if (local_error) std::rethrow_exception(local_error);
    return stopped ? 130 : 0;
}

}  // namespace

std::string duration_text(double s) {
    char buf[64];
    if (s < 120)
        std::snprintf(buf, sizeof buf, "%.0fs", s);
    else if (s < 7200)
        std::snprintf(buf, sizeof buf, "%.1fmin", s / 60);
    else
        std::snprintf(buf, sizeof buf, "%.1fh", s / 3600);
    return buf;
}

int enumerate_distributed(DistributedEnumeration& job) {
    return world().rank() == 0 ? run_rank0(job) : run_other_rank(job);
}

}  // namespace maze::cli
