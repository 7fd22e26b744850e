// The two ways the checker is switched on: a Session in the program, or the
// environment (ASCTWIN_CHECKER=<tools>, ASCTWIN_CHECKER_OUT=<file>) read by
// the launcher through kernel::environmentChecker(), which lives here so
// that linking the launcher always links the checker in.
#include <cstdio>
#include <cstdlib>
#include <mutex>

#include "checker/checker.h"
#include "kernel/observer.h"

namespace asctwin {
namespace kernel {

InstrObserver* environmentChecker() {
  static checker::Checker* env = []() -> checker::Checker* {
    const char* tools = std::getenv("ASCTWIN_CHECKER");
    if (tools == nullptr || *tools == '\0') return nullptr;
    auto parsed = checker::parseTools(tools);
    if (!parsed) {
      std::fprintf(stderr,
                   "asctwin: ASCTWIN_CHECKER='%s' is not a list of memcheck, racecheck, "
                   "synccheck, initcheck, detcheck or all; the checker stays off\n",
                   tools);
      return nullptr;
    }
    // Lives until the process ends: launches on streams may still report.
    auto* c = new checker::Checker(*parsed);
    if (const char* out = std::getenv("ASCTWIN_CHECKER_OUT"); out != nullptr && *out != '\0') {
      c->setOutputFile(out);
      c->writeOutput();  // an empty list: the program ran under the checker
    }
    return c;
  }();
  if (env != nullptr && processObserver() == nullptr) setProcessObserver(env);
  return env;
}

namespace {
// Under asctwin-sanitizer the checker exists from the program's start, not
// from its first launch: host calls before any launch (a copy racing a kernel
// still queued on a stream) are seen too.
[[maybe_unused]] const bool gEnvironmentCheckerAtStart = (environmentChecker(), true);
}  // namespace

}  // namespace kernel

namespace checker {

Session::Session(Tools tools)
    : tools_(tools), checker_(new Checker(tools)), previous_(kernel::processObserver()) {
  kernel::setProcessObserver(static_cast<Checker*>(checker_));
}

Session::~Session() {
  kernel::setProcessObserver(static_cast<kernel::InstrObserver*>(previous_));
  delete static_cast<Checker*>(checker_);
}

std::vector<Finding> Session::findings() const {
  return static_cast<Checker*>(checker_)->store().all();
}

void Session::clear() {
  static_cast<Checker*>(checker_)->store().clear();
}

}  // namespace checker
}  // namespace asctwin
