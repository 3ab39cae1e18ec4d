// httplib's server with the connections its accept loop takes handed to a ConnectionLoop: the
// loop reads each request whole through the gate and writes each answer; httplib only parses and
// routes a request already read (process_request on the bytes), on one of the loop's workers.
#pragma once

#include <httplib.h>

#include <optional>

#include "mazesearch/serve/connection_loop.hpp"
#include "mazesearch/serve/request_gate.hpp"

namespace maze::experiments {

class GatedServer : public httplib::Server {
  public:
    GatedServer();
    // Before listen_after_bind: the connections go to a loop with these rules from then on.
    void open_gate(const GateRules& rules, unsigned workers);
    // After listen_after_bind has returned: closes every connection.
    void close_gate() { loop_.reset(); }

  private:
    // httplib's accept loop calls this for each connection (a private virtual of httplib::Server,
    // which a derived class may override).
    bool process_and_close_socket(socket_t socket) override;

    std::optional<ConnectionLoop> loop_;
};

}  // namespace maze::experiments
