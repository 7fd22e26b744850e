#include "device_call.h"

#include <cstring>
#include <stdexcept>

#include "aclnn_bernoulli.h"

namespace asctwin::report {
namespace {

[[noreturn]] void fail(const std::string& what, int rc) {
  const char* m = aclGetRecentErrMsg();
  throw std::runtime_error(what + " failed (" + std::to_string(rc) +
                           "): " + (m != nullptr ? m : ""));
}

void check(int rc, const char* what) {
  if (rc != 0) fail(what, rc);
}

}  // namespace

aclrtStream sessionStream() {
  static aclrtStream stream = [] {
    check(aclInit(nullptr), "aclInit");
    check(aclrtSetDevice(0), "aclrtSetDevice");
    aclrtStream s = nullptr;
    check(aclrtCreateStream(&s), "aclrtCreateStream");
    return s;
  }();
  return stream;
}

DeviceTensor::DeviceTensor(aclDataType dtype, const std::vector<int64_t>& dims, size_t width) {
  sessionStream();  // the runtime must be initialised before the first allocation
  bytes_ = width;
  for (int64_t d : dims) bytes_ *= static_cast<uint64_t>(d);
  check(aclrtMalloc(&data_, bytes_, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc(tensor)");
  tensor_ = aclCreateTensor(dims.data(), dims.size(), dtype, nullptr, 0, ACL_FORMAT_ND, dims.data(),
                            dims.size(), data_);
  if (tensor_ == nullptr) {
    aclrtFree(data_);
    fail("aclCreateTensor", -1);
  }
}

DeviceTensor::~DeviceTensor() {
  aclDestroyTensor(tensor_);
  aclrtFree(data_);
}

std::vector<uint8_t> DeviceTensor::download() const {
  std::vector<uint8_t> host(bytes_);
  check(aclrtMemcpy(host.data(), bytes_, data_, bytes_, ACL_MEMCPY_DEVICE_TO_HOST),
        "aclrtMemcpy(device to host)");
  return host;
}

DeviceBuffer::DeviceBuffer(uint64_t bytes) {
  if (bytes > 0) check(aclrtMalloc(&data_, bytes, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
}

DeviceBuffer::~DeviceBuffer() {
  if (data_ != nullptr) aclrtFree(data_);
}

InplaceBernoulli::InplaceBernoulli(const DeviceTensor& t, int path, double prob, int64_t seed,
                                   int64_t offset)
    : t_(t), path_(path), seed_(seed), offset_(offset) {
  // FP64 keeps the user's probability exactly (the operator accepts FP16-FP64).
  prob_ = aclCreateScalar(&prob, ACL_DOUBLE);
  if (prob_ == nullptr) fail("aclCreateScalar", -1);
}

InplaceBernoulli::~InplaceBernoulli() {
  aclDestroyScalar(prob_);
}

aclOpExecutor* InplaceBernoulli::planExecutor(uint64_t* workspace) {
  check(asctwinBernoulliSetPath(path_), "asctwinBernoulliSetPath");
  aclOpExecutor* ex = nullptr;
  check(aclnnInplaceBernoulliGetWorkspaceSize(t_.get(), prob_, seed_, offset_, workspace, &ex),
        "aclnnInplaceBernoulliGetWorkspaceSize");
  return ex;
}

asctwinBernoulliPlanInfo InplaceBernoulli::plan() {
  uint64_t ws = 0;
  aclOpExecutor* ex = planExecutor(&ws);
  asctwinBernoulliPlanInfo info{};
  check(asctwinBernoulliGetLastPlan(&info), "asctwinBernoulliGetLastPlan");
  aclDestroyAclOpExecutor(ex);
  return info;
}

void InplaceBernoulli::run(void* workspace, uint64_t workspaceBytes) {
  uint64_t ws = 0;
  aclOpExecutor* ex = planExecutor(&ws);
  if (ws > workspaceBytes) {
    aclDestroyAclOpExecutor(ex);
    throw std::runtime_error("the workspace grew between calls");
  }
  const aclrtStream stream = sessionStream();
  if (const int rc = aclnnInplaceBernoulli(workspace, ws, ex, stream); rc != 0) {
    aclDestroyAclOpExecutor(ex);  // a rejected execute call leaves it alive
    fail("aclnnInplaceBernoulli", rc);
  }
  check(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream");
}

uint64_t hashBytes(std::span<const uint8_t> bytes) {
  constexpr uint64_t kPrime = 0x100000001b3ull;
  uint64_t h = 0xcbf29ce484222325ull;
  size_t i = 0;
  for (; i + 8 <= bytes.size(); i += 8) {
    uint64_t w;
    std::memcpy(&w, bytes.data() + i, 8);
    h = (h ^ w) * kPrime;
  }
  for (; i < bytes.size(); ++i) h = (h ^ bytes[i]) * kPrime;
  return h;
}

uint64_t countOnes(std::span<const uint8_t> bytes, size_t width, const unsigned char* one) {
  uint64_t ones = 0;
  for (size_t i = 0; i + width <= bytes.size(); i += width)
    ones += std::memcmp(bytes.data() + i, one, width) == 0 ? 1 : 0;
  return ones;
}

}  // namespace asctwin::report
