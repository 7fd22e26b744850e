// The C API's matrix computation on architecture 2201 (Atlas A2/A3).
#pragma once

#include "asctwin/capi/cube_mmad.h"
