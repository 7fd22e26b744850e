// Helpers for kernel-twin tests: device buffers and launching with a status.
#pragma once

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "common/error_message.h"
#include "kernel_operator.h"

namespace asctwin::testing {

// A device allocation freed at scope exit.
struct DevBuf {
  void* p = nullptr;
  size_t bytes = 0;
  explicit DevBuf(size_t n) : bytes(n) {
    EXPECT_EQ(aclrtMalloc(&p, n, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  }
  ~DevBuf() {
    if (p) aclrtFree(p);
  }
  DevBuf(const DevBuf&) = delete;
  DevBuf& operator=(const DevBuf&) = delete;
  uint8_t* gm() const { return static_cast<uint8_t*>(p); }
  template <typename T>
  void upload(const std::vector<T>& v) {
    ASSERT_EQ(aclrtMemcpy(p, bytes, v.data(), v.size() * sizeof(T), ACL_MEMCPY_HOST_TO_DEVICE),
              ACL_SUCCESS);
  }
  template <typename T>
  std::vector<T> download(size_t n) const {
    std::vector<T> v(n);
    EXPECT_EQ(aclrtMemcpy(v.data(), n * sizeof(T), p, n * sizeof(T), ACL_MEMCPY_DEVICE_TO_HOST),
              ACL_SUCCESS);
    return v;
  }
  void zero() { ASSERT_EQ(aclrtMemset(p, bytes, 0, bytes), ACL_SUCCESS); }
};

// aclInit + aclrtSetDevice(0) once per test binary.
class KernelTest : public ::testing::Test {
 public:
  static void SetUpTestSuite() {
    static bool once = [] {
      aclInit(nullptr);
      aclrtSetDevice(0);
      return true;
    }();
    (void)once;
  }
  static LaunchOptions vec(uint32_t blocks, const char* name = "k") {
    LaunchOptions o;
    o.spec = KernelSpec{KernelKind::Vector, 0, 0};
    o.numBlocks = blocks;
    o.name = name;
    return o;
  }
  static LaunchOptions cube(uint32_t blocks, const char* name = "k") {
    LaunchOptions o = vec(blocks, name);
    o.spec = KernelSpec{KernelKind::Cube, 0, 0};
    return o;
  }
  static LaunchOptions mix(uint32_t blocks, const char* name = "k") {
    LaunchOptions o = vec(blocks, name);
    o.spec = KernelSpec{KernelKind::Mix, 1, 2};
    return o;
  }
  // The recorded message, read without taking it (aclGetRecentErrMsg takes
  // it, as documented, and the tests look at one failure's message several
  // times).
  static std::string lastError() {
    const char* m = asctwin::lastErrorMessage();
    return m ? m : "";
  }
};

}  // namespace asctwin::testing
