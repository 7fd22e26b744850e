// The kernel scan (kernel_scan.h): which declarations are kernels, their kind
// from the qualifiers or KERNEL_TASK_TYPE_DEFAULT (API reference, 设置Kernel类型:
// the kernel types and the ones Atlas A2/A3 supports), and how declarations
// of one kernel merge.
#include "kernel_scan.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "test_support.h"
#include "tokenizer.h"

namespace asctwin::asc {
namespace {

using test::errorsOf;
using test::spec;

KernelTable kernelsOf(std::string_view src) {
  Diagnostics errors;
  KernelTable table = findKernels(src, tokenize(src).code, errors);
  EXPECT_TRUE(errors.empty()) << errors.front().message;
  return table;
}

std::string specOf(std::string_view src, std::string_view name) {
  const KernelTable table = kernelsOf(src);
  const auto it = table.byName.find(name);
  return it == table.byName.end() ? "<none>" : kernelSpecExpression(it->second);
}

const std::string kVector = spec("Vector");
const std::string kCube = spec("Cube");
const std::string kAiCore = spec("AiCore");
const std::string kMix12 = spec("Mix", 1, 2);

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
            spec("Mix", "AIC_N", "(1 + 1)"));
  EXPECT_EQ(specOf("__global__ __aicpu__ uint32_t k(Args a) { return 0; }", "k"), spec("AiCpu"));
}

TEST(KernelScan, AGlobalKernelWithoutAKindIsAnAiCoreKernel) {
  EXPECT_EQ(specOf("extern \"C\" __global__ __aicore__ void k(GM_ADDR x) {}", "k"), kAiCore);
  EXPECT_EQ(specOf("__global__ void k() {}", "k"), kAiCore);
}

// CANN's compiler types such a kernel from its code; the twin takes a
// `__kfc_workspace__` parameter (the KFC's Matmul server on the AIC and its
// clients on the AIVs) as MIX 1:2, the A2/A3 default. A kind given otherwise
// stays.
TEST(KernelScan, AnAiCoreKernelWithAKfcWorkspaceIsMix12) {
  EXPECT_EQ(specOf("__global__ __aicore__ void k(GM_ADDR a, __kfc_workspace__ GM_ADDR w) {}", "k"),
            kMix12);
  EXPECT_EQ(specOf("extern \"C\" __global__ __aicore__ void k(__gm__ uint8_t* __kfc_workspace__ "
                   "w, GM_ADDR t);",
                   "k"),
            kMix12);
  EXPECT_EQ(specOf("__global__ __cube__ void k(__kfc_workspace__ GM_ADDR w) {}", "k"), kCube);
  EXPECT_EQ(specOf("__global__ __mix__(1, 1) void k(__kfc_workspace__ GM_ADDR w) {}", "k"),
            spec("Mix", 1, 1));
  EXPECT_EQ(specOf("__global__ __aicore__ void k(__kfc_workspace__ GM_ADDR w) {\n"
                   "  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);\n}\n",
                   "k"),
            kVector);
  EXPECT_EQ(specOf("__global__ __aicore__ void k(GM_ADDR workspace) {}", "k"), kAiCore);
}

TEST(KernelScan, TemplatesNamespacesAttributesAndBlocks) {
  const KernelTable t = kernelsOf(
      "template <typename T, int N = sizeof(T) * (1 + 1)>\n"
      "__global__ __aicore__ __cube__ void tk(GM_ADDR p) {}\n"
      "template <> __global__ __aicore__ __cube__ void tk<float, 8>(GM_ADDR p) {}\n"
      "namespace a { namespace b { __global__ __vector__ void nk(GM_ADDR p); } }\n"
      "extern \"C\" { __global__ __vector__ void ck(GM_ADDR p) {} }\n"
      "__global__ [[gnu::section(\".k\")]] __vector__ void ak(int) {}\n"
      "__global__ __attribute__((noinline)) __vector__ void bk(int) {}\n"
      "__global__ __vector__ decltype(auto) dk(int) { return; }\n"
      "__global__ __vector__ void a::b::qk(GM_ADDR p) {}\n"
      "__global__ __vector__ auto rk(int) -> void {}\n");
  for (const char* name : {"tk", "nk", "ck", "ak", "bk", "dk", "qk", "rk"}) {
    EXPECT_EQ(t.byName.count(name), 1u) << name;
  }
  EXPECT_EQ(t.byName.size(), 8u);
  EXPECT_EQ(t.byName.at("tk").kind, KernelKind::Cube);
  EXPECT_EQ(t.byName.at("tk").line, 2u);
  EXPECT_EQ(t.byName.at("tk").column, 37u);
  // Definitions (with a body): all but nk.
  ASSERT_EQ(t.definitions.size(), 8u);
  EXPECT_TRUE(t.definitions[0].isTemplate);
  EXPECT_EQ(t.definitions[0].templateArgs, "T, N");
  EXPECT_EQ(t.definitions[1].explicitArgs, "<float, 8>");
}

