// Who runs a sweep's point: the process that holds the point's lock. The lock is an open file
// description lock (fcntl F_OFD_SETLK) on the point's log, SWEEP/logs/point-NNN.txt, taken by
// the sweep process that starts the point before it decides anything about it and kept until the
// point's process has ended and its exit status is logged. The point's process writes its
// standard error to that same open file, so it holds the lock too: a sweep killed while its point
// runs leaves the lock with the point until the point ends. The kernel drops the lock when the
// last process holding it ends, however it ends, so a held lock always means a live process.
// Anyone can ask whether a point is held (point_held) without taking the lock, so that a reader
// (index.csv, summarize, serve) never stands in a starting point's way.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace maze::experiments {

class PointLock {
  public:
    // The lock of the point whose log is `log` (opened for appending, created if missing); none
    // when another process holds it. FileError when the log cannot be opened or locked.
    static std::optional<PointLock> try_take(const std::filesystem::path& log);
    PointLock(PointLock&& other) noexcept : fd_(other.fd_), log_(std::move(other.log_)) {
        other.fd_ = -1;
    }
    PointLock& operator=(PointLock&&) = delete;
    PointLock(const PointLock&) = delete;
    ~PointLock();

    // The log, open for appending: the point's standard error.
    int fd() const { return fd_; }
    // Appends one line to the log (a failure to write is said on standard error; the point's own
    // files are what counts).
    void append(const std::string& line) const;

  private:
    PointLock(int fd, std::filesystem::path log) : fd_(fd), log_(std::move(log)) {}
    int fd_ = -1;
    std::filesystem::path log_;
};

// True while a live process holds the lock of the point whose log is `log`; never takes it.
bool point_held(const std::filesystem::path& log);

}  // namespace maze::experiments
