// Devkit mode, host side: fe::PlatFormInfos, the platform description the
// tiling library queries (platform_ascendc.cpp): labelled key/value
// resources ("SoCInfo"/"ai_core_cnt", "version"/"Short_SoC_version" ...),
// the core count and the local memory sizes. asctwin fills it from its SoC
// presets (src/devkit/platform_infos.cpp).
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <string>

namespace fe {

// Local memories, numbered as platform_ascendc::CoreMemType.
enum class LocalMemType {
  L0_A = 0,
  L0_B = 1,
  L0_C = 2,
  L1 = 3,
  L2 = 4,
  UB = 5,
  HBM = 6,
  FB = 7,
  BT = 8,
  RESERVED
};

class OptionalInfos {
 public:
  void Init() {}
};

class PlatFormInfos {
 public:
  bool Init();
  bool GetPlatformResWithLock(const std::string& label, const std::string& key, std::string& val);
  bool GetPlatformResWithLock(const std::string& label, std::map<std::string, std::string>& res);
  void SetPlatformResWithLock(const std::string& label, std::map<std::string, std::string>& res);
  bool GetPlatformRes(const std::string& label, const std::string& key, std::string& val) {
    return GetPlatformResWithLock(label, key, val);
  }
  uint32_t GetCoreNum() const { return coreNum_; }
  void SetCoreNum(uint32_t n) { coreNum_ = n; }
  // Core count of a core type ("AiCore", "VectorCore", "CubeCore").
  void SetCoreNumByCoreType(const std::string& coreType);
  void GetLocalMemSize(const LocalMemType& type, uint64_t& size);
  void GetLocalMemBw(const LocalMemType& type, uint64_t& bw);

 private:
  std::mutex mu_;
  std::map<std::string, std::map<std::string, std::string>> res_;
  uint32_t coreNum_ = 0;
};

}  // namespace fe
