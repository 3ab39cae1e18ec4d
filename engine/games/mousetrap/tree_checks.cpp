#include "mazesearch/engine/games/mousetrap/tree_checks.hpp"

#include <stdexcept>

namespace maze::detail {

void check_shape(const MousetrapTree& tree) {
    const int n = tree.rooms;
    if (n < 1) throw std::invalid_argument("mousetrap: a tree needs at least one room");
    if (tree.a.size() != static_cast<std::size_t>(n - 1) || tree.b.size() != tree.a.size())
        throw std::invalid_argument("mousetrap: a tree of n rooms has n-1 passages");
    if (tree.trap < 0 || tree.trap >= n || tree.mouse < 0 || tree.mouse >= n)
        throw std::invalid_argument("mousetrap: trap or mouse is not a room");
}

void check_tree(const MousetrapTree& tree) {
    check_shape(tree);
    const int n = tree.rooms;
    Components comp(n);
    for (std::size_t i = 0; i < tree.a.size(); ++i) {
        if (tree.a[i] < 0 || tree.a[i] >= n || tree.b[i] < 0 || tree.b[i] >= n)
            throw std::invalid_argument("mousetrap: a passage leads to no room");
        if (!comp.join(tree.a[i], tree.b[i]))
            throw std::invalid_argument("mousetrap: the passages are not a tree");
    }
}

}  // namespace maze::detail
