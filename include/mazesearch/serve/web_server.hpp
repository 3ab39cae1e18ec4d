// `mazesearch serve`: the live view of a folder's runs and sweeps in the browser, and the maze
// editor. An HTTP server (cpp-httplib parses and routes; ConnectionLoop reads and writes the
// connections, through the gate of request_gate.hpp) on 127.0.0.1 unless told otherwise; on any
// other address every request must carry the token printed in the URL (?token=..., which the
// page keeps in a cookie), as Jupyter does. It reads run folders and never writes them
// (ServedFolder).
#pragma once

#include <string>

namespace maze::experiments {

struct ServeOptions {
    std::string folder = ".";
    std::string host = "127.0.0.1";
    int port = 8080;  // 0: any free port (the URL printed says which)
    // Asked for on every request when not empty; made up when the host is not 127.0.0.1.
    std::string token;
};

// True when this binary was built with cpp-httplib (else `serve` says how to get it).
bool serve_available();
// Serves until SIGINT or SIGTERM; prints "mazesearch serve: URL" on standard output first.
// Returns the exit status (0; 2 when the address cannot be bound: "port P is in use").
int serve(ServeOptions options);

}  // namespace maze::experiments
