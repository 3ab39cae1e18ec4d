#include "experiments/commands.hpp"

namespace maze::cli {

Command add_play_cat_trap(CLI::App& play) {
    CLI::App* sub = play.add_subcommand("cat-trap", "(being written)");
    return {sub, [] { return kExitInternal; }};
}

}  // namespace maze::cli
