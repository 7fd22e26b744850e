// translate(): the documented output for each construct (translate.h,
// launch_rewrite.h). Expectations are spelled from the documentation: markers
// become blanks of the same length, a launch becomes ascLaunch/ascLaunchPtr
// with the configuration in parentheses, a kernel definition starts with its
// registration, device printf/__assert_fail become the kernel's.
#include "translate.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "test_support.h"

namespace asctwin::asc {
namespace {

using test::blanks;
using test::direct;
using test::registration;
using test::spec;
using test::translated;

const std::string kAiCore = spec("AiCore");
const std::string kVector = spec("Vector");
const std::string kCube = spec("Cube");

// --- markers ---------------------------------------------------------------

TEST(TranslateMarkers, AreBlankedKeepingLengthAndNewlines) {
  const std::string markers = "__global__ __aicore__ __mix__(1,\n  2)";
  const std::string src = "extern \"C\" " + markers + " void k(int n);\n";
  const TranslateResult r = translate(src, "test.asc");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(test::afterFirstLine(r.output),
            "extern \"C\" " + blanks(markers) + " void k(int n);\n");
  EXPECT_EQ(test::afterFirstLine(r.output).size(), src.size());
  for (const char* marker : {"__global__", "__aicore__", "__vector__", "__cube__", "__aicpu__"}) {
    const std::string decl = std::string("__global__ ") + marker + " void k(int);";
    EXPECT_EQ(translated(decl), blanks("__global__ ") + blanks(marker) + " void k(int);") << marker;
  }
}

TEST(TranslateMarkers, KernelTypeStatementsAreBlanked) {
  const std::string stmt = "KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY)";
  const std::string keyed = "KERNEL_TASK_TYPE(1,\n KERNEL_TYPE_AIC_ONLY)";
  EXPECT_EQ(translated("void h() {\n  " + stmt + ";\n  " + keyed + ";\n}\n"),
            "void h() {\n  " + blanks(stmt) + ";\n  " + blanks(keyed) + ";\n}\n");
}

TEST(TranslateMarkers, OnlyCodeIsTouched) {
  // In strings, comments and as parts of longer names the words are not markers.
  const std::string src =
      "const char* s = \"__global__ __mix__(1, 2)\";  // __aicore__\n"
      "int my__global__ = __global___x; /* __cube__ */\n";
  EXPECT_EQ(translated(src), src);
}

// --- text without kernels or launches ---------------------------------------

TEST(TranslateUnchanged, TextWithoutKernelsOrLaunchesTranslatesToItself) {
  const std::string src =
      "#include <vector>\n"
      "template <typename T> struct S { std::vector<std::vector<T>> v; };\n"
      "int f(int a, int b) { return (a << b) < (b >> 2) ? a >>= 1 : b <<= 2; }\n"
      "auto g = [](auto x) { return x; };\n";
  const TranslateResult r = translate(src, "dir/test.asc");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.output, "#line 1 \"dir/test.asc\"\n" + src);
  EXPECT_TRUE(r.kernels.byName.empty());
  EXPECT_TRUE(r.launches.empty());
}

TEST(TranslateUnchanged, PreprocessedTextKeepsItsLinemarkersAndGetsNoHeader) {
  const std::string src = "# 1 \"a.asc\"\n# 1 \"<built-in>\"\n# 1 \"a.asc\"\nint x;\n";
  const TranslateResult r = translate(src, "a.asc");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.output, src);
}

TEST(TranslateUnchanged, AByteOrderMarkIsDropped) {
  EXPECT_EQ(translate("\xEF\xBB\xBFint x;\n", "t.asc").output, "#line 1 \"t.asc\"\nint x;\n");
}

TEST(TranslateUnchanged, TheLineHeaderEscapesThePath) {
  EXPECT_EQ(lineDirective("a \"b\"\\c.asc"), "#line 1 \"a \\\"b\\\"\\\\c.asc\"\n");
}

TEST(TranslateUnchanged, RawSourcesStartWithThePrelude) {
  const TranslateResult r = translate("int x;\n", "t.asc", SourceForm::Raw);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.output, "#include \"asctwin/asc_prelude.h\"\n#line 1 \"t.asc\"\nint x;\n");
}

// --- direct launches ----------------------------------------------------------

constexpr const char* kKernel = "__global__ __aicore__ __vector__ void k(int a, int b);\n";
const std::string kKernelBlank =
    blanks("__global__ __aicore__ __vector__") + " void k(int a, int b);\n";

