// asctwin-asc's rewrite of Huawei's `__BLOCK_LOCAL__` declarations in a
// preprocessed devkit unit (tools/asc-compiler/devkit_block_local.h): each
// marked variable becomes thread_local and is registered by name right after
// its declaration, on the same line; a redirected accessor becomes an
// extern "C" function declaration; what cannot be kept per block is refused
// with the file and line of the declaration.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "devkit_block_local.h"

namespace {

using asctwin::asc::rewriteBlockLocals;

std::string rewritten(std::string text) {
  std::string error;
  EXPECT_TRUE(rewriteBlockLocals(text, &error)) << error;
  return text;
}

// The text of the registration asctwin-asc puts after `name`'s declaration.
bool registers(const std::string& out, const std::string& name) {
  return out.find(
             "registerBlockLocal(+[]() -> void* { return static_cast<void*>(__builtin_addressof(" +
             name + ")); }, sizeof(" + name + "))") != std::string::npos;
}

TEST(BlockLocalRewrite, VariablesBecomeThreadLocalAndRegistered) {
  const std::string in =
      "# 1 \"kfc.h\"\n"
      "namespace AscendC {\n"
      "__asctwin_block_local__ inline AscendC::KfcCommClient* g_kfcClient;\n"
      "__asctwin_block_local__ inline uint8_t g_flag = 0;\n"
      "__asctwin_block_local__ inline uint8_t* g_pair[2];\n"
      "__asctwin_block_local__ static inline std::pair<int, long> g_two{1, 2};\n"
      "__asctwin_block_local__ [[maybe_unused]] inline int g_attr;\n"
      "__asctwin_block_local__ inline __attribute__((aligned(16))) int g_aligned;\n"
      "}\n";
  const std::string out = rewritten(in);
  EXPECT_EQ(out.find("__asctwin_block_local__"), std::string::npos) << out;
  EXPECT_EQ(std::count(out.begin(), out.end(), '\n'), std::count(in.begin(), in.end(), '\n'));
  for (const char* name : {"g_kfcClient", "g_flag", "g_pair", "g_two", "g_attr", "g_aligned"})
    EXPECT_TRUE(registers(out, name)) << name << "\n" << out;
  EXPECT_NE(out.find("thread_local inline AscendC::KfcCommClient* g_kfcClient; static_assert"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("thread_local inline uint8_t g_flag = 0; static_assert"), std::string::npos);
  // Each registration has its own name within the unit.
  EXPECT_NE(out.find("asctwin_dk_block_local_5 ="), std::string::npos);
  EXPECT_EQ(out.find("asctwin_dk_block_local_6"), std::string::npos);
}

TEST(BlockLocalRewrite, ARedirectedAccessorBecomesAnExternCFunction) {
  const std::string out = rewritten(
      "__asctwin_block_local__ inline uint8_t* (*asctwin_dk_g_sysWorkspaceReserved());\n");
  EXPECT_EQ(out, "extern \"C\" inline uint8_t* (*asctwin_dk_g_sysWorkspaceReserved());\n");
}

TEST(BlockLocalRewrite, UnitsWithoutTheMarkerAreUnchanged) {
  const std::string in = "int thread_local_thing; // __BLOCK_LOCAL__\n";
  EXPECT_EQ(rewritten(in), in);
}

TEST(BlockLocalRewrite, WhatCannotBeKeptPerBlockIsRefusedWithItsLine) {
  for (const std::string& bad : {std::string("__asctwin_block_local__ inline int a, b;\n"),
                                 std::string("__asctwin_block_local__ inline int\n")}) {
    std::string text = "# 7 \"impl/kernel_utils.h\"\n\n" + bad;
    std::string error;
    EXPECT_FALSE(rewriteBlockLocals(text, &error)) << bad;
    EXPECT_NE(error.find("impl/kernel_utils.h:8"), std::string::npos) << error;
    EXPECT_NE(error.find("__BLOCK_LOCAL__"), std::string::npos) << error;
  }
}

}  // namespace
