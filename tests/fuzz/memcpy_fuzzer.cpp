// libFuzzer target over aclrtMemcpy / aclrtMemset and their Async variants:
// kinds (valid and not), sizes, destMax/maxCount, and device-side pointers
// chosen inside, around and outside live allocations (and in freed ones).
// Host-side pointers are always real host buffers with destMax/count within
// them (the API cannot size a host buffer; that is the caller's contract),
// except for deliberate host/device mix-ups, which must be rejected.
// Properties: no crash, no sanitizer report, no leak; a rejected call leaves a
// message; an accepted copy moves exactly the source bytes; no red zone is
// ever touched; every allocation frees cleanly.
#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "asctwin/asctwin_ext.h"
#include "common/error_message.h"
#include "device/allocator.h"
#include "fuzz_util.h"

namespace {

constexpr size_t kHostBytes = 8192;
alignas(64) unsigned char gHostA[kHostBytes];
alignas(64) unsigned char gHostB[kHostBytes];
aclrtStream gStream = nullptr;

struct Ptr {
  void* p = nullptr;
  size_t hostRoom = 0;  // bytes valid from p when it is a real host buffer, else 0
  bool host = false;
};

struct Allocs {
  std::vector<void*> live;
  std::vector<size_t> sizes;
  void* freed = nullptr;
};

Ptr devicePointer(FuzzedDataProvider& in, const Allocs& a) {
  Ptr r;
  const int what = in.ConsumeIntegralInRange<int>(0, 9);
  if (what == 0 || a.live.empty()) {
    r.p = nullptr;
    return r;
  }
  const size_t i = in.ConsumeIntegralInRange<size_t>(0, a.live.size() - 1);
  const auto base = reinterpret_cast<uintptr_t>(a.live[i]);
  const auto size = static_cast<int64_t>(a.sizes[i]);
  switch (what) {
    case 1:
    case 2:
      r.p = a.live[i];
      break;
    case 3:
    case 4:  // inside
      r.p = reinterpret_cast<void*>(base + in.ConsumeIntegralInRange<int64_t>(0, size - 1));
      break;
    case 5:  // around: in the guard bytes before or after, or just past the end
      r.p = reinterpret_cast<void*>(base + in.ConsumeIntegralInRange<int64_t>(-128, size + 128));
      break;
    case 6:
      r.p = a.freed;
      break;
    case 7: {  // a host buffer where device memory is expected
      r.p = gHostA + in.ConsumeIntegralInRange<size_t>(0, kHostBytes - 1);
      break;
    }
    case 8:  // far away
      r.p = reinterpret_cast<void*>(in.ConsumeIntegral<uintptr_t>());
      break;
    default:
      r.p = reinterpret_cast<void*>(base + static_cast<uintptr_t>(size));
      break;
  }
  return r;
}

Ptr hostPointer(FuzzedDataProvider& in, const Allocs& a, unsigned char* buffer) {
  Ptr r;
  const int what = in.ConsumeIntegralInRange<int>(0, 7);
  if (what == 0) return r;             // null
  if (what == 1 && !a.live.empty()) {  // device memory where host memory is expected
    r.p = a.live[in.ConsumeIntegralInRange<size_t>(0, a.live.size() - 1)];
    return r;
  }
  const size_t off = in.ConsumeIntegralInRange<size_t>(0, kHostBytes - 1);
  r.p = buffer + off;
  r.hostRoom = kHostBytes - off;
  r.host = true;
  return r;
}

size_t fuzzSize(FuzzedDataProvider& in) {
  switch (in.ConsumeIntegralInRange<int>(0, 5)) {
    case 0:
      return 0;
    case 1:
      return SIZE_MAX;
    case 2:
      return in.ConsumeIntegralInRange<size_t>(0, 64);
    default:
      return in.ConsumeIntegralInRange<size_t>(0, 6000);
  }
}

bool isDeviceSide(int kind, bool dst) {
  if (kind == ACL_MEMCPY_DEVICE_TO_DEVICE || kind == ACL_MEMCPY_INNER_DEVICE_TO_DEVICE ||
      kind == ACL_MEMCPY_INTER_DEVICE_TO_DEVICE)
    return true;
  if (kind == ACL_MEMCPY_HOST_TO_DEVICE || kind == ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE) return dst;
  if (kind == ACL_MEMCPY_DEVICE_TO_HOST) return !dst;
  return false;
}

void oneCopy(FuzzedDataProvider& in, const Allocs& a) {
  const int kind = in.ConsumeIntegralInRange<int>(-1, 8);
  // 0..7: ACL_MEMCPY_HOST_TO_HOST .. ACL_MEMCPY_INTER_DEVICE_TO_DEVICE
  // (ACL_MEMCPY_DEFAULT, 4, takes the direction from the pointers).
  const bool validKind = kind >= 0 && kind <= 7;
  Ptr dst =
      validKind && isDeviceSide(kind, true) ? devicePointer(in, a) : hostPointer(in, a, gHostA);
  Ptr src =
      validKind && isDeviceSide(kind, false) ? devicePointer(in, a) : hostPointer(in, a, gHostB);
  size_t destMax = fuzzSize(in);
  size_t count = fuzzSize(in);
  // The caller's contract for host buffers.
  if (dst.host && destMax > dst.hostRoom) destMax = dst.hostRoom;
  if (src.host && count > src.hostRoom) count = src.hostRoom;
  const bool async = in.ConsumeBool();

  asctwin::clearLastError();
  int rc;
  if (async) {
    rc =
        aclrtMemcpyAsync(dst.p, destMax, src.p, count, static_cast<aclrtMemcpyKind>(kind), gStream);
    FUZZ_CHECK_MESSAGE(rc, "aclrtMemcpyAsync");
    const int sync = aclrtSynchronizeStream(gStream);
    FUZZ_CHECK(rc != ACL_SUCCESS || sync == ACL_SUCCESS, "accepted async copy failed: %s",
               aclGetRecentErrMsg());
  } else {
    rc = aclrtMemcpy(dst.p, destMax, src.p, count, static_cast<aclrtMemcpyKind>(kind));
    FUZZ_CHECK_MESSAGE(rc, "aclrtMemcpy");
  }
  if (rc == ACL_SUCCESS) {
    FUZZ_CHECK(validKind && count <= destMax, "accepted kind %d count %zu destMax %zu", kind, count,
               destMax);
    FUZZ_CHECK(dst.p != nullptr && src.p != nullptr, "accepted a null pointer");
    // The destination now holds the source bytes (memmove semantics).
    if (count > 0) {
      std::vector<unsigned char> out(count);
      FUZZ_CHECK(aclrtMemcpy(out.data(), count, dst.p, count,
                             kind == ACL_MEMCPY_DEFAULT ? ACL_MEMCPY_DEFAULT
                             : isDeviceSide(kind, true) ? ACL_MEMCPY_DEVICE_TO_HOST
                                                        : ACL_MEMCPY_HOST_TO_HOST) == ACL_SUCCESS,
                 "read back: %s", aclGetRecentErrMsg());
      std::vector<unsigned char> again(count);
      FUZZ_CHECK(aclrtMemcpy(again.data(), count, src.p, count,
                             kind == ACL_MEMCPY_DEFAULT  ? ACL_MEMCPY_DEFAULT
                             : isDeviceSide(kind, false) ? ACL_MEMCPY_DEVICE_TO_HOST
                                                         : ACL_MEMCPY_HOST_TO_HOST) == ACL_SUCCESS,
                 "read source: %s", aclGetRecentErrMsg());
      const auto d = reinterpret_cast<uintptr_t>(dst.p), s = reinterpret_cast<uintptr_t>(src.p);
      const bool overlap = d < s + count && s < d + count;
      if (!overlap) FUZZ_CHECK(out == again, "destination differs from source after copy");
    }
  }
}

void oneSet(FuzzedDataProvider& in, const Allocs& a) {
  Ptr dst = devicePointer(in, a);
  size_t maxCount = fuzzSize(in);
  size_t count = fuzzSize(in);
  // aclrtMemset also takes host memory, which no API can size: the caller's
  // contract. So a host address is passed only as one of our buffers, with
  // the counts within it; any other address that is not device memory (past
  // an allocation's end, far away, freed) could be live host memory of this
  // process, and setting it would be the fuzzer's own overrun.
  const auto p = reinterpret_cast<uintptr_t>(dst.p);
  const auto hostA = reinterpret_cast<uintptr_t>(gHostA);
  if (p >= hostA && p < hostA + kHostBytes) {
    const size_t room = hostA + kHostBytes - p;
    maxCount = std::min(maxCount, room);
    count = std::min(count, room);
  } else if (dst.p != nullptr &&
             !asctwin::device::DeviceMemory::instance().isDevicePointer(dst.p)) {
    dst.p = nullptr;
  }
  const int32_t value = in.ConsumeIntegral<int32_t>();
  const bool async = in.ConsumeBool();
  asctwin::clearLastError();
  int rc;
  if (async) {
    rc = aclrtMemsetAsync(dst.p, maxCount, value, count, gStream);
    FUZZ_CHECK_MESSAGE(rc, "aclrtMemsetAsync");
    const int sync = aclrtSynchronizeStream(gStream);
    FUZZ_CHECK(rc != ACL_SUCCESS || sync == ACL_SUCCESS, "accepted async set failed: %s",
               aclGetRecentErrMsg());
  } else {
    rc = aclrtMemset(dst.p, maxCount, value, count);
    FUZZ_CHECK_MESSAGE(rc, "aclrtMemset");
  }
  if (rc == ACL_SUCCESS && count > 0) {
    FUZZ_CHECK(count <= maxCount, "accepted count %zu > maxCount %zu", count, maxCount);
    std::vector<unsigned char> out(count);
    // aclrtMemset takes writable host memory as well: the address tells.
    FUZZ_CHECK(aclrtMemcpy(out.data(), count, dst.p, count, ACL_MEMCPY_DEFAULT) == ACL_SUCCESS,
               "read back: %s", aclGetRecentErrMsg());
    for (unsigned char b : out)
      FUZZ_CHECK(b == static_cast<unsigned char>(value & 0xFF), "memset byte");
  }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  if (aclInit(nullptr) != ACL_SUCCESS || aclrtSetDevice(0) != ACL_SUCCESS ||
      aclrtCreateStream(&gStream) != ACL_SUCCESS)
    std::abort();
  warmUpAllocator();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  asctwinMemStats before{};
  asctwinMemGetStats(0, &before);
  Allocs a;
  const int n = in.ConsumeIntegralInRange<int>(1, 3);
  for (int i = 0; i < n; ++i) {
    const size_t bytes = in.ConsumeIntegralInRange<size_t>(1, 4096);
    void* p = nullptr;
    FUZZ_CHECK(aclrtMalloc(&p, bytes, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS, "malloc: %s",
               aclGetRecentErrMsg());
    a.live.push_back(p);
    a.sizes.push_back(bytes);
  }
  // One more, freed at once: a dangling device pointer.
  FUZZ_CHECK(aclrtMalloc(&a.freed, 256, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS, "malloc");
  FUZZ_CHECK(aclrtFree(a.freed) == ACL_SUCCESS, "free");

  const int ops = in.ConsumeIntegralInRange<int>(1, 8);
  for (int i = 0; i < ops && in.remaining_bytes() > 0; ++i) {
    if (in.ConsumeIntegralInRange<int>(0, 3) == 0)
      oneSet(in, a);
    else
      oneCopy(in, a);
  }

  FUZZ_CHECK(asctwinMemCheckRedZones() == ACL_SUCCESS, "a red zone was written: %s",
             aclGetRecentErrMsg());
  for (void* p : a.live) FUZZ_CHECK(aclrtFree(p) == ACL_SUCCESS, "free: %s", aclGetRecentErrMsg());
  asctwinMemStats after{};
  asctwinMemGetStats(0, &after);
  FUZZ_CHECK(after.liveAllocations == before.liveAllocations, "device allocations leaked");
  return 0;
}
