// Workspace section: phase 1 of the in-place Bernoulli on --shape for each
// dtype, on the new path and on the legacy chain (design §1.4 / §3.5.1).
#include <stdexcept>

#include "device_call.h"
#include "dtypes.h"
#include "sections.h"

namespace asctwin::report {

void measureWorkspace(Report& r) {
  const Options& o = r.options;
  for (const std::string& name : o.dtypes) {
    const DtypeInfo d = *findDtype(name);
    WorkspaceRow row;
    row.dtype = d.name;
    try {
      DeviceTensor t(d.acl, o.shape, d.width);
      InplaceBernoulli fresh(t, ASCTWIN_BERNOULLI_PATH_NEW, o.prob, o.seed, o.offset);
      InplaceBernoulli legacy(t, ASCTWIN_BERNOULLI_PATH_LEGACY, o.prob, o.seed, o.offset);
      const asctwinBernoulliPlanInfo n = fresh.plan();
      const asctwinBernoulliPlanInfo l = legacy.plan();
      row.newBytes = n.workspaceSize;
      row.legacyBytes = l.workspaceSize;
      row.newPlan = asctwinBernoulliPlanName(n.plan);
      row.legacyPlan = asctwinBernoulliPlanName(l.plan);
      row.reductionPercent =
          l.workspaceSize == 0
              ? 0.0
              : 100.0 *
                    (static_cast<double>(l.workspaceSize) - static_cast<double>(n.workspaceSize)) /
                    static_cast<double>(l.workspaceSize);
    } catch (const std::exception& e) {
      r.notes.push_back("workspace " + row.dtype + ": " + e.what());
      continue;
    }
    r.workspace.push_back(row);
  }
  asctwinBernoulliSetPath(ASCTWIN_BERNOULLI_PATH_ENV);
}

}  // namespace asctwin::report
