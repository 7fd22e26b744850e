// asctwin-asc's hooks at the start of Huawei's functions in a preprocessed
// devkit unit:
//  - GlobalTensor<T>::GetValue / SetValue / operator() report their GM
//    element to the twin (tools/asc-compiler/devkit_scalar_access.h);
//  - WaitPreBlockCalc, NotifyNextBlockCalc, InitDetermineComputeWorkspaceCalc
//    and GroupBarrier<...>::Arrive / Wait open a GM flag protocol scope
//    (tools/asc-compiler/devkit_sync_protocol.h).
// Only definitions get a hook (not declarations, calls or other classes'
// members of the same name), on the line of the body's '{'.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "devkit_scalar_access.h"
#include "devkit_sync_protocol.h"

namespace {

using asctwin::asc::rewriteScalarAccesses;
using asctwin::asc::rewriteSyncProtocols;

size_t count(const std::string& s, const std::string& what) {
  size_t n = 0;
  for (size_t at = s.find(what); at != std::string::npos; at = s.find(what, at + 1)) ++n;
  return n;
}

std::string globalHook(const std::string& offset, bool write) {
  return "::asctwin::devkit::scalarGlobalAccess(static_cast<const void*>(this->oriAddress_), "
         "IsHalfByteDataType<PrimType>() ? static_cast<unsigned long long>(" +
         offset + ") / 2 : static_cast<unsigned long long>(" + offset +
         ") * sizeof(PrimType), IsHalfByteDataType<PrimType>() ? 1u : "
         "static_cast<unsigned>(sizeof(PrimType)), " +
         (write ? "true" : "false") + ");";
}

std::string scope(const std::string& protocol) {
  return "::asctwin::devkit::SyncProtocolScope asctwin_sync_protocol_scope_("
         "::asctwin::kernel::SyncProtocol::" +
         protocol + ");";
}

TEST(GlobalTensorRewrite, TheThreeScalarMembersReportTheirElement) {
  const std::string in =
      "template <typename T> class GlobalTensor {\n"
      "  PrimType GetValue(const uint64_t offset) const;\n"
      "  void SetValue(const uint64_t offset, PrimType value);\n"
      "};\n"
      "template <typename T>\n"
      "__aicore__ inline __asctwin_inout_pipe__(S)\n"
      "    typename GlobalTensor<T>::PrimType GlobalTensor<T>::GetValue(const uint64_t offset) "
      "const\n"
      "{\n"
      "    return this->oriAddress_[offset];\n"
      "}\n"
      "template <typename T>\n"
      "__aicore__ inline __asctwin_inout_pipe__(S) __gm__\n"
      "typename GlobalTensor<T>::PrimType& GlobalTensor<T>::operator()(const uint64_t pos) const\n"
      "{ return this->oriAddress_[pos]; }\n"
      "template <typename T>\n"
      "__aicore__ inline void GlobalTensor<T>::SetValue(const uint64_t at, typename "
      "GlobalTensor<T>::PrimType value)\n"
      "{\n"
      "    this->oriAddress_[at] = value;\n"
      "}\n"
      "void user(GlobalTensor<float>& g) { g.SetValue(0, g.GetValue(1)); }\n";
  std::string out = in;
  std::string error;
  ASSERT_TRUE(rewriteScalarAccesses(out, &error)) << error;
  EXPECT_EQ(count(out, "scalarGlobalAccess"), 3u) << out;
  EXPECT_EQ(count(out, globalHook("offset", false)), 1u) << out;
  EXPECT_EQ(count(out, globalHook("pos", true)), 1u) << out;
  EXPECT_EQ(count(out, globalHook("at", true)), 1u) << out;
  EXPECT_EQ(out.find("__asctwin_inout_pipe__"), std::string::npos) << out;
  EXPECT_EQ(std::count(out.begin(), out.end(), '\n'), std::count(in.begin(), in.end(), '\n'));
  EXPECT_NE(out.find("{ " + globalHook("offset", false) + "\n    return"), std::string::npos)
      << out;
}

TEST(SyncProtocolRewrite, HuaweisProtocolFunctionsOpenTheirScope) {
  const std::string in =
      "__aicore__ inline void WaitPreBlockCalc(GlobalTensor<int32_t>& gm, LocalTensor<int32_t>& "
      "ub)\n"
      "{\n"
      "    PipeBarrier<PIPE_ALL>();\n"
      "}\n"
      "__aicore__ inline void NotifyNextBlockCalc(GlobalTensor<int32_t>& gm, "
      "LocalTensor<int32_t>& ub) { }\n"
      "__aicore__ inline void InitDetermineComputeWorkspaceCalc(GlobalTensor<int32_t>& gm, "
      "LocalTensor<int32_t>& ub) { }\n"
      "template <PipeMode pipeMode> class GroupBarrier {\n"
      "  void Arrive(uint32_t arriveIndex);\n"
      "  void Wait(uint32_t waitIndex);\n"
      "};\n"
      "template <PipeMode pipeMode>\n"
      "__aicore__ inline void GroupBarrier<pipeMode>::Arrive(uint32_t arriveIndex)\n"
      "{\n"
      "}\n"
      "template <PipeMode pipeMode>\n"
      "__aicore__ inline void GroupBarrier<pipeMode>::Wait(uint32_t waitIndex) { }\n"
      "template <typename T> void TQueBind<T>::Wait(int x) { }\n"
      "void Wait(int) { }\n"
      "void user(GroupBarrier<PipeMode::MTE3_MODE>& b, GlobalTensor<int32_t>& g, "
      "LocalTensor<int32_t>& u) {\n"
      "    b.Arrive(0); b.Wait(0); WaitPreBlockCalc(g, u); NotifyNextBlockCalc(g, u);\n"
      "}\n";
  std::string out = in;
  std::string error;
  ASSERT_TRUE(rewriteSyncProtocols(out, &error)) << error;
  EXPECT_EQ(count(out, "SyncProtocolScope"), 5u) << out;
  for (const char* p :
       {"WaitPreBlock", "NotifyNextBlock", "InitDetermineCompute", "GroupArrive", "GroupWait"})
    EXPECT_EQ(count(out, scope(p)), 1u) << p << "\n" << out;
  EXPECT_NE(out.find("{ " + scope("WaitPreBlock") + "\n    PipeBarrier"), std::string::npos) << out;
  EXPECT_EQ(std::count(out.begin(), out.end(), '\n'), std::count(in.begin(), in.end(), '\n'));
}

TEST(SyncProtocolRewrite, AUnitWithoutThemIsUnchanged) {
  std::string plain = "int Wait() { return 1; }\nstruct A { void Arrive() {} };\n";
  const std::string in = plain;
  std::string error;
  ASSERT_TRUE(rewriteSyncProtocols(plain, &error));
  EXPECT_EQ(plain, in);
}

}  // namespace
