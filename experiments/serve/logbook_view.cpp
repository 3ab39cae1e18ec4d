#include "mazesearch/experiments/serve/logbook_view.hpp"

#include <algorithm>
#include <cstdlib>

#include "mazesearch/experiments/sweep/sweep_table.hpp"  // score_json

namespace maze::experiments {

// Named, not anonymous: the library is built as a unity build.
namespace logbook_view_detail {

// The cells of the line [begin, end) of `text`, a carriage return dropped.
std::vector<std::string> split_line(const std::string& text, std::size_t begin, std::size_t end) {
    std::vector<std::string> cells(1);
    for (std::size_t i = begin; i < end; ++i) {
        if (text[i] == ',')
            cells.emplace_back();
        else if (text[i] != '\r')
            cells.back() += text[i];
    }
    return cells;
}

}  // namespace logbook_view_detail

LogbookView::LogbookView(std::string text) : text_(std::move(text)) {
    const std::size_t last = text_.rfind('\n');
    if (last == std::string::npos) return;
    text_.resize(last + 1);
    std::size_t end = text_.find('\n');
    columns_ = logbook_view_detail::split_line(text_, 0, end);
    for (std::size_t begin = end + 1; begin < text_.size(); begin = end + 1) {
        end = text_.find('\n', begin);
        const auto commas = std::count(text_.begin() + static_cast<std::ptrdiff_t>(begin),
                                       text_.begin() + static_cast<std::ptrdiff_t>(end), ',');
        if (static_cast<std::size_t>(commas) + 1 == columns_.size()) starts_.push_back(begin);
    }
}

nlohmann::json number_cell(const std::string& cell) {
    char* stop = nullptr;
    const double v = std::strtod(cell.c_str(), &stop);
    // JSON has no infinity: "-inf" is written as the run files write it (score_json), a cell that
    // is no number at all as null.
    return cell.empty() || *stop ? nlohmann::json(nullptr) : score_json(v);
}

std::vector<nlohmann::json> LogbookView::row(std::size_t i) const {
    const std::size_t begin = starts_.at(i);
    std::vector<nlohmann::json> out;
    for (const std::string& c :
         logbook_view_detail::split_line(text_, begin, text_.find('\n', begin)))
        out.push_back(number_cell(c));
    return out;
}

std::optional<double> LogbookView::cell(std::size_t i, const std::string& column) const {
    const auto it = std::find(columns_.begin(), columns_.end(), column);
    if (it == columns_.end()) return std::nullopt;
    const nlohmann::json v = row(i)[static_cast<std::size_t>(it - columns_.begin())];
    if (v.is_number()) return v.get<double>();
    if (v.is_string()) return std::strtod(v.get<std::string>().c_str(), nullptr);  // "-inf"
    return std::nullopt;
}

}  // namespace maze::experiments
