// mazesearch serve [FOLDER] [--port 8080] [--host 127.0.0.1]: the runs and sweeps under FOLDER,
// live in the browser, and the maze editor (serve/).
#include <memory>
#include <string>

#include "mazesearch/cli/commands.hpp"
#include "mazesearch/serve/web_server.hpp"

namespace maze::experiments {

Command add_serve(CLI::App& app) {
    auto o = std::make_shared<ServeOptions>();
    CLI::App* sub = app.add_subcommand(
        "serve",
        "A live view of the runs and sweeps under FOLDER in the browser, and a maze "
        "editor where Squeaky walks any board");
    sub->add_option("folder", o->folder, "The folder whose runs and sweeps are shown [.]")
        ->check(CLI::ExistingDirectory);
    sub->add_option("--port", o->port, "Port [8080]; 0 picks a free one")
        ->check(CLI::Range(0, 65535));
    sub->add_option("--host", o->host,
                    "Address to listen on [127.0.0.1]; any other asks every request for the "
                    "token printed in the URL");
    sub->footer(
        "Prints \"mazesearch serve: URL\" and serves until Ctrl-C. It only reads the folder:\n"
        "paths outside it are refused. docs/serve.md says what the page shows and the API.");
    return {sub, [o] { return serve(*o); }};
}

}  // namespace maze::experiments
