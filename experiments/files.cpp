#include "mazesearch/experiments/files.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>

#include "mazesearch/engine/input_error.hpp"
#include "mazesearch/engine/input_file.hpp"
#include "mazesearch/experiments/config.hpp"

namespace fs = std::filesystem;

namespace maze::experiments {

namespace {

// The marker of this program's temporary files: NAME.tmp-PID-N.
constexpr const char* kTempMarker = ".tmp-";

fs::path temporary_beside(const fs::path& path) {
    static std::atomic<unsigned> counter{0};
    return path.string() + kTempMarker + std::to_string(::getpid()) + "-" +
           std::to_string(counter.fetch_add(1));
}

// write(2) all of `text`, retrying short writes and interruptions.
bool write_all(int fd, const std::string& text) {
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            return false;
        }
        done += static_cast<std::size_t>(n);
    }
    return true;
}

void sync_folder(const fs::path& dir) {
    const int fd = ::open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) throw FileError(dir, "open the folder to sync it", errno);
    const int rc = ::fsync(fd);
    const int err = errno;
    ::close(fd);
    // Some file systems cannot sync a folder (EINVAL): nothing more can be done there.
    if (rc != 0 && err != EINVAL) throw FileError(dir, "sync the folder", err);
}

}  // namespace

FileError::FileError(const fs::path& path, const std::string& action, int error)
    : std::runtime_error(path.string() + ": cannot " + action + ": " + std::strerror(error)),
      error_(error) {}

bool FileError::bad_path() const {
    switch (error_) {
        case EACCES:
        case EPERM:
        case EROFS:
        case ENOENT:
        case ENOTDIR:
        case EISDIR:
        case EEXIST:
        case ENAMETOOLONG:
        case ELOOP:
        case ENOTEMPTY:
            return true;
        default:
            return false;
    }
}

namespace {

// Writes `text` into a new temporary file beside `path` and returns its name.
fs::path write_temporary(const fs::path& path, const std::string& text, Sync sync) {
    const fs::path tmp = temporary_beside(path);
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0) throw FileError(path, "write the file", errno);
    auto fail = [&](const std::string& action, bool open) {
        const int err = errno;
        if (open) ::close(fd);
        ::unlink(tmp.c_str());
        throw FileError(path, action, err);
    };
    if (!write_all(fd, text)) fail("write the file", true);
    if (sync == Sync::Yes && ::fsync(fd) != 0) fail("write the file to disk (fsync)", true);
    if (::close(fd) != 0) fail("write the file", false);
    return tmp;
}

void rename_into_place(const fs::path& tmp, const fs::path& path) {
    if (::rename(tmp.c_str(), path.c_str()) != 0) {
        const int err = errno;
        ::unlink(tmp.c_str());
        throw FileError(path, "replace the file", err);
    }
}

// Writes into an existing file that is not a regular one (a device, a pipe, /dev/stdout): such a
// file cannot be replaced, only written.
void write_in_place(const fs::path& path, const std::string& text) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
    if (fd < 0) throw FileError(path, "write the file", errno);
    const bool ok = write_all(fd, text);
    const int err = errno;
    if (::close(fd) != 0 && ok) throw FileError(path, "write the file", errno);
    if (!ok) throw FileError(path, "write the file", err);
}

// True when `path` exists and is not a regular file (after links); FileError for a folder.
bool special_file(const fs::path& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return false;
    if (S_ISDIR(st.st_mode)) throw FileError(path, "write the file", EISDIR);
    return !S_ISREG(st.st_mode);
}

}  // namespace

void write_file_atomically(const fs::path& path, const std::string& text, Sync sync) {
    if (special_file(path)) return write_in_place(path, text);
    rename_into_place(write_temporary(path, text, sync), path);
    if (sync == Sync::Yes) sync_folder(path.parent_path());
}

void write_file_keeping_previous(const fs::path& path, const fs::path& previous,
                                 const std::string& text) {
    const fs::path tmp = write_temporary(path, text, Sync::Yes);
    if (::rename(path.c_str(), previous.c_str()) != 0 && errno != ENOENT) {
        const int err = errno;
        ::unlink(tmp.c_str());
        throw FileError(previous, "keep the previous version", err);
    }
    rename_into_place(tmp, path);
    sync_folder(path.parent_path());
}

