// The clean-kernel side of the checker matrix: runs one operator call through
// the C API so that asctwin-sanitizer can watch its kernels.
//
//   checker_clean_ops bernoulli <dtype> <layout> [prob]
//     dtype: float16 float32 float64 bfloat16 uint8 int8 int16 int32 int64 bool
//     layout:
//       alias    aclnnBernoulli, dense [37, 129] out: the alias plan (mask in out)
//       waves    aclnnInplaceBernoulli, dense [40000] on a 4-core SoC with a
//                32 KiB UB: the alias plan in several high-to-low waves per core
//       strided  aclnnBernoulli into a non-contiguous view [16, 24] (row
//                stride 40, offset 83) of a [20, 40] storage: the fallback
//                plan (own mask, temporary, ViewCopy); every other byte of
//                the storage must stay as it was
//       transposed aclnnInplaceBernoulli on a transposed view [24, 33] (strides
//                [1, 24]) of a [33, 24] storage: the fallback plan in place
//       offset   aclnnBernoulli into a contiguous [300] view at element 50 of
//                a [400] storage: the fallback plan (no alias: the view does
//                not cover its storage), guards intact
//       rank8    aclnnBernoulli, dense 8-d [2, 3, 2, 5, 2, 3, 2, 7]: alias plan
//       scalar   aclnnInplaceBernoulli on a rank-0 tensor: fallback plan
//       boundary aclnnBernoulli, dense [257]: alias plan, a one-bit mask tail
//       million  aclnnInplaceBernoulli, dense [1000, 1000] on the default
//                40-core SoC: the alias plan, two waves per core
//   checker_clean_ops reduce-sum <0|1>
//     aclnnReduceSum of an FP32 [512, 256] over dim 0 (8 groups, float atomic
//     adds) with ACL_OPT_DETERMINISTIC = the argument.
//
// Exit status 0 when the call succeeds and the result is right (values 0 or
// 1 in the dtype's encoding, the expected plan, guards intact; sums exact),
// 1 on an API error, 2 on a wrong result.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "aclnnop/aclnn_bernoulli.h"
#include "aclnnop/aclnn_reduce_sum.h"
#include "asctwin/asctwin_bernoulli.h"
#include "asctwin/asctwin_ext.h"