std::string launchOf(const std::string& launch) {
  return test::afterFirstLine(translate(kKernel + launch, "test.asc").output)
      .substr(kKernelBlank.size());
}

TEST(TranslateLaunch, ThreeParameters) {
  EXPECT_EQ(launchOf("void f(void* s) { k<<<8, nullptr, s>>>(1, 2); }"),
            "void f(void* s) { " + direct("k", kVector) + "k, (8), (nullptr), (s), 1, 2); }");
}

TEST(TranslateLaunch, TwoParametersUseTheDefaultStream) {
  EXPECT_EQ(launchOf("k<<<n, 0>>>(1, 2);"), direct("k", kVector) + "k, (n), (0), nullptr, 1, 2);");
}

TEST(TranslateLaunch, NoKernelArguments) {
  const std::string src = "__global__ __cube__ void z();\nvoid f() { z<<<1, 0, s>>>(); }";
  EXPECT_EQ(test::afterFirstLine(translate(src, "t.asc").output),
            blanks("__global__ __cube__") + " void z();\nvoid f() { " + direct("z", kCube) +
                "z, (1), (0), (s)); }");
}

TEST(TranslateLaunch, QualifiedAndTemplatedCallees) {
  const std::string src =
      "namespace ns { template <typename T, int N> __global__ __cube__ void t(T); }\n"
      "void f() {\n"
      "  ns::t<float, 4><<<1, 0>>>(x);\n"
      "  ::ns::t<Box<Box<int>>, 2><<<1, 0>>>(x);\n"
      "}\n";
  const std::string out = translated(src);
  EXPECT_NE(out.find("  " + direct("t", kCube) + "ns::t<float, 4>, (1), (0), nullptr, x);\n"),
            std::string::npos)
      << out;
  EXPECT_NE(
      out.find("  " + direct("t", kCube) + "::ns::t<Box<Box<int>>, 2>, (1), (0), nullptr, x);\n"),
      std::string::npos)
      << out;
}

TEST(TranslateLaunch, SpacesNextToTheLaunchSyntaxGoCommentsAndArgumentsStay) {
  // Documented: only the launch syntax and the spaces or tabs next to it change.
  EXPECT_EQ(launchOf("k <<< 1 ,\t/*ub*/ 0 , s >>> ( a , b );"),
            direct("k", kVector) + "k, (1), (/*ub*/ 0), (s), a , b );");
}

TEST(TranslateLaunch, NestedTemplateArgumentsInTheConfiguration) {
  EXPECT_EQ(
      launchOf("k<<<std::max<uint32_t>(a, b), sizeof(Box<Box<int>>), s>>>(1, 2);"),
      direct("k", kVector) + "k, (std::max<uint32_t>(a, b)), (sizeof(Box<Box<int>>)), (s), 1, 2);");
  // `T<U<V>>` right before `>>>`: the last three '>' close the launch.
  EXPECT_EQ(launchOf("k<<<1, 0, get<S<int>>>>>(1, 2);"),
            direct("k", kVector) + "k, (1), (0), (get<S<int>>), 1, 2);");
}

TEST(TranslateLaunch, LambdasAndCommasInsideGroups) {
  EXPECT_EQ(launchOf("k<<<[] { return 1; }(), f(1, 2), s>>>([&] { g(); return 3; }(), (4, 5));"),
            direct("k", kVector) +
                "k, ([] { return 1; }()), (f(1, 2)), (s), [&] { g(); return 3; }(), (4, 5));");
}

TEST(TranslateLaunch, MultiLineLaunchesKeepEveryNewline) {
  const std::string launch = "k\n  <<<n,\n     0,\n     s>>>(1,\n        2);\n";
  const std::string out = launchOf(launch);
  EXPECT_EQ(test::countNewlines(out), test::countNewlines(launch));
  EXPECT_EQ(out, direct("k", kVector) + "k\n  , (n), (\n     0), (\n     s), 1,\n        2);\n");
}

TEST(TranslateLaunch, SitesAreRecorded) {
  const TranslateResult r = translate(
      std::string(kKernel) + "void f() {\n  k<<<1, 0>>>(1, 2);\n  p<<<1, 0>>>(\n);\n}", "t.asc");
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r.launches.size(), 2u);
  EXPECT_EQ(r.launches[0].kernel, "k");
  EXPECT_TRUE(r.launches[0].direct);
  EXPECT_EQ(r.launches[0].line, 3u);
  EXPECT_EQ(r.launches[0].column, 3u);
  EXPECT_EQ(r.launches[1].kernel, "p");
  EXPECT_FALSE(r.launches[1].direct);
  EXPECT_EQ(r.launches[1].line, 4u);
  EXPECT_EQ(r.launches[1].lastLine, 4u);
}

