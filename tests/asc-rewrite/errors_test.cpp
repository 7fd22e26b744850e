// Malformed launches: each is reported as "file:line:col: error: ..." and
// the rewrite produces no output.
#include <gtest/gtest.h>

#include <string>

#include "rewriter.h"
#include "test_support.h"

namespace asctwin::asc {
namespace {

using test::errorsOf;

constexpr const char* kDecl = "__global__ __vector__ void k(int);\n";

std::string withKernel(const std::string& launch) {
  return kDecl + launch;
}

TEST(Errors, UnknownKernel) {
  EXPECT_EQ(errorsOf(withKernel("void f() {\n  other<<<1, nullptr, s>>>(x);\n}")),
            "test.asc:3:3: error: 'other' is not a kernel of this file: a launch needs a "
            "__global__ declaration of it in the same .asc source\n");
  // A kernel declared only in a comment, a string or a #define is not known.
  EXPECT_NE(errorsOf("// __global__ void c(int);\nc<<<1, 2, 3>>>(x);"), "");
  EXPECT_NE(errorsOf("#define D __global__ void d(int);\nd<<<1, 2, 3>>>(x);"), "");
  // A launch in a #define must name a kernel (not a macro parameter).
  EXPECT_EQ(errorsOf(withKernel("#define RUN(kern) kern<<<1, nullptr, s>>>()")),
            "test.asc:2:19: error: 'kern' is not a kernel of this file: a launch needs a "
            "__global__ declaration of it in the same .asc source\n");
}

TEST(Errors, NoNameBeforeTheLaunch) {
  EXPECT_EQ(errorsOf(withKernel("(k)<<<1, 2, 3>>>(x);")),
            "test.asc:2:4: error: expected a kernel name before '<<<'\n");
  EXPECT_EQ(errorsOf("<<<1, 2, 3>>>(x);"),
            "test.asc:1:1: error: expected a kernel name before '<<<'\n");
  EXPECT_EQ(errorsOf(withKernel("k<int)<<<1, 2, 3>>>(x);")),
            "test.asc:2:7: error: expected a kernel name before '<<<'\n");
}

TEST(Errors, UnbalancedAngleBrackets) {
  EXPECT_EQ(errorsOf(withKernel("k<<<1, 2, 3(x);")),
            "test.asc:2:2: error: unterminated '<<<': missing '>>>'\n");
  EXPECT_EQ(errorsOf(withKernel("f(k<<<1, 2, 3);")),
            "test.asc:2:4: error: unterminated '<<<': ')' comes before the matching '>>>'\n");
  EXPECT_EQ(errorsOf(withKernel("k<<<1, 2, 3")),
            "test.asc:2:2: error: unterminated '<<<': missing '>>>'\n");
  EXPECT_EQ(errorsOf(withKernel("k<<<1, k<<<2, 3, 4>>>(y), 5>>>(x);")),
            "test.asc:2:9: error: '<<<' inside the configuration of another launch\n");
}

TEST(Errors, WrongNumberOfLaunchParameters) {
  EXPECT_EQ(errorsOf(withKernel("k<<<1, 2>>>(x);")),
            "test.asc:2:2: error: a launch takes three parameters <<<numBlocks, ubBytes, "
            "stream>>>, not 2\n");
  EXPECT_EQ(errorsOf(withKernel("k<<<1, 2, 3, 4>>>(x);")),
            "test.asc:2:2: error: a launch takes three parameters <<<numBlocks, ubBytes, "
            "stream>>>, not 4\n");
  EXPECT_EQ(errorsOf(withKernel("k<<<1, , 3>>>(x);")),
            "test.asc:2:8: error: empty launch parameter\n");
  EXPECT_EQ(errorsOf(withKernel("k<<<1, 2, >>>(x);")),
            "test.asc:2:11: error: empty launch parameter\n");
  EXPECT_EQ(errorsOf(withKernel("k<<<>>>(x);")), "test.asc:2:5: error: empty launch parameter\n");
}

TEST(Errors, UnbalancedParentheses) {
  EXPECT_EQ(errorsOf(withKernel("k<<<(1, 2, 3>>>(x);")),
            "test.asc:2:5: error: unbalanced '(' in the launch configuration\n");
  EXPECT_EQ(errorsOf(withKernel("k<<<f(1], 2, 3>>>(x);")),
            "test.asc:2:6: error: unbalanced '(' in the launch configuration\n");
  EXPECT_EQ(errorsOf(withKernel("k<<<1, 2, 3>>>(x;\nint y;")),
            "test.asc:2:15: error: unbalanced '(' in the kernel launch arguments\n");
  EXPECT_EQ(errorsOf(withKernel("k<<<1, 2, 3>>>(x, (y);")),
            "test.asc:2:15: error: unbalanced '(' in the kernel launch arguments\n");
  EXPECT_EQ(errorsOf(withKernel("k<<<1, 2, 3>>>(x, y[0);")),
            "test.asc:2:20: error: unbalanced '[' in the kernel launch arguments\n");
  EXPECT_EQ(errorsOf(withKernel("k<<<1, 2, 3>>>(x")),
            "test.asc:2:15: error: unbalanced '(' in the kernel launch arguments\n");
  EXPECT_EQ(errorsOf(withKernel("k<<<1, 2, 3>>> x;")),
            "test.asc:2:14: error: expected '(' with the kernel arguments after '>>>'\n");
  // A ';' is fine inside a lambda body.
  EXPECT_EQ(errorsOf(withKernel("k<<<[] { return 1; }(), 2, 3>>>([&] { f(); return x; }());")), "");
}

TEST(Errors, AllErrorsAreReportedInSourceOrder) {
  EXPECT_EQ(errorsOf(withKernel("b<<<1, 2, 3>>>(x);\nk<<<1, 2>>>(x);\na<<<1, 2, 3>>>(x);")),
            "test.asc:2:1: error: 'b' is not a kernel of this file: a launch needs a __global__ "
            "declaration of it in the same .asc source\n"
            "test.asc:3:2: error: a launch takes three parameters <<<numBlocks, ubBytes, "
            "stream>>>, not 2\n"
            "test.asc:4:1: error: 'a' is not a kernel of this file: a launch needs a __global__ "
            "declaration of it in the same .asc source\n");
  EXPECT_TRUE(rewriteAsc(withKernel("b<<<1, 2, 3>>>(x);"), "t.asc").output.empty());
}

}  // namespace
}  // namespace asctwin::asc