namespace {

#define OPS_CHECK(expr)                                                      \
  do {                                                                       \
    if ((expr) != 0) {                                                       \
      std::fprintf(stderr, "%s failed (%s)\n", #expr, aclGetRecentErrMsg()); \
      std::exit(1);                                                          \
    }                                                                        \
  } while (0)

struct DtypeInfo {
  const char* name;
  aclDataType dtype;
  size_t bytes;
  uint64_t one;  // the encoding of 1 (little endian, low `bytes` bytes)
};

constexpr DtypeInfo kDtypes[] = {
    {"float16", ACL_FLOAT16, 2, 0x3C00},
    {"float32", ACL_FLOAT, 4, 0x3F800000},
    {"float64", ACL_DOUBLE, 8, 0x3FF0000000000000},
    {"bfloat16", ACL_BF16, 2, 0x3F80},
    {"uint8", ACL_UINT8, 1, 1},
    {"int8", ACL_INT8, 1, 1},
    {"int16", ACL_INT16, 2, 1},
    {"int32", ACL_INT32, 4, 1},
    {"int64", ACL_INT64, 8, 1},
    {"bool", ACL_BOOL, 1, 1},
};
constexpr uint8_t kGuard = 0xA5;

const DtypeInfo* findDtype(const std::string& name) {
  for (const DtypeInfo& d : kDtypes)
    if (name == d.name) return &d;
  return nullptr;
}

struct Layout {
  std::vector<int64_t> dims, strides, storage;
  int64_t offset = 0;
  bool inplace = false;
  int expectedPlan = ASCTWIN_BERNOULLI_PLAN_ALIAS;
};

bool layoutFor(const std::string& name, Layout& l) {
  if (name == "alias") {
    l.dims = {37, 129};
  } else if (name == "waves") {
    l.dims = {40000};
    l.inplace = true;
  } else if (name == "strided") {
    l.dims = {16, 24};
    l.strides = {40, 1};
    l.offset = 2 * 40 + 3;
    l.storage = {20, 40};
    l.expectedPlan = ASCTWIN_BERNOULLI_PLAN_FALLBACK;
  } else if (name == "transposed") {
    l.dims = {24, 33};
    l.strides = {1, 24};
    l.storage = {33, 24};
    l.inplace = true;
    l.expectedPlan = ASCTWIN_BERNOULLI_PLAN_FALLBACK;
  } else if (name == "offset") {
    l.dims = {300};
    l.strides = {1};
    l.offset = 50;
    l.storage = {400};
    l.expectedPlan = ASCTWIN_BERNOULLI_PLAN_FALLBACK;
  } else if (name == "rank8") {
    l.dims = {2, 3, 2, 5, 2, 3, 2, 7};  // the operator's largest rank
  } else if (name == "scalar") {
    l.inplace = true;  // rank 0: one element, too small for the alias tiling
    l.expectedPlan = ASCTWIN_BERNOULLI_PLAN_FALLBACK;
  } else if (name == "boundary") {
    l.dims = {257};  // one past a 256-element tile; the mask's last byte holds one bit
  } else if (name == "million") {
    l.dims = {1000, 1000};
    l.inplace = true;
  } else {
    return false;
  }
  if (l.strides.empty()) {
    l.strides.assign(l.dims.size(), 1);
    for (size_t k = l.dims.size(); k > 1; --k) l.strides[k - 2] = l.strides[k - 1] * l.dims[k - 1];
    l.storage = l.dims;
  }
  return true;
}

int64_t product(const std::vector<int64_t>& v) {
  int64_t n = 1;
  for (int64_t x : v) n *= x;
  return n;
}

void* deviceAlloc(size_t bytes) {
  void* p = nullptr;
  OPS_CHECK(aclrtMalloc(&p, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
  return p;
}

int runBernoulli(const DtypeInfo& d, const std::string& layoutName, double prob) {
  Layout l;
  if (!layoutFor(layoutName, l)) {
    std::fprintf(stderr, "unknown layout %s\n", layoutName.c_str());
    return 1;
  }
  // The waves layout shrinks the SoC so that a small tensor needs several
  // tiles per core (the multi-wave aliased kernel) at a CI-friendly size.
  if (layoutName == "waves") {
    OPS_CHECK(asctwinSocSetField("aivCores", 4));
    OPS_CHECK(asctwinSocSetField("ubBytes", 32 * 1024));
  }
  OPS_CHECK(aclInit(nullptr));
  OPS_CHECK(aclrtSetDevice(0));
  aclrtStream stream = nullptr;
  OPS_CHECK(aclrtCreateStream(&stream));

  const int64_t n = product(l.dims);
  const size_t storageBytes = static_cast<size_t>(product(l.storage)) * d.bytes;
  std::vector<uint8_t> host(storageBytes, kGuard);
  void* outData = deviceAlloc(storageBytes);
  OPS_CHECK(
      aclrtMemcpy(outData, storageBytes, host.data(), storageBytes, ACL_MEMCPY_HOST_TO_DEVICE));
  aclTensor* out =
      aclCreateTensor(l.dims.data(), l.dims.size(), d.dtype, l.strides.data(), l.offset,
                      ACL_FORMAT_ND, l.storage.data(), l.storage.size(), outData);
  void* selfData = nullptr;
  aclTensor* self = out;
  if (!l.inplace) {
    const size_t selfBytes = static_cast<size_t>(n) * d.bytes;
    selfData = deviceAlloc(selfBytes);
    OPS_CHECK(aclrtMemset(selfData, selfBytes, 0, selfBytes));
    std::vector<int64_t> dense(l.dims.size(), 1);
    for (size_t k = l.dims.size(); k > 1; --k) dense[k - 2] = dense[k - 1] * l.dims[k - 1];
    self = aclCreateTensor(l.dims.data(), l.dims.size(), d.dtype, dense.data(), 0, ACL_FORMAT_ND,
                           l.dims.data(), l.dims.size(), selfData);
  }
  float p = static_cast<float>(prob);
  aclScalar* probScalar = aclCreateScalar(&p, ACL_FLOAT);
  if (out == nullptr || self == nullptr || probScalar == nullptr) {
    std::fprintf(stderr, "creating the operands failed (%s)\n", aclGetRecentErrMsg());
    return 1;
  }
  uint64_t wsSize = 0;
  aclOpExecutor* executor = nullptr;
  if (l.inplace) {
    OPS_CHECK(
        aclnnInplaceBernoulliGetWorkspaceSize(out, probScalar, 20260725, 4, &wsSize, &executor));
  } else {
    OPS_CHECK(
        aclnnBernoulliGetWorkspaceSize(self, probScalar, 20260725, 4, out, &wsSize, &executor));
  }
  asctwinBernoulliPlanInfo plan{};
  OPS_CHECK(asctwinBernoulliGetLastPlan(&plan));
  void* ws = wsSize > 0 ? deviceAlloc(wsSize) : nullptr;
  if (l.inplace) {
    OPS_CHECK(aclnnInplaceBernoulli(ws, wsSize, executor, stream));
  } else {
    OPS_CHECK(aclnnBernoulli(ws, wsSize, executor, stream));
  }
  OPS_CHECK(aclrtSynchronizeStream(stream));
  OPS_CHECK(
      aclrtMemcpy(host.data(), storageBytes, outData, storageBytes, ACL_MEMCPY_DEVICE_TO_HOST));

  // Every view element is 0 or 1; every other storage byte is the guard.
  std::vector<bool> inView(static_cast<size_t>(product(l.storage)), false);
  int64_t ones = 0, bad = 0;
  std::vector<int64_t> idx(l.dims.size(), 0);
  for (int64_t e = 0; e < n; ++e) {
    int64_t at = l.offset;
    for (size_t k = 0; k < idx.size(); ++k) at += idx[k] * l.strides[k];
    inView[static_cast<size_t>(at)] = true;
    uint64_t v = 0;
    std::memcpy(&v, host.data() + static_cast<size_t>(at) * d.bytes, d.bytes);
    if (v == d.one) {
      ++ones;
    } else if (v != 0) {
      ++bad;
    }
    for (size_t k = idx.size(); k-- > 0;) {
      if (++idx[k] < l.dims[k]) break;
      idx[k] = 0;
    }
  }
  for (size_t at = 0; at < inView.size(); ++at)
    if (!inView[at])
      for (size_t b = 0; b < d.bytes; ++b) bad += host[at * d.bytes + b] != kGuard;
  // Both values must appear (p = 0.5), except in a one-element tensor.
  const bool ok = bad == 0 && plan.plan == l.expectedPlan && (n < 2 || (ones > 0 && ones < n));
  std::printf("bernoulli %s %s: plan %s, %u blocks, %lld elements, %lld ones, %lld bad: %s\n",
              d.name, layoutName.c_str(), asctwinBernoulliPlanName(plan.plan), plan.blockDim,
              static_cast<long long>(n), static_cast<long long>(ones), static_cast<long long>(bad),
              ok ? "PASS" : "FAIL");

  aclDestroyScalar(probScalar);
  if (!l.inplace) aclDestroyTensor(self);
  aclDestroyTensor(out);
  if (ws != nullptr) OPS_CHECK(aclrtFree(ws));
  if (selfData != nullptr) OPS_CHECK(aclrtFree(selfData));
  OPS_CHECK(aclrtFree(outData));
  OPS_CHECK(aclrtDestroyStream(stream));
  OPS_CHECK(aclrtResetDevice(0));
  OPS_CHECK(aclFinalize());
  return ok ? 0 : 2;
}

int runReduceSum(int deterministic) {
  constexpr int64_t rows = 512, cols = 256;
  OPS_CHECK(aclInit(nullptr));
  OPS_CHECK(aclrtSetDevice(0));
  OPS_CHECK(aclrtSetSysParamOpt(ACL_OPT_DETERMINISTIC, deterministic));
  aclrtStream stream = nullptr;
  OPS_CHECK(aclrtCreateStream(&stream));
  // Small integers: every partial sum is exact, so the right answer is known
  // whatever the order (the order is the checker's business here).
  std::vector<float> x(static_cast<size_t>(rows * cols));
  for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>(static_cast<int>(i % 7) - 3);
  const size_t inBytes = x.size() * sizeof(float), outBytes = cols * sizeof(float);
  void* inData = deviceAlloc(inBytes);
  void* outData = deviceAlloc(outBytes);
  OPS_CHECK(aclrtMemcpy(inData, inBytes, x.data(), inBytes, ACL_MEMCPY_HOST_TO_DEVICE));
  const int64_t inDims[2] = {rows, cols}, inStrides[2] = {cols, 1};
  const int64_t outDims[1] = {cols}, outStrides[1] = {1};
  aclTensor* self =
      aclCreateTensor(inDims, 2, ACL_FLOAT, inStrides, 0, ACL_FORMAT_ND, inDims, 2, inData);
  aclTensor* out =
      aclCreateTensor(outDims, 1, ACL_FLOAT, outStrides, 0, ACL_FORMAT_ND, outDims, 1, outData);
  const int64_t reduced[1] = {0};
  aclIntArray* dim = aclCreateIntArray(reduced, 1);
  if (self == nullptr || out == nullptr || dim == nullptr) {
    std::fprintf(stderr, "creating the operands failed (%s)\n", aclGetRecentErrMsg());
    return 1;
  }
  uint64_t wsSize = 0;
  aclOpExecutor* executor = nullptr;
  OPS_CHECK(aclnnReduceSumGetWorkspaceSize(self, dim, false, ACL_FLOAT, out, &wsSize, &executor));
  void* ws = wsSize > 0 ? deviceAlloc(wsSize) : nullptr;
  OPS_CHECK(aclnnReduceSum(ws, wsSize, executor, stream));
  OPS_CHECK(aclrtSynchronizeStream(stream));
  std::vector<float> got(cols);
  OPS_CHECK(aclrtMemcpy(got.data(), outBytes, outData, outBytes, ACL_MEMCPY_DEVICE_TO_HOST));
  int64_t bad = 0;
  for (int64_t c = 0; c < cols; ++c) {
    double want = 0;
    for (int64_t r = 0; r < rows; ++r)
      want += static_cast<double>(x[static_cast<size_t>(r * cols + c)]);
    bad += static_cast<double>(got[static_cast<size_t>(c)]) != want;
  }
  std::printf("reduce-sum deterministic=%d: %lld wrong sums: %s\n", deterministic,
              static_cast<long long>(bad), bad == 0 ? "PASS" : "FAIL");
  aclDestroyIntArray(dim);
  aclDestroyTensor(self);
  aclDestroyTensor(out);
  if (ws != nullptr) OPS_CHECK(aclrtFree(ws));
  OPS_CHECK(aclrtFree(inData));
  OPS_CHECK(aclrtFree(outData));
  OPS_CHECK(aclrtDestroyStream(stream));
  OPS_CHECK(aclrtResetDevice(0));
  OPS_CHECK(aclFinalize());
  return bad == 0 ? 0 : 2;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string op = argc > 1 ? argv[1] : "";
  if (op == "bernoulli" && (argc == 4 || argc == 5)) {
    const DtypeInfo* d = findDtype(argv[2]);
    if (d == nullptr) {
      std::fprintf(stderr, "unknown dtype %s\n", argv[2]);
      return 1;
    }
    return runBernoulli(*d, argv[3], argc == 5 ? std::atof(argv[4]) : 0.35);
  }
  if (op == "reduce-sum" && argc == 3) return runReduceSum(std::atoi(argv[2]));
  std::fprintf(stderr,
               "usage: %s bernoulli <dtype> "
               "<alias|waves|strided|transposed|offset|rank8|scalar|boundary|million> [prob]\n"
               "       %s reduce-sum <0|1>\n",
               argv[0], argv[0]);
  return 1;
}
