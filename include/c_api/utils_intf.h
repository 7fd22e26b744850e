// The C API's shared types: configuration words and cache-mode enumerations.
#pragma once

#include "c_api/utils/enum.h"
#include "c_api/utils/union.h"
