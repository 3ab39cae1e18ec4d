// A board as an optimizer sees it: a bit string of any length. Bit i = 1 means gene i is
// "blocked" (for the mouse maze: the i-th free cell, start and exit excluded). What a gene means
// and where it sits is the target's business (see Topology in target.hpp).
#pragma once

#include <bit>
#include <cassert>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace maze {

class Genome {
  public:
    Genome() = default;
    explicit Genome(std::size_t bits) : bits_(bits), words_((bits + 63) / 64, 0) {}

    std::size_t size() const { return bits_; }
    bool get(std::size_t i) const {
        assert(i < bits_);
        return (words_[i >> 6] >> (i & 63)) & 1u;
    }
    void set(std::size_t i, bool v) {
        assert(i < bits_);
        const std::uint64_t m = std::uint64_t{1} << (i & 63);
        words_[i >> 6] = v ? (words_[i >> 6] | m) : (words_[i >> 6] & ~m);
    }
    void flip(std::size_t i) {
        assert(i < bits_);
        words_[i >> 6] ^= std::uint64_t{1} << (i & 63);
    }
    std::size_t count() const {
        std::size_t n = 0;
        for (std::uint64_t w : words_) n += static_cast<std::size_t>(std::popcount(w));
        return n;
    }
    const std::vector<std::uint64_t>& words() const { return words_; }
    std::vector<std::uint64_t>& words() { return words_; }

    // Hamming distance to a genome of the same size.
    std::size_t distance(const Genome& o) const {
        assert(o.bits_ == bits_);
        std::size_t n = 0;
        for (std::size_t w = 0; w < words_.size(); ++w)
            n += static_cast<std::size_t>(std::popcount(words_[w] ^ o.words_[w]));
        return n;
    }

    // '0'/'1' text, gene 0 first (checkpoints and logs).
    std::string to_string() const {
        std::string s(bits_, '0');
        for (std::size_t i = 0; i < bits_; ++i)
            if (get(i)) s[i] = '1';
        return s;
    }
    // Inverse of to_string; throws std::invalid_argument on other characters.
    static Genome from_string(const std::string& s);

    friend bool operator==(const Genome&, const Genome&) = default;

  private:
    std::size_t bits_ = 0;
    std::vector<std::uint64_t> words_;
};

inline Genome Genome::from_string(const std::string& s) {
    Genome g(s.size());
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '1')
            g.set(i, true);
        else if (s[i] != '0')
            throw std::invalid_argument("genome text may hold only '0' and '1'");
    }
    return g;
}

}  // namespace maze
