// copy_matrix_cbuf_to_cc: L1 -> L0C in bursts of 32-byte blocks on MTE1
// (include/asctwin/isa/intrinsics_l1_to_l0c.h, docs/cube.md).
#include <cstring>
#include <string>

#include "asctwin/isa/intrinsics_l1_to_l0c.h"
#include "isa/cube_common.h"

namespace asctwin::isa {

void copyL1ToL0c(void* dst, uint32_t dstElemBytes, const void* src, uint32_t srcElemBytes,
                 uint16_t nBurst, uint16_t lenBurst, uint16_t srcGap, uint16_t dstGap,
                 const char* name) {
  Ctx x = enter(name);
  if (dstElemBytes != srcElemBytes)
    cubeFail(x, std::string(name) + ": the conversion from " + std::to_string(srcElemBytes) +
                    "-byte to " + std::to_string(dstElemBytes) +
                    "-byte elements (float -> half / bfloat16_t) has no rule in the reference");
  if (nBurst == 0 || lenBurst == 0) return;
  const uint64_t bytes = uint64_t{lenBurst} * 32;
  const uint64_t sStride = bytes + uint64_t{srcGap} * 32;
  const uint64_t dStride = bytes + uint64_t{dstGap} * 32;
  const LocalOp s = cubeLocal(x, CubeBuf::L1, src, 32, "src");
  checkLocalExtent(x, s, (nBurst - 1) * sStride + bytes, "src");
  const LocalOp d = cubeLocal(x, CubeBuf::L0C, dst, 32, "dst");
  checkLocalExtent(x, d, (nBurst - 1) * dStride + bytes, "dst");
  auto describe = [&](Instr& in) {
    in.add(access2d(Space::L1, false, reinterpret_cast<uintptr_t>(s.ptr), nBurst,
                    static_cast<uint32_t>(bytes), sStride));
    in.add(access2d(Space::L0C, true, reinterpret_cast<uintptr_t>(d.ptr), nBurst,
                    static_cast<uint32_t>(bytes), dStride));
  };
  const uint8_t* sp = s.ptr;
  uint8_t* dp = d.ptr;
  emit(x, PIPE_MTE1, describe, [=] {
    for (uint32_t b = 0; b < nBurst; ++b) std::memmove(dp + b * dStride, sp + b * sStride, bytes);
  });
}

}  // namespace asctwin::isa
