#include "ops/common/launch.h"

#include <algorithm>
#include <string>

#include "common/error_message.h"
#include "device/soc.h"

namespace asctwin::ops {

uint32_t vectorCoreCount() {
  return std::max<uint32_t>(1, device::currentSoc().aivCores);
}

LaunchOptions vectorLaunch(const char* name, uint32_t blocks) {
  LaunchOptions o;
  o.spec = KernelSpec{KernelKind::Vector, 0, 0};
  o.numBlocks = std::max<uint32_t>(1, blocks);
  o.name = name;
  return o;
}

Status launchStatus(int rc, std::string_view prefix) {
  if (rc == 0) return Status::ok();
  const char* msg = lastErrorMessage();
  std::string text = msg != nullptr ? msg : "kernel failed";
  if (!prefix.empty()) text = std::string(prefix) + ": " + text;
  return Status(rc, text);
}

}  // namespace asctwin::ops
