#include "checker/checker.h"

#include <cstdio>
#include <optional>
#include <utility>

#include "checker/launch_state.h"
#include "device/allocator.h"
#include "kernel/core_state.h"

namespace asctwin::checker {
namespace {

// The finding kind of a problem the kernel layer's always-on checks found
// (nullopt: not a finding).
std::optional<Kind> problemKind(kernel::Problem p) {
  switch (p) {
    case kernel::Problem::GmOutOfBounds:
      return Kind::GmOutOfBounds;
    case kernel::Problem::GmOutsideTensor:
      return Kind::GmOutsideTensor;
    case kernel::Problem::LocalOverflow:
      return Kind::LocalOverflow;
    case kernel::Problem::Misaligned:
      return Kind::Misaligned;
    case kernel::Problem::WaitWithoutSet:
      return Kind::WaitWithoutSet;
    case kernel::Problem::DeadlockSpin:
      return Kind::DeadlockSpin;
    case kernel::Problem::SyncAllCountMismatch:
      return Kind::SyncAllCountMismatch;
    default:
      return std::nullopt;
  }
}

}  // namespace

Checker::Checker(Tools tools) : tools_(tools) {
  if (!(tools_ & initcheck)) return;
  // Kernels that ran before this checker wrote what no record shows: the
  // allocations they could reach are taken as written (under
  // asctwin-sanitizer the checker is made at program start, before any
  // allocation, so nothing is lost there).
  device::DeviceMemory::instance().assumeUnrecordedWritten();
  device::setHostReadObserver(
      [](void* self, const device::HostRead& r) { static_cast<Checker*>(self)->onHostRead(r); },
      this);
}

Checker::~Checker() {
  device::clearHostReadObserver(this);
}

LaunchState* Checker::state(const kernel::Launch* l) {
  if (l == lastLaunch_) return last_;
  auto it = launches_.find(l);
  if (it == launches_.end()) return nullptr;
  lastLaunch_ = l;
  last_ = it->second.get();
  return last_;
}

void Checker::onLaunchBegin(const kernel::Launch& l) {
  std::lock_guard lock(mu_);
  launches_[&l] =
      std::make_unique<LaunchState>(l, tools_, [this](Finding f) { store_.add(std::move(f)); });
  lastLaunch_ = nullptr;
}

void Checker::onLaunchEnd(const kernel::Launch& l, bool) {
  {
    std::lock_guard lock(mu_);
    launches_.erase(&l);
    lastLaunch_ = nullptr;
    last_ = nullptr;
  }
  writeOutput();
}

void Checker::onIssue(const kernel::CoreState& c, const kernel::Instr& in) {
  std::lock_guard lock(mu_);
  if (LaunchState* s = state(c.launch)) s->issue(c, in);
}

void Checker::onExecute(const kernel::CoreState& c, const kernel::Instr& in) {
  std::lock_guard lock(mu_);
  if (LaunchState* s = state(c.launch)) s->execute(c, in);
}

void Checker::onScalarGm(const kernel::CoreState& c, const kernel::ScalarGmAccess& a) {
  std::lock_guard lock(mu_);
  if (LaunchState* s = state(c.launch)) s->scalarGm(c, a);
}

void Checker::onScalarLocal(const kernel::CoreState& c, const kernel::ScalarLocalAccess& a) {
  std::lock_guard lock(mu_);
  if (LaunchState* s = state(c.launch)) s->scalarLocal(c, a);
}

void Checker::onSync(const kernel::CoreState& c, const kernel::SyncEvent& e) {
  std::lock_guard lock(mu_);
  if (LaunchState* s = state(c.launch)) s->sync(c, e);
}

void Checker::onLocalBuffer(const kernel::CoreState& c, const kernel::LocalBufferEvent& e) {
  std::lock_guard lock(mu_);
  if (LaunchState* s = state(c.launch)) s->localBuffer(c, e);
}

void Checker::onProblem(const kernel::CoreState* c, const kernel::Site& site, kernel::Problem p,
                        const std::string& message) {
  const std::optional<Kind> kind = problemKind(p);
  if (!kind) return;
  const Tool tool = kindInfo(*kind).tool;
  if (!(tools_ & tool)) return;
  Finding f = findingOf(*kind);
  std::lock_guard lock(mu_);
  LaunchState* s = c != nullptr ? state(c->launch) : nullptr;
  f.kernel = s != nullptr ? s->kernelName() : std::string();
  f.firstSeed = s != nullptr ? s->seed() : 0;
  f.message = message;
  // Scalar and synchronisation problems happen on PIPE_S; a memory problem
  // is found before its instruction is issued, on no pipe yet.
  const bool onScalar = tool == synccheck;
  if (s != nullptr) {
    f.first = s->publicSite(c, onScalar ? PIPE_S : PIPE_COUNT_, site);
  } else {
    f.first.api = site.api ? site.api : "";
    f.first.file = site.file ? site.file : "";
    f.first.line = static_cast<int>(site.line);
  }
  store_.add(std::move(f));
}

void Checker::writeOutput() {
  if (out_.empty()) return;
  const std::string json = toJson(store_.all());
  const std::string tmp = out_ + ".tmp";
  if (FILE* f = std::fopen(tmp.c_str(), "w")) {
    std::fwrite(json.data(), 1, json.size(), f);
    std::fclose(f);
    std::rename(tmp.c_str(), out_.c_str());
  }
}

}  // namespace asctwin::checker
