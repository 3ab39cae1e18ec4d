#include "mazesearch/experiments/diagnostics.hpp"

#include <spdlog/pattern_formatter.h>
#include <spdlog/sinks/stdout_sinks.h>
#include <unistd.h>

#include <algorithm>
#include <string_view>

namespace maze::experiments {

namespace {

// %* in the pattern: the prefix that says what kind of line this is.
class LevelPrefix : public spdlog::custom_flag_formatter {
  public:
    void format(const spdlog::details::log_msg& msg, const std::tm&,
                spdlog::memory_buf_t& dest) override {
        std::string_view prefix;
        switch (msg.level) {
            case spdlog::level::critical:
            case spdlog::level::err:
                prefix = "mazesearch: error: ";
                break;
            case spdlog::level::warn:
                prefix = "mazesearch: warning: ";
                break;
            case spdlog::level::debug:
            case spdlog::level::trace:
                prefix = "debug: ";
                break;
            default:
                break;
        }
        dest.append(prefix.data(), prefix.data() + prefix.size());
    }
    std::unique_ptr<custom_flag_formatter> clone() const override {
        return std::make_unique<LevelPrefix>();
    }
};

spdlog::sink_ptr prefixed_stderr_sink() {
    auto sink = std::make_shared<spdlog::sinks::stderr_sink_mt>();
    auto formatter = std::make_unique<spdlog::pattern_formatter>();
    formatter->add_flag<LevelPrefix>('*').set_pattern("%*%v");
    sink->set_formatter(std::move(formatter));
    return sink;
}

struct Diagnostics {
    Diagnostics() : sink(prefixed_stderr_sink()) {
        logger = std::make_shared<spdlog::logger>("mazesearch", sink);
        logger->set_level(spdlog::level::info);
        logger->flush_on(spdlog::level::trace);  // a line is on the terminal when it is said
    }
    spdlog::sink_ptr sink;
    std::shared_ptr<spdlog::logger> logger;
    Verbosity verbosity = Verbosity::Normal;
};

Diagnostics& state() {
    static Diagnostics d;
    return d;
}

}  // namespace

void set_verbosity(Verbosity v) {
    state().verbosity = v;
    state().logger->set_level(v == Verbosity::Quiet     ? spdlog::level::warn
                              : v == Verbosity::Verbose ? spdlog::level::debug
                                                        : spdlog::level::info);
}

Verbosity verbosity() {
    return state().verbosity;
}

spdlog::logger& diag() {
    return *state().logger;
}

spdlog::sink_ptr console_sink(spdlog::level::level_enum least) {
    auto sink = prefixed_stderr_sink();
    sink->set_level(std::max(least, state().logger->level()));
    return sink;
}

bool live_progress() {
    return state().verbosity != Verbosity::Quiet && isatty(STDERR_FILENO);
}

}  // namespace maze::experiments
