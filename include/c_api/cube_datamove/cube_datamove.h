// The C API's data movement of the cube unit on architecture 2201 (Atlas
// A2/A3).
#pragma once

#include "asctwin/capi/cube_copy.h"
#include "asctwin/capi/cube_fill.h"
#include "asctwin/capi/cube_image.h"
#include "asctwin/capi/cube_load.h"
