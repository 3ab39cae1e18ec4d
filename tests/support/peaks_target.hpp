// A target of isolated peaks, for the tests of what the annealing methods do with chains of known
// scores: peak i (genes 2i and 2i + 1 set, no other) is worth values[i], every other board 1. Two
// peaks differ in four genes, so a chain on a peak proposes only boards worth 1, which a cold
// enough chain never takes: the chains keep the scores they were given.
#pragma once

#include <span>
#include <string>
#include <utility>
#include <vector>

#include "mazesearch/search/target.hpp"

namespace maze::testing_support {

class Peaks : public Target {
  public:
    explicit Peaks(std::vector<double> values) : values_(std::move(values)) {}
    std::string name() const override { return "peaks"; }
    std::size_t genes() const override { return 2 * values_.size(); }
    const Topology& topology() const override { return topo_; }
    void feasibility(std::span<const Genome> g, std::span<bool> f) const override {
        for (std::size_t i = 0; i < g.size(); ++i) f[i] = true;
    }
    void score(std::span<const Genome> g, std::span<double> v) const override {
        for (std::size_t i = 0; i < g.size(); ++i) {
            v[i] = 1;
            for (std::size_t k = 0; k < values_.size(); ++k)
                if (g[i] == peak(k)) v[i] = values_[k];
        }
    }
    Genome peak(std::size_t k) const {
        Genome g(genes());
        g.set(2 * k, true);
        g.set(2 * k + 1, true);
        return g;
    }

  private:
    std::vector<double> values_;
    Topology topo_{"none", 0, 0, {}, {}};
};

}  // namespace maze::testing_support