void remove_stale_temporaries(const fs::path& dir, const std::string& prefix) {
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir.empty() ? "." : dir, ec)) {
        const std::string name = entry.path().filename().string();
        if (name.rfind(prefix, 0) == 0 && name.find(kTempMarker) != std::string::npos &&
            entry.is_regular_file(ec))
            fs::remove(entry.path(), ec);
    }
}

void make_folder(const fs::path& dir) {
    std::error_code ec;
    if (fs::exists(dir, ec)) {
        if (!fs::is_directory(dir, ec)) throw FileError(dir, "use it as a folder", ENOTDIR);
        return;
    }
    fs::create_directories(dir, ec);
    if (ec) throw FileError(dir, "create the folder", ec.value());
}

std::string read_text_file(const fs::path& path) {
    try {
        return read_input(path.string(), kMaxRunFileBytes, "a file of a run or an enumeration");
    } catch (const InputError& e) {
        throw ConfigError(e.what());
    }
}

nlohmann::json read_json_file(const fs::path& path) {
    const std::string text = read_text_file(path);
    try {
        return nlohmann::json::parse(text);
    } catch (const nlohmann::json::exception& e) {
        throw ConfigError(path.string() + ": not valid JSON: " + e.what());
    }
}

std::string fnv1a64_hex(const std::string& bytes) {
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (unsigned char c : bytes) {
        h ^= c;
        h *= 0x100000001b3ull;
    }
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(h));
    return text;
}

std::optional<fs::path> take_latest_or_previous(
    const fs::path& latest, const fs::path& previous,
    const std::function<void(const fs::path&)>& take,
    const std::function<void(const std::string&)>& warn, const std::string& what,
    const std::function<std::string(const std::string&)>& advice) {
    std::string problems, files;
    for (const fs::path& p : {latest, previous}) {
        std::error_code ec;
        if (!fs::exists(p, ec)) continue;
        files += (files.empty() ? "" : " and ") + p.string();
        try {
            take(p);
            if (!problems.empty())
                warn(p.string() + ": resuming from this previous checkpoint instead");
            return p;
        } catch (const std::exception& e) {
            const std::string why = e.what();
            // Messages of the parsers start with the path already.
            const std::string line = why.rfind(p.string(), 0) == 0 ? why : p.string() + ": " + why;
            warn(line + " (unusable; skipped)");
            problems += (problems.empty() ? "" : "; ") + line;
        }
    }
    if (problems.empty()) return std::nullopt;
    throw ConfigError("no usable " + what + ": " + problems + ". " + advice(files));
}

namespace {

// The whole of a file, for the mark a folder's lock carries and the question a reader asks of it.
struct flock whole_range(short type) {
    struct flock l {};
    l.l_type = type;
    l.l_whence = SEEK_SET;
    return l;
}

}  // namespace

FolderLock::FolderLock(const fs::path& dir, const std::string& what) {
    fd_ = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd_ < 0) throw FileError(dir, "open the folder", errno);
    lock(dir.string(), what);
    // A reader cannot ask about a flock without taking one (which would refuse a run starting at
    // that moment); an open file description lock it can ask about (F_OFD_GETLK). Where a file
    // system has no such locks the work goes on unmarked: readers then take it for stopped.
    struct flock mark = whole_range(F_RDLCK);
    (void)::fcntl(fd_, F_OFD_SETLK, &mark);
}

bool FolderLock::held(const fs::path& dir) {
    const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) return false;  // no folder: nothing works in it
    struct flock l = whole_range(F_WRLCK);
    const int rc = ::fcntl(fd, F_OFD_GETLK, &l);
    ::close(fd);
    return rc == 0 && l.l_type != F_UNLCK;
}

FolderLock FolderLock::file(const fs::path& path, const std::string& name,
                            const std::string& what) {
    FolderLock l;
    l.fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (l.fd_ < 0) throw FileError(path, "create the lock file", errno);
    l.lock(name, what);
    return l;
}

void FolderLock::lock(const std::string& name, const std::string& what) {
    if (::flock(fd_, LOCK_EX | LOCK_NB) == 0) return;
    const int err = errno;
    ::close(fd_);
    fd_ = -1;
    if (err == EWOULDBLOCK)
        throw ConfigError(name + ": in use by another mazesearch process (" + what +
                          " still going on there); wait for it to end or stop it first");
    throw FileError(name, "lock", err);
}

FolderLock::~FolderLock() {
    if (fd_ >= 0) ::close(fd_);
}

}  // namespace maze::experiments
