// Devkit mode: the CPU-mode contract's intrinsics header (Huawei's headers
// include "stub_fun.h"). Everything is in stub_def.h, which brings the ISA
// core's intrinsics with the types (the headers include either one first).
#pragma once

#include "asctwin/devkit/stub_def.h"
