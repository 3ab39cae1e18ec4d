// What a YAML scalar of a config means: YAML 1.2's core schema, with numbers read exactly or
// refused, never rounded on the way (docs/formats.md, "Experiment configs"):
//   null, ~ (and an empty value)            null
//   true/True/yes, false/False/no           booleans
//   123, -7, +5                             integers, exact up to 2^64 - 1 (past it, a decimal)
//   0x1F, 0o17                              integers in hex and octal, exact up to 2^64 - 1 (past
//                                           it refused: no decimal would be exact)
//   1.5, .5, 1e6, 2.5e3                     decimals (doubles); a whole number from 2^53 to
//                                           2^64 - 1 written so (1e17, 9007199254740993.0) is read
//                                           exactly as that integer; a fraction past 2^53, which
//                                           a double cannot hold, is refused, and so is a number
//                                           past a double's range (1e400, 1e-400)
//   .inf, -.inf, .nan                       refused: no key takes them, and JSON has no form
//   everything else (017 is seventeen)      text
// A quoted scalar, or one tagged !!str, is text; !!int, !!float, !!bool and !!null must be of
// their forms; other tags (!x, !!binary) are refused.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace maze::experiments {

// GCC/Clang extensions: range() past 2^64 counts exactly.
__extension__ typedef __int128 Int128;
__extension__ typedef unsigned __int128 UInt128;

// The value of a scalar with its YAML tag ("?" plain, "!" quoted, "tag:yaml.org,2002:int", ...).
// ConfigError for a refused one; the message names the text, not where it is (the caller does).
nlohmann::json scalar_value(const std::string& text, const std::string& tag);

// True when `text` written plain reads back as that text (no number, boolean or null, nothing
// refused): to_yaml quotes every other string.
bool reads_back_as_text(const std::string& text);

// The integer of a decimal integer text ([-+]?[0-9]+), exactly, when its magnitude is below
// 2^100; none for any other text. The sweep's range() counts with it.
std::optional<Int128> decimal_integer(const std::string& text);

// An integer as decimal digits.
std::string integer_text(Int128 v);

}  // namespace maze::experiments
