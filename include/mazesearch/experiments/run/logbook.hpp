// logbook.csv: one row per `logbook_every` steps (generations or report intervals), with the
// statistics of the feasible scores since the row before:
//   gen, evals, rejected, best, mean, std, min, max, seconds
// and after them a column for each of the optimizer's measures (Optimizer::measures: map-elites'
// coverage, qd_score, elites), its value at the row's step.
#pragma once

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "mazesearch/search/evaluator.hpp"

namespace maze::experiments {

class Logbook {
  public:
    // A new logbook (the header only), or the first `rows` rows of an existing one (a resumed
    // run goes on from its checkpoint, so rows written after it are dropped).
    // `measures`: the names of the optimizer's measures, the last columns. A resumed logbook whose
    // header is another is refused (ConfigError naming the file and both headers): its rows would
    // not fit the new ones.
    static Logbook create(const std::filesystem::path& path,
                          const std::vector<std::string>& measures = {});
    static Logbook resume(const std::filesystem::path& path, std::uint64_t rows,
                          const std::vector<std::string>& measures = {});

    // Appends the row of `step`: the evaluator's counters and best, the statistics of the
    // step(s) since the previous row (which it resets), and the measures' values (one for each
    // name given at create or resume).
    void write_row(std::uint64_t step, Evaluator& ev, const std::vector<double>& measures = {});
    std::uint64_t rows() const { return rows_; }
    // Flushes the rows written and syncs them to disk (before a checkpoint that counts them).
    void sync();

    Logbook(Logbook&& other) noexcept;
    Logbook& operator=(Logbook&&) = delete;
    ~Logbook();

  private:
    Logbook(const std::filesystem::path& path, std::uint64_t rows, std::size_t measures);
    std::filesystem::path path_;
    std::size_t measures_;
    std::FILE* out_ = nullptr;
    std::uint64_t rows_;
};

}  // namespace maze::experiments
