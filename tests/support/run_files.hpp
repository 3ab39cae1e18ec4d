// What the tests of run folders share: a file's text, a fresh folder of the test's own, and a
// logbook without its wall-clock column (which no two runs share).
#pragma once

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "temp_dir.hpp"

namespace maze::testing_support {

inline std::string slurp(const std::filesystem::path& p) {
    std::ifstream in(p);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// test_dir()/name, emptied.
inline std::filesystem::path fresh_dir(const std::string& name) {
    const std::filesystem::path d = std::filesystem::path(test_dir()) / name;
    std::filesystem::remove_all(d);
    return d;
}

// The logbook.csv of a run folder without its column of seconds (the ninth; the optimizer's
// measures follow it).
inline std::string logbook_without_timing(const std::filesystem::path& dir) {
    std::istringstream in(slurp(dir / "logbook.csv"));
    std::string line, out;
    while (std::getline(in, line)) {
        std::size_t start = 0;
        for (int field = 0; field < 8 && start != std::string::npos; ++field)
            start = line.find(',', start) == std::string::npos ? std::string::npos
                                                               : line.find(',', start) + 1;
        if (start == std::string::npos) {
            out += line + "\n";
            continue;
        }
        const std::size_t end = line.find(',', start);
        out += line.substr(0, start == 0 ? 0 : start - 1) +
               (end == std::string::npos ? "" : line.substr(end)) + "\n";
    }
    return out;
}

}  // namespace maze::testing_support