TEST(TranslateLaunch, ShiftOperatorsAndOperatorTemplatesAreNotLaunches) {
  const std::string src =
      "int a = b << 1 < c;\n"
      "auto p = &operator<<<int>;\n"
      "std::vector<std::vector<std::vector<int>>> v;\n";
  const TranslateResult r = translate(src, "t.asc");
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r.launches.empty());
  EXPECT_EQ(test::afterFirstLine(r.output), src);
}

// --- launches through pointers ----------------------------------------------------

std::string pointerLaunch(const std::string& callee, const std::string& spelled) {
  return "::asctwin::ascLaunchPtr(\"" + spelled + "\", " + callee;
}

TEST(TranslatePointerLaunch, EveryOtherCalleeGoesThroughTheRegistry) {
  struct Case {
    const char* callee;
    const char* spelled;  // the callee in the generated string literal
  };
  const Case cases[] = {
      {"p", "p"},
      {"(c ? k : k2)", "(c ? k : k2)"},
      {"arr[i]", "arr[i]"},
      {"obj.k", "obj.k"},  // a member named like a kernel is not the kernel
      {"ptrs->k", "ptrs->k"},
      {"f(x)", "f(x)"},
      {"table[\"a\\\"b\"]", "table[\\\"a\\\\\\\"b\\\"]"},
  };
  for (const Case& c : cases) {
    const std::string callee = c.callee;
    EXPECT_EQ(launchOf(callee + "<<<1, 0, s>>>(1, 2);"),
              pointerLaunch(callee, c.spelled) + ", (1), (0), (s), 1, 2);")
        << callee;
  }
}

TEST(TranslatePointerLaunch, ALambdaChosenKernel) {
  // The shape of the corpus' matmul_high_performance: a constexpr lambda picks the kernel.
  const std::string src =
      "__global__ __cube__ void a(int);\n"
      "template <int N> __global__ __cube__ void b(int);\n"
      "void f(int n, void* s) {\n"
      "  constexpr auto selected = []() { if constexpr (M == 1) { return a; } else { return b<4>; "
      "} }();\n"
      "  selected<<<n, 0, s>>>(1);\n"
      "}\n";
  const TranslateResult r = translate(src, "t.asc");
  ASSERT_TRUE(r.ok());
  EXPECT_NE(r.output.find("  ::asctwin::ascLaunchPtr(\"selected\", selected, (n), (0), (s), 1);\n"),
            std::string::npos)
      << r.output;
  ASSERT_EQ(r.launches.size(), 1u);
  EXPECT_FALSE(r.launches[0].direct);
}

TEST(TranslatePointerLaunch, AnUnknownNameIsALaunchThroughAPointerNotAnError) {
  // Kernels of other units (or a variable) are found in the registry at run time.
  EXPECT_EQ(translated("void f() { other<<<1, 0>>>(); }"),
            "void f() { ::asctwin::ascLaunchPtr(\"other\", other, (1), (0), nullptr); }");
}

// --- registrations -------------------------------------------------------------------

TEST(TranslateRegistration, APlainKernel) {
  EXPECT_EQ(translated("extern \"C\" __global__ __aicore__ void k(GM_ADDR x) {\n  f(x);\n}\n"),
            "extern \"C\" " + blanks("__global__ __aicore__") + " void k(GM_ADDR x) {" +
                registration("&k", kAiCore) + "\n  f(x);\n}\n");
}

TEST(TranslateRegistration, OnTheLineOfTheOpeningBrace) {
  const std::string out = translated("__global__ __vector__ void k(int a,\n  int b)\n{\n}\n");
  EXPECT_EQ(out, blanks("__global__ __vector__") + " void k(int a,\n  int b)\n{" +
                     registration("&k", kVector) + "\n}\n");
}

TEST(TranslateRegistration, TemplateParametersBecomeArguments) {
  const std::string src =
      "template <typename T, int N = 4, class U = Box<T>, auto V, "
      "template <class> class TT, typename... Ts>\n"
      "__global__ __cube__ void k(T* p) {}\n";
  EXPECT_EQ(translated(src), src.substr(0, src.find('\n') + 1) + blanks("__global__ __cube__") +
                                 " void k(T* p) {" +
                                 registration("&k<T, N, U, V, TT, Ts...>", kCube) + "}\n");
}

