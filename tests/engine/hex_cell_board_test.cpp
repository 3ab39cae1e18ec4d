// The hexagonal cell boards (models/hex/): the neighbours and their order of preference as the
// rules give them, the reference walk against a walk written here from the geometry of the
// grid, the fast walks against the reference walk, the text form and its errors, the picture.
#include <gtest/gtest.h>

#include <algorithm>
#include <deque>
#include <string>
#include <vector>

#include "mazesearch/models/graphs/csr_walk.hpp"
#include "mazesearch/models/graphs/graph_file.hpp"
#include "mazesearch/models/hex/hex_model.hpp"
#include "random_boards.hpp"
#include "xml_check.hpp"

using namespace maze;

namespace {

// The centre of (r, c) in units of a cell's width (x) and a row's height (y): odd rows sit half
// a cell to the right.
struct Centre {
    double x, y;
};
Centre centre_of(Cell x) {
    return {x.c + 0.5 * (x.r & 1), static_cast<double>(x.r)};
}

// The walk straight from the rules and the geometry, independent of hex_neighbour and
// grid_graph: the neighbours of a cell are the open cells whose centres lie one cell away (the
// same row, one to either side) or half a cell aside in the next row up or down; Squeaky takes the
// least-visited one, ties to the lowest (down first) and then the rightmost.
WalkCounts walk_from_geometry(const HexCellBoard& b) {
    std::vector<Cell> order;
    auto neighbours = [&](Cell at) {
        std::vector<Cell> out;
        const Centre p = centre_of(at);
        for (int r = at.r - 1; r <= at.r + 1; ++r)
            for (int c = at.c - 1; c <= at.c + 1; ++c) {
                const Cell n{r, c};
                if (n == at || !b.in_bounds(n) || !b.open(n)) continue;
                const Centre q = centre_of(n);
                const double dx = q.x - p.x, dy = q.y - p.y;
                const bool beside = dy == 0 && (dx == 1 || dx == -1);
                const bool diagonal = (dy == 1 || dy == -1) && (dx == 0.5 || dx == -0.5);
                if (beside || diagonal) out.push_back(n);
            }
        std::sort(out.begin(), out.end(), [&](Cell u, Cell v) {
            const Centre a = centre_of(u), z = centre_of(v);
            return a.y != z.y ? a.y > z.y : a.x > z.x;
        });
        return out;
    };
    WalkCounts w;
    w.visits.assign(static_cast<std::size_t>(b.cells()), 0);
    // Feasibility by a breadth-first search.
    std::vector<bool> seen(static_cast<std::size_t>(b.cells()));
    std::deque<Cell> todo{b.start()};
    auto at = [&](Cell x) { return static_cast<std::size_t>(x.r * b.cols() + x.c); };
    seen[at(b.start())] = true;
    while (!todo.empty()) {
        const Cell x = todo.front();
        todo.pop_front();
        for (Cell n : neighbours(x))
            if (!seen[at(n)]) {
                seen[at(n)] = true;
                todo.push_back(n);
            }
    }
    w.feasible = seen[at(b.exit())];
    if (!w.feasible) {
        w.visits.clear();
        return w;
    }
    for (Cell x = b.start(); !(x == b.exit());) {
        ++w.visits[at(x)];
        ++w.moves;
        const std::vector<Cell> ns = neighbours(x);
        Cell best = ns.front();
        for (Cell n : ns)
            if (w.visits[at(n)] < w.visits[at(best)]) best = n;
        x = best;
    }
    return w;
}

HexCellBoard random_hex_board(Rng& rng) {
    return HexCellBoard::from_square_cells(testing_support::random_mixed_board(rng));
}

}  // namespace

