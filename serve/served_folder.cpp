#include "mazesearch/serve/served_folder.hpp"

#include <algorithm>

#include "mazesearch/models/cells/board.hpp"  // kMaxBoardFileBytes
#include "mazesearch/experiments/command_input.hpp"
#include "mazesearch/experiments/config.hpp"
#include "mazesearch/serve/confined_file.hpp"
#include "mazesearch/serve/served_models.hpp"
#include "mazesearch/serve/walk_answer.hpp"

namespace fs = std::filesystem;

namespace maze::experiments {

namespace {

constexpr int kMaxDepth = 8;
constexpr std::size_t kMaxEntries = 50000;
constexpr std::size_t kMaxBoards = 500;
// A board file is read as the command reads one (kMaxBoardFileBytes, 1 MiB); the list of them
// reads at most this much all told (a board is a few hundred bytes, and blank lines after it).
constexpr std::size_t kMaxBoardListBytes = std::size_t{32} << 20;
constexpr auto kScanFresh = std::chrono::seconds(2);

// Folders no run lives in: hidden ones, build trees, caches.
bool skipped(const std::string& name) {
    return name.empty() || name[0] == '.' || name.rfind("build", 0) == 0 ||
           name == "node_modules" || name == "__pycache__" || name == "CMakeFiles";
}

// A small regular .txt file inside the root that starts as a board of a model the live view edits
// does (the table of served models: cells, passages, hex).
bool looks_like_board(const fs::path& root, const fs::path& p) {
    if (p.extension() != ".txt") return false;
    try {
        const auto st = stat_confined(root, p);
        if (!st || st->bytes > kMaxBoardFileBytes) return false;
        const auto head = read_confined_head(root, p, 64);
        const auto kind = head ? sniff_file_kind(*head, p.string()) : std::nullopt;
        return kind && served_model(*kind) != nullptr;
    } catch (const std::exception&) {
        return false;  // a FIFO, a link out: not offered
    }
}

}  // namespace

ServedFolder::ServedFolder(const fs::path& root) {
    std::error_code ec;
    if (!fs::is_directory(root, ec))
        throw ConfigError(root.string() + ": not a folder (serve shows the runs under a folder)");
    root_ = fs::canonical(root);
}

fs::path ServedFolder::inside(const std::string& relative) const {
    if (relative.find('\0') != std::string::npos) throw RequestError(400, "path: a NUL byte");
    const fs::path p(relative);
    if (p.is_absolute())
        throw RequestError(403, "path " + relative + ": outside the served folder (absolute)");
    std::error_code ec;
    // weakly_canonical resolves `..` and every link of the part that exists.
    const fs::path full = fs::weakly_canonical(root_ / p, ec);
    if (ec) throw RequestError(404, "path " + relative + ": " + ec.message());
    const auto [r, f] = std::mismatch(root_.begin(), root_.end(), full.begin(), full.end());
    if (r != root_.end())
        throw RequestError(403, "path " + relative + ": outside the served folder");
    if (!fs::exists(full, ec)) throw RequestError(404, "path " + relative + ": no such file");
    return full;
}

const ServedFolder::Scan& ServedFolder::scan() {
    const auto now = std::chrono::steady_clock::now();
    if (scanned_ && now - scanned_at_ < kScanFresh) return scan_;
    Scan s;
    std::vector<std::pair<fs::path, int>> stack = {{root_, 0}};
    std::size_t seen = 0;
    while (!stack.empty() && seen < kMaxEntries) {
        const auto [dir, depth] = stack.back();
        stack.pop_back();
        std::error_code ec;
        if (fs::exists(dir / "sweep.json", ec)) {
            s.sweeps.push_back(dir);
            continue;
        }
        if (fs::exists(dir / "config.json", ec)) {
            s.runs.push_back(dir);
            continue;
        }
        for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
            if (++seen > kMaxEntries) break;
            const std::string name = it->path().filename().string();
            // Links are not followed: a link cannot lead the walk out of the folder.
            if (it->is_symlink(ec)) continue;
            if (it->is_directory(ec)) {
                if (depth < kMaxDepth && !skipped(name)) stack.emplace_back(it->path(), depth + 1);
            } else if (s.boards.size() < kMaxBoards && looks_like_board(root_, it->path())) {
                s.boards.push_back(it->path());
            }
        }
    }
    for (auto* v : {&s.runs, &s.sweeps, &s.boards}) std::sort(v->begin(), v->end());
    scan_ = std::move(s);
    scanned_at_ = now;
    scanned_ = true;
    return scan_;
}

nlohmann::json ServedFolder::boards() {
    std::vector<fs::path> found;
    {
        std::lock_guard<std::mutex> hold(scan_mutex_);
        found = scan().boards;
    }
    nlohmann::json list = nlohmann::json::array();
    std::size_t bytes = 0;
    for (const fs::path& p : found) {
        if (bytes >= kMaxBoardListBytes) break;
        try {
            const auto text = read_confined(root_, p, kMaxBoardFileBytes);
            if (!text) continue;
            bytes += text->size();
            const nlohmann::json b = board_structure_for_text(*text, p.string());
            list.push_back({{"path", fs::relative(p, root_).generic_string()},
                            {"model", b["model"]},
                            {"rows", b["rows"]},
                            {"cols", b["cols"]}});
        } catch (const std::exception&) {
            // A .txt that starts like a board but is not one is simply not offered.
        }
    }
    return {{"boards", list}};
}

nlohmann::json ServedFolder::board(const std::string& path) const {
    const fs::path p = inside(path);
    const auto st = stat_confined(root_, p);
    if (!st) throw RequestError(404, "path " + path + ": no such file");
    if (st->bytes > kMaxBoardFileBytes)
        throw RequestError(413, "path " + path + ": too large for a board file (at most " +
                                    std::to_string(kMaxBoardFileBytes) + " bytes)");
    const auto text = read_confined(root_, p, kMaxBoardFileBytes);
    if (!text) throw RequestError(404, "path " + path + ": no such file");
    nlohmann::json a = walk_answer_for_text(*text, path);
    a["file"] = fs::relative(p, root_).generic_string();
    return a;
}

}  // namespace maze::experiments
