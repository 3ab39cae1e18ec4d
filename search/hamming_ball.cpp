#include "mazesearch/search/hamming_ball.hpp"

#include <limits>
#include <stdexcept>
#include <string>

#include "mazesearch/engine/rng.hpp"
#include "mazesearch/search/state_json.hpp"

namespace maze {

std::uint64_t binomial(std::uint64_t n, std::uint64_t k) {
    if (k > n) return 0;
    if (k > n - k) k = n - k;
    // After step i the running value is C(n-k+i, i), an integer, so each division is exact.
    Uint128 v = 1;
    for (std::uint64_t i = 1; i <= k; ++i) {
        v = v * (n - k + i) / i;
        if (v > std::numeric_limits<std::uint64_t>::max())
            throw std::overflow_error("binomial coefficient C(" + std::to_string(n) + ", " +
                                      std::to_string(k) + ") does not fit in 64 bits");
    }
    return static_cast<std::uint64_t>(v);
}

std::uint64_t hamming_ball_size(std::size_t n, int r) {
    std::uint64_t total = 0;
    for (int k = 1; k <= r && static_cast<std::size_t>(k) <= n; ++k) {
        const std::uint64_t c = binomial(n, static_cast<std::uint64_t>(k));
        if (total > std::numeric_limits<std::uint64_t>::max() - c)
            throw std::overflow_error("Hamming ball size does not fit in 64 bits");
        total += c;
    }
    return total;
}

HammingBall::HammingBall(std::size_t n, int r) : n_(n), r_(r), size_(0) {
    if (r < 0) throw std::invalid_argument("Hamming ball radius must be >= 0");
    size_ = hamming_ball_size(n, r);
    seek(0);
}

void HammingBall::seek(std::uint64_t pos) {
    if (pos > size_)
        throw std::out_of_range("Hamming ball position " + std::to_string(pos) +
                                " is past its size " + std::to_string(size_));
    pos_ = pos;
    flips_.clear();
    if (pos_ == size_) return;
    // Which distance k holds index pos, and the rank m within the sets of size k.
    std::uint64_t m = pos;
    std::size_t k = 1;
    for (;; ++k) {
        const std::uint64_t c = binomial(n_, k);
        if (m < c) break;
        m -= c;
    }
    // Unrank m among the k-subsets in lexicographic order: the sets starting with gene c (after
    // the genes already fixed) number C(n-1-c, k-1-t).
    std::size_t c = 0;
    for (std::size_t t = 0; t < k; ++t) {
        for (;; ++c) {
            const std::uint64_t below = binomial(n_ - 1 - c, k - 1 - t);
            if (m < below) break;
            m -= below;
        }
        flips_.push_back(c++);
    }
}

void HammingBall::advance() {
    if (finished()) return;
    ++pos_;
    if (pos_ == size_) {
        flips_.clear();
        return;
    }
    const std::size_t k = flips_.size();
    // Next k-subset in lexicographic order: bump the rightmost index that still has room.
    for (std::size_t i = k; i-- > 0;) {
        if (flips_[i] < n_ - k + i) {
            ++flips_[i];
            for (std::size_t j = i + 1; j < k; ++j) flips_[j] = flips_[j - 1] + 1;
            return;
        }
    }
    // All k-subsets done: the first (k+1)-subset.
    flips_.resize(k + 1);
    for (std::size_t j = 0; j <= k; ++j) flips_[j] = j;
}

bool HammingBall::next_batch(const Genome& centre, std::size_t max, std::vector<Genome>& out) {
    out.clear();
    if (centre.size() != n_)
        throw std::invalid_argument("Hamming ball centre has " + std::to_string(centre.size()) +
                                    " genes, expected " + std::to_string(n_));
    while (out.size() < max && !finished()) {
        out.push_back(centre);
        for (std::size_t i : flips_) out.back().flip(i);
        advance();
    }
    return !out.empty();
}

void to_json(nlohmann::json& j, const HammingBall& b) {
    j = nlohmann::json{{"genes", b.n_}, {"radius", b.r_}, {"position", b.pos_}};
}

void from_json(const nlohmann::json& j, HammingBall& b) {
    std::size_t genes = 0;
    int radius = 0;
    std::uint64_t position = 0;
    read_state_field(j, "genes", genes);
    read_state_field(j, "radius", radius);
    read_state_field(j, "position", position);
    b = HammingBall(genes, radius);
    b.seek(position);
}

}  // namespace maze