TEST(TranslateRegistration, ExplicitSpecialisationsUseTheirArguments) {
  const std::string out = translated(
      "template <typename T, int N> __global__ __vector__ void k(T*) {}\n"
      "template <> __global__ __vector__ void k<float, 8>(float*) {}\n");
  EXPECT_NE(out.find("{" + registration("&k<T, N>", kVector) + "}"), std::string::npos) << out;
  EXPECT_NE(out.find("{" + registration("&k<float, 8>", kVector) + "}"), std::string::npos) << out;
}

TEST(TranslateRegistration, SkippedWhenTheAddressCannotBeNamed) {
  // Overloads: `&k` would be ambiguous.
  const std::string overloads =
      "__global__ __vector__ void k(int) {}\n__global__ __vector__ void k(float) {}\n";
  EXPECT_EQ(translated(overloads), blanks("__global__ __vector__") + " void k(int) {}\n" +
                                       blanks("__global__ __vector__") + " void k(float) {}\n");
  // Unnamed template parameters (with or without a default).
  for (const char* params : {"typename", "int", "unsigned int", "std::size_t",
                             "class T, std::enable_if_t<X<T>, int> = 0",
                             "typename T, typename = void", "typename...", "const int*"}) {
    const std::string src =
        std::string("template <") + params + ">\n__global__ __vector__ void k() {}\n";
    const std::string out = translated(src);
    EXPECT_EQ(out.find("kernelRegistration"), std::string::npos) << params << "\n" << out;
    EXPECT_EQ(out.size(), src.size()) << params;
  }
}

TEST(TranslateRegistration, DeclarationsAreNotRegistered) {
  EXPECT_EQ(translated("__global__ __vector__ void k(int);\nextern __global__ void j(int);\n"),
            blanks("__global__ __vector__") + " void k(int);\nextern " + blanks("__global__") +
                " void j(int);\n");
}

TEST(TranslateRegistration, InNamespacesAndOutOfLine) {
  const std::string out = translated(
      "namespace a { __global__ __vector__ void k(int); }\n"
      "__global__ __vector__ void a::k(int) {}\n"
      "namespace { __global__ __cube__ void hidden() {} }\n");
  EXPECT_NE(out.find("void a::k(int) {" + registration("&k", kVector) + "}"), std::string::npos)
      << out;
  EXPECT_NE(out.find("void hidden() {" + registration("&hidden", kCube) + "}"), std::string::npos)
      << out;
}

TEST(TranslateRegistration, AiCpuKernels) {
  EXPECT_EQ(translated("__global__ __aicpu__ uint32_t c(Args a) { return 0; }"),
            blanks("__global__ __aicpu__") + " uint32_t c(Args a) {" +
                registration("&c", spec("AiCpu")) + " return 0; }");
}

// --- device code: printf and assert ---------------------------------------------------

TEST(TranslateDeviceCalls, PrintfAndAssertInKernelsAndAicoreFunctions) {
  const std::string src =
      "__aicore__ inline void helper(int v) { printf(\"%d\", v); }\n"
      "__global__ __vector__ void k(int v) {\n"
      "  printf(\"a\");\n"
      "  (static_cast<bool>(v) ? void(0) : __assert_fail(\"v\", \"f.asc\", 3, __func__));\n"
      "  v ? 0 : printf(\"b\");\n"
      "}\n";
  const std::string out = translated(src);
  EXPECT_EQ(
      out, blanks("__aicore__") + " inline void helper(int v) { ::AscendC::printf(\"%d\", v); }\n" +
               blanks("__global__ __vector__") + " void k(int v) {" + registration("&k", kVector) +
               "\n"
               "  ::AscendC::printf(\"a\");\n"
               "  (static_cast<bool>(v) ? void(0) : ::asctwin::kernel::deviceAssertFail(\"v\", "
               "\"f.asc\", 3, __func__));\n"
               "  v ? 0 : ::AscendC::printf(\"b\");\n"
               "}\n")
      << out;
}

