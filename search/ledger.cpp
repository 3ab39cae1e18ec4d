#include "mazesearch/search/ledger.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <span>
#include <stdexcept>

#include "mazesearch/search/params.hpp"

namespace maze {

Ledger::Ledger(const Target& target, Budget budget, ArchiveSpec archive)
    : target_(target),
      budget_(budget),
      archive_spec_(archive),
      started_(std::chrono::steady_clock::now()) {}

double Ledger::seconds() const {
    return s_.seconds +
           std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
}

std::uint64_t Ledger::remaining() const {
    if (budget_.evaluations == 0) return std::numeric_limits<std::uint64_t>::max();
    return budget_.evaluations > s_.evaluations ? budget_.evaluations - s_.evaluations : 0;
}

std::string Ledger::stop_reason() const {
    if (budget_.evaluations && s_.evaluations >= budget_.evaluations) return "evaluations";
    if (budget_.target && s_.has_best && s_.best_score >= *budget_.target) return "target";
    if (budget_.stagnation && s_.evaluations - s_.last_improvement >= budget_.stagnation)
        return "stagnation";
    if (budget_.seconds > 0 && seconds() >= budget_.seconds) return "seconds";
    return "";
}

void Ledger::consider(const Genome& g, double value) {
    if (!s_.has_best || value > s_.best_score) {
        s_.has_best = true;
        s_.best_score = value;
        s_.best = g;
        s_.last_improvement = s_.evaluations;
    }
    if (archive_spec_.size &&
        (s_.archive.size() < archive_spec_.size || value > s_.archive.back().value))
        offer_to_archive(g, value);
    if (s_.step_count == 0) {
        s_.step_min = s_.step_max = value;
    } else {
        s_.step_min = std::min<double>(s_.step_min, value);
        s_.step_max = std::max<double>(s_.step_max, value);
    }
    ++s_.step_count;
    s_.step_sum += value;
    s_.step_sum_sq += value * value;
}

void Ledger::offer_to_archive(const Genome& g, double value) {
    std::vector<Archived>& a = s_.archive;
    const std::size_t d = std::max<std::size_t>(archive_spec_.distance, 1);
    for (const Archived& k : a)
        if (k.value >= value && k.genome.distance(g) < d) return;
    std::erase_if(a, [&](const Archived& k) { return k.genome.distance(g) < d; });
    // After the kept boards that are at least as good: ties stay in the order they came.
    const auto at =
        std::find_if(a.begin(), a.end(), [&](const Archived& k) { return k.value < value; });
    // The evaluation that found it: the callers count it before they offer it.
    a.insert(at, Archived{g, value, s_.evaluations});
    if (a.size() > archive_spec_.size) a.pop_back();
}

void Ledger::account(std::uint64_t evaluated, std::uint64_t rejected, const Genome* best,
                     double value) {
    s_.rejected += rejected;
    if (best) consider(*best, value);  // before the count: the improvement dates from here
    s_.evaluations += evaluated;
}

void Ledger::merge(const Ledger& part) {
    const State& p = part.s_;
    const std::uint64_t base = s_.evaluations;
    s_.rejected += p.rejected;
    if (p.has_best && (!s_.has_best || p.best_score > s_.best_score)) {
        s_.has_best = true;
        s_.best_score = p.best_score;
        s_.best = p.best;
        s_.last_improvement = base + p.last_improvement;
    }
    if (archive_spec_.size) {
        // In the order the part found them, so that ties keep the earlier board.
        std::vector<const Archived*> found;
        for (const Archived& a : p.archive) found.push_back(&a);
        std::stable_sort(found.begin(), found.end(), [](const Archived* x, const Archived* y) {
            return x->evaluation < y->evaluation;
        });
        for (const Archived* a : found) {
            s_.evaluations = base + a->evaluation;
            if (s_.archive.size() < archive_spec_.size || a->value > s_.archive.back().value)
                offer_to_archive(a->genome, a->value);
        }
    }
    if (p.step_count) {
        const bool first = s_.step_count == 0;
        s_.step_min =
            first ? static_cast<double>(p.step_min) : std::min<double>(s_.step_min, p.step_min);
        s_.step_max =
            first ? static_cast<double>(p.step_max) : std::max<double>(s_.step_max, p.step_max);
        s_.step_count += p.step_count;
        s_.step_sum += p.step_sum;
        s_.step_sum_sq += p.step_sum_sq;
    }
    s_.evaluations = base + p.evaluations;
}

StepStats Ledger::take_step_stats() {
    StepStats s;
    s.count = s_.step_count;
    if (s_.step_count) {
        s.mean = s_.step_sum / static_cast<double>(s_.step_count);
        const double var = s_.step_sum_sq / static_cast<double>(s_.step_count) - s.mean * s.mean;
        s.std = var > 0 ? std::sqrt(var) : 0;
        // An infinite score leaves no finite spread (inf - inf is NaN, which read as 0): none only
        // when every score is that same infinity.
        if (!std::isfinite(s.mean)) s.std = s_.step_min == s_.step_max ? 0 : HUGE_VAL;
        s.min = s_.step_min;
        s.max = s_.step_max;
    }
    s_.step_count = 0;
    s_.step_sum = s_.step_sum_sq = 0;
    return s;
}

nlohmann::json Ledger::save() const {
    State saved = s_;
    saved.seconds = seconds();
    return saved;
}

Ledger::Mark Ledger::mark() const {
    Mark m;
    m.s = s_;
    return m;
}

void Ledger::rewind(const Mark& m) {
    const double spent = seconds();
    s_ = m.s;
    s_.seconds = spent;
    started_ = std::chrono::steady_clock::now();
}

void Ledger::restore(const nlohmann::json& j, const Rescore& rescore) {
    State restored;
    try {
        if (j.is_object() && !j.contains("archive")) {
            // A checkpoint from before the archive existed: it starts empty.
            nlohmann::json upgraded = j;
            upgraded["archive"] = nlohmann::json::array();
            restored = upgraded.get<State>();
        } else {
            restored = j.get<State>();
        }
    } catch (const std::exception& e) {
        throw std::invalid_argument(std::string("evaluator: not a checkpoint of an evaluator: ") +
                                    e.what());
    }
    check(restored, rescore);
    s_ = std::move(restored);
    started_ = std::chrono::steady_clock::now();
}

void Ledger::check(const State& s, const Rescore& rescore) const {
    auto bad = [](const std::string& what) {
        throw std::invalid_argument("evaluator: the checkpoint's " + what);
    };
    const std::size_t genes = target_.genes();
    if (s.last_improvement > s.evaluations) bad("last improvement comes after its evaluations");
    if (!(std::isfinite(s.seconds) && s.seconds >= 0)) bad("seconds are not a time");
    // The boards it holds (the best, then the archive's), checked, then scored again together.
    std::vector<Genome> boards;
    if (s.has_best) {
        if (s.best.size() != genes) bad("best board does not have the target's genes");
        if (!target_.feasible(s.best)) bad("best board is infeasible");
        if (std::isnan(s.best_score)) bad("best score is NaN");
        boards.push_back(s.best);
    }
    if (s.archive.size() > archive_spec_.size) bad("archive holds more boards than its size");
    for (std::size_t i = 0; i < s.archive.size(); ++i) {
        const Archived& a = s.archive[i];
        if (a.genome.size() != genes) bad("archived board does not have the target's genes");
        if (!target_.feasible(a.genome)) bad("archived board is infeasible");
        if (std::isnan(a.value)) bad("archived value is NaN");
        if (i > 0 && a.value > s.archive[i - 1].value) bad("archive is not best first");
        boards.push_back(a.genome);
    }
    std::vector<double> values(boards.size(), 0.0);
    rescore(boards, values);
    const double* v = values.data();
    if (s.has_best && *v++ != s.best_score)
        bad("best score is " + number_text(s.best_score) + ", but its best board scores " +
            number_text(v[-1]));
    for (std::size_t i = 0; i < s.archive.size(); ++i, ++v)
        if (*v != s.archive[i].value)
            bad("archived board " + std::to_string(i + 1) + " is said to score " +
                number_text(s.archive[i].value) + ", but it scores " + number_text(*v));
}

}  // namespace maze
