// The rest of device memory: 2D copies, D32 memsets, the SDMA reduce, host
// registration, managed memory, pools, physical memory mapped into reserved
// ranges and shared with another process (shareable handles, IPC keys),
// TDT channels and queues, the data dump and the mstx trace.
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "acl/acl_dump.h"
#include "acl/acl_prof.h"
#include "acl/acl_rt_memory_soma.h"
#include "acl/acl_tdt.h"
#include "acl/acl_tdt_queue.h"
#include "acl/acl_test_util.h"
#include "aclnnop/aclnn_add.h"

namespace asctwin::testing {
namespace {

class AclMemExt : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    ASSERT_EQ(aclrtCreateStream(&s_), ACL_SUCCESS);
  }
  void TearDown() override {
    aclrtDestroyStream(s_);
    aclrtResetDevice(0);
  }
  aclrtStream s_ = nullptr;
};

TEST_F(AclMemExt, Copy2dAndMemsetD32) {
  // A 3 x 4 block out of host rows of 10 bytes into device rows of 8.
  std::vector<uint8_t> host(30), back(24, 0);
  for (size_t i = 0; i < host.size(); ++i) host[i] = static_cast<uint8_t>(i);
  void* d = nullptr;
  ASSERT_EQ(aclrtMalloc(&d, 24, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemset(d, 24, 0, 24), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemcpy2d(d, 8, host.data(), 10, 4, 3, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemcpy(back.data(), 24, d, 24, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  for (size_t r = 0; r < 3; ++r)
    for (size_t c = 0; c < 8; ++c)
      EXPECT_EQ(back[r * 8 + c], c < 4 ? host[r * 10 + c] : 0) << r << c;
  EXPECT_REJECTED(aclrtMemcpy2d(d, 8, host.data(), 10, 9, 3, ACL_MEMCPY_HOST_TO_DEVICE),
                  ACL_ERROR_INVALID_PARAM, "width");
  EXPECT_REJECTED(aclrtMemcpy2d(d, 8, host.data(), 10, 4, 4, ACL_MEMCPY_HOST_TO_DEVICE),
                  ACL_ERROR_INVALID_PARAM, "dst");  // 3 * 8 + 4 > 24 bytes
  ASSERT_EQ(aclrtMemsetD32Async(d, 24, 0xDEADBEEFu, 6, s_), ACL_SUCCESS);
  ASSERT_EQ(aclrtSynchronizeStream(s_), ACL_SUCCESS);
  uint32_t w[6];
  ASSERT_EQ(aclrtMemcpy(w, 24, d, 24, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  for (uint32_t x : w) EXPECT_EQ(x, 0xDEADBEEFu);
  EXPECT_REJECTED(aclrtMemsetD32(d, 24, 1, 7), ACL_ERROR_INVALID_PARAM, "exceed memSize");
  aclrtFree(d);
}

TEST_F(AclMemExt, ReduceSumMaxMin) {
  std::vector<float> a = {1, -2, 3.5f, 8}, b = {0.5f, 4, -1, 8};
  void *da = nullptr, *db = nullptr;
  ASSERT_EQ(aclrtMalloc(&da, 16, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtMalloc(&db, 16, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemcpy(db, 16, b.data(), 16, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  for (auto kind : {ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM, ACL_RT_MEMCPY_SDMA_AUTOMATIC_MAX,
                    ACL_RT_MEMCPY_SDMA_AUTOMATIC_MIN}) {
    ASSERT_EQ(aclrtMemcpy(da, 16, a.data(), 16, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
    ASSERT_EQ(aclrtReduceAsync(da, db, 16, kind, ACL_FLOAT, s_, nullptr), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(s_), ACL_SUCCESS);
    std::vector<float> r(4);
    ASSERT_EQ(aclrtMemcpy(r.data(), 16, da, 16, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
    for (int i = 0; i < 4; ++i) {
      const float want = kind == ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM   ? a[i] + b[i]
                         : kind == ACL_RT_MEMCPY_SDMA_AUTOMATIC_MAX ? std::max(a[i], b[i])
                                                                    : std::min(a[i], b[i]);
      EXPECT_EQ(r[i], want) << kind << " " << i;
    }
  }
  EXPECT_REJECTED(
      aclrtReduceAsync(da, db, 16, ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM, ACL_DOUBLE, s_, nullptr),
      ACL_ERROR_INVALID_PARAM, "type must be");
  EXPECT_REJECTED(
      aclrtReduceAsync(da, db, 15, ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM, ACL_FLOAT, s_, nullptr),
      ACL_ERROR_INVALID_PARAM, "multiple of the element size");
  aclrtFree(da);
  aclrtFree(db);
}

TEST_F(AclMemExt, HostRegisterManagedAndPools) {
  std::vector<int32_t> host(64, 3);
  void* dev = nullptr;
  ASSERT_EQ(aclrtHostRegister(host.data(), 256, ACL_HOST_REGISTER_MAPPED, &dev), ACL_SUCCESS);
  EXPECT_EQ(dev, host.data());
  ASSERT_EQ(aclrtMemsetAsync(dev, 256, 0, 4, s_),
            ACL_SUCCESS);  // the device writes the host's memory
  ASSERT_EQ(aclrtSynchronizeStream(s_), ACL_SUCCESS);
  EXPECT_EQ(host[0], 0);
  ASSERT_EQ(aclrtHostUnregister(host.data()), ACL_SUCCESS);
  EXPECT_REJECTED(aclrtHostUnregister(host.data()), ACL_ERROR_INVALID_PARAM, "registered");
  void* managed = nullptr;
  ASSERT_EQ(aclrtMemAllocManaged(&managed, 4096, ACL_RT_MEM_ATTACH_GLOBAL), ACL_SUCCESS);
  static_cast<uint8_t*>(managed)[0] = 9;  // host access
  ASSERT_EQ(aclrtMemsetAsync(static_cast<uint8_t*>(managed) + 1, 8, 7, 1, s_), ACL_SUCCESS);
  ASSERT_EQ(aclrtSynchronizeStream(s_), ACL_SUCCESS);
  EXPECT_EQ(static_cast<uint8_t*>(managed)[1], 7);
  aclrtPtrAttributes attr;
  ASSERT_EQ(aclrtPointerGetAttributes(managed, &attr), ACL_SUCCESS);
  EXPECT_EQ(attr.location.type, ACL_MEM_LOCATION_TYPE_MANAGED);
  ASSERT_EQ(aclrtFree(managed), ACL_SUCCESS);
  aclrtMemPoolProps props{};
  props.allocType = ACL_MEM_ALLOCATION_TYPE_PINNED;
  props.location.type = ACL_MEM_LOCATION_TYPE_DEVICE;
  aclrtMemPool pool = nullptr;
  ASSERT_EQ(aclrtMemPoolCreate(&pool, &props), ACL_SUCCESS);
  void* p = nullptr;
  ASSERT_EQ(aclrtMemPoolMallocAsync(&p, 1000, pool, s_), ACL_SUCCESS);
  uint64_t used = 0;
  ASSERT_EQ(aclrtMemPoolGetAttr(pool, ACL_RT_MEM_POOL_ATTR_USED_MEM_CURRENT, &used), ACL_SUCCESS);
  EXPECT_EQ(used, 1000u);
  EXPECT_REJECTED(aclrtMemPoolDestroy(pool), ACL_ERROR_INVALID_PARAM, "still has");
  ASSERT_EQ(aclrtMemPoolFreeAsync(p, s_), ACL_SUCCESS);
  ASSERT_EQ(aclrtSynchronizeStream(s_), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemPoolDestroy(pool), ACL_SUCCESS);
}

aclrtPhysicalMemProp deviceProp() {
  aclrtPhysicalMemProp prop{};
  prop.handleType = ACL_MEM_HANDLE_TYPE_NONE;
  prop.allocationType = ACL_MEM_ALLOCATION_TYPE_PINNED;
  prop.location.type = ACL_MEM_LOCATION_TYPE_DEVICE;
  prop.memAttr = ACL_HBM_MEM_NORMAL;
  return prop;
}

TEST_F(AclMemExt, PhysicalMemorySharedWithAChildProcess) {
  aclrtPhysicalMemProp prop = deviceProp();
  size_t gran = 0;
  ASSERT_EQ(aclrtMemGetAllocationGranularity(&prop, ACL_RT_MEM_ALLOC_GRANULARITY_MINIMUM, &gran),
            ACL_SUCCESS);
  aclrtDrvMemHandle h = nullptr;
  ASSERT_EQ(aclrtMallocPhysical(&h, gran, &prop, 0), ACL_SUCCESS);
  aclrtDrvMemHandle odd = nullptr;
  EXPECT_REJECTED(aclrtMallocPhysical(&odd, gran + 1, &prop, 0), ACL_ERROR_INVALID_PARAM,
                  "granularity");
  void* va = nullptr;
  ASSERT_EQ(aclrtReserveMemAddress(&va, gran, 0, nullptr, 0), ACL_SUCCESS);
  ASSERT_EQ(aclrtMapMem(va, gran, 0, h, 0), ACL_SUCCESS);
  EXPECT_REJECTED(aclrtMapMem(va, gran, 0, h, 0), ACL_ERROR_INVALID_PARAM, "overlaps");
  aclrtMemAccessDesc access{};
  access.flags = ACL_RT_MEM_ACCESS_FLAGS_READWRITE;
  access.location.type = ACL_MEM_LOCATION_TYPE_DEVICE;
  ASSERT_EQ(aclrtMemSetAccess(va, gran, &access, 1), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemset(va, gran, 0x42, 64), ACL_SUCCESS);  // device memory now
  uint64_t shareable = 0;
  ASSERT_EQ(
      aclrtMemExportToShareableHandle(h, ACL_MEM_HANDLE_TYPE_NONE,
                                      ACL_RT_VMM_EXPORT_FLAG_DISABLE_PID_VALIDATION, &shareable),
      ACL_SUCCESS);
  const pid_t child = fork();
  if (child == 0) {
    // The child maps the same physical memory and sees the parent's bytes.
    int rc = 1;
    aclrtDrvMemHandle imported = nullptr;
    void* cva = nullptr;
    uint8_t b = 0;
    if (aclrtMemImportFromShareableHandle(shareable, 0, &imported) == ACL_SUCCESS &&
        aclrtReserveMemAddress(&cva, gran, 0, nullptr, 0) == ACL_SUCCESS &&
        aclrtMapMem(cva, gran, 0, imported, 0) == ACL_SUCCESS &&
        aclrtMemcpy(&b, 1, cva, 1, ACL_MEMCPY_DEVICE_TO_HOST) == ACL_SUCCESS && b == 0x42) {
      static_cast<uint8_t*>(cva)[1] = 0x17;  // written back for the parent
      rc = 0;
    }
    _exit(rc);
  }
  int status = -1;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  EXPECT_EQ(static_cast<uint8_t*>(va)[1], 0x17);
  EXPECT_REJECTED(aclrtFreePhysical(h), ACL_ERROR_INVALID_PARAM, "still mapped");
  ASSERT_EQ(aclrtUnmapMem(va), ACL_SUCCESS);
  ASSERT_EQ(aclrtReleaseMemAddress(va), ACL_SUCCESS);
  ASSERT_EQ(aclrtFreePhysical(h), ACL_SUCCESS);
  // Without disabling the pid check, an unlisted process may not import.
  ASSERT_EQ(aclrtMallocPhysical(&h, gran, &prop, 0), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemExportToShareableHandle(h, ACL_MEM_HANDLE_TYPE_NONE, 0, &shareable),
            ACL_SUCCESS);
  const pid_t other = fork();
  if (other == 0) {
    aclrtDrvMemHandle imported = nullptr;
    _exit(aclrtMemImportFromShareableHandle(shareable, 0, &imported) == ACL_ERROR_RT_NO_PERMISSION
              ? 0
              : 1);
  }
  ASSERT_EQ(waitpid(other, &status, 0), other);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  ASSERT_EQ(aclrtFreePhysical(h), ACL_SUCCESS);
}

TEST_F(AclMemExt, IpcMemoryKeyAcrossProcesses) {
  void* d = nullptr;
  ASSERT_EQ(aclrtMalloc(&d, 4096, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemset(d, 4096, 0x21, 4096), ACL_SUCCESS);
  char key[65] = {};
  EXPECT_REJECTED(aclrtIpcMemGetExportKey(d, 4096, key, 4, 1), ACL_ERROR_INVALID_PARAM, "len");
  ASSERT_EQ(aclrtIpcMemGetExportKey(d, 4096, key, sizeof key,
                                    ACL_RT_IPC_MEM_EXPORT_FLAG_DISABLE_PID_VALIDATION),
            ACL_SUCCESS);
  EXPECT_EQ(static_cast<uint8_t*>(d)[100], 0x21);  // the exporter's bytes are kept
  const pid_t child = fork();
  if (child == 0) {
    void* p = nullptr;
    uint8_t b = 0;
    const bool ok = aclrtIpcMemImportByKey(&p, key, 0) == ACL_SUCCESS &&
                    aclrtMemcpy(&b, 1, p, 1, ACL_MEMCPY_DEVICE_TO_HOST) == ACL_SUCCESS && b == 0x21;
    if (ok) static_cast<uint8_t*>(p)[2] = 0x33;
    _exit(ok && aclrtIpcMemClose(key) == ACL_SUCCESS ? 0 : 1);
  }
  int status = -1;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  EXPECT_EQ(static_cast<uint8_t*>(d)[2], 0x33);
  ASSERT_EQ(aclrtIpcMemClose(key), ACL_SUCCESS);
  EXPECT_REJECTED(aclrtIpcMemClose(key), ACL_ERROR_INVALID_PARAM, "neither exported nor imported");
  aclrtFree(d);
}

TEST_F(AclMemExt, TdtChannelAndQueueRoute) {
  acltdtChannelHandle* ch = acltdtCreateChannelWithCapacity(0, "test", 1);
  ASSERT_NE(ch, nullptr);
  float v[2] = {1, 2};
  int64_t dims[] = {2};
  acltdtDataItem* item =
      acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, dims, 1, ACL_FLOAT, v, sizeof v);
  acltdtDataset* ds = acltdtCreateDataset();
  ASSERT_EQ(acltdtAddDataItem(ds, item), ACL_SUCCESS);
  ASSERT_EQ(acltdtSendTensor(ch, ds, 0), ACL_SUCCESS);
  EXPECT_EQ(acltdtSendTensor(ch, ds, 0), ACL_ERROR_RT_QUEUE_FULL);
  size_t size = 0;
  ASSERT_EQ(acltdtQueryChannelSize(ch, &size), ACL_SUCCESS);
  EXPECT_EQ(size, 1u);
  acltdtDataset* got = acltdtCreateDataset();
  ASSERT_EQ(acltdtReceiveTensor(ch, got, 0), ACL_SUCCESS);
  ASSERT_EQ(acltdtGetDatasetSize(got), 1u);
  acltdtDataItem* gi = acltdtGetDataItem(got, 0);
  EXPECT_EQ(acltdtGetDataSizeFromItem(gi), sizeof v);
  EXPECT_EQ(std::memcmp(acltdtGetDataAddrFromItem(gi), v, sizeof v), 0);
  EXPECT_EQ(acltdtReceiveTensor(ch, got, 0), ACL_ERROR_RT_QUEUE_EMPTY);
  acltdtDestroyDataItem(gi);
  acltdtDestroyDataItem(item);
  acltdtDestroyDataset(ds);
  acltdtDestroyDataset(got);
  ASSERT_EQ(acltdtDestroyChannel(ch), ACL_SUCCESS);
  // Queues: a bound route src -> dst forwards what src receives.
  acltdtQueueAttr* attr = acltdtCreateQueueAttr();
  uint32_t depth = 4, src = 0, dst = 0;
  ASSERT_EQ(acltdtSetQueueAttr(attr, ACL_TDT_QUEUE_DEPTH_UINT32, sizeof depth, &depth),
            ACL_SUCCESS);
  ASSERT_EQ(acltdtCreateQueue(attr, &src), ACL_SUCCESS);
  ASSERT_EQ(acltdtCreateQueue(attr, &dst), ACL_SUCCESS);
  acltdtQueueRoute* r = acltdtCreateQueueRoute(src, dst);
  acltdtQueueRouteList* list = acltdtCreateQueueRouteList();
  ASSERT_EQ(acltdtAddQueueRoute(list, r), ACL_SUCCESS);
  ASSERT_EQ(acltdtBindQueueRoutes(list), ACL_SUCCESS);
  const char msg[] = "hello";
  ASSERT_EQ(acltdtEnqueueData(src, msg, sizeof msg, nullptr, 0, 0, 0), ACL_SUCCESS);
  char out[16] = {};
  size_t n = 0;
  ASSERT_EQ(acltdtDequeueData(dst, out, sizeof out, &n, nullptr, 0, 0), ACL_SUCCESS);
  EXPECT_EQ(n, sizeof msg);
  EXPECT_STREQ(out, "hello");
  EXPECT_REJECTED(acltdtDestroyQueue(src), ACL_ERROR_INVALID_PARAM, "bound route");
  ASSERT_EQ(acltdtUnbindQueueRoutes(list), ACL_SUCCESS);
  EXPECT_EQ(acltdtDequeueData(dst, out, sizeof out, &n, nullptr, 0, 0), ACL_ERROR_RT_QUEUE_EMPTY);
  ASSERT_EQ(acltdtDestroyQueue(src), ACL_SUCCESS);
  ASSERT_EQ(acltdtDestroyQueue(dst), ACL_SUCCESS);
  EXPECT_EQ(acltdtDestroyQueue(dst), ACL_ERROR_INVALID_QUEUE_ID);
  acltdtDestroyQueueRoute(r);
  acltdtDestroyQueueRouteList(list);
  acltdtDestroyQueueAttr(attr);
}

std::vector<std::string> gChunks;
int32_t collect(const acldumpChunk* c, int32_t len) {
  if (static_cast<size_t>(len) != sizeof(acldumpChunk) + c->bufLen) return -1;
  gChunks.push_back(c->fileName);
  return 0;
}

TEST_F(AclMemExt, DataDumpOfAnOperatorAndMsproftxTrace) {
  char dir[] = "/tmp/asctwin-dump-XXXXXX";
  ASSERT_NE(mkdtemp(dir), nullptr);
  const std::string cfg = std::string(dir) + "/acl.json";
  std::ofstream(cfg) << "{\"dump\": {\"dump_path\": \"" << dir
                     << "\", \"dump_op_switch\": \"on\"}}";
  ASSERT_EQ(aclmdlSetDump(cfg.c_str()), ACL_SUCCESS);
  EXPECT_STREQ(acldumpGetPath(DATA_DUMP), dir);
  ASSERT_EQ(acldumpRegCallback(collect, 0), ACL_SUCCESS);
  std::vector<float> a = {1, 2};
  void *d = nullptr, *o = nullptr;
  ASSERT_EQ(aclrtMalloc(&d, 8, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtMalloc(&o, 8, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemcpy(d, 8, a.data(), 8, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  int64_t shape[] = {2};
  aclTensor* t = aclCreateTensor(shape, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, shape, 1, d);
  aclTensor* to = aclCreateTensor(shape, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, shape, 1, o);
  float one = 1;
  aclScalar* s = aclCreateScalar(&one, ACL_FLOAT);
  uint64_t ws = 0;
  aclOpExecutor* ex = nullptr;
  gChunks.clear();
  ASSERT_EQ(aclnnAddGetWorkspaceSize(t, t, s, to, &ws, &ex), 0);
  ASSERT_EQ(aclnnAdd(nullptr, 0, ex, s_), 0);
  ASSERT_EQ(aclrtSynchronizeStream(s_), ACL_SUCCESS);
  ASSERT_EQ(gChunks.size(), 3u);  // two inputs and the output
  EXPECT_NE(gChunks[2].find("output"), std::string::npos);
  acldumpUnregCallback();
  ASSERT_EQ(aclmdlFinalizeDump(), ACL_SUCCESS);
  // mstx: markers and ranges recorded while profiling runs with MSPROFTX.
  ASSERT_EQ(aclprofInit(dir, std::strlen(dir)), ACL_SUCCESS);
  uint32_t devs[] = {0};
  aclprofConfig* bad =
      aclprofCreateConfig(devs, 1, ACL_AICORE_ARITHMETIC_UTILIZATION, nullptr, ACL_PROF_MSPROFTX);
  EXPECT_EQ(aclprofStart(bad), ACL_ERROR_PROF_MODULES_UNSUPPORTED);
  aclprofConfig* c = aclprofCreateConfig(devs, 1, ACL_AICORE_NONE, nullptr, ACL_PROF_MSPROFTX);
  ASSERT_EQ(aclprofStart(c), ACL_SUCCESS);
  void* stamp = aclprofCreateStamp();
  ASSERT_EQ(aclprofSetStampTraceMessage(stamp, "load", 4), ACL_SUCCESS);
  ASSERT_EQ(aclprofMark(stamp), ACL_SUCCESS);
  uint32_t range = 0;
  ASSERT_EQ(aclprofRangeStart(stamp, &range), ACL_SUCCESS);
  ASSERT_EQ(aclprofRangeStop(range), ACL_SUCCESS);
  EXPECT_EQ(aclprofRangeStop(range), ACL_ERROR_INVALID_PARAM);
  ASSERT_EQ(aclprofStop(c), ACL_SUCCESS);
  std::string text;
  if (std::FILE* f = std::fopen((std::string(dir) + "/asctwin_msproftx.json").c_str(), "r")) {
    char buf[4096];
    size_t n = 0;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) text.append(buf, n);
    std::fclose(f);
  }
  EXPECT_NE(text.find("\"name\": \"load\", \"ph\": \"i\""), std::string::npos) << text;
  EXPECT_NE(text.find("\"ph\": \"b\""), std::string::npos);
  EXPECT_NE(text.find("\"ph\": \"e\""), std::string::npos);
  aclprofDestroyStamp(stamp);
  aclprofDestroyConfig(c);
  aclprofDestroyConfig(bad);
  ASSERT_EQ(aclprofFinalize(), ACL_SUCCESS);
  aclDestroyTensor(t);
  aclDestroyTensor(to);
  aclDestroyScalar(s);
  aclrtFree(d);
  aclrtFree(o);
  std::remove(cfg.c_str());
  std::remove((std::string(dir) + "/asctwin_msproftx.json").c_str());
  rmdir(dir);
}

}  // namespace
}  // namespace asctwin::testing
