#include "mazesearch/serve/run_files.hpp"

#include <algorithm>
#include <chrono>

#include "mazesearch/experiments/run/run_status.hpp"
#include "mazesearch/serve/confined_file.hpp"
#include "mazesearch/serve/walk_answer.hpp"  // RequestError
#include "mazesearch/experiments/sweep/sweep_spec.hpp"
#include "mazesearch/experiments/sweep/sweep_table.hpp"  // score_json

namespace fs = std::filesystem;
using nlohmann::json;

namespace maze::experiments {

json read_json_or_null(const fs::path& root, const fs::path& p) {
    const std::optional<std::string> text = read_confined(root, p, kMaxRunJsonBytes);
    if (!text) return nullptr;
    try {
        return json::parse(*text);
    } catch (const json::exception& e) {
        // Run files are written whole (renamed into place): one that does not parse stays so.
        std::string why = e.what();
        if (const auto end = why.find("] "); why.rfind("[json.", 0) == 0 && end != why.npos)
            why = why.substr(end + 2);
        throw RequestError(
            422, p.lexically_relative(root).generic_string() + ": not valid JSON: " + why);
    }
}

json blank_table_row(const std::string& path, const char* kind, json name) {
    json row = {{"path", path}, {"kind", kind}, {"name", std::move(name)},
                {"status", ""}, {"target", ""}, {"optimizer", ""}};
    for (const char* column :
         {"error", "best", "evaluations", "budget_evaluations", "budget_seconds", "seconds",
          "speed", "time_to_go", "repeats", "points", "points_finished", "modified"})
        row[column] = nullptr;
    return row;
}

void check_pinned_configs(const fs::path& root, const fs::path& sweep,
                          const std::vector<std::string>& pinned) {
    for (const std::string& name : pinned) check_confined(root, sweep / name, kMaxConfigBytes);
}

std::string relative_to_root(const fs::path& root, std::string text) {
    const std::string prefix = root.string() + "/";
    for (std::size_t at; (at = text.find(prefix)) != std::string::npos;)
        text.erase(at, prefix.size());
    return text;
}

std::string status_line(const fs::path& root, const fs::path& dir) {
    const std::string text = read_confined(root, dir / "status", kMaxStatusBytes).value_or("");
    return text.substr(0, text.find('\n'));
}

void check_confined(const fs::path& root, const fs::path& file, std::size_t max_bytes) {
    if (const auto st = stat_confined(root, file); st && st->bytes > max_bytes)
        throw RequestError(413, file.lexically_relative(root).generic_string() +
                                    ": larger than the server reads (" + std::to_string(max_bytes) +
                                    " bytes)");
}

std::string served_run_status(const fs::path& root, const fs::path& dir) {
    check_confined(root, dir / "status", kMaxStatusBytes);
    // A run folder that is the served folder itself is shown as a run of its own: nothing above
    // the root is read.
    const bool look_above = dir != root;
    const fs::path sweep = dir.parent_path();
    if (look_above && stat_confined(root, sweep / "sweep.json")) {
        // What point_state reads of a point, by path.
        check_confined(root, sweep / "sweep.json", kMaxRunJsonBytes);
        const json spec = read_json_or_null(root, sweep / "sweep.json");
        const std::string shown = (sweep / "sweep.json").lexically_relative(root).generic_string();
        check_pinned_configs(root, sweep, reading_files(root, [&] {
                                              return SweepSpec::from_json(spec, shown);
                                          }).pinned);
        check_confined(root, sweep / "logs" / (dir.filename().string() + ".txt"),
                       kMaxServedFileBytes);
        check_confined(root, dir / "summary.json", kMaxRunJsonBytes);
        check_confined(root, dir / "config.json", kMaxRunJsonBytes);
    }
    return reading_files(root, [&] {
        return run_status_now(dir, look_above ? Above::sweep_folder_only : Above::not_read);
    });
}

std::string served_repeat_status(const fs::path& root, const fs::path& run, const fs::path& dir) {
    check_confined(root, dir / "status", kMaxStatusBytes);
    return reading_files(root, [&] { return repeat_status_now(run, dir); });
}

double unix_now() {
    return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

LogbookView read_logbook(const fs::path& root, const fs::path& p) {
    return LogbookView(read_confined(root, p).value_or(""));
}

LogbookView read_logbook_end(const fs::path& root, const fs::path& p) {
    constexpr std::size_t kTailBytes = 64 * 1024;
    const auto st = stat_confined(root, p);
    if (!st || st->bytes <= 2 * kTailBytes) return read_logbook(root, p);
    const std::string head = read_confined_head(root, p, 4096).value_or("");
    const std::string tail = read_confined_tail(root, p, kTailBytes).value_or("");
    const auto header_end = head.find('\n');
    const auto first_whole = tail.find('\n');  // the tail's first line may be cut
    if (header_end == std::string::npos || first_whole == std::string::npos) return {};
    return LogbookView(head.substr(0, header_end + 1) + tail.substr(first_whole + 1));
}

std::size_t planned_repeats(const json& config) {
    const json r = config.value("repeats", json(1));
    if (!r.is_number_unsigned() || r.get<std::uint64_t>() < 1) return 1;
    return static_cast<std::size_t>(std::min<std::uint64_t>(r.get<std::uint64_t>(), kMaxRepeats));
}

bool is_repeat_folder_name(const std::string& name) {
    if (name.rfind("repeat-", 0) != 0 || name.size() < 10 || name.size() > 13) return false;
    return std::all_of(name.begin() + 7, name.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::vector<std::string> repeat_folders(const fs::path& root, const fs::path& dir,
                                        const json& config) {
    if (planned_repeats(config) <= 1) return {"."};
    std::vector<std::string> out;
    for (std::string& name :
         confined_names(root, dir, is_repeat_folder_name, kMaxRepeats, kMaxFolderEntries))
        if (confined_folder(root, dir / name)) out.push_back(std::move(name));
    return out;
}

json optional_number(const std::optional<double>& v) {
    // An infinite score is data ("-inf"), as in the sweep tables; only a missing one is null.
    return v ? score_json(*v) : json(nullptr);
}

}  // namespace maze::experiments
