// The ASC compiler driver asctwin-asc end to end: it is spawned on temporary
// sources, the programs it builds are run, and what they print is checked
// against the documented behaviour (API reference: GetBlockIdx, GetBlockNum,
// GetSubBlockIdx, GetTaskRatio, 设置Kernel类型; the hello_world sample's
// "[AIV Block i/N] " printf prefix; aclError codes of rt_error_codes.h).
//
// The driver is the build tree's (it compiles against the source headers and
// links the build's libasctwin). ASC_TEST_FLAGS carries this build's own
// compiler and linker flags (sanitizers) to every driver command.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace {

namespace fs = std::filesystem;

std::string readFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return std::move(s).str();
}

// The digits right after `key` in `text` ("" if none).
std::string valueAfter(const std::string& text, const std::string& key) {
  const std::size_t at = text.find(key);
  if (at == std::string::npos) return "";
  std::size_t end = at + key.size();
  while (end < text.size() && text[end] >= '0' && text[end] <= '9') ++end;
  return text.substr(at + key.size(), end - at - key.size());
}

struct Result {
  int status = -1;
  std::string out;
  std::string err;
};

class Driver : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::path(::testing::TempDir()) /
           ("asc_driver_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override {
    if (!HasFailure()) fs::remove_all(dir_);
  }

  void write(const std::string& name, const std::string& text) {
    const fs::path path = dir_ / name;
    fs::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << text;
  }

  // Runs a shell command in the test's directory.
  Result sh(const std::string& command) {
    const std::string cmd =
        "cd '" + dir_.string() + "' && " + command + " >stdout.txt 2>stderr.txt";
    const int status = std::system(cmd.c_str());
    Result r;
    r.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    r.out = readFile(dir_ / "stdout.txt");
    r.err = readFile(dir_ / "stderr.txt");
    return r;
  }

  // Runs the driver with `args` (and this build's flags).
  Result asc(const std::string& args) {
    return sh(std::string("'") + ASC_DRIVER + "' " + ASC_TEST_FLAGS + " " + args);
  }

  // Builds (asserting success) and runs a program; returns the run.
  Result buildAndRun(const std::string& args, const std::string& program) {
    const Result build = asc(args + " -o " + program);
    EXPECT_EQ(build.status, 0) << build.err;
    if (build.status != 0) return build;
    return sh("./" + program);
  }

  fs::path dir_;
};

// Device memory helpers and the ACL setup every test program shares.
const std::string kProgramHead = R"src(#include <cstdint>
#include <cstdio>
#include <cstring>
#include "acl/acl.h"
#include "kernel_operator.h"

static aclrtStream gStream = nullptr;
static void* gDev = nullptr;
static int64_t gHost[64];
static int gFailures = 0;

static void setUp() {
  if (aclInit(nullptr) != ACL_SUCCESS || aclrtSetDevice(0) != ACL_SUCCESS ||
      aclrtCreateStream(&gStream) != ACL_SUCCESS ||
      aclrtMalloc(&gDev, sizeof gHost, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) {
    std::printf("FAIL setup\n");
    std::exit(1);
  }
}
static uint8_t* clearedOut() {
  aclrtMemset(gDev, sizeof gHost, 0xff, sizeof gHost);
  return static_cast<uint8_t*>(gDev);
}
static const int64_t* results(aclrtStream stream) {
  if (aclrtSynchronizeStream(stream) != ACL_SUCCESS) std::printf("FAIL sync: %s\n", aclGetRecentErrMsg());
  aclrtMemcpy(gHost, sizeof gHost, gDev, sizeof gHost, ACL_MEMCPY_DEVICE_TO_HOST);
  return gHost;
}
static void expect(const char* what, const int64_t* got, std::initializer_list<int64_t> want) {
  size_t i = 0;
  bool same = true;
  for (int64_t w : want) same = same && got[i++] == w;
  same = same && got[i] == -1;  // nothing written past the expected blocks
  std::printf("%s %s:", same ? "ok" : "FAIL", what);
  for (size_t j = 0; j <= want.size(); ++j) std::printf(" %lld", static_cast<long long>(got[j]));
  std::printf("\n");
  gFailures += same ? 0 : 1;
}
#define OUT(i) reinterpret_cast<__gm__ int64_t*>(out)[i]
)src";

