// Output section: the new path's output must equal the legacy chain's for
// the same seed/offset (hash), and its fraction of ones must agree with the
// probability: 99 % Wilson interval per dtype and the exact two-sided
// binomial test, Holm-corrected over the dtypes at 1 % (design §5.1).
#include "sections.h"
#include "stats/stats.h"

namespace asctwin::report {

void judgeOutputs(Report& r) {
  std::vector<double> pValues;
  std::vector<OutputCheck*> judged;
  for (TimeRow& row : r.time) {
    OutputCheck& c = row.output;
    if (!row.fresh.ok || c.elements == 0) continue;
    c.fraction = static_cast<double>(c.ones) / static_cast<double>(c.elements);
    const stats::Interval w = stats::wilsonInterval(c.ones, c.elements, 0.99);
    c.wilsonLower = w.lower;
    c.wilsonUpper = w.upper;
    c.wilsonContains = w.contains(r.options.prob);
    c.binomialP = stats::binomialTwoSidedP(c.ones, c.elements, r.options.prob);
    pValues.push_back(c.binomialP);
    judged.push_back(&c);
  }
  if (pValues.empty()) return;
  const stats::HolmResult h = stats::holm(pValues, 0.01);
  for (size_t i = 0; i < judged.size(); ++i) {
    judged[i]->holmP = h.adjusted[i];
    judged[i]->holmRejected = h.rejected[i];
  }
  r.holmAnyRejected = h.anyRejected();
}

}  // namespace asctwin::report
