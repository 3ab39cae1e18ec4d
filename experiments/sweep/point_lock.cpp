#include "mazesearch/experiments/sweep/point_lock.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>

#include "mazesearch/experiments/diagnostics.hpp"
#include "mazesearch/experiments/files.hpp"

namespace maze::experiments {

namespace {

// The whole file, for writing: the lock a point's runner takes and the one a reader asks about.
struct flock whole_file(short type) {
    struct flock l {};
    l.l_type = type;
    l.l_whence = SEEK_SET;
    l.l_start = 0;
    l.l_len = 0;
    return l;
}

}  // namespace

std::optional<PointLock> PointLock::try_take(const std::filesystem::path& log) {
    const int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd < 0) throw FileError(log, "open the point's log", errno);
    struct flock l = whole_file(F_WRLCK);
    int rc;
    do {
        rc = ::fcntl(fd, F_OFD_SETLK, &l);
    } while (rc != 0 && errno == EINTR);
    if (rc == 0) return PointLock(fd, log);
    const int err = errno;
    ::close(fd);
    if (err == EAGAIN || err == EACCES) return std::nullopt;
    throw FileError(log, "lock the point's log", err);
}

PointLock::~PointLock() {
    if (fd_ >= 0) ::close(fd_);
}

void PointLock::append(const std::string& line) const {
    const std::string text = line + "\n";
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(fd_, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            diag().warn("{}: cannot write to the point's log", log_.string());
            return;
        }
        done += static_cast<std::size_t>(n);
    }
}

bool point_held(const std::filesystem::path& log) {
    const int fd = ::open(log.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return false;  // no log: the point was never started
    struct flock l = whole_file(F_WRLCK);
    const int rc = ::fcntl(fd, F_OFD_GETLK, &l);
    ::close(fd);
    return rc == 0 && l.l_type != F_UNLCK;
}

}  // namespace maze::experiments
