// (being written)
#pragma once

namespace maze {}  // namespace maze
