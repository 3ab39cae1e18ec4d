// A scratch folder of this test process's own: ctest runs tests in parallel processes, so
// fixed names in the shared temporary folder would collide. Removed when the process ends.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

namespace maze::testing_support {

inline const std::string& test_dir() {
    struct Dir {
        std::string path;
        Dir() {
            path = ::testing::TempDir() + "mazesearch-test-" + std::to_string(::getpid());
            std::filesystem::create_directories(path);
        }
        ~Dir() {
            std::error_code ec;
            std::filesystem::remove_all(path, ec);
        }
    };
    static const Dir dir;
    return dir.path;
}

}  // namespace maze::testing_support
