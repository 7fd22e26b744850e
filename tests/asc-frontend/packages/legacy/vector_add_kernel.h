#pragma once
#include <cstdint>

#include "acl/acl.h"

int32_t LaunchVectorAdd(float* a, float* b, float* dst, float alpha, uint32_t count,
                        uint32_t blockDim, aclrtStream stream);
