// Random mutations of ASC sources (as written and preprocessed): translate()
// never crashes or hangs, and every outcome is well-formed:
//  - errors: no output, every diagnostic inside the text with a message;
//  - success: every newline where it was, nothing left to translate, and text
//    without launches or kernel definitions is the input apart from blanks
//    (markers) and the device-call renames.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <fstream>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "test_support.h"

namespace asctwin::asc {
namespace {

// Inputs the mutations start from: the forms the front end handles.
const std::array<std::string, 3> kSeeds = {
    // As written (SourceForm::Raw paths, comments, directives, literals).
    "#include \"kernel_operator.h\"\n"
    "#define LAUNCH(s) k<<<8, nullptr, s>>>(x)\n"
    "extern \"C\" __global__ __aicore__ __vector__ void k(GM_ADDR x) { printf(\"%d\", 1); }\n"
    "template <typename T, int N = 4, typename... Ts>\n"
    "__global__ __mix__(1, 2) void t(T* p) {\n"
    "  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2);\n"
    "  (v ? void(0) : __assert_fail(\"v\", \"f\", 1, __func__));\n"
    "}\n"
    "template <> __global__ __mix__(1, 2) void t<float, 8>(float* p) {}\n"
    "__global__ __aicpu__ uint32_t c(Args a) { return 0; }\n"
    "int main() {\n"
    "  k<<<8, nullptr, s>>>(x);  // k<<<1, 2, 3>>>(y)\n"
    "  t<float, 8><<<n, 0>>>(p);\n"
    "  auto sel = []() { return k; }();\n"
    "  sel<<<1, 0, s>>>(x); (c ? k : k)<<<1, 0>>>(x); arr[i]<<<1, 0>>>(x);\n"
    "  const char* str = R\"(>>> <<<)\"; char q = '<';\n"
    "}\n",
    // Preprocessed (the driver's pass-1 output).
    "# 1 \"/src/a.asc\"\n"
    "# 1 \"<built-in>\"\n"
    "# 1 \"/src/a.asc\"\n"
    "# 1 \"/src/k.h\" 1\n"
    "__global__ __cube__ void m(int);\n"
    "# 2 \"/src/a.asc\" 2\n"
    "__global__ __aicore__ void m(int n) {\n"
    "# 4 \"/src/a.asc\" 3 4\n"
    " (static_cast <bool> (\n"
    "# 4 \"/src/a.asc\"\n"
    " n\n"
    "# 4 \"/src/a.asc\" 3 4\n"
    " ) ? void (0) : __assert_fail (\"n\", \"/src/a.asc\", 4, __extension__ __PRETTY_FUNCTION__))\n"
    "# 4 \"/src/a.asc\"\n"
    "  ;\n"
    "}\n"
    "void host(void* s) { m<<<4, 0, s>>>(1); m<<<4, 0>>>(2); }\n",
    // No kernels, no launches.
    "template <typename T> struct S { std::vector<std::vector<T>> v; };\n"
    "int f(int a, int b) { return (a << b) < (b >> 2) ? a >>= 1 : b <<= 2; }\n"
    "auto p = &operator<<<int>;\n",
};

constexpr std::array<std::string_view, 30> kFragments = {"<<<",
                                                         ">>>",
                                                         "<",
                                                         ">",
                                                         "(",
                                                         ")",
                                                         "[",
                                                         "]",
                                                         "{",
                                                         "}",
                                                         ",",
                                                         ";",
                                                         "\"",
                                                         "'",
                                                         "R\"(",
                                                         ")\"",
                                                         "/*",
                                                         "*/",
                                                         "//",
                                                         "\\\n",
                                                         "\n#",
                                                         "__global__ ",
                                                         "__mix__(",
                                                         "\n#if 0\n",
                                                         "__aicore__ ",
                                                         "printf(",
                                                         "__assert_fail(",
                                                         "KERNEL_TASK_TYPE_DEFAULT(",
                                                         "template <",
                                                         "\n# 1 \"h.h\" 1\n"};

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

// The output with the insertions of translate() undone: registrations
// removed, device calls renamed back.
std::string withoutInsertions(std::string out) {
  const std::string registration = " (void)::asctwin::kernelRegistration<";
  for (std::size_t at = out.find(registration); at != std::string::npos;
       at = out.find(registration, at)) {
    const std::size_t end = out.find(">;", at);
    if (end == std::string::npos) break;
    out.erase(at, end + 2 - at);
  }
  for (const auto& [to, from] : {std::pair<std::string, std::string>{"::AscendC::printf", "printf"},
                                 {"::asctwin::kernel::deviceAssertFail", "__assert_fail"}}) {
    for (std::size_t at = out.find(to); at != std::string::npos; at = out.find(to, at)) {
      out.replace(at, to.size(), from);
      at += from.size();
    }
  }
  return out;
}

void check(const std::string& src, SourceForm form = SourceForm::Preprocessed) {
  const TranslateResult r = translate(src, "m.asc", form);
  std::string_view in = src;
  if (in.substr(0, 3) == "\xEF\xBB\xBF") in.remove_prefix(3);
  const std::size_t lines = test::countNewlines(in) + 1;
  if (!r.ok()) {
    EXPECT_TRUE(r.output.empty());
    for (const Diagnostic& d : r.errors) {
      EXPECT_GE(d.line, 1u);
      if (d.file.empty()) {
        EXPECT_LE(d.line, lines);  // lines mapped to other files may be anything
      }
      EXPECT_GE(d.column, 1u);
      EXPECT_FALSE(d.message.empty());
      EXPECT_EQ(d.message.find('\n'), std::string::npos);
    }
    return;
  }
  std::size_t number = 0;
  std::string file;
  const bool marked = parseLineMarker(in.substr(0, in.find('\n')), number, file);
  std::string body = marked ? r.output : test::afterFirstLine(r.output);
  if (form == SourceForm::Raw) {
    const std::string prelude = "#include \"asctwin/asc_prelude.h\"\n";
    ASSERT_EQ(r.output.substr(0, prelude.size()), prelude);
    body = test::afterFirstLine(test::afterFirstLine(r.output));
  }
  EXPECT_EQ(test::countNewlines(body), test::countNewlines(in));
  // Nothing left to translate.
  const TranslateResult again = translate(body, "m.asc");
  if (again.ok()) {
    EXPECT_TRUE(again.launches.empty());
    EXPECT_TRUE(again.kernels.byName.empty());
  }
  // Without launches, the text is the input apart from blanks.
  if (r.launches.empty() && form == SourceForm::Preprocessed) {
    const std::string undone = withoutInsertions(body);
    ASSERT_EQ(undone.size(), in.size());
    for (std::size_t i = 0; i < in.size(); ++i) {
      if (undone[i] != in[i]) {
        ASSERT_TRUE(undone[i] == ' ' && in[i] != '\n') << "byte " << i;
      }
    }
  }
}

TEST(Robustness, RandomMutations) {
  std::mt19937 rng(20261201);
  std::size_t translated = 0;
  constexpr int kMutants = 3000;
  for (int i = 0; i < kMutants; ++i) {
    const std::string mutant = mutate(kSeeds[static_cast<std::size_t>(i) % kSeeds.size()], rng);
    SCOPED_TRACE("mutant " + std::to_string(i));
    const SourceForm form = i % 2 == 0 ? SourceForm::Preprocessed : SourceForm::Raw;
    check(mutant, form);
    translated += translate(mutant, "m.asc", form).ok() ? 1 : 0;
    if (HasFailure()) {
      const std::string saved = ::testing::TempDir() + "asc_frontend_failing_mutant.asc";
      std::ofstream(saved, std::ios::binary) << mutant;
      FAIL() << "saved as " << saved;
    }
  }
  // Both outcomes are exercised.
  EXPECT_GT(translated, static_cast<std::size_t>(kMutants) / 10);
  EXPECT_LT(translated, static_cast<std::size_t>(kMutants));
}

TEST(Robustness, TheSeedsTranslate) {
  for (const std::string& seed : kSeeds) {
    const TranslateResult r = translate(seed, "s.asc");
    EXPECT_TRUE(r.ok()) << (r.errors.empty() ? "" : r.errors[0].message);
    check(seed);
    check(seed, SourceForm::Raw);
  }
}

TEST(Robustness, PathologicalInputs) {
  std::vector<std::string> inputs = {
      std::string(20000, '<'),
      std::string(20000, '>'),
      std::string(20000, '('),
      std::string(20000, ')'),
      "__global__ void k();\n" + std::string(20000, '{'),
      std::string(5000, '\n') + "# 99999999999999999999999 \"x\"\nk<<<1>>>();",
      "__global__ _<<<<,s>>>()>(){",  // found by fuzzing: `_<<<` was read as template arguments
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
  std::string templates;
  for (int i = 0; i < 3000; ++i) templates += "template <typename T" + std::to_string(i) + "> ";
  inputs.push_back(templates + "__global__ void k() {}");
  std::string bodies;
  for (int i = 0; i < 3000; ++i)
    bodies += "__aicore__ void h" + std::to_string(i) + "() { printf(\"\"); }\n";
  inputs.push_back(bodies);
  for (const std::string& s : inputs) check(s);
  const TranslateResult r = translate(nested, "n.asc");
  EXPECT_TRUE(r.ok());
  EXPECT_EQ(r.launches.size(), 2000u);
}

}  // namespace
}  // namespace asctwin::asc