TEST(HexCellBoard, NeighboursAreTheRulesTableInOrderOfPreference) {
    using D = HexDirection;
    // An even row: down-right (r+1, c), down-left (r+1, c-1), up-right (r-1, c), up-left
    // (r-1, c-1); an odd row sits half a cell to the right, so its diagonals are one further.
    const Cell even{2, 3}, odd{3, 3};
    EXPECT_EQ(hex_neighbour(even, D::DownRight), (Cell{3, 3}));
    EXPECT_EQ(hex_neighbour(even, D::DownLeft), (Cell{3, 2}));
    EXPECT_EQ(hex_neighbour(even, D::Right), (Cell{2, 4}));
    EXPECT_EQ(hex_neighbour(even, D::Left), (Cell{2, 2}));
    EXPECT_EQ(hex_neighbour(even, D::UpRight), (Cell{1, 3}));
    EXPECT_EQ(hex_neighbour(even, D::UpLeft), (Cell{1, 2}));
    EXPECT_EQ(hex_neighbour(odd, D::DownRight), (Cell{4, 4}));
    EXPECT_EQ(hex_neighbour(odd, D::DownLeft), (Cell{4, 3}));
    EXPECT_EQ(hex_neighbour(odd, D::Right), (Cell{3, 4}));
    EXPECT_EQ(hex_neighbour(odd, D::Left), (Cell{3, 2}));
    EXPECT_EQ(hex_neighbour(odd, D::UpRight), (Cell{2, 4}));
    EXPECT_EQ(hex_neighbour(odd, D::UpLeft), (Cell{2, 3}));
    // The graph lists an inner cell's six neighbours in that order.
    const HexCellBoard b(5, 5);
    const MazeGraph g = grid_graph(b);
    EXPECT_EQ(g.neighbours[2 * 5 + 3], (std::vector<int>{18, 17, 14, 12, 8, 7}));
    EXPECT_EQ(g.neighbours[3 * 5 + 3], (std::vector<int>{24, 23, 19, 17, 14, 13}));
    EXPECT_NO_THROW(g.validate());
}

TEST(HexCellBoard, TheAllOpen3x3BoardWalks11MovesTheMostOfAny3x3Board) {
    const HexCellBoard open(3, 3);
    EXPECT_EQ(reference_counts(open).moves, 11u);
    EXPECT_EQ(evaluate(open).moves, 11u);
    EXPECT_EQ(walk_from_geometry(open).moves, 11u);
    // Every 3x3 board: the seven cells besides the start and the exit open or blocked.
    std::uint64_t best = 0;
    int feasible_boards = 0;
    for (unsigned bits = 0; bits < 128; ++bits) {
        HexCellBoard b(3, 3);
        for (int k = 0, i = 0; k < 9; ++k) {
            const Cell x{k / 3, k % 3};
            if (x == b.start() || x == b.exit()) continue;
            b.set_open(x, (bits >> i++) & 1u);
        }
        const WalkResult r = evaluate(b);
        EXPECT_EQ(r.feasible, walk_from_geometry(b).feasible) << b.to_text();
        if (!r.feasible) continue;
        ++feasible_boards;
        EXPECT_EQ(r.moves, walk_from_geometry(b).moves) << b.to_text();
        best = std::max(best, r.moves);
    }
    EXPECT_EQ(best, 11u);
    // (0,0) and (2,0) touch (1,0) only: the boards with (1,0) open, at least.
    EXPECT_GE(feasible_boards, 64);
}

TEST(HexCellBoard, TheWalksAgreeWithTheWalkFromTheGeometryOnRandomBoards) {
    Rng rng(47);
    std::vector<HexCellBoard> boards;
    HexWalk walker;
    int feasible_boards = 0;
    for (int i = 0; i < 600; ++i) {
        const HexCellBoard b = random_hex_board(rng);
        boards.push_back(b);
        const WalkCounts want = walk_from_geometry(b);
        ASSERT_EQ(feasible(b), want.feasible) << b.to_text();
        const WalkCounts ref = reference_counts(b);
        ASSERT_EQ(ref.feasible, want.feasible) << b.to_text();
        if (!want.feasible) continue;
        ++feasible_boards;
        ASSERT_EQ(ref.moves, want.moves) << b.to_text();
        ASSERT_EQ(ref.visits, want.visits) << b.to_text();
        const WalkCounts fast = walk_report(b);
        ASSERT_EQ(fast.moves, want.moves) << b.to_text();
        ASSERT_EQ(fast.visits, want.visits) << b.to_text();
        ASSERT_EQ(evaluate(b, walker).moves, want.moves) << b.to_text();
    }
    EXPECT_GT(feasible_boards, 200);
    std::vector<std::uint64_t> batch(boards.size()), serial(boards.size());
    EXPECT_EQ(evaluate_batch(boards, batch), 0u);
    evaluate_batch_serial(boards, serial);
    EXPECT_EQ(batch, serial);
    for (std::size_t i = 0; i < boards.size(); ++i) {
        const WalkResult r = evaluate(boards[i]);
        EXPECT_EQ(batch[i], r.feasible ? r.moves : kInfeasible) << boards[i].to_text();
    }
}

