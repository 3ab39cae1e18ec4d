#include "mazesearch/search/state_json.hpp"

#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>
#include <string>

namespace maze {

void to_json(nlohmann::json& j, const Real& x) {
    const double v = x.value();
    if (std::isnan(v))
        j = "nan";
    else if (std::isinf(v))
        j = v > 0 ? "inf" : "-inf";
    else
        j = v;
}

void from_json(const nlohmann::json& j, Real& x) {
    if (j.is_null()) {
        x = -std::numeric_limits<double>::infinity();
        return;
    }
    if (j.is_string()) {
        const std::string s = j.get<std::string>();
        if (s == "inf")
            x = std::numeric_limits<double>::infinity();
        else if (s == "-inf")
            x = -std::numeric_limits<double>::infinity();
        else if (s == "nan")
            x = std::numeric_limits<double>::quiet_NaN();
        else
            throw std::invalid_argument(
                "expected a number, \"inf\", \"-inf\" or \"nan\", found \"" + s + "\"");
        return;
    }
    x = j.get<double>();
}

void to_json(nlohmann::json& j, const Genome& g) {
    j = g.to_string();
}

void from_json(const nlohmann::json& j, Genome& g) {
    g = Genome::from_string(j.get<std::string>());
}

void to_json(nlohmann::json& j, const Scored& s) {
    j = nlohmann::json{{"genome", s.genome}, {"value", Real(s.value)}};
}

void from_json(const nlohmann::json& j, Scored& s) {
    s.genome = j.at("genome").get<Genome>();
    s.value = j.at("value").get<Real>();
}

void to_json(nlohmann::json& j, const Rng& rng) {
    j = nlohmann::json::array();
    for (std::uint64_t w : rng.state()) {
        char buf[17];
        std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(w));
        j.push_back(buf);
    }
}

void from_json(const nlohmann::json& j, Rng& rng) {
    if (!j.is_array() || j.size() != 4) throw std::invalid_argument("RNG state: expected 4 words");
    std::array<std::uint64_t, 4> s{};
    for (std::size_t i = 0; i < 4; ++i) {
        const std::string w = j[i].get<std::string>();
        std::size_t used = 0;
        s[i] = std::stoull(w, &used, 16);
        if (used != w.size() || w.empty())
            throw std::invalid_argument("RNG state: bad word '" + w + "'");
    }
    rng.set_state(s);
}

}  // namespace maze
