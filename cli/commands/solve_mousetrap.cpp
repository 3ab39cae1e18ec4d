// mazesearch solve mousetrap [FILE]: the trapper's operations under optimal play (CEOI 2017).
#include <cstdio>
#include <memory>
#include <string>

#include "mazesearch/engine/games/mousetrap.hpp"
#include "mazesearch/engine/input_error.hpp"
#include "mazesearch/cli/commands.hpp"

namespace maze::experiments {

namespace {

struct MousetrapOptions {
    std::string file = "-";
    bool brute_force = false;
};

}  // namespace

Command add_solve_mousetrap(CLI::App& solve) {
    auto opts = std::make_shared<MousetrapOptions>();
    CLI::App* sub = solve.add_subcommand(
        "mousetrap",
        "Mousetrap (CEOI 2017): the trapper's block and clean operations under optimal play");
    sub->add_option("file", opts->file,
                    "The tree: 'n t m' (rooms, trap, mouse), then n-1 lines 'a b' (1-based "
                    "rooms); '-' or none reads standard input");
    sub->add_flag("--brute-force", opts->brute_force,
                  "Play the game out by exhaustive search instead (at most " +
                      std::to_string(kMousetrapBruteForceMaxRooms) + " rooms)");
    sub->footer("Prints one number. The fast solver is O(n log n) and takes n up to " +
                std::to_string(kMousetrapMaxRooms) +
                ".\nExit status: 0 success, 2 bad input (the message names the line).");
    return {sub, [opts] {
                const MousetrapTree tree = read_mousetrap(opts->file);
                long long value = 0;
                if (opts->brute_force) {
                    if (tree.rooms > kMousetrapBruteForceMaxRooms)
                        throw InputError(opts->file == "-" ? "<stdin>" : opts->file, 1,
                                         "--brute-force takes at most " +
                                             std::to_string(kMousetrapBruteForceMaxRooms) +
                                             " rooms, this tree has " + std::to_string(tree.rooms));
                    value = mousetrap_brute_force(tree);
                } else {
                    value = static_cast<long long>(solve_mousetrap(tree));
                }
                std::printf("%lld\n", value);
                std::fflush(stdout);
                return kExitOk;
            }};
}

}  // namespace maze::experiments
