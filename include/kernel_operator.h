// kernel_operator.h: the Ascend C kernel API (architecture 2201, Atlas A2/A3)
// on asctwin's CPU kernel twin. Kernel sources written for the real toolchain
// compile unchanged with an ordinary C++20 compiler.
#pragma once

#include "asctwin/kernel/qualifiers.h"
#include "asctwin/kernel/numeric.h"
#include "asctwin/kernel/types.h"
#include "asctwin/kernel/constants.h"
#include "asctwin/kernel/runtime.h"
#include "asctwin/isa/intrinsics.h"
#include "asctwin/kernel/builtins.h"
#include "asctwin/kernel/entry.h"
#include "asctwin/kernel/device_debug.h"
#include "asctwin/kernel/tensor.h"
#include "asctwin/kernel/pipe.h"
#include "asctwin/kernel/sync.h"
#include "asctwin/kernel/copy.h"
#include "asctwin/kernel/vector_mask.h"
#include "asctwin/kernel/vector_binary.h"
#include "asctwin/kernel/vector_scalar.h"
#include "asctwin/kernel/vector_cast.h"
#include "asctwin/kernel/vector_cmpsel.h"
#include "asctwin/kernel/vector_fill.h"
#include "asctwin/kernel/vector_unary.h"
#include "asctwin/kernel/vector_fused.h"
#include "asctwin/kernel/vector_reduce.h"
#include "asctwin/kernel/debug.h"
#include "asctwin/kernel/launch.h"
