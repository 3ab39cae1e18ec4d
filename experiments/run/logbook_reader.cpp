#include "mazesearch/experiments/run/logbook_reader.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <regex>
#include <set>

#include "mazesearch/experiments/config.hpp"               // ConfigError
#include "mazesearch/experiments/sweep/sweep_table.hpp"  // score_json

namespace maze::experiments {

// Named, not anonymous: the library is built as a unity build.
namespace logbook_reader_detail {

// The cells of the line [begin, end) of `text` as serve reads them, a carriage return dropped.
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

// The cells of a line read strictly: one carriage return at its end is its line end; an empty
// line has no cells; a quote or another carriage return is refused (the engine writes neither).
std::vector<std::string> strict_cells(const std::string& text, std::size_t begin, std::size_t end,
                                      const std::string& where) {
    if (end > begin && text[end - 1] == '\r') --end;
    if (end == begin) return {};
    const auto odd = std::find_if(text.begin() + static_cast<std::ptrdiff_t>(begin),
                                  text.begin() + static_cast<std::ptrdiff_t>(end),
                                  [](char c) { return c == '"' || c == '\r'; });
    if (odd != text.begin() + static_cast<std::ptrdiff_t>(end))
        throw ConfigError(where + (*odd == '"' ? "a quoted field (a logbook has none)"
                                               : "a carriage return inside the line"));
    return split_line(text, begin, end);
}

// `s` as Python's repr() writes a str: in single quotes (double quotes when it holds a single
// quote and no double quote), backslashes and control characters escaped.
std::string py_repr(const std::string& s) {
    const bool dq = s.find('\'') != std::string::npos && s.find('"') == std::string::npos;
    const char q = dq ? '"' : '\'';
    std::string out(1, q);
    for (const char c : s) {
        const auto u = static_cast<unsigned char>(c);
        if (c == '\\' || c == q) {
            out += '\\';
            out += c;
        } else if (c == '\n') {
            out += "\\n";
        } else if (c == '\r') {
            out += "\\r";
        } else if (c == '\t') {
            out += "\\t";
        } else if (u < 0x20 || u == 0x7f) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", u);
            out += buf;
        } else {
            out += c;
        }
    }
    return out + q;
}

bool is_counter(const std::string& column) {
    return column == "gen" || column == "evals" || column == "rejected";
}

}  // namespace logbook_reader_detail

LogbookView::LogbookView(std::string text) : text_(std::move(text)) {
    const std::size_t last = text_.rfind('\n');
    if (last == std::string::npos) return;
    text_.resize(last + 1);
    std::size_t end = text_.find('\n');
    columns_ = logbook_reader_detail::split_line(text_, 0, end);
    has_header_ = end > 0 && !(end == 1 && text_[0] == '\r');
    for (std::size_t begin = end + 1; begin < text_.size(); begin = end + 1) {
        end = text_.find('\n', begin);
        lines_.push_back(begin);
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
         logbook_reader_detail::split_line(text_, begin, text_.find('\n', begin)))
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

LogbookColumns LogbookView::columns_strict(const std::string& name) const {
    using namespace logbook_reader_detail;
    if (!has_header_) throw ConfigError(name + ": no header line");
    const std::string header_where = name + ": line 1: ";
    const std::vector<std::string> header =
        strict_cells(text_, 0, text_.find('\n'), header_where);
    const std::set<std::string> distinct(header.begin(), header.end());
    if (distinct.size() != header.size() || distinct.count(""))
        throw ConfigError(header_where + "a column without a name, or named twice");
    // Every line of the header's width first, then each column's numbers in turn.
    std::vector<std::vector<std::string>> rows;
    for (std::size_t r = 0; r < lines_.size(); ++r) {
        const std::string where = name + ": line " + std::to_string(r + 2) + ": ";
        rows.push_back(strict_cells(text_, lines_[r], text_.find('\n', lines_[r]), where));
        if (rows.back().size() != header.size())
            throw ConfigError(where + "expected " + std::to_string(header.size()) +
                              " fields, found " + std::to_string(rows.back().size()));
    }
    // A number as C's printf writes it (no spaces, no underscores, no hexadecimal).
    static const std::regex integer("-?[0-9]+");
    static const std::regex number("-?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][-+]?[0-9]+)?|-?(inf|nan)");
    LogbookColumns out;
    out.names = header;
    for (std::size_t c = 0; c < header.size(); ++c) {
        const bool counter = is_counter(header[c]);
        std::vector<std::int64_t> counts;
        std::vector<double> values;
        bool beyond = false;
        for (std::size_t r = 0; r < rows.size(); ++r) {
            const std::string& cell = rows[r][c];
            if (!counter && cell.empty()) {
                values.push_back(std::nan(""));
            } else if (std::regex_match(cell, counter ? integer : number)) {
                if (counter) {
                    errno = 0;
                    counts.push_back(std::strtoll(cell.c_str(), nullptr, 10));
                    beyond = beyond || errno == ERANGE;
                } else {
                    values.push_back(std::strtod(cell.c_str(), nullptr));
                }
            } else {
                throw ConfigError(name + ": line " + std::to_string(r + 2) + ": " + header[c] +
                                  ": " + py_repr(cell) + " is not " +
                                  (counter ? "an integer" : "a number"));
            }
        }
        if (beyond) throw ConfigError(name + ": " + header[c] + ": a count beyond 64 bits");
        if (counter)
            out.columns.emplace_back(std::move(counts));
        else
            out.columns.emplace_back(std::move(values));
    }
    return out;
}

}  // namespace maze::experiments
