// Devkit mode, host side: fe::PlatformInfoManager, which hands out the
// platform description of a SoC version (asctwin: of its SoC presets).
#pragma once

#include <cstdint>
#include <string>

#include "platform/platform_infos_def.h"

namespace fe {

class PlatformInfoManager {
 public:
  static PlatformInfoManager& Instance();
  static PlatformInfoManager& GeInstance() { return Instance(); }
  // Selects the SoC of `socVersion` (a CANN SoC name: Ascend910B1..4,
  // Ascend910_93xx; asctwin's current SoC preset answers); 0 on success.
  uint32_t InitRuntimePlatformInfos(const std::string& socVersion);
  uint32_t InitializePlatformInfo() { return 0; }
  uint32_t GetRuntimePlatformInfosByDevice(const uint32_t& deviceId, PlatFormInfos& infos);
  uint32_t GetPlatformInfos(const std::string& socVersion, PlatFormInfos& infos,
                            OptionalInfos& optional);

 private:
  std::string socVersion_;
};

}  // namespace fe
