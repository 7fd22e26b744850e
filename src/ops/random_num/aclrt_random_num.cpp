// aclrtRandomNumAsync (acl/acl_rt.h): validation of the task description,
// then a stream task that reads the parameters given by address and the
// counter, generates the numbers (random_num_rules.h) into the result memory
// and advances the counter.
#include <cmath>
#include <cstring>

#include "acl/acl_rt.h"
#include "acl/c_boundary.h"
#include "acl/dtype.h"
#include "acl/memory.h"
#include "acl/runtime.h"
#include "device/allocator.h"
#include "ops/random_num/random_num_rules.h"

using asctwin::invalidParam;
using asctwin::Status;
namespace rn = asctwin::ops::random_num;

namespace {

bool allowedType(int t) {
  return t == ACL_INT32 || t == ACL_INT64 || t == ACL_UINT32 || t == ACL_UINT64 || t == ACL_BF16 ||
         t == ACL_FLOAT16 || t == ACL_FLOAT;
}
bool floatType(int t) {
  return t == ACL_FLOAT || t == ACL_FLOAT16 || t == ACL_BF16;
}

// The bytes of a parameter: the value itself, or (isAddr) `size` bytes read
// from the device address it holds.
Status paramBytes(const aclrtRandomParaInfo& p, const char* name, uint8_t out[8], uint8_t* size) {
  if (p.isAddr > 1) return invalidParam(std::string(name) + ".isAddr must be 0 or 1");
  if (p.size != 1 && p.size != 2 && p.size != 4 && p.size != 8)
    return invalidParam(std::string(name) + ".size must be 1, 2, 4 or 8, got " +
                        std::to_string(p.size));
  std::memset(out, 0, 8);
  *size = p.size;
  if (p.isAddr == 0) {
    std::memcpy(out, p.valueOrAddr, p.size);
    return Status::ok();
  }
  void* addr = nullptr;
  std::memcpy(&addr, p.valueOrAddr, sizeof addr);
  Status s = asctwin::acl::checkDeviceRange(addr, p.size, name,
                                            "isAddr 1: the value is read from device memory");
  if (!s) return s;
  std::memcpy(out, addr, p.size);
  return Status::ok();
}

// A floating parameter in the task's type (FP16/BF16 in 2 bytes, FP32 in 4;
// a non-float task reads 4-byte FP32, 8-byte FP64).
Status floatParam(const aclrtRandomParaInfo& p, const char* name, int dtype, double* v) {
  uint8_t b[8];
  uint8_t size = 0;
  Status s = paramBytes(p, name, b, &size);
  if (!s) return s;
  uint16_t h = 0;
  std::memcpy(&h, b, 2);
  if (size == 2 && dtype == ACL_FLOAT16) {
    *v = static_cast<double>(asctwin::acl::halfToFloat(h));
  } else if (size == 2 && dtype == ACL_BF16) {
    *v = static_cast<double>(asctwin::acl::bf16ToFloat(h));
  } else if (size == 4) {
    float f = 0;
    std::memcpy(&f, b, 4);
    *v = static_cast<double>(f);
  } else if (size == 8) {
    std::memcpy(v, b, 8);
  } else {
    return invalidParam(std::string(name) + ": a " + std::to_string(size) +
                        "-byte value is not a floating value of the task's type");
  }
  if (!std::isfinite(*v)) return invalidParam(std::string(name) + " must be finite");
  return Status::ok();
}

Status intParam(const aclrtRandomParaInfo& p, const char* name, bool isSigned, int64_t* v) {
  uint8_t b[8];
  uint8_t size = 0;
  Status s = paramBytes(p, name, b, &size);
  if (!s) return s;
  uint64_t u = 0;
  std::memcpy(&u, b, 8);
  if (isSigned && size < 8 && (b[size - 1] & 0x80) != 0) u |= ~0ull << (8 * size);  // sign-extend
  *v = static_cast<int64_t>(u);
  return Status::ok();
}

// Everything the task needs, decoded (some values only when it runs).
Status decode(const aclrtRandomNumTaskInfo& info, rn::RandomTask* t) {
  const int dtype = static_cast<int>(info.dataType);
  const auto& fp = info.randomNumFuncParaInfo;
  t->dtype = dtype;
  t->func = static_cast<rn::Func>(fp.funcType);
  int64_t n = 0, seed = 0;
  Status s = intParam(info.randomNum, "randomNum", false, &n);
  if (!s) return s;
  if (n <= 0) return invalidParam("randomNum must be > 0");
  t->count = static_cast<uint64_t>(n);
  s = intParam(info.randomSeed, "randomSeed", false, &seed);
  if (!s) return s;
  t->seed = static_cast<uint64_t>(seed);
  switch (t->func) {
    case rn::Func::kDropoutBitmask: {
      s = floatParam(fp.paramInfo.dropoutBitmaskInfo.dropoutRation, "dropoutRation",
                     floatType(dtype) ? dtype : ACL_FLOAT, &t->ratio);
      if (!s) return s;
      if (t->ratio < 0 || t->ratio > 1) return invalidParam("dropoutRation must be in [0, 1]");
      return Status::ok();
    }
    case rn::Func::kUniform: {
      if (floatType(dtype)) {
        s = floatParam(fp.paramInfo.uniformDisInfo.min, "min", dtype, &t->minF);
        if (!s) return s;
        s = floatParam(fp.paramInfo.uniformDisInfo.max, "max", dtype, &t->maxF);
        if (!s) return s;
        if (!(t->minF < t->maxF)) return invalidParam("uniform min must be less than max");
        return Status::ok();
      }
      const bool isSigned = dtype == ACL_INT32 || dtype == ACL_INT64;
      int64_t lo = 0, hi = 0;
      s = intParam(fp.paramInfo.uniformDisInfo.min, "min", isSigned, &lo);
      if (!s) return s;
      s = intParam(fp.paramInfo.uniformDisInfo.max, "max", isSigned, &hi);
      if (!s) return s;
      const bool less = isSigned ? lo < hi : static_cast<uint64_t>(lo) < static_cast<uint64_t>(hi);
      if (!less) return invalidParam("uniform min must be less than max");
      t->minI = lo;
      t->range = static_cast<uint64_t>(hi) - static_cast<uint64_t>(lo);
      const bool wide = dtype == ACL_INT64 || dtype == ACL_UINT64;
      if (!wide && t->range > 0xFFFFFFFFull) return invalidParam("uniform range exceeds 32 bits");
      return Status::ok();
    }
    case rn::Func::kNormal:
    case rn::Func::kTruncatedNormal: {
      if (!floatType(dtype))
        return invalidParam("normal distributions need a floating dataType (FLOAT, FLOAT16, BF16)");
      double mean = 0, sd = 0;
      s = floatParam(fp.paramInfo.normalDisInfo.mean, "mean", dtype, &mean);
      if (!s) return s;
      s = floatParam(fp.paramInfo.normalDisInfo.stddev, "stddev", dtype, &sd);
      if (!s) return s;
      if (sd < 0) return invalidParam("stddev must be >= 0");
      t->mean = static_cast<float>(mean);
      t->stddev = static_cast<float>(sd);
      return Status::ok();
    }
  }
  return invalidParam("funcType is not an aclrtRandomNumFuncType");
}

// Reads the counter, generates, writes, advances.
Status run(const aclrtRandomNumTaskInfo& info) {
  rn::RandomTask t;
  Status s = decode(info, &t);
  if (!s) return s;
  const uint64_t bytes = rn::resultBytes(t);
  s = asctwin::acl::checkDeviceRange(info.randomResultAddr, bytes, "randomResultAddr",
                                     "the numbers are written to device memory");
  if (!s) return s;
  s = asctwin::acl::checkDeviceRange(info.randomCounterAddr, 16, "randomCounterAddr",
                                     "the 16-byte counter is device memory");
  if (!s) return s;
  auto* counter = static_cast<uint8_t*>(info.randomCounterAddr);
  for (int w = 0; w < 4; ++w) std::memcpy(&t.base[static_cast<size_t>(w)], counter + 4 * w, 4);
  rn::generate(t, info.randomResultAddr);
  const asctwin::dsa::PhiloxCounter next = asctwin::dsa::counterAdd(t.base, rn::blocksConsumed(t));
  for (int w = 0; w < 4; ++w) std::memcpy(counter + 4 * w, &next[static_cast<size_t>(w)], 4);
  auto& memory = asctwin::device::DeviceMemory::instance();
  memory.markWritten(info.randomResultAddr, bytes);
  memory.markWritten(counter, 16);
  return Status::ok();
}

}  // namespace

