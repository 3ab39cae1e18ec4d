// libFuzzer target: graph files (maze::parse_graph_file, docs/formats.md "Graph files"). An
// InputError is the parser's answer to bad input, and it must name a line (every item of a JSON
// text has one); a file read must write back to a text that reads back to the same text, and on
// graphs of up to 40 vertices the fast graph walk must equal the reference walk. Anything else
// (another exception, a crash, a sanitizer report) is a bug.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "mazesearch/models/graphs/csr_walk.hpp"
#include "mazesearch/models/graphs/graph_file.hpp"
#include "mazesearch/engine/input_error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    maze::GraphFile g;
    try {
        g = maze::parse_graph_file(text, "fuzz.json");
    } catch (const maze::InputError& e) {
        if (e.line() < 1) std::abort();
        return 0;
    }
    const std::string written = maze::graph_file_text(g);
    if (maze::graph_file_text(maze::parse_graph_file(written, "back.json")) != written)
        std::abort();
    if (g.vertices() > 40) return 0;
    const maze::GraphWalkResult ref = maze::reference_walk(g.graph);
    maze::CsrWalk walk;
    const maze::CsrWalkResult fast = walk.evaluate(maze::CsrGraph::from(g.graph), true);
    if (fast.feasible != ref.feasible) std::abort();
    if (ref.feasible && (fast.moves != ref.moves || fast.visits != ref.visits)) std::abort();
    return 0;
}
