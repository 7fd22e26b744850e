#include "kernel_scan.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "test_support.h"
#include "tokenizer.h"

namespace asctwin::asc {
namespace {

KernelTable kernelsOf(std::string_view src, Diagnostics* errors = nullptr) {
  Diagnostics local;
  Diagnostics& e = errors != nullptr ? *errors : local;
  KernelTable table = findKernels(src, tokenize(src).code, e);
  if (errors == nullptr) {
    EXPECT_TRUE(local.empty()) << local.front().message;
  }
  return table;
}

std::string specOf(std::string_view src, std::string_view name) {
  const KernelTable table = kernelsOf(src);
  const auto it = table.find(name);
  return it == table.end() ? "<none>" : kernelSpecExpression(it->second);
}

constexpr std::string_view kVector = "::asctwin::KernelSpec{::asctwin::KernelKind::Vector, 0, 0}";
constexpr std::string_view kCube = "::asctwin::KernelSpec{::asctwin::KernelKind::Cube, 0, 0}";
constexpr std::string_view kMix12 = "::asctwin::KernelSpec{::asctwin::KernelKind::Mix, 1, 2}";

TEST(KernelScan, QualifiersInAnyOrder) {
  EXPECT_EQ(specOf("extern \"C\" __global__ __aicore__ __vector__ void k(GM_ADDR x) {}", "k"),
            kVector);
  EXPECT_EQ(specOf("__vector__ __aicore__ __global__ void k(GM_ADDR x);", "k"), kVector);
  EXPECT_EQ(specOf("__global__ __cube__ void k(GM_ADDR x) {}", "k"), kCube);
  EXPECT_EQ(specOf("__aicore__ __cube__ inline __global__ void k(int) {}", "k"), kCube);
  EXPECT_EQ(specOf("__global__ __mix__(1, 2) void k(GM_ADDR a, GM_ADDR c, uint32_t n) {}", "k"),
            kMix12);
  EXPECT_EQ(specOf("__mix__(1,2) extern \"C\" __global__ __aicore__ void k() {}", "k"), kMix12);
  EXPECT_EQ(specOf("__global__ __mix__(\n  1,\n  2\n) void k() {}", "k"), kMix12);
  EXPECT_EQ(specOf("__global__ __mix__(AIC_N, (1 + 1)) void k() {}", "k"),
            "::asctwin::KernelSpec{::asctwin::KernelKind::Mix, AIC_N, (1 + 1)}");
}

TEST(KernelScan, GlobalWithoutAKindIsAVectorKernel) {
  EXPECT_EQ(specOf("extern \"C\" __global__ __aicore__ void k(GM_ADDR x) {}", "k"), kVector);
}

TEST(KernelScan, TemplatesNamespacesAndBlocks) {
  const KernelTable t = kernelsOf(
      "template <typename T, int N = sizeof(T) * (1 + 1)>\n"
      "__global__ __aicore__ __cube__ void tk(GM_ADDR p) {}\n"
      "template <> __global__ __aicore__ __cube__ void tk<float, 8>(GM_ADDR p) {}\n"
      "namespace a { namespace b { __global__ __vector__ void nk(GM_ADDR p); } }\n"
      "extern \"C\" { __global__ __vector__ void ck(GM_ADDR p) {} }\n"
      "__global__ [[gnu::section(\".k\")]] __vector__ void ak(int) {}\n"
      "__global__ __attribute__((noinline)) __vector__ void bk(int) {}\n"
      "__global__ __vector__ decltype(auto) dk(int) { return; }\n"
      "__global__ __vector__ void a::b::qk(GM_ADDR p) {}\n");
  for (const char* name : {"tk", "nk", "ck", "ak", "bk", "dk", "qk"}) {
    EXPECT_EQ(t.count(name), 1u) << name;
  }
  EXPECT_EQ(t.size(), 7u);
  EXPECT_EQ(t.at("tk").kind, KernelKind::Cube);
  EXPECT_EQ(t.at("tk").line, 2u);
  EXPECT_EQ(t.at("tk").column, 37u);
}

TEST(KernelScan, OnlyGlobalDeclarationsAreKernels) {
  const KernelTable t = kernelsOf(
      "__aicore__ __vector__ inline void helper(GM_ADDR x) {}\n"
      "// __global__ __vector__ void commented(int);\n"
      "const char* s = \"__global__ void quoted(int);\";\n"
      "#define DECLARE __global__ __vector__ void macro_kernel(int)\n"
      "int __global__;\n"
      "void f() { int x = __global__ + 1; }\n");
  EXPECT_TRUE(t.empty());
}

TEST(KernelScan, DeclarationThenDefinition) {
  const KernelTable t = kernelsOf(
      "extern \"C\" __global__ __aicore__ __mix__(1, 2) void k(GM_ADDR a);\n"
      "extern \"C\" __global__ __aicore__ __mix__(1, 2) void k(GM_ADDR a) {}\n");
  ASSERT_EQ(t.size(), 1u);
  EXPECT_EQ(t.at("k").line, 1u);
  EXPECT_EQ(t.at("k").mixAic, "1");
  EXPECT_EQ(t.at("k").mixAiv, "2");
}

TEST(KernelScan, Errors) {
  using test::errorsOf;
  EXPECT_EQ(
      errorsOf("__global__ __vector__ __cube__ void k(int);"),
      "test.asc:1:23: error: conflicting kernel kind qualifiers '__vector__' and '__cube__'\n");
  EXPECT_EQ(errorsOf("__global__ __mix__(1, 2) __mix__(1, 1) void k(int);"),
            "test.asc:1:26: error: conflicting kernel kind qualifiers '__mix__(1, 2)' and "
            "'__mix__(1, 1)'\n");
  EXPECT_EQ(errorsOf("__global__ __vector__ __vector__ void k(int);"), "");
  const std::string mixUsage =
      "error: '__mix__' takes two arguments: __mix__(aicRatio, aivRatio)\n";
  EXPECT_EQ(errorsOf("__global__ __mix__(1) void k(int);"), "test.asc:1:12: " + mixUsage);
  EXPECT_EQ(errorsOf("__global__ __mix__(1, ) void k(int);"), "test.asc:1:12: " + mixUsage);
  EXPECT_EQ(errorsOf("__global__ __mix__(1, 2, 3) void k(int);"), "test.asc:1:12: " + mixUsage);
  EXPECT_EQ(errorsOf("__mix__ __global__ void k(int);"), "test.asc:1:1: " + mixUsage);
  EXPECT_EQ(errorsOf("__global__ __vector__ void k(int);\n\n__global__ __cube__ void k(int) {}"),
            "test.asc:3:26: error: kernel 'k' redeclared as __cube__; it was declared as "
            "__vector__ at line 1\n");
  EXPECT_EQ(
      errorsOf("__global__ __mix__(1, 2) void k(int);\n__global__ __mix__(1, 1) void k(int);"),
      "test.asc:2:31: error: kernel 'k' redeclared as __mix__(1, 1); it was declared as "
      "__mix__(1, 2) at line 1\n");
}

}  // namespace
}  // namespace asctwin::asc
