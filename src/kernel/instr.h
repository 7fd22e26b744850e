// The instruction record: every pipe instruction is described by one before
// it runs (pipe, the bytes it reads and writes, its atomic mode, its call
// site). Fast mode runs the work at once; check mode (later) defers, reorders
// and checks the same records.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>

#include "kernel/core_state.h"

namespace asctwin::kernel {

// A 2-D byte pattern: blockCount blocks of blockBytes, each strideBytes after
// the previous one's start.
struct Access {
  Space space = Space::GM;
  bool write = false;
  uintptr_t addr = 0;
  uint32_t blockBytes = 0;
  uint32_t blockCount = 1;
  uint64_t strideBytes = 0;
  uint64_t extent() const {
    return blockCount == 0 ? 0 : (blockCount - 1) * strideBytes + blockBytes;
  }
};

struct Instr {
  pipe_t pipe = PIPE_S;
  Site site;
  Access acc[4];
  uint8_t accessCount = 0;
  AtomicOp atomicOp = AtomicOp::None;
  DType atomicType = DType::F32;
  uint64_t seq = 0;

  void add(const Access& a) {
    if (accessCount < 4) acc[accessCount++] = a;
  }
};

template <class Work>
inline void issue(CoreState& c, Instr& in, Work&& work) {
  in.seq = ++c.issued;
  work();
}

inline std::string hex(uintptr_t v) {
  char b[32];
  std::snprintf(b, sizeof b, "0x%llx", static_cast<unsigned long long>(v));
  return b;
}

const char* spaceName(Space s);
size_t dtypeBytes(DType t);
const char* dtypeName(DType t);

// Always-on operand checks (fail the launch with a message on violation).
void checkGm(CoreState& c, const GmRef& ref, uint64_t extentBytes, const Site& site,
             const char* role);
void checkLocal(CoreState& c, const LocalRef& ref, uint64_t extentBytes, const Site& site,
                const char* role);

}  // namespace asctwin::kernel
