// Runs the built `mazesearch` command for end-to-end tests: captures stdout, stderr and the exit
// status. The test executables define MAZESEARCH_BIN and MAZESEARCH_SOURCE_DIR.
#pragma once

#include <sys/wait.h>

#include <array>
#include <atomic>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

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

// Runs `mazesearch ARGS` through the shell (so ARGS may redirect, e.g. "< file").
inline CmdResult run(const std::string& args) {
    static std::atomic<int> counter{0};
    const std::string err_path =
        test_dir() + "/cli_stderr_" + std::to_string(counter.fetch_add(1)) + ".txt";
    const std::string cmd = kBin + " " + args + " 2>" + err_path;
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

}  // namespace maze::testing_support
