// Host side shared by the checker corpus: device setup, device buffers and
// result reading. Each corpus program is a small complete CANN program (host
// main + Ascend C kernel) with a planted bug or, for the correct twins, none.
// The expectations for asctwin-sanitizer are in each source's comments:
//   // expect: <tool> <kind>      (one line per expected finding; "none" for
//                                  a correct program)
//   // site: first [kind]         (end of line: the line the finding's first
//   // site: second [kind]         side must name; a kind restricts the marker)
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "acl/acl.h"

#define CORPUS_CHECK(expr)                                                            \
  do {                                                                                \
    const aclError rc_ = (expr);                                                      \
    if (rc_ != ACL_SUCCESS) {                                                         \
      std::fprintf(stderr, "%s failed: %d (%s)\n", #expr, rc_, aclGetRecentErrMsg()); \
      std::exit(1);                                                                   \
    }                                                                                 \
  } while (0)

namespace corpus {

// One device and stream for the program; buffers are freed at the end.
class Device {
 public:
  Device() {
    CORPUS_CHECK(aclInit(nullptr));
    CORPUS_CHECK(aclrtSetDevice(0));
    CORPUS_CHECK(aclrtCreateStream(&stream_));
  }
  Device(const Device&) = delete;
  Device& operator=(const Device&) = delete;

  aclrtStream stream() const { return stream_; }

  // Device memory left as the allocator hands it out (never written).
  uint8_t* raw(size_t bytes) {
    void* p = nullptr;
    CORPUS_CHECK(aclrtMalloc(&p, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    buffers_.push_back(p);
    return static_cast<uint8_t*>(p);
  }
  // Device memory holding a copy of `host`.
  template <typename T>
  uint8_t* upload(const std::vector<T>& host) {
    const size_t bytes = host.size() * sizeof(T);
    uint8_t* p = raw(bytes);
    CORPUS_CHECK(aclrtMemcpy(p, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE));
    return p;
  }
  // Device memory set to zero bytes.
  uint8_t* zeros(size_t bytes) {
    uint8_t* p = raw(bytes);
    CORPUS_CHECK(aclrtMemset(p, bytes, 0, bytes));
    return p;
  }
  template <typename T>
  std::vector<T> download(const uint8_t* p, size_t count) {
    std::vector<T> host(count);
    CORPUS_CHECK(aclrtMemcpy(host.data(), count * sizeof(T), p, count * sizeof(T),
                             ACL_MEMCPY_DEVICE_TO_HOST));
    return host;
  }
  void sync() { CORPUS_CHECK(aclrtSynchronizeStream(stream_)); }

  // Prints the verdict and releases everything; returns the exit status
  // (0 when the result is right).
  int finish(const char* name, bool ok) {
    std::printf("%s: %s\n", name, ok ? "PASS" : "FAIL");
    for (void* p : buffers_) CORPUS_CHECK(aclrtFree(p));
    CORPUS_CHECK(aclrtDestroyStream(stream_));
    CORPUS_CHECK(aclrtResetDevice(0));
    CORPUS_CHECK(aclFinalize());
    return ok ? 0 : 2;
  }

 private:
  aclrtStream stream_ = nullptr;
  std::vector<void*> buffers_;
};

// Inputs 0, 1, 2, ... as floats.
inline std::vector<float> iota(size_t n) {
  std::vector<float> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = static_cast<float>(i);
  return v;
}

}  // namespace corpus
