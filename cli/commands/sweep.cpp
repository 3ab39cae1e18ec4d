// mazesearch sweep CONFIG.yaml key=a,b,c seed=range(1,11) ... [--zip K1,K2] [--jobs N]
// [--point I] [--dry-run]: one run per combination of the swept values (Hydra's multirun).
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "mazesearch/experiments/cluster/world.hpp"
#include "mazesearch/cli/commands.hpp"
#include "mazesearch/experiments/diagnostics.hpp"
#include "mazesearch/experiments/sweep/sweep_runner.hpp"
#include "mazesearch/experiments/sweep/sweep_spec.hpp"

namespace maze::experiments {

namespace {

struct SweepCliOptions {
    std::string config;
    std::vector<std::string> args;
    std::vector<std::string> zips;
    int jobs = 0;
    int point = -1;
    bool dry_run = false;
};

// A CLI11 check: a whole number in digits from `lo` to `hi`, said as `what` ("Value 1e0 not in
// range 0 to 1073741824" said neither what --point takes nor that 1e0 is not taken).
CLI::Validator whole_number(std::int64_t lo, std::int64_t hi, const std::string& what) {
    return CLI::Validator(
        [=](std::string& text) -> std::string {
            std::int64_t v = 0;
            const bool digits =
                !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
            if (!digits || !CLI::detail::lexical_cast(text, v) || v < lo || v > hi)
                return "expected " + what + ", a whole number from " + std::to_string(lo) + " to " +
                       std::to_string(hi) + ", got " + text;
            return "";
        },
        std::to_string(lo) + " to " + std::to_string(hi), "NUMBER");
}

// --dry-run: one line per point, its folder and its overrides (a Slurm array's size is their
// count).
void print_points(const SweepSpec& s) {
    for (const SweepPoint& p : s.points) {
        std::string line = p.folder;
        if (!s.group_keys.empty() && s.group_keys[0] == "config") line += " " + s.config_of(p);
        for (const std::string& o : s.overrides_of(p)) line += " " + o;
        std::printf("%s\n", line.c_str());
    }
}

}  // namespace

Command add_sweep(CLI::App& app) {
    auto o = std::make_shared<SweepCliOptions>();
    CLI::App* sub = app.add_subcommand(
        "sweep", "Run a config once per combination of swept values, side by side");
    sub->add_option("config", o->config, "Experiment config (YAML)")->required();
    sub->add_option("overrides", o->args,
                    "More configs (FILE.yaml: the configs are swept too), then key=value for "
                    "every point; key=a,b,c or key=range(start,stop[,step]) to sweep it; "
                    "output=DIR names the sweep folder");
    // One value each time (given again for another zip): the overrides after it stay overrides.
    sub->add_option("--zip", o->zips,
                    "Swept keys (comma-separated) whose lists are paired, not multiplied; again "
                    "for another zip")
        ->expected(1)
        ->allow_extra_args(false)
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    sub->add_option("--jobs", o->jobs, "Points run at a time [as many as the cores]")
        ->check(whole_number(1, 4096, "how many points run at a time"));
    sub->add_option("--point", o->point, "Run only this point (0-based; a Slurm array task)")
        ->check(whole_number(0, kMaxSweepPoints - 1, "a point's number"));
    sub->add_flag("--dry-run", o->dry_run, "Check every point and print them; run nothing");
    sub->footer(
        "The sweep folder (output=DIR, default runs/<name>/sweep-<timestamp>/) holds sweep.json,\n"
        "configs/ (the config as the sweep read it: what every point runs), index.csv, a run\n"
        "folder point-NNN/ per point, logs/ and, once every point is finished, summary.md,\n"
        "summary.csv and summary.json (docs/formats.md, \"Sweep folders\"). The same command\n"
        "again, or `mazesearch resume DIR`, runs only what is missing. Under mpirun, point i\n"
        "runs on rank i mod the number of ranks; any number of --point tasks may run at once.");
    return {sub,
            [o] {
                SweepSpec spec = plan_sweep(o->config, o->args, o->zips);
                if (o->dry_run) {
                    if (world().rank() != 0) return kExitOk;  // under mpirun, printed once
                    SweepOptions check;
                    check.only_point = o->point;
                    check_sweep(spec, check);
                    print_points(spec);
                    return kExitOk;
                }
                SweepOptions so;
                so.jobs = o->jobs;
                so.only_point = o->point;
                so.quiet = verbosity() == Verbosity::Quiet;
                return run_sweep(std::move(spec), so);
            },
            true};
}

}  // namespace maze::experiments
