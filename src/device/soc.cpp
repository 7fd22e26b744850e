#include "device/soc.h"

#include <mutex>

#include "common/env.h"

namespace asctwin::device {
namespace {

uint64_t* fieldPtr(SocSpec& s, const std::string& name) {
  if (name == "aicCores") return nullptr;  // 32-bit fields handled separately
  if (name == "ubBytes") return &s.ubBytes;
  if (name == "l1Bytes") return &s.l1Bytes;
  if (name == "l0aBytes") return &s.l0aBytes;
  if (name == "l0bBytes") return &s.l0bBytes;
  if (name == "l0cBytes") return &s.l0cBytes;
  if (name == "hbmBytes") return &s.hbmBytes;
  return nullptr;
}

uint32_t* field32Ptr(SocSpec& s, const std::string& name) {
  if (name == "aicCores") return &s.aicCores;
  if (name == "aivCores") return &s.aivCores;
  if (name == "deviceCount") return &s.deviceCount;
  return nullptr;
}

const SocField* findField(const std::string& name) {
  for (const auto& f : socFields())
    if (name == f.name) return &f;
  return nullptr;
}

Status assign(SocSpec& s, const SocField& f, uint64_t value) {
  if (value < f.minValue || value > f.maxValue)
    return invalidParam(std::string("SoC field ") + f.name + " must be in [" +
                        std::to_string(f.minValue) + ", " + std::to_string(f.maxValue) +
                        "], got " + std::to_string(value));
  const std::string name = f.name;
  if ((name == "ubBytes" || name == "l1Bytes" || name == "l0aBytes" || name == "l0bBytes" ||
       name == "l0cBytes") &&
      value % 32 != 0)
    return invalidParam(std::string("SoC field ") + f.name +
                        " must be a multiple of 32 bytes, got " + std::to_string(value));
  if (uint64_t* p = fieldPtr(s, name)) {
    *p = value;
  } else if (uint32_t* q = field32Ptr(s, name)) {
    *q = static_cast<uint32_t>(value);
  }
  return Status::ok();
}

struct SocState {
  std::mutex mu;
  bool loaded = false;
  SocSpec fromEnv;
  Status envStatus;
  bool apiOverride = false;
  SocSpec current;
};

SocState& state() {
  static SocState s;
  return s;
}

void loadLocked(SocState& st) {
  if (st.loaded) return;
  st.loaded = true;
  SocSpec spec;
  if (auto preset = envString("ASCTWIN_SOC")) {
    Status s = socPreset(*preset, &spec);
    if (!s) st.envStatus = Status(s.code(), "ASCTWIN_SOC: " + s.message());
  }
  for (const auto& f : socFields()) {
    Status err;
    auto v = envUnsigned(f.envVar, &err);
    if (!err.isOk()) {
      if (st.envStatus.isOk()) st.envStatus = err;
      continue;
    }
    if (v) {
      Status s = assign(spec, f, *v);
      if (!s && st.envStatus.isOk()) st.envStatus = Status(s.code(), f.envVar + (": " + s.message()));
    }
  }
  st.fromEnv = spec;
  st.current = spec;
}

}  // namespace

const std::vector<SocField>& socFields() {
  static const std::vector<SocField> fields = {
      {"aicCores", "ASCTWIN_AIC_CORES", 1, 1024},
      {"aivCores", "ASCTWIN_AIV_CORES", 1, 2048},
      {"ubBytes", "ASCTWIN_UB_BYTES", 1024, 64ull << 20},
      {"l1Bytes", "ASCTWIN_L1_BYTES", 1024, 64ull << 20},
      {"l0aBytes", "ASCTWIN_L0A_BYTES", 1024, 64ull << 20},
      {"l0bBytes", "ASCTWIN_L0B_BYTES", 1024, 64ull << 20},
      {"l0cBytes", "ASCTWIN_L0C_BYTES", 1024, 64ull << 20},
      {"hbmBytes", "ASCTWIN_HBM_BYTES", 1ull << 20, 1ull << 46},
      {"deviceCount", "ASCTWIN_DEVICE_COUNT", 1, 64},
  };
  return fields;
}

std::vector<std::string> socPresetNames() { return {"ascend910b", "ascend910_93"}; }

Status socPreset(const std::string& name, SocSpec* out) {
  SocSpec s;  // the defaults are Atlas A2 (910B4 class)
  if (name == "ascend910b") {
    s.name = "ascend910b";
  } else if (name == "ascend910_93") {
    // Atlas A3: same per-core figures (20 AIC, 40 AIV, UB 192 KiB, L1 512 KiB).
    s.name = "ascend910_93";
    s.hbmBytes = 64ull << 30;
  } else {
    return invalidParam("SoC preset must be one of ascend910b, ascend910_93, got '" + name + "'");
  }
  *out = s;
  return Status::ok();
}

SocSpec currentSoc() {
  auto& st = state();
  std::lock_guard lock(st.mu);
  loadLocked(st);
  return st.current;
}

Status socEnvironmentStatus() {
  auto& st = state();
  std::lock_guard lock(st.mu);
  loadLocked(st);
  return st.envStatus;
}

Status selectSocPreset(const std::string& name) {
  SocSpec s;
  Status status = socPreset(name, &s);
  if (!status) return status;
  auto& st = state();
  std::lock_guard lock(st.mu);
  loadLocked(st);
  st.current = s;
  st.apiOverride = true;
  return Status::ok();
}

Status setSocField(const std::string& field, uint64_t value) {
  const SocField* f = findField(field);
  if (f == nullptr) return invalidParam("SoC field '" + field + "' is unknown");
  auto& st = state();
  std::lock_guard lock(st.mu);
  loadLocked(st);
  SocSpec copy = st.current;
  Status s = assign(copy, *f, value);
  if (!s) return s;
  st.current = copy;
  st.apiOverride = true;
  return Status::ok();
}

Status getSocField(const std::string& field, uint64_t* value) {
  if (value == nullptr) return invalidParam("value must not be null");
  const SocField* f = findField(field);
  if (f == nullptr) return invalidParam("SoC field '" + field + "' is unknown");
  SocSpec s = currentSoc();
  if (uint64_t* p = fieldPtr(s, field)) {
    *value = *p;
  } else if (uint32_t* q = field32Ptr(s, field)) {
    *value = *q;
  }
  return Status::ok();
}

void resetSoc() {
  auto& st = state();
  std::lock_guard lock(st.mu);
  st.loaded = false;
  st.envStatus = Status::ok();
  st.apiOverride = false;
  loadLocked(st);
}

}  // namespace asctwin::device
