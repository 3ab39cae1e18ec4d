#include "mazesearch/experiments/sweep/sweep_compare.hpp"

#include <cmath>
#include <cstdio>

#include "mazesearch/experiments/stats/rank_compare.hpp"

namespace maze::experiments {

namespace {

constexpr double kConfidence = 0.95;

struct Versus {
    std::size_t group = 0;
    stats::RankTest test;
    stats::ShiftInterval lead;  // leader minus this group
    std::string verdict;
};

std::string label_of(const GroupTable& t, const SweepGroup& g) {
    std::string s;
    for (std::size_t i = 0; i < t.keys.size(); ++i)
        s += (i ? ", " : "") + t.keys[i] + "=" + g.values[i];
    return s.empty() ? "all" : s;
}

// The group with the highest median over its runs (the first of equals); none without runs.
std::optional<std::size_t> leader_of(const GroupTable& t) {
    std::optional<std::size_t> best;
    for (std::size_t i = 0; i < t.groups.size(); ++i) {
        if (t.groups[i].scores.empty()) continue;
        if (!best ||
            median_of_sorted(t.groups[i].scores) > median_of_sorted(t.groups[*best].scores))
            best = i;
    }
    return best;
}

std::vector<Versus> compare_with(const GroupTable& t, std::size_t leader) {
    std::vector<Versus> out;
    const std::vector<double>& a = t.groups[leader].scores;
    for (std::size_t i = 0; i < t.groups.size(); ++i) {
        const std::vector<double>& b = t.groups[i].scores;
        if (i == leader || b.empty()) continue;
        Versus v;
        v.group = i;
        v.test = stats::mann_whitney(a, b);
        v.lead = stats::shift_interval(a, b, kConfidence);
        if (v.lead.confidence < kConfidence) {
            v.verdict = "too few runs for a 95% interval";
        } else if (v.test.p_two_sided < 1 - kConfidence && v.lead.low > 0) {
            v.verdict = "the leader is better";
        } else {
            v.verdict = "no difference shown";
        }
        out.push_back(v);
    }
    return out;
}

// The interval of the leader's lead, its confidence said when too few runs give a 95% one (2 runs
// against 2 reach 66.7%: the whole range of differences).
std::string shift_interval_text(const stats::ShiftInterval& lead) {
    std::string s = score_text(lead.low) + " to " + score_text(lead.high);
    if (lead.confidence >= kConfidence) return s;
    char share[32];  // cut, not rounded: 94.96% is not said as 95%
    std::snprintf(share, sizeof share, "%.1f", std::floor(lead.confidence * 1000) / 10);
    return s + " (" + share + "%, not 95%)";
}

std::string p_text(const stats::RankTest& r) {
    char buf[64];
    std::snprintf(buf, sizeof buf, r.p_two_sided < 0.001 ? "%.1e%s" : "%.3f%s", r.p_two_sided,
                  r.exact ? "" : " (normal approx.)");
    return buf;
}

}  // namespace

std::string compare_groups_markdown(const GroupTable& t) {
    const std::optional<std::size_t> leader = leader_of(t);
    if (!leader) return "No combination has a finished run to compare.\n";
    const SweepGroup& lg = t.groups[*leader];
    std::string out = "Leader: " + markdown_cell(label_of(t, lg)) + " (median " +
                      score_text(median_of_sorted(lg.scores)) + " over " +
                      std::to_string(lg.scores.size()) + " runs).\n\n" +
                      "| combination | runs | median | leader's lead (Hodges-Lehmann) | 95% "
                      "interval | Mann-Whitney p | verdict |\n| --- | ---: | ---: | ---: | --- | "
                      "---: | --- |\n";
    for (const Versus& v : compare_with(t, *leader)) {
        const SweepGroup& g = t.groups[v.group];
        out += "| " + markdown_cell(label_of(t, g)) + " | " + std::to_string(g.scores.size()) +
               " | " + score_text(median_of_sorted(g.scores)) + " | " +
               score_text(v.lead.estimate) + " | " + shift_interval_text(v.lead) + " | " +
               p_text(v.test) + " | " + v.verdict + " |\n";
    }
    out +=
        "\nA combination is beaten when the rank test's p is below 0.05 and the interval of "
        "the leader's lead lies above 0.\n";
    return out;
}

nlohmann::json compare_groups_json(const GroupTable& t) {
    const std::optional<std::size_t> leader = leader_of(t);
    nlohmann::json j = {
        {"confidence", kConfidence}, {"leader", nullptr}, {"others", nlohmann::json::array()}};
    if (!leader) return j;
    j["leader"] = label_of(t, t.groups[*leader]);
    for (const Versus& v : compare_with(t, *leader))
        j["others"].push_back({{"combination", label_of(t, t.groups[v.group])},
                               {"u", v.test.u},
                               {"p_two_sided", v.test.p_two_sided},
                               {"exact", v.test.exact},
                               {"lead", score_json(v.lead.estimate)},
                               {"lead_low", score_json(v.lead.low)},
                               {"lead_high", score_json(v.lead.high)},
                               {"lead_confidence", v.lead.confidence},
                               {"verdict", v.verdict}});
    return j;
}

}  // namespace maze::experiments
