// Bad input to a solver (a graph file, a tree, a protocol line): names its source and line so
// that the command can say exactly what to fix, and exits with status 2.
#pragma once

#include <stdexcept>
#include <string>

namespace maze {

class InputError : public std::runtime_error {
  public:
    // source: a file name or "<stdin>"; line: 1-based, or 0 when no line applies.
    InputError(std::string source, int line, const std::string& what)
        : std::runtime_error(message(source, line, what)),
          source_(std::move(source)),
          line_(line),
          detail_(what) {}
    const std::string& source() const { return source_; }
    int line() const { return line_; }
    // What is wrong, without the source and line.
    const std::string& detail() const { return detail_; }

  private:
    static std::string message(const std::string& source, int line, const std::string& what) {
        std::string m = source;
        if (line > 0) m.append(":").append(std::to_string(line));
        m.append(": ").append(what);
        return m;
    }
    std::string source_;
    int line_;
    std::string detail_;
};

}  // namespace maze
