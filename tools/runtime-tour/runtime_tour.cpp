// asctwin-runtime-tour: exercises the ACL runtime the way a CANN host program
// does and prints what happened, step by step. Every figure is read or
// measured in this run. Exit status 0 when every step behaved as expected.
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "asctwin/asctwin_ext.h"

namespace {

int gSteps = 0;
int gUnexpected = 0;

void section(const char* title) {
  std::printf("\n%s\n", title);
}

// One aligned line: "  <what> ...... <result>   [unexpected]".
void step(const std::string& what, const std::string& result, bool expected = true) {
  ++gSteps;
  if (!expected) ++gUnexpected;
  std::string label = what + " ";
  if (label.size() < 50) label.append(50 - label.size(), '.');
  std::printf("  %s %s%s\n", label.c_str(), result.c_str(), expected ? "" : "   <-- UNEXPECTED");
}

std::string code(aclError rc) {
  if (rc == ACL_SUCCESS) return "ACL_SUCCESS";
  return "error " + std::to_string(rc);
}

std::string bytes(uint64_t n) {
  char buf[64];
  if (n >= (1ull << 30) && n % (1ull << 20) == 0)
    std::snprintf(buf, sizeof buf, "%" PRIu64 " B (%.2f GiB)", n,
                  static_cast<double>(n) / (1ull << 30));
  else if (n >= (1ull << 20))
    std::snprintf(buf, sizeof buf, "%" PRIu64 " B (%.2f MiB)", n,
                  static_cast<double>(n) / (1ull << 20));
  else if (n >= 1024)
    std::snprintf(buf, sizeof buf, "%" PRIu64 " B (%.2f KiB)", n, static_cast<double>(n) / 1024);
  else
    std::snprintf(buf, sizeof buf, "%" PRIu64 " B", n);
  return buf;
}

// aclGetRecentErrMsg takes the message and returns null when there is none.
const char* recentMessage() {
  const char* m = aclGetRecentErrMsg();
  return m != nullptr ? m : "(no message)";
}

std::string rejected(aclError rc) {
  return code(rc) + ": " + recentMessage();
}

asctwinMemStats stats() {
  asctwinMemStats s{};
  asctwinMemGetStats(0, &s);
  return s;
}

void printStats(const char* when) {
  const asctwinMemStats s = stats();
  step(std::string("statistics ") + when + ": live allocations", std::to_string(s.liveAllocations));
  step("  requested bytes", bytes(s.requestedBytes));
  step("  in use (charged) / peak", bytes(s.inUseBytes) + " / " + bytes(s.peakInUseBytes));
  step("  reserved / peak", bytes(s.reservedBytes) + " / " + bytes(s.peakReservedBytes));
}

double secondsSince(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

int main() {
  std::printf("asctwin runtime tour (asctwin %s): the ACL runtime on this CPU\n", asctwinVersion());

  section("SoC in force");
  const char* preset = std::getenv("ASCTWIN_SOC");
  step("preset",
       preset != nullptr ? std::string(preset) + " (ASCTWIN_SOC)" : "ascend910b (default)");
  for (const char* field :
       {"aicCores", "aivCores", "ubBytes", "l1Bytes", "hbmBytes", "deviceCount"}) {
    uint64_t v = 0;
    const aclError rc = asctwinSocGetField(field, &v);
    const bool isBytes = std::strstr(field, "Bytes") != nullptr;
    step(field, rc == ACL_SUCCESS ? (isBytes ? bytes(v) : std::to_string(v)) : rejected(rc),
         rc == ACL_SUCCESS);
  }

  section("Runtime");
  int32_t device = -1;
  aclError rc = aclrtGetDevice(&device);
  step("aclrtGetDevice before aclrtSetDevice", rejected(rc), rc == ACL_ERROR_RT_CONTEXT_NULL);
  rc = aclInit(nullptr);
  step("aclInit(nullptr)", code(rc), rc == ACL_SUCCESS);
  if (rc != ACL_SUCCESS) {
    std::printf("aclInit failed: %s\n", recentMessage());
    return 1;
  }
  uint32_t count = 0;
  rc = aclrtGetDeviceCount(&count);
  step("aclrtGetDeviceCount", std::to_string(count), rc == ACL_SUCCESS && count >= 1);
  rc = aclrtSetDevice(0);
  step("aclrtSetDevice(0)", code(rc), rc == ACL_SUCCESS);
  rc = aclrtGetDevice(&device);
  step("aclrtGetDevice", "device " + std::to_string(device), rc == ACL_SUCCESS && device == 0);
  aclrtStream streamA = nullptr, streamB = nullptr;
  rc = aclrtCreateStream(&streamA);
  const aclError rcB = aclrtCreateStream(&streamB);
  step("aclrtCreateStream x2", code(rc) + ", " + code(rcB),
       rc == ACL_SUCCESS && rcB == ACL_SUCCESS);

  section("Device memory");
  asctwinMemResetPeakStats(0);
  printStats("before");
  const size_t sizes[] = {1000, 4u << 20, 64u << 20};
  void* dev[3] = {nullptr, nullptr, nullptr};
  for (int i = 0; i < 3; ++i) {
    rc = aclrtMalloc(&dev[i], sizes[i], ACL_MEM_MALLOC_HUGE_FIRST);
    step("aclrtMalloc " + bytes(sizes[i]), code(rc), rc == ACL_SUCCESS);
  }
  size_t freeB = 0, totalB = 0;
  rc = aclrtGetMemInfo(ACL_HBM_MEM, &freeB, &totalB);
  step("aclrtGetMemInfo(ACL_HBM_MEM) free / total", bytes(freeB) + " / " + bytes(totalB),
       rc == ACL_SUCCESS && freeB <= totalB);

  const size_t big = sizes[2];
  std::vector<uint8_t> host(big), back(big, 0);
  for (size_t i = 0; i < big; ++i) host[i] = static_cast<uint8_t>(i * 131 + 7);
  auto t0 = std::chrono::steady_clock::now();
  rc = aclrtMemcpy(dev[2], big, host.data(), big, ACL_MEMCPY_HOST_TO_DEVICE);
  double sec = secondsSince(t0);
  char speed[64];
  std::snprintf(speed, sizeof speed, " in %.2f ms (%.2f GB/s)", sec * 1e3,
                static_cast<double>(big) / sec / 1e9);
  step("aclrtMemcpy host->device 64 MiB", code(rc) + speed, rc == ACL_SUCCESS);
  t0 = std::chrono::steady_clock::now();
  rc = aclrtMemcpy(back.data(), big, dev[2], big, ACL_MEMCPY_DEVICE_TO_HOST);
  sec = secondsSince(t0);
  std::snprintf(speed, sizeof speed, " in %.2f ms (%.2f GB/s)", sec * 1e3,
                static_cast<double>(big) / sec / 1e9);
  const bool same = back == host;
  step("aclrtMemcpy device->host 64 MiB",
       code(rc) + speed + (same ? ", bytes identical" : ", bytes DIFFER"),
       rc == ACL_SUCCESS && same);
  rc = aclrtMemset(dev[1], sizes[1], 0x2A, sizes[1]);
  step("aclrtMemset 4 MiB to 0x2A", code(rc), rc == ACL_SUCCESS);

  // In-order asynchronous work on stream A: device->device, then back to host.
  rc = aclrtMemcpyAsync(dev[2], big, dev[1], sizes[1], ACL_MEMCPY_DEVICE_TO_DEVICE, streamA);
  const aclError rc2 =
      aclrtMemcpyAsync(back.data(), big, dev[2], big, ACL_MEMCPY_DEVICE_TO_HOST, streamA);
  const aclError rc3 = aclrtSynchronizeStream(streamA);
  bool ordered = rc == ACL_SUCCESS && rc2 == ACL_SUCCESS && rc3 == ACL_SUCCESS;
  for (size_t i = 0; ordered && i < big; i += 4099)
    ordered = back[i] == (i < sizes[1] ? 0x2A : host[i]);
  step("stream A: D2D then D2H, synchronize",
       code(rc3) + (ordered ? ", results in order" : ", WRONG results"), ordered);
  printStats("with 3 buffers");

  section("Tensors, scalars, int arrays");
  const int64_t shape[] = {64, 1024};
  aclTensor* t = aclCreateTensor(shape, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, shape, 2, dev[1]);
  step("aclCreateTensor FP32 [64, 1024] (4 MiB buffer)",
       t != nullptr ? "created" : rejected(ACL_ERROR_INVALID_PARAM), t != nullptr);
  const int64_t tshape[] = {1024, 64}, tstrides[] = {1, 1024};
  aclTensor* tt =
      aclCreateTensor(tshape, 2, ACL_FLOAT, tstrides, 0, ACL_FORMAT_ND, shape, 2, dev[1]);
  step("aclCreateTensor transposed view [1024, 64]",
       tt != nullptr ? "created (strides [1, 1024])" : recentMessage(), tt != nullptr);
  const aclFloat16 half = aclFloatToFloat16(0.5f);
  aclScalar* s = aclCreateScalar(const_cast<aclFloat16*>(&half), ACL_FLOAT16);
  char hbuf[64];
  std::snprintf(hbuf, sizeof hbuf, "created, FP16 bits 0x%04x = %g", half,
                static_cast<double>(aclFloat16ToFloat(half)));
  step("aclCreateScalar FP16 0.5", s != nullptr ? hbuf : recentMessage(), s != nullptr);
  const int64_t axes[] = {0, -1};
  aclIntArray* arr = aclCreateIntArray(axes, 2);
  step("aclCreateIntArray {0, -1}", arr != nullptr ? "created" : recentMessage(),
       arr != nullptr);
  step("destroy tensor, view, scalar, int array",
       code(aclDestroyTensor(t)) + ", " + code(aclDestroyTensor(tt)) + ", " +
           code(aclDestroyScalar(s)) + ", " + code(aclDestroyIntArray(arr)));

  section("Rejected calls (code and message)");
  rc = aclrtMemcpy(dev[0], 1000, host.data(), 4096, ACL_MEMCPY_HOST_TO_DEVICE);
  step("memcpy 4096 B into a 1000 B destMax", rejected(rc), rc == ACL_ERROR_INVALID_PARAM);
  rc = aclrtMemcpy(dev[0], 4096, host.data(), 4096, ACL_MEMCPY_HOST_TO_DEVICE);
  step("memcpy 4096 B into the 1000 B buffer", rejected(rc), rc == ACL_ERROR_INVALID_PARAM);
  rc = aclrtMemcpy(host.data(), big, dev[0], 16, ACL_MEMCPY_HOST_TO_DEVICE);
  step("memcpy with host/device swapped", rejected(rc), rc == ACL_ERROR_INVALID_PARAM);
  const int64_t tooBig[] = {64, 1025};
  aclTensor* bad =
      aclCreateTensor(tooBig, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, shape, 2, dev[1]);
  step("tensor view larger than its storage", bad == nullptr ? recentMessage() : "accepted",
       bad == nullptr);
  aclDestroyTensor(bad);
  rc = aclDestroyTensor(t);
  step("aclDestroyTensor on a destroyed tensor", rejected(rc), rc == ACL_ERROR_INVALID_PARAM);

  section("Red zones");
  rc = asctwinMemCheckRedZones();
  step("asctwinMemCheckRedZones", code(rc), rc == ACL_SUCCESS);
  auto* edge = static_cast<uint8_t*>(dev[0]) + sizes[0];  // one past the 1000 B buffer
  const uint8_t saved = *edge;
  *edge = 0;  // what an out-of-bounds kernel store would do
  rc = asctwinMemCheckRedZones();
  step("after a 1-byte overrun of the 1000 B buffer", rejected(rc), rc == ACL_ERROR_FAILURE);
  *edge = saved;
  rc = asctwinMemCheckRedZones();
  step("after restoring the byte", code(rc), rc == ACL_SUCCESS);

  section("Teardown");
  for (int i = 0; i < 3; ++i) {
    rc = aclrtFree(dev[i]);
    step("aclrtFree " + bytes(sizes[i]), code(rc), rc == ACL_SUCCESS);
  }
  rc = aclrtFree(dev[0]);
  step("aclrtFree again (double free)", rejected(rc), rc == ACL_ERROR_INVALID_PARAM);
  printStats("after");
  rc = aclrtDestroyStream(streamA);
  const aclError rcD = aclrtDestroyStream(streamB);
  step("aclrtDestroyStream x2", code(rc) + ", " + code(rcD),
       rc == ACL_SUCCESS && rcD == ACL_SUCCESS);
  rc = aclrtResetDevice(0);
  step("aclrtResetDevice(0)", code(rc), rc == ACL_SUCCESS);
  rc = aclFinalize();
  step("aclFinalize", code(rc), rc == ACL_SUCCESS);

  std::printf(
      "\nruntime tour: %d steps, %s\n", gSteps,
      gUnexpected == 0 ? "all as expected" : (std::to_string(gUnexpected) + " UNEXPECTED").c_str());
  return gUnexpected == 0 ? 0 : 1;
}
