#include "mazesearch/experiments/enumeration/enumerate_files.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "mazesearch/experiments/config.hpp"
#include "mazesearch/experiments/diagnostics.hpp"
#include "mazesearch/experiments/files.hpp"
#include "mazesearch/search/enumeration/enumeration_models.hpp"
#include "mazesearch/models/passages/passage_enumeration.hpp"

namespace fs = std::filesystem;

namespace maze::experiments {

std::string column_text(int c) {
    return c < 0 ? "any" : std::to_string(c);
}

// "5x5, start (0,0), exit (4,0)" or "5x5 passages, entrance any, exit 2".
std::string describe_grid(const EnumerationResult& r) {
    char buf[160];
    if (r.model == ModelId::Passages)
        std::snprintf(buf, sizeof buf, "%dx%d passages, entrance %s, exit %s", r.rows, r.cols,
                      column_text(r.start.c).c_str(), column_text(r.exit.c).c_str());
    else
        std::snprintf(buf, sizeof buf, "%dx%d%s, start (%d,%d), exit (%d,%d)", r.rows, r.cols,
                      std::string(enumeration_model(r.model).label).c_str(), r.start.r,
                      r.start.c, r.exit.r, r.exit.c);
    return buf;
}

namespace {

std::string shards_or_whole(const EnumerationResult& r) {
    return r.shards == 1 ? "the whole tree" : r.shards_text();
}

}  // namespace

EnumerationResult read_result_file(const fs::path& path) {
    const nlohmann::json j = read_json_file(path);
    try {
        return EnumerationResult::from_json(j);
    } catch (const nlohmann::json::exception& e) {
        throw ConfigError(path.string() + ": not an enumeration result: " + e.what());
    } catch (const std::invalid_argument& e) {
        throw ConfigError(path.string() + ": " + e.what());
    }
}

void check_same_job(const fs::path& path, const EnumerationResult& file,
                    const EnumerationResult& job) {
    const std::string at = path.string() + ": ";
    if (file.model != job.model)
        throw ConfigError(at + "an enumeration of " + std::string(model_name(file.model)) +
                          ", not " + std::string(model_name(job.model)) + " (--model)");
    if (describe_grid(file) != describe_grid(job))
        throw ConfigError(at + "an enumeration of " + describe_grid(file) + ", not " +
                          describe_grid(job));
    if (file.objective != job.objective)
        throw ConfigError(at + "an enumeration of objective " +
                          std::string(objective_name(file.objective)) + ", not " +
                          std::string(objective_name(job.objective)) + " (--objective)");
    if (file.at_least != job.at_least)
        throw ConfigError(at + "an enumeration of the boards worth " +
                          std::to_string(file.at_least) + " or more, not " +
                          std::to_string(job.at_least) + " (--at-least)");
    if (file.shards != job.shards || file.held != job.held)
        throw ConfigError(at + "holds " + shards_or_whole(file) + ", not " + shards_or_whole(job) +
                          " (--shard)");
    if (file.frontier != job.frontier)
        throw ConfigError(at + "a tree cut for --frontier " + std::to_string(file.frontier) +
                          ", not " + std::to_string(job.frontier) +
                          " (its subtrees, and so its shards, differ)");
}

EnumerationResult read_finished_result(const fs::path& path, const EnumerationResult& job,
                                       std::size_t tree_subtrees) {
    EnumerationResult r = read_result_file(path);
    check_same_job(path, r, job);
    try {
        check_subtrees(r, tree_subtrees);
    } catch (const std::invalid_argument& e) {
        throw ConfigError(path.string() + ": " + e.what());
    }
    return r;
}

std::size_t tree_subtrees_of(const EnumerationResult& r) {
    return enumeration_model(r.model).tree(r.rows, r.cols, r.start, r.exit, r.frontier)->subtrees();
}

EnumerationResult merge_result_files(const std::vector<std::string>& files, std::size_t cap) {
    EnumerationResult total;
    std::size_t tree_subtrees = 0;
    for (std::size_t i = 0; i < files.size(); ++i) {
        const fs::path path = files[i];
        EnumerationResult r = read_result_file(path);
        try {
            if (i == 0) {
                tree_subtrees = tree_subtrees_of(r);
            } else {
                EnumerationResult job = total;  // the same tree, with this file's shards
                job.held = r.held;
                if (total.shards == r.shards) check_same_job(path, r, job);
                total.merge_shards(r, cap);  // refuses other shard counts and overlaps
            }
            check_subtrees(r, tree_subtrees);
            if (i == 0) total = std::move(r);
        } catch (const std::invalid_argument& e) {
            throw ConfigError(path.string() + ": " + e.what());
        }
    }
    trim_boards(total.boards, cap);
    total.whole_if_complete();
    if (total.shards > 1) {
        std::string missing;
        for (int s = 0; s < total.shards; ++s)
            if (!std::binary_search(total.held.begin(), total.held.end(), s))
                missing += (missing.empty() ? "" : ", ") + std::to_string(s);
        diag().warn("merge: shards {} of {} missing; the result is partial (it holds {})", missing,
                    total.shards, total.shards_text());
    }
    return total;
}

std::optional<ProgressFile> load_progress(const fs::path& latest, const fs::path& previous,
                                          const EnumerationResult& job, std::size_t tree_subtrees) {
    std::optional<ProgressFile> taken;
    take_latest_or_previous(
        latest, previous,
        [&](const fs::path& path) {
            const nlohmann::json p = read_json_file(path);
            if (!p.is_object() || !p.contains("done") || !p["done"].is_string() ||
                !p.contains("result"))
                throw ConfigError(path.string() +
                                  ": expected {\"result\": ..., \"done\": \"0s and 1s\"}");
            ProgressFile f{path, EnumerationResult::from_json(p["result"]),
                           done_from_text(p["done"].get<std::string>())};
            check_same_job(path, f.result, job);
            if (f.done.size() != tree_subtrees)
                throw ConfigError(path.string() + ": done: " + std::to_string(f.done.size()) +
                                  " marks, but the tree has " + std::to_string(tree_subtrees) +
                                  " subtrees");
            check_progress(f.result, f.done);
            taken = std::move(f);
        },
        [](const std::string& line) { diag().warn("{}", line); }, "progress",
        [](const std::string& files) { return "To start over, remove " + files; });
    return taken;
}

std::size_t replay_journal(const fs::path& path, EnumerationResult& total,
                           std::vector<std::uint8_t>& done, std::size_t cap) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw FileError(path, "read the journal", errno);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::size_t added = 0, line_no = 0, at = 0;
    while (at < text.size()) {
        const std::size_t end = text.find('\n', at);
        ++line_no;
        if (end == std::string::npos) {
            diag().warn("{}:{}: a line cut short (the job ended while writing it); dropped",
                        path.string(), line_no);
            break;
        }
        const std::string line = text.substr(at, end - at);
        at = end + 1;
        const std::string where = path.string() + ":" + std::to_string(line_no);
        try {
            const nlohmann::json j = nlohmann::json::parse(line);
            const auto ids = j.at("subtrees").get<std::vector<std::size_t>>();
            std::size_t marked = 0;
            for (std::size_t i : ids) {
                if (i >= done.size())
                    throw ConfigError("subtree " + std::to_string(i) + " of " +
                                      std::to_string(done.size()));
                marked += done[i] != 0;
            }
            if (ids.empty() || marked == ids.size()) continue;  // in the progress already
            if (marked != 0) throw ConfigError("a batch partly in the progress file");
            total.merge(EnumerationResult::from_json(j.at("result"), EnumerationResult::Kind::Part),
                        cap);
            for (std::size_t i : ids) done[i] = 1;
            added += ids.size();
        } catch (const std::exception& e) {
            throw ConfigError(where + ": not a journal line of this enumeration (" +
                              std::string(e.what()) + "); to go on without it, remove " +
                              path.string() + " (its subtrees will be enumerated again)");
        }
    }
    return added;
}

}  // namespace maze::experiments
