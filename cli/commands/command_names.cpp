#include "mazesearch/cli/command_names.hpp"

#include <algorithm>
#include <numeric>

namespace maze::experiments {

namespace {

// Single-character insertions, deletions and substitutions that turn a into b.
std::size_t edit_distance(const std::string& a, const std::string& b) {
    std::vector<std::size_t> row(b.size() + 1);
    std::iota(row.begin(), row.end(), std::size_t{0});
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t above = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
            diagonal = above;
        }
    }
    return row[b.size()];
}

std::vector<std::string> names_of(const CLI::App& app) {
    std::vector<std::string> names;
    for (const CLI::App* sub : app.get_subcommands({})) names.push_back(sub->get_name());
    return names;
}

// The flags a level takes as they may be written (-q, --quiet, ...): its own and, as the command
// falls through to them, those of the levels above it.
std::vector<std::string> flag_names(const CLI::App& app) {
    std::vector<std::string> names;
    for (const CLI::App* a = &app; a; a = a->get_parent())
        for (const CLI::Option* o : a->get_options()) {
            for (const std::string& n : o->get_snames()) names.push_back("-" + n);
            for (const std::string& n : o->get_lnames()) names.push_back("--" + n);
        }
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
    return names;
}

bool is_flag_of(const CLI::App& app, const std::string& option) {
    const std::vector<std::string> names = flag_names(app);
    return std::find(names.begin(), names.end(), option) != names.end();
}

std::string flags_of(const CLI::App& app) {
    std::string s;
    for (const std::string& n : flag_names(app)) s += (s.empty() ? "" : ", ") + n;
    return s;
}

std::string listed(const std::vector<std::string>& names) {
    std::string s;
    for (const std::string& n : names) s += (s.empty() ? "" : ", ") + n;
    return s;
}

}  // namespace

std::optional<std::string> nearest_word(const std::string& word,
                                        const std::vector<std::string>& candidates) {
    std::optional<std::string> best;
    for (const std::string& c : candidates)
        if (!word.empty() && (word.starts_with(c) || c.starts_with(word)) &&
            (!best || c.size() > best->size()))
            best = c;
    if (word.empty()) return std::nullopt;  // every name starts with "": nothing is near
    if (best) return best;
    std::size_t best_distance = std::max<std::size_t>(2, word.size() / 3) + 1;
    for (const std::string& c : candidates)
        if (const std::size_t d = edit_distance(word, c); d < best_distance) {
            best_distance = d;
            best = c;
        }
    return best;
}

std::optional<std::string> unknown_command_message(const CLI::App& app, int argc,
                                                   const char* const* argv) {
    const CLI::App* level = &app;
    std::string path = app.get_name().empty() ? "mazesearch" : app.get_name();
    int i = 1;
    while (true) {
        const std::vector<std::string> names = names_of(*level);
        if (names.empty()) return std::nullopt;
        // Options before the command word are the level's own flags (-q, -v, --help,
        // --version): none of them takes a value, and any other is unknown here.
        while (i < argc && argv[i][0] == '-') {
            const std::string option = argv[i];
            if (option == "--help" || option == "-h" || option == "--version" ||
                option == "--help-all")
                return std::nullopt;
            if (!is_flag_of(*level, option))
                return "unknown option '" + option + "' before the command (" + path +
                       "'s own: " + flags_of(*level) + "; see " + path + " --help)";
            ++i;
        }
        if (i >= argc)
            return "no command given to " + path + "; the commands: " + listed(names) + " (see " +
                   path + " --help)";
        const std::string word = argv[i];
        if (std::find(names.begin(), names.end(), word) == names.end()) {
            const auto near = nearest_word(word, names);
            return "'" + word + "' is not a command of " + path +
                   (near ? "; did you mean '" + *near + "'?" : "; the commands: " + listed(names)) +
                   " (see " + path + " --help)";
        }
        level = level->get_subcommand(word);
        path += " " + word;
        ++i;
    }
}

}  // namespace maze::experiments
