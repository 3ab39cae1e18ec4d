// How the tables of sweeps and runs write one cell: a score, a number, a median, text in a
// Markdown or CSV cell, a score in JSON (sweep_table.hpp).
#include <cmath>
#include <cstdio>
#include <limits>

#include "mazesearch/experiments/run/report.hpp"
#include "mazesearch/experiments/stats/rank_compare.hpp"
#include "mazesearch/experiments/sweep/sweep_table.hpp"
#include "mazesearch/search/state_json.hpp"

namespace maze::experiments {

std::string score_text(double v) {
    if (!std::isfinite(v) || (std::abs(v) < 0x1p53 && v == std::trunc(v))) return format_score(v);
    return number_text(v);
}

std::string table_number(double v) {
    if (!std::isfinite(v) || v == std::trunc(v)) return format_score(v);
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.1f", v);
    return buf;
}

double median_of_sorted(const std::vector<double>& v) {
    const std::size_t n = v.size();
    if (n == 0) return std::numeric_limits<double>::quiet_NaN();
    return n % 2 ? v[n / 2] : stats::middle_of(v[n / 2 - 1], v[n / 2]);
}

std::string markdown_cell(const std::string& text) {
    std::string out;
    for (char c : text) {
        if (c == '|') out += '\\';  // a column's end otherwise
        out += c == '\n' || c == '\r' ? ' ' : c;
    }
    return out;
}

nlohmann::json score_json(double v) {
    return nlohmann::json(Real(v));
}

std::string csv_field(const std::string& text) {
    if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
    std::string q = "\"";
    for (char c : text) q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
}

}  // namespace maze::experiments
