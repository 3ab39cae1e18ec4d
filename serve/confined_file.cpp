#include "mazesearch/serve/confined_file.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstring>
#include <stdexcept>
#include <utility>

#include "mazesearch/serve/walk_answer.hpp"

namespace fs = std::filesystem;

namespace maze::experiments {

// Named, not anonymous: the library is built as a unity build.
namespace confined_detail {

// A descriptor that closes itself.
class Fd {
  public:
    explicit Fd(int fd) : fd_(fd) {}
    Fd(Fd&& o) noexcept : fd_(std::exchange(o.fd_, -1)) {}
    Fd(const Fd&) = delete;
    Fd& operator=(const Fd&) = delete;
    Fd& operator=(Fd&&) = delete;
    ~Fd() {
        if (fd_ >= 0) ::close(fd_);
    }
    int get() const { return fd_; }
    int release() { return std::exchange(fd_, -1); }

  private:
    int fd_;
};

// The path as the requests name it (relative to the root), for messages: never where a link
// outside leads.
std::string shown(const fs::path& root, const fs::path& path) {
    return path.lexically_relative(root).generic_string();
}

std::string proc_link(int fd) {
    return "/proc/self/fd/" + std::to_string(fd);
}

// Where the file open on `fd` really is, as the kernel tells it.
std::string real_path_of(int fd) {
    char buf[PATH_MAX + 1];
    const ssize_t n = ::readlink(proc_link(fd).c_str(), buf, PATH_MAX);
    if (n < 0)
        throw std::runtime_error(std::string("cannot tell where a file is: ") +
                                 std::strerror(errno) + " (is /proc mounted?)");
    return std::string(buf, static_cast<std::size_t>(n));
}

bool within(const fs::path& root, const std::string& real) {
    const std::string r = root.string();
    if (r == "/") return true;
    return real == r ||
           (real.size() > r.size() && real.compare(0, r.size(), r) == 0 && real[r.size()] == '/');
}

// `path` opened without reading it (O_PATH), checked to be inside `root`, with its stat; none
// when nothing is there.
struct Opened {
    Fd fd;
    struct stat st;
};

std::optional<Opened> open_inside(const fs::path& root, const fs::path& path, int flags) {
    Fd fd(::open(path.c_str(), O_PATH | O_CLOEXEC | flags));
    if (fd.get() < 0) {
        if (errno == ENOENT || errno == ENOTDIR) return std::nullopt;
        if (errno == ELOOP || errno == EACCES)
            throw RequestError(403, shown(root, path) + ": " + std::strerror(errno));
        throw std::runtime_error(shown(root, path) + ": " + std::strerror(errno));
    }
    if (!within(root, real_path_of(fd.get())))
        throw RequestError(403, shown(root, path) + ": a link that leads out of the served folder");
    struct stat st {};
    if (::fstat(fd.get(), &st) != 0)
        throw std::runtime_error(shown(root, path) + ": " + std::strerror(errno));
    return Opened{std::move(fd), st};
}

std::optional<Opened> open_regular(const fs::path& root, const fs::path& path) {
    auto o = open_inside(root, path, 0);
    if (o && !S_ISREG(o->st.st_mode))
        throw RequestError(403, shown(root, path) + ": not a regular file");
    return o;
}

// Opens for reading the very file that `o` holds (through its /proc link, so that no path is
// resolved again).
Fd reopen(const Opened& o, int flags, const fs::path& root, const fs::path& path) {
    Fd fd(::open(proc_link(o.fd.get()).c_str(), flags | O_CLOEXEC | O_NOCTTY | O_NONBLOCK));
    struct stat st {};
    if (fd.get() < 0 || ::fstat(fd.get(), &st) != 0 || st.st_ino != o.st.st_ino ||
        st.st_dev != o.st.st_dev)
        throw std::runtime_error(shown(root, path) + ": changed while it was opened");
    return fd;
}

// Reads at most `limit` bytes of `fd`; `over` is set when there was more.
std::string read_bounded(int fd, std::size_t limit, bool& over, const std::string& name) {
    std::string text;
    char chunk[1 << 16];
    over = false;
    for (;;) {
        const std::size_t want = std::min(sizeof chunk, limit - text.size() + 1);
        const ssize_t n = ::read(fd, chunk, want);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) throw std::runtime_error(name + ": " + std::strerror(errno));
        if (n == 0) return text;
        // It may grow while it is read (a logbook): the bound holds all the same.
        if (static_cast<std::size_t>(n) > limit - text.size()) {
            text.append(chunk, limit - text.size());
            over = true;
            return text;
        }
        text.append(chunk, static_cast<std::size_t>(n));
    }
}

}  // namespace confined_detail

