// The files of run folders and enumeration results, written so that nothing is lost:
//
// - write_file_atomically writes a unique temporary file beside the target, fsyncs it, renames it
//   over the target and fsyncs the folder, so that a reader, a crash or a power loss sees either
//   the old file or the new one, whole. A failed write removes its temporary file.
// - FolderLock holds an advisory lock (flock) on a folder while a process owns it; a second
//   process is refused with a clear message. The kernel drops the lock when the process ends,
//   however it ends. Anyone can ask whether a folder is held (FolderLock::held) without taking it.
// - Errors are FileError: the path, what was being done, and the system's reason. A bad path
//   (missing, not a folder, not writable, read-only) is the user's to fix (exit status 2); the
//   rest (a full disk, an I/O error) is the environment's (exit status 1).
#pragma once

#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>

namespace maze::experiments {

class FileError : public std::runtime_error {
  public:
    // "PATH: cannot ACTION: strerror(error)".
    FileError(const std::filesystem::path& path, const std::string& action, int error);
    int error() const { return error_; }
    // True for errors that name a bad path rather than a failing environment.
    bool bad_path() const;

  private:
    int error_;
};

// The longest file read back from a run folder or an enumeration (config.json, checkpoint.json,
// summary.json, progress); the files written are far shorter.
constexpr std::size_t kMaxRunFileBytes = std::size_t{256} << 20;

enum class Sync { No, Yes };

// Replaces `path` with `text` as described above; Sync::No skips the two fsyncs (files that are
// rewritten from the checkpoint anyway: best.txt, pictures, the archive).
void write_file_atomically(const std::filesystem::path& path, const std::string& text,
                           Sync sync = Sync::Yes);
// The same, but an existing `path` is first renamed to `previous` (replacing it), so that the
// last two versions are kept (checkpoints: a corrupt latest one falls back to the one before).
void write_file_keeping_previous(const std::filesystem::path& path,
                                 const std::filesystem::path& previous, const std::string& text);
// Removes temporary files left in `dir` by a process that died while writing (only while the
// folder is locked by this process); with `prefix`, only the temporaries of files whose names
// start with it.
void remove_stale_temporaries(const std::filesystem::path& dir, const std::string& prefix = "");

// The folder `dir`, created with its parents if missing; FileError when it cannot be (a file in
// the way, no permission, a read-only file system).
void make_folder(const std::filesystem::path& dir);

// Reads a whole file (a directory, a missing file or one over kMaxRunFileBytes is an error that
// names it, exit status 2).
std::string read_text_file(const std::filesystem::path& path);
nlohmann::json read_json_file(const std::filesystem::path& path);

// A 64-bit FNV-1a hash of `bytes` as 16 hexadecimal digits: tells a changed input file from
// the one a run started with (not a defence against a forger).
std::string fnv1a64_hex(const std::string& bytes);

// The latest of a pair of files kept by write_file_keeping_previous, else the previous one: the
// first that exists and that `take` (which reads it and keeps what it read, throwing
// std::exception when it cannot) accepts. Returns the path taken; each file passed over is said
// through `warn` with its path and why. None when neither exists. When both are unusable,
// ConfigError "no usable WHAT: why each. ADVICE(FILES)", FILES naming the ones that exist.
std::optional<std::filesystem::path> take_latest_or_previous(
    const std::filesystem::path& latest, const std::filesystem::path& previous,
    const std::function<void(const std::filesystem::path&)>& take,
    const std::function<void(const std::string&)>& warn, const std::string& what,
    const std::function<std::string(const std::string& files)>& advice);

class FolderLock {
  public:
    // Locks `dir` (which must exist) or throws ConfigError "DIR: in use by another mazesearch
    // process ...". `what` names the work in that message ("a run", "an enumeration").
    FolderLock(const std::filesystem::path& dir, const std::string& what);
    // Locks the file `path` (created if missing) the same way; `name` is what the message names
    // (the file the lock stands for).
    static FolderLock file(const std::filesystem::path& path, const std::string& name,
                           const std::string& what);
    // True while a live process holds the lock of the folder `dir` (the folder constructor's; it
    // also sets an open file description read lock that this asks about). Never takes a lock, so
    // a reader never stands in the way of a process that locks the folder at that moment.
    static bool held(const std::filesystem::path& dir);
    FolderLock(FolderLock&& other) noexcept : fd_(other.fd_) { other.fd_ = -1; }
    FolderLock& operator=(FolderLock&&) = delete;
    FolderLock(const FolderLock&) = delete;
    ~FolderLock();

  private:
    FolderLock() = default;
    void lock(const std::string& name, const std::string& what);
    int fd_ = -1;
};

}  // namespace maze::experiments
