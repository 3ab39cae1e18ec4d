// logbook.csv: one row per `logbook_every` steps (generations or report intervals), with the
// statistics of the feasible scores since the row before:
//   gen, evals, rejected, best, mean, std, min, max, seconds
#pragma once

#include <cstdint>
#include <cstdio>
#include <filesystem>

#include "mazesearch/search/evaluator.hpp"

namespace maze::experiments {

class Logbook {
  public:
    // A new logbook (the header only), or the first `rows` rows of an existing one (a resumed
    // run goes on from its checkpoint, so rows written after it are dropped).
    static Logbook create(const std::filesystem::path& path);
    static Logbook resume(const std::filesystem::path& path, std::uint64_t rows);

    // Appends the row of `step`: the evaluator's counters and best, and the statistics of the
    // step(s) since the previous row (which it resets).
    void write_row(std::uint64_t step, Evaluator& ev);
    std::uint64_t rows() const { return rows_; }
    // Flushes the rows written and syncs them to disk (before a checkpoint that counts them).
    void sync();

    Logbook(Logbook&& other) noexcept;
    Logbook& operator=(Logbook&&) = delete;
    ~Logbook();

  private:
    Logbook(const std::filesystem::path& path, std::uint64_t rows);
    std::filesystem::path path_;
    std::FILE* out_ = nullptr;
    std::uint64_t rows_;
};

}  // namespace maze::experiments
