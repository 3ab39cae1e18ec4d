// The board files a run writes beside best.txt: its archive (archive/) and an optimizer's archive
// of elites (elites/), each with its index.
#include "mazesearch/experiments/run/run_boards.hpp"

#include <cstdio>
#include <set>

#include "mazesearch/experiments/files.hpp"
#include "mazesearch/experiments/run/report.hpp"
#include "mazesearch/search/state_json.hpp"

namespace fs = std::filesystem;

namespace maze::experiments {

namespace {

std::string archive_file_name(std::size_t k) {
    char name[64];
    std::snprintf(name, sizeof name, "%02zu.txt", k + 1);
    return name;
}

}  // namespace

std::string archive_index(const std::vector<Archived>& archive) {
    std::string index = "rank,value,evaluation,distance_to_best,file\n";
    for (std::size_t k = 0; k < archive.size(); ++k) {
        const Archived& a = archive[k];
        index += std::to_string(k + 1) + "," + format_score(a.value) + "," +
                 std::to_string(a.evaluation) + "," +
                 std::to_string(a.genome.distance(archive.front().genome)) + "," +
                 archive_file_name(k) + "\n";
    }
    return index;
}

void write_archive(const fs::path& folder, const BoardView& view,
                   const std::vector<Archived>& archive) {
    if (archive.empty()) return;
    make_folder(folder);
    std::set<std::string> current;
    for (std::size_t k = 0; k < archive.size(); ++k) {
        write_file_atomically(folder / archive_file_name(k), view.text(archive[k].genome),
                              Sync::No);
        current.insert(archive_file_name(k));
    }
    // Boards of an earlier, fuller archive that no longer exist.
    for (const auto& entry : fs::directory_iterator(folder)) {
        const std::string f = entry.path().filename().string();
        if (f.size() == 6 && f.ends_with(".txt") && !current.count(f)) fs::remove(entry.path());
    }
    write_file_atomically(folder / "index.csv", archive_index(archive), Sync::No);
}

namespace {

std::string elite_file_name(std::uint64_t cell) {
    char name[64];
    std::snprintf(name, sizeof name, "cell-%06llu.txt", static_cast<unsigned long long>(cell));
    return name;
}

}  // namespace

std::string elites_index(const Optimizer::Elites& elites) {
    // (Appended in parts: GCC 12 warns of "," + a string, -Wrestrict.)
    std::string index = "cell";
    for (const Optimizer::Elites::Axis& a : elites.axes) index.append(",").append(a.descriptor);
    index += ",value,file\n";
    for (const Optimizer::Elites::Cell& c : elites.cells) {
        index += std::to_string(c.cell);
        for (double d : c.descriptors) index.append(",").append(format_score(d));
        index.append(",").append(format_score(c.value)).append(",");
        index.append(elite_file_name(c.cell)).append("\n");
    }
    return index;
}

void write_elites(const fs::path& folder, const BoardView& view, const Optimizer::Elites& elites,
                  std::map<std::uint64_t, double>& written) {
    if (elites.cells.empty()) return;
    make_folder(folder);
    for (const Optimizer::Elites::Cell& c : elites.cells) {
        const auto it = written.find(c.cell);
        if (it != written.end() && it->second == c.value) continue;
        write_file_atomically(folder / elite_file_name(c.cell), view.text(c.genome), Sync::No);
        written[c.cell] = c.value;
    }
    nlohmann::json axes = nlohmann::json::array();
    for (const Optimizer::Elites::Axis& a : elites.axes)
        axes.push_back({{"descriptor", a.descriptor},
                        {"bins", a.bins},
                        {"lo", Real(a.lo)},
                        {"hi", Real(a.hi)}});
    write_file_atomically(folder / "axes.json", nlohmann::json{{"axes", axes}}.dump(1) + "\n",
                          Sync::No);
    write_file_atomically(folder / "index.csv", elites_index(elites), Sync::No);
}

}  // namespace maze::experiments
