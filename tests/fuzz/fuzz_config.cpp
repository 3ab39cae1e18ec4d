// libFuzzer target: YAML configs with overrides (maze::experiments::load_config_text). Leading lines that
// start with '+' are overrides ("+seed=3"), the rest is the YAML. A ConfigError (or a ParamError)
// is the loader's answer to bad input; anything else is a bug, and so is a resolved config whose
// YAML form (config.yaml of a run folder) does not load back to the same config.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "mazesearch/engine/input_error.hpp"
#include "mazesearch/experiments/config.hpp"
#include "mazesearch/search/params.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string text(reinterpret_cast<const char*>(data), size);
    std::vector<std::string> overrides;
    while (!text.empty() && text[0] == '+') {
        const std::size_t end = text.find('\n');
        overrides.push_back(text.substr(1, end == std::string::npos ? end : end - 1));
        text.erase(0, end == std::string::npos ? text.size() : end + 1);
    }
    maze::experiments::RunConfig c;
    try {
        c = maze::experiments::load_config_text(text, "fuzz.yaml", overrides);
    } catch (const maze::experiments::ConfigError&) {
        return 0;
    } catch (const maze::ParamError&) {
        return 0;
    }
    // What a run folder's config.yaml holds loads back to the same config.
    const std::string yaml = maze::experiments::to_yaml(c.resolved);
    const maze::experiments::RunConfig again = maze::experiments::load_config_text(yaml, "config.yaml", {});
    if (again.resolved != c.resolved) {
        std::fprintf(stderr, "config.yaml:\n%s\nloaded:\n%s\nreloaded:\n%s\n", yaml.c_str(),
                     c.resolved.dump().c_str(), again.resolved.dump().c_str());
        std::abort();
    }
    const maze::experiments::RunConfig from_json = maze::experiments::config_from_json(c.resolved, "config.json");
    if (from_json.resolved != c.resolved) std::abort();
    return 0;
}
