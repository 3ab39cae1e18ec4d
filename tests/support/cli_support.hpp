// Runs the built `mazesearch` command for end-to-end tests: captures stdout, stderr and the exit
// status. The test executables define MAZESEARCH_BIN and MAZESEARCH_SOURCE_DIR.
#pragma once

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <functional>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "temp_dir.hpp"

namespace maze::testing_support {

inline const std::string kBin = MAZESEARCH_BIN;
inline const std::string kSourceDir = MAZESEARCH_SOURCE_DIR;
inline const std::string kBoards = kSourceDir + "/configs/boards/";

struct CmdResult {
    int status = -1;
    std::string out;  // stdout
    std::string err;  // stderr
};

// Runs `mazesearch ARGS` through the shell (so ARGS may redirect, e.g. "< file"); `before` is
// shell text put in front of the command ("cd DIR && ", "ulimit -f 8; ").
inline CmdResult run(const std::string& args, const std::string& before = "") {
    static std::atomic<int> counter{0};
    const std::string err_path =
        test_dir() + "/cli_stderr_" + std::to_string(counter.fetch_add(1)) + ".txt";
    const std::string cmd = before + kBin + " " + args + " 2>" + err_path;
    CmdResult r;
    FILE* p = popen(cmd.c_str(), "r");
    if (!p) return r;
    std::array<char, 4096> buf{};
    size_t n = 0;
    while ((n = fread(buf.data(), 1, buf.size(), p)) > 0) r.out.append(buf.data(), n);
    const int st = pclose(p);
    r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    std::ifstream e(err_path);
    std::stringstream ss;
    ss << e.rdbuf();
    r.err = ss.str();
    return r;
}

// Writes `text` to a file in this process's scratch folder and returns its path.
inline std::string write_temp(const std::string& name, const std::string& text) {
    const std::string path = test_dir() + "/" + name;
    std::ofstream(path, std::ios::binary) << text;
    return path;
}

// Runs `mazesearch ARGS` with `input` on its standard input.
inline CmdResult run_with_input(const std::string& args, const std::string& input) {
    static std::atomic<int> counter{0};
    const std::string path =
        write_temp("stdin_" + std::to_string(counter.fetch_add(1)) + ".txt", input);
    return run(args + " < " + path);
}

// How a child process ended.
struct ChildExit {
    bool exited = false;     // it called exit(): `code` is its status
    int code = -1;           // valid when exited
    int signal = 0;          // it was killed by this signal
    bool timed_out = false;  // it was still running at the deadline and the test killed it

    std::string describe() const {
        if (timed_out) return "still running at the deadline (killed by the test)";
        if (exited) return "exited with status " + std::to_string(code);
        return "killed by signal " + std::to_string(signal);
    }
};

// `mazesearch ARGS` as a child process that a test can signal: standard input and output are
// /dev/null, standard error goes to `err_path`. Every wait is bounded, so a child that hangs fails
// the test instead of hanging it; a child still running when the object dies is killed.
class Child {
  public:
    // binary: the program to run (a copy of the command, say), by default the command.
    Child(const std::vector<std::string>& args, const std::string& err_path,
          const std::string& binary = kBin) {
        std::vector<std::string> argv_text{binary};
        argv_text.insert(argv_text.end(), args.begin(), args.end());
        std::vector<char*> argv;
        for (std::string& a : argv_text) argv.push_back(a.data());
        argv.push_back(nullptr);
        std::fflush(nullptr);
        pid_ = ::fork();
        if (pid_ == 0) {
            const int in = ::open("/dev/null", O_RDONLY);
            const int out = ::open("/dev/null", O_WRONLY);
            const int err = ::open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
            if (in < 0 || out < 0 || err < 0 || ::dup2(in, 0) < 0 || ::dup2(out, 1) < 0 ||
                ::dup2(err, 2) < 0)
                ::_exit(127);
            ::execv(argv[0], argv.data());
            ::_exit(127);
        }
    }
    ~Child() {
        if (pid_ > 0 && !ended()) {
            ::kill(pid_, SIGKILL);
            int st = 0;
            ::waitpid(pid_, &st, 0);
        }
    }
    Child(const Child&) = delete;
    Child& operator=(const Child&) = delete;

    bool started() const { return pid_ > 0; }

    // Polls `ready` every 10 ms: true once it holds, false if the child ended first or `limit`
    // passed.
    bool wait_until(const std::function<bool()>& ready, std::chrono::milliseconds limit) {
        const auto deadline = std::chrono::steady_clock::now() + limit;
        for (;;) {
            if (ready()) return true;
            if (ended() || std::chrono::steady_clock::now() >= deadline) return false;
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
    }

    void send(int sig) {
        if (!ended()) ::kill(pid_, sig);
    }

    // Waits at most `limit` for the child to end; past it, kills it and reports timed_out.
    ChildExit wait(std::chrono::milliseconds limit) {
        if (!wait_until([this] { return ended(); }, limit) && !ended()) {
            ::kill(pid_, SIGKILL);
            int st = 0;
            ::waitpid(pid_, &st, 0);
            exit_ = ChildExit{};
            exit_->timed_out = true;
        }
        return *exit_;
    }

  private:
    // Reaps the child if it has ended (without blocking).
    bool ended() {
        if (exit_) return true;
        if (pid_ <= 0) {
            exit_ = ChildExit{};
            return true;
        }
        int st = 0;
        if (::waitpid(pid_, &st, WNOHANG) != pid_) return false;
        ChildExit e;
        e.exited = WIFEXITED(st);
        e.code = e.exited ? WEXITSTATUS(st) : -1;
        e.signal = WIFSIGNALED(st) ? WTERMSIG(st) : 0;
        exit_ = e;
        return true;
    }

    pid_t pid_ = -1;
    std::optional<ChildExit> exit_;
};

// How often `what` occurs in `text`.
inline int occurrences(const std::string& text, const std::string& what) {
    int n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
        ++n;
    return n;
}

// The whole text of a file ("" if it cannot be read).
inline std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

}  // namespace maze::testing_support
