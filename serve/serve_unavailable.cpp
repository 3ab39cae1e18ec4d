// `mazesearch serve` in a binary built without cpp-httplib: it says how to get it.
#include "mazesearch/experiments/config.hpp"
#include "mazesearch/serve/web_server.hpp"

namespace maze::experiments {

bool serve_available() {
    return false;
}

int serve(ServeOptions) {
    throw ConfigError(
        "serve: this mazesearch was built without cpp-httplib; install Debian's "
        "libcpp-httplib-dev (and libjs-chart.js for the charts) and rebuild "
        "(make build)");
}

}  // namespace maze::experiments
