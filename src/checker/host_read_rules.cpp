// initcheck on the host side: aclrtMemcpy (sync or on a stream) copying out
// device bytes that nothing wrote. The CANN docs say aclrtMalloc does not
// initialise memory ("建议在使用内存前先调用aclrtMemset"); a program that
// copies such bytes back and compares them reads whatever the device held.
// The finding names the copy's line and the allocation's line (the user's
// return addresses of the two calls, resolved to source lines).
#include <dlfcn.h>

#include <string>

#include "checker/checker.h"
#include "checker/finding_store.h"
#include "device/allocator.h"
#include "kernel/fault_symbols.h"
#include "kernel/instr.h"

namespace asctwin::checker {

Site Checker::hostSite(const char* api, uintptr_t returnAddress) {
  Site s;
  s.core = "host";
  s.api = api;
  auto it = hostFrames_.find(returnAddress);
  if (it == hostFrames_.end()) {
    const kernel::SourceFrame f = kernel::callerFrame(returnAddress);
    // Without line information (a program built without -g) the function and
    // module still say where, with the return address to look up by hand: as
    // an offset into its module, which address-space randomisation leaves
    // the same from run to run (asctwin-sanitizer merges the seeds' findings
    // by site).
    std::string where = f.file;
    if (where.empty() && returnAddress != 0) {
      Dl_info info{};
      const bool inModule =
          dladdr(reinterpret_cast<void*>(returnAddress), &info) != 0 && info.dli_fbase != nullptr;
      where = inModule
                  ? f.text() + " return address " +
                        kernel::hex(returnAddress - reinterpret_cast<uintptr_t>(info.dli_fbase)) +
                        " into the module"
                  : f.text() + " return address " + kernel::hex(returnAddress);
    }
    it = hostFrames_.emplace(returnAddress, std::make_pair(where, static_cast<int>(f.line))).first;
  }
  s.file = it->second.first;
  s.line = it->second.second;
  return s;
}

void Checker::onHostRead(const device::HostRead& read) {
  device::AllocationInfo alloc;
  if (!device::DeviceMemory::instance().find(read.src, &alloc)) return;
  const device::UnwrittenSpan span =
      device::DeviceMemory::instance().unwritten(read.src, read.bytes);
  if (span.bytes == 0) return;
  Finding f = findingOf(Kind::UninitGmCopy);
  f.message = std::string(read.api) + " copies " + std::to_string(read.bytes) +
              " bytes of device memory of which " + std::to_string(span.bytes) +
              " were written neither by the host nor by a kernel since it was allocated, the "
              "first at offset " +
              std::to_string(span.first - alloc.base) + " of allocation #" +
              std::to_string(alloc.id) + " (base " + kernel::hex(alloc.base) + ", " +
              std::to_string(alloc.size) + " bytes)";
  bool betweenLaunches = false;
  {
    std::lock_guard lock(mu_);
    f.first = hostSite(read.api, read.callerPc);
    f.second = hostSite("aclrtMalloc", alloc.callerPc);
    betweenLaunches = launches_.empty();
  }
  store_.add(std::move(f));
  // The runner reads the file after each launch; a copy after the last one
  // must reach it too.
  if (betweenLaunches) writeOutput();
}

}  // namespace asctwin::checker
