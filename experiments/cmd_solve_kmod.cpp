#include "experiments/commands.hpp"

namespace maze::cli {

Command add_solve_kmod(CLI::App& solve) {
    CLI::App* sub = solve.add_subcommand("kmod-trap", "(being written)");
    return {sub, [] { return kExitInternal; }};
}

}  // namespace maze::cli
