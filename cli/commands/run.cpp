// mazesearch run CONFIG.yaml [key.sub=value ...] and mazesearch resume DIR.
#include <cstdio>
#include <string>
#include <vector>

#include "mazesearch/engine/input_file.hpp"
#include "mazesearch/experiments/cluster/file_rank.hpp"
#include "mazesearch/cli/commands.hpp"
#include "mazesearch/experiments/config.hpp"
#include "mazesearch/experiments/diagnostics.hpp"
#include "mazesearch/experiments/files.hpp"
#include "mazesearch/experiments/runner.hpp"
#include "mazesearch/experiments/sweep/sweep_runner.hpp"
#include "mazesearch/experiments/target_factory.hpp"
#include "mazesearch/search/optimizer.hpp"

namespace maze::experiments {

namespace {

struct RunCliOptions {
    std::string config;
    std::vector<std::string> overrides;
    std::string config_hash;
    bool dry_run = false;
};

}  // namespace

Command add_run(CLI::App& app) {
    auto opts = std::make_shared<RunCliOptions>();
    CLI::App* sub = app.add_subcommand("run", "Run a YAML experiment into a run directory");
    sub->add_option("config", opts->config, "Experiment config (YAML)")->required();
    sub->add_option(
        "overrides", opts->overrides,
        "Overrides key.sub=value, e.g. seed=3 threads=2 repeats=5 budget.evaluations=1e6 "
        "budget.seconds=60 output=DIR optimizer.mutation=0.05");
    sub->add_flag("--dry-run", opts->dry_run, "Print the resolved config and exit");
    sub->add_option("--config-hash", opts->config_hash,
                    "Run only if the config's bytes have this FNV-1a 64 hash (16 hex digits, as "
                    "a sweep's config_hash; a sweep gives it to each point)");
    sub->footer(
        "The run folder (default runs/<name>/<timestamp>/; output=DIR makes DIR the run folder)\n"
        "holds config.yaml, config.json, overrides.txt, inputs.json (the files it reads, pinned),\n"
        "log.txt, logbook.csv, best.txt, best.svg, archive/, status, summary.json, "
        "checkpoint.json\n"
        "and checkpoint.prev.json; repeats go in repeat-NNN/ subfolders (docs/formats.md, \"The "
        "run\n"
        "folder\"). Ctrl-C writes a checkpoint and exits 130; `mazesearch resume DIR` continues.");
    return {sub,
            [opts] {
                // Under mpirun rank 0 reads the config and every rank takes its bytes: a file
                // edited as the ranks start (or another file of that name where a rank starts)
                // made a job of two configs.
                const std::string text = FileRank().from_here(
                    [&] { return read_input(opts->config, kMaxConfigBytes, "a config file"); });
                if (!opts->config_hash.empty() && fnv1a64_hex(text) != opts->config_hash)
                    throw ConfigError(opts->config +
                                      ": not the bytes expected (their FNV-1a 64 "
                                      "hash is " +
                                      fnv1a64_hex(text) + ", not " + opts->config_hash +
                                      "); was it edited after it was checked?");
                const RunConfig c = load_config_text(text, opts->config, opts->overrides);
                if (opts->dry_run) {
                    if (!FileRank().here()) return kExitOk;  // under mpirun, printed once
                    check_experiment(c);                     // everything a real run checks first
                    std::printf("%s", to_yaml(c.resolved).c_str());
                    return kExitOk;
                }
                RunOptions ro;
                ro.quiet = verbosity() == Verbosity::Quiet;
                return run_experiment(c, ro);
            },
            true};
}

Command add_resume(CLI::App& app) {
    auto dir = std::make_shared<std::string>();
    CLI::App* sub =
        app.add_subcommand("resume", "Continue an interrupted run or sweep from its checkpoints");
    sub->add_option("dir", *dir, "Run directory, or sweep folder")->required();
    return {sub,
            [dir] {
                if (is_sweep_folder(*dir)) {
                    SweepOptions so;
                    so.quiet = verbosity() == Verbosity::Quiet;
                    return resume_sweep(*dir, so);
                }
                RunOptions ro;
                ro.quiet = verbosity() == Verbosity::Quiet;
                return resume_experiment(*dir, ro);
            },
            true};
}

}  // namespace maze::experiments
