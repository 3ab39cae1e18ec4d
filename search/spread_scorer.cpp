#include "mazesearch/search/spread_scorer.hpp"

#include <bit>
#include <cstdint>
#include <cstring>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

namespace maze {

// Named (not anonymous): the unity build puts this file beside others.
namespace spread_bytes {

void put(std::string& b, std::uint64_t v) {
    b.append(reinterpret_cast<const char*>(&v), sizeof v);
}
std::uint64_t take(const std::string& b, std::size_t& at) {
    if (at + sizeof(std::uint64_t) > b.size())
        throw std::runtime_error("draw_groups: a rank's results are cut short");
    std::uint64_t v = 0;
    std::memcpy(&v, b.data() + at, sizeof v);
    at += sizeof v;
    return v;
}

// The bytes of rank `me`'s groups (g = me, me + ranks, ...): per group its index, the proposals
// it drew and its scored boards (genome size, words, and the value's own bits, so that every rank
// gets the very same double).
std::string encode(std::size_t me, std::size_t ranks, const std::vector<std::vector<Scored>>& out,
                   const std::vector<std::size_t>& drawn) {
    std::string bytes;
    for (std::size_t g = me; g < out.size(); g += ranks) {
        put(bytes, g);
        put(bytes, drawn[g]);
        put(bytes, out[g].size());
        for (const Scored& sc : out[g]) {
            put(bytes, sc.genome.size());
            for (std::uint64_t w : sc.genome.words()) put(bytes, w);
            put(bytes, std::bit_cast<std::uint64_t>(static_cast<double>(sc.value)));
        }
    }
    return bytes;
}

// The inverse of encode for the bytes of rank r: its groups into out and drawn.
void decode(const std::string& bytes, std::size_t r, std::size_t ranks,
            std::vector<std::vector<Scored>>& out, std::vector<std::size_t>& drawn) {
    std::size_t at = 0;
    while (at < bytes.size()) {
        const std::uint64_t g = take(bytes, at);
        if (g >= out.size() || g % ranks != r)
            throw std::runtime_error("draw_groups: rank " + std::to_string(r) +
                                     " sent a group it does not hold");
        drawn[g] = take(bytes, at);
        const std::uint64_t n = take(bytes, at);
        out[g].clear();
        for (std::uint64_t k = 0; k < n; ++k) {
            Genome genome(take(bytes, at));
            for (std::uint64_t& w : genome.words()) w = take(bytes, at);
            const double value = std::bit_cast<double>(take(bytes, at));
            out[g].push_back(Scored{std::move(genome), value});
        }
    }
}

}  // namespace spread_bytes

void SpreadScorer::draw_groups(std::span<const std::size_t> want,
                               std::span<const std::size_t> max_tries,
                               const BatchScorer::GroupProposer& propose,
                               std::vector<std::vector<Scored>>& out,
                               std::vector<std::size_t>& drawn) {
    const std::size_t groups = want.size();
    const auto ranks = static_cast<std::size_t>(ranks_.size());
    const auto me = static_cast<std::size_t>(ranks_.rank());
    if (ranks == 1) {
        local_.draw_groups(want, max_tries, propose, out, drawn);
        return;
    }
    // This rank's groups only (group g belongs to rank g mod ranks), with its own threads; every
    // rank then counts every group, in the same order (Evaluator::draw_groups).
    std::vector<std::size_t> mine(groups, 0);
    for (std::size_t g = me; g < groups; g += ranks) mine[g] = want[g];
    local_.draw_groups(mine, max_tries, propose, out, drawn);
    const std::vector<std::string> all =
        ranks_.all_gather(spread_bytes::encode(me, ranks, out, drawn));
    for (std::size_t r = 0; r < all.size(); ++r)
        if (r != me) spread_bytes::decode(all[r], r, ranks, out, drawn);
}

void SpreadScorer::run_apart(std::size_t n, std::span<Ledger> tallies,
                             const BatchScorer::ApartWork& work,
                             const std::function<std::string(std::size_t)>& pack,
                             const std::function<void(std::size_t, const std::string&)>& unpack) {
    const std::size_t ranks = static_cast<std::size_t>(ranks_.size());
    const std::size_t me = static_cast<std::size_t>(ranks_.rank());
    std::vector<std::size_t> mine;
    for (std::size_t i = me; i < n; i += ranks) mine.push_back(i);
    std::string error;
    try {
        local_.run_apart(mine, tallies, work);
    } catch (const std::exception& e) {
        error = e.what();
    }
    nlohmann::json sent = {{"error", error}, {"items", nlohmann::json::array()}};
    if (error.empty())
        for (std::size_t i : mine)
            sent["items"].push_back({{"tally", tallies[i].save()}, {"result", pack(i)}});
    const std::vector<std::string> all = ranks_.all_gather(sent.dump());
    std::vector<nlohmann::json> got;
    for (const std::string& bytes : all) {
        got.push_back(nlohmann::json::parse(bytes));
        if (const std::string e = got.back().at("error").get<std::string>(); !e.empty())
            throw std::runtime_error(e);
    }
    for (std::size_t r = 0; r < got.size(); ++r) {
        if (r == me) continue;
        const nlohmann::json& items = got[r].at("items");
        std::size_t k = 0;
        for (std::size_t i = r; i < n; i += ranks, ++k) {
            tallies[i].restore(items.at(k).at("tally"), [&](std::span<const Genome> g,
                                                            std::span<double> v) {
                local_.score_here(g, v);
            });
            unpack(i, items.at(k).at("result").get<std::string>());
        }
    }
}

}  // namespace maze
