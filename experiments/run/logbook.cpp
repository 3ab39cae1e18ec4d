#include "mazesearch/experiments/run/logbook.hpp"

#include <cstdio>
#include <string>

#include "mazesearch/experiments/files.hpp"

namespace maze::cli {

namespace {

constexpr const char* kHeader = "gen,evals,rejected,best,mean,std,min,max,seconds\n";

std::string csv_number(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.10g", v);
    return buf;
}

}  // namespace

Logbook::Logbook(const std::filesystem::path& path, std::uint64_t rows)
    : out_(path, std::ios::app), rows_(rows) {}

Logbook Logbook::create(const std::filesystem::path& path) {
    write_file_atomically(path, kHeader);
    return Logbook(path, 0);
}

Logbook Logbook::resume(const std::filesystem::path& path, std::uint64_t rows) {
    const std::string text = read_text_file(path);
    std::string kept;
    std::uint64_t lines = 0;
    std::size_t pos = 0;
    while (pos < text.size() && lines < rows + 1) {  // header + rows
        const std::size_t nl = text.find('\n', pos);
        if (nl == std::string::npos) break;
        kept += text.substr(pos, nl - pos + 1);
        pos = nl + 1;
        ++lines;
    }
    write_file_atomically(path, kept);
    return Logbook(path, rows);
}

void Logbook::write_row(std::uint64_t step, Evaluator& ev) {
    const StepStats s = ev.take_step_stats();
    auto stat = [&](double v) { return s.count ? csv_number(v) : std::string(); };
    out_ << step << ',' << ev.evaluations() << ',' << ev.rejected() << ','
         << (ev.has_best() ? csv_number(ev.best_score()) : "") << ',' << stat(s.mean) << ','
         << stat(s.std) << ',' << stat(s.min) << ',' << stat(s.max) << ','
         << csv_number(ev.seconds()) << '\n';
    ++rows_;
}

}  // namespace maze::cli
