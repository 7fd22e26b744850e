// libFuzzer target over aclCreateTensor (and aclCreateScalar/aclCreateIntArray)
// arguments: ranks, dims, strides, offsets, types, formats, storage shapes and
// data pointers inside, around and outside live device allocations.
// Properties: no crash, no sanitizer report, no leak; a rejected call returns
// null with a message; an accepted tensor satisfies the documented invariants
// and is destroyed exactly once.
#include <fuzzer/FuzzedDataProvider.h>

#include <cstdint>
#include <vector>

#include "acl/int_array.h"
#include "acl/scalar.h"
#include "acl/tensor.h"
#include "common/error_message.h"
#include "device/allocator.h"
#include "fuzz_util.h"

namespace {

constexpr size_t kMaxArray = 32;
std::vector<void*> gDevice;  // live device allocations (process lifetime)
void* gFreed = nullptr;      // a device pointer freed at start-up
alignas(64) unsigned char gHost[4096];

int64_t interestingInt(FuzzedDataProvider& in) {
  static const int64_t kValues[] = {0,
                                    1,
                                    2,
                                    3,
                                    4,
                                    7,
                                    8,
                                    16,
                                    31,
                                    32,
                                    1000,
                                    -1,
                                    -2,
                                    INT64_MAX,
                                    INT64_MIN,
                                    INT64_MAX / 2,
                                    int64_t{1} << 31,
                                    int64_t{1} << 40,
                                    int64_t{1} << 62};
  if (in.ConsumeBool()) return in.PickValueInArray(kValues);
  return in.ConsumeIntegralInRange<int64_t>(-4, 64);
}

void fillArray(FuzzedDataProvider& in, int64_t* out) {
  for (size_t i = 0; i < kMaxArray; ++i) out[i] = in.remaining_bytes() ? interestingInt(in) : 1;
}

uint64_t arrayCount(FuzzedDataProvider& in) {
  if (in.ConsumeIntegralInRange<int>(0, 15) == 0)
    return in.ConsumeBool() ? uint64_t{1} << 40 : UINT64_MAX;  // rejected before any read
  return in.ConsumeIntegralInRange<uint64_t>(0, kMaxArray);
}

void* chooseData(FuzzedDataProvider& in) {
  const int what = in.ConsumeIntegralInRange<int>(0, 6);
  const auto base = reinterpret_cast<uintptr_t>(
      gDevice[in.ConsumeIntegralInRange<size_t>(0, gDevice.size() - 1)]);
  switch (what) {
    case 0:
      return nullptr;
    case 1:
      return reinterpret_cast<void*>(base);
    case 2:  // inside or around an allocation (may be outside it)
      return reinterpret_cast<void*>(base + in.ConsumeIntegralInRange<int64_t>(-256, 5000));
    case 3:
      return gHost + in.ConsumeIntegralInRange<size_t>(0, sizeof gHost - 1);
    case 4:
      return gFreed;
    case 5:  // an arbitrary address (never dereferenced by aclCreateTensor)
      return reinterpret_cast<void*>(in.ConsumeIntegral<uintptr_t>());
    default:
      return reinterpret_cast<void*>(base + 64);
  }
}

void checkTensor(const aclTensor* t) {
  using asctwin::acl::kMaxTensorRank;
  FUZZ_CHECK(t->rank() <= kMaxTensorRank && t->storageDims.size() <= kMaxTensorRank, "rank");
  FUZZ_CHECK(t->strides.size() == t->rank(), "one stride per dim");
  FUZZ_CHECK(t->offset >= 0, "offset %lld", static_cast<long long>(t->offset));
  for (size_t i = 0; i < t->rank(); ++i)
    FUZZ_CHECK(t->viewDims[i] >= 0 && t->strides[i] >= 0, "dim/stride %zu", i);
  FUZZ_CHECK(t->elementSize() > 0, "element size");
  if (t->numel() > 0)
    FUZZ_CHECK(t->maxReachableIndex() < t->storageNumel(), "view reaches %lld of %lld",
               static_cast<long long>(t->maxReachableIndex()),
               static_cast<long long>(t->storageNumel()));
  if (t->dataOnDevice)
    FUZZ_CHECK(asctwin::device::DeviceMemory::instance()
                   .checkRange(t->data, t->storageBytes(), "tensorData")
                   .isOk(),
               "device storage outside its allocation");
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  aclInit(nullptr);
  aclrtSetDevice(0);
  for (size_t size : {64u, 1000u, 4096u}) {
    void* p = nullptr;
    if (aclrtMalloc(&p, size, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS) gDevice.push_back(p);
  }
  if (aclrtMalloc(&gFreed, 512, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS) aclrtFree(gFreed);
  if (gDevice.empty()) std::abort();
  warmUpAllocator();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  const size_t liveBefore = asctwin::acl::liveTensorCount();

  int64_t view[kMaxArray], strides[kMaxArray], storage[kMaxArray];
  const uint64_t viewNum = arrayCount(in);
  fillArray(in, view);
  const bool nullView = in.ConsumeIntegralInRange<int>(0, 7) == 0;
  const bool nullStrides = in.ConsumeBool();
  fillArray(in, strides);
  const int64_t offset = interestingInt(in);
  const int dtype = in.ConsumeIntegralInRange<int>(-2, 40);
  const int format = in.ConsumeIntegralInRange<int>(-2, 40);
  const uint64_t storageNum = in.ConsumeBool() ? viewNum : arrayCount(in);
  const bool sameStorage = in.ConsumeBool();
  fillArray(in, storage);
  void* tensorData = chooseData(in);

  asctwin::clearLastError();
  aclTensor* t =
      aclCreateTensor(nullView ? nullptr : view, viewNum, static_cast<aclDataType>(dtype),
                      nullStrides ? nullptr : strides, offset, static_cast<aclFormat>(format),
                      sameStorage ? view : storage, storageNum, tensorData);
  if (t == nullptr) {
    FUZZ_CHECK(::takeMessage(), "aclCreateTensor returned null silently");
    FUZZ_CHECK(asctwin::acl::liveTensorCount() == liveBefore, "rejected call registered a tensor");
  } else {
    checkTensor(t);
    FUZZ_CHECK(aclDestroyTensor(t) == ACL_SUCCESS, "destroy: %s", aclGetRecentErrMsg());
    asctwin::clearLastError();
    const int again = aclDestroyTensor(t);  // stale handle: rejected, not freed twice
    FUZZ_CHECK(again == ACL_ERROR_INVALID_PARAM, "second destroy returned %d", again);
    FUZZ_CHECK_MESSAGE(again, "aclDestroyTensor");
  }

  // Scalars and int arrays from the remaining bytes.
  unsigned char value[16] = {};
  const std::vector<uint8_t> raw = in.ConsumeBytes<uint8_t>(16);
  std::memcpy(value, raw.data(), raw.size());
  asctwin::clearLastError();
  aclScalar* s = aclCreateScalar(in.ConsumeBool() ? value : nullptr,
                                 static_cast<aclDataType>(in.ConsumeIntegralInRange<int>(-2, 40)));
  if (s == nullptr) {
    FUZZ_CHECK(std::strlen(aclGetRecentErrMsg()) > 0, "aclCreateScalar returned null silently");
  } else {
    (void)s->toDouble();
    (void)s->toInt64();
    FUZZ_CHECK(aclDestroyScalar(s) == ACL_SUCCESS, "destroy scalar");
  }
  asctwin::clearLastError();
  const uint64_t n = arrayCount(in);
  aclIntArray* a = aclCreateIntArray(in.ConsumeBool() ? view : nullptr, n);
  if (a == nullptr) {
    FUZZ_CHECK(std::strlen(aclGetRecentErrMsg()) > 0, "aclCreateIntArray returned null silently");
  } else {
    FUZZ_CHECK(a->size() == n, "int array size");
    FUZZ_CHECK(aclDestroyIntArray(a) == ACL_SUCCESS, "destroy int array");
  }
  FUZZ_CHECK(asctwin::acl::liveTensorCount() == liveBefore, "tensor leaked");
  return 0;
}