// --- launch forms, kernels in headers, dependency files, -save-temps -----------

TEST_F(Driver, LaunchFormsKernelsInHeadersAndPointers) {
  write("inc/kernels.h", R"src(#pragma once
#include "kernel_operator.h"
// A kernel declared and defined in a header.
__global__ __aicore__ __vector__ void from_header(GM_ADDR out) {
  reinterpret_cast<__gm__ int64_t*>(out)[AscendC::GetBlockIdx()] = 100 + AscendC::GetBlockIdx();
}
)src");
  write("forms.asc", kProgramHead + R"src(#include "kernels.h"

extern "C" __global__ __aicore__ __vector__ void c_kernel(GM_ADDR out, int32_t v) {
  OUT(AscendC::GetBlockIdx()) = v;
}
template <int N>
__global__ __cube__ void cube_t(GM_ADDR out) {
  OUT(AscendC::GetBlockIdx()) = ASCEND_IS_AIC ? N : -N;
}
__global__ __vector__ void vec(GM_ADDR out) {
  OUT(AscendC::GetBlockIdx()) = ASCEND_IS_AIV ? 7 : -7;
}
constexpr int kScenario = SCENARIO;

int main() {
  setUp();
  from_header<<<3, 0, gStream>>>(clearedOut());
  expect("header kernel", results(gStream), {100, 101, 102});

  c_kernel<<<2, 0>>>(clearedOut(), 5);  // the default stream
  expect("extern C kernel on the default stream", results(nullptr), {5, 5});

  auto cp = &c_kernel;
  cp<<<2, nullptr, gStream>>>(clearedOut(), 9);
  expect("extern C kernel through a pointer", results(gStream), {9, 9});

  auto tp = &cube_t<3>;
  tp<<<2, 0, gStream>>>(clearedOut());
  expect("template instance through a pointer (cube)", results(gStream), {3, 3});

  // The shape of the corpus' matmul_high_performance: an `if constexpr` lambda
  // picks the kernel, launched through the pointer it returns.
  constexpr auto selected = []() {
    if constexpr (kScenario == 1) {
      return cube_t<4>;
    } else {
      return vec;
    }
  }();
  selected<<<2, 0, gStream>>>(clearedOut());
  expect("lambda-selected template kernel", results(gStream), {4, 4});
  constexpr auto other = []() {
    if constexpr (kScenario == 2) {
      return cube_t<5>;
    } else {
      return vec;
    }
  }();
  other<<<3, 0, gStream>>>(clearedOut());
  expect("lambda-selected vector kernel", results(gStream), {7, 7, 7});
  std::printf("%s\n", gFailures == 0 ? "PASS" : "FAILED");
  return gFailures;
}
)src");
  fs::create_directories(dir_ / "obj");  // as build systems do: compilers make no directories
  fs::create_directories(dir_ / "deps");
  const Result compile =
      asc("-c forms.asc -Iinc -DSCENARIO=1 -MD -MF deps/forms.d -save-temps -o obj/forms.o");
  ASSERT_EQ(compile.status, 0) << compile.err;
  // -MD/-MF: the dependency file of the object lists the header.
  const std::string deps = readFile(dir_ / "deps/forms.d");
  EXPECT_EQ(deps.rfind("obj/forms.o:", 0), 0u) << deps;
  EXPECT_NE(deps.find("forms.asc"), std::string::npos) << deps;
  EXPECT_NE(deps.find("inc/kernels.h"), std::string::npos) << deps;
  // -save-temps: the preprocessed source and its translation next to the object.
  const std::string ii = readFile(dir_ / "obj/forms.o.ii");
  const std::string cpp = readFile(dir_ / "obj/forms.o.asc.cpp");
  EXPECT_NE(ii.find("from_header<<<3, 0, gStream>>>"), std::string::npos);
  EXPECT_NE(cpp.find("::asctwin::ascLaunch(::asctwin::KernelSpec{::asctwin::KernelKind::Vector, "
                     "0, 0}, \"from_header\", from_header, (3), (0), (gStream), clearedOut());"),
            std::string::npos);
  EXPECT_NE(cpp.find("::asctwin::ascLaunchPtr(\"selected\", selected,"), std::string::npos);
  const Result link = asc("obj/forms.o -o forms");
  ASSERT_EQ(link.status, 0) << link.err;
  const Result run = sh("./forms");
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  EXPECT_NE(run.out.find("PASS"), std::string::npos) << run.out << run.err;
}

