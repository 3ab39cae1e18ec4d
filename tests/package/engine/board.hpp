// The consumer's own engine/board.hpp: a name that an installed mazesearch must not take.
#pragma once

namespace consumer {
inline constexpr bool kOwnHeader = true;
}  // namespace consumer
