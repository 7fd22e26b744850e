// C entry points: dump configuration and callbacks (acl/acl_dump.h,
// aclmdlInitDump/aclmdlSetDump/aclmdlFinalizeDump) and the operator dump.
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cstring>
#include <fstream>
#include <mutex>
#include <nlohmann/json.hpp>

#include "acl/acl_dump.h"
#include "acl/acl_rt.h"
#include "acl/c_boundary.h"
#include "acl/dump.h"

using asctwin::invalidParam;
using asctwin::Status;
using asctwin::acl::guard;

namespace asctwin::acl {
namespace {

using Callback = int32_t (*)(const acldumpChunk*, int32_t);

struct DumpState {
  std::mutex mu;
  bool dataOn = false;
  std::string dataPath;
  bool argsOn = false;
  std::string argsPath;
  Callback callback = nullptr;
  int32_t callbackFlag = 0;
  std::string exceptionPath;
  uint64_t seq = 0;
};
DumpState& ds() {
  static auto* s = new DumpState();
  return *s;
}

bool isWritableDir(const std::string& p) {
  struct stat st {};
  return ::stat(p.c_str(), &st) == 0 && S_ISDIR(st.st_mode) && access(p.c_str(), W_OK) == 0;
}

constexpr uint32_t kChunkBytes = 64 * 1024;

// Sends `bytes` as chunks to the callback (fileName, offset, last flag).
void sendChunks(Callback cb, int32_t flag, const std::string& file, const uint8_t* data,
                uint64_t bytes) {
  std::vector<uint8_t> buf(sizeof(acldumpChunk) + kChunkBytes);
  auto* chunk = reinterpret_cast<acldumpChunk*>(buf.data());
  uint64_t off = 0;
  do {
    const auto len = static_cast<uint32_t>(std::min<uint64_t>(kChunkBytes, bytes - off));
    std::memset(chunk, 0, sizeof(acldumpChunk));
    std::snprintf(chunk->fileName, sizeof chunk->fileName, "%s", file.c_str());
    chunk->bufLen = len;
    chunk->offset = static_cast<int64_t>(off);
    chunk->flag = flag;
    chunk->isLastChunk = off + len >= bytes ? 1 : 0;
    if (len != 0) std::memcpy(chunk->dataBuf, data + off, len);
    cb(chunk, static_cast<int32_t>(sizeof(acldumpChunk) + len));
    off += len;
  } while (off < bytes);
}

}  // namespace

Status applyDumpConfig(const std::string& json) {
  nlohmann::json doc = nlohmann::json::parse(json, nullptr, false);
  if (doc.is_discarded() || !doc.is_object() || !doc.contains("dump")) return Status::ok();
  const auto& d = doc["dump"];
  if (!d.is_object())
    return Status(ACL_ERROR_INVALID_DUMP_CONFIG, "\"dump\" must be a JSON object");
  std::string path = d.value("dump_path", std::string());
  const std::string opSwitch = d.value("dump_op_switch", std::string("off"));
  if (opSwitch != "on" && opSwitch != "off")
    return Status(ACL_ERROR_INVALID_DUMP_CONFIG, "dump_op_switch must be \"on\" or \"off\"");
  const bool on = opSwitch == "on" ||
                  (d.contains("dump_list") && d["dump_list"].is_array() && !d["dump_list"].empty());
  if (on && path.empty())
    return Status(ACL_ERROR_INVALID_DUMP_CONFIG, "dump is on but dump_path is not set");
  if (on && !isWritableDir(path))
    return Status(ACL_ERROR_INVALID_DUMP_CONFIG,
                  "dump_path '" + path + "' is not a writable directory");
  auto& s = ds();
  std::lock_guard lock(s.mu);
  s.dataOn = on;
  s.dataPath = path;
  return Status::ok();
}

bool dataDumpOn() {
  std::lock_guard lock(ds().mu);
  return ds().dataOn;
}

std::string dataDumpPath() {
  std::lock_guard lock(ds().mu);
  return ds().dataPath;
}

void dumpOperator(const std::string& op, const std::vector<DumpTensor>& tensors,
                  device::Stream& stream) {
  auto& s = ds();
  std::lock_guard lock(s.mu);
  const uint64_t seq = ++s.seq;
  if (s.argsOn) {
    std::ofstream out(s.argsPath + "/asctwin_op_args.txt", std::ios::app);
    out << op << " #" << seq;
    for (const auto& t : tensors) out << " " << t.kind << "=" << t.data << ":" << t.bytes;
    out << "\n";
  }
  if (!s.dataOn || tensors.empty()) return;
  const Callback cb = s.callback;
  const int32_t flag = s.callbackFlag;
  const std::string dir = s.dataPath;
  // After the operator's tasks: the outputs hold their results then.
  stream.enqueue(op + " (dump)", [op, seq, tensors, cb, flag, dir] {
    for (size_t i = 0; i < tensors.size(); ++i) {
      const std::string file =
          op + "." + std::to_string(seq) + "." + tensors[i].kind + "." + std::to_string(i) + ".bin";
      const auto* bytes = static_cast<const uint8_t*>(tensors[i].data);
      if (cb != nullptr) {
        sendChunks(cb, flag, file, bytes, tensors[i].bytes);
      } else {
        std::ofstream out(dir + "/" + file, std::ios::binary);
        out.write(reinterpret_cast<const char*>(bytes),
                  static_cast<std::streamsize>(tensors[i].bytes));
        if (!out)
          return Status(ACL_ERROR_WRITE_FILE, "cannot write the dump file " + dir + "/" + file);
      }
    }
    return Status::ok();
  });
}

}  // namespace asctwin::acl

