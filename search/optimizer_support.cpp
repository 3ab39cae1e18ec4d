#include "mazesearch/search/optimizer_support.hpp"

#include <cmath>
#include <cstdio>
#include <limits>
#include <memory>
#include <span>
#include <stdexcept>

namespace maze {

Genome random_genome(std::size_t n, double p_blocked, Rng& rng) {
    Genome g(n);
    const Coin coin(p_blocked);
    for (std::size_t i = 0; i < n; ++i)
        if (coin.toss(rng)) g.set(i, true);
    return g;
}

void mutate(Genome& g, double p, Rng& rng) {
    if (p <= 0) return;
    const Coin coin(p);
    for (std::size_t i = 0; i < g.size(); ++i)
        if (coin.toss(rng)) g.flip(i);
}

std::vector<Scored> draw_and_evaluate(Evaluator& ev, std::size_t want, std::size_t max_tries,
                                      const std::function<Genome()>& draw) {
    std::vector<Genome> batch;
    std::vector<char> flags;  // feasibility, found once here and handed to the Evaluator
    std::size_t feasible = 0;
    while (feasible < want && batch.size() < max_tries) {
        batch.push_back(draw());
        flags.push_back(ev.target().feasible(batch.back()));
        feasible += static_cast<std::size_t>(flags.back());
    }
    const auto known = std::make_unique<bool[]>(flags.size());
    for (std::size_t i = 0; i < flags.size(); ++i) known[i] = flags[i] != 0;
    std::vector<Score> scores(batch.size());
    ev.evaluate_known(batch, std::span<const bool>(known.get(), flags.size()), scores);
    std::vector<Scored> out;
    out.reserve(feasible);
    for (std::size_t i = 0; i < batch.size(); ++i)
        if (scores[i].feasible) out.push_back(Scored{std::move(batch[i]), scores[i].value});
    return out;
}

nlohmann::json rng_to_json(const Rng& rng) {
    // Hex strings: 64-bit words survive JSON readers that hold numbers as doubles.
    nlohmann::json j = nlohmann::json::array();
    for (std::uint64_t w : rng.state()) {
        char buf[17];
        std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(w));
        j.push_back(buf);
    }
    return j;
}

Rng rng_from_json(const nlohmann::json& j) {
    if (!j.is_array() || j.size() != 4) throw std::invalid_argument("RNG state: expected 4 words");
    std::array<std::uint64_t, 4> s{};
    for (std::size_t i = 0; i < 4; ++i) {
        const std::string w = j[i].get<std::string>();
        std::size_t used = 0;
        s[i] = std::stoull(w, &used, 16);
        if (used != w.size() || w.empty())
            throw std::invalid_argument("RNG state: bad word '" + w + "'");
    }
    Rng rng;
    rng.set_state(s);
    return rng;
}

nlohmann::json value_to_json(double v) {
    // JSON has no infinities: a -inf score (a board a target rates worst) or a running sum that
    // reached one would otherwise be written as null and could not be read back exactly.
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    return v;
}

double value_from_json(const nlohmann::json& j) {
    if (j.is_null()) return -std::numeric_limits<double>::infinity();  // older checkpoints
    if (j.is_string()) {
        const std::string s = j.get<std::string>();
        if (s == "inf") return std::numeric_limits<double>::infinity();
        if (s == "-inf") return -std::numeric_limits<double>::infinity();
        if (s == "nan") return std::numeric_limits<double>::quiet_NaN();
        throw std::invalid_argument(
            "checkpoint: expected a number, \"inf\", \"-inf\" or "
            "\"nan\", found \"" +
            s + "\"");
    }
    return j.get<double>();
}

nlohmann::json genomes_to_json(const std::vector<Genome>& gs) {
    nlohmann::json j = nlohmann::json::array();
    for (const auto& g : gs) j.push_back(g.to_string());
    return j;
}

std::vector<Genome> genomes_from_json(const nlohmann::json& j) {
    std::vector<Genome> gs;
    for (const auto& x : j) gs.push_back(Genome::from_string(x.get<std::string>()));
    return gs;
}

void OptimizerBase::start_common(const Target& target, std::uint64_t seed,
                                 const std::vector<Genome>& initial, bool need_feasible_first) {
    n_ = target.genes();
    for (std::size_t i = 0; i < initial.size(); ++i)
        if (initial[i].size() != n_)
            throw std::invalid_argument(kind() + ": initial genome " + std::to_string(i) + " has " +
                                        std::to_string(initial[i].size()) + " genes, the target " +
                                        std::to_string(n_));
    if (need_feasible_first && !initial.empty() && !target.feasible(initial[0]))
        throw std::invalid_argument(kind() + ": the initial genome is infeasible");
    seed_ = seed;
    rng_ = Rng(derive_seed(seed, {0}));
    step_ = 0;
    started_ = true;
}

Rng OptimizerBase::proposal_rng(std::uint64_t k) const {
    // Stream 1: the proposals (stream 0 seeds rng_).
    return Rng(derive_seed(seed_, {1, step_, k}));
}

void OptimizerBase::require_started() const {
    if (!started_) throw std::logic_error(kind() + ": step() before start() or restore()");
}

nlohmann::json OptimizerBase::save_common() const {
    require_started();
    nlohmann::json j;
    j["kind"] = kind();
    j["genes"] = n_;
    j["step"] = step_;
    j["seed"] = seed_;
    j["rng"] = rng_to_json(rng_);
    return j;
}

void OptimizerBase::restore_common(const nlohmann::json& j) {
    const std::string k = j.at("kind").get<std::string>();
    if (k != kind())
        throw std::invalid_argument("cannot restore a " + kind() + " optimizer from a " + k +
                                    " checkpoint");
    n_ = j.at("genes").get<std::size_t>();
    step_ = j.at("step").get<std::uint64_t>();
    seed_ = j.at("seed").get<std::uint64_t>();
    rng_ = rng_from_json(j.at("rng"));
    started_ = true;
}

}  // namespace maze
