// How the search's state is written into checkpoints: each state is a struct whose field list is
// written once, with nlohmann's NLOHMANN_DEFINE_TYPE_INTRUSIVE, and these serializers cover the
// field types JSON has no form for:
//   Genome  '0'/'1' text, gene 0 first;
//   Scored  {"genome": ..., "value": ...};
//   Rng     its four state words as hex strings (a JSON reader that holds numbers as doubles
//           would round 64-bit integers);
//   Real    a double that may be infinite or NaN (a board a target rates worst scores -inf):
//           a number, or "inf", "-inf", "nan"; null (older checkpoints) reads as -inf.
#pragma once

#include <nlohmann/json.hpp>

#include "mazesearch/search/genome.hpp"
#include "mazesearch/search/rng.hpp"
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

}  // namespace maze