TEST(HexCellBoard, AWalkPastTheLimitIsFinishedByTheReferenceWalk) {
    Rng rng(7);
    std::vector<HexCellBoard> boards;
    while (boards.size() < 40) {
        const HexCellBoard b = random_hex_board(rng);
        if (feasible(b) && reference_counts(b).moves > 50) boards.push_back(b);
    }
    // One walk: past the limit by one move is an overflow, at it the walk's moves.
    HexWalk w;
    const std::uint64_t moves = reference_counts(boards[0]).moves;
    EXPECT_EQ(w.run(boards[0], moves - 1), kWalkOverflow);
    EXPECT_EQ(w.run(boards[0], moves), moves);
    // A batch compares its lanes with the limit now and then, and its last walks at every move:
    // those past it are walked again by the reference walk, with the same moves.
    std::vector<std::uint64_t> limited(boards.size()), full(boards.size());
    EXPECT_GT(evaluate_batch(boards, limited, 50), 0u);
    EXPECT_EQ(evaluate_batch(boards, full), 0u);
    EXPECT_EQ(limited, full);
}

TEST(HexCellBoard, TheTextFormIsAPictureOfTheGridAndReadsBack) {
    HexCellBoard b(4, 3);
    b.set_open(1, 1, false);
    b.set_open(2, 2, false);
    const std::string text = b.to_text();
    EXPECT_EQ(text, "hex\nS . .\n . # .\n. . #\n E . .\n");
    EXPECT_EQ(HexCellBoard::parse(text), b);
    EXPECT_TRUE(HexCellBoard::looks_like(text));
    EXPECT_FALSE(HexCellBoard::looks_like("S..\n.#.\nE..\n"));
    EXPECT_FALSE(HexCellBoard::looks_like("hexagon\n"));
    // CRLF, trailing spaces and blank lines at the end are accepted.
    EXPECT_EQ(HexCellBoard::parse("hex \r\nS . .  \r\n . # .\r\n. . #\r\n E . .\r\n\r\n"), b);
    // Start and exit anywhere.
    const HexCellBoard moved = HexCellBoard::parse("hex\n. E\n # S\n");
    EXPECT_EQ(moved.start(), (Cell{1, 1}));
    EXPECT_EQ(moved.exit(), (Cell{0, 1}));
    EXPECT_FALSE(moved.open(1, 0));
}

