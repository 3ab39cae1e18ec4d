// A run's logbook.csv as `mazesearch serve` reads it while the run writes it: the header's
// columns and the complete rows (a last line without its newline is still being written and is
// left out, as is a row with another number of cells). Rows are found in one pass and parsed only
// when asked for, so that a long logbook costs its text and an offset a row, not a JSON value a
// cell.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace maze::experiments {

// A cell of a run's CSV file (logbook.csv, archive/index.csv) as the API writes it: a number, or
// "inf", "-inf", "nan" as the file writes them; null for an empty cell or one that is no number.
nlohmann::json number_cell(const std::string& cell);

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

  private:
    std::string text_;
    std::vector<std::string> columns_;
    std::vector<std::size_t> starts_;  // where each complete row's line starts in text_
};

}  // namespace maze::experiments