TEST(TranslateDeviceCalls, QualifiedCallsAndHostCodeAreLeftAlone) {
  const std::string src =
      "void host() { printf(\"h\"); __assert_fail(\"x\", \"f\", 1, \"g\"); }\n"
      "__global__ __vector__ void k() {\n"
      "  std::printf(\"1\"); ::printf(\"2\"); o.printf(\"3\"); p->printf(\"4\");\n"
      "  auto fp = &printf; AscendC::printf(\"5\");\n"
      "}\n";
  const std::string out = translated(src);
  const std::string body = out.substr(out.find('\n') + 1);
  EXPECT_EQ(out.substr(0, out.find('\n') + 1), src.substr(0, src.find('\n') + 1));
  EXPECT_NE(body.find("  std::printf(\"1\"); ::printf(\"2\"); o.printf(\"3\"); p->printf(\"4\");\n"
                      "  auto fp = &printf; AscendC::printf(\"5\");\n"),
            std::string::npos)
      << out;
}

TEST(TranslateDeviceCalls, MarkersOfTheHelperAreBlankedToo) {
  const std::string out = translated("__aicore__ inline void h() {}\n");
  EXPECT_EQ(out, blanks("__aicore__") + " inline void h() {}\n");
}

}  // namespace
}  // namespace asctwin::asc

// --- the launch functions of kernel libraries (aclrtlaunch.h) -----------------

namespace asctwin::asc {
namespace {

std::vector<std::string> linesOf(const std::string& text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (std::size_t nl; (nl = text.find('\n', start)) != std::string::npos; start = nl + 1) {
    out.push_back(text.substr(start, nl - start));
  }
  out.push_back(text.substr(start));
  return out;
}

// The launch function and header of a kernel defined in the unit: global-
// memory pointers become void*, other parameters keep their types, the
// definition sits on the line of the kernel's closing brace.
TEST(TranslateAclrtLaunch, HeaderAndDefinitionOfEachKernel) {
  const std::string src =
      "# 1 \"main.asc\"\n"
      "namespace ops {\n"
      "extern \"C\" __global__ __aicore__ __vector__ void add(GM_ADDR x, __gm__ float* y,\n"
      "                                                       float alpha, uint32_t n) {\n"
      "}\n"
      "}\n"
      "template <typename T> __global__ __vector__ void tk(GM_ADDR p) {}\n"
      "# 1 \"lib.h\"\n"
      "__global__ __cube__ void fromHeader(GM_ADDR p) {}\n";
  const TranslateResult r = translate(src, "main.asc", SourceForm::Preprocessed, true);
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r.aclrtLaunch.size(), 1u);  // not the template, not the header's kernel
  const AclrtLaunch& a = r.aclrtLaunch[0];
  EXPECT_EQ(a.headerName, "aclrtlaunch_add.h");
  const std::string sig =
      "uint32_t aclrtlaunch_add(uint32_t numBlocks, void* stream, void* x, void* y, float alpha, "
      "uint32_t n)";
  EXPECT_NE(a.header.find("#ifndef HEADER_ACLRTLAUNCH_ADD_H"), std::string::npos) << a.header;
  EXPECT_NE(a.header.find("#include \"acl/acl_base.h\""), std::string::npos);
  EXPECT_NE(a.header.find("#define ACLRT_LAUNCH_KERNEL(kernel_func) aclrtlaunch_##kernel_func"),
            std::string::npos);
  EXPECT_NE(a.header.find("extern \"C\" " + sig + ";"), std::string::npos) << a.header;
  // The definition follows the body's '}' on its line, inside namespace ops.
  const std::string line5 = linesOf(r.output)[4];
  EXPECT_EQ(line5.rfind("} extern \"C\" " + sig + " {", 0), 0u) << line5;
  EXPECT_NE(line5.find("::asctwin::ascLaunch(" + kVector + ", \"add\", add, numBlocks, nullptr, "
                       "stream, x, y, alpha, n)"),
            std::string::npos)
      << line5;
  EXPECT_EQ(linesOf(r.output).size(), linesOf(src).size());
}

TEST(TranslateAclrtLaunch, OnlyWhenAskedAndOnePerName) {
  const std::string src = "__global__ void k(GM_ADDR a) {}\n__global__ void k(GM_ADDR a, int b) {}\n";
  EXPECT_TRUE(translate(src, "t.asc").aclrtLaunch.empty());
  const TranslateResult r = translate(src, "t.asc", SourceForm::Raw, true);
  ASSERT_EQ(r.aclrtLaunch.size(), 1u);
  EXPECT_NE(r.aclrtLaunch[0].header.find("(uint32_t numBlocks, void* stream, void* a);"),
            std::string::npos);
}

}  // namespace
}  // namespace asctwin::asc