extern "C" {

aclError aclrtRandomNumAsync(const aclrtRandomNumTaskInfo* taskInfo, aclrtStream stream,
                             void* reserve) {
  return asctwin::acl::guard("aclrtRandomNumAsync", [&] {
    if (taskInfo == nullptr) return invalidParam("taskInfo must not be null");
    if (reserve != nullptr) return invalidParam("reserve must be null");
    const aclrtRandomNumTaskInfo info = *taskInfo;
    const int dtype = static_cast<int>(info.dataType);
    const int func = static_cast<int>(info.randomNumFuncParaInfo.funcType);
    if (func < ACL_RT_RANDOM_NUM_FUNC_TYPE_DROPOUT_BITMASK ||
        func > ACL_RT_RANDOM_NUM_FUNC_TYPE_TRUNCATED_NORMAL_DIS)
      return invalidParam("randomNumFuncParaInfo.funcType is not an aclrtRandomNumFuncType");
    if (func != ACL_RT_RANDOM_NUM_FUNC_TYPE_DROPOUT_BITMASK && !allowedType(dtype))
      return invalidParam(
          "dataType must be one of INT32, INT64, UINT32, UINT64, BF16, FLOAT16, "
          "FLOAT, got " +
          asctwin::acl::dataTypeName(dtype));
    for (uint8_t b : info.rsv)
      if (b != 0) return invalidParam("rsv is reserved and must be all zero");
    if (info.randomResultAddr == nullptr) return invalidParam("randomResultAddr must not be null");
    if (info.randomCounterAddr == nullptr)
      return invalidParam("randomCounterAddr must not be null");
    // Values given directly are checked now; values given by address when
    // the task runs (a failure then is the stream's error).
    const bool byAddress = info.randomNum.isAddr != 0 || info.randomSeed.isAddr != 0;
    if (!byAddress) {
      rn::RandomTask t;
      Status s = decode(info, &t);
      if (!s) return s;
      s = asctwin::acl::checkDeviceRange(info.randomResultAddr, rn::resultBytes(t),
                                         "randomResultAddr",
                                         "the numbers are written to device memory");
      if (!s) return s;
    }
    Status s = asctwin::acl::checkDeviceRange(info.randomCounterAddr, 16, "randomCounterAddr",
                                              "the 16-byte counter is device memory");
    if (!s) return s;
    asctwin::device::Stream* st = nullptr;
    s = asctwin::acl::resolveStream(stream, &st);
    if (!s) return s;
    st->enqueue("RandomNum", [info] { return run(info); });
    return Status::ok();
  });
}

}  // extern "C"
