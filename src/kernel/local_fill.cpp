#include "kernel/local_fill.h"

#include <string>

#include "common/env.h"

namespace asctwin::kernel {
namespace {

struct Fill {
  uint8_t byte = kDefaultLocalFill;
  Status error;
};

Fill readFill() {
  Fill f;
  const auto text = envString("ASCTWIN_LOCAL_FILL");
  if (!text || text->empty()) return f;
  uint64_t v = 0;
  if (!parseUnsigned(*text, &v) || v > 0xFF) {
    f.error = invalidParam(
        "environment variable ASCTWIN_LOCAL_FILL must be a byte value (0..255, "
        "e.g. 0x5c), got '" +
        *text + "'");
    return f;
  }
  f.byte = static_cast<uint8_t>(v);
  return f;
}

}  // namespace

uint8_t localFill(Status* error) {
  static const Fill fill = readFill();
  if (error != nullptr) *error = fill.error;
  return fill.byte;
}

}  // namespace asctwin::kernel
