// The launch facts and the long-lived site names cube resource groups need
// (asctwin/kernel/cube_resgroup.h); the protocol itself is header code on
// the scalar GM path.
#include <mutex>
#include <set>
#include <string>

#include "asctwin/kernel/cube_resgroup.h"
#include "kernel/core_state.h"

namespace asctwin::kernel {

ResGroupCores resGroupCores() {
  const LaunchOptions& o = currentCore().launch->options();
  ResGroupCores r;
  r.mix = o.spec.kind == KernelKind::Mix;
  if (!r.mix) return r;
  // A mix launch has numBlocks groups of spec.aic AICs and spec.aiv AIVs
  // (0 AIVs: the default 2, as the launcher builds them).
  const uint32_t aivPerGroup = o.spec.aiv == 0 ? 2u : static_cast<uint32_t>(o.spec.aiv);
  r.aic = o.spec.aic != 0 ? o.numBlocks : 0;
  r.aiv = o.numBlocks * aivPerGroup;
  return r;
}

Site resGroupSite(const std::string& api, const std::source_location& loc) {
  static std::mutex mu;
  static std::set<std::string>* names = new std::set<std::string>();
  std::lock_guard lock(mu);
  return Site::at(names->insert(api).first->c_str(), loc);
}

}  // namespace asctwin::kernel
