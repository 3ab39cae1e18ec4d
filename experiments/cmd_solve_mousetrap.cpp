#include "experiments/commands.hpp"

namespace maze::cli {

Command add_solve_mousetrap(CLI::App& solve) {
    CLI::App* sub = solve.add_subcommand("mousetrap", "(being written)");
    return {sub, [] { return kExitInternal; }};
}

}  // namespace maze::cli
