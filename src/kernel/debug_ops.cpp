// AscendC::printf and DumpTensor: output prefixed with the block, written a
// whole line at a time so blocks do not interleave mid-line.
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <string>

#include "kernel/instr.h"

namespace asctwin::kernel {
namespace {

std::mutex& outMutex() {
  static std::mutex m;
  return m;
}

void emit(const std::string& text) {
  std::lock_guard lock(outMutex());
  std::fwrite(text.data(), 1, text.size(), stdout);
  std::fflush(stdout);
}

std::string formatValue(const uint8_t* p, DType t) {
  char b[64];
  switch (t) {
    case DType::F16: {
      half v;
      std::memcpy(&v, p, 2);
      std::snprintf(b, sizeof b, "%g", static_cast<double>(static_cast<float>(v)));
      break;
    }
    case DType::BF16: {
      bfloat16_t v;
      std::memcpy(&v, p, 2);
      std::snprintf(b, sizeof b, "%g", static_cast<double>(static_cast<float>(v)));
      break;
    }
    case DType::F32: {
      float v;
      std::memcpy(&v, p, 4);
      std::snprintf(b, sizeof b, "%g", static_cast<double>(v));
      break;
    }
    case DType::F64: {
      double v;
      std::memcpy(&v, p, 8);
      std::snprintf(b, sizeof b, "%g", v);
      break;
    }
    case DType::S8:
      std::snprintf(b, sizeof b, "%d", static_cast<int>(static_cast<int8_t>(*p)));
      break;
    case DType::U8:
    case DType::BOOL:
      std::snprintf(b, sizeof b, "%u", static_cast<unsigned>(*p));
      break;
    case DType::S16: {
      int16_t v;
      std::memcpy(&v, p, 2);
      std::snprintf(b, sizeof b, "%d", v);
      break;
    }
    case DType::U16: {
      uint16_t v;
      std::memcpy(&v, p, 2);
      std::snprintf(b, sizeof b, "%u", v);
      break;
    }
    case DType::S32: {
      int32_t v;
      std::memcpy(&v, p, 4);
      std::snprintf(b, sizeof b, "%d", v);
      break;
    }
    case DType::U32: {
      uint32_t v;
      std::memcpy(&v, p, 4);
      std::snprintf(b, sizeof b, "%u", v);
      break;
    }
    case DType::S64: {
      long long v;
      std::memcpy(&v, p, 8);
      std::snprintf(b, sizeof b, "%lld", v);
      break;
    }
    default: {
      unsigned long long v;
      std::memcpy(&v, p, 8);
      std::snprintf(b, sizeof b, "%llu", v);
      break;
    }
  }
  return b;
}

void dumpValues(const char* where, uint64_t addr, const uint8_t* p, DType t, uint32_t desc,
                uint32_t n) {
  CoreState& c = currentCore();
  std::string s = "[block " + std::to_string(c.blockIdx) +
                  "] DumpTensor: desc=" + std::to_string(desc) + ", " + where + "=" +
                  std::to_string(addr) + ", dtype=" + dtypeName(t) + ", size=" + std::to_string(n) +
                  "\n";
  const size_t es = dtypeBytes(t);
  for (uint32_t i = 0; i < n; ++i) {
    s += formatValue(p + i * es, t);
    s += (i + 1) % 8 == 0 || i + 1 == n ? "\n" : " ";
  }
  emit(s);
}

}  // namespace

void kernelPrintf(const char* fmt, __builtin_va_list args) {
  CoreState* c = currentCoreOrNull();
  char buf[2048];
  // The kernel's own format string (clang's -Wformat-nonliteral).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
  std::vsnprintf(buf, sizeof buf, fmt, args);
#pragma GCC diagnostic pop
  // The NPU's prefix: the core kind, GetBlockIdx() and the number of such cores.
  std::string s;
  if (c != nullptr) {
    const bool aiv = c->kind == CoreKind::AIV;
    const int64_t total = aiv ? c->blockNum * (c->taskRation > 0 ? c->taskRation : 1) : c->blockNum;
    s = std::string(aiv ? "[AIV Block " : "[AIC Block ") + std::to_string(c->blockIdx) + "/" +
        std::to_string(total) + "] ";
  }
  s += buf;
  if (s.empty() || s.back() != '\n') s += '\n';
  emit(s);
}

void dumpTensor(const LocalRef& ref, DType type, uint32_t desc, uint32_t dumpSize,
                const Site& site) {
  CoreState& c = currentCore();
  c.launch->checkAbort();
  checkLocal(c, ref, uint64_t{dumpSize} * dtypeBytes(type), site, "tensor");
  // A scalar read of local memory: pending writers of those bytes go first.
  checkDrainLocal(c, reinterpret_cast<uintptr_t>(ref.ptr), uint64_t{dumpSize} * dtypeBytes(type),
                  false);
  dumpValues("addr", ref.offset, ref.ptr, type, desc, dumpSize);
}

void dumpGlobal(const GmRef& ref, DType type, uint32_t desc, uint32_t dumpSize, const Site& site) {
  CoreState& c = currentCore();
  c.launch->checkAbort();
  checkGm(c, ref, uint64_t{dumpSize} * dtypeBytes(type), site, "tensor");
  c.launch->schedPoint(c);
  dumpValues("gm", ref.addr, reinterpret_cast<const uint8_t*>(ref.addr), type, desc, dumpSize);
}

}  // namespace asctwin::kernel
