// utils/debug/asc_dump.h: tensor dumps from kernel code (AscendC::DumpTensor).
#pragma once

#include "kernel_operator.h"
