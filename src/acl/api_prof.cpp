// C entry points: profiling (acl/acl_prof.h). What a twin can record is
// recorded: mstx markers and ranges (aclprofMark, aclprofPush/Pop,
// aclprofRangeStart/Stop, the Ex forms) and step timestamps, on the host
// clock, written as a Chrome trace (<path>/asctwin_msproftx.json) when
// profiling stops. Hardware data (AI Core PMU metrics, AI CPU, L2 cache,
// HCCL, system frequencies) cannot exist off the NPU: asking for it returns
// ACL_ERROR_PROF_MODULES_UNSUPPORTED. Per-operator subscriptions need
// offline (.om) models, which the twin does not load.
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <fstream>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "acl/acl_prof.h"
#include "acl/acl_rt.h"
#include "acl/c_boundary.h"
#include "acl/runtime.h"

struct aclprofConfig {
  std::vector<uint32_t> devices;
  aclprofAicoreMetrics metrics = ACL_AICORE_NONE;
  uint64_t dataTypes = 0;
};
struct aclprofSubscribeConfig {
  int8_t timeInfo = 0;
  aclprofAicoreMetrics metrics = ACL_AICORE_NONE;
  void* fd = nullptr;
};
struct aclprofStepInfo {
  uint64_t startUs = 0;
  uint64_t endUs = 0;
};

using asctwin::invalidParam;
using asctwin::Status;
using asctwin::acl::guard;

namespace {

struct Stamp {
  std::string message;
};

struct TraceEvent {
  std::string name;
  char phase = 'i';  // 'i' instant, 'B' begin, 'E' end, 'b'/'e' async range
  uint64_t us = 0;
  uint64_t tid = 0;
  uint32_t id = 0;
};

struct ProfState {
  std::mutex mu;
  bool initialized = false;
  std::string path;
  const aclprofConfig* running = nullptr;
  std::set<const aclprofConfig*> configs;
  std::set<const aclprofSubscribeConfig*> subscribeConfigs;
  std::set<const aclprofStepInfo*> steps;
  std::set<const Stamp*> stamps;
  std::map<uint32_t, std::string> ranges;
  uint32_t nextRange = 1;
  std::vector<TraceEvent> events;
  std::map<uint64_t, std::vector<std::string>> pushed;  // thread -> open push names
};
ProfState& ps() {
  static auto* s = new ProfState();
  return *s;
}

uint64_t nowUs() {
  return static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::microseconds>(
                                   std::chrono::steady_clock::now().time_since_epoch())
                                   .count());
}
uint64_t tid() {
  return static_cast<uint64_t>(gettid());
}

constexpr uint64_t kHostRecordable = ACL_PROF_ACL_API | ACL_PROF_TASK_TIME | ACL_PROF_MSPROFTX |
                                     ACL_PROF_RUNTIME_API | ACL_PROF_TASK_TIME_L0 |
                                     ACL_PROF_TRAINING_TRACE | ACL_PROF_GE_API_L0 |
                                     ACL_PROF_GE_API_L1 | ACL_PROF_API_STATS | ACL_PROF_OP_ATTR;

bool recording(ProfState& s) {
  return s.running != nullptr && (s.running->dataTypes & ACL_PROF_MSPROFTX) != 0;
}

void record(ProfState& s, TraceEvent e) {
  if (recording(s)) s.events.push_back(std::move(e));
}

std::string jsonEscape(const std::string& in) {
  std::string out;
  for (char c : in) {
    if (c == '"' || c == '\\') out += '\\';
    if (static_cast<unsigned char>(c) < 0x20) continue;
    out += c;
  }
  return out;
}