TEST(HexCellBoard, BadTextIsRefusedWithItsLine) {
    auto error_of = [](const std::string& text) {
        try {
            HexCellBoard::parse(text, "h.txt");
        } catch (const BoardError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    EXPECT_EQ(error_of("S . .\n"),
              "h.txt:1: expected \"hex\" on the first line of a hexagonal board, then its rows");
    EXPECT_EQ(error_of("hex\n"), "h.txt:2: no rows after \"hex\"");
    EXPECT_EQ(error_of("hex\nS .\n. E\n"),
              "h.txt:3: row 1 is odd and must begin with one space (odd rows sit half a cell to "
              "the right)");
    EXPECT_EQ(error_of("hex\n S .\n . E\n"),
              "h.txt:2: row 0 is even and must begin with its first cell, not a space");
    EXPECT_EQ(error_of("hex\nS..\n . E\n"),
              "h.txt:2: '.' after cell 1: expected one space between cells");
    EXPECT_EQ(error_of("hex\nS x\n . E\n"),
              "h.txt:2: unknown character 'x' in cell 2: expected '.', '#', 'S' or 'E'");
    EXPECT_EQ(error_of("hex\nS . .\n . E\n"),
              "h.txt:3: ragged row: 2 cells, expected 3 like line 2");
    EXPECT_EQ(error_of("hex\nS .\n\n. E\n"),
              "h.txt:3: blank line inside the board: expected a row");
    EXPECT_EQ(error_of("hex\nS S\n . E\n"), "h.txt:2: second start 'S' (the first is on line 2)");
    EXPECT_EQ(error_of("hex\nS .\n . .\n"), "h.txt: no exit cell 'E'");
    std::string tall = "hex\n";
    for (int r = 0; r < 17; ++r) tall += r % 2 ? " . .\n" : ". .\n";
    EXPECT_EQ(error_of(tall), "h.txt:18: too many rows: 17 (at most 16)");
}

TEST(HexCellBoard, ThePictureDrawsAHexagonForEveryCellColouredByItsVisits) {
    HexCellBoard b(5, 4);
    b.set_open(2, 1, false);
    const WalkCounts w = walk_report(b);
    ASSERT_TRUE(w.feasible);
    RenderOptions o;
    o.title = "hex 5x4";
    const std::string svg = render_svg(b, w.visits, o);
    const testing_support::XmlDocument doc = testing_support::parse_xml(svg);
    ASSERT_TRUE(doc.ok()) << doc.error;
    EXPECT_EQ(doc.count("polygon"), 20 + 2);  // the cells, and the outlines of start and exit
    EXPECT_NE(svg.find("visits ("), std::string::npos);
    EXPECT_NE(svg.find(">S<"), std::string::npos);
    EXPECT_NE(svg.find(">E<"), std::string::npos);
    EXPECT_THROW(render_svg(b, std::vector<std::uint64_t>(3), o), std::invalid_argument);
    EXPECT_EQ(walked_picture(b, "t"), render_svg(b, w.visits, [] {
                  RenderOptions t;
                  t.title = "t";
                  return t;
              }()));
}

// A hex board written as a graph file (make-graph board) and read back walks the same under the
// graph model, move for move, on every 3x3 and 2x4 board and on random boards; the 3x3 optimum
// is the graph's too.
TEST(HexCellBoard, ItsGraphFileWalksTheSameUnderTheGraphModel) {
    auto graph_moves = [](const HexCellBoard& b) {
        const GraphFile g = parse_graph_file(graph_file_text(grid_graph_file(b)), "<made>");
        const GraphWalkResult plain = reference_walk(g.graph);
        CsrWalk fast;
        const CsrWalkResult csr = fast.evaluate(CsrGraph::from(g.graph));
        EXPECT_EQ(csr.feasible, plain.feasible) << b.to_text();
        EXPECT_EQ(csr.moves, plain.moves) << b.to_text();
        return plain.feasible ? plain.moves : kInfeasible;
    };
    auto board_moves = [](const HexCellBoard& b) {
        const WalkResult r = evaluate(b);
        return r.feasible ? r.moves : kInfeasible;
    };
    for (const auto& [rows, cols] : {std::pair{3, 3}, std::pair{2, 4}, std::pair{4, 2}}) {
        std::uint64_t best_board = 0, best_graph = 0;
        const int free_cells = rows * cols - 2;
        for (unsigned bits = 0; bits < (1u << free_cells); ++bits) {
            HexCellBoard b(rows, cols);
            for (int k = 0, i = 0; k < rows * cols; ++k) {
                const Cell x{k / cols, k % cols};
                if (x == b.start() || x == b.exit()) continue;
                b.set_open(x, (bits >> i++) & 1u);
            }
            const std::uint64_t m = board_moves(b), g = graph_moves(b);
            ASSERT_EQ(m, g) << b.to_text();
            if (m != kInfeasible) best_board = std::max(best_board, m);
            if (g != kInfeasible) best_graph = std::max(best_graph, g);
        }
        EXPECT_EQ(best_board, best_graph) << rows << "x" << cols;
        if (rows == 3 && cols == 3) {
            EXPECT_EQ(best_graph, 11u);
        }
    }
    Rng rng(4747);
    for (int i = 0; i < 300; ++i) {
        const HexCellBoard b = random_hex_board(rng);
        ASSERT_EQ(board_moves(b), graph_moves(b)) << b.to_text();
    }
}

// The bench sample's signature is pinned as the other bench sets' are: the reference walk, the
// serial walk and the interleaved walk all give it.
TEST(HexCellBoard, TheBenchSampleWalksItsPinnedSignature) {
    const std::vector<HexCellBoard> set = BenchSample<HexCellBoard>::boards();
    ASSERT_EQ(set.size(), 32u);
    std::uint64_t reference = 0;
    for (const HexCellBoard& b : set) {
        EXPECT_EQ(b.rows(), 13);
        reference += reference_counts(b).moves;
    }
    std::vector<std::uint64_t> serial(set.size()), interleaved(set.size());
    evaluate_batch_serial(set, serial);
    evaluate_batch(set, interleaved);
    EXPECT_EQ(serial, interleaved);
    std::uint64_t total = 0;
    for (std::uint64_t m : serial) total += m;
    EXPECT_EQ(reference, BenchSample<HexCellBoard>::signature);
    EXPECT_EQ(total, BenchSample<HexCellBoard>::signature);
}
