#include "mazesearch/models/passages/passage_target.hpp"

#include <array>
#include <bit>
#include <stdexcept>
#include <string>

#include "mazesearch/models/passages/passage_walk.hpp"

namespace maze {

namespace {

// Bits needed for a column of `cols`: ceil(log2 cols) (0 for a single column).
int code_bits_for(int cols) {
    return std::bit_width(static_cast<unsigned>(cols - 1));
}

}  // namespace

PassageTarget::PassageTarget(int rows, int cols, std::optional<int> entrance,
                             std::optional<int> exit)
    : WalkTarget(WalkObjective::Moves, 0.0),
      rows_(rows),
      cols_(cols),
      entrance_(entrance),
      exit_(exit) {
    // The board checks the shape and the fixed columns.
    const PassageBoard probe(rows, cols, entrance.value_or(0), exit.value_or(0));
    if (rows * cols < 2) throw BoardError("<board>", 0, "a passage board needs at least two cells");
    slots_ = probe.slots();
    code_bits_ = code_bits_for(cols);
    genes_ =
        static_cast<std::size_t>(slots_ + (entrance ? 0 : code_bits_) + (exit ? 0 : code_bits_));

    topology_.kind = "passages";
    topology_.rows = 2 * rows - 1;
    topology_.cols = 2 * cols - 1;
    for (int s = 0; s < slots_; ++s) {
        const auto [a, b] = probe.slot_cells(s);
        topology_.row.push_back(a.r + b.r);
        topology_.col.push_back(a.c + b.c);
    }
    for (int k = 0; !entrance && k < code_bits_; ++k) {
        topology_.row.push_back(0);
        topology_.col.push_back(0);
    }
    for (int k = 0; !exit && k < code_bits_; ++k) {
        topology_.row.push_back(2 * rows - 2);
        topology_.col.push_back(0);
    }
}

int PassageTarget::column(const Genome& g, std::size_t first) const {
    unsigned gray = 0;
    for (int k = 0; k < code_bits_; ++k)
        if (g.get(first + static_cast<std::size_t>(k))) gray |= 1u << k;
    unsigned v = gray;
    for (unsigned shift = gray >> 1; shift; shift >>= 1) v ^= shift;
    return static_cast<int>(v);
}

std::optional<PassageBoard> PassageTarget::decode(const Genome& g) const {
    if (g.size() != genes_)
        throw std::invalid_argument("passage genome of " + std::to_string(g.size()) +
                                    " genes; the target has " + std::to_string(genes_));
    std::size_t next = static_cast<std::size_t>(slots_);
    int entrance = 0, exit = 0;
    if (entrance_) {
        entrance = *entrance_;
    } else {
        entrance = column(g, next);
        next += static_cast<std::size_t>(code_bits_);
    }
    if (exit_)
        exit = *exit_;
    else
        exit = column(g, next);
    if (entrance >= cols_ || exit >= cols_) return std::nullopt;
    PassageBoard b(rows_, cols_, entrance, exit);
    // Open the passages whose gene is 0, in slot order: right passages row by row, then down.
    std::size_t i = 0;
    for (int r = 0; r < rows_; ++r)
        for (int c = 0; c + 1 < cols_; ++c, ++i)
            if (!g.get(i)) b.set_right(r, c, true);
    for (int r = 0; r + 1 < rows_; ++r)
        for (int c = 0; c < cols_; ++c, ++i)
            if (!g.get(i)) b.set_down(r, c, true);
    return b;
}

Genome PassageTarget::to_genome(const PassageBoard& b, const std::string& source) const {
    if (b.rows() != rows_ || b.cols() != cols_)
        throw BoardError(source, 0,
                         "a " + std::to_string(b.rows()) + "x" + std::to_string(b.cols()) +
                             " passage board; the target's is " + std::to_string(rows_) + "x" +
                             std::to_string(cols_));
    if ((entrance_ && b.entrance() != *entrance_) || (exit_ && b.exit() != *exit_))
        throw BoardError(source, 0,
                         "entrance " + std::to_string(b.entrance()) + " and exit " +
                             std::to_string(b.exit()) +
                             " differ from the target's fixed columns (entrance " +
                             (entrance_ ? std::to_string(*entrance_) : "free") + ", exit " +
                             (exit_ ? std::to_string(*exit_) : "free") + ")");
    Genome g(genes_);
    for (int s = 0; s < slots_; ++s) g.set(static_cast<std::size_t>(s), !b.slot_open(s));
    std::size_t next = static_cast<std::size_t>(slots_);
    auto put = [&](int col) {
        const unsigned gray = static_cast<unsigned>(col) ^ (static_cast<unsigned>(col) >> 1);
        for (int k = 0; k < code_bits_; ++k) g.set(next++, (gray >> k) & 1u);
    };
    if (!entrance_) put(b.entrance());
    if (!exit_) put(b.exit());
    return g;
}

Genome PassageTarget::genes_near_walk(const Genome& g, const PassageBoard& b,
                                      const std::vector<std::uint64_t>& visits) const {
    Genome mask(g.size());
    for (std::size_t i = static_cast<std::size_t>(slots_); i < genes_; ++i) mask.set(i, true);
    auto stood = [&](Cell x) { return visits[static_cast<std::size_t>(x.r * cols_ + x.c)] > 0; };
    for (int s = 0; s < slots_; ++s) {
        const auto [a, c] = b.slot_cells(s);
        if (stood(a) || stood(c)) mask.set(static_cast<std::size_t>(s), true);
    }
    return mask;
}

namespace {

// A column key: an integer in [0, cols - 1], or the word `free`; nullopt for free.
std::optional<int> read_column(const Params& params, const std::string& key, int cols) {
    if (!params.has(key)) return 0;
    try {
        return static_cast<int>(params.get_int(key, 0, 0, cols - 1));
    } catch (const ParamError&) {
        std::string word;
        try {
            word = params.get_string(key);
        } catch (const ParamError&) {
        }
        if (word == "free") return std::nullopt;
        const std::string section = params.section().empty() ? "target" : params.section();
        throw ParamError(section + "." + key, params.where(key),
                         "expected a column in [0, " + std::to_string(cols - 1) +
                             "] or free (chosen by the search)");
    }
}

}  // namespace

std::unique_ptr<PassageTarget> make_passage_target(const Params& params) {
    const std::string section = params.section().empty() ? "target" : params.section();
    const int rows = static_cast<int>(params.get_int("rows", 13, 1, kMaxSide));
    const int cols = static_cast<int>(params.get_int("cols", 13, 1, kMaxSide));
    if (rows * cols < 2)
        throw ParamError(section + ".rows", params.where("rows"),
                         "a passage board needs at least two cells");
    const std::optional<int> entrance = read_column(params, "entrance", cols);
    const std::optional<int> exit = read_column(params, "exit", cols);
    params.reject_unused(section);
    return std::make_unique<PassageTarget>(rows, cols, entrance, exit);
}

}  // namespace maze
