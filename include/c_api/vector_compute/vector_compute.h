// The C API's vector computations on architecture 2201 (Atlas A2/A3).
#pragma once

#include "asctwin/capi/vector_binary.h"
#include "asctwin/capi/vector_compare.h"
#include "asctwin/capi/vector_convert.h"
#include "asctwin/capi/vector_layout.h"
#include "asctwin/capi/vector_reduce.h"
#include "asctwin/capi/vector_regs.h"
#include "asctwin/capi/vector_scalar.h"
#include "asctwin/capi/vector_unary.h"
