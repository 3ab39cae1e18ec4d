#include "experiments/commands.hpp"

namespace maze::cli {

Command add_solve_cat_mouse(CLI::App& solve) {
    CLI::App* sub = solve.add_subcommand("cat-mouse", "(being written)");
    return {sub, [] { return kExitInternal; }};
}

}  // namespace maze::cli
