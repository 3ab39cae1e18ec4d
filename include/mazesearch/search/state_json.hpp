// How the search's state is written into checkpoints: each state is a struct whose field list is
// written once, with MAZESEARCH_DEFINE_STATE (below: nlohmann's NLOHMANN_DEFINE_TYPE_INTRUSIVE
// with a strict reader), and these serializers cover the field types JSON has no form for:
//   Genome  '0'/'1' text, gene 0 first;
//   Scored  {"genome": ..., "value": ...};
//   Rng     its four state words as hex strings (a JSON reader that holds numbers as doubles
//           would round 64-bit integers);
//   Real    a double that may be infinite or NaN (a board a target rates worst scores -inf):
//           a number, or "inf", "-inf", "nan"; null (older checkpoints) reads as -inf.
#pragma once

#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "mazesearch/search/genome.hpp"
#include "mazesearch/engine/rng.hpp"
#include "mazesearch/search/target.hpp"

namespace maze {

// A double field of a saved state. It converts to and from double, so code uses it as one.
class Real {
  public:
    constexpr Real(double v = 0) : v_(v) {}  // NOLINT(google-explicit-constructor): a double
    constexpr operator double() const { return v_; }
    constexpr double value() const { return v_; }
    constexpr Real& operator+=(double x) {
        v_ += x;
        return *this;
    }

  private:
    double v_;
};

void to_json(nlohmann::json& j, const Real& x);
// Throws std::invalid_argument for text other than "inf", "-inf" and "nan".
void from_json(const nlohmann::json& j, Real& x);

void to_json(nlohmann::json& j, const Genome& g);
void from_json(const nlohmann::json& j, Genome& g);

// {"genome": ..., "value": ...}, the value as a Real.
void to_json(nlohmann::json& j, const Scored& s);
void from_json(const nlohmann::json& j, Scored& s);

void to_json(nlohmann::json& j, const Rng& rng);
// Throws std::invalid_argument unless j is an array of four hex words.
void from_json(const nlohmann::json& j, Rng& rng);

// The strict reading of one field of a saved state. nlohmann's own reads a number of any kind
// into an integer field, and a float out of the integer's range is undefined behaviour there (a
// corrupt checkpoint with "step": 1e30); here an integer field takes an integer within its range
// and a flag true or false, else std::invalid_argument naming the field; lists are read element
// by element, anything else as nlohmann reads it.
template <typename T>
void read_state_value(const nlohmann::json& v, const std::string& name, T& out) {
    if constexpr (std::is_same_v<T, bool>) {
        if (!v.is_boolean()) throw std::invalid_argument(name + ": expected true or false");
        out = v.get<bool>();
    } else if constexpr (std::is_integral_v<T>) {
        bool fits = false;
        if (v.is_number_unsigned())
            fits =
                v.get<std::uint64_t>() <= static_cast<std::uint64_t>(std::numeric_limits<T>::max());
        else if (v.is_number_integer())
            fits =
                v.get<std::int64_t>() >= static_cast<std::int64_t>(std::numeric_limits<T>::min()) &&
                (std::is_unsigned_v<T> ||
                 v.get<std::int64_t>() <= static_cast<std::int64_t>(std::numeric_limits<T>::max()));
        else
            throw std::invalid_argument(name + ": expected an integer");
        if (!fits) throw std::invalid_argument(name + ": out of range");
        out = v.get<T>();
    } else {
        v.get_to(out);
    }
}

template <typename T>
void read_state_value(const nlohmann::json& v, const std::string& name, std::vector<T>& out) {
    if (!v.is_array()) throw std::invalid_argument(name + ": expected a list");
    std::vector<T> list(v.size());
    for (std::size_t i = 0; i < list.size(); ++i)
        read_state_value(v[i], name + "[" + std::to_string(i) + "]", list[i]);
    out = std::move(list);
}

template <typename T>
void read_state_field(const nlohmann::json& j, const char* name, T& out) {
    if (!j.is_object()) throw std::invalid_argument("expected a JSON object");
    const auto it = j.find(name);
    if (it == j.end()) throw std::invalid_argument(std::string(name) + ": missing");
    read_state_value(*it, name, out);
}

}  // namespace maze

#define MAZESEARCH_STATE_FROM_FIELD(field) \
    ::maze::read_state_field(nlohmann_json_j, #field, nlohmann_json_t.field);

// NLOHMANN_DEFINE_TYPE_INTRUSIVE's JSON form (one member a field), read strictly (see
// read_state_value): from_json throws std::invalid_argument or nlohmann's exceptions for a field
// that is missing or of the wrong kind, never reads a float into an integer.
#define MAZESEARCH_DEFINE_STATE(Type, ...)                                                  \
    friend void to_json(nlohmann::json& nlohmann_json_j, const Type& nlohmann_json_t) {     \
        NLOHMANN_JSON_EXPAND(NLOHMANN_JSON_PASTE(NLOHMANN_JSON_TO, __VA_ARGS__))            \
    }                                                                                       \
    friend void from_json(const nlohmann::json& nlohmann_json_j, Type& nlohmann_json_t) {   \
        NLOHMANN_JSON_EXPAND(NLOHMANN_JSON_PASTE(MAZESEARCH_STATE_FROM_FIELD, __VA_ARGS__)) \
    }

namespace maze {}  // namespace maze
