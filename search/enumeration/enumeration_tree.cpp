#include <algorithm>
#include <stdexcept>
#include <string>

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

}  // namespace maze
