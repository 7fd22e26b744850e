// The ISA core's entry points behind the intrinsics (src/isa). Intrinsics are
// inline forwarders to these type-erased functions, compiled once in
// libasctwin: a kernel translation unit only sees declarations.
//
// Every function acts on the calling core (the block whose fiber runs), takes
// raw local-memory pointers (resolved to a space and an offset of this
// core's memory; see src/isa/operand.h) and issues at most one instruction
// record on its pipe. `name` is the intrinsic's name, the site of the record
// when no Ascend C API call is running.
#pragma once

#include <cstdint>

#include "asctwin/isa/isa_types.h"

namespace asctwin::isa {

// Strides of a vector operand, in 32-byte blocks.
struct VStride {
  uint16_t blk = 1;  // between the blocks of one repeat
  uint16_t rep = 8;  // between repeats
};

// --- registers (PIPE_S) ---------------------------------------------------------
void setVectorMask(uint64_t maskHigh, uint64_t maskLow);
void setMaskMode(bool counter);
uint64_t vectorMask(bool high);
void setMovPadVal(uint64_t bits);
void setDeqScale(uint64_t bits);
enum class AtomicSet : uint8_t { None, Add, Max, Min, F32, F16, BF16, S32, S16, S8 };
void setAtomic(AtomicSet what);
uint64_t reduceResult(uint8_t which);  // 0: max/min count, 1: accumulated value, 2: reserved count

// --- synchronisation ------------------------------------------------------------
void setFlag(pipe_t from, pipe_t to, int32_t id);
void waitFlag(pipe_t from, pipe_t to, int32_t id);
void pipeBarrier(pipe_t pipe);

// --- data movement -----------------------------------------------------------------
// Bursts of lenBurst 32-byte blocks; srcGap/dstGap in 32-byte blocks between
// bursts (end of one to the start of the next).
enum class Mem : uint8_t { GM, UB, L1 };
void copyBlocks(Mem dstMem, void* dst, Mem srcMem, const void* src, uint16_t nBurst,
                uint16_t lenBurst, uint16_t srcGap, uint16_t dstGap, const char* name);
// The aligned copies of DataCopyPad: bursts of lenBurst bytes.
// GM -> UB: each burst lands in its own 32-byte-aligned slot, after
// leftPad and before rightPad elements of the MOV_PAD_VAL register (then
// dummy elements to the slot's end); srcGap in bytes, dstGap in blocks.
void copyGmToUbAlign(void* dst, const void* src, uint32_t elemBytes, uint16_t nBurst,
                     uint32_t lenBurst, uint8_t leftPad, uint8_t rightPad, uint32_t srcGap,
                     uint32_t dstGap, const char* name);
// UB -> GM: exactly lenBurst bytes per burst; srcGap in blocks (after the
// burst's 32-byte-aligned slot), dstGap in bytes.
void copyUbToGmAlign(void* dst, const void* src, uint32_t elemBytes, uint16_t nBurst,
                     uint32_t lenBurst, uint32_t srcGap, uint32_t dstGap, const char* name);

// --- vector instructions (PIPE_V) ----------------------------------------------------
enum class VBin : uint8_t { Add, Sub, Mul, Div, Max, Min, And, Or };
void vbinary(VBin op, Elem t, void* dst, const void* src0, const void* src1, uint8_t repeat,
             VStride dstS, VStride src0S, VStride src1S, const char* name);

// ShrRound: vshr with its rounding operand (int16/int32 lanes only).
enum class VScalar : uint8_t { Adds, Muls, Maxs, Mins, Shl, Shr, ShrRound };
void vscalar(VScalar op, Elem t, void* dst, const void* src, uint64_t scalar, uint8_t repeat,
             VStride dstS, VStride srcS, const char* name);

void vdup(Elem t, void* dst, uint64_t scalar, uint8_t repeat, VStride dstS, const char* name);

// Conversion with a rounding mode (the suffix of vconv_*: none, r, f, c, a, z, o).
enum class Rnd : uint8_t { None, Rint, Floor, Ceil, Away, Trunc, Odd };
void vconv(Elem dt, void* dst, Elem st, const void* src, Rnd mode, uint8_t repeat, VStride dstS,
           VStride srcS, const char* name);
// half <-> int4 (vconv_f162s4*, vconv_s42f16): toS4 converts half at src to
// int4 at dst (two lanes per byte, lane 2i in the low nibble), else back.
void vconvS4(bool toS4, Rnd mode, void* dst, const void* src, uint8_t repeat, VStride dstS,
             VStride srcS, const char* name);

enum class Cmp : uint8_t { LT, GT, EQ, LE, GE, NE };
// Compare to a bit mask in UB (one bit per lane, contiguous over repeats).
void vcmpv(Cmp op, Elem t, void* dst, const void* src0, const void* src1, uint8_t repeat,
           VStride src0S, VStride src1S, const char* name);
// Compare with a scalar to a bit mask in UB.
void vcmpvs(Cmp op, Elem t, void* dst, const void* src, uint64_t scalar, uint8_t repeat,
            VStride srcS, const char* name);
// Compare to the CMPMASK register (one repeat).
void vcmp(Cmp op, Elem t, const void* src0, const void* src1, VStride src0S, VStride src1S,
          const char* name);
void setCmpMask(const void* src, const char* name);
void getCmpMask(void* dst, const char* name);
// vsel: mode 0 selects by CMPMASK (every repeat), mode 1 between src0 and the
// scalar in CMPMASK by the bits at `src1` (consumed over the repeats), mode 2
// between src0 and src1 by the bits at the address in CMPMASK.
void vsel(Elem t, void* dst, const void* src0, const void* src1, uint8_t repeat, VStride dstS,
          VStride src0S, VStride src1S, uint8_t mode, const char* name);
// vgather: dst lane i = the element at UB byte address baseAddr + offsets[i].
void vgather(Elem t, void* dst, const void* offsets, uint32_t baseAddr, uint16_t dstRepStride,
             uint8_t repeat, const char* name);

}  // namespace asctwin::isa
