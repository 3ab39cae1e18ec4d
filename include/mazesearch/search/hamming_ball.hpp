// The Hamming ball of radius r around a genome: every genome that differs from the centre in 1..r
// genes (the paper's local search around M_36314 used r = 3). Enumerated as flip sets in one
// canonical order: all sets of size 1, then size 2, then size 3, each size in lexicographic order
// of its ascending gene indices. The enumeration can stop and resume at any position (checkpoints)
// and hands out batches large enough for the Evaluator to walk them in parallel.
#pragma once

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <vector>

#include "mazesearch/search/genome.hpp"

namespace maze {

// C(n, k); throws std::overflow_error if it does not fit in 64 bits.
std::uint64_t binomial(std::uint64_t n, std::uint64_t k);

// Number of genomes at Hamming distance 1..r from a genome of n genes: C(n,1) + ... + C(n,r).
std::uint64_t hamming_ball_size(std::size_t n, int r);

class HammingBall {
  public:
    // n genes, radius r >= 0 (std::invalid_argument otherwise; r = 0 is the empty ball).
    HammingBall(std::size_t n, int r);

    std::size_t genes() const { return n_; }
    int radius() const { return r_; }
    // Number of flip sets in the ball.
    std::uint64_t size() const { return size_; }
    // Flip sets handed out so far (canonical index of the next one).
    std::uint64_t position() const { return pos_; }
    bool finished() const { return pos_ >= size_; }

    // Continues from canonical index `pos` (0 <= pos <= size(); std::out_of_range otherwise).
    void seek(std::uint64_t pos);
    void reset() { seek(0); }

    // The flip set at the current position (ascending gene indices); empty when finished.
    const std::vector<std::size_t>& flips() const { return flips_; }
    // Moves to the next flip set.
    void advance();

    // Checkpoints: {"genes", "radius", "position"}.
    friend void to_json(nlohmann::json& j, const HammingBall& b);
    friend void from_json(const nlohmann::json& j, HammingBall& b);

    // Clears `out` and fills it with the next (at most `max`) genomes of the ball around
    // `centre`, in canonical order. Returns false (and leaves `out` empty) when the ball is
    // finished or max == 0.
    bool next_batch(const Genome& centre, std::size_t max, std::vector<Genome>& out);

  private:
    std::size_t n_;
    int r_;
    std::uint64_t size_;
    std::uint64_t pos_ = 0;
    std::vector<std::size_t> flips_;  // current flip set; its size is the current distance
};

}  // namespace maze
