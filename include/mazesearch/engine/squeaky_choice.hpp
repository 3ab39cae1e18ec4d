// Squeaky's rule, written once for every board model: of the neighbours of the cell he stands on,
// listed in the model's order of preference, he steps to the first with the fewest visits. A
// model gives the list (how many neighbours, and what each one counts); the rule is here.
//
// The plain form is first_least below: the walks and trees that choose among a list (the graph
// walks, the hexagonal walk and tree, the passage tree, the k-mod walk and tree) call it over
// their model's list. The fast walks of the four-neighbour grids take two more forms of the same
// rule, measured faster there: the chain of comparisons and the ranked keys of walk_steps.hpp
// (KeyedSteps, over a model's neighbour keys) and the tournament of the cell tree
// (models/cells/cell_tree.hpp). Every form is checked against first_least's walk through the
// graph model (the reference walk of every model is its grid graph's).
#pragma once

#include <utility>

namespace maze {

// The first of the neighbours [first, last), in the order of preference, with the least count,
// count(w) being neighbour w's. A closed neighbour counts more than every open one (the largest
// value of its type, or any value above the open ones'), so it never wins while an open one
// exists: a walk checked feasible always stands next to one. Returns the neighbour itself (not
// where it is listed: the walk's next step then waits on no further load), or `none` for an
// empty list. The first neighbour starts the race: one comparison fewer than starting from the
// largest value, which cost the hexagonal tree 4% (the 6x6 hexagonal enumeration, interleaved).
template <class It, class Count, class Neighbour>
inline Neighbour first_least(It first, It last, Count count, Neighbour none) {
    if (first == last) return none;
    Neighbour chosen = *first;
    auto least = count(chosen);
    for (++first; first != last; ++first) {
        const Neighbour w = *first;
        const auto c = count(w);
        if (c < least) {
            least = c;
            chosen = w;
        }
    }
    return chosen;
}

// The same over the neighbours numbered 0 .. n - 1 (count(i) the i-th's, n >= 1): the index of
// the one chosen.
template <class Count>
inline int first_least(int n, Count count) {
    auto least = count(0);
    int chosen = 0;
    for (int i = 1; i < n; ++i) {
        const auto c = count(i);
        if (c < least) {
            least = c;
            chosen = i;
        }
    }
    return chosen;
}

}  // namespace maze
