// The one reader of a run's logbook.csv (run/logbook.hpp writes it; docs/formats.md,
// "logbook.csv"), read while the run may still be writing it: the header's columns and the
// complete lines (a last line without its newline is still being written and is left out). Two
// readings of the same lines:
//   - LogbookView's rows, as `mazesearch serve` shows them: a line with another number of cells
//     than the header is left out too, and a cell that is no number is null. Rows are found in
//     one pass and parsed only when asked for, so that a long logbook costs its text and an
//     offset a row, not a JSON value a cell.
//   - LogbookView::columns_strict, as the Python package reads it (mazesearch.open_run): every
//     complete line must hold a row of the header's width, and every cell a number (the
//     counters gen, evals and rejected integers); anything else is a ConfigError naming the file
//     and the line.
#pragma once

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace maze::experiments {

// A cell of a run's CSV file (logbook.csv, archive/index.csv) as the API writes it: a number, or
// "inf", "-inf", "nan" as the file writes them; null for an empty cell or one that is no number.
nlohmann::json number_cell(const std::string& cell);

// The logbook as columns: the counters as 64-bit integers, the other columns (scores, seconds)
// as doubles, NaN where a cell is empty.
struct LogbookColumns {
    using Column = std::variant<std::vector<std::int64_t>, std::vector<double>>;
    std::vector<std::string> names;  // the header's order
    std::vector<Column> columns;
};

class LogbookView {
  public:
    LogbookView() = default;
    explicit LogbookView(std::string text);

    const std::vector<std::string>& columns() const { return columns_; }
    std::size_t rows() const { return starts_.size(); }
    // Row i's numbers (null for an empty cell or one that is not a number).
    std::vector<nlohmann::json> row(std::size_t i) const;
    // The value of `column` in row i, or none.
    std::optional<double> cell(std::size_t i, const std::string& column) const;

    // Every complete line read strictly (see above); `name` is the file's name in the messages:
    // "runs/x/logbook.csv: line 7: expected 9 fields, found 4".
    LogbookColumns columns_strict(const std::string& name) const;

  private:
    std::string text_;
    std::vector<std::string> columns_;
    std::vector<std::size_t> lines_;   // where each complete line after the header starts
    std::vector<std::size_t> starts_;  // those of the rows of the header's width
    bool has_header_ = false;
};

}  // namespace maze::experiments
