// Random mutations of the sample inputs: the rewriter must never crash, hang
// or misbehave. A mutant either fails with diagnostics inside the file, or is
// rewritten with every line kept in place and no launch left behind.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "rewriter.h"
#include "test_support.h"

namespace asctwin::asc {
namespace {

constexpr std::array<std::string_view, 24> kFragments = {
    "<<<", ">>>", "<",  ">",    "(",   ")",           "[",        "]",
    "{",   "}",   ",",  ";",    "\"",  "'",           "R\"(",     ")\"",
    "/*",  "*/",  "//", "\\\n", "\n#", "__global__ ", "__mix__(", "\n#if 0\n"};

std::string mutate(std::string s, std::mt19937& rng) {
  const auto pick = [&](std::size_t n) {
    return std::uniform_int_distribution<std::size_t>(0, n)(rng);
  };
  const std::size_t edits = 1 + pick(7);
  for (std::size_t e = 0; e < edits; ++e) {
    const std::size_t at = pick(s.size());
    switch (pick(5)) {
      case 0:  // delete a range
        s.erase(at, 1 + pick(20));
        break;
      case 1:  // insert a fragment
        s.insert(at, kFragments[pick(kFragments.size() - 1)]);
        break;
      case 2:  // duplicate a range elsewhere
        if (!s.empty()) s.insert(pick(s.size()), s.substr(at, 1 + pick(60)));
        break;
      case 3:  // replace a byte by any byte
        if (at < s.size()) s[at] = static_cast<char>(pick(255));
        break;
      case 4:  // truncate
        s.resize(at);
        break;
      default:  // swap two bytes
        if (!s.empty()) std::swap(s[pick(s.size() - 1)], s[pick(s.size() - 1)]);
        break;
    }
  }
  return s;
}

void check(const std::string& src) {
  const RewriteResult r = rewriteAsc(src, "m.asc");
  if (!r.ok()) {
    EXPECT_TRUE(r.output.empty());
    const std::size_t lines = test::countNewlines(src) + 1;
    for (const Diagnostic& d : r.errors) {
      EXPECT_GE(d.line, 1u);
      EXPECT_LE(d.line, lines);
      EXPECT_GE(d.column, 1u);
      EXPECT_FALSE(d.message.empty());
    }
    return;
  }
  const std::string out = test::body(r);
  std::string_view in = src;
  if (in.substr(0, 3) == "\xEF\xBB\xBF") in.remove_prefix(3);
  EXPECT_EQ(test::countNewlines(out), test::countNewlines(in));
  if (r.launches.empty()) {
    EXPECT_EQ(out, in);
  }
  // Nothing left to rewrite.
  const RewriteResult again = rewriteAsc(out, "m.asc");
  if (again.ok()) {
    EXPECT_TRUE(again.launches.empty());
  }
}

TEST(Robustness, RandomMutationsOfTheSamples) {
  std::vector<std::string> samples;
  for (const char* name : {"qualifiers.asc", "launches.asc", "untouched.asc"}) {
    samples.push_back(test::readFile(test::dataPath(name)));
    ASSERT_FALSE(samples.back().empty()) << name;
  }
  std::mt19937 rng(20240531);
  std::size_t rewritten = 0;
  constexpr int kMutants = 1500;
  for (int i = 0; i < kMutants; ++i) {
    const std::string mutant = mutate(samples[static_cast<std::size_t>(i) % samples.size()], rng);
    SCOPED_TRACE("mutant " + std::to_string(i));
    check(mutant);
    rewritten += rewriteAsc(mutant, "m.asc").ok() ? 1 : 0;
    if (HasFailure()) {
      test::writeFile(::testing::TempDir() + "asc_rewrite_failing_mutant.asc", mutant);
      FAIL() << "saved as " << ::testing::TempDir() << "asc_rewrite_failing_mutant.asc";
    }
  }
  // Both outcomes are exercised.
  EXPECT_GT(rewritten, 0u);
  EXPECT_LT(rewritten, static_cast<std::size_t>(kMutants));
}

TEST(Robustness, PathologicalInputs) {
  std::vector<std::string> inputs = {
      std::string(20000, '<'),
      std::string(20000, '>'),
      std::string(20000, '('),
      std::string(20000, ')'),
      "__global__ void k();\n" + std::string(20000, '{'),
  };
  std::string many;
  for (int i = 0; i < 5000; ++i) many += "k<<<1, 2, 3>>>(";
  inputs.push_back("__global__ void k(int);\n" + many);
  std::string nested = "__global__ void k(int);\n";
  for (int i = 0; i < 2000; ++i) nested += "k<<<1, 2, 3>>>(";
  nested += std::string(2000, ')') + ";";
  inputs.push_back(nested);
  std::string globals;
  for (int i = 0; i < 5000; ++i) globals += "__global__ __mix__(";
  inputs.push_back(globals);
  std::string angles = "__global__ void k(int);\n";
  for (int i = 0; i < 5000; ++i) angles += "k<";
  inputs.push_back(angles + "<<<1, 2, 3>>>(x);");
  for (const std::string& s : inputs) check(s);
  EXPECT_TRUE(rewriteAsc(nested, "n.asc").ok());
  EXPECT_EQ(rewriteAsc(nested, "n.asc").launches.size(), 2000u);
}

}  // namespace
}  // namespace asctwin::asc