std::optional<std::string> read_confined(const fs::path& root, const fs::path& path,
                                         std::size_t max_bytes) {
    using namespace confined_detail;
    const auto o = open_regular(root, path);
    if (!o) return std::nullopt;
    const auto too_large = [&] {
        return RequestError(413, shown(root, path) + ": larger than the server reads (" +
                                     std::to_string(max_bytes) + " bytes)");
    };
    if (static_cast<std::uintmax_t>(o->st.st_size) > max_bytes) throw too_large();
    bool over = false;
    std::string text =
        read_bounded(reopen(*o, O_RDONLY, root, path).get(), max_bytes, over, shown(root, path));
    if (over) throw too_large();
    return text;
}

std::optional<std::string> read_confined_head(const fs::path& root, const fs::path& path,
                                              std::size_t bytes) {
    using namespace confined_detail;
    const auto o = open_regular(root, path);
    if (!o) return std::nullopt;
    bool over = false;
    return read_bounded(reopen(*o, O_RDONLY, root, path).get(), bytes, over, shown(root, path));
}

std::optional<std::string> read_confined_tail(const fs::path& root, const fs::path& path,
                                              std::size_t bytes) {
    using namespace confined_detail;
    const auto o = open_regular(root, path);
    if (!o) return std::nullopt;
    const Fd fd = reopen(*o, O_RDONLY, root, path);
    struct stat st {};
    if (::fstat(fd.get(), &st) != 0)
        throw std::runtime_error(shown(root, path) + ": " + std::strerror(errno));
    const auto size = static_cast<std::size_t>(st.st_size);
    if (size > bytes && ::lseek(fd.get(), static_cast<off_t>(size - bytes), SEEK_SET) < 0)
        throw std::runtime_error(shown(root, path) + ": " + std::strerror(errno));
    bool over = false;
    return read_bounded(fd.get(), bytes, over, shown(root, path));
}

std::optional<ConfinedStat> stat_confined(const fs::path& root, const fs::path& path) {
    const auto o = confined_detail::open_regular(root, path);
    if (!o) return std::nullopt;
    return ConfinedStat{static_cast<std::uintmax_t>(o->st.st_size),
                        static_cast<double>(o->st.st_mtim.tv_sec) +
                            static_cast<double>(o->st.st_mtim.tv_nsec) * 1e-9};
}

bool confined_folder(const fs::path& root, const fs::path& path) {
    const auto o = confined_detail::open_inside(root, path, 0);
    return o && S_ISDIR(o->st.st_mode);
}

std::vector<std::string> confined_names(const fs::path& root, const fs::path& path,
                                        bool (*keep)(const std::string& name),
                                        std::size_t max_names, std::size_t max_entries) {
    using namespace confined_detail;
    const auto o = open_inside(root, path, O_DIRECTORY);
    if (!o) return {};
    Fd fd = reopen(*o, O_RDONLY | O_DIRECTORY, root, path);
    DIR* dir = ::fdopendir(fd.get());
    if (!dir) throw std::runtime_error(shown(root, path) + ": " + std::strerror(errno));
    fd.release();  // the DIR owns it from here on
    std::vector<std::string> names;
    std::size_t seen = 0;
    bool too_many = false;
    while (const dirent* e = ::readdir(dir)) {
        if (++seen > max_entries || names.size() > max_names) {
            too_many = true;
            break;
        }
        if (keep(e->d_name)) names.emplace_back(e->d_name);
    }
    ::closedir(dir);
    if (too_many || names.size() > max_names)
        throw RequestError(413, shown(root, path) + ": more entries than the server lists");
    std::sort(names.begin(), names.end());
    return names;
}

}  // namespace maze::experiments