Status writeTrace(ProfState& s) {
  const std::string file = s.path + "/asctwin_msproftx.json";
  std::ofstream out(file);
  if (!out) return Status(ACL_ERROR_WRITE_FILE, "cannot write the trace " + file);
  out << "{\"traceEvents\": [";
  for (size_t i = 0; i < s.events.size(); ++i) {
    const TraceEvent& e = s.events[i];
    out << (i ? ",\n" : "\n") << "{\"name\": \"" << jsonEscape(e.name) << "\", \"ph\": \""
        << e.phase << "\", \"ts\": " << e.us << ", \"pid\": " << getpid() << ", \"tid\": " << e.tid;
    if (e.phase == 'b' || e.phase == 'e') out << ", \"cat\": \"mstx\", \"id\": " << e.id;
    if (e.phase == 'i') out << ", \"s\": \"t\"";
    out << "}";
  }
  out << "\n]}\n";
  s.events.clear();
  return Status::ok();
}

Status ensureDir(const std::string& p) {
  struct stat st {};
  if (::stat(p.c_str(), &st) == 0)
    return S_ISDIR(st.st_mode) ? Status::ok()
                               : invalidParam("profilerResultPath '" + p + "' is not a directory");
  if (::mkdir(p.c_str(), 0755) != 0)
    return invalidParam("profilerResultPath '" + p + "' cannot be created");
  return Status::ok();
}

template <class Body>
aclError locked(const char* api, Body body) {
  return guard(api, [&] {
    std::lock_guard lock(ps().mu);
    return body(ps());
  });
}

Status noOpInfo() {
  return invalidParam(
      "opInfo is not an operator-information buffer: the twin produces none (they "
      "come from aclprofModelSubscribe on offline models)");
}

}  // namespace

