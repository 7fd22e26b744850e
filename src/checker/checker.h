// The checker: an InstrObserver that keeps happens-before state (a vector
// clock per core and pipe, computed at issue from the same ordering rules as
// the check-mode pending graph) and shadow memory (checked when instructions
// are carried out), and turns what it sees into findings (docs/checker.md).
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>

#include "asctwin/asctwin_sanitizer.h"
#include "checker/finding_store.h"
#include "device/host_reads.h"
#include "kernel/observer.h"

namespace asctwin::checker {

class LaunchState;

class Checker final : public kernel::InstrObserver {
 public:
  explicit Checker(Tools tools);
  ~Checker() override;

  Tools tools() const { return tools_; }
  FindingStore& store() { return store_; }
  // After every launch, the findings so far are written there as JSON (the
  // runner's channel; empty = none).
  void setOutputFile(std::string path) { out_ = std::move(path); }
  void writeOutput();

  bool forcesCheckMode() const override { return true; }
  void onLaunchBegin(const kernel::Launch&) override;
  void onLaunchEnd(const kernel::Launch&, bool failed) override;
  void onIssue(const kernel::CoreState&, const kernel::Instr&) override;
  void onExecute(const kernel::CoreState&, const kernel::Instr&) override;
  void onScalarGm(const kernel::CoreState&, const kernel::ScalarGmAccess&) override;
  void onScalarLocal(const kernel::CoreState&, const kernel::ScalarLocalAccess&) override;
  void onSync(const kernel::CoreState&, const kernel::SyncEvent&) override;
  void onLocalBuffer(const kernel::CoreState&, const kernel::LocalBufferEvent&) override;
  void onProblem(const kernel::CoreState*, const kernel::Site&, kernel::Problem,
                 const std::string& message) override;
  // initcheck of a host copy out of device memory (host_read_rules.cpp).
  void onHostRead(const device::HostRead& read);

 private:
  LaunchState* state(const kernel::Launch* l);
  // A host call's site from its return address (cached: resolving reads the
  // process's debug information). Called with mu_ held.
  Site hostSite(const char* api, uintptr_t returnAddress);

  Tools tools_;
  FindingStore store_;
  std::string out_;
  std::mutex mu_;
  std::unordered_map<const kernel::Launch*, std::unique_ptr<LaunchState>> launches_;
  const kernel::Launch* lastLaunch_ = nullptr;
  LaunchState* last_ = nullptr;
  std::unordered_map<uintptr_t, std::pair<std::string, int>> hostFrames_;
};

}  // namespace asctwin::checker
