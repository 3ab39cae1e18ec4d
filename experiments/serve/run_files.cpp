#include "mazesearch/experiments/serve/run_files.hpp"

#include <algorithm>
#include <chrono>

#include "mazesearch/experiments/serve/confined_file.hpp"
#include "mazesearch/experiments/sweep/sweep_table.hpp"  // score_json

namespace fs = std::filesystem;
using nlohmann::json;

namespace maze::experiments {

json read_json_or_null(const fs::path& root, const fs::path& p) {
    const std::optional<std::string> text = read_confined(root, p, kMaxRunJsonBytes);
    if (!text) return nullptr;
    try {
        return json::parse(*text);
    } catch (const std::exception&) {
        return nullptr;
    }
}

std::string status_line(const fs::path& root, const fs::path& dir) {
    const std::string text = read_confined(root, dir / "status", kMaxStatusBytes).value_or("");
    return text.substr(0, text.find('\n'));
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
