// The data-movement instructions: burst copies between GM and local memory
// (copy_gm_to_ubuf, copy_ubuf_to_gm, copy_ubuf_to_ubuf, copy_gm_to_cbuf,
// copy_cbuf_to_gm) and the aligned copies behind DataCopyPad
// (copy_gm_to_ubuf_align_b*, copy_ubuf_to_gm_align_b*). A transfer into GM
// combines with GM under the core's atomic mode as it was when the copy was
// issued.
//
// Pipes: GM -> local on MTE2, local -> GM on MTE3 (FIX from L0C), UB -> UB
// on V.
#include <cstring>
#include <string>

#include "isa/operand.h"
#include "kernel/atomic_apply.h"
#include "kernel/gm_store.h"

namespace asctwin::isa {
namespace {

using kernel::AtomicOp;
using kernel::DType;

Space spaceOf(Mem m) {
  return m == Mem::UB ? Space::UB : m == Mem::L1 ? Space::L1 : Space::GM;
}

pipe_t pipeOf(Mem dst, Mem src) {
  if (src == Mem::GM) return PIPE_MTE2;
  if (dst == Mem::GM) return PIPE_MTE3;
  return src == Mem::UB && dst == Mem::UB ? PIPE_V : PIPE_MTE1;
}

// Writes one burst into GM under the atomic mode captured at issue.
void writeGm(AtomicOp op, DType type, uint8_t* gm, const uint8_t* src, size_t bytes) {
  if (op == AtomicOp::None) {
    kernel::gmStore(gm, src, bytes);
  } else {
    kernel::atomicCombine(op, type, gm, src, bytes);
  }
}

void checkAtomicShape(Ctx& x, uintptr_t gm, uint64_t blockBytes, uint64_t stride) {
  if (x.c.atomicOp == AtomicOp::None) return;
  const size_t es = kernel::dtypeBytes(x.c.atomicType);
  if (gm % es != 0 || blockBytes % es != 0 || stride % es != 0)
    x.c.launch->raise(x.c, x.site,
                      "atomic " + std::string(kernel::dtypeName(x.c.atomicType)) +
                          " transfer must be whole, aligned elements (address " + kernel::hex(gm) +
                          ", block of " + std::to_string(blockBytes) + " bytes)");
}

// A local operand of a copy: resolved and checked for `extent` bytes.
uint8_t* localSide(Ctx& x, Mem m, const void* p, uint64_t extent, const char* role) {
  const LocalOp op = resolveLocal(x, spaceOf(m), p, role);
  checkLocalExtent(x, op, extent, role);
  return op.ptr;
}

// A copy out of GM is also how a core spins on a flag another core writes
// (WaitPreBlock, IBWait and the software SyncAll of the real headers copy the
// flag words into UB and test them there): it is a poll point like a scalar
// GM read, so a spinning block lets the blocks it waits for run, and a spin
// nobody ends is reported as a deadlock instead of hanging the launch.
void pollGmSource(Ctx& x, uintptr_t gm) {
  x.c.launch->pollPoint(x.c, x.site, gm, true);
}

}  // namespace

void copyBlocks(Mem dstMem, void* dst, Mem srcMem, const void* src, uint16_t nBurst,
                uint16_t lenBurst, uint16_t srcGap, uint16_t dstGap, const char* name) {
  Ctx x = enter(name);
  if (nBurst == 0 || lenBurst == 0) return;
  const uint64_t bytes = uint64_t{lenBurst} * 32;
  const uint64_t sStride = bytes + uint64_t{srcGap} * 32;
  const uint64_t dStride = bytes + uint64_t{dstGap} * 32;
  const uint64_t sExtent = (nBurst - 1) * sStride + bytes;
  const uint64_t dExtent = (nBurst - 1) * dStride + bytes;
  const auto sAddr = reinterpret_cast<uintptr_t>(src);
  const auto dAddr = reinterpret_cast<uintptr_t>(dst);
  const uint8_t* s = srcMem == Mem::GM ? reinterpret_cast<const uint8_t*>(sAddr)
                                       : localSide(x, srcMem, src, sExtent, "src");
  uint8_t* d = dstMem == Mem::GM ? reinterpret_cast<uint8_t*>(dAddr)
                                 : localSide(x, dstMem, dst, dExtent, "dst");
  if (srcMem == Mem::GM) checkGmRange(x, sAddr, sExtent, "src");
  if (dstMem == Mem::GM) {
    checkGmRange(x, dAddr, dExtent, "dst");
    checkAtomicShape(x, dAddr, bytes, dStride);
  }
  const AtomicOp op = dstMem == Mem::GM ? x.c.atomicOp : AtomicOp::None;
  const DType type = x.c.atomicType;
  auto describe = [&](Instr& in) {
    in.add(access2d(spaceOf(srcMem), false, reinterpret_cast<uintptr_t>(s), nBurst,
                    static_cast<uint32_t>(bytes), sStride));
    in.add(access2d(spaceOf(dstMem), true, reinterpret_cast<uintptr_t>(d), nBurst,
                    static_cast<uint32_t>(bytes), dStride));
    in.atomicOp = op;
    in.atomicType = type;
  };
  if (srcMem == Mem::GM || dstMem == Mem::GM) x.c.launch->schedPoint(x.c);
  if (srcMem == Mem::GM) pollGmSource(x, sAddr);
  if (dstMem == Mem::GM) {
    emit(x, pipeOf(dstMem, srcMem), describe, [=, &c = x.c] {
      for (uint32_t b = 0; b < nBurst; ++b)
        writeGm(op, type, d + b * dStride, s + b * sStride, bytes);
      c.launch->noteProgress();
    });
  } else if (srcMem == Mem::GM) {
    emit(x, pipeOf(dstMem, srcMem), describe, [=] {
      for (uint32_t b = 0; b < nBurst; ++b) kernel::gmLoad(d + b * dStride, s + b * sStride, bytes);
    });
  } else {
    emit(x, pipeOf(dstMem, srcMem), describe, [=] {
      for (uint32_t b = 0; b < nBurst; ++b) std::memmove(d + b * dStride, s + b * sStride, bytes);
    });
  }
}

void copyGmToUbAlign(void* dst, const void* src, uint32_t elemBytes, uint16_t nBurst,
                     uint32_t lenBurst, uint8_t leftPad, uint8_t rightPad, uint32_t srcGap,
                     uint32_t dstGap, const char* name) {
  Ctx x = enter(name);
  if (nBurst == 0 || lenBurst == 0) return;
  const uint32_t left = uint32_t{leftPad} * elemBytes;
  const uint32_t right = uint32_t{rightPad} * elemBytes;
  if (left > 32 || right > 32)
    x.c.launch->raise(x.c, x.site,
                      "leftPadding/rightPadding must each cover at most 32 bytes, got " +
                          std::to_string(leftPad) + "/" + std::to_string(rightPad) +
                          " elements of " + std::to_string(elemBytes) + " bytes");
  if (lenBurst % elemBytes != 0)
    x.c.launch->raise(x.c, x.site,
                      "blockLen (" + std::to_string(lenBurst) +
                          " bytes) must be a whole number of elements of " +
                          std::to_string(elemBytes) + " bytes");
  if (nBurst > 4095 || lenBurst > 2097151)
    x.c.launch->raise(x.c, x.site,
                      "blockCount must be in [0, 4095] and blockLen in [0, 2097151], got " +
                          std::to_string(nBurst) + " and " + std::to_string(lenBurst));
  const uint64_t slot = (uint64_t{left} + lenBurst + right + 31) / 32 * 32;
  const uint64_t ubStride = slot + uint64_t{dstGap} * 32;
  const uint64_t gmStride = uint64_t{lenBurst} + srcGap;
  const auto sAddr = reinterpret_cast<uintptr_t>(src);
  uint8_t* d = localSide(x, Mem::UB, dst, (nBurst - 1) * ubStride + slot, "dst");
  checkGmRange(x, sAddr, (nBurst - 1) * gmStride + lenBurst, "src");
  auto describe = [&](Instr& in) {
    in.add(access2d(Space::GM, false, sAddr, nBurst, lenBurst, gmStride));
    in.add(access2d(Space::UB, true, reinterpret_cast<uintptr_t>(d), nBurst,
                    static_cast<uint32_t>(slot), ubStride));
  };
  // The padding register is read when the copy is issued.
  const uint64_t pad = x.c.regs.padValue;
  x.c.launch->schedPoint(x.c);
  pollGmSource(x, sAddr);
  emit(x, PIPE_MTE2, describe, [=] {
    const auto* gm = reinterpret_cast<const uint8_t*>(sAddr);
    for (uint32_t b = 0; b < nBurst; ++b) {
      uint8_t* out = d + b * ubStride;
      const uint8_t* data = gm + b * gmStride;
      for (uint32_t i = 0; i < left; i += elemBytes) std::memcpy(out + i, &pad, elemBytes);
      kernel::gmLoad(out + left, data, lenBurst);
      // Right padding, then dummy elements to the slot's end: the padding
      // value when any padding was asked for, else the burst's first element.
      const uint8_t* fill =
          leftPad != 0 || rightPad != 0 ? reinterpret_cast<const uint8_t*>(&pad) : data;
      for (uint64_t i = left + lenBurst; i + elemBytes <= slot; i += elemBytes)
        std::memcpy(out + i, fill, elemBytes);
    }
  });
}

void copyUbToGmAlign(void* dst, const void* src, uint32_t elemBytes, uint16_t nBurst,
                     uint32_t lenBurst, uint32_t srcGap, uint32_t dstGap, const char* name) {
  Ctx x = enter(name);
  if (nBurst == 0 || lenBurst == 0) return;
  if (nBurst > 4095 || lenBurst > 2097151)
    x.c.launch->raise(x.c, x.site,
                      "blockCount must be in [0, 4095] and blockLen in [0, 2097151], got " +
                          std::to_string(nBurst) + " and " + std::to_string(lenBurst));
  (void)elemBytes;
  const uint64_t slot = (uint64_t{lenBurst} + 31) / 32 * 32;
  const uint64_t ubStride = slot + uint64_t{srcGap} * 32;
  const uint64_t gmStride = uint64_t{lenBurst} + dstGap;
  const auto dAddr = reinterpret_cast<uintptr_t>(dst);
  const uint8_t* s = localSide(x, Mem::UB, src, (nBurst - 1) * ubStride + lenBurst, "src");
  checkGmRange(x, dAddr, (nBurst - 1) * gmStride + lenBurst, "dst");
  checkAtomicShape(x, dAddr, lenBurst, gmStride);
  const AtomicOp op = x.c.atomicOp;
  const DType type = x.c.atomicType;
  auto describe = [&](Instr& in) {
    in.atomicOp = op;
    in.atomicType = type;
    in.add(access2d(Space::UB, false, reinterpret_cast<uintptr_t>(s), nBurst, lenBurst, ubStride));
    in.add(access2d(Space::GM, true, dAddr, nBurst, lenBurst, gmStride));
  };
  x.c.launch->schedPoint(x.c);
  emit(x, PIPE_MTE3, describe, [=, &c = x.c] {
    for (uint32_t b = 0; b < nBurst; ++b)
      writeGm(op, type, reinterpret_cast<uint8_t*>(dAddr) + b * gmStride, s + b * ubStride,
              lenBurst);
    c.launch->noteProgress();
  });
}

}  // namespace asctwin::isa
