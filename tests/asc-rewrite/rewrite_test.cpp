#include "rewriter.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "test_support.h"
#include "tokenizer.h"

namespace asctwin::asc {
namespace {

using test::body;
using test::rewriteBody;
using test::vectorCall;

constexpr std::string_view kAddCustom =
    "extern \"C\" __global__ __aicore__ __vector__ void add_custom(GM_ADDR x, GM_ADDR y, GM_ADDR "
    "z) {}\n";

TEST(Rewrite, TheGeneratedCallForm) {
  const std::string out = rewriteBody(std::string(kAddCustom) +
                                      "add_custom<<<blockDim, nullptr, stream>>>(x, y, z);\n");
  EXPECT_EQ(out,
            std::string(kAddCustom) +
                "::asctwin::ascLaunch(::asctwin::KernelSpec{::asctwin::KernelKind::Vector, 0, "
                "0}, \"add_custom\", add_custom, (blockDim), (nullptr), (stream), x, y, z);\n");
}

TEST(Rewrite, KindsInTheCall) {
  EXPECT_EQ(
      rewriteBody("__global__ __cube__ void c(int);\nc<<<1, 2, 3>>>(4);"),
      "__global__ __cube__ void c(int);\n::asctwin::ascLaunch(::asctwin::KernelSpec{::asctwin::"
      "KernelKind::Cube, 0, 0}, \"c\", c, (1), (2), (3), 4);");
  EXPECT_EQ(rewriteBody("__global__ __mix__(1, 2) void m(int);\nm<<<1, 2, 3>>>(4);"),
            "__global__ __mix__(1, 2) void m(int);\n::asctwin::ascLaunch(::asctwin::KernelSpec{::"
            "asctwin::KernelKind::Mix, 1, 2}, \"m\", m, (1), (2), (3), 4);");
}

TEST(Rewrite, EmptyArgumentList) {
  EXPECT_EQ(rewriteBody("__global__ void k();\nk<<<1, nullptr, s>>>();"),
            "__global__ void k();\n" + vectorCall("k") + "k, (1), (nullptr), (s));");
  EXPECT_EQ(rewriteBody("__global__ void k();\nk<<<1, nullptr, s>>>( );"),
            "__global__ void k();\n" + vectorCall("k") + "k, (1), (nullptr), (s));");
}

TEST(Rewrite, LineHeaderNamesTheSourcePath) {
  const RewriteResult r = rewriteAsc("int x;\n", "/abs/dir/k.asc");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.output, "#line 1 \"/abs/dir/k.asc\"\nint x;\n");
  EXPECT_EQ(lineDirective("C:\\a \"b\"\n"), "#line 1 \"C:\\\\a \\\"b\\\"\\n\"\n");
}

TEST(Rewrite, KeepsCrLfAndDropsAByteOrderMark) {
  const std::string src = "\xEF\xBB\xBF__global__ void k(int);\r\nk<<<1, 2, 3>>>(4);\r\n";
  const RewriteResult r = rewriteAsc(src, "t.asc");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(body(r), "__global__ void k(int);\r\n" + vectorCall("k") + "k, (1), (2), (3), 4);\r\n");
}

TEST(Rewrite, OperatorTemplateCallsAndNestedTemplatesAreNotLaunches) {
  const std::string src =
      "template <class T> Out& f(Out& o, T v) { return operator<<<T>(o, v); }\n"
      "std::vector<std::vector<std::pair<int, int>>> v;\n"
      "int y = a << b >> c;\n";
  const RewriteResult r = rewriteAsc(src, "t.asc");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(body(r), src);
  EXPECT_TRUE(r.launches.empty());
}

TEST(Rewrite, TemplateArgumentsInsideTheConfiguration) {
  EXPECT_EQ(rewriteBody("__global__ void k(int);\nk<<<f<g<h>>(1), 2, S<T<U>>>>>(x);"),
            "__global__ void k(int);\n" + vectorCall("k") + "k, (f<g<h>>(1)), (2), (S<T<U>>), x);");
  EXPECT_EQ(
      rewriteBody("__global__ void k(int);\nk<<<a > b ? 1 : 2, 2, 3>>>(x >> 1);"),
      "__global__ void k(int);\n" + vectorCall("k") + "k, (a > b ? 1 : 2), (2), (3), x >> 1);");
}

TEST(Rewrite, LaunchInsideAMacroArgumentAndInsideADefine) {
  EXPECT_EQ(rewriteBody("__global__ void k(int);\nCHECK(k<<<1, 2, 3>>>(x));"),
            "__global__ void k(int);\nCHECK(" + vectorCall("k") + "k, (1), (2), (3), x));");
  EXPECT_EQ(rewriteBody("__global__ void k(int);\n#define RUN(s) \\\n  k<<<1, 2, \\\n s>>>(x)\n"),
            "__global__ void k(int);\n#define RUN(s) \\\n  " + vectorCall("k") +
                "k, (1), (2), (\\\n s), x)\n");
}

TEST(Rewrite, KernelsDeclaredAfterTheLaunchAreKnown) {
  EXPECT_EQ(rewriteBody("void f() { k<<<1, 2, 3>>>(x); }\n__global__ void k(int) {}"),
            "void f() { " + vectorCall("k") + "k, (1), (2), (3), x); }\n__global__ void k(int) {}");
}

// Golden files: data/<name>.asc rewritten must equal data/<name>.expected
// (without the #line header, which names an absolute path).
class Golden : public ::testing::TestWithParam<const char*> {};

TEST_P(Golden, MatchesExpectedRewrite) {
  const std::string name = GetParam();
  const std::string path = test::dataPath(name + ".asc");
  const std::string src = test::readFile(path);
  ASSERT_FALSE(src.empty()) << path;
  const RewriteResult r = rewriteAsc(src, path);
  ASSERT_TRUE(r.ok()) << formatDiagnostic(path, r.errors.front());
  EXPECT_EQ(r.output.substr(0, r.output.find('\n') + 1), lineDirective(path));
  EXPECT_EQ(body(r), test::readFile(test::dataPath(name + ".expected")));
}

INSTANTIATE_TEST_SUITE_P(AscRewrite, Golden, ::testing::Values("qualifiers", "launches"));

TEST(Rewrite, FileWithoutLaunchesIsUnchangedApartFromTheHeader) {
  const std::string path = test::dataPath("untouched.asc");
  const std::string src = test::readFile(path);
  const RewriteResult r = rewriteAsc(src, path);
  ASSERT_TRUE(r.ok()) << formatDiagnostic(path, r.errors.front());
  EXPECT_EQ(r.output, lineDirective(path) + src);
  EXPECT_EQ(r.kernels.size(), 1u);
  EXPECT_TRUE(r.launches.empty());
}

// Every line keeps its number: the same number of newlines, and each line
// outside a launch (from its kernel name to the '(' of its arguments) is
// byte-identical.
void expectLinesPreserved(std::string_view src, const RewriteResult& r) {
  ASSERT_TRUE(r.ok());
  const std::string out = body(r);
  ASSERT_EQ(test::countNewlines(out), test::countNewlines(src));
  const auto in = test::splitLines(src);
  const auto outLines = test::splitLines(out);
  ASSERT_EQ(in.size(), outLines.size());
  for (std::size_t i = 0; i < in.size(); ++i) {
    const std::size_t line = i + 1;
    bool inLaunch = false;
    for (const LaunchSite& s : r.launches) inLaunch |= line >= s.line && line <= s.lastLine;
    if (!inLaunch) {
      EXPECT_EQ(outLines[i], in[i]) << "line " << line;
    }
  }
}

TEST(Rewrite, PreservesLines) {
  for (const char* name : {"qualifiers", "launches", "untouched"}) {
    SCOPED_TRACE(name);
    const std::string src = test::readFile(test::dataPath(std::string(name) + ".asc"));
    expectLinesPreserved(src, rewriteAsc(src, name));
  }
}

TEST(Rewrite, RecordsLaunchSites) {
  const std::string src = test::readFile(test::dataPath("launches.asc"));
  const RewriteResult r = rewriteAsc(src, "launches.asc");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.launches.size(), 20u);
  ASSERT_FALSE(r.launches.empty());
  EXPECT_EQ(r.launches.front().kernel, "add_custom");
  EXPECT_EQ(r.launches.front().line, 16u);  // inside #define LAUNCH_ADD
  bool multiLine = false;
  for (const LaunchSite& s : r.launches)
    multiLine |= s.kernel == "add_custom" && s.lastLine == s.line + 5;
  EXPECT_TRUE(multiLine);
}

TEST(Rewrite, OutputHasNoLaunchesLeft) {
  for (const char* name : {"qualifiers", "launches"}) {
    const std::string src = test::readFile(test::dataPath(std::string(name) + ".asc"));
    const RewriteResult r = rewriteAsc(src, name);
    ASSERT_TRUE(r.ok());
    const RewriteResult again = rewriteAsc(body(r), name);
    ASSERT_TRUE(again.ok());
    EXPECT_TRUE(again.launches.empty()) << name;
    EXPECT_EQ(body(again), body(r)) << name;
  }
}

TEST(Rewrite, LargeInputIsFast) {
  std::string src(kAddCustom);
  for (int i = 0; i < 40000; ++i) {
    src += "add_custom<<<n, nullptr, s>>>(x, [&] { return f(y, \"<<<\"); }(), z); // >>> " +
           std::to_string(i) + "\n";
  }
  const RewriteResult r = rewriteAsc(src, "big.asc");  // ~3.5 MB
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.launches.size(), 40000u);
  EXPECT_EQ(test::countNewlines(body(r)), test::countNewlines(src));
}

}  // namespace
}  // namespace asctwin::asc
