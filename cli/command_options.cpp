#include "mazesearch/cli/command_options.hpp"

#include <cmath>
#include <cstdint>

#include "mazesearch/engine/thread_count.hpp"
#include "mazesearch/search/params.hpp"

namespace maze::experiments {

CLI::Validator finite_range(double low, double high, const std::string& unit) {
    const std::string range = number_text(low) + " to " + number_text(high);
    const std::string expected = "expected a finite number of " + unit + " from " + range;
    return CLI::Validator(
        [low, high, expected](std::string& text) -> std::string {
            double v = 0;
            if (!CLI::detail::lexical_cast(text, v) || !std::isfinite(v) || v < low || v > high)
                return text + ": " + expected;
            return "";
        },
        "finite, " + range, "FINITE_RANGE");
}

CLI::Validator not_nan() {
    return CLI::Validator(
        [](std::string& text) -> std::string {
            double v = 0;
            if (!CLI::detail::lexical_cast(text, v) || std::isnan(v))
                return text + ": expected a number";
            return "";
        },
        "", "NOT_NAN");
}

CLI::Validator thread_count_option() {
    return CLI::Validator(
        [](std::string& text) -> std::string {
            std::int64_t v = 0;
            if (!CLI::detail::lexical_cast(text, v) || !is_thread_count(v))
                return thread_count_expected() + ", got " + text;
            return "";
        },
        "0 to " + std::to_string(kMaxThreads), "THREADS");
}

}  // namespace maze::experiments
