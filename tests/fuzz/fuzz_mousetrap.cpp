// libFuzzer target: Mousetrap trees (maze::parse_mousetrap), the fast solver on every tree parsed
// and the exhaustive search on the small ones (they must agree), and the text form, which must
// parse back to the same tree. An InputError is the parser's answer to bad input; anything else
// is a bug.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "mazesearch/engine/games/mousetrap.hpp"
#include "mazesearch/engine/input_error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    maze::MousetrapTree tree;
    try {
        tree = maze::parse_mousetrap(text, "fuzz.txt");
    } catch (const maze::InputError&) {
        return 0;
    }
    const maze::MousetrapTree again = maze::parse_mousetrap(maze::mousetrap_text(tree), "again");
    if (again.rooms != tree.rooms || again.trap != tree.trap || again.mouse != tree.mouse ||
        again.a != tree.a || again.b != tree.b)
        std::abort();
    if (tree.rooms > 2000) return 0;
    const std::int64_t fast = maze::solve_mousetrap(tree);
    if (tree.rooms <= 7 && fast != maze::mousetrap_brute_force(tree)) std::abort();
    return 0;
}
