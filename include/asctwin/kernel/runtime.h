// The kernel twin's runtime interface: what the inline Ascend C API templates
// call. Everything here is type-erased (byte addresses plus a dtype tag) so
// that kernel translation units stay cheap to compile and the work itself is
// compiled once in libasctwin (src/kernel).
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include "asctwin/source_location.h"
#include <type_traits>

#include "asctwin/kernel/sync_protocol.h"
#include "asctwin/kernel/types.h"

namespace asctwin::kernel {

// BT (bias table) and FB (fixpipe buffer) are the AIC's small buffers (C2,
// C2PIPE2GM); they get images with the cube core (issue 14).
enum class Space : uint8_t { GM, UB, L1, L0A, L0B, L0C, BT, FB };
enum class CoreKind : uint8_t { AIV, AIC };

// Element type tag of an operand.
enum class DType : uint8_t { F16, BF16, F32, F64, S8, U8, S16, U16, S32, U32, S64, U64, BOOL };

template <typename T>
constexpr DType dtypeOf() {
  using U = std::remove_cv_t<T>;
  if constexpr (std::is_same_v<U, half>)
    return DType::F16;
  else if constexpr (std::is_same_v<U, bfloat16_t>)
    return DType::BF16;
  else if constexpr (std::is_same_v<U, float>)
    return DType::F32;
  else if constexpr (std::is_same_v<U, double>)
    return DType::F64;
  else if constexpr (std::is_same_v<U, bool>)
    return DType::BOOL;
  else if constexpr (std::is_same_v<U, int8_t> || std::is_same_v<U, char>)
    return DType::S8;
  else if constexpr (std::is_same_v<U, uint8_t>)
    return DType::U8;
  else if constexpr (std::is_same_v<U, int16_t>)
    return DType::S16;
  else if constexpr (std::is_same_v<U, uint16_t>)
    return DType::U16;
  else if constexpr (std::is_same_v<U, int32_t>)
    return DType::S32;
  else if constexpr (std::is_same_v<U, uint32_t>)
    return DType::U32;
  else if constexpr (std::is_same_v<U, int64_t> || std::is_same_v<U, long long>)
    return DType::S64;
  else if constexpr (std::is_same_v<U, uint64_t> || std::is_same_v<U, unsigned long long>)
    return DType::U64;
  else
    static_assert(sizeof(T) == 0, "unsupported element type");
}

// Where an API was called from: the API name and the caller's source line.
struct Site {
  const char* api = "";
  const char* file = "";
  uint32_t line = 0;
  static Site at(const char* api, const std::source_location& loc) {
    return Site{api, loc.file_name(), static_cast<uint32_t>(loc.line())};
  }
};

// A global-memory operand: a typed pointer and the bytes the GlobalTensor
// declares from that pointer on (UINT64_MAX when the size is unknown).
struct GmRef {
  uintptr_t addr = 0;
  uint64_t declaredBytes = UINT64_MAX;
};

// A local-memory operand: space, host address of its first byte, its offset in
// the core's image of that space, its length in bytes, and the owning buffer id
// (queue/TBuf/allocator buffer; 0 for none).
struct LocalRef {
  Space space = Space::UB;
  uint8_t* ptr = nullptr;
  uint32_t offset = 0;
  uint32_t bytes = 0;
  uint32_t bufferId = 0;
};

// The Ascend C API call the core is in: every instruction it issues reports
// the call's name and source line (and the buffer ids of its tensors, for
// the checker). Nested API calls keep the outermost one. Instructions issued
// outside any API call report their own intrinsic name.
void apiEnter(const Site& site, const uint32_t* buffers, uint32_t count);
void apiLeave();
class ApiCall {
 public:
  ApiCall(const char* api, const std::source_location& loc) {
    apiEnter(Site::at(api, loc), nullptr, 0);
  }
  ApiCall(const char* api, const std::source_location& loc,
          std::initializer_list<uint32_t> buffers) {
    apiEnter(Site::at(api, loc), buffers.begin(), static_cast<uint32_t>(buffers.size()));
  }
  ~ApiCall() { apiLeave(); }
  ApiCall(const ApiCall&) = delete;
  ApiCall& operator=(const ApiCall&) = delete;
};

// --- core identity and state -------------------------------------------------
bool inKernel();
int64_t blockIdx();
int64_t blockNum();
int64_t subBlockIdx();
int64_t taskRation();
CoreKind coreKind();
const char* spaceName(Space s);
// The local-memory image of a space on the current core.
uint8_t* localBase(Space s);
uint32_t localSize(Space s);
// The first byte of `s` the current TPipe has not handed out (PopStackBuffer).
uint32_t localCursor(Space s);
// Reports a kernel error at `site` (the launch fails; the stream reports it).
[[noreturn]] void fail(const Site& site, const char* fmt, ...)
    __attribute__((format(printf, 2, 3)));
// The same at the site of the running API call (ApiCall).
[[noreturn]] void failApi(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
// Checks that the launch has not been aborted by another block's error.
void checkAbort();

// --- TPipe / queues / local allocators ----------------------------------------
// Carves `bytes` (rounded up to 32) of local memory for the current pipe.
uint32_t carveLocal(Space s, uint32_t bytes, const Site& site, uint32_t bufferId);
// The core's TPipe: created (fails while another one is live), destroyed
// (its memory goes back), reset (its buffers are gone; it stays live).
void pipeCreated(void* pipe, const Site& site);
void pipeDestroyed(void* pipe);
void pipeReset(const Site& site);
// The live TPipe of the calling core (null when there is none).
void* corePipe();
uint32_t newBufferId();
// LocalMemAllocator buffers, for the checker's buffer-overlap finding: a
// buffer handed out by `owner`, and every buffer of `owner` released.
void localAllocMade(const void* owner, const LocalRef& r, const Site& site);
void localAllocGone(const void* owner);

// --- data movement -----------------------------------------------------------------
// Fails the running API call unless [ref.addr, + extent) lies inside the
// GlobalTensor's declared size and a live allocation (the intrinsics see
// only raw addresses: the API checks the tensor's own bounds first).
void checkGlobal(const GmRef& ref, uint64_t extentBytes, const char* role);

enum class AtomicOp : uint8_t { None, Add, Max, Min };

// --- scalar access -----------------------------------------------------------
void gmScalarRead(const GmRef& ref, void* out, uint32_t bytes, const Site& site);  // via dcache
void gmScalarWrite(const GmRef& ref, const void* in, uint32_t bytes, const Site& site);
// One byte through the data cache whose bits outside `mask` keep their value
// (an int4b_t SetValue: the other nibble of the byte is not the program's
// read, so the access is observed as a write of the byte only).
void gmScalarWriteBits(const GmRef& ref, uint8_t mask, uint8_t bits, const Site& site);
void gmBypassRead(uintptr_t addr, void* out, uint32_t bytes, const Site& site);
void gmBypassWrite(uintptr_t addr, const void* in, uint32_t bytes, const Site& site);
void dcacheCleanInvalidate(const GmRef& ref, bool entireCache, const Site& site);
void localScalarAccess(const LocalRef& ref, uint64_t index, uint32_t elemSize, bool write,
                       const Site& site);

// --- synchronisation inside a core --------------------------------------------
void pipeBarrier(pipe_t pipe, const Site& site);
void setFlag(AscendC::HardEvent event, int32_t id, const Site& site);
void waitFlag(AscendC::HardEvent event, int32_t id, const Site& site);

// --- synchronisation across cores ---------------------------------------------
void syncAllHard(bool aivOnly, const Site& site);
void syncAllSoft(const GmRef& gm, const LocalRef& ub, int32_t usedCores, const Site& site);
void ibSet(const GmRef& gm, const LocalRef& ub, int32_t blockIdx, int32_t eventId,
           const Site& site);
void ibWait(const GmRef& gm, const LocalRef& ub, int32_t blockIdx, int32_t eventId,
            const Site& site);
void initDetermineCompute(const GmRef& gm, const LocalRef& ub, const Site& site);
void waitPreBlock(const GmRef& gm, const LocalRef& ub, const Site& site);
void notifyNextBlock(const GmRef& gm, const LocalRef& ub, const Site& site);

// A GM flag protocol (sync_protocol.h) starts and ends on the calling core
// (outside a kernel: nothing).
void syncProtocolBegin(SyncProtocol protocol, const Site& site);
void syncProtocolEnd(SyncProtocol protocol, const Site& site);
// The protocol's extent as a scope (a function body).
class SyncProtocolScope {
 public:
  SyncProtocolScope(SyncProtocol protocol, const Site& site) : protocol_(protocol), site_(site) {
    syncProtocolBegin(protocol_, site_);
  }
  ~SyncProtocolScope() { syncProtocolEnd(protocol_, site_); }
  SyncProtocolScope(const SyncProtocolScope&) = delete;
  SyncProtocolScope& operator=(const SyncProtocolScope&) = delete;

 private:
  SyncProtocol protocol_;
  Site site_;
};

// --- debug output --------------------------------------------------------------
void kernelPrintf(const char* fmt, __builtin_va_list args);
void dumpTensor(const LocalRef& ref, DType type, uint32_t desc, uint32_t dumpSize,
                const Site& site);
void dumpGlobal(const GmRef& ref, DType type, uint32_t desc, uint32_t dumpSize, const Site& site);

template <typename T>
uint64_t bitsOf(T v) {
  uint64_t out = 0;
  __builtin_memcpy(&out, &v, sizeof(T));
  return out;
}

}  // namespace asctwin::kernel