TEST_F(Driver, OnlyTheLiveBranchOfAnIfCounts) {
  // The same kernel name with different kinds in the two branches is no conflict.
  write("which.asc", kProgramHead + R"src(
#if defined(USE_CUBE)
__global__ __cube__ void which(GM_ADDR out) { OUT(AscendC::GetBlockIdx()) = ASCEND_IS_AIC ? 2 : -2; }
#else
__global__ __vector__ void which(GM_ADDR out) { OUT(AscendC::GetBlockIdx()) = ASCEND_IS_AIV ? 1 : -1; }
#endif
int main() {
  setUp();
  which<<<1, 0, gStream>>>(clearedOut());
  std::printf("which=%lld\n", static_cast<long long>(results(gStream)[0]));
  return 0;
}
)src");
  Result run = buildAndRun("which.asc -DUSE_CUBE", "cube");
  EXPECT_EQ(run.out, "which=2\n") << run.err;
  run = buildAndRun("which.asc", "vector");
  EXPECT_EQ(run.out, "which=1\n") << run.err;
}

// --- what kernels see -------------------------------------------------------------

TEST_F(Driver, BlockVariablesMixKernelsAndDevicePrintf) {
  write("blocks.asc", kProgramHead + R"src(
// One record of 8 values per core: what it reads from the built-in variables
// and the system-variable calls.
__aicore__ inline void record(GM_ADDR out, int64_t slot) {
  OUT(slot * 8 + 0) = block_idx;
  OUT(slot * 8 + 1) = block_num;
  OUT(slot * 8 + 2) = sub_block_idx;
  OUT(slot * 8 + 3) = AscendC::GetBlockIdx();
  OUT(slot * 8 + 4) = AscendC::GetBlockNum();
  OUT(slot * 8 + 5) = AscendC::GetSubBlockIdx();
  OUT(slot * 8 + 6) = AscendC::GetTaskRatio();
  OUT(slot * 8 + 7) = ASCEND_IS_AIV ? 1 : 0;
}
__global__ __vector__ void vec(GM_ADDR out) {
  record(out, AscendC::GetBlockIdx());
  printf("hello %d\n", static_cast<int>(AscendC::GetBlockIdx()));
}
// Slots: AIC cores [0, n), AIV cores [n, 3n).
__global__ __mix__(1, 2) void mix(GM_ADDR out, int64_t n) {
  record(out, ASCEND_IS_AIV ? n + AscendC::GetBlockIdx() : AscendC::GetBlockIdx());
}
static void dump(const char* name, int cores) {
  for (int c = 0; c < cores; ++c) {
    std::printf("%s", name);
    for (int v = 0; v < 8; ++v) std::printf(" %lld", static_cast<long long>(gHost[c * 8 + v]));
    std::printf("\n");
  }
}
int main() {
  setUp();
  vec<<<4, 0, gStream>>>(clearedOut());
  results(gStream);
  std::fflush(stdout);
  dump("vec", 4);
  mix<<<2, 0, gStream>>>(clearedOut(), 2);
  results(gStream);
  dump("mix", 6);
  return 0;
}
)src");
  const Result run = buildAndRun("blocks.asc", "blocks");
  ASSERT_EQ(run.status, 0) << run.err;
  std::vector<std::vector<long long>> vec;
  std::vector<std::vector<long long>> mix;
  std::multiset<std::string> printed;
  std::istringstream lines(run.out);
  for (std::string line; std::getline(lines, line);) {
    std::istringstream words(line);
    std::string name;
    words >> name;
    if (name == "vec" || name == "mix") {
      std::vector<long long> values(8);
      for (long long& v : values) words >> v;
      (name == "vec" ? vec : mix).push_back(values);
    } else {
      printed.insert(line);
    }
  }
  // The vector kernel, 4 blocks: every core is an AIV, its built-ins equal the calls.
  ASSERT_EQ(vec.size(), 4u) << run.out;
  for (long long b = 0; b < 4; ++b) {
    const std::vector<long long>& r = vec[static_cast<size_t>(b)];
    EXPECT_EQ(r, (std::vector<long long>{b, 4, 0, b, 4, 0, 1, 1})) << "block " << b;
  }
  // Device printf: the NPU's prefix "[AIV Block i/N] ", one line per block.
  EXPECT_EQ(printed,
            (std::multiset<std::string>{"[AIV Block 0/4] hello 0", "[AIV Block 1/4] hello 1",
                                        "[AIV Block 2/4] hello 2", "[AIV Block 3/4] hello 3"}))
      << run.out;
  // __mix__(1, 2), numBlocks 2: 2 AIC cores with indices [0, 2) and ratio 1,
  // 4 AIV cores with indices [0, 4) and ratio 2; GetBlockNum() is numBlocks on both.
  ASSERT_EQ(mix.size(), 6u) << run.out;
  std::set<std::pair<long long, long long>> groups;
  for (long long c = 0; c < 6; ++c) {
    const std::vector<long long>& r = mix[static_cast<size_t>(c)];
    const bool aiv = c >= 2;
    SCOPED_TRACE("mix core " + std::to_string(c));
    EXPECT_EQ(r[7], aiv ? 1 : 0);
    EXPECT_EQ(r[3], aiv ? c - 2 : c);  // GetBlockIdx (the slot)
    EXPECT_EQ(r[1], 2);                // block_num
    EXPECT_EQ(r[4], 2);                // GetBlockNum
    EXPECT_EQ(r[6], aiv ? 2 : 1);      // GetTaskRatio
    EXPECT_EQ(r[2], r[5]);             // sub_block_idx == GetSubBlockIdx
    if (aiv) {
      EXPECT_TRUE(r[5] == 0 || r[5] == 1);
      EXPECT_TRUE(r[0] >= 0 && r[0] < 2);  // block_idx: the AIV's AIC:AIV group
      groups.insert({r[0], r[5]});
    } else {
      EXPECT_EQ(r[0], c);  // block_idx
      EXPECT_EQ(r[5], 0);
    }
  }
  // Each group has one AIV of each sub-block index.
  EXPECT_EQ(groups, (std::set<std::pair<long long, long long>>{{0, 0}, {0, 1}, {1, 0}, {1, 1}}));
}

