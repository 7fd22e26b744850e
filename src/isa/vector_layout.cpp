// Layout instructions of the vector unit: vcopy, vbrcb, vgatherb,
// vreducev2 (GatherMask), vtranspose, scatter_vnchwconv (TransDataTo5HD)
// with its VA registers, vbitsort (Sort32) and vmrgsort4 (MrgSort) with
// VMS4_SR. They move bytes; the only arithmetic is the sorts' comparison of
// scores, in the score's own type.
#include <algorithm>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "asctwin/isa/runtime_vector.h"
#include "isa/vector_common.h"

namespace asctwin::isa {
namespace {

// An access made of 32-byte-or-other runs at offsets from `base`.
Access runsAccess(uintptr_t base, std::vector<kernel::Run> runs, bool write, bool exact = true) {
  Access a;
  a.space = Space::UB;
  a.write = write;
  a.addr = base;
  uint64_t hi = 0;
  for (const auto& r : runs) hi = std::max<uint64_t>(hi, uint64_t{r.offset} + r.bytes);
  a.blockCount = 1;
  a.blockBytes = static_cast<uint32_t>(hi);
  a.strideBytes = hi;
  a.exact = exact;
  a.runs = std::make_shared<std::vector<kernel::Run>>(std::move(runs));
  return a;
}

Access plain(const uint8_t* p, uint64_t bytes, bool write, bool exact = true) {
  Access a = access2d(Space::UB, write, reinterpret_cast<uintptr_t>(p), 1,
                      static_cast<uint32_t>(bytes), bytes);
  a.exact = exact;
  return a;
}

void requireBytes(Ctx& x, uint32_t eb, const char* name) {
  if (eb != 2 && eb != 4)
    x.c.launch->raise(x.c, x.site, std::string(name) + " takes 16- or 32-bit elements");
}

// Whether fixed GatherMask pattern 1..7 keeps lane `l` of an iteration:
// 1 even lanes, 2 odd lanes, 3..6 the 1st..4th of every four, 7 all.
bool fixedPatternKeeps(uint8_t pattern, uint32_t l) {
  if (pattern <= 2) return l % 2 == static_cast<uint32_t>(pattern - 1);
  if (pattern <= 6) return l % 4 == static_cast<uint32_t>(pattern - 3);
  return true;
}

// Region layout of the sorts: 8 bytes, the score first, the index in the
// high 4 bytes.
float scoreOf(Elem t, const uint8_t* region) {
  if (t == Elem::F16) {
    uint16_t h;
    std::memcpy(&h, region, 2);
    return numeric::halfToFloat(h);
  }
  float f;
  std::memcpy(&f, region, 4);
  return f;
}

// vcopy in counter mode differs from every other vector instruction (API
// reference, Copy (UBToUB 掩码式高维数据搬运), constraints): the mask counts
// the elements of ONE iteration, not of the whole instruction, and the
// repeat argument counts the iterations. An iteration moves its `count`
// elements as ceil(count * size / 32) data blocks (block j at j * blkStride
// blocks, the last one partial), which may be more than the 8 blocks of an
// ordinary iteration; iteration r starts r * repStride blocks further on.
void vcopyCounted(Ctx& x, uint32_t elemBytes, void* dst, const void* src, uint8_t repeat,
                  VStride dstS, VStride srcS) {
  const uint64_t bytes = x.c.regs.maskLow * elemBytes;
  if (repeat == 0 || bytes == 0) return;
  const uint64_t blocks = (bytes + kBlockBytes - 1) / kBlockBytes;
  auto runsOf = [&](VStride st) {
    std::vector<kernel::Run> runs;
    runs.reserve(repeat * blocks);
    for (uint64_t r = 0; r < repeat; ++r)
      for (uint64_t j = 0; j < blocks; ++j)
        runs.push_back(
            {static_cast<uint32_t>((r * st.rep + j * st.blk) * kBlockBytes),
             static_cast<uint32_t>(std::min<uint64_t>(kBlockBytes, bytes - j * kBlockBytes))});
    return runs;
  };
  auto checked = [&](const void* p, const std::vector<kernel::Run>& runs, const char* role) {
    const LocalOp op = resolveLocal(x, Space::UB, p, role);
    uint64_t hi = 0;
    for (const auto& r : runs) hi = std::max<uint64_t>(hi, uint64_t{r.offset} + r.bytes);
    checkLocalExtent(x, op, hi, role);
    return op.ptr;
  };
  std::vector<kernel::Run> sRuns = runsOf(srcS);
  std::vector<kernel::Run> dRuns = runsOf(dstS);
  const uint8_t* sp = checked(src, sRuns, "src");
  uint8_t* dp = checked(dst, dRuns, "dst");
  auto describe = [&](Instr& in) {
    in.add(runsAccess(reinterpret_cast<uintptr_t>(sp), sRuns, false));
    in.add(runsAccess(reinterpret_cast<uintptr_t>(dp), dRuns, true));
  };
  emit(x, PIPE_V, describe, [=] {
    // An iteration reads all its blocks before it writes any.
    std::vector<uint8_t> staged(bytes);
    for (uint64_t r = 0; r < repeat; ++r) {
      for (uint64_t j = 0; j < blocks; ++j) {
        const kernel::Run& b = sRuns[r * blocks + j];
        std::memcpy(staged.data() + j * kBlockBytes, sp + b.offset, b.bytes);
      }
      for (uint64_t j = 0; j < blocks; ++j) {
        const kernel::Run& b = dRuns[r * blocks + j];
        std::memcpy(dp + b.offset, staged.data() + j * kBlockBytes, b.bytes);
      }
    }
  });
}

}  // namespace

void vcopy(uint32_t elemBytes, void* dst, const void* src, uint8_t repeat, VStride dstS,
           VStride srcS, const char* name) {
  Ctx x = enter(name);
  requireBytes(x, elemBytes, name);
  if (x.c.regs.counterMode) {
    vcopyCounted(x, elemBytes, dst, src, repeat, dstS, srcS);
    return;
  }
  const Lanes lanes = lanesFrom(x.c.regs, repeat, kRepeatBytes / elemBytes);
  if (lanes.empty()) return;
  const Stream s = ubStream(x, src, elemBytes, srcS, lanes, "src");
  const Stream d = ubStream(x, dst, elemBytes, dstS, lanes, "dst");
  auto describe = [&](Instr& in) {
    record(x, in, lanes, s, false);
    record(x, in, lanes, d, true);
  };
  emitElementwise(x, lanes, d, std::array<Stream, 1>{s}, describe,
                  [=](uint8_t* o, const uint8_t* const* in8, uint64_t n) {
                    std::memmove(o, in8[0], n * elemBytes);
                  });
}

void vbrcb(uint32_t elemBytes, void* dst, const void* src, uint16_t dstBlkStride,
           uint16_t dstRepStride, uint8_t repeat, const char* name) {
  Ctx x = enter(name);
  requireBytes(x, elemBytes, name);
  if (repeat == 0) return;
  const LocalOp s = ubBytes(x, src, uint64_t{repeat} * 8 * elemBytes, "src");
  const LocalOp d0 = resolveLocal(x, Space::UB, dst, "dst");
  std::vector<kernel::Run> runs;
  for (uint32_t r = 0; r < repeat; ++r)
    for (uint32_t b = 0; b < 8; ++b)
      runs.push_back({(r * dstRepStride + b * dstBlkStride) * kBlockBytes, kBlockBytes});
  uint64_t hi = 0;
  for (const auto& r : runs) hi = std::max<uint64_t>(hi, uint64_t{r.offset} + r.bytes);
  checkLocalExtent(x, d0, hi, "dst");
  const uint8_t* sp = s.ptr;
  uint8_t* dp = d0.ptr;
  auto describe = [&](Instr& in) {
    in.add(plain(sp, uint64_t{repeat} * 8 * elemBytes, false));
    in.add(runsAccess(reinterpret_cast<uintptr_t>(dp), runs, true));
  };
  emit(x, PIPE_V, describe, [=] {
    for (uint32_t r = 0; r < repeat; ++r)
      for (uint32_t b = 0; b < 8; ++b) {
        uint8_t* blk = dp + (r * dstRepStride + b * dstBlkStride) * kBlockBytes;
        const uint8_t* e = sp + (r * 8 + b) * elemBytes;
        for (uint32_t k = 0; k < kBlockBytes; k += elemBytes) std::memcpy(blk + k, e, elemBytes);
      }
  });
}

void vgatherb(void* dst, const void* offsets, uint32_t baseAddr, uint16_t dstRepStride,
              uint8_t dstBlkStride, uint8_t repeat, const char* name) {
  Ctx x = enter(name);
  if (repeat == 0) return;
  const uint32_t base = resolveUbAddress32(x, baseAddr, "base address");
  const LocalOp o = ubBytes(x, offsets, uint64_t{repeat} * 8 * 4, "offsets");
  const LocalOp d0 = resolveLocal(x, Space::UB, dst, "dst");
  std::vector<kernel::Run> runs;
  for (uint32_t r = 0; r < repeat; ++r)
    for (uint32_t b = 0; b < 8; ++b)
      runs.push_back({(r * dstRepStride + b * dstBlkStride) * kBlockBytes, kBlockBytes});
  uint64_t hi = 0;
  for (const auto& r : runs) hi = std::max<uint64_t>(hi, uint64_t{r.offset} + r.bytes);
  checkLocalExtent(x, d0, hi, "dst");
  uint8_t* ub = kernel::localBase(Space::UB);
  const uint32_t ubSize = kernel::localSize(Space::UB);
  const uint8_t* op = o.ptr;
  uint8_t* dp = d0.ptr;
  auto describe = [&](Instr& in) {
    in.add(plain(op, uint64_t{repeat} * 32, false));
    // The blocks it reads are known only when it runs.
    in.add(plain(ub + base, ubSize - base, false, false));
    in.add(runsAccess(reinterpret_cast<uintptr_t>(dp), runs, true));
  };
  emit(x, PIPE_V, describe, [=, &c = x.c, site = x.site] {
    for (uint32_t r = 0; r < repeat; ++r)
      for (uint32_t b = 0; b < 8; ++b) {
        uint32_t off;
        std::memcpy(&off, op + (r * 8 + b) * 4, 4);
        const uint64_t at = uint64_t{base} + off;
        if (off % kBlockBytes != 0 || at + kBlockBytes > ubSize)
          c.launch->raise(
              c, site,
              "Gatherb offset[" + std::to_string(r * 8 + b) + "] = " + std::to_string(off) +
                  " is not 32-byte aligned or leaves the UB (base " + std::to_string(base) + ")");
        std::memcpy(dp + (r * dstRepStride + b * dstBlkStride) * kBlockBytes, ub + at, kBlockBytes);
      }
  });
}

void vreducev2(uint32_t elemBytes, void* dst, const void* src0, const void* src1, uint16_t repeat,
               uint8_t src0BlkStride, uint8_t pattern, uint16_t src0RepStride,
               uint8_t src1RepStride, const char* name) {
  Ctx x = enter(name);
  requireBytes(x, elemBytes, name);
  if (pattern > 7)
    x.c.launch->raise(
        x.c, x.site,
        std::string(name) + ": the pattern mode must be 0..7, got " + std::to_string(pattern));
  const uint32_t per = kRepeatBytes / elemBytes;
  // Lanes per iteration: all of them, or the counter-mode count.
  const uint32_t take =
      x.c.regs.counterMode ? static_cast<uint32_t>(std::min<uint64_t>(x.c.regs.maskLow, per)) : per;
  if (repeat == 0 || take == 0) return;
  Lanes lanes = allLanes(repeat, per);
  if (take < per) {
    lanes.mask[0] = take >= 64 ? ~0ull : (uint64_t{1} << take) - 1;
    lanes.mask[1] = take <= 64 ? 0 : (take >= 128 ? ~0ull : (uint64_t{1} << (take - 64)) - 1);
  }
  const Stream s =
      ubStream(x, src0, elemBytes, VStride{src0BlkStride, src0RepStride}, lanes, "src0");
  const uint64_t patBytes = per / 8;  // one bit per lane of an iteration
  const uint8_t* pat = nullptr;
  if (pattern == 0)
    pat = ubBytes(x, src1, (repeat - 1) * uint64_t{src1RepStride} * kBlockBytes + patBytes,
                  "src1Pattern")
              .ptr;
  const LocalOp d = ubBytes(x, dst, uint64_t{repeat} * take * elemBytes, "dst");
  auto describe = [&](Instr& in) {
    record(x, in, lanes, s, false);
    if (pat != nullptr) {
      std::vector<kernel::Run> runs;
      for (uint32_t r = 0; r < repeat; ++r)
        runs.push_back({r * src1RepStride * kBlockBytes, static_cast<uint32_t>(patBytes)});
      in.add(runsAccess(reinterpret_cast<uintptr_t>(pat), runs, false));
      in.add(plain(d.ptr, uint64_t{repeat} * take * elemBytes, true, false));
    } else {
      // A fixed pattern keeps the same lanes in every iteration, so the
      // packed bytes it writes are known at issue (UnPad writes its whole
      // output this way); a tensor pattern's count is known only when it
      // runs. Counted here: only check mode and observers build records.
      uint64_t keptPer = 0;
      for (uint32_t l = 0; l < take; ++l) keptPer += fixedPatternKeeps(pattern, l) ? 1 : 0;
      if (keptPer != 0) in.add(plain(d.ptr, uint64_t{repeat} * keptPer * elemBytes, true));
    }
  };
  uint8_t* dp = d.ptr;
  emit(x, PIPE_V, describe, [=, &c = x.c] {
    uint64_t kept = 0;
    alignas(64) uint8_t lanesBuf[kRepeatBytes];
    for (uint32_t r = 0; r < repeat; ++r) {
      const uint64_t all[2] = {~0ull, ~0ull};
      gatherLanes(s, r, all, per, lanesBuf);
      for (uint32_t l = 0; l < take; ++l) {
        bool on = false;
        if (pattern == 0) {
          const uint8_t* bits = pat + r * src1RepStride * kBlockBytes;
          on = (bits[l / 8] >> (l % 8)) & 1u;
        } else {
          on = fixedPatternKeeps(pattern, l);
        }
        if (on) std::memcpy(dp + (kept++) * elemBytes, lanesBuf + l * elemBytes, elemBytes);
      }
    }
    c.regs.rsvdCnt = kept;
  });
}

void vtranspose(void* dst, const void* src, const char* name) {
  Ctx x = enter(name);
  const LocalOp s = ubBytes(x, src, 512, "src");
  const LocalOp d = ubBytes(x, dst, 512, "dst");
  auto describe = [&](Instr& in) {
    in.add(plain(s.ptr, 512, false));
    in.add(plain(d.ptr, 512, true));
  };
  const uint8_t* sp = s.ptr;
  uint8_t* dp = d.ptr;
  emit(x, PIPE_V, describe, [=] {
    uint16_t m[256];
    std::memcpy(m, sp, 512);
    uint16_t t[256];
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 16; ++j) t[j * 16 + i] = m[i * 16 + j];
    std::memcpy(dp, t, 512);
  });
}

