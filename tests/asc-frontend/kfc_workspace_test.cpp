// `__kfc_workspace__` in the own front end: the qualifier is blanked like the
// other markers, and a kernel with such a parameter starts (on the line of
// its body's `{`, after the registration) by making the argument the core's
// system workspace and the parameter the user's part after it, as CANN does
// for the NPU (the reference's GetSysWorkSpacePtr examples read it back
// without setting it; matmul_fused keeps its own data in the parameter).
#include <gtest/gtest.h>

#include <string>

#include "test_support.h"
#include "translate.h"

namespace asctwin::asc {
namespace {

using test::blanks;
using test::registration;
using test::spec;
using test::translated;

const std::string kEntry = " workspace = ::asctwin::kernel::kfcWorkspaceEntry(workspace);";

TEST(TranslateKfcWorkspace, TheMarkedParameterBecomesTheSystemWorkspace) {
  const std::string src =
      "__global__ __mix__(1, 2) void k(__gm__ uint8_t* x, __kfc_workspace__ __gm__ uint8_t* "
      "workspace) {\n}\n";
  const std::string want =
      blanks("__global__ __mix__(1, 2)") + " void k(" + blanks("__gm__") + " uint8_t* x, " +
      blanks("__kfc_workspace__ __gm__") + " uint8_t* workspace) {" +
      registration("static_cast<void (*)(uint8_t*, uint8_t*)>(&k)", spec("Mix", "1", "2")) +
      kEntry + "\n}\n";
  EXPECT_EQ(translated(src), want);
}

TEST(TranslateKfcWorkspace, KernelsWithoutTheMarkerGetNoEntry) {
  const std::string out = translated("__global__ __aicore__ void k(GM_ADDR workspace) {}\n");
  EXPECT_EQ(out.find("kfcWorkspaceEntry"), std::string::npos) << out;
}

TEST(TranslateKfcWorkspace, ATemplateKernelGetsItToo) {
  const std::string out = translated(
      "template <int N> __global__ __aicore__ void k(__kfc_workspace__ GM_ADDR workspace) {}\n");
  EXPECT_NE(out.find(kEntry), std::string::npos) << out;
}

TEST(TranslateKfcWorkspace, AMarkedParameterWithoutANameIsAnError) {
  const std::string out =
      translated("__global__ __aicore__ void k(__kfc_workspace__ __gm__ uint8_t*) {}\n");
  EXPECT_NE(out.find("a '__kfc_workspace__' parameter of kernel 'k' needs a name"),
            std::string::npos)
      << out;
}

}  // namespace
}  // namespace asctwin::asc
