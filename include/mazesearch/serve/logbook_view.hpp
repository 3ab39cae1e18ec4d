// The logbook as `mazesearch serve` reads it: the run library's one logbook reader
// (run/logbook_reader.hpp), which the Python package's reads too.
#pragma once

#include "mazesearch/experiments/run/logbook_reader.hpp"