void setVaReg(uint8_t reg, const uint64_t addrs[8]) {
  Ctx x = enter("set_va_reg_sb");
  if (reg > 7) x.c.launch->raise(x.c, x.site, "set_va_reg_sb: VA register must be VA0..VA7");
  std::memcpy(x.c.regs.va[reg], addrs, 64);
}

void loadVaReg(uint8_t reg, const void* src, bool high, const char* name) {
  Ctx x = enter(name);
  if (reg > 7) x.c.launch->raise(x.c, x.site, std::string(name) + ": VA register must be VA0..VA7");
  const LocalOp s = ubBytes(x, static_cast<const uint8_t*>(src), 128, "src");
  // A register load: what earlier instructions write there completes first.
  kernel::checkDrainAll(x.c);
  std::memcpy(x.c.regs.va[reg], s.ptr + (high ? 64 : 0), 64);
}

void vnchwconv(uint32_t elemBytes, uint8_t dstReg, uint8_t srcReg, uint8_t repeat,
               uint16_t dstRepStride, uint16_t srcRepStride, bool dstHigh, bool srcHigh,
               const char* name) {
  Ctx x = enter(name);
  if (repeat == 0) return;
  if (dstReg > 6 || srcReg > 6)
    x.c.launch->raise(x.c, x.site,
                      std::string(name) + ": the address lists take VA0..VA7 in pairs");
  // The 16 destination and 16 source blocks of every iteration (the lists
  // are read when the instruction is issued).
  uint64_t dl[16], sl[16];
  for (uint32_t i = 0; i < 16; ++i) {
    dl[i] = x.c.regs.va[dstReg + i / 8][i % 8];
    sl[i] = x.c.regs.va[srcReg + i / 8][i % 8];
  }
  std::vector<uint8_t*> dst(16 * repeat), src(16 * repeat);
  const auto step = [&](uint32_t r) { return repeat == 1 ? 1u : r; };
  std::vector<kernel::Run> dRuns, sRuns;
  uint8_t* ub = kernel::localBase(Space::UB);
  for (uint32_t r = 0; r < repeat; ++r)
    for (uint32_t i = 0; i < 16; ++i) {
      const uint64_t da = dl[i] + uint64_t{step(r)} * dstRepStride * kBlockBytes;
      const uint64_t sa = sl[i] + uint64_t{step(r)} * srcRepStride * kBlockBytes;
      const LocalOp d = ubBytes(x, reinterpret_cast<void*>(da), kBlockBytes, "dstList");
      const LocalOp s = ubBytes(x, reinterpret_cast<void*>(sa), kBlockBytes, "srcList");
      dst[r * 16 + i] = d.ptr;
      src[r * 16 + i] = s.ptr;
      dRuns.push_back({d.offset, kBlockBytes});
      sRuns.push_back({s.offset, kBlockBytes});
    }
  auto describe = [&](Instr& in) {
    in.add(runsAccess(reinterpret_cast<uintptr_t>(ub), sRuns, false));
    in.add(runsAccess(reinterpret_cast<uintptr_t>(ub), dRuns, true));
  };
  emit(x, PIPE_V, describe, [=] {
    for (uint32_t r = 0; r < repeat; ++r) {
      // Read the 16 source blocks first: destinations may overlap them.
      uint8_t in[16][kBlockBytes];
      for (uint32_t i = 0; i < 16; ++i) std::memcpy(in[i], src[r * 16 + i], kBlockBytes);
      for (uint32_t i = 0; i < 16; ++i) {
        uint8_t* o = dst[r * 16 + i];
        if (elemBytes == 2) {
          for (uint32_t j = 0; j < 16; ++j) std::memcpy(o + j * 2, in[j] + i * 2, 2);
        } else if (elemBytes == 4) {
          const uint32_t col = i / 2, first = (i % 2) * 8;
          for (uint32_t j = 0; j < 8; ++j) std::memcpy(o + j * 4, in[first + j] + col * 4, 4);
        } else {
          const uint32_t col = i + (srcHigh ? 16 : 0);
          uint8_t* half = o + (dstHigh ? 16 : 0);
          for (uint32_t j = 0; j < 16; ++j) half[j] = in[j][col];
        }
      }
    }
  });
}

