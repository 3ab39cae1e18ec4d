#include "mazesearch/search/optimizers/random_search.hpp"

#include <algorithm>
#include <stdexcept>

namespace maze {

RandomSearch::RandomSearch(const Params& params)
    : p_blocked_(params.get_double("p_blocked", 0.25, 0.0, 1.0)),
      batch_(static_cast<std::size_t>(params.get_int("batch", 1000, 1, 10000000))) {}

void RandomSearch::start(const Target& target, std::uint64_t seed,
                         const std::vector<Genome>& initial) {
    start_common(target, seed, initial, false);
    initial_ = initial;
}

void RandomSearch::step(Evaluator& ev) {
    require_started();
    const std::size_t want =
        static_cast<std::size_t>(std::min<std::uint64_t>(batch_, ev.remaining()));
    if (want == 0) return;
    const std::size_t max_tries = std::max<std::size_t>(100 * batch_, kMaxStartDraws);
    std::size_t next_initial = 0;
    const auto got = draw_and_evaluate(ev, want, max_tries, [&] {
        if (next_initial < initial_.size()) return initial_[next_initial++];
        return random_genome(n_, p_blocked_, rng_);
    });
    initial_.erase(initial_.begin(), initial_.begin() + static_cast<std::ptrdiff_t>(next_initial));
    ++step_;
    if (got.empty())
        throw std::runtime_error("random: no feasible board in " + std::to_string(max_tries) +
                                 " draws (p_blocked too high?)");
}

nlohmann::json RandomSearch::save() const {
    nlohmann::json j = save_common();
    j["initial"] = genomes_to_json(initial_);
    return j;
}

void RandomSearch::restore(const nlohmann::json& state) {
    restore_common(state);
    initial_ = genomes_from_json(state.at("initial"));
}

}  // namespace maze
