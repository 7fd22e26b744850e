// utils/debug/asc_time.h: time stamps from kernel code (AscendC::PrintTimeStamp).
#pragma once

#include "kernel_operator.h"