// A unit that declares a kernel without a kind launches it with the kind of
// the unit that defines it (the registry), here a 1:2 mix kernel: 2 blocks are
// 2 AIC and 4 AIV cores.
TEST_F(Driver, AKernelDeclaredWithoutAKindRunsWithItsDefinitionsKind) {
  write("mixdef.asc", R"src(#include "kernel_operator.h"
__global__ __mix__(1, 2) void counted(GM_ADDR out) {
  const int64_t slot = ASCEND_IS_AIV ? 2 + AscendC::GetBlockIdx() : AscendC::GetBlockIdx();
  reinterpret_cast<int64_t*>(out)[slot] = ASCEND_IS_AIV ? 1 : 0;
}
)src");
  write("launcher.asc", kProgramHead + R"src(
__global__ __aicore__ void counted(GM_ADDR out);  // no kind here
int main() {
  setUp();
  counted<<<2, 0, gStream>>>(clearedOut());
  expect("cores", results(gStream), {0, 0, 1, 1, 1, 1});
  return gFailures;
}
)src");
  const Result run = buildAndRun("mixdef.asc launcher.asc", "launcher");
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  EXPECT_NE(run.out.find("ok cores: 0 0 1 1 1 1 -1"), std::string::npos) << run.out << run.err;
}

TEST_F(Driver, KernelErrorsSurfaceAtSynchronizeAndTheProcessContinues) {
  write("errors.asc", kProgramHead + R"src(#include <cassert>
__global__ __aicore__ __vector__ void checked(int32_t v) {
  assert(v == 0);
}
void not_a_kernel(int32_t) {}
int main() {
  setUp();
  checked<<<2, 0, gStream>>>(1);
  const int rc = aclrtSynchronizeStream(gStream);
  std::printf("assert rc=%d\nassert message=%s\n", rc, aclGetRecentErrMsg());
  auto p = &not_a_kernel;
  const int launch = p<<<1, 0, gStream>>>(3);
  std::printf("pointer rc=%d\npointer message=%s\n", launch, aclGetRecentErrMsg());
  std::printf("continued\n");
  return 0;
}
)src");
  const Result run = buildAndRun("errors.asc", "errors");
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  EXPECT_NE(valueAfter(run.out, "assert rc="), "0") << run.out;
  EXPECT_NE(valueAfter(run.out, "assert rc="), "") << run.out;
  // The failing assert is named by file and line (`assert(v == 0);` is the
  // third line after the shared head).
  const std::string line =
      std::to_string(std::count(kProgramHead.begin(), kProgramHead.end(), '\n') + 3);
  EXPECT_NE(run.out.find("errors.asc:" + line), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("v == 0"), std::string::npos) << run.out;
  // A launch through a pointer to something that is not a kernel: a clear error, no crash.
  EXPECT_NE(valueAfter(run.out, "pointer rc="), "0") << run.out;
  EXPECT_NE(valueAfter(run.out, "pointer rc="), "") << run.out;
  EXPECT_NE(run.out.find("launch of 'p'"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("not a kernel"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("continued"), std::string::npos) << run.out;
}

TEST_F(Driver, AiCpuKernelsAreStreamTasksWithTheirReturnValue) {
  write("task.aicpu", R"src(#include "aicpu_api.h"
#include "args.h"
__global__ __aicpu__ uint32_t cpu_kernel(Args a) {
  *a.out = a.value * 2;
  return a.value == 7 ? 1 : 0;  // non-zero: the task fails
}
)src");
  write("args.h",
        "#pragma once\n#include <cstdint>\nstruct Args { uint32_t value; uint32_t* out; };\n");
  write("main.asc", R"src(#include <cstdio>
#include "acl/acl.h"
#include "args.h"
extern __global__ __aicpu__ uint32_t cpu_kernel(Args a);
int main() {
  aclInit(nullptr);
  aclrtSetDevice(0);
  aclrtStream s;
  aclrtCreateStream(&s);
  uint32_t out = 0;
  cpu_kernel<<<1, 0, s>>>(Args{3, &out});
  int rc = aclrtSynchronizeStream(s);
  std::printf("first rc=%d out=%u\n", rc, out);
  cpu_kernel<<<1, 0, s>>>(Args{7, &out});
  rc = aclrtSynchronizeStream(s);
  std::printf("second rc=%d out=%u\n", rc, out);
  return 0;
}
)src");
  const Result task = asc("-c -x aicpu task.aicpu -o task.o");
  ASSERT_EQ(task.status, 0) << task.err;
  const Result run = buildAndRun("main.asc task.o", "aicpu");
  EXPECT_EQ(run.status, 0) << run.err;
  // ACL_ERROR_RT_AICPU_EXCEPTION is 507018 (rt_error_codes.h).
  EXPECT_EQ(run.out, "first rc=0 out=6\nsecond rc=507018 out=14\n") << run.err;
}

// --- the command line -------------------------------------------------------------------

TEST_F(Driver, CSourcesAreCompiledAsCAndCWithoutOutputNamesTheObject) {
  // `class` is an identifier in C only.
  write("cpart.c", "int c_part(int v) { int class = v * 3; return class; }\n");
  write("main.asc", R"src(#include <cstdio>
extern "C" int c_part(int v);
int main() { std::printf("c_part=%d\n", c_part(5)); return 0; }
)src");
  const Result c = asc("-c cpart.c");
  ASSERT_EQ(c.status, 0) << c.err;
  EXPECT_TRUE(fs::exists(dir_ / "cpart.o"));
  const Result m = asc("-c main.asc");
  ASSERT_EQ(m.status, 0) << m.err;
  EXPECT_TRUE(fs::exists(dir_ / "main.o"));
  const Result run = buildAndRun("main.o cpart.o", "mixed");
  EXPECT_EQ(run.out, "c_part=15\n") << run.err;
}

TEST_F(Driver, DependencyFilesAreNamedAfterTheObjectWithoutMF) {
  // As gcc -c: -MMD without -MF writes <object stem>.d, listing user headers
  // only (the twin's headers are system headers).
  write("hdr.h", "constexpr int kValue = 3;\n");
  write("dep.asc",
        "#include \"hdr.h\"\n#include \"kernel_operator.h\"\nint f() { return kValue; }\n");
  fs::create_directories(dir_ / "obj");
  const Result r = asc("-c dep.asc -MMD -o obj/dep.o");
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string deps = readFile(dir_ / "obj/dep.d");
  EXPECT_EQ(deps.rfind("obj/dep.o: dep.asc hdr.h", 0), 0u) << deps;
  EXPECT_EQ(deps.find("kernel_operator.h"), std::string::npos) << deps;
}

TEST_F(Driver, XLanguageHoldsUntilTheNextX) {
  // After `-x aicpu`, `-x none` goes back to extensions: the archive is linked, not compiled.
  write("task.aicpu", R"src(#include "aicpu_api.h"
__global__ __aicpu__ uint32_t task(uint32_t* out) { *out = 42; return 0; }
)src");
  write("main.asc", R"src(#include <cstdio>
#include "acl/acl.h"
extern __global__ __aicpu__ uint32_t task(uint32_t* out);
int main() {
  aclInit(nullptr);
  aclrtSetDevice(0);
  uint32_t out = 0;
  task<<<1, 0>>>(&out);
  const int rc = aclrtSynchronizeStream(nullptr);
  std::printf("rc=%d out=%u\n", rc, out);
  return 0;
}
)src");
  ASSERT_EQ(asc("-c main.asc").status, 0);
  ASSERT_EQ(sh("ar qc libmain.a main.o").status, 0);
  const Result run = buildAndRun("-x aicpu task.aicpu -x none libmain.a", "prog");
  EXPECT_EQ(run.out, "rc=0 out=42\n") << run.err;
}

TEST_F(Driver, TheRawFrontEndCommand) {
  // asctwin-asc-rewrite: the front end on a source as written (SourceForm::Raw).
  write("raw.asc", "__global__ __vector__ void k(int);\nvoid f() { k<<<1, 0>>>(2); }\n");
  const std::string rewrite = std::string("'") + ASC_REWRITE + "' ";
  Result r = sh(rewrite + "raw.asc out/raw.cpp");
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string out = readFile(dir_ / "out/raw.cpp");
  const std::string head = "#include \"asctwin/asc_prelude.h\"\n#line 1 \"" +
                           (fs::canonical(dir_) / "raw.asc").string() + "\"\n";
  EXPECT_EQ(out.substr(0, head.size()), head) << out;
  EXPECT_NE(out.find("::asctwin::ascLaunch(::asctwin::KernelSpec{::asctwin::KernelKind::Vector, 0, "
                     "0}, \"k\", k, (1), (0), nullptr, 2);"),
            std::string::npos)
      << out;
  // Errors: status 1, "file:line:col: error:", no stale output left.
  write("bad.asc", "void f() {\n  k<<<1>>>(2);\n}\n");
  r = sh(rewrite + "bad.asc out/raw.cpp");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("bad.asc:2:4: error: a launch takes two or three parameters"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(dir_ / "out/raw.cpp"));
  EXPECT_EQ(sh(rewrite).status, 2);
  EXPECT_EQ(sh(rewrite + "missing.asc x.cpp").status, 2);
}

TEST_F(Driver, OnlyTheTwinnedArchitecture) {
  write("a.asc", "int main() { return 0; }\n");
  const Result r = asc("--npu-arch=dav-3510 -c a.asc");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("dav-3510"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("dav-2201"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir_ / "a.o"));
  EXPECT_EQ(asc("--npu-arch=dav-2201 -c a.asc").status, 0);
  const Result mode = asc("--run-mode=fpga -c a.asc");
  EXPECT_EQ(mode.status, 2);
  EXPECT_NE(mode.err.find("npu, cpu or sim"), std::string::npos) << mode.err;
}

TEST_F(Driver, VersionAndPreprocess) {
  const Result v = asc("--version");
  EXPECT_EQ(v.status, 0);
  EXPECT_EQ(v.out.rfind("asctwin-asc ", 0), 0u) << v.out;
  EXPECT_NE(v.out.find("dav-2201"), std::string::npos) << v.out;
  write("p.asc",
        "int arch = __NPU_ARCH__;\n"
        "#ifdef ASCENDC_CPU_DEBUG\nint cpu_debug = 1;\n#endif\n"
        "__global__ __aicore__ void k(int);\n"
        "void f() { k<<<1, 0>>>(2); }\n");
  const Result e = asc("-E p.asc");
  EXPECT_EQ(e.status, 0) << e.err;
  EXPECT_NE(e.out.find("int arch = 2201;"), std::string::npos);
  EXPECT_EQ(e.out.find("cpu_debug"), std::string::npos);
  EXPECT_NE(e.out.find("k<<<1, 0>>>(2);"), std::string::npos);  // -E does not translate
  EXPECT_NE(e.out.find("# 1 \"p.asc\""), std::string::npos);
  const Result cpu = asc("--run-mode=cpu -E p.asc -o p.i");
  EXPECT_EQ(cpu.status, 0) << cpu.err;
  EXPECT_NE(readFile(dir_ / "p.i").find("int cpu_debug = 1;"), std::string::npos);
}

TEST_F(Driver, FrontEndErrorsNameTheUsersFileAndLine) {
  write("bad.h", "__global__ __vector__ void k(int);\n");
  write("bad.asc", "#include \"bad.h\"\n\nvoid f() {\n  k<<<1>>>(2);\n}\n");
  const Result r = asc("-c bad.asc");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("bad.asc:4:4: error: a launch takes two or three parameters"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(dir_ / "bad.o"));
  write("conflict.h", "__global__ __cube__ void k(int);\n");
  write("conflict.asc", "#include \"bad.h\"\n#include \"conflict.h\"\n");
  const Result c = asc("-c conflict.asc");
  EXPECT_EQ(c.status, 1);
  EXPECT_NE(c.err.find("conflict.h:1:26: error: kernel 'k' redeclared as __cube__; it was "
                       "declared as __vector__ at "),
            std::string::npos)
      << c.err;
  EXPECT_NE(c.err.find("bad.h:1"), std::string::npos) << c.err;
}

TEST_F(Driver, HostCompilerErrorsKeepTheirStatus) {
  write("broken.asc", "int main() { return undeclared; }\n");
  const Result r = asc("-c broken.asc");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("broken.asc:1"), std::string::npos) << r.err;  // the user's file and line
  EXPECT_NE(r.err.find("undeclared"), std::string::npos) << r.err;
}

}  // namespace
