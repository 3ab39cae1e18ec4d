#include "mazesearch/experiments/sweep/sweep_opening.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cassert>
#include <cerrno>
#include <cstdlib>
#include <system_error>

#include "mazesearch/engine/input_file.hpp"
#include "mazesearch/experiments/config.hpp"
#include "mazesearch/experiments/files.hpp"

namespace fs = std::filesystem;

namespace maze::experiments {

namespace {

// A new hidden folder beside `dir` for this process alone (mkdtemp: unique on a shared file
// system too, where process ids of two machines may be equal).
fs::path temporary_folder(const fs::path& dir) {
    std::string name =
        (dir.parent_path() / ("." + dir.filename().string() + ".making-XXXXXX")).string();
    if (!::mkdtemp(name.data())) throw FileError(dir, "make the sweep folder beside it", errno);
    // mkdtemp makes it for its owner alone; the sweep folder is made as mkdir would make it.
    const mode_t mask = ::umask(0);
    ::umask(mask);
    ::chmod(name.c_str(), 0777 & ~mask);
    return name;
}

// The whole sweep folder in `tmp`: logs/, the pinned configs, and sweep.json.
void build_folder(const SweepSpec& s, const fs::path& tmp) {
    assert(!s.pinned.empty() && s.pinned.size() == s.config_texts.size());
    make_folder(tmp / "logs");
    make_folder(tmp / "configs");
    for (std::size_t i = 0; i < s.pinned.size(); ++i)
        write_file_atomically(tmp / s.pinned[i], s.config_texts[i]);
    write_file_atomically(tmp / "sweep.json", s.to_json().dump(2) + "\n");
}

void sync_parent(const fs::path& dir) {
    const fs::path parent = dir.parent_path().empty() ? "." : dir.parent_path();
    const int fd = ::open(parent.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return;  // the folder is there; only its durability after a crash is not sure
    ::fsync(fd);
    ::close(fd);
}

Opening join(const SweepSpec& s, const fs::path& dir) {
    const fs::path spec_file = dir / "sweep.json";
    const SweepSpec before = SweepSpec::from_json(read_json_file(spec_file), spec_file.string());
    if (!before.same_sweep(s))
        throw ConfigError(dir.string() +
                          ": holds another sweep (its config, the config's bytes, its overrides "
                          "or its points differ); continue it with `mazesearch resume " +
                          dir.string() + "` or give another output=");
    return Opening::Joined;
}

// True when `dir` is missing or an empty folder: a sweep folder may be made there.
bool free_for_a_sweep(const fs::path& dir) {
    std::error_code ec;
    if (!fs::exists(dir, ec)) return true;
    return fs::is_directory(dir, ec) && fs::is_empty(dir, ec) && !ec;
}

}  // namespace

Opening open_sweep_folder(const SweepSpec& s, const fs::path& given) {
    // output=runs/x/ names runs/x: the temporary folder goes beside it, not into it.
    const fs::path dir = given.filename().empty() ? given.parent_path() : given;
    std::error_code ec;
    // Twice at most: a rename that finds the folder made by another process reads it next.
    for (int attempt = 0; attempt < 2; ++attempt) {
        if (fs::exists(dir / "sweep.json", ec)) return join(s, dir);
        if (!free_for_a_sweep(dir)) {
            // Another process's rename may have put the whole folder there between the two
            // looks: a folder with sweep.json is a sweep to join, not a stranger's folder.
            if (fs::exists(dir / "sweep.json", ec)) return join(s, dir);
            throw ConfigError(dir.string() +
                              ": exists and is not an empty folder; give another output= for "
                              "the sweep");
        }
        // An empty folder given by a link is replaced where it is, the link kept.
        const fs::path target = fs::is_symlink(dir, ec) ? fs::canonical(dir, ec) : dir;
        if (!target.parent_path().empty()) make_folder(target.parent_path());
        const fs::path tmp = temporary_folder(target);
        try {
            build_folder(s, tmp);
        } catch (...) {
            fs::remove_all(tmp, ec);
            throw;
        }
        // Onto a missing or empty folder only: a folder another process filled stays as it is.
        if (::rename(tmp.c_str(), target.c_str()) == 0) {
            sync_parent(target);
            return Opening::Made;
        }
        const int err = errno;
        fs::remove_all(tmp, ec);
        if (err != EEXIST && err != ENOTEMPTY) throw FileError(dir, "make the sweep folder", err);
    }
    if (fs::exists(dir / "sweep.json", ec)) return join(s, dir);
    throw ConfigError(dir.string() +
                      ": exists and is not an empty folder; give another output= for the sweep");
}

std::vector<std::string> sweep_config_texts(const SweepSpec& s, const fs::path& dir) {
    std::vector<std::string> texts;
    const bool pinned = !s.pinned.empty();
    const std::vector<std::string> files = s.config_files();
    for (std::size_t i = 0; i < files.size(); ++i) {
        const fs::path file = pinned ? dir / s.pinned[i] : fs::path(files[i]);
        // Only a file is read: a FIFO put there would hold a reader (serve) for ever.
        std::error_code ec;
        if (fs::exists(file, ec) && !fs::is_regular_file(file, ec))
            throw ConfigError(file.string() + ": not a file (the sweep's config)");
        texts.push_back(read_input(file.string(), kMaxConfigBytes, "a config file"));
    }
    if (config_texts_hash(texts) == s.config_hash) return texts;
    const bool several = files.size() > 1;
    if (pinned)
        throw ConfigError((several ? (dir / "configs").string() + " (a config there)"
                                   : (dir / s.pinned[0]).string()) +
                          ": not the bytes the sweep pinned when it began (their hash is not "
                          "sweep.json's config_hash); restore it, or start a new sweep");
    throw ConfigError(s.config + (several ? " (or another of its configs)" : "") +
                      ": changed since the sweep in " + dir.string() +
                      " began; its points must all run the config they were checked with "
                      "(restore it, or start a new sweep)");
}

void read_pinned_configs(SweepSpec& s, const fs::path& dir) {
    s.config_texts = sweep_config_texts(s, dir);
}

void check_pinned_config(const SweepSpec& s, const fs::path& dir, const SweepPoint& p) {
    const std::size_t i = s.config_index(p);
    const fs::path file = point_config_path(s, dir, p);
    std::string now;
    try {
        now = read_input(file.string(), kMaxConfigBytes, "a config file");
    } catch (const std::exception& e) {
        throw ConfigError(file.string() + ": cannot be read while the sweep runs (" + e.what() +
                          "); restore it, then `mazesearch resume " + dir.string() + "`");
    }
    const std::string& then = s.config_texts[i];
    if (now != then)
        throw ConfigError(file.string() + ": changed while the sweep ran (" +
                          std::to_string(then.size()) + " bytes then, " +
                          std::to_string(now.size()) + " now; FNV-1a 64 " + fnv1a64_hex(then) +
                          " then, " + fnv1a64_hex(now) +
                          " now); restore it, then `mazesearch resume " + dir.string() + "`");
}

fs::path point_config_path(const SweepSpec& s, const fs::path& dir, const SweepPoint& p) {
    if (s.pinned.empty()) return s.config_of(p);
    return dir / s.pinned[s.config_index(p)];
}

}  // namespace maze::experiments
