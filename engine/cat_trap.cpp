#include "engine/cat_trap.hpp"