void vbitsort(Elem t, void* dst, const void* values, const void* indices, uint8_t repeat,
              const char* name) {
  Ctx x = enter(name);
  if (t != Elem::F16 && t != Elem::F32)
    x.c.launch->raise(x.c, x.site, std::string(name) + " sorts half or float scores");
  if (repeat == 0) return;
  const uint32_t eb = elemBytes(t);
  const LocalOp v = ubBytes(x, values, uint64_t{repeat} * 32 * eb, "src0");
  const LocalOp ix = ubBytes(x, indices, uint64_t{repeat} * 32 * 4, "src1");
  const LocalOp d = ubBytes(x, dst, uint64_t{repeat} * 256, "dst");
  auto describe = [&](Instr& in) {
    in.add(plain(v.ptr, uint64_t{repeat} * 32 * eb, false));
    in.add(plain(ix.ptr, uint64_t{repeat} * 128, false));
    in.add(plain(d.ptr, uint64_t{repeat} * 256, true));
  };
  const uint8_t* vp = v.ptr;
  const uint8_t* ip = ix.ptr;
  uint8_t* dp = d.ptr;
  emit(x, PIPE_V, describe, [=] {
    for (uint32_t r = 0; r < repeat; ++r) {
      uint8_t regions[32][8] = {};
      for (uint32_t k = 0; k < 32; ++k) {
        std::memcpy(regions[k], vp + (r * 32 + k) * eb, eb);
        std::memcpy(regions[k] + 4, ip + (r * 32 + k) * 4, 4);
      }
      uint32_t order[32];
      for (uint32_t k = 0; k < 32; ++k) order[k] = k;
      std::stable_sort(order, order + 32, [&](uint32_t a, uint32_t b) {
        return scoreOf(t, regions[a]) > scoreOf(t, regions[b]);
      });
      for (uint32_t k = 0; k < 32; ++k) std::memcpy(dp + r * 256 + k * 8, regions[order[k]], 8);
    }
  });
}

