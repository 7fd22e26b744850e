// The front end's translation of local-memory arrays in kernel code
// (tools/asc-rewrite/local_arrays.h), against the documented output: the
// qualifier blanked, the declaration replaced by a reference bound by
// ::asctwin::capi::localArray/localObject, its newlines kept; pointers only
// lose the qualifier; the documentation's unsupported forms are errors.
#include <gtest/gtest.h>

#include <string>

#include "asc-frontend/test_support.h"
#include "translate.h"

namespace asctwin::asc {
namespace {

using test::blanks;
using test::countNewlines;
using test::errorsOf;
using test::translated;

// The body of `__aicore__ void f()` holding `stmt`, translated.
std::string inKernel(const std::string& stmt) {
  const std::string out = translated("__aicore__ void f() {\n" + stmt + "\n}\n");
  const std::string head = blanks("__aicore__") + " void f() {\n";
  EXPECT_EQ(out.rfind(head, 0), 0u) << out;
  return out.substr(head.size(), out.size() - head.size() - 3);
}

std::string bound(const std::string& name, const std::string& fn, const std::string& type,
                  const std::string& space) {
  return "auto& " + name + " = ::asctwin::capi::" + fn + "<" + type +
         ", ::asctwin::capi::LocalSpace::" + space + ">([] {}, \"" + name + "\");";
}

TEST(LocalArrays, EachSpaceQualifierBindsItsSpace) {
  const struct {
    const char* word;
    const char* space;
  } cases[] = {{"__ubuf__", "UB"}, {"__cbuf__", "L1"},    {"__ca__", "L0A"}, {"__cb__", "L0B"},
               {"__cc__", "L0C"},  {"__biasbuf__", "BT"}, {"__fbuf__", "FB"}};
  for (const auto& c : cases) {
    const std::string word = c.word;
    EXPECT_EQ(inKernel(word + " float x[256];"),
              blanks(word) + " " + bound("x", "localArray", "float[256]", c.space))
        << word;
  }
}

TEST(LocalArrays, SizesAreExpressionsAndDimensionsAreKept) {
  EXPECT_EQ(
      inKernel("__ubuf__ uint8_t dst[total_length / 8];"),
      blanks("__ubuf__") + " " + bound("dst", "localArray", "uint8_t[total_length / 8]", "UB"));
  // A product in a bound is no pointer declarator.
  EXPECT_EQ(inKernel("__cc__ float c[kM * kN];"),
            blanks("__cc__") + " " + bound("c", "localArray", "float[kM * kN]", "L0C"));
  EXPECT_EQ(inKernel("__cbuf__ half a[2 * (k & 255)][16];"),
            blanks("__cbuf__") + " " + bound("a", "localArray", "half[2 * (k & 255)][16]", "L1"));
  EXPECT_EQ(inKernel("__ubuf__ half m[4][16];"),
            blanks("__ubuf__") + " " + bound("m", "localArray", "half[4][16]", "UB"));
  EXPECT_EQ(inKernel("__ubuf__ std::pair<int, int> p[2];"),
            blanks("__ubuf__") + " " + bound("p", "localArray", "std::pair<int, int>[2]", "UB"));
}

TEST(LocalArrays, BracedStructIsAnObject) {
  EXPECT_EQ(inKernel("__ubuf__ UbBuff buff{};"),
            blanks("__ubuf__") + " " + bound("buff", "localObject", "UbBuff", "UB"));
}

TEST(LocalArrays, SeveralDeclaratorsAndLinesKept) {
  const std::string decl = "__ubuf__ float a[16],\n  b[32];";
  const std::string out = inKernel(decl);
  EXPECT_EQ(out, blanks("__ubuf__") + " " + bound("a", "localArray", "float[16]", "UB") + " " +
                     bound("b", "localArray", "float[32]", "UB") + "\n");
  EXPECT_EQ(countNewlines(out), countNewlines(decl));
}

TEST(LocalArrays, PointersAndParametersOnlyLoseTheQualifier) {
  EXPECT_EQ(inKernel("__ubuf__ float* p = (__ubuf__ float*)asc_get_phy_buf_addr(0);"),
            blanks("__ubuf__") + " float* p = (" + blanks("__ubuf__") +
                " float*)asc_get_phy_buf_addr(0);");
  EXPECT_EQ(translated("__aicore__ void g(__ubuf__ half* x) {}\n"),
            blanks("__aicore__") + " void g(" + blanks("__ubuf__") + " half* x) {}\n");
}

TEST(LocalArrays, OutsideKernelCodeNothingButTheQualifierChanges) {
  EXPECT_EQ(translated("void host() { __ubuf__ float x[4]; }\n"),
            "void host() { " + blanks("__ubuf__") + " float x[4]; }\n");
}

TEST(LocalArrays, UnsupportedFormsAreErrors) {
  const auto err = [](const std::string& stmt) {
    return errorsOf("__aicore__ void f() {\n" + stmt + "\n}\n");
  };
  EXPECT_NE(err("__ubuf__ UbBuff buff;").find("needs braces"), std::string::npos);
  EXPECT_NE(err("__ubuf__ float x[4] = {1, 2};").find("cannot have an initialiser"),
            std::string::npos);
  EXPECT_NE(err("__ubuf__ float x[];").find("needs a size"), std::string::npos);
  EXPECT_NE(err("static __ubuf__ float x[4];").find("cannot be 'static'"), std::string::npos);
  // Errors name the user's line.
  EXPECT_EQ(err("__ubuf__ UbBuff buff;").rfind("test.asc:2:", 0), 0u)
      << err("__ubuf__ UbBuff buff;");
}

}  // namespace
}  // namespace asctwin::asc
