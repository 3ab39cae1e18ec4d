#include "mazesearch/experiments/run/report.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "mazesearch/experiments/run/run_folder.hpp"
#include "mazesearch/experiments/stats/rank_compare.hpp"
#include "mazesearch/experiments/views/board_view.hpp"
#include "mazesearch/search/params.hpp"
#include "mazesearch/search/state_json.hpp"

namespace maze::experiments {

std::string format_score(double v) {
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    // Exactly integral and within the range where doubles hold every integer.
    if (std::abs(v) < 0x1p53 && v == std::trunc(v)) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.0f", v);
        return buf;
    }
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}

namespace {

// A score in a summary: a number, or "inf" / "-inf" / "nan" as in checkpoints; null for none.
nlohmann::json score_json(bool has, double v) {
    return has ? nlohmann::json(Real(v)) : nlohmann::json(nullptr);
}

// The best score of a repeat's summary, if it has one (-inf is one; null is none).
bool summary_score(const nlohmann::json& s, double& v) {
    if (s["best_score"].is_null()) return false;
    v = s["best_score"].get<Real>();
    return true;
}

}  // namespace

nlohmann::json repeat_summary(const RunConfig& config, const BoardView& view, const Evaluator& ev,
                              std::uint64_t seed, std::uint64_t steps, const std::string& reason,
                              int repeat) {
    nlohmann::json j;
    j["name"] = config.name;
    j["repeat"] = repeat;
    j["seed"] = seed;
    j["target"] = ev.target().name();
    j["optimizer"] = config.optimizer.get_string("kind", "");
    j["convention"] = view.unit();
    j["best_score"] = score_json(ev.ledger().has_best(), ev.ledger().best_score());
    j["best_board"] =
        ev.ledger().has_best() ? nlohmann::json(view.text(ev.ledger().best())) : nlohmann::json(nullptr);
    j["evaluations"] = ev.ledger().evaluations();
    j["rejected"] = ev.ledger().rejected();
    j["steps"] = steps;
    j["stop_reason"] = reason;
    j["seconds"] = ev.ledger().seconds();
    return j;
}

nlohmann::json aggregate_summary(const RunConfig& config, const BoardView& view,
                                 const std::vector<nlohmann::json>& repeats) {
    std::vector<double> scores;
    for (const auto& s : repeats) {
        double v = 0;
        if (summary_score(s, v)) scores.push_back(v);
    }
    std::sort(scores.begin(), scores.end());
    nlohmann::json j;
    j["name"] = config.name;
    j["label"] = config.label;
    j["reference"] = config.reference ? nlohmann::json(*config.reference) : nlohmann::json(nullptr);
    j["optimizer"] = config.optimizer.get_string("kind", "");
    j["seed"] = config.seed;
    j["repeats"] = repeats.size();
    j["convention"] = view.unit();
    if (!scores.empty()) {
        const std::size_t n = scores.size();
        j["best_score"] = Real(scores.back());
        j["median_score"] =
            Real(n % 2 ? scores[n / 2] : stats::middle_of(scores[n / 2 - 1], scores[n / 2]));
        j["worst_score"] = Real(scores.front());
    }
    std::uint64_t evals = 0, rejected = 0;
    double seconds = 0;
    for (const auto& s : repeats) {
        evals += s["evaluations"].get<std::uint64_t>();
        rejected += s["rejected"].get<std::uint64_t>();
        seconds += s["seconds"].get<double>();
    }
    j["evaluations"] = evals;
    j["rejected"] = rejected;
    j["seconds"] = seconds;
    j["runs"] = repeats;
    return j;
}

void print_report(const RunConfig& config, const BoardView& view, const std::filesystem::path& root,
                  const std::vector<nlohmann::json>& repeats) {
    std::size_t best_i = repeats.size();
    double best = 0;
    for (std::size_t i = 0; i < repeats.size(); ++i) {
        double v = 0;
        if (summary_score(repeats[i], v) && (best_i == repeats.size() || v > best)) {
            best_i = i;
            best = v;
        }
    }
    if (best_i == repeats.size()) {
        std::printf("%s: no feasible board evaluated\n", config.name.c_str());
        return;
    }
    const auto& s = repeats[best_i];
    std::printf("%s: best %s %s after %llu evaluations (%llu rejected), %.1f s\n%s",
                config.name.c_str(), format_score(best).c_str(), view.unit().c_str(),
                static_cast<unsigned long long>(s["evaluations"].get<std::uint64_t>()),
                static_cast<unsigned long long>(s["rejected"].get<std::uint64_t>()),
                s["seconds"].get<double>(), s["best_board"].get<std::string>().c_str());
    if (s.value("stop_reason", "") == "seconds")
        std::printf(
            "(stopped by its budget of %s s: how far it got depends on this machine's speed "
            "and load; a budget of evaluations, budget.evaluations=N, gives a run any "
            "machine repeats)\n",
            number_text(config.budget.seconds).c_str());
    const auto rdir =
        RunFolder(root).repeat_dir(static_cast<int>(best_i), static_cast<int>(repeats.size()));
    std::printf("run directory: %s\n", root.string().c_str());
    if (view.has_picture())
        std::printf("picture: %s\n", (rdir / "best.svg").string().c_str());
    else
        std::printf("board: %s\n", (rdir / "best.txt").string().c_str());
}

}  // namespace maze::experiments
