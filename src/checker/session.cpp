// The two ways the checker is switched on: a Session in the program, or the
// environment (ASCTWIN_CHECKER=<tools>, ASCTWIN_CHECKER_OUT=<file>). For the
// environment, the checker registers itself with the launcher at program
// start through the kernel layer's hook (kernel::setEnvironmentObserverSource):
// the kernel layer never names the checker. A static link brings this file in
// by its link anchor (asctwin_checker_link_anchor, src/checker/CMakeLists.txt).
#include <cstdio>
#include <cstdlib>
#include <mutex>

#include "checker/checker.h"
#include "kernel/observer.h"

// Referenced by name by every static link of libasctwin (-Wl,--undefined), so
// that the registration below is linked in although no code calls into this
// file.
extern "C" const char asctwin_checker_link_anchor = 0;

namespace asctwin {
namespace checker {
namespace {

// The checker the environment asks for, created at the first call (null when
// ASCTWIN_CHECKER is unset or not a list of tools); it becomes the process
// observer while there is none.
kernel::InstrObserver* environmentChecker() {
  static Checker* env = []() -> Checker* {
    const char* tools = std::getenv("ASCTWIN_CHECKER");
    if (tools == nullptr || *tools == '\0') return nullptr;
    auto parsed = parseTools(tools);
    if (!parsed) {
      std::fprintf(stderr,
                   "asctwin: ASCTWIN_CHECKER='%s' is not a list of memcheck, racecheck, "
                   "synccheck, initcheck, detcheck or all; the checker stays off\n",
                   tools);
      return nullptr;
    }
    // Lives until the process ends: launches on streams may still report.
    auto* c = new Checker(*parsed);
    if (const char* out = std::getenv("ASCTWIN_CHECKER_OUT"); out != nullptr && *out != '\0') {
      c->setOutputFile(out);
      c->writeOutput();  // an empty list: the program ran under the checker
    }
    return c;
  }();
  if (env != nullptr && kernel::processObserver() == nullptr) kernel::setProcessObserver(env);
  return env;
}

// Registered at program start, and under asctwin-sanitizer the checker exists
// from then on, not from the first launch: host calls before any launch (a
// copy racing a kernel still queued on a stream) are seen too.
[[maybe_unused]] const bool gEnvironmentCheckerAtStart =
    (kernel::setEnvironmentObserverSource(environmentChecker), environmentChecker(), true);

}  // namespace

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
