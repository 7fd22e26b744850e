// The Ascend C API call a core is in (runtime.h, ApiCall): the site and the
// tensors' buffer ids of every instruction the call issues.
#include <cstdarg>
#include <cstdio>

#include "kernel/core_state.h"

namespace asctwin::kernel {

__thread CoreState* gCore __attribute__((tls_model("initial-exec"))) = nullptr;

void apiEnter(const Site& site, const uint32_t* buffers, uint32_t count) {
  CoreState* c = gCore;
  if (c == nullptr) return;
  if (c->apiDepth++ != 0) return;  // nested: the outermost call is the site
  c->apiSite = site;
  c->apiBufferCount = static_cast<uint8_t>(count < 4 ? count : 4);
  for (uint32_t i = 0; i < c->apiBufferCount; ++i) c->apiBuffers[i] = buffers[i];
}

void apiLeave() {
  CoreState* c = gCore;
  if (c != nullptr && c->apiDepth > 0) --c->apiDepth;
}

}  // namespace asctwin::kernel

namespace asctwin::kernel {

void failApi(const char* fmt, ...) {
  char buf[1024];
  va_list args;
  va_start(args, fmt);
  std::vsnprintf(buf, sizeof buf, fmt, args);
  va_end(args);
  CoreState& c = currentCore();
  c.launch->raise(c, c.apiDepth > 0 ? c.apiSite : Site{"kernel", "", 0}, buf);
}

}  // namespace asctwin::kernel
