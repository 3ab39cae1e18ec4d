#include "mazesearch/experiments/commands/enumerate_job.hpp"

#include <cerrno>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "mazesearch/experiments/cluster/world.hpp"
#include "mazesearch/experiments/commands/commands.hpp"
#include "mazesearch/experiments/commands/enumerate_files.hpp"
#include "mazesearch/experiments/commands/enumerate_mpi.hpp"
#include "mazesearch/experiments/config.hpp"
#include "mazesearch/experiments/diagnostics.hpp"
#include "mazesearch/search/enumeration/passages.hpp"

namespace fs = std::filesystem;

namespace maze::cli {

void JobFiles::save_progress(const EnumerationResult& total,
                             const std::vector<std::uint8_t>& done) const {
    if (out.empty()) return;
    nlohmann::json p;
    p["result"] = total.to_json();
    p["done"] = done_to_text(done);
    write_file_keeping_previous(progress, previous, p.dump() + "\n");
    std::error_code ec;
    if (fs::exists(journal, ec)) fs::resize_file(journal, 0, ec);
}

bool open_job_files(const JobFiles& f, bool resume, std::size_t cap,
                    std::optional<FolderLock>& lock,
                    const std::function<const EnumerationTree&()>& tree, EnumerationResult& total,
                    std::vector<std::uint8_t>& done) {
    const std::string out = f.out.string();
    if (!out.empty()) {
        if (fs::is_directory(f.out))
            throw ConfigError(out + ": is a folder; --out takes a file name (the result)");
        if (fs::exists(f.out) && !fs::is_regular_file(f.out))
            throw ConfigError(out +
                              ": is not a regular file (a device?); --out takes a file name that "
                              "the result, OUT.progress and OUT.lock can be written beside");
        const fs::path folder = f.out.parent_path().empty() ? fs::path(".") : f.out.parent_path();
        if (!fs::is_directory(folder)) throw FileError(folder, "write the result there", ENOENT);
        lock.emplace(FolderLock::file(out + ".lock", out, "an enumeration"));
        remove_stale_temporaries(f.out.parent_path(), f.out.filename().string());
    }
    const bool unfinished =
        !out.empty() && (fs::exists(f.progress) || fs::exists(f.previous) || fs::exists(f.journal));
    if (!resume) {
        if (unfinished)
            throw ConfigError(f.progress.string() + ": an unfinished enumeration; add --resume");
        if (!out.empty() && fs::exists(f.out))
            throw ConfigError(out +
                              ": already exists (a finished result); remove it or choose another "
                              "--out");
        return false;
    }
    if (fs::exists(f.out) && !unfinished) {
        // Finished: but only if it is this job's, every subtree of it counted.
        read_finished_result(f.out, total, tree().subtrees());
        std::printf("%s: already finished\n", out.c_str());
        std::error_code ec;
        fs::remove(out + ".lock", ec);
        return true;
    }
    if (std::optional<ProgressFile> p =
            load_progress(f.progress, f.previous, total, tree().subtrees())) {
        total = std::move(p->result);
        done = std::move(p->done);
    } else if (!fs::exists(f.journal)) {
        diag().warn(
            "{}: no progress written yet (the enumeration stopped before its first checkpoint); "
            "starting it from the beginning",
            f.progress.string());
    }
    if (fs::exists(f.journal)) {
        if (done.empty()) done.assign(tree().subtrees(), 0);
        const std::size_t added = replay_journal(f.journal, total, done, cap);
        if (added)
            diag().info("{}: {} more subtrees finished after the last checkpoint",
                        f.journal.string(), added);
    }
    return false;
}

int print_estimate(const EnumerationResult& job, std::uint64_t probes, int threads, bool json) {
    if (world().rank() != 0) return kExitOk;  // under mpirun, one estimate (rank 0's)
    const bool passages = job.model == BoardModel::Passages;
    const TreeEstimate e = passages
                               ? estimate_passage_tree(job.rows, job.cols, job.start.c, job.exit.c,
                                                       probes, 1, job.at_least)
                               : estimate_tree(job.rows, job.cols, job.start, job.exit, probes, 1);
    // The cost of a simulated move, measured on a sample tree (a fraction of a second: 6x5 cells,
    // 4x4 passages) with the same threads.
    EnumerationOptions so;
    so.threads = threads;
    const EnumerationResult sample = passages ? enumerate_passage_boards(4, 4, -1, -1, so)
                                              : enumerate_boards(6, 5, {0, 0}, {5, 0}, so);
    const double per_step = sample.seconds / static_cast<double>(sample.steps);
    if (json) {
        nlohmann::json j;
        j["model"] = model_name(job.model);
        if (job.at_least > 0) j["at_least"] = job.at_least;
        j["rows"] = job.rows;
        j["cols"] = job.cols;
        j["probes"] = e.probes;
        j["leaves"] = e.leaves;
        j["leaves_error"] = e.leaves_error;
        j["feasible"] = e.feasible;
        j["feasible_error"] = e.feasible_error;
        j["steps"] = e.steps;
        j["steps_error"] = e.steps_error;
        j["seconds_estimate"] = e.steps * per_step;
        std::printf("%s\n", j.dump().c_str());
        return kExitOk;
    }
    std::printf(
        "%dx%d%s%s: about %.3g leaves (+- %.2g), %.3g feasible boards (+- %.2g) and %.3g "
        "simulated moves (+- %.2g), from %llu random probes;\nat %.2f ns a move "
        "(measured here on the %s tree, same threads) that is about %s\n",
        job.rows, job.cols, passages ? " passages" : "",
        job.at_least > 0
            ? (" (the tree left by the bound for --at-least " + std::to_string(job.at_least) + ")")
                  .c_str()
            : "",
        e.leaves, e.leaves_error, e.feasible, e.feasible_error, e.steps, e.steps_error,
        static_cast<unsigned long long>(e.probes), per_step * 1e9, passages ? "4x4 passage" : "6x5",
        duration_text(e.steps * per_step).c_str());
    return kExitOk;
}

}  // namespace maze::cli
