// libFuzzer target: Cat and Mouse graphs (maze::parse_cat_mouse_graph), and the solver on the
// small graphs parsed (every start position of a table, and one start). An InputError is the
// parser's answer to bad input; anything else is a bug.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "mazesearch/engine/games/cat_mouse.hpp"
#include "mazesearch/engine/input_error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    maze::CatMouseGraph g;
    try {
        g = maze::parse_cat_mouse_graph(text, "fuzz.json");
    } catch (const maze::InputError&) {
        return 0;
    }
    const int n = g.nodes();
    if (n < 3 || n > 12) return 0;
    const maze::CatMouseTable table = maze::solve_cat_mouse_table(g, 0, true, 1);
    for (int m = 0; m < n; ++m)
        for (int c = 1; c < n; ++c)
            for (auto turn : {maze::CatMouseTurn::Mouse, maze::CatMouseTurn::Cat}) {
                const maze::CatMouseResult r = table.at(m, c, turn);
                if (r.result < 0 || r.result > 2 || (r.result == 0) != !r.plies) std::abort();
            }
    // One start, stopping early, agrees with the table.
    const maze::CatMouseResult one = maze::solve_cat_mouse(g, 1, 2, 0, 1);
    if (one.result != table.at(1, 2).result) std::abort();
    return 0;
}
