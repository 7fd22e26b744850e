// Malformed launches: each is reported as "file:line:col: error: ..." at the
// offending token, and translate() produces no output.
#include <gtest/gtest.h>

#include <string>

#include "test_support.h"

namespace asctwin::asc {
namespace {

using test::errorsOf;

constexpr const char* kDecl = "__global__ __vector__ void k(int);\n";

std::string withKernel(const std::string& launch) {
  return kDecl + launch;
}

TEST(LaunchErrors, NoCalleeBeforeTheLaunch) {
  EXPECT_EQ(errorsOf("<<<1, 2, 3>>>(x);"),
            "test.asc:1:1: error: expected a kernel name before '<<<'\n");
  EXPECT_EQ(errorsOf(withKernel("void f() { return <<<1, 2>>>(x); }")),
            "test.asc:2:19: error: expected a kernel name before '<<<'\n");
  EXPECT_EQ(errorsOf(withKernel("k<int)<<<1, 2, 3>>>(x);")),
            "test.asc:2:7: error: expected a kernel name before '<<<'\n");
}

TEST(LaunchErrors, UnterminatedConfiguration) {
  EXPECT_EQ(errorsOf(withKernel("k<<<1, 2, 3(x);")),
            "test.asc:2:2: error: unterminated '<<<': missing '>>>'\n");
  EXPECT_EQ(errorsOf(withKernel("f(k<<<1, 2, 3);")),
            "test.asc:2:4: error: unterminated '<<<': ')' comes before the matching '>>>'\n");
  EXPECT_EQ(errorsOf(withKernel("k<<<1, 2, 3")),
            "test.asc:2:2: error: unterminated '<<<': missing '>>>'\n");
  EXPECT_EQ(errorsOf(withKernel("k<<<1, k<<<2, 3, 4>>>(y), 5>>>(x);")),
            "test.asc:2:9: error: '<<<' inside the configuration of another launch\n");
}

TEST(LaunchErrors, TwoOrThreeLaunchParameters) {
  const std::string usage =
      "error: a launch takes two or three parameters <<<numBlocks, dynUbBytes[, stream]>>>, not ";
  EXPECT_EQ(errorsOf(withKernel("k<<<1>>>(x);")), "test.asc:2:2: " + usage + "1\n");
  EXPECT_EQ(errorsOf(withKernel("k<<<1, 2, 3, 4>>>(x);")), "test.asc:2:2: " + usage + "4\n");
  EXPECT_EQ(errorsOf(withKernel("k<<<1, 2>>>(x);")), "");
  EXPECT_EQ(errorsOf(withKernel("k<<<1, 2, 3>>>(x);")), "");
}

TEST(LaunchErrors, EmptyLaunchParameters) {
  EXPECT_EQ(errorsOf(withKernel("k<<<1, , 3>>>(x);")),
            "test.asc:2:8: error: empty launch parameter\n");
  EXPECT_EQ(errorsOf(withKernel("k<<<1, 2, >>>(x);")),
            "test.asc:2:11: error: empty launch parameter\n");
  EXPECT_EQ(errorsOf(withKernel("k<<<>>>(x);")), "test.asc:2:5: error: empty launch parameter\n");
}

TEST(LaunchErrors, UnbalancedGroups) {
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
  // A ';' is fine inside a lambda body.
  EXPECT_EQ(errorsOf(withKernel("k<<<[] { return 1; }(), 2, 3>>>([&] { f(); return x; }());")), "");
}

TEST(LaunchErrors, NoArgumentList) {
  EXPECT_EQ(errorsOf(withKernel("k<<<1, 2, 3>>> x;")),
            "test.asc:2:14: error: expected '(' with the kernel arguments after '>>>'\n");
}

TEST(LaunchErrors, EveryErrorInSourceOrderAndNoOutput) {
  const std::string src = withKernel("k<<<1>>>(x);\nk<<<1, , 2>>>(x);\nk<<<1, 2>>> y;");
  EXPECT_EQ(errorsOf(src),
            "test.asc:2:2: error: a launch takes two or three parameters <<<numBlocks, "
            "dynUbBytes[, stream]>>>, not 1\n"
            "test.asc:3:8: error: empty launch parameter\n"
            "test.asc:4:11: error: expected '(' with the kernel arguments after '>>>'\n");
  EXPECT_TRUE(translate(src, "t.asc").output.empty());
}

}  // namespace
}  // namespace asctwin::asc
