// Devkit mode, host side: what the devkit's tiling library asks CANN's
// platform, log and runtime libraries (include/asctwin/devkit/host): the
// platform description of the SoC (from asctwin's current SoC preset:
// core counts, local memory sizes, the SoC version strings), the SoC
// version query of the runtime, and the log entry points.
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>

#include "device/soc.h"
#include "platform/platform_info.h"

namespace fe {
namespace {

// CANN's names of a preset: the SoC version the runtime reports and the
// short version of the platform description.
struct SocNames {
  const char* full;
  const char* shortName;
};
SocNames socNames(const asctwin::device::SocSpec& s) {
  if (s.name == "ascend910_93") return {"Ascend910_9391", "Ascend910_93"};
  return {"Ascend910B1", "Ascend910B"};
}

}  // namespace

bool PlatFormInfos::Init() {
  const asctwin::device::SocSpec s = asctwin::device::currentSoc();
  const SocNames names = socNames(s);
  std::lock_guard lock(mu_);
  res_.clear();
  res_["version"] = {
      {"Short_SoC_version", names.shortName}, {"SoC_version", names.full}, {"NpuArch", "2201"}};
  res_["SoCInfo"] = {{"core_type_list", "CubeCore,VectorCore"},
                     {"ai_core_cnt", std::to_string(s.aicCores)},
                     {"cube_core_cnt", std::to_string(s.aicCores)},
                     {"vector_core_cnt", std::to_string(s.aivCores)}};
  res_["AICoreSpec"] = {
      {"ub_size", std::to_string(s.ubBytes)},    {"l1_size", std::to_string(s.l1Bytes)},
      {"l0_a_size", std::to_string(s.l0aBytes)}, {"l0_b_size", std::to_string(s.l0bBytes)},
      {"l0_c_size", std::to_string(s.l0cBytes)}, {"bt_size", std::to_string(s.btBytes)},
      {"fb0_size", std::to_string(s.fbBytes)},   {"vector_reg_width", "256"}};
  coreNum_ = s.aicCores;
  return true;
}

bool PlatFormInfos::GetPlatformResWithLock(const std::string& label, const std::string& key,
                                           std::string& val) {
  std::lock_guard lock(mu_);
  auto l = res_.find(label);
  if (l == res_.end()) return false;
  auto k = l->second.find(key);
  if (k == l->second.end()) return false;
  val = k->second;
  return true;
}

bool PlatFormInfos::GetPlatformResWithLock(const std::string& label,
                                           std::map<std::string, std::string>& res) {
  std::lock_guard lock(mu_);
  auto l = res_.find(label);
  if (l == res_.end()) return false;
  res = l->second;
  return true;
}

void PlatFormInfos::SetPlatformResWithLock(const std::string& label,
                                           std::map<std::string, std::string>& res) {
  std::lock_guard lock(mu_);
  res_[label] = res;
}

void PlatFormInfos::SetCoreNumByCoreType(const std::string& coreType) {
  const asctwin::device::SocSpec s = asctwin::device::currentSoc();
  coreNum_ = coreType == "VectorCore" ? s.aivCores : s.aicCores;
}

void PlatFormInfos::GetLocalMemSize(const LocalMemType& type, uint64_t& size) {
  const asctwin::device::SocSpec s = asctwin::device::currentSoc();
  switch (type) {
    case LocalMemType::L0_A:
      size = s.l0aBytes;
      break;
    case LocalMemType::L0_B:
      size = s.l0bBytes;
      break;
    case LocalMemType::L0_C:
      size = s.l0cBytes;
      break;
    case LocalMemType::L1:
      size = s.l1Bytes;
      break;
    case LocalMemType::UB:
      size = s.ubBytes;
      break;
    case LocalMemType::HBM:
      size = s.hbmBytes;
      break;
    case LocalMemType::FB:
      size = s.fbBytes;
      break;
    case LocalMemType::BT:
      size = s.btBytes;
      break;
    case LocalMemType::L2:
      size = 192ull << 20;  // A2's L2 cache
      break;
    default:
      size = 0;
      break;
  }
}

void PlatFormInfos::GetLocalMemBw(const LocalMemType& /*type*/, uint64_t& bw) {
  bw = 0;  // the twin has no bandwidth model
}

PlatformInfoManager& PlatformInfoManager::Instance() {
  static PlatformInfoManager instance;
  return instance;
}

uint32_t PlatformInfoManager::InitRuntimePlatformInfos(const std::string& socVersion) {
  socVersion_ = socVersion;
  return 0;
}

uint32_t PlatformInfoManager::GetRuntimePlatformInfosByDevice(const uint32_t& /*deviceId*/,
                                                              PlatFormInfos& infos) {
  return infos.Init() ? 0 : 1;
}

uint32_t PlatformInfoManager::GetPlatformInfos(const std::string& /*socVersion*/,
                                               PlatFormInfos& infos, OptionalInfos& /*optional*/) {
  return infos.Init() ? 0 : 1;
}

}  // namespace fe

extern "C" {
// The runtime's SoC version (libruntime's rtGetSocVersion), which the
// platform library reads through dlopen("libruntime.so").
int rtGetSocVersion(char* version, uint32_t maxLen);
int rtGetSocVersion(char* version, uint32_t maxLen) {
  if (version == nullptr || maxLen == 0) return 1;
  const char* name = fe::socNames(asctwin::device::currentSoc()).full;
  std::snprintf(version, maxLen, "%s", name);
  return 0;
}

// CANN's log library (libunified_dlog): messages of level WARN (2) and above
// go to stderr, as with CANN's default log level.
int CheckLogLevel(int /*moduleId*/, int level) {
  return level >= 2 ? 1 : 0;
}
void DlogRecord(int /*moduleId*/, int level, const char* fmt, ...) {
  if (level < 2 || fmt == nullptr) return;
  va_list args;
  va_start(args, fmt);
  // The format comes from the tiling library's own log macros, as in CANN.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
  std::vfprintf(stderr, fmt, args);
#pragma GCC diagnostic pop
  va_end(args);
}
}
