// End-to-end runs of the asctwin-asc-rewrite executable.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <random>
#include <string>

#include "rewriter.h"
#include "test_support.h"

namespace asctwin::asc {
namespace {

namespace fs = std::filesystem;

class Cli : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::path(::testing::TempDir()) /
           ("asc_rewrite_cli_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // Runs the rewriter; returns its exit status and stderr.
  int run(const std::string& args, std::string* err = nullptr) {
    const fs::path errFile = dir_ / "stderr.txt";
    const std::string cmd =
        std::string("'") + ASC_REWRITE_EXE + "' " + args + " 2>'" + errFile.string() + "'";
    const int status = std::system(cmd.c_str());
    if (err != nullptr) *err = test::readFile(errFile.string());
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  }

  std::string quoted(const fs::path& p) { return "'" + p.string() + "'"; }

  fs::path dir_;
};

TEST_F(Cli, RewritesAFile) {
  const fs::path in = test::dataPath("launches.asc");
  const fs::path out = dir_ / "new" / "sub" / "launches.cpp";  // directories are created
  std::string err;
  ASSERT_EQ(run(quoted(in) + " " + quoted(out), &err), 0) << err;
  EXPECT_EQ(err, "");
  const std::string text = test::readFile(out.string());
  EXPECT_EQ(text, lineDirective(fs::absolute(in).lexically_normal().string()) +
                      test::readFile(test::dataPath("launches.expected")));
  EXPECT_FALSE(fs::exists(out.string() + ".tmp"));
}

TEST_F(Cli, RelativeInputPathsBecomeAbsoluteInTheLineHeader) {
  test::writeFile((dir_ / "rel.asc").string(), "int x;\n");
  std::string err;
  const std::string cmd = "cd " + quoted(dir_) + " && '" + ASC_REWRITE_EXE + "' ./rel.asc out.cpp";
  ASSERT_EQ(std::system(cmd.c_str()), 0);
  EXPECT_EQ(
      test::readFile((dir_ / "out.cpp").string()),
      "#line 1 \"" + (fs::absolute(dir_) / "rel.asc").lexically_normal().string() + "\"\nint x;\n");
}

TEST_F(Cli, ErrorsGoToStderrWithFileLineColumnAndExitStatusOne) {
  const fs::path in = dir_ / "bad.asc";
  test::writeFile(in.string(), "__global__ void k(int);\n\nvoid f() { q<<<1, 2, 3>>>(x); }\n");
  const fs::path out = dir_ / "bad.cpp";
  test::writeFile(out.string(), "stale");
  std::string err;
  EXPECT_EQ(run(quoted(in) + " " + quoted(out), &err), 1);
  EXPECT_EQ(err, fs::absolute(in).lexically_normal().string() +
                     ":3:12: error: 'q' is not a kernel of this file: a launch needs a __global__ "
                     "declaration of it in the same .asc source\n");
  EXPECT_FALSE(fs::exists(out));  // no stale output for the build to pick up
}

TEST_F(Cli, UsageAndIoErrorsExitWithStatusTwo) {
  std::string err;
  EXPECT_EQ(run("", &err), 2);
  EXPECT_NE(err.find("usage: asctwin-asc-rewrite"), std::string::npos);
  EXPECT_EQ(run(quoted(dir_ / "missing.asc") + " " + quoted(dir_ / "o.cpp"), &err), 2);
  EXPECT_NE(err.find("cannot read"), std::string::npos);
  EXPECT_EQ(run("--help"), 0);
}

TEST_F(Cli, MutatedInputsExitZeroOrOne) {
  const std::string sample = test::readFile(test::dataPath("launches.asc"));
  std::mt19937 rng(7);
  for (int i = 0; i < 40; ++i) {
    std::string s = sample;
    for (int e = 0; e < 4; ++e) {
      const std::size_t at = std::uniform_int_distribution<std::size_t>(0, s.size())(rng);
      s.insert(at, std::string(1, "<>()\"'/*\\\n#,;"[rng() % 13]));
    }
    const fs::path in = dir_ / "m.asc";
    test::writeFile(in.string(), s);
    const int status = run(quoted(in) + " " + quoted(dir_ / "m.cpp"));
    EXPECT_TRUE(status == 0 || status == 1) << "status " << status << " for mutant " << i;
    EXPECT_EQ(fs::exists(dir_ / "m.cpp"), status == 0);
  }
}

}  // namespace
}  // namespace asctwin::asc
