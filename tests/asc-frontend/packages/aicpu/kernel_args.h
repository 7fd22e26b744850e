#pragma once
#include <cstdint>

struct TilingInfo {
  uint32_t blocks;
  uint32_t perBlock;
};
struct KernelArgs {
  TilingInfo* tiling;
  uint32_t total;
};