extern "C" {

aclError aclprofInit(const char* profilerResultPath, size_t length) {
  return locked("aclprofInit", [&](ProfState& s) {
    if (profilerResultPath == nullptr || length == 0 || length > 4096)
      return invalidParam("profilerResultPath must be a path of 1..4096 bytes");
    if (s.initialized)
      return Status(ACL_ERROR_REPEAT_INITIALIZE, "profiling is already initialised");
    const std::string p(profilerResultPath, strnlen(profilerResultPath, length));
    Status st = ensureDir(p);
    if (!st) return st;
    s.path = p;
    s.initialized = true;
    return Status::ok();
  });
}

aclError aclprofFinalize(void) {
  return locked("aclprofFinalize", [&](ProfState& s) {
    if (!s.initialized) return Status(ACL_ERROR_PROF_NOT_RUN, "profiling is not initialised");
    if (s.running != nullptr)
      return Status(ACL_ERROR_PROF_ALREADY_RUN, "stop profiling first (aclprofStop)");
    s.initialized = false;
    return Status::ok();
  });
}

aclprofConfig* aclprofCreateConfig(uint32_t* deviceIdList, uint32_t deviceNums,
                                   aclprofAicoreMetrics aicoreMetrics,
                                   const aclprofAicoreEvents* aicoreEvents,
                                   uint64_t dataTypeConfig) {
  return asctwin::acl::guardPtr<aclprofConfig>("aclprofCreateConfig", [&](aclprofConfig** out) {
    (void)aicoreEvents;
    if (deviceIdList == nullptr && deviceNums != 0)
      return invalidParam("deviceIdList must not be null");
    for (uint32_t i = 0; i < deviceNums; ++i) {
      Status s =
          asctwin::acl::checkDeviceId(static_cast<int32_t>(deviceIdList[i]), "deviceIdList[]");
      if (!s) return s;
    }
    const int m = static_cast<int>(aicoreMetrics);
    if ((m < ACL_AICORE_ARITHMETIC_UTILIZATION || m > ACL_AICORE_MEMORY_ACCESS) &&
        m != ACL_AICORE_NONE)
      return invalidParam("aicoreMetrics is not an aclprofAicoreMetrics");
    auto* c = new aclprofConfig();
    c->devices.assign(deviceIdList, deviceIdList + deviceNums);
    c->metrics = aicoreMetrics;
    c->dataTypes = dataTypeConfig;
    std::lock_guard lock(ps().mu);
    ps().configs.insert(c);
    *out = c;
    return Status::ok();
  });
}

aclError aclprofDestroyConfig(const aclprofConfig* profilerConfig) {
  return locked("aclprofDestroyConfig", [&](ProfState& s) {
    if (profilerConfig == nullptr || s.configs.count(profilerConfig) == 0)
      return invalidParam("profilerConfig is not a live configuration");
    if (s.running == profilerConfig)
      return Status(ACL_ERROR_PROF_ALREADY_RUN, "the configuration is running");
    s.configs.erase(profilerConfig);
    delete profilerConfig;
    return Status::ok();
  });
}

aclError aclprofStart(const aclprofConfig* profilerConfig) {
  return locked("aclprofStart", [&](ProfState& s) {
    if (!s.initialized) return Status(ACL_ERROR_PROF_NOT_RUN, "call aclprofInit first");
    if (profilerConfig == nullptr || s.configs.count(profilerConfig) == 0)
      return invalidParam("profilerConfig is not a live configuration");
    if (s.running != nullptr)
      return Status(ACL_ERROR_PROF_ALREADY_RUN, "profiling is already running");
    const uint64_t hw = profilerConfig->dataTypes & ~kHostRecordable;
    if (hw != 0 || profilerConfig->metrics != ACL_AICORE_NONE)
      return Status(ACL_ERROR_PROF_MODULES_UNSUPPORTED,
                    "the configuration asks for device hardware data (AI Core metrics, AI CPU, "
                    "L2 cache, HCCL or memory traces), which only an NPU's profiler has; the twin "
                    "records mstx markers and ranges (ACL_PROF_MSPROFTX)");
    s.running = profilerConfig;
    return Status::ok();
  });
}

aclError aclprofStop(const aclprofConfig* profilerConfig) {
  return locked("aclprofStop", [&](ProfState& s) {
    if (profilerConfig == nullptr || s.running != profilerConfig)
      return Status(ACL_ERROR_PROF_NOT_RUN, "profilerConfig is not the running configuration");
    Status st = writeTrace(s);
    s.running = nullptr;
    return st;
  });
}

aclError aclprofSetConfig(aclprofConfigType configType, const char* config, size_t configLength) {
  return locked("aclprofSetConfig", [&](ProfState& s) {
    if (config == nullptr || configLength == 0)
      return invalidParam("config must be a non-empty string");
    const int t = static_cast<int>(configType);
    if (t <= ACL_PROF_ARGS_MIN || t >= ACL_PROF_ARGS_MAX)
      return invalidParam("configType is not an aclprofConfigType");
    const std::string value(config, strnlen(config, configLength));
    if (t == ACL_PROF_PATH) {
      Status st = ensureDir(value);
      if (!st) return st;
      s.path = value;
      s.initialized = true;
      return Status::ok();
    }
    if (t == ACL_PROF_STORAGE_LIMIT || t == ACL_PROF_OPTYPE || t == ACL_PROF_HOST_SYS ||
        t == ACL_PROF_HOST_SYS_USAGE || t == ACL_PROF_HOST_SYS_USAGE_FREQ)
      return Status::ok();  // limits and host sampling options: accepted
    return Status(ACL_ERROR_PROF_MODULES_UNSUPPORTED,
                  "configType " + std::to_string(t) +
                      " samples device hardware (frequencies, interconnect, DVPP, power), which "
                      "only an NPU has");
  });
}

aclError aclprofModelSubscribe(uint32_t modelId,
                               const aclprofSubscribeConfig* profSubscribeConfig) {
  return locked("aclprofModelSubscribe", [&](ProfState& s) {
    if (profSubscribeConfig == nullptr || s.subscribeConfigs.count(profSubscribeConfig) == 0)
      return invalidParam("profSubscribeConfig is not a live subscription configuration");
    return Status(ACL_ERROR_INVALID_MODEL_ID,
                  "modelId " + std::to_string(modelId) +
                      " is not a loaded offline model: the twin loads no .om models");
  });
}

aclError aclprofModelUnSubscribe(uint32_t modelId) {
  return guard("aclprofModelUnSubscribe", [&] {
    return Status(ACL_ERROR_INVALID_MODEL_ID,
                  "modelId " + std::to_string(modelId) + " is not subscribed");
  });
}

aclprofSubscribeConfig* aclprofCreateSubscribeConfig(int8_t timeInfoSwitch,
                                                     aclprofAicoreMetrics aicoreMetrics, void* fd) {
  return asctwin::acl::guardPtr<aclprofSubscribeConfig>(
      "aclprofCreateSubscribeConfig", [&](aclprofSubscribeConfig** out) {
        if (fd == nullptr) return invalidParam("fd must not be null");
        if (timeInfoSwitch != 0 && timeInfoSwitch != 1)
          return invalidParam("timeInfoSwitch must be 0 or 1");
        auto* c = new aclprofSubscribeConfig{timeInfoSwitch, aicoreMetrics, fd};
        std::lock_guard lock(ps().mu);
        ps().subscribeConfigs.insert(c);
        *out = c;
        return Status::ok();
      });
}

aclError aclprofDestroySubscribeConfig(const aclprofSubscribeConfig* profSubscribeConfig) {
  return locked("aclprofDestroySubscribeConfig", [&](ProfState& s) {
    if (profSubscribeConfig == nullptr || s.subscribeConfigs.erase(profSubscribeConfig) == 0)
      return invalidParam("profSubscribeConfig is not a live subscription configuration");
    delete profSubscribeConfig;
    return Status::ok();
  });
}

aclError aclprofGetOpDescSize(size_t* opDescSize) {
  return guard("aclprofGetOpDescSize", [&] {
    if (opDescSize == nullptr) return invalidParam("opDescSize must not be null");
    return asctwin::acl::notSupported("operator descriptions of subscribed offline models");
  });
}

aclError aclprofGetOpNum(const void* opInfo, size_t opInfoLen, uint32_t* opNumber) {
  return guard("aclprofGetOpNum", [&] {
    (void)opInfo;
    (void)opInfoLen;
    (void)opNumber;
    return noOpInfo();
  });
}

aclError aclprofGetOpTypeLen(const void* opInfo, size_t opInfoLen, uint32_t index,
                             size_t* opTypeLen) {
  return guard("aclprofGetOpTypeLen", [&] {
    (void)opInfo, (void)opInfoLen, (void)index, (void)opTypeLen;
    return noOpInfo();
  });
}

aclError aclprofGetOpType(const void* opInfo, size_t opInfoLen, uint32_t index, char* opType,
                          size_t opTypeLen) {
  return guard("aclprofGetOpType", [&] {
    (void)opInfo, (void)opInfoLen, (void)index, (void)opType, (void)opTypeLen;
    return noOpInfo();
  });
}

aclError aclprofGetOpNameLen(const void* opInfo, size_t opInfoLen, uint32_t index,
                             size_t* opNameLen) {
  return guard("aclprofGetOpNameLen", [&] {
    (void)opInfo, (void)opInfoLen, (void)index, (void)opNameLen;
    return noOpInfo();
  });
}

aclError aclprofGetOpName(const void* opInfo, size_t opInfoLen, uint32_t index, char* opName,
                          size_t opNameLen) {
  return guard("aclprofGetOpName", [&] {
    (void)opInfo, (void)opInfoLen, (void)index, (void)opName, (void)opNameLen;
    return noOpInfo();
  });
}

uint64_t aclprofGetOpStart(const void* opInfo, size_t opInfoLen, uint32_t index) {
  (void)opInfo, (void)opInfoLen, (void)index;
  asctwin::acl::report("aclprofGetOpStart", noOpInfo());
  return 0;
}

uint64_t aclprofGetOpEnd(const void* opInfo, size_t opInfoLen, uint32_t index) {
  (void)opInfo, (void)opInfoLen, (void)index;
  asctwin::acl::report("aclprofGetOpEnd", noOpInfo());
  return 0;
}

uint64_t aclprofGetOpDuration(const void* opInfo, size_t opInfoLen, uint32_t index) {
  (void)opInfo, (void)opInfoLen, (void)index;
  asctwin::acl::report("aclprofGetOpDuration", noOpInfo());
  return 0;
}

size_t aclprofGetModelId(const void* opInfo, size_t opInfoLen, uint32_t index) {
  (void)opInfo, (void)opInfoLen, (void)index;
  asctwin::acl::report("aclprofGetModelId", noOpInfo());
  return 0;
}

aclprofSubscribeOpFlag aclprofGetOpFlag(const void* opInfo, size_t opInfoLen, uint32_t index) {
  (void)opInfo, (void)opInfoLen, (void)index;
  asctwin::acl::report("aclprofGetOpFlag", noOpInfo());
  return ACL_SUBSCRIBE_NONE;
}

const char* aclprofGetOpAttriValue(const void* opInfo, size_t opInfoLen, uint32_t index,
                                   aclprofSubscribeOpAttri attri) {
  (void)opInfo, (void)opInfoLen, (void)index, (void)attri;
  asctwin::acl::report("aclprofGetOpAttriValue", noOpInfo());
  return nullptr;
}

aclError aclprofGetStepTimestamp(aclprofStepInfo* stepInfo, aclprofStepTag tag,
                                 aclrtStream stream) {
  return locked("aclprofGetStepTimestamp", [&](ProfState& s) {
    if (stepInfo == nullptr || s.steps.count(stepInfo) == 0)
      return invalidParam("stepInfo is not a live step info");
    if (tag != ACL_STEP_START && tag != ACL_STEP_END)
      return invalidParam("tag must be ACL_STEP_START or ACL_STEP_END");
    asctwin::device::Stream* st = nullptr;
    Status r = asctwin::acl::resolveStream(stream, &st);
    if (!r) return r;
    const uint64_t t = nowUs();
    (tag == ACL_STEP_START ? stepInfo->startUs : stepInfo->endUs) = t;
    record(s, TraceEvent{tag == ACL_STEP_START ? "step start" : "step end", 'i', t, tid(), 0});
    return Status::ok();
  });
}

aclprofStepInfo* aclprofCreateStepInfo(void) {
  return asctwin::acl::guardPtr<aclprofStepInfo>("aclprofCreateStepInfo",
                                                 [](aclprofStepInfo** out) {
                                                   auto* p = new aclprofStepInfo();
                                                   std::lock_guard lock(ps().mu);
                                                   ps().steps.insert(p);
                                                   *out = p;
                                                   return Status::ok();
                                                 });
}

void aclprofDestroyStepInfo(aclprofStepInfo* stepinfo) {
  std::lock_guard lock(ps().mu);
  if (stepinfo != nullptr && ps().steps.erase(stepinfo) != 0) delete stepinfo;
}

void* aclprofCreateStamp(void) {
  return asctwin::acl::guardPtr<void>("aclprofCreateStamp", [](void** out) {
    auto* st = new Stamp();
    std::lock_guard lock(ps().mu);
    ps().stamps.insert(st);
    *out = st;
    return Status::ok();
  });
}

void aclprofDestroyStamp(void* stamp) {
  std::lock_guard lock(ps().mu);
  auto* st = static_cast<Stamp*>(stamp);
  if (stamp != nullptr && ps().stamps.erase(st) != 0) delete st;
}

aclError aclprofSetStampTraceMessage(void* stamp, const char* msg, uint32_t msgLen) {
  return locked("aclprofSetStampTraceMessage", [&](ProfState& s) {
    auto* st = static_cast<Stamp*>(stamp);
    if (stamp == nullptr || s.stamps.count(st) == 0)
      return invalidParam("stamp is not a live stamp");
    if (msg == nullptr || msgLen == 0 || msgLen > 128)
      return invalidParam("msg must be 1..128 bytes");
    st->message.assign(msg, strnlen(msg, msgLen));
    return Status::ok();
  });
}

aclError aclprofMark(void* stamp) {
  return locked("aclprofMark", [&](ProfState& s) {
    auto* st = static_cast<Stamp*>(stamp);
    if (stamp == nullptr || s.stamps.count(st) == 0)
      return invalidParam("stamp is not a live stamp");
    record(s, TraceEvent{st->message, 'i', nowUs(), tid(), 0});
    return Status::ok();
  });
}

aclError aclprofMarkEx(const char* msg, size_t msgLen, aclrtStream stream) {
  return locked("aclprofMarkEx", [&](ProfState& s) {
    if (msg == nullptr || msgLen == 0 || msgLen > 128)
      return invalidParam("msg must be 1..128 bytes");
    asctwin::device::Stream* st = nullptr;
    Status r = asctwin::acl::resolveStream(stream, &st);
    if (!r) return r;
    record(s, TraceEvent{std::string(msg, strnlen(msg, msgLen)), 'i', nowUs(), tid(), 0});
    return Status::ok();
  });
}

aclError aclprofPush(void* stamp) {
  return locked("aclprofPush", [&](ProfState& s) {
    auto* st = static_cast<Stamp*>(stamp);
    if (stamp == nullptr || s.stamps.count(st) == 0)
      return invalidParam("stamp is not a live stamp");
    s.pushed[tid()].push_back(st->message);
    record(s, TraceEvent{st->message, 'B', nowUs(), tid(), 0});
    return Status::ok();
  });
}

aclError aclprofPop(void) {
  return locked("aclprofPop", [&](ProfState& s) {
    auto& stack = s.pushed[tid()];
    if (stack.empty())
      return invalidParam("aclprofPop without a matching aclprofPush on this thread");
    record(s, TraceEvent{stack.back(), 'E', nowUs(), tid(), 0});
    stack.pop_back();
    return Status::ok();
  });
}

aclError aclprofRangeStart(void* stamp, uint32_t* rangeId) {
  return locked("aclprofRangeStart", [&](ProfState& s) {
    auto* st = static_cast<Stamp*>(stamp);
    if (stamp == nullptr || s.stamps.count(st) == 0)
      return invalidParam("stamp is not a live stamp");
    if (rangeId == nullptr) return invalidParam("rangeId must not be null");
    *rangeId = s.nextRange++;
    s.ranges[*rangeId] = st->message;
    record(s, TraceEvent{st->message, 'b', nowUs(), tid(), *rangeId});
    return Status::ok();
  });
}

aclError aclprofRangeStop(uint32_t rangeId) {
  return locked("aclprofRangeStop", [&](ProfState& s) {
    auto it = s.ranges.find(rangeId);
    if (it == s.ranges.end())
      return invalidParam("rangeId " + std::to_string(rangeId) + " is not an open range");
    record(s, TraceEvent{it->second, 'e', nowUs(), tid(), rangeId});
    s.ranges.erase(it);
    return Status::ok();
  });
}

uint64_t aclprofStr2Id(const char* message) {
  if (message == nullptr) return 0;
  uint64_t h = 1469598103934665603ull;  // FNV-1a: a stable id per string
  for (const char* p = message; *p != '\0'; ++p)
    h = (h ^ static_cast<unsigned char>(*p)) * 1099511628211ull;
  return h;
}

aclError aclprofRangePushEx(aclprofEventAttributes* attr) {
  return locked("aclprofRangePushEx", [&](ProfState& s) {
    if (attr == nullptr) return invalidParam("attr must not be null");
    if (attr->version != ACL_PROF_EVENT_ATTR_VERSION)
      return invalidParam("attr->version must be ACL_PROF_EVENT_ATTR_VERSION");
    if (attr->messageType != ACL_PROF_MESSAGE_TYPE_TENSOR_INFO ||
        attr->message.tensorInfo == nullptr)
      return invalidParam("attr must carry tensor information (ACL_PROF_MESSAGE_TYPE_TENSOR_INFO)");
    const std::string name = "op " + std::to_string(attr->message.tensorInfo->opNameId);
    s.pushed[tid()].push_back(name);
    record(s, TraceEvent{name, 'B', nowUs(), tid(), 0});
    return Status::ok();
  });
}

aclError aclprofRangePop(void) {
  return aclprofPop();
}

}  // extern "C"