TEST(KernelScan, OnlyGlobalDeclarationsAreKernels) {
  const KernelTable t = kernelsOf(
      "__aicore__ __vector__ inline void helper(GM_ADDR x) {}\n"
      "// __global__ __vector__ void commented(int);\n"
      "const char* s = \"__global__ void quoted(int);\";\n"
      "#define DECLARE __global__ __vector__ void macro_kernel(int)\n"
      "int __global__;\n"
      "void f() { int x = __global__ + 1; }\n");
  EXPECT_TRUE(t.byName.empty());
  EXPECT_TRUE(t.definitions.empty());
}

TEST(KernelScan, DeclarationThenDefinition) {
  const KernelTable t = kernelsOf(
      "extern \"C\" __global__ __aicore__ __mix__(1, 2) void k(GM_ADDR a);\n"
      "extern \"C\" __global__ __aicore__ __mix__(1, 2) void k(GM_ADDR a) {}\n");
  ASSERT_EQ(t.byName.size(), 1u);
  EXPECT_EQ(t.byName.at("k").line, 1u);
  EXPECT_EQ(t.byName.at("k").mixAic, "1");
  EXPECT_EQ(t.byName.at("k").mixAiv, "2");
  ASSERT_EQ(t.definitions.size(), 1u);
}

TEST(KernelScan, QualifierErrors) {
  EXPECT_EQ(
      errorsOf("__global__ __vector__ __cube__ void k(int);"),
      "test.asc:1:23: error: conflicting kernel kind qualifiers '__vector__' and '__cube__'\n");
  EXPECT_EQ(errorsOf("__global__ __mix__(1, 2) __mix__(1, 1) void k(int);"),
            "test.asc:1:26: error: conflicting kernel kind qualifiers '__mix__(1, 2)' and "
            "'__mix__(1, 1)'\n");
  EXPECT_EQ(errorsOf("__global__ __aicpu__ __vector__ void k(int);"),
            "test.asc:1:22: error: conflicting kernel kind qualifiers '__aicpu__' and "
            "'__vector__'\n");
  EXPECT_EQ(errorsOf("__global__ __vector__ __vector__ void k(int);"), "");
  const std::string mixUsage =
      "error: '__mix__' takes two arguments: __mix__(aicRatio, aivRatio)\n";
  EXPECT_EQ(errorsOf("__global__ __mix__(1) void k(int);"), "test.asc:1:12: " + mixUsage);
  EXPECT_EQ(errorsOf("__global__ __mix__(1, ) void k(int);"), "test.asc:1:12: " + mixUsage);
  EXPECT_EQ(errorsOf("__global__ __mix__(1, 2, 3) void k(int);"), "test.asc:1:12: " + mixUsage);
  EXPECT_EQ(errorsOf("__mix__ __global__ void k(int);"), "test.asc:1:1: " + mixUsage);
}

// --- KERNEL_TASK_TYPE_DEFAULT ----------------------------------------------------

std::string withTaskType(std::string_view type) {
  return "extern \"C\" __global__ __aicore__ void k(GM_ADDR x) {\n  KERNEL_TASK_TYPE_DEFAULT(" +
         std::string(type) + ");\n}\n";
}

TEST(KernelTaskType, TheSixTypesOfAtlasA2A3) {
  // 表2: AIV only -> vector cores; AIC only -> cube cores; MIX AIV 1:0 -> vector
  // cores with hard sync; MIX AIC 1:0 -> cube cores with hard sync; MIX AIC 1:1
  // and 1:2 -> groups of one AIC and one or two AIVs.
  EXPECT_EQ(specOf(withTaskType("KERNEL_TYPE_AIV_ONLY"), "k"), kVector);
  EXPECT_EQ(specOf(withTaskType("KERNEL_TYPE_AIC_ONLY"), "k"), kCube);
  EXPECT_EQ(specOf(withTaskType("KERNEL_TYPE_MIX_AIV_1_0"), "k"), spec("Mix", 0, 1));
  EXPECT_EQ(specOf(withTaskType("KERNEL_TYPE_MIX_AIC_1_0"), "k"), spec("Mix", 1, 0));
  EXPECT_EQ(specOf(withTaskType("KERNEL_TYPE_MIX_AIC_1_1"), "k"), spec("Mix", 1, 1));
  EXPECT_EQ(specOf(withTaskType("KERNEL_TYPE_MIX_AIC_1_2"), "k"), kMix12);
  EXPECT_EQ(specOf(withTaskType("KernelMetaType::KERNEL_TYPE_AIC_ONLY"), "k"), kCube);
}

TEST(KernelTaskType, SetsTheKindOfLaunchesAndTheRegistration) {
  const std::string src =
      "void host(void* s) { k<<<4, 0, s>>>(nullptr); }\n" + withTaskType("KERNEL_TYPE_MIX_AIC_1_2");
  const std::string out = test::translated(src);
  EXPECT_NE(out.find(test::direct("k", kMix12)), std::string::npos) << out;
  EXPECT_NE(out.find(test::registration("static_cast<void (*)(GM_ADDR)>(&k)", kMix12)),
            std::string::npos)
      << out;
}

