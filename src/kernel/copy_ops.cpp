// DataCopy and DataCopyPad between GM and local memory, and the atomic mode.
#include <cstring>
#include <string>

#include "kernel/atomic_apply.h"
#include "kernel/gm_store.h"
#include "kernel/instr.h"

namespace asctwin::kernel {
namespace {

pipe_t outPipe(Space from) {
  return from == Space::L0C ? PIPE_FIX : PIPE_MTE3;
}

Access gmAccess(uintptr_t addr, bool write, uint32_t count, uint32_t bytes, uint64_t stride) {
  Access a;
  a.space = Space::GM;
  a.write = write;
  a.addr = addr;
  a.blockBytes = bytes;
  a.blockCount = count;
  a.strideBytes = stride;
  return a;
}

Access localAccess(const LocalRef& r, bool write, uint32_t count, uint32_t bytes, uint64_t stride) {
  Access a = gmAccess(reinterpret_cast<uintptr_t>(r.ptr), write, count, bytes, stride);
  a.space = r.space;
  a.buffer = r.bufferId;
  return a;
}

// Writes one block into GM under the atomic mode captured at issue.
void writeGm(AtomicOp op, DType type, uint8_t* gm, const uint8_t* src, size_t bytes) {
  if (op == AtomicOp::None) {
    gmStore(gm, src, bytes);
  } else {
    atomicCombine(op, type, gm, src, bytes);
  }
}

void checkAtomicShape(CoreState& c, uintptr_t gm, uint32_t blockBytes, uint64_t stride,
                      const Site& site) {
  if (c.atomicOp == AtomicOp::None) return;
  const size_t es = dtypeBytes(c.atomicType);
  if (gm % es != 0 || blockBytes % es != 0 || stride % es != 0)
    c.launch->raise(c, site,
                    "atomic " + std::string(dtypeName(c.atomicType)) +
                        " transfer must be whole, aligned elements (address " + hex(gm) +
                        ", block of " + std::to_string(blockBytes) + " bytes)");
}

}  // namespace

void copyGmToLocal(const LocalRef& dst, const GmRef& src, uint32_t blockCount, uint32_t blockBytes,
                   uint64_t srcGapBytes, uint32_t dstGapBytes, const Site& site) {
  CoreState& c = currentCore();
  c.launch->checkAbort();
  if (blockCount == 0 || blockBytes == 0) return;
  const uint64_t gmStride = blockBytes + srcGapBytes;
  const uint64_t lcStride = static_cast<uint64_t>(blockBytes) + dstGapBytes;
  Instr in;
  in.pipe = PIPE_MTE2;
  in.site = site;
  in.add(gmAccess(src.addr, false, blockCount, blockBytes, gmStride));
  in.add(localAccess(dst, true, blockCount, blockBytes, lcStride));
  checkGm(c, src, in.acc[0].extent(), site, "src");
  checkLocal(c, dst, in.acc[1].extent(), site, "dst");
  c.launch->schedPoint(c);
  issue(c, in, [=, dstPtr = dst.ptr, srcAddr = src.addr] {
    for (uint32_t b = 0; b < blockCount; ++b)
      std::memcpy(dstPtr + b * lcStride, reinterpret_cast<const uint8_t*>(srcAddr) + b * gmStride,
                  blockBytes);
  });
}

void copyLocalToGm(const GmRef& dst, const LocalRef& src, uint32_t blockCount, uint32_t blockBytes,
                   uint32_t srcGapBytes, uint64_t dstGapBytes, DType, const Site& site) {
  CoreState& c = currentCore();
  c.launch->checkAbort();
  if (blockCount == 0 || blockBytes == 0) return;
  const uint64_t gmStride = blockBytes + dstGapBytes;
  const uint64_t lcStride = static_cast<uint64_t>(blockBytes) + srcGapBytes;
  Instr in;
  in.pipe = outPipe(src.space);
  in.site = site;
  in.atomicOp = c.atomicOp;
  in.atomicType = c.atomicType;
  in.add(localAccess(src, false, blockCount, blockBytes, lcStride));
  in.add(gmAccess(dst.addr, true, blockCount, blockBytes, gmStride));
  checkLocal(c, src, in.acc[0].extent(), site, "src");
  checkGm(c, dst, in.acc[1].extent(), site, "dst");
  checkAtomicShape(c, dst.addr, blockBytes, gmStride, site);
  c.launch->schedPoint(c);
  issue(c, in,
        [=, &c, op = in.atomicOp, type = in.atomicType, dstAddr = dst.addr, srcPtr = src.ptr] {
          for (uint32_t b = 0; b < blockCount; ++b)
            writeGm(op, type, reinterpret_cast<uint8_t*>(dstAddr) + b * gmStride,
                    srcPtr + b * lcStride, blockBytes);
          c.launch->noteProgress();
        });
}

void copyLocalToLocal(const LocalRef& dst, const LocalRef& src, uint32_t blockCount,
                      uint32_t blockBytes, uint32_t srcGapBytes, uint32_t dstGapBytes,
                      const Site& site) {
  CoreState& c = currentCore();
  c.launch->checkAbort();
  if (blockCount == 0 || blockBytes == 0) return;
  const uint64_t sStride = static_cast<uint64_t>(blockBytes) + srcGapBytes;
  const uint64_t dStride = static_cast<uint64_t>(blockBytes) + dstGapBytes;
  Instr in;
  in.pipe = src.space == Space::UB && dst.space == Space::UB ? PIPE_V : PIPE_MTE1;
  in.site = site;
  in.add(localAccess(src, false, blockCount, blockBytes, sStride));
  in.add(localAccess(dst, true, blockCount, blockBytes, dStride));
  checkLocal(c, src, in.acc[0].extent(), site, "src");
  checkLocal(c, dst, in.acc[1].extent(), site, "dst");
  issue(c, in, [=, dstPtr = dst.ptr, srcPtr = src.ptr] {
    for (uint32_t b = 0; b < blockCount; ++b)
      std::memmove(dstPtr + b * dStride, srcPtr + b * sStride, blockBytes);
  });
}

void copyGmToLocalPad(const LocalRef& dst, const GmRef& src, uint32_t blockCount,
                      uint32_t blockBytes, uint64_t srcGapBytes, uint32_t dstGapBlocks, bool isPad,
                      uint32_t leftPadElems, uint32_t rightPadElems, uint64_t padValueBits,
                      uint32_t elemSize, const Site& site) {
  CoreState& c = currentCore();
  c.launch->checkAbort();
  if (blockCount == 0 || blockBytes == 0) return;
  const uint32_t left = isPad ? leftPadElems * elemSize : 0;
  const uint32_t right = isPad ? rightPadElems * elemSize : 0;
  if (left > 32 || right > 32)
    c.launch->raise(
        c, site,
        "DataCopyPadExtParams: leftPadding/rightPadding must each cover at most 32 bytes, got " +
            std::to_string(leftPadElems) + "/" + std::to_string(rightPadElems) + " elements");
  if (blockBytes % elemSize != 0)
    c.launch->raise(c, site,
                    "DataCopyExtParams.blockLen (" + std::to_string(blockBytes) +
                        " bytes) must be a whole number of elements");
  const uint64_t slot = (static_cast<uint64_t>(left) + blockBytes + right + 31) / 32 * 32;
  const uint64_t lcStride = slot + static_cast<uint64_t>(dstGapBlocks) * 32;
  const uint64_t gmStride = blockBytes + srcGapBytes;
  Instr in;
  in.pipe = PIPE_MTE2;
  in.site = site;
  in.add(gmAccess(src.addr, false, blockCount, blockBytes, gmStride));
  in.add(localAccess(dst, true, blockCount, static_cast<uint32_t>(left + blockBytes + right),
                     lcStride));
  checkGm(c, src, in.acc[0].extent(), site, "src");
  checkLocal(c, dst, (blockCount - 1) * lcStride + slot, site, "dst");
  c.launch->schedPoint(c);
  issue(c, in, [=, dstPtr = dst.ptr, srcAddr = src.addr] {
    for (uint32_t b = 0; b < blockCount; ++b) {
      uint8_t* out = dstPtr + b * lcStride;
      for (uint32_t i = 0; i < left; i += elemSize) std::memcpy(out + i, &padValueBits, elemSize);
      std::memcpy(out + left, reinterpret_cast<const uint8_t*>(srcAddr) + b * gmStride, blockBytes);
      for (uint32_t i = 0; i < right; i += elemSize)
        std::memcpy(out + left + blockBytes + i, &padValueBits, elemSize);
    }
  });
}

void copyLocalToGmPad(const GmRef& dst, const LocalRef& src, uint32_t blockCount,
                      uint32_t blockBytes, uint32_t srcGapBlocks, uint64_t dstGapBytes, DType,
                      const Site& site) {
  CoreState& c = currentCore();
  c.launch->checkAbort();
  if (blockCount == 0 || blockBytes == 0) return;
  const uint64_t slot = (static_cast<uint64_t>(blockBytes) + 31) / 32 * 32;
  const uint64_t lcStride = slot + static_cast<uint64_t>(srcGapBlocks) * 32;
  const uint64_t gmStride = blockBytes + dstGapBytes;
  Instr in;
  in.pipe = outPipe(src.space);
  in.site = site;
  in.atomicOp = c.atomicOp;
  in.atomicType = c.atomicType;
  in.add(localAccess(src, false, blockCount, blockBytes, lcStride));
  in.add(gmAccess(dst.addr, true, blockCount, blockBytes, gmStride));
  checkLocal(c, src, in.acc[0].extent(), site, "src");
  checkGm(c, dst, in.acc[1].extent(), site, "dst");
  checkAtomicShape(c, dst.addr, blockBytes, gmStride, site);
  c.launch->schedPoint(c);
  issue(c, in,
        [=, &c, op = in.atomicOp, type = in.atomicType, dstAddr = dst.addr, srcPtr = src.ptr] {
          for (uint32_t b = 0; b < blockCount; ++b)
            writeGm(op, type, reinterpret_cast<uint8_t*>(dstAddr) + b * gmStride,
                    srcPtr + b * lcStride, blockBytes);
          c.launch->noteProgress();
        });
}

void setAtomic(AtomicOp op, DType type, const Site& site) {
  CoreState& c = currentCore();
  c.launch->checkAbort();
  c.atomicOp = op;
  c.atomicType = type;
  observeSync(c, SyncKind::SetAtomic, site, PIPE_S, AscendC::HardEvent::MAX,
              static_cast<int64_t>(type), static_cast<int64_t>(op));
}

}  // namespace asctwin::kernel
