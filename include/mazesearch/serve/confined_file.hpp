// Reading a file or listing a folder of the folder `mazesearch serve` shows so that no link can
// lead out of it: the path is opened first (O_PATH: it neither blocks on a FIFO nor wakes a
// device), the kernel is asked where the opened file really is (/proc/self/fd), and only a
// regular file inside the root is read, and at most a bound of bytes of it. Checking the path
// and then opening it would leave a moment in which a link could be swapped in.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace maze::experiments {

// The most the server reads of one file of a run (a long run's logbook).
inline constexpr std::size_t kMaxServedFileBytes = std::size_t{256} << 20;

// The whole of the regular file `path`, which must be inside `root` (canonical) once its links
// are resolved; none when nothing is there (a dangling link included). RequestError 403 for a
// file outside the root or one that is not a regular file (a FIFO, a device, a folder), 413 for
// one over `max_bytes`.
std::optional<std::string> read_confined(const std::filesystem::path& root,
                                         const std::filesystem::path& path,
                                         std::size_t max_bytes = kMaxServedFileBytes);

// The first `bytes` bytes of the regular file `path` (all of a shorter one), checked as
// read_confined does; none when nothing is there.
std::optional<std::string> read_confined_head(const std::filesystem::path& root,
                                              const std::filesystem::path& path, std::size_t bytes);

// The last `bytes` bytes of the regular file `path` (all of a shorter one), checked as
// read_confined does; none when nothing is there.
std::optional<std::string> read_confined_tail(const std::filesystem::path& root,
                                              const std::filesystem::path& path, std::size_t bytes);

// The size and the time of the last write (seconds since 1970) of the regular file `path`,
// checked as read_confined does; none when nothing is there.
struct ConfinedStat {
    std::uintmax_t bytes = 0;
    double modified = 0;
};
std::optional<ConfinedStat> stat_confined(const std::filesystem::path& root,
                                          const std::filesystem::path& path);

// Whether `path` is a folder inside `root` once its links are resolved: false when nothing is
// there or it is not a folder; RequestError 403 when it is a folder outside the root.
bool confined_folder(const std::filesystem::path& root, const std::filesystem::path& path);

// The names in the folder `path` (checked as confined_folder does) that `keep` accepts, sorted,
// at most `max_names` of them (RequestError 413 for more) among at most `max_entries` entries.
std::vector<std::string> confined_names(const std::filesystem::path& root,
                                        const std::filesystem::path& path,
                                        bool (*keep)(const std::string& name),
                                        std::size_t max_names, std::size_t max_entries);

}  // namespace maze::experiments
