#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "mazesearch/search/enumeration/exhaustive.hpp"

namespace maze {

std::vector<std::size_t> EnumerationTree::selected(const EnumerationOptions& options) const {
    if (std::max<std::size_t>(options.frontier, 1) != frontier())
        throw std::invalid_argument("a tree cut for a frontier of " + std::to_string(frontier()) +
                                    " run with options for " + std::to_string(options.frontier));
    if (options.shards < 1 || options.shard < 0 || options.shard >= options.shards)
        throw std::invalid_argument("shard i/N needs 0 <= i < N");
    if (options.done && options.done->empty()) options.done->assign(subtrees(), 0);
    if (options.done && options.done->size() != subtrees())
        throw std::invalid_argument(
            "the list of subtrees done has " + std::to_string(options.done->size()) +
            " entries; this tree has " + std::to_string(subtrees()) + " subtrees");
    std::vector<std::size_t> mine;
    for (std::size_t i = static_cast<std::size_t>(options.shard); i < subtrees();
         i += static_cast<std::size_t>(options.shards))
        if (!options.done || !(*options.done)[i]) mine.push_back(i);
    if (options.limit > 0 && mine.size() > options.limit) mine.resize(options.limit);
    return mine;
}

EnumerationResult EnumerationTree::empty_result(const EnumerationOptions& options) const {
    EnumerationResult r = grid_;
    r.held = {options.shard};
    r.frontier = frontier();
    r.shards = options.shards;
    r.objective = options.objective;
    r.at_least = options.at_least;
    return r;
}

void check_subtrees(const EnumerationResult& r, std::size_t tree_subtrees) {
    const std::uint64_t want = r.subtrees_held(tree_subtrees);
    if (r.subtrees != want)
        throw std::invalid_argument("enumeration result: subtrees: " +
                                    std::to_string(r.subtrees) + ", but " +
                                    (r.shards == 1 ? std::string("the tree") : r.shards_text()) +
                                    " of the " + std::to_string(r.rows) + "x" +
                                    std::to_string(r.cols) + " tree cut for --frontier " +
                                    std::to_string(r.frontier) + " has " + std::to_string(want));
}

void check_progress(const EnumerationResult& r, const std::vector<std::uint8_t>& done) {
    std::uint64_t marked = 0;
    for (std::size_t i = 0; i < done.size(); ++i) {
        if (!done[i]) continue;
        ++marked;
        if (!std::binary_search(r.held.begin(), r.held.end(),
                                static_cast<int>(i % static_cast<std::size_t>(r.shards))))
            throw std::invalid_argument("done: subtree " + std::to_string(i) +
                                        " marked done, but it is not in " +
                                        (r.shards_text().empty() ? "the tree" : r.shards_text()));
    }
    if (marked != r.subtrees)
        throw std::invalid_argument("done: " + std::to_string(marked) +
                                    " subtrees marked done, but the result counts " +
                                    std::to_string(r.subtrees));
}

std::string done_to_text(const std::vector<std::uint8_t>& done) {
    std::string text(done.size(), '0');
    for (std::size_t i = 0; i < done.size(); ++i)
        if (done[i]) text[i] = '1';
    return text;
}

std::vector<std::uint8_t> done_from_text(const std::string& text) {
    std::vector<std::uint8_t> done(text.size(), 0);
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '0' && text[i] != '1')
            throw std::invalid_argument("enumeration progress: the done marks hold a '" +
                                        std::string(1, text[i]) + "', not only 0 and 1");
        done[i] = text[i] == '1';
    }
    return done;
}

}  // namespace maze
