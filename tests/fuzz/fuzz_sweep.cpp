// libFuzzer target: sweeps (maze::experiments::plan_sweep, the arguments of `mazesearch sweep`, and
// SweepSpec::from_json, the sweep.json a rerun reads back). An input that starts with '{' is a
// sweep.json; any other is the command line's arguments, one a line, a line "--zip KEYS" a zip.
// A ConfigError is the answer to bad input; anything else is a bug, and so are: a planned sweep
// whose sweep.json does not read back to the same sweep, and a range whose values are not numbers
// from its start, each before its stop, in the step's direction (an integer range's exactly).
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "mazesearch/experiments/config.hpp"
#include "mazesearch/experiments/sweep/sweep_spec.hpp"
#include "mazesearch/experiments/yaml_scalar.hpp"

namespace {

namespace ex = maze::experiments;

// The config every planned sweep names (its bytes are hashed, never parsed).
const std::string& config_file() {
    static const std::string path = [] {
        const auto p = std::filesystem::temp_directory_path() / "mazesearch-fuzz-sweep.yaml";
        std::ofstream(p) << "name: fuzz\n";
        return p.string();
    }();
    return path;
}

// An integer range's values, exactly: start + i * step, each before the stop. False when a bound
// is not an integer.
bool check_integer_range(const std::string& text, const std::vector<std::string>& parts,
                         const std::vector<std::string>& values) {
    std::vector<ex::Int128> n;
    for (const std::string& p : parts) {
        const auto b = p.find_first_not_of(' ');
        const auto e = p.find_last_not_of(' ');
        const auto v = ex::decimal_integer(b == std::string::npos ? "" : p.substr(b, e - b + 1));
        if (!v) return false;
        n.push_back(*v);
    }
    const ex::Int128 start = n.size() == 1 ? 0 : n[0];
    const ex::Int128 stop = n.size() == 1 ? n[0] : n[1];
    const ex::Int128 step = n.size() == 3 ? n[2] : 1;
    for (std::size_t i = 0; i < values.size(); ++i) {
        const ex::Int128 want = start + static_cast<ex::Int128>(i) * step;
        if (values[i] != ex::integer_text(want) || (step > 0 ? want >= stop : want <= stop)) {
            std::fprintf(stderr, "%s: value %zu is '%s'\n", text.c_str(), i, values[i].c_str());
            std::abort();
        }
    }
    return true;
}

// The range arguments' values go up (or down) from the start, each a number before the stop.
void check_range(const std::string& text) {
    std::vector<std::string> values;
    try {
        values = ex::sweep_values(text, "fuzz");
    } catch (const ex::ConfigError&) {
        return;
    }
    // Accepted, so the text is range(a[, b[, c]]) with numbers between the commas.
    const std::size_t open = text.find('(');
    const std::string inside = text.substr(open + 1, text.rfind(')') - open - 1);
    std::vector<double> bounds;
    std::vector<std::string> parts;
    for (std::size_t at = 0; at <= inside.size();) {
        std::size_t comma = inside.find(',', at);
        if (comma == std::string::npos) comma = inside.size();
        parts.push_back(inside.substr(at, comma - at));
        bounds.push_back(std::strtod(parts.back().c_str(), nullptr));
        at = comma + 1;
    }
    if (check_integer_range(text, parts, values)) return;
    const double start = bounds.size() == 1 ? 0 : bounds[0];
    const double stop = bounds.size() == 1 ? bounds[0] : bounds[1];
    const double step = bounds.size() == 3 ? bounds[2] : 1;
    double last = 0;
    for (std::size_t i = 0; i < values.size(); ++i) {
        char* end = nullptr;
        const double v = std::strtod(values[i].c_str(), &end);
        const bool number = !values[i].empty() && *end == '\0' && std::isfinite(v);
        const double tolerance =
            1e-9 * (std::fabs(start) + std::fabs(step) * static_cast<double>(i + 1));
        const bool in_order =
            i == 0 ? std::fabs(v - start) <= tolerance : (step > 0 ? v > last : v < last);
        const bool before_stop = step > 0 ? v < stop : v > stop;
        if (!number || !in_order || !before_stop) {
            std::fprintf(stderr, "%s: value %zu is '%s'\n", text.c_str(), i, values[i].c_str());
            std::abort();
        }
        last = v;
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    ex::SweepSpec spec;
    if (!text.empty() && text[0] == '{') {
        try {
            const nlohmann::json j = nlohmann::json::parse(text);
            spec = ex::SweepSpec::from_json(j, "sweep.json");
        } catch (const nlohmann::json::exception&) {
            return 0;  // not JSON: the caller's read refuses it
        } catch (const ex::ConfigError&) {
            return 0;
        }
    } else {
        std::vector<std::string> args, zips;
        for (std::size_t at = 0; at <= text.size();) {
            std::size_t end = text.find('\n', at);
            if (end == std::string::npos) end = text.size();
            const std::string line = text.substr(at, end - at);
            at = end + 1;
            if (line.rfind("--zip ", 0) == 0)
                zips.push_back(line.substr(6));
            else if (line.find('=') != std::string::npos)  // a config file's name is never read
                args.push_back(line);
        }
        double points = 1;
        for (const std::string& a : args) {
            const auto eq = a.find('=');
            if (a.compare(eq + 1, 6, "range(") == 0 && a.back() == ')')
                check_range(a.substr(eq + 1));
            try {
                points *= static_cast<double>(ex::sweep_values(a.substr(eq + 1), "fuzz").size());
            } catch (const ex::ConfigError&) {
            }
        }
        // Sweeps of thousands of points spend the fuzzer's time on copies, not on parsing (the
        // limit of 100,000 points is sweep_test.cpp's).
        if (points > 2000) return 0;
        try {
            spec = ex::plan_sweep(config_file(), args, zips);
        } catch (const ex::ConfigError&) {
            return 0;
        }
    }
    // What sweep.json holds reads back to the same sweep.
    const ex::SweepSpec again = ex::SweepSpec::from_json(spec.to_json(), "sweep.json");
    if (!again.same_sweep(spec)) std::abort();
    return 0;
}
