// asctwin-asc's rewrite of Huawei's pipe annotations in a preprocessed
// devkit unit (tools/asc-compiler/devkit_scalar_access.h): every
// `__asctwin_inout_pipe__(...)` marker goes; the definitions of
// LocalTensor<T>::GetValue / SetValue / operator() marked S start with the
// scalar-access hook, on the line of their '{'; nothing else changes.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "devkit_scalar_access.h"

namespace {

using asctwin::asc::rewriteScalarAccesses;

std::string rewritten(std::string text) {
  std::string error;
  EXPECT_TRUE(rewriteScalarAccesses(text, &error)) << error;
  return text;
}

std::string hookOf(const std::string& index, bool write) {
  return "::asctwin::devkit::scalarLocalAccess(static_cast<const void*>(this->GetPhyAddr()), "
         "IsSameType<PrimType, int4b_t>::value ? 0ull : static_cast<unsigned long long>(" +
         index +
         ") * sizeof(PrimType), IsSameType<PrimType, int4b_t>::value ? 0u : "
         "static_cast<unsigned>(sizeof(PrimType)), " +
         (write ? "true" : "false") + ");";
}

size_t count(const std::string& s, const std::string& what) {
  size_t n = 0;
  for (size_t at = s.find(what); at != std::string::npos; at = s.find(what, at + 1)) ++n;
  return n;
}

TEST(ScalarAccessRewrite, TheThreeLocalTensorMembersGetTheHook) {
  const std::string in =
      "template <typename T>\n"
      "__asctwin_inout_pipe__(S) typename LocalTensor<T>::PrimType LocalTensor<T>::GetValue(const "
      "uint32_t offset) const\n"
      "{\n"
      "    return *(GetPhyAddr(offset));\n"
      "}\n"
      "template <typename T>\n"
      "__asctwin_inout_pipe__(S) typename LocalTensor<T>::PrimType& "
      "LocalTensor<T>::operator()(const uint32_t offset) const\n"
      "{ return *(GetPhyAddr(offset)); }\n"
      "template <typename T> template <typename U>\n"
      "__aicore__ inline __asctwin_inout_pipe__(S)\n"
      "void LocalTensor<T>::SetValue(const uint32_t index, const U value) const {\n"
      "    *(GetPhyAddr(index)) = PrimType(value);\n"
      "}\n";
  const std::string out = rewritten(in);
  EXPECT_EQ(out.find("__asctwin_inout_pipe__"), std::string::npos) << out;
  EXPECT_EQ(count(out, hookOf("offset", false)), 1u) << out;
  EXPECT_EQ(count(out, hookOf("offset", true)), 1u) << out;  // operator(): a write
  EXPECT_EQ(count(out, hookOf("index", true)), 1u) << out;
  // Lines are kept: the hooks sit on the lines of the bodies' '{'.
  EXPECT_EQ(std::count(out.begin(), out.end(), '\n'), std::count(in.begin(), in.end(), '\n'));
  EXPECT_NE(out.find("{"
                     " " +
                     hookOf("offset", false) + "\n    return"),
            std::string::npos)
      << out;
}

TEST(ScalarAccessRewrite, DeclarationsOtherMembersAndOtherPipesOnlyLoseTheMarker) {
  const std::string in =
      "class LocalTensor { __asctwin_inout_pipe__(S) PrimType GetValue(const uint32_t offset) "
      "const; };\n"
      "template <typename T>\n"
      "__asctwin_inout_pipe__(S) typename GlobalTensor<T>::PrimType "
      "GlobalTensor<T>::GetValue(const uint64_t offset) const { return 0; }\n"
      "__asctwin_inout_pipe__(S) void GetMrgSortResult(uint16_t& a, uint16_t& b) { a = b; }\n"
      "template <typename T>\n"
      "__asctwin_inout_pipe__(V) void LocalTensor<T>::SetValue(const uint32_t i, T v) const { }\n";
  const std::string out = rewritten(in);
  EXPECT_EQ(out.find("__asctwin_inout_pipe__"), std::string::npos) << out;
  EXPECT_EQ(out.find("scalarLocalAccess"), std::string::npos) << out;
}

TEST(ScalarAccessRewrite, AUnitWithoutMarkersIsUnchangedAndAMarkerNeedsItsPipes) {
  std::string plain = "int f() { return 1; }\n";
  EXPECT_EQ(rewritten(plain), plain);
  std::string bad = "__asctwin_inout_pipe__ void f();\n";
  std::string error;
  EXPECT_FALSE(rewriteScalarAccesses(bad, &error));
  EXPECT_NE(error.find("__inout_pipe__ without its parenthesised pipes"), std::string::npos)
      << error;
}

}  // namespace
