// Records of instructions issued by library code that reports no call sites
// (devkit mode: Huawei's API) name the user's line (kernel/user_site.h): the
// first frame of the calling stack outside asctwin, the registered library
// directories and system code, inlined calls included. The oracle is the
// line of each call in this file (__LINE__), with the library in
// user_site_library/ registered as devkit mode registers Huawei's root.
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <mutex>
#include <string>
#include <vector>

#include "asctwin/devkit/devkit_prelude.h"
#include "kernel/kernel_test_util.h"
#include "kernel/instr.h"
#include "kernel/observer.h"
#include "kernel/user_site.h"
#include "user_site_library/fake_api.h"

namespace {

using asctwin::kernel::Site;

// A UB buffer's address, as Huawei's TPipe hands one to its API.
uint8_t* ubBuffer(AscendC::TPipe& pipe, AscendC::TBuf<AscendC::TPosition::VECCALC>& b) {
  pipe.InitBuffer(b, 64);
  return b.Get<uint8_t>().ref().ptr;
}

const int kCopyLine = __LINE__ + 5;
const int kSignalLine = __LINE__ + 5;
__global__ __aicore__ void copyThroughTheLibrary(GM_ADDR in) {
  AscendC::TPipe pipe;
  AscendC::TBuf<AscendC::TPosition::VECCALC> b;
  fake_api::DataCopyBlocks(ubBuffer(pipe, b), in, 2);
  fake_api::Signal();
}

const int kBadCopyLine = __LINE__ + 4;
__global__ __aicore__ void copyOutOfBounds(GM_ADDR in) {
  AscendC::TPipe pipe;
  AscendC::TBuf<AscendC::TPosition::VECCALC> b;
  fake_api::DataCopyBlocks(ubBuffer(pipe, b), in + (1 << 20), 2);
}

class Sites : public asctwin::kernel::InstrObserver {
 public:
  void onExecute(const asctwin::kernel::CoreState&, const asctwin::kernel::Instr& in) override {
    add(in.site);
  }
  void onSync(const asctwin::kernel::CoreState&, const asctwin::kernel::SyncEvent& e) override {
    add(e.site);
  }
  std::vector<std::string> seen;

 private:
  void add(const Site& s) {
    std::lock_guard lock(mu_);
    seen.push_back(std::string(s.api) + "@" + std::filesystem::path(s.file).filename().string() +
                   ":" + std::to_string(s.line));
  }
  std::mutex mu_;
};

std::string here(const char* api, int line) {
  return std::string(api) + "@user_site_test.cpp:" + std::to_string(line);
}

class UserSiteTest : public asctwin::testing::KernelTest {
 protected:
  static void SetUpTestSuite() {
    KernelTest::SetUpTestSuite();
    const std::string lib =
        (std::filesystem::path(__FILE__).parent_path() / "user_site_library").string();
    asctwin::devkit::addLibraryDirs(lib.c_str());
  }
};

TEST_F(UserSiteTest, RecordsNameTheUsersLineInBothModes) {
  ASSERT_TRUE(asctwin::kernel::userSitesEnabled());
  for (auto mode : {asctwin::ExecMode::Fast, asctwin::ExecMode::Check}) {
    asctwin::testing::DevBuf in(64);
    in.zero();
    Sites sites;
    asctwin::LaunchOptions o = vec(1, "copyThroughTheLibrary");
    o.mode = mode;
    ASSERT_EQ(asctwin::kernel::runObserved(&sites, copyThroughTheLibrary, o, in.gm()), 0)
        << lastError();
    auto has = [&](const std::string& s) {
      return std::find(sites.seen.begin(), sites.seen.end(), s) != sites.seen.end();
    };
    EXPECT_TRUE(has(here("copy_gm_to_ubuf", kCopyLine))) << ::testing::PrintToString(sites.seen);
    EXPECT_TRUE(has(here("set_flag", kSignalLine))) << ::testing::PrintToString(sites.seen);
    EXPECT_TRUE(has(here("wait_flag", kSignalLine))) << ::testing::PrintToString(sites.seen);
  }
}

TEST_F(UserSiteTest, ALaunchFailureNamesTheUsersLine) {
  asctwin::testing::DevBuf in(64);
  asctwin::LaunchOptions o = vec(1, "copyOutOfBounds");
  EXPECT_NE(asctwin::run(copyOutOfBounds, o, in.gm()), 0);
  EXPECT_NE(
      lastError().find("copy_gm_to_ubuf at user_site_test.cpp:" + std::to_string(kBadCopyLine)),
      std::string::npos)
      << lastError();
}

}  // namespace
