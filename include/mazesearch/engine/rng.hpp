// The project's random numbers: small, documented, identical on every standard library.
//
// Rng is xoshiro256** (Blackman & Vigna), seeded through SplitMix64. Streams are derived from the
// run's one master seed and the work item they serve (repeat, generation, individual), never
// from a thread, so results do not depend on the thread count.
#pragma once

#include <array>
#include <cstdint>
#include <initializer_list>

namespace maze {

__extension__ typedef unsigned __int128 Uint128;  // GCC/Clang extension, for Lemire's method

// SplitMix64 step: a bijective mixer used for seeding and for deriving stream seeds.
constexpr std::uint64_t splitmix64(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

// A seed for the stream that serves work item `ids` of a run seeded with `master`.
constexpr std::uint64_t derive_seed(std::uint64_t master,
                                    std::initializer_list<std::uint64_t> ids) {
    std::uint64_t state = master;
    std::uint64_t h = splitmix64(state);
    for (std::uint64_t id : ids) {
        state = h ^ (id * 0xD1B54A32D192ED03ull);
        h = splitmix64(state);
    }
    return h;
}

class Rng {
  public:
    explicit constexpr Rng(std::uint64_t seed = 0) {
        std::uint64_t sm = seed;
        for (auto& w : s_) w = splitmix64(sm);
    }

    constexpr std::uint64_t next() {
        const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
        const std::uint64_t t = s_[1] << 17;
        s_[2] ^= s_[0];
        s_[3] ^= s_[1];
        s_[1] ^= s_[2];
        s_[0] ^= s_[3];
        s_[2] ^= t;
        s_[3] = rotl(s_[3], 45);
        return result;
    }

    // Uniform in [0, n), n > 0: Lemire's multiply-and-reject, exactly uniform.
    constexpr std::uint64_t below(std::uint64_t n) {
        Uint128 m = static_cast<Uint128>(next()) * n;
        std::uint64_t low = static_cast<std::uint64_t>(m);
        if (low < n) {
            const std::uint64_t threshold = (0 - n) % n;
            while (low < threshold) {
                m = static_cast<Uint128>(next()) * n;
                low = static_cast<std::uint64_t>(m);
            }
        }
        return static_cast<std::uint64_t>(m >> 64);
    }

    // Uniform in [0, 1) with 53 random bits.
    constexpr double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

    // True with probability p.
    constexpr bool bernoulli(double p) { return uniform() < p; }

    // The 53-bit integer behind uniform(): uniform() == bits53() * 2^-53.
    constexpr std::uint64_t bits53() { return next() >> 11; }

    const std::array<std::uint64_t, 4>& state() const { return s_; }
    void set_state(const std::array<std::uint64_t, 4>& s) { s_ = s; }

  private:
    static constexpr std::uint64_t rotl(std::uint64_t x, int k) {
        return (x << k) | (x >> (64 - k));
    }
    std::array<std::uint64_t, 4> s_{};
};

// A biased coin for many tosses at one probability: the same outcomes as Rng::bernoulli(p) (and
// the same draws), with the comparison done once in integers. uniform() < p holds exactly when
// the 53-bit integer behind it is below ceil(p * 2^53), a product that doubles hold exactly.
class Coin {
  public:
    explicit Coin(double p)
        : threshold_(p <= 0   ? 0
                     : p >= 1 ? kOne
                              : static_cast<std::uint64_t>(ceil_positive(p * 0x1.0p53))) {}
    constexpr bool toss(Rng& rng) const { return rng.bits53() < threshold_; }

  private:
    static constexpr std::uint64_t kOne = std::uint64_t{1} << 53;
    static constexpr double ceil_positive(double x) {
        const auto i = static_cast<std::uint64_t>(x);
        return static_cast<double>(i) < x ? static_cast<double>(i + 1) : static_cast<double>(i);
    }
    std::uint64_t threshold_;
};

}  // namespace maze
