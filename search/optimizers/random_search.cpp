#include "mazesearch/search/optimizers/random_search.hpp"

#include <algorithm>
#include <stdexcept>

namespace maze {

RandomSearch::Settings::Settings(const Params& params)
    : p_blocked(params.get_double("p_blocked", 0.25, 0.0, 1.0)),
      batch(static_cast<std::size_t>(params.get_int("batch", 1000, 1, 10000000))) {}

void RandomSearch::Settings::check(const Target& target, const std::vector<Genome>& initial) const {
    check_initial("random", target, initial, false, false);
}

void RandomSearch::begin(const Target&, const std::vector<Genome>& initial) {
    s_ = State{initial};
}

void RandomSearch::step(Evaluator& ev) {
    require_started(ev);
    const std::size_t want =
        static_cast<std::size_t>(std::min<std::uint64_t>(set_.batch, ev.ledger().remaining()));
    if (want == 0) return;
    const std::size_t max_tries = std::max<std::size_t>(100 * set_.batch, kMaxStartDraws);
    const std::size_t given = s_.initial.size();
    // One group: the given boards first, then random ones, each from its own stream (built in
    // parallel).
    const std::size_t wants[1] = {want}, tries[1] = {max_tries};
    std::vector<std::size_t> drawn;  // proposals used, taken or rejected
    const auto groups = ev.draw_groups(
        wants, tries,
        [&](std::size_t, std::uint64_t k) {
            if (k < given) return s_.initial[static_cast<std::size_t>(k)];
            Rng rng = proposal_rng(k);
            return random_genome(common_.genes, set_.p_blocked, rng);
        },
        &drawn);
    const std::vector<Scored>& got = groups.front();
    const std::size_t taken = drawn.front();
    s_.initial.erase(s_.initial.begin(),
                     s_.initial.begin() + static_cast<std::ptrdiff_t>(std::min(given, taken)));
    ++common_.step;
    if (got.empty())
        throw std::runtime_error("random: no feasible board in " + std::to_string(max_tries) +
                                 " draws (p_blocked too high?)");
}

nlohmann::json RandomSearch::save() const {
    return save_state(s_);
}

void RandomSearch::restore(const nlohmann::json& state) {
    restore_state(state, s_, [&](const Common& c, const State& s) {
        check_genomes(s.initial, c.genes, "initial board");
    });
}

}  // namespace maze
