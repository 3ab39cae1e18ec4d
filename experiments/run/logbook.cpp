#include "mazesearch/experiments/run/logbook.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <stdexcept>
#include <string>

#include "mazesearch/experiments/config.hpp"
#include "mazesearch/experiments/files.hpp"

namespace maze::experiments {

namespace {

std::string header(const std::vector<std::string>& measures) {
    std::string h = "gen,evals,rejected,best,mean,std,min,max,seconds";
    for (const std::string& m : measures) h += "," + m;
    return h + "\n";
}

std::string csv_number(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.10g", v);
    return buf;
}

}  // namespace

Logbook::Logbook(const std::filesystem::path& path, std::uint64_t rows, std::size_t measures)
    : path_(path), measures_(measures), out_(std::fopen(path.c_str(), "ae")), rows_(rows) {
    if (!out_) throw FileError(path, "open the file", errno);
}

Logbook::Logbook(Logbook&& other) noexcept
    : path_(std::move(other.path_)),
      measures_(other.measures_),
      out_(other.out_),
      rows_(other.rows_) {
    other.out_ = nullptr;
}

Logbook::~Logbook() {
    if (out_) std::fclose(out_);
}

void Logbook::sync() {
    if (std::fflush(out_) != 0 || std::ferror(out_))
        throw FileError(path_, "write the file", errno);
    if (::fsync(::fileno(out_)) != 0)
        throw FileError(path_, "write the file to disk (fsync)", errno);
}

Logbook Logbook::create(const std::filesystem::path& path,
                        const std::vector<std::string>& measures) {
    write_file_atomically(path, header(measures));
    return Logbook(path, 0, measures.size());
}

Logbook Logbook::resume(const std::filesystem::path& path, std::uint64_t rows,
                        const std::vector<std::string>& measures) {
    if (!std::filesystem::exists(path)) return create(path, measures);
    const std::string text = read_text_file(path);
    const std::string head = header(measures);
    const std::string found = text.substr(0, text.find('\n') + 1);
    if (!found.empty() && found != head)
        throw ConfigError(path.string() + ": cannot resume the logbook: its columns are " +
                          found.substr(0, found.size() - 1) + ", this run writes " +
                          head.substr(0, head.size() - 1));
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
    if (lines == 0) kept = head;
    write_file_atomically(path, kept);
    return Logbook(path, lines ? lines - 1 : 0, measures.size());
}

void Logbook::write_row(std::uint64_t step, Evaluator& ev, const std::vector<double>& measures) {
    if (measures.size() != measures_)
        throw std::logic_error("logbook: " + std::to_string(measures.size()) +
                               " measures for a header of " + std::to_string(measures_));
    const StepStats s = ev.take_step_stats();
    auto stat = [&](double v) { return s.count ? csv_number(v) : std::string(); };
    std::string row = std::to_string(step) + ',' + std::to_string(ev.ledger().evaluations()) + ',' +
                      std::to_string(ev.ledger().rejected()) + ',' +
                      (ev.ledger().has_best() ? csv_number(ev.ledger().best_score()) : "") + ',' +
                      stat(s.mean) + ',' + stat(s.std) + ',' + stat(s.min) + ',' + stat(s.max) +
                      ',' + csv_number(ev.ledger().seconds());
    for (double m : measures) row += ',' + csv_number(m);
    row += '\n';
    if (std::fputs(row.c_str(), out_) == EOF) throw FileError(path_, "write the file", errno);
    ++rows_;
}

}  // namespace maze::experiments
