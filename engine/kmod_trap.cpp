#include "engine/kmod_trap.hpp"
