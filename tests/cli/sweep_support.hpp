// What the sweep tests share: fresh sweep folders, index.csv's statuses, a point's lock held as a
// sweep process holds it, processes started together through one gate, and the processes whose
// command line names a folder.
#pragma once

#include <dirent.h>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "cli_support.hpp"

namespace maze::testing_support::sweep_support {

namespace fs = std::filesystem;

inline const std::string kAnnealing = kSourceDir + "/configs/paper/annealing.yaml";

// An empty path in this process's scratch folder.
inline std::string fresh(const std::string& name) {
    const std::string dir = test_dir() + "/" + name;
    fs::remove_all(dir);
    return dir;
}

// One column of index.csv (2: status, 3: best), a row per point.
inline std::vector<std::string> index_column(const std::string& sweep, int column) {
    std::vector<std::string> out;
    std::istringstream in(read_file(sweep + "/index.csv"));
    std::string line;
    std::getline(in, line);  // header
    while (std::getline(in, line)) {
        std::size_t from = 0;
        for (int c = 0; c < column; ++c) from = line.find(',', from) + 1;
        out.push_back(line.substr(from, line.find(',', from) - from));
    }
    return out;
}

inline std::vector<std::string> statuses(const std::string& sweep) {
    return index_column(sweep, 2);
}

// A point's lock, held as a sweep process holds it (an open file description lock on its log,
// docs/formats.md): while it lives, every sweep waits for the point.
class HeldPoint {
  public:
    explicit HeldPoint(const std::string& log) {
        fd_ = ::open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
        struct flock l {};
        l.l_type = F_WRLCK;
        l.l_whence = SEEK_SET;
        held_ = fd_ >= 0 && ::fcntl(fd_, F_OFD_SETLK, &l) == 0;
    }
    HeldPoint(const HeldPoint&) = delete;
    HeldPoint& operator=(const HeldPoint&) = delete;
    ~HeldPoint() { release(); }
    bool held() const { return held_; }
    void release() {
        if (fd_ >= 0) ::close(fd_);
        fd_ = -1;
        held_ = false;
    }

  private:
    int fd_ = -1;
    bool held_ = false;
};

// `mazesearch ARGS` once per entry of `each`, all started at the same moment: every child waits
// at one gate (a pipe) that opens when all are made. Returns each one's exit status (-1: killed
// or out of time, after `limit`) with its standard error in err_paths[i].
inline std::vector<int> run_together(const std::vector<std::vector<std::string>>& each,
                                     const std::vector<std::string>& err_paths,
                                     std::chrono::seconds limit) {
    int gate[2];
    if (::pipe2(gate, O_CLOEXEC) != 0) return std::vector<int>(each.size(), -1);
    std::vector<pid_t> pids;
    std::fflush(nullptr);
    for (std::size_t i = 0; i < each.size(); ++i) {
        std::vector<std::string> text{kBin};
        text.insert(text.end(), each[i].begin(), each[i].end());
        std::vector<char*> argv;
        for (std::string& a : text) argv.push_back(a.data());
        argv.push_back(nullptr);
        const pid_t pid = ::fork();
        if (pid == 0) {
            ::close(gate[1]);
            char c;
            while (::read(gate[0], &c, 1) < 0 && errno == EINTR) {
            }
            const int out = ::open("/dev/null", O_WRONLY);
            const int err = ::open(err_paths[i].c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
            if (out < 0 || err < 0 || ::dup2(out, 1) < 0 || ::dup2(err, 2) < 0) ::_exit(127);
            ::execv(argv[0], argv.data());
            ::_exit(127);
        }
        pids.push_back(pid);
    }
    ::close(gate[0]);
    ::close(gate[1]);  // the gate opens: every child reads the end of the pipe at once
    std::vector<int> status(pids.size(), -1);
    std::vector<bool> done(pids.size(), false);
    const auto deadline = std::chrono::steady_clock::now() + limit;
    for (std::size_t left = pids.size(); left > 0;) {
        for (std::size_t i = 0; i < pids.size(); ++i) {
            int st = 0;
            if (done[i] || pids[i] <= 0 || ::waitpid(pids[i], &st, WNOHANG) != pids[i]) continue;
            done[i] = true;
            --left;
            status[i] = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
        }
        if (left > 0 && std::chrono::steady_clock::now() >= deadline) {
            for (std::size_t i = 0; i < pids.size(); ++i)
                if (!done[i] && pids[i] > 0) {
                    ::kill(pids[i], SIGKILL);
                    int st = 0;
                    ::waitpid(pids[i], &st, 0);
                }
            break;
        }
        if (left > 0) std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return status;
}

// The processes whose command line holds `text` (an argument such as output=DIR/point-001).
inline std::vector<pid_t> processes_naming(const std::string& text) {
    std::vector<pid_t> pids;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator("/proc", ec)) {
        const std::string name = entry.path().filename().string();
        if (name.find_first_not_of("0123456789") != std::string::npos) continue;
        std::string cmdline = read_file(entry.path().string() + "/cmdline");
        for (char& c : cmdline)
            if (c == '\0') c = ' ';
        if (cmdline.find(text) != std::string::npos) pids.push_back(std::stoi(name));
    }
    return pids;
}

}  // namespace maze::testing_support::sweep_support
