// The files of `mazesearch serve`'s page, built into the binary (cmake/embed_files.cmake):
// index.html, its scripts and style sheets (serve/web/) and, when Debian's libjs-chart.js was installed at build time,
// chart.js (Chart.js 3). None for a name that is not built in.
#pragma once

#include <optional>
#include <string_view>
#include <utility>

namespace maze::experiments {

std::optional<std::string_view> embedded_file(std::string_view name);

}  // namespace maze::experiments
