// libFuzzer target: enumeration results as JSON (maze::EnumerationResult::from_json, the format
// of `mazesearch enumerate --out` files, their .progress files and exhaustive checkpoints). A
// result read must write back to the same JSON and merge with itself; bad input must be refused
// by an exception (std::exception), never a crash or a sanitizer report.
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <string_view>

#include "mazesearch/search/enumeration/enumeration_result.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    maze::EnumerationResult r;
    try {
        const nlohmann::json j = nlohmann::json::parse(text);
        r = maze::EnumerationResult::from_json(j.contains("result") ? j.at("result") : j);
        if (j.contains("done")) maze::done_from_text(j.at("done").get<std::string>());
    } catch (const std::exception&) {
        return 0;
    }
    const nlohmann::json written = r.to_json();
    if (maze::EnumerationResult::from_json(written).to_json() != written) std::abort();
    maze::EnumerationResult twice = r;
    twice.merge(r, 8);
    return 0;
}
