#include "engine/mousetrap.hpp"
