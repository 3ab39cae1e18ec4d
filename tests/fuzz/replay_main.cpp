// The fuzz targets without libFuzzer: each file named (or each file of each folder named, in name
// order) is given once to the target's LLVMFuzzerTestOneInput. Built in the ordinary test tree so
// that every `make test` replays the seed corpora (tests/fuzz/corpus/) with the ordinary compiler,
// and so that a fuzz target which no longer links is found there, not only in the clang tree.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

int main(int argc, char** argv) {
    namespace fs = std::filesystem;
    std::vector<fs::path> inputs;
    for (int i = 1; i < argc; ++i) {
        std::error_code ec;
        if (fs::is_directory(argv[i], ec)) {
            std::vector<fs::path> here;
            for (const fs::directory_entry& e : fs::directory_iterator(argv[i]))
                if (e.is_regular_file()) here.push_back(e.path());
            std::sort(here.begin(), here.end());
            inputs.insert(inputs.end(), here.begin(), here.end());
        } else if (fs::is_regular_file(argv[i], ec)) {
            inputs.emplace_back(argv[i]);
        } else {
            std::fprintf(stderr, "%s: not a file or a folder of inputs\n", argv[i]);
            return 2;
        }
    }
    if (inputs.empty()) {
        std::fprintf(stderr, "usage: %s INPUT|FOLDER...: no inputs given\n", argv[0]);
        return 2;
    }
    for (const fs::path& p : inputs) {
        std::ifstream in(p, std::ios::binary);
        const std::string bytes((std::istreambuf_iterator<char>(in)),
                                std::istreambuf_iterator<char>());
        // A finding aborts (the targets call std::abort), which names no input: say it first.
        std::fprintf(stderr, "replay: %s\n", p.c_str());
        LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
    }
    std::printf("replayed %zu inputs, no finding\n", inputs.size());
    return 0;
}
