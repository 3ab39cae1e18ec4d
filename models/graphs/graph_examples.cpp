#include "mazesearch/models/graphs/graph_examples.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>

namespace maze {

namespace {

void check_range(const char* what, int v, int lo, int hi) {
    if (v < lo || v > hi)
        throw std::invalid_argument(std::string(what) + " must be between " + std::to_string(lo) +
                                    " and " + std::to_string(hi) + ", not " + std::to_string(v));
}

// Builds a graph file vertex by vertex from each vertex's neighbours in preference order.
struct Builder {
    std::vector<std::string> ids;
    std::vector<std::array<double, 3>> pos;
    MazeGraph g;

    int add(std::string id, double x, double y, double z = 0) {
        ids.push_back(std::move(id));
        pos.push_back({x, y, z});
        g.neighbours.emplace_back();
        return static_cast<int>(ids.size()) - 1;
    }
    GraphFile finish(int start, int exit, int dimensions, std::string description) {
        g.start = start;
        g.exit = exit;
        GraphFile f = graph_file_from(g, std::move(ids), std::move(pos), dimensions);
        f.description = std::move(description);
        return f;
    }
};

}  // namespace

GraphFile hex_grid_graph(int side) {
    check_range("side", side, 2, 50);
    const int m = side - 1;
    Builder b;
    // Axial coordinates (q, r): |q| <= m, |r| <= m, |q + r| <= m; row i = r + m from the top.
    std::map<std::pair<int, int>, int> at;
    for (int r = -m; r <= m; ++r) {
        const int qlo = std::max(-m, -m - r), qhi = std::min(m, m - r);
        for (int q = qlo; q <= qhi; ++q)
            at[{q, r}] = b.add(std::to_string(r + m) + "," + std::to_string(q - qlo),
                               q + r / 2.0 + m, (r + m) * std::sqrt(3.0) / 2.0);
    }
    // down-right, down-left, right, left, up-right, up-left
    const int dq[6] = {0, -1, 1, -1, 1, 0};
    const int dr[6] = {1, 1, 0, 0, -1, -1};
    for (const auto& [qr, v] : at)
        for (int d = 0; d < 6; ++d) {
            const auto it = at.find({qr.first + dq[d], qr.second + dr[d]});
            if (it != at.end()) b.g.neighbours[static_cast<std::size_t>(v)].push_back(it->second);
        }
    const int start = at.at({0, -m});  // the top row's first cell
    const int exit = at.at({-m, m});   // the bottom row's first cell
    return b.finish(start, exit, 2,
                    "hexagonal grid of side " + std::to_string(side) + " (" +
                        std::to_string(b.ids.size()) +
                        " cells), start top left, exit bottom left; preference down-right, "
                        "down-left, right, left, up-right, up-left (mazesearch make-graph hex "
                        "--side " +
                        std::to_string(side) + ")");
}

GraphFile torus_graph(int rows, int cols) {
    check_range("rows", rows, 3, 100);
    check_range("cols", cols, 3, 100);
    Builder b;
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) b.add(std::to_string(r) + "," + std::to_string(c), c, r);
    const int dr[4] = {1, 0, 0, -1};  // down, right, left, up
    const int dc[4] = {0, 1, -1, 0};
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c)
            for (int d = 0; d < 4; ++d)
                b.g.neighbours[static_cast<std::size_t>(r * cols + c)].push_back(
                    ((r + dr[d] + rows) % rows) * cols + (c + dc[d] + cols) % cols);
    return b.finish(0, (rows / 2) * cols + cols / 2, 2,
                    std::to_string(rows) + "x" + std::to_string(cols) +
                        " torus (a grid whose opposite edges are joined), start 0,0, exit the "
                        "farthest cell; preference down, right, left, up (mazesearch make-graph "
                        "torus --rows " +
                        std::to_string(rows) + " --cols " + std::to_string(cols) + ")");
}

GraphFile grid3d_graph(int x, int y, int z) {
    check_range("x", x, 1, 30);
    check_range("y", y, 1, 30);
    check_range("z", z, 1, 30);
    if (x * y * z < 2) throw std::invalid_argument("a 3-D grid needs at least two cubes");
    Builder b;
    const auto index = [&](int i, int j, int k) { return (k * y + j) * x + i; };
    for (int k = 0; k < z; ++k)
        for (int j = 0; j < y; ++j)
            for (int i = 0; i < x; ++i)
                b.add(std::to_string(i) + "," + std::to_string(j) + "," + std::to_string(k), i, j,
                      k);
    // down, right, left, up, next layer, previous layer
    const int di[6] = {0, 1, -1, 0, 0, 0};
    const int dj[6] = {1, 0, 0, -1, 0, 0};
    const int dk[6] = {0, 0, 0, 0, 1, -1};
    for (int k = 0; k < z; ++k)
        for (int j = 0; j < y; ++j)
            for (int i = 0; i < x; ++i)
                for (int d = 0; d < 6; ++d) {
                    const int ni = i + di[d], nj = j + dj[d], nk = k + dk[d];
                    if (ni >= 0 && ni < x && nj >= 0 && nj < y && nk >= 0 && nk < z)
                        b.g.neighbours[static_cast<std::size_t>(index(i, j, k))].push_back(
                            index(ni, nj, nk));
                }
    const std::string size = std::to_string(x) + "x" + std::to_string(y) + "x" + std::to_string(z);
    return b.finish(0, index(0, y - 1, z - 1), 3,
                    size +
                        " grid of cubes (x right, y down, z the layer), start 0,0,0, exit the "
                        "bottom left of the last layer; preference down, right, left, up, next "
                        "layer, previous layer (mazesearch make-graph grid3d --size " +
                        size + ")");
}

GraphFile lemma11_graph(int k) {
    check_range("k", k, 2, 100);
    Builder b;
    const int s = b.add("s", (k + 1) / 2.0, 0);
    // append, not +: GCC 12 warns (-Wrestrict, wrongly) about "v" + std::to_string(i).
    for (int i = 1; i <= k; ++i) b.add(std::string("v").append(std::to_string(i)), i, 1);
    const int w = b.add("w", k - 1, 2);
    for (int i = 1; i <= k; ++i) {
        b.g.neighbours[static_cast<std::size_t>(s)].push_back(i);
        if (i == k - 1) b.g.neighbours[static_cast<std::size_t>(i)].push_back(w);
        b.g.neighbours[static_cast<std::size_t>(i)].push_back(s);
    }
    b.g.neighbours[static_cast<std::size_t>(w)].push_back(k - 1);
    const std::string ks = std::to_string(k);
    std::string d = "the paper's Lemma 11 construction for k = ";
    d += ks + ": start s prefers v1 .. v" + ks + " in that order, v" + std::to_string(k - 1);
    d += " prefers its tail w over s, exit v" + ks + "; the " + ks;
    d += "-mod mouse is trapped, the ordinary mouse escapes (mazesearch make-graph lemma11 --k ";
    d += ks + ")";
    return b.finish(s, k, 2, std::move(d));
}

}  // namespace maze