TEST(KernelTaskType, TypesAtlasA2A3DoesNotSupportAreErrors) {
  for (const char* type : {"KERNEL_TYPE_AICORE", "KERNEL_TYPE_VECTORCORE", "KERNEL_TYPE_MIX_AICORE",
                           "KERNEL_TYPE_MIX_VECTOR_CORE"}) {
    EXPECT_EQ(errorsOf(withTaskType(type)),
              "test.asc:2:3: error: KERNEL_TASK_TYPE_DEFAULT: " + std::string(type) +
                  " is not supported on Atlas A2/A3 (dav-2201)\n");
  }
}

TEST(KernelTaskType, UnknownTypesAreErrors) {
  const std::string list =
      " is not a kernel type (KERNEL_TYPE_AIV_ONLY, KERNEL_TYPE_AIC_ONLY, KERNEL_TYPE_MIX_AIV_1_0, "
      "KERNEL_TYPE_MIX_AIC_1_0, KERNEL_TYPE_MIX_AIC_1_1, KERNEL_TYPE_MIX_AIC_1_2)\n";
  EXPECT_EQ(errorsOf(withTaskType("KERNEL_TYPE_MIX_AIC_2_1")),
            "test.asc:2:3: error: KERNEL_TASK_TYPE_DEFAULT: 'KERNEL_TYPE_MIX_AIC_2_1'" + list);
  EXPECT_EQ(errorsOf(withTaskType("3")),
            "test.asc:2:3: error: KERNEL_TASK_TYPE_DEFAULT: ''" + list);
}

TEST(KernelTaskType, OutsideKernelsItIsOnlyBlanked) {
  EXPECT_EQ(errorsOf("void host() { KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_WHATEVER); }"), "");
}

// --- merging declarations ------------------------------------------------------------

TEST(KernelMerge, AnUnqualifiedDeclarationTakesTheKindOfAnother) {
  EXPECT_EQ(specOf("__global__ __aicore__ void k(int);\n__global__ __cube__ void k(int) {}", "k"),
            kCube);
  EXPECT_EQ(specOf("__global__ __cube__ void k(int);\n__global__ __aicore__ void k(int) {}", "k"),
            kCube);
  EXPECT_EQ(specOf("__global__ void k(int);\n" + withTaskType("KERNEL_TYPE_MIX_AIC_1_2"), "k"),
            kMix12);
  // The first declaration's position stays.
  const KernelTable t =
      kernelsOf("__global__ __aicore__ void k(int);\n__global__ __cube__ void k(int) {}");
  EXPECT_EQ(t.byName.at("k").line, 1u);
}

TEST(KernelMerge, TheMergedKindIsUsedEverywhereInTheUnit) {
  const std::string out = test::translated(
      "__global__ __aicore__ void k(int);\n"
      "void host() { k<<<1, 0>>>(1); }\n"
      "__global__ __cube__ void k(int) {}\n");
  EXPECT_NE(out.find(test::direct("k", kCube) + "k, (1), (0), nullptr, 1);"), std::string::npos)
      << out;
  EXPECT_NE(out.find(test::registration("static_cast<void (*)(int)>(&k)", kCube)),
            std::string::npos)
      << out;
}

TEST(KernelMerge, TwoDifferentKindsConflict) {
  EXPECT_EQ(errorsOf("__global__ __vector__ void k(int);\n\n__global__ __cube__ void k(int) {}"),
            "test.asc:3:26: error: kernel 'k' redeclared as __cube__; it was declared as "
            "__vector__ at test.asc:1\n");
  EXPECT_EQ(
      errorsOf("__global__ __mix__(1, 2) void k(int);\n__global__ __mix__(1, 1) void k(int);"),
      "test.asc:2:31: error: kernel 'k' redeclared as __mix__(1, 1); it was declared as "
      "__mix__(1, 2) at test.asc:1\n");
  EXPECT_EQ(errorsOf("__global__ __vector__ void k(int);\n" + withTaskType("KERNEL_TYPE_AIC_ONLY")),
            "test.asc:2:39: error: kernel 'k' redeclared as __cube__; it was declared as "
            "__vector__ at test.asc:1\n");
  // Without a line map, the scan names the line of its own text.
  const std::string src = "__global__ __vector__ void k(int);\n__global__ __cube__ void k(int);";
  Diagnostics errors;
  findKernels(src, tokenize(src).code, errors);
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].message,
            "kernel 'k' redeclared as __cube__; it was declared as __vector__ at line 1");
}

TEST(KernelMerge, SameKindTwiceIsFine) {
  EXPECT_EQ(errorsOf("__global__ __vector__ void k(int);\n__global__ __aicore__ __vector__ void "
                     "k(int) {}\n__global__ void k(int);"),
            "");
}

TEST(KernelMerge, AnInvalidDeclarationIsReportedOnce) {
  EXPECT_EQ(
      errorsOf("__global__ __vector__ void k(int);\n__global__ __cube__ __vector__ void k(int);"),
      "test.asc:2:21: error: conflicting kernel kind qualifiers '__cube__' and '__vector__'\n");
}

}  // namespace
}  // namespace asctwin::asc
