// The batch scorer's order: whatever the thread count and however it cuts a batch into chunks,
// the values and flags come back in the order of the genomes, and a group's draws are its first
// feasible proposals in proposal order, as a serial loop finds them.
#include "mazesearch/search/batch_scorer.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

using namespace maze;

namespace {

constexpr std::size_t kIndexGenes = 20;

// A genome's number: its first kIndexGenes genes in binary.
std::uint64_t index_of(const Genome& g) {
    std::uint64_t i = 0;
    for (std::size_t k = 0; k < kIndexGenes; ++k) i |= std::uint64_t{g.get(k)} << k;
    return i;
}

Genome genome_of(std::uint64_t i) {
    Genome g(kIndexGenes);
    for (std::size_t k = 0; k < kIndexGenes; ++k) g.set(k, ((i >> k) & 1u) != 0);
    return g;
}

// A target whose value tells which genome it scored (2 i + 0.5) and whose feasible genomes are
// those whose number is not a multiple of 3. Each value costs a few microseconds of work, so that
// a batch of thousands is worth sharing out; score() counts its calls (the chunks).
class NumberedTarget : public Target {
  public:
    std::string name() const override { return "numbered"; }
    std::size_t genes() const override { return kIndexGenes; }
    const Topology& topology() const override { return topology_; }
    void feasibility(std::span<const Genome> genomes, std::span<bool> feasible) const override {
        for (std::size_t i = 0; i < genomes.size(); ++i)
            feasible[i] = index_of(genomes[i]) % 3 != 0;
    }
    void score(std::span<const Genome> genomes, std::span<double> values) const override {
        ++calls;
        for (std::size_t i = 0; i < genomes.size(); ++i) {
            std::uint64_t x = index_of(genomes[i]);
            for (int k = 0; k < 2000; ++k) x = x * 6364136223846793005u + 1442695040888963407u;
            sink.store(x, std::memory_order_relaxed);  // the work is not optimised away
            values[i] = 2.0 * static_cast<double>(index_of(genomes[i])) + 0.5;
        }
    }

    mutable std::atomic<int> calls{0};
    mutable std::atomic<std::uint64_t> sink{0};

  private:
    Topology topology_;
};

}  // namespace

TEST(BatchScorer, ValuesAndFlagsComeBackInTheOrderOfTheGenomesForAnyThreadCount) {
    std::vector<Genome> batch;
    for (std::uint64_t i = 0; i < 5000; ++i) batch.push_back(genome_of((i * 7919) % 100000));
    for (const int threads : {1, 2, 3, 8}) {
        const NumberedTarget t;
        BatchScorer scorer(t, threads);
        // The first batch measures the cost on the calling thread; the later ones are shared out.
        for (int round = 0; round < 3; ++round) {
            std::vector<double> values(batch.size(), -1);
            std::unique_ptr<bool[]> feasible(new bool[batch.size()]);
            const int before = t.calls.load();
            scorer.score(batch, values);
            scorer.feasibility(batch, std::span<bool>(feasible.get(), batch.size()));
            for (std::size_t i = 0; i < batch.size(); ++i) {
                ASSERT_EQ(values[i], 2.0 * static_cast<double>(index_of(batch[i])) + 0.5)
                    << "threads " << threads << ", round " << round << ", genome " << i;
                ASSERT_EQ(feasible[i], index_of(batch[i]) % 3 != 0) << threads << " " << i;
            }
            if (threads > 1 && round > 0) {  // cut into chunks: the order held across them
                EXPECT_GE(t.calls.load() - before, 2 * threads) << threads;
            }
        }
    }
}

TEST(BatchScorer, EachGroupDrawsItsFirstFeasibleProposalsInOrderForAnyThreadCount) {
    const std::vector<std::size_t> want = {5, 0, 40, 1, 300};
    const std::vector<std::size_t> tries = {100, 100, 50, 1, 1000};
    const auto propose = [](std::size_t g, std::uint64_t k) { return genome_of(g * 10000 + k); };
    // Serially: group g's proposals k = 0, 1, ... until it has want[g] feasible or tried them all.
    std::vector<std::vector<std::uint64_t>> expect(want.size());
    std::vector<std::size_t> expect_drawn(want.size(), 0);
    for (std::size_t g = 0; g < want.size(); ++g)
        for (std::uint64_t k = 0; expect[g].size() < want[g] && k < tries[g]; ++k) {
            ++expect_drawn[g];
            if ((g * 10000 + k) % 3 != 0) expect[g].push_back(g * 10000 + k);
        }
    for (const int threads : {1, 2, 3, 8}) {
        const NumberedTarget t;
        BatchScorer scorer(t, threads);
        for (int round = 0; round < 3; ++round) {
            std::vector<std::vector<Scored>> out(want.size());
            std::vector<std::size_t> drawn(want.size(), 0);
            scorer.draw_groups(want, tries, propose, out, drawn);
            EXPECT_EQ(drawn, expect_drawn) << threads;
            for (std::size_t g = 0; g < want.size(); ++g) {
                ASSERT_EQ(out[g].size(), expect[g].size()) << threads << " group " << g;
                for (std::size_t j = 0; j < out[g].size(); ++j) {
                    ASSERT_EQ(index_of(out[g][j].genome), expect[g][j]) << threads << " " << g;
                    ASSERT_EQ(out[g][j].value, 2.0 * static_cast<double>(expect[g][j]) + 0.5);
                }
            }
        }
    }
}
