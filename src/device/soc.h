// The SoC description: how many cores of each kind, local memory sizes and
// alignment rules. Presets model Atlas A2 (ascend910b, the default) and A3
// (ascend910_93). Every field can be overridden by an environment variable
// (read when the description is first used or reloaded) and by the asctwin
// extension API (asctwinSocSetField).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/status.h"

namespace asctwin::device {

struct SocSpec {
  std::string name = "ascend910b";
  uint32_t aicCores = 20;             // AI Cube cores
  uint32_t aivCores = 40;             // AI Vector cores
  uint64_t ubBytes = 192 * 1024;      // unified buffer per AIV
  uint64_t l1Bytes = 512 * 1024;      // L1 buffer per AIC
  uint64_t l0aBytes = 64 * 1024;      // L0A per AIC
  uint64_t l0bBytes = 64 * 1024;      // L0B per AIC
  uint64_t l0cBytes = 128 * 1024;     // L0C per AIC
  uint64_t btBytes = 1024;            // BiasTable buffer (C2) per AIC
  uint64_t fbBytes = 2048;            // Fixpipe buffer (C2PIPE2GM) per AIC
  uint64_t hbmBytes = 32ull << 30;    // device memory capacity
  uint32_t deviceCount = 8;           // devices visible to aclrtSetDevice (an 8-NPU server)
  uint32_t dataBlockBytes = 32;       // UB/L1 operand alignment, DataCopy unit
  uint32_t vectorRepeatBytes = 256;   // bytes covered by one vector repeat
};

// One overridable field: its API name, its environment variable, and limits.
struct SocField {
  const char* name;    // e.g. "aivCores"
  const char* envVar;  // e.g. "ASCTWIN_AIV_CORES"
  uint64_t minValue;
  uint64_t maxValue;
};
const std::vector<SocField>& socFields();

// Names of the built-in presets ("ascend910b", "ascend910_93").
std::vector<std::string> socPresetNames();
// Looks up a preset by name.
Status socPreset(const std::string& name, SocSpec* out);

// The SoC in force: the preset named by ASCTWIN_SOC (default ascend910b) with
// the ASCTWIN_* field overrides applied, then any API overrides. A malformed
// environment value is reported once through socEnvironmentStatus() and the
// field keeps its preset value.
SocSpec currentSoc();
Status socEnvironmentStatus();

// API overrides (asctwin extension). Selecting a preset drops earlier field
// overrides; reset returns to the environment-derived description.
Status selectSocPreset(const std::string& name);
Status setSocField(const std::string& field, uint64_t value);
Status getSocField(const std::string& field, uint64_t* value);
void resetSoc();

}  // namespace asctwin::device
