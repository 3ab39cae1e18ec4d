// Typed optimizer and target parameters, read from any source (the YAML configs fill them in
// experiments/). Each read marks its key used, so that unknown keys can be reported.
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

namespace maze {

// A bad or unknown parameter; `where` names its source ("configs/x.yaml:12") when known.
class ParamError : public std::runtime_error {
  public:
    ParamError(const std::string& key, const std::string& where, const std::string& what)
        : std::runtime_error((where.empty() ? "" : where + ": ") + key + ": " + what) {}
};

// A number as messages show it: the shortest text that reads back as the same double ("1e-10",
// "0.05", "1e+12"), never rounded to a fixed count of digits ("0.000000" hid 1e-10 as 0).
std::string number_text(double v);
// A closed interval of allowed values as messages show it: "[1e-09, 1e+12]".
std::string interval_text(double lo, double hi);

class Params {
  public:
    // A pair of integers, as in `start: [0, 0]`.
    struct Pair {
        std::int64_t first = 0, second = 0;
    };
    using Value = std::variant<bool, std::int64_t, double, std::string, Pair>;

    // `shown`: the value as its source wrote it, for messages ("18446744073709551615", which a
    // double only approximates); empty: the value's own text.
    void set(const std::string& key, Value v, const std::string& where = "",
             const std::string& shown = "");
    // The section these parameters belong to ("optimizer"); errors name keys as section.key.
    void set_section(const std::string& section) { section_ = section; }
    const std::string& section() const { return section_; }
    bool has(const std::string& key) const { return values_.count(key) != 0; }

    double get_double(const std::string& key, double fallback, double lo, double hi) const;
    std::int64_t get_int(const std::string& key, std::int64_t fallback, std::int64_t lo,
                         std::int64_t hi) const;
    bool get_bool(const std::string& key, bool fallback) const;
    // Any string (not a number, nor a pair).
    std::string get_string(const std::string& key, const std::string& fallback = "") const;
    // A pair [a, b] (the key must be set).
    Pair get_pair(const std::string& key) const;
    // One of `allowed`.
    std::string get_choice(const std::string& key, const std::string& fallback,
                           const std::vector<std::string>& allowed) const;

    // Keys that were set but never read, in order.
    std::vector<std::string> unused() const;
    // Throws ParamError for the first unused key ("unknown key").
    void reject_unused(const std::string& section) const;
    // Where a key was set ("" if unknown or not set).
    std::string where(const std::string& key) const;

  private:
    struct Entry {
        Value value;
        std::string where;
        std::string shown;
        // Its type and value, for a message: `a string "x"`, `a number 0.5`.
        std::string described() const;
    };
    std::string qualified(const std::string& key) const {
        return section_.empty() ? key : section_ + "." + key;
    }
    std::string section_;
    std::map<std::string, Entry> values_;
    mutable std::set<std::string> used_;
};

}  // namespace maze
