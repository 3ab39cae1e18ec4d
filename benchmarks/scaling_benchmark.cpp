// Does every core help, and does none hurt? Four searches on 13x13 with an evaluation budget (the
// same boards whatever the thread count): the GA of configs/records/13x13-ga.yaml (BM_GA13), the
// quickstart's population annealing, configs/quickstart.yaml (BM_PopulationAnnealing13, its
// chains' sweeps side by side), MAP-Elites' batches of 64 children of configs/records/
// 13x13-map-elites.yaml (BM_MapElites13) and MAP-Annealing's 8 chains, one move each a batch,
// of configs/records/13x13-map-annealing.yaml (BM_MapAnnealing13), each run with 1 and with 2
// threads, on an idle machine and beside
// a process that keeps one core busy (a spinning child, as a browser or another job would). After
// the usual table it prints, for each, the ratios of the medians:
//   idle:  time(1 thread) / time(2 threads)        (the speed-up; 2.0 is perfect)
//   busy:  time(2 threads) / time(1 thread)        (the slow-down; at most 1.0 is the goal)
//
//   build/benchmarks/scaling_benchmark [--evaluations=300000] [--benchmark_repetitions=9]
#include <benchmark/benchmark.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "mazesearch/experiments/config.hpp"
#include "mazesearch/experiments/target_factory.hpp"
#include "mazesearch/search/evaluator.hpp"
#include "mazesearch/search/optimizer.hpp"

namespace {

std::uint64_t g_evaluations = 300000;

// A child process that keeps one core busy until it is killed.
class BusyNeighbour {
  public:
    explicit BusyNeighbour(bool on) {
        if (!on) return;
        pid_ = fork();
        if (pid_ == 0) {
            volatile unsigned long spin = 0;
            for (;;) spin = spin + 1;
        }
    }
    ~BusyNeighbour() {
        if (pid_ <= 0) return;
        kill(pid_, SIGKILL);
        waitpid(pid_, nullptr, 0);
    }
    BusyNeighbour(const BusyNeighbour&) = delete;
    BusyNeighbour& operator=(const BusyNeighbour&) = delete;

  private:
    pid_t pid_ = -1;
};

// One run of a config to its evaluation budget; returns the best score (a check that every
// variant did the same work).
double run_config(const char* path, int threads) {
    const maze::experiments::RunConfig c = maze::experiments::load_config(
        std::string(MAZESEARCH_SOURCE_DIR) + "/" + path,
        {"budget.seconds=null", "budget.evaluations=" + std::to_string(g_evaluations)});
    const maze::experiments::TargetAndView made = maze::experiments::make_target(c.target);
    auto opt = maze::make_optimizer(c.optimizer);
    maze::Evaluator ev(*made.target, c.budget, threads);
    opt->start(*made.target, maze::derive_seed(c.seed, {0}));
    while (!ev.ledger().exhausted()) opt->step(ev);
    return ev.ledger().best_score();
}

void run_benchmark(benchmark::State& state, const char* config) {
    const int threads = static_cast<int>(state.range(0));
    const BusyNeighbour neighbour(state.range(1) != 0);
    double best = 0;
    for (auto _ : state) best = run_config(config, threads);
    state.counters["best"] = best;
}

void BM_GA13(benchmark::State& state) {
    run_benchmark(state, "configs/records/13x13-ga.yaml");
}
void BM_PopulationAnnealing13(benchmark::State& state) {
    run_benchmark(state, "configs/quickstart.yaml");
}
void BM_MapElites13(benchmark::State& state) {
    run_benchmark(state, "configs/records/13x13-map-elites.yaml");
}
void BM_MapAnnealing13(benchmark::State& state) {
    run_benchmark(state, "configs/records/13x13-map-annealing.yaml");
}
#define MAZESEARCH_SCALING_ARGS   \
    ArgNames({"threads", "busy"}) \
        ->Args({1, 0})            \
        ->Args({2, 0})            \
        ->Args({1, 1})            \
        ->Args({2, 1})            \
        ->Iterations(1)           \
        ->UseRealTime()           \
        ->Unit(benchmark::kMillisecond)
BENCHMARK(BM_GA13)->MAZESEARCH_SCALING_ARGS;
BENCHMARK(BM_PopulationAnnealing13)->MAZESEARCH_SCALING_ARGS;
BENCHMARK(BM_MapElites13)->MAZESEARCH_SCALING_ARGS;
BENCHMARK(BM_MapAnnealing13)->MAZESEARCH_SCALING_ARGS;

// Keeps the median real time of each benchmark for the ratios.
class MedianKeeper : public benchmark::ConsoleReporter {
  public:
    void ReportRuns(const std::vector<Run>& runs) override {
        for (const Run& r : runs)
            if (r.run_type == Run::RT_Aggregate && r.aggregate_name == "median")
                median_[r.run_name.function_name + "/" + r.run_name.args] = r.GetAdjustedRealTime();
        ConsoleReporter::ReportRuns(runs);
    }
    double median(const std::string& name) const {
        const auto it = median_.find(name);
        return it == median_.end() ? 0 : it->second;
    }

  private:
    std::map<std::string, double> median_;
};

}  // namespace

int main(int argc, char** argv) {
    // Nine repetitions unless told otherwise, the four variants' runs interleaved in random
    // order, so that a burst of load from elsewhere falls on all of them alike: the ratios are
    // of medians.
    static char repetitions[] = "--benchmark_repetitions=9";
    static char interleave[] = "--benchmark_enable_random_interleaving=true";
    std::vector<char*> args{argv[0], repetitions, interleave};
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a.rfind("--evaluations=", 0) == 0)
            g_evaluations = std::strtoull(a.c_str() + 14, nullptr, 10);
        else
            args.push_back(argv[i]);  // a later --benchmark_repetitions wins
    }
    int n = static_cast<int>(args.size());
    benchmark::Initialize(&n, args.data());
    MedianKeeper keeper;
    benchmark::RunSpecifiedBenchmarks(&keeper);
    benchmark::Shutdown();
    for (const char* name :
         {"BM_GA13", "BM_PopulationAnnealing13", "BM_MapElites13", "BM_MapAnnealing13"}) {
        const auto median = [&](const char* args) {
            return keeper.median(std::string(name) + "/" + args);
        };
        const double idle1 = median("threads:1/busy:0"), idle2 = median("threads:2/busy:0");
        const double busy1 = median("threads:1/busy:1"), busy2 = median("threads:2/busy:1");
        if (idle1 > 0 && idle2 > 0)
            std::printf(
                "%s, idle machine:  2 threads are %.2fx as fast as 1 (median %.0f vs %.0f ms)\n",
                name, idle1 / idle2, idle2, idle1);
        if (busy1 > 0 && busy2 > 0)
            std::printf(
                "%s, one core busy: 2 threads take %.2fx the time of 1 (median %.0f vs %.0f ms)\n",
                name, busy2 / busy1, busy2, busy1);
    }
    return 0;
}
