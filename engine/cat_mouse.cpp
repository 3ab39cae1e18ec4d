#include "engine/cat_mouse.hpp"
