// A board as an optimizer sees it: a bit string of any length. Bit i = 1 means gene i is
// "blocked" (for the mouse maze: the i-th free cell, start and exit excluded). What a gene means
// and where it sits is the target's business (see Topology in target.hpp).
#pragma once

#include <array>
#include <bit>
#include <cassert>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace maze {

class Genome {
  public:
    Genome() = default;
    explicit Genome(std::size_t bits) : bits_(bits) {
        if (word_count() > kInlineWords) heap_.assign(word_count(), 0);
    }

    std::size_t size() const { return bits_; }
    bool get(std::size_t i) const {
        assert(i < bits_);
        return (data()[i >> 6] >> (i & 63)) & 1u;
    }
    void set(std::size_t i, bool v) {
        assert(i < bits_);
        const std::uint64_t m = std::uint64_t{1} << (i & 63);
        std::uint64_t& w = data()[i >> 6];
        w = v ? (w | m) : (w & ~m);
    }
    void flip(std::size_t i) {
        assert(i < bits_);
        data()[i >> 6] ^= std::uint64_t{1} << (i & 63);
    }
    std::size_t count() const {
        std::size_t n = 0;
        for (std::uint64_t w : words()) n += static_cast<std::size_t>(std::popcount(w));
        return n;
    }
    // The bits, 64 to a word, gene i in bit i % 64 of word i / 64; the bits past size() are 0.
    std::span<const std::uint64_t> words() const { return {data(), word_count()}; }
    std::span<std::uint64_t> words() { return {data(), word_count()}; }

    // Hamming distance to a genome of the same size.
    std::size_t distance(const Genome& o) const {
        assert(o.bits_ == bits_);
        const std::uint64_t* a = data();
        const std::uint64_t* b = o.data();
        std::size_t n = 0;
        for (std::size_t w = 0; w < word_count(); ++w)
            n += static_cast<std::size_t>(std::popcount(a[w] ^ b[w]));
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

    // The unused inline words stay 0, so comparing every member compares the bits.
    friend bool operator==(const Genome&, const Genome&) = default;

  private:
    // Genomes of up to 256 bits (every grid up to 16x16) keep their words inline: the
    // population searches build and drop hundreds of genomes a generation on several threads,
    // and a heap allocation each made the threads wait on the allocator.
    static constexpr std::size_t kInlineWords = 4;
    std::size_t word_count() const { return (bits_ + 63) / 64; }
    const std::uint64_t* data() const {
        return word_count() > kInlineWords ? heap_.data() : inline_.data();
    }
    std::uint64_t* data() { return word_count() > kInlineWords ? heap_.data() : inline_.data(); }

    std::size_t bits_ = 0;
    std::array<std::uint64_t, kInlineWords> inline_{};
    std::vector<std::uint64_t> heap_;  // the words of a larger genome
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