void vmrgsort4(Elem t, void* dst, void* const src[4], const uint16_t lens[4], uint8_t validMask,
               bool exhausted, uint8_t repeat, const char* name) {
  Ctx x = enter(name);
  if (t != Elem::F16 && t != Elem::F32)
    x.c.launch->raise(x.c, x.site, std::string(name) + " merges half or float scores");
  if (validMask != 3 && validMask != 7 && validMask != 15)
    x.c.launch->raise(x.c, x.site, std::string(name) + ": validBit must be 3, 7 or 15");
  if (repeat == 0) return;
  const uint32_t lists = validMask == 3 ? 2 : (validMask == 7 ? 3 : 4);
  if (repeat > 1 && (lists != 4 || exhausted))
    x.c.launch->raise(x.c, x.site,
                      std::string(name) +
                          ": repeatTimes > 1 needs 4 lists (validBit 15) and "
                          "ifExhaustedSuspension false");
  uint64_t total = 0;
  for (uint32_t i = 0; i < lists; ++i) total += lens[i];
  // Repeats take the 4 lists as one block and move on by its length.
  const uint64_t stride = total * 8;
  uint8_t* sp[4] = {};
  for (uint32_t i = 0; i < lists; ++i)
    sp[i] = ubBytes(x, src[i], (repeat - 1) * stride + uint64_t{lens[i]} * 8, "src").ptr;
  const LocalOp d = ubBytes(x, dst, repeat * stride, "dst");
  auto describe = [&](Instr& in) {
    // The lists as one access (a record holds at most four): runs from the
    // lowest list's address.
    const uint8_t* low = sp[0];
    for (uint32_t i = 1; i < lists; ++i) low = std::min(low, static_cast<const uint8_t*>(sp[i]));
    std::vector<kernel::Run> runs;
    for (uint32_t i = 0; i < lists; ++i)
      for (uint32_t r = 0; r < repeat; ++r)
        if (lens[i] != 0)
          runs.push_back({static_cast<uint32_t>(sp[i] - low + r * stride), uint32_t{lens[i]} * 8});
    std::sort(runs.begin(), runs.end(),
              [](const kernel::Run& a, const kernel::Run& b) { return a.offset < b.offset; });
    in.add(runsAccess(reinterpret_cast<uintptr_t>(low), runs, false));
    in.add(plain(d.ptr, repeat * stride, true, !exhausted));
  };
  uint8_t* dp = d.ptr;
  const uint16_t len[4] = {lens[0], lens[1], lens[2], lens[3]};
  emit(x, PIPE_V, describe, [=, &c = x.c] {
    uint64_t taken[4] = {};
    for (uint32_t r = 0; r < repeat; ++r) {
      uint32_t pos[4] = {};
      uint8_t* o = dp + r * stride;
      for (;;) {
        int best = -1;
        float bestScore = 0;
        bool anyEmpty = false;
        for (uint32_t i = 0; i < lists; ++i) {
          if (pos[i] >= len[i]) {
            anyEmpty = true;
            continue;
          }
          const float sc = scoreOf(t, sp[i] + r * stride + pos[i] * 8);
          if (best < 0 || sc > bestScore) {
            best = static_cast<int>(i);
            bestScore = sc;
          }
        }
        if (best < 0 || (exhausted && anyEmpty)) break;
        std::memcpy(o, sp[best] + r * stride + pos[best] * 8, 8);
        o += 8;
        ++pos[best];
      }
      for (uint32_t i = 0; i < 4; ++i) taken[i] = pos[i];
    }
    c.regs.vms4Sr = (taken[0] & 0xFFFF) | ((taken[1] & 0xFFFF) << 16) |
                    ((taken[2] & 0xFFFF) << 32) | ((taken[3] & 0xFFFF) << 48);
  });
}

uint64_t vms4Result() {
  Ctx x = enter("get_vms4_sr");
  kernel::checkDrainAll(x.c);
  return x.c.regs.vms4Sr;
}

}  // namespace asctwin::isa
