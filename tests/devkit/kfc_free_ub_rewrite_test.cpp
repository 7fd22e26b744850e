// asctwin-asc's rewrite of the CPU-debug store in Huawei's
// KfcCommServer::FreeUB (tools/asc-compiler/devkit_kfc_free_ub.h): the
// store of the address through the L1 pointer becomes the NPU's fill of the
// block, on the same line; other stores, other functions and a FreeUB
// without that store are unchanged.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "devkit_kfc_free_ub.h"

namespace {

std::string rewritten(std::string text) {
  std::string error;
  EXPECT_TRUE(asctwin::asc::rewriteKfcFreeUb(text, &error)) << error;
  return text;
}

TEST(KfcFreeUbRewrite, TheCpuDebugStoreBecomesTheNpuFill) {
  const std::string in =
      "template <bool hard> class KfcCommServer {\n"
      "  __aicore__ inline void FreeUB(int32_t addr)\n"
      "  {\n"
      "    uint32_t* dst = (uint32_t*)(TOTAL_L1_SIZE);\n"
      "    dst = (uint32_t*)(GetTPipePtr()->GetBaseAddr(static_cast<uint8_t>(TPosition::A1)) + "
      "TOTAL_L1_SIZE);\n"
      "    *dst = addr;\n"
      "    copy_cbuf_to_gm(msg, dst, 0, 1, 1, 0, 0);\n"
      "  }\n"
      "  void Other(int32_t addr) { uint32_t* dst = p; *dst = addr; }\n"
      "};\n";
  const std::string out = rewritten(in);
  EXPECT_NE(out.find("    create_cbuf_matrix(dst, 0x10001, static_cast<uint32_t>(addr));\n"
                     "    copy_cbuf_to_gm"),
            std::string::npos)
      << out;
  EXPECT_EQ(out.find("create_cbuf_matrix", out.find("Other")), std::string::npos) << out;
  EXPECT_NE(out.find("void Other(int32_t addr) { uint32_t* dst = p; *dst = addr; }"),
            std::string::npos)
      << out;
  EXPECT_EQ(std::count(out.begin(), out.end(), '\n'), std::count(in.begin(), in.end(), '\n'));
}

TEST(KfcFreeUbRewrite, AFreeUbWithoutTheStoreIsUnchanged) {
  const std::string in =
      "struct KfcCommClient { void FreeUB(int32_t addr) { *msg = addr; x = *dst; } };\n"
      "void f(int32_t addr) { FreeUB(addr); }\n";
  EXPECT_EQ(rewritten(in), in);
}

}  // namespace