namespace acl = asctwin::acl;

extern "C" {

aclError acldumpRegCallback(int32_t (*const messageCallback)(const acldumpChunk*, int32_t),
                            int32_t flag) {
  return guard("acldumpRegCallback", [&] {
    if (messageCallback == nullptr) return invalidParam("messageCallback must not be null");
    std::lock_guard lock(acl::ds().mu);
    acl::ds().callback = messageCallback;
    acl::ds().callbackFlag = flag;
    return Status::ok();
  });
}

void acldumpUnregCallback(void) {
  std::lock_guard lock(acl::ds().mu);
  acl::ds().callback = nullptr;
}

aclError aclopStartDumpArgs(uint32_t dumpType, const char* path) {
  return guard("aclopStartDumpArgs", [&] {
    if (dumpType != ACL_OP_DUMP_OP_AICORE_ARGS)
      return invalidParam("dumpType must be ACL_OP_DUMP_OP_AICORE_ARGS");
    if (path == nullptr) return invalidParam("path must not be null");
    if (!acl::isWritableDir(path))
      return invalidParam(std::string("path '") + path + "' is not a writable directory");
    std::lock_guard lock(acl::ds().mu);
    acl::ds().argsOn = true;
    acl::ds().argsPath = path;
    return Status::ok();
  });
}

aclError aclopStopDumpArgs(uint32_t dumpType) {
  return guard("aclopStopDumpArgs", [&] {
    if (dumpType != ACL_OP_DUMP_OP_AICORE_ARGS)
      return invalidParam("dumpType must be ACL_OP_DUMP_OP_AICORE_ARGS");
    std::lock_guard lock(acl::ds().mu);
    if (!acl::ds().argsOn)
      return Status(ACL_ERROR_DUMP_NOT_RUN, "the argument dump is not running");
    acl::ds().argsOn = false;
    return Status::ok();
  });
}

const char* acldumpGetPath(acldumpType dumpType) {
  thread_local std::string path;
  std::lock_guard lock(acl::ds().mu);
  switch (static_cast<int>(dumpType)) {
    case DATA_DUMP:
      if (!acl::ds().dataOn) return nullptr;
      path = acl::ds().dataPath;
      return path.c_str();
    case AIC_ERR_BRIEF_DUMP:
    case AIC_ERR_NORM_DUMP:
    case AIC_ERR_DETAIL_DUMP:
      if (acl::ds().exceptionPath.empty()) return nullptr;
      path = acl::ds().exceptionPath;
      return path.c_str();
    default:
      return nullptr;  // overflow dump: no overflow detection to dump
  }
}

aclError acldumpSaveExceptionInfo(const char* fileName, const char* userTag,
                                  const acldumpTensorInfo* tensors, size_t tensorCount) {
  return guard("acldumpSaveExceptionInfo", [&] {
    if (fileName == nullptr || userTag == nullptr)
      return invalidParam("fileName and userTag must not be null");
    if (tensors == nullptr && tensorCount != 0) return invalidParam("tensors must not be null");
    std::string dir;
    {
      std::lock_guard lock(acl::ds().mu);
      dir = acl::ds().exceptionPath.empty() ? "." : acl::ds().exceptionPath;
    }
    std::ofstream out(dir + "/" + fileName);
    if (!out) return Status(ACL_ERROR_WRITE_FILE, "cannot write " + dir + "/" + fileName);
    out << "tag " << userTag << "\n";
    for (size_t i = 0; i < tensorCount; ++i)
      out << "tensor " << i << " type=" << static_cast<int>(tensors[i].type)
          << " size=" << tensors[i].tensorSize << " dtype=" << tensors[i].dataType
          << " addr=" << static_cast<const void*>(tensors[i].tensorAddr) << "\n";
    return Status::ok();
  });
}

aclError acldumpGetExceptionInfoPath(char* path, size_t maxLen) {
  return guard("acldumpGetExceptionInfoPath", [&] {
    if (path == nullptr || maxLen == 0) return invalidParam("path must hold maxLen > 0 bytes");
    std::lock_guard lock(acl::ds().mu);
    const std::string p = acl::ds().exceptionPath.empty() ? "." : acl::ds().exceptionPath;
    if (p.size() + 1 > maxLen) return invalidParam("maxLen is too small for the path");
    std::snprintf(path, maxLen, "%s", p.c_str());
    return Status::ok();
  });
}

aclError aclmdlInitDump(void) {
  return ACL_SUCCESS;
}

aclError aclmdlSetDump(const char* dumpCfgPath) {
  return guard("aclmdlSetDump", [&] {
    if (dumpCfgPath == nullptr) return invalidParam("dumpCfgPath must not be null");
    std::FILE* f = std::fopen(dumpCfgPath, "rb");
    if (f == nullptr)
      return Status(ACL_ERROR_INVALID_FILE, std::string("cannot read ") + dumpCfgPath);
    std::string text;
    char buf[4096];
    size_t n = 0;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) text.append(buf, n);
    std::fclose(f);
    return acl::applyDumpConfig(text);
  });
}

aclError aclmdlFinalizeDump(void) {
  std::lock_guard lock(acl::ds().mu);
  acl::ds().dataOn = false;
  return ACL_SUCCESS;
}

}  // extern "C"
