#include "device/host_reads.h"

#include <mutex>

namespace asctwin::device {
namespace {

std::mutex gMu;
HostReadObserver gFn = nullptr;
void* gContext = nullptr;

}  // namespace

void setHostReadObserver(HostReadObserver fn, void* context) {
  std::lock_guard lock(gMu);
  gFn = fn;
  gContext = context;
}

void clearHostReadObserver(void* context) {
  std::lock_guard lock(gMu);
  if (gContext != context) return;
  gFn = nullptr;
  gContext = nullptr;
}

void noteHostRead(const HostRead& read) {
  if (read.src == nullptr || read.bytes == 0) return;
  // Held while the observer runs, so that it cannot be destroyed meanwhile.
  std::lock_guard lock(gMu);
  if (gFn != nullptr) gFn(gContext, read);
}

}  // namespace asctwin::device
