// The C API's shared types: configuration words, cache-mode enumerations
// and the 4-bit integer (the reference's int4b_t is a global name; the
// twin's is AscendC's, named here too).
#pragma once

#include "asctwin/kernel/cube_params.h"
#include "c_api/utils/enum.h"
#include "c_api/utils/union.h"

using int4b_t = AscendC::int4b_t;
