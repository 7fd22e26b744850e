// One acceptance case: run a Bernoulli call on the new and on the legacy path
// over fresh guarded storages, check both against the oracle (view elements)
// and the guard (every other byte), and check the two storages are
// byte-identical.
#pragma once

#include "bernoulli_test_util.h"

namespace bt {

struct CaseResult {
  asctwinBernoulliPlanInfo newPlan{};
  asctwinBernoulliPlanInfo legacyPlan{};
  std::vector<uint8_t> storage;  // the new path's storage after the call
  bool ok = false;
};

inline CaseResult runCase(const Spec& outSpec, double prob, int64_t seed, int64_t offset,
                          bool inplace, aclDataType probDtype = ACL_FLOAT,
                          const std::string& label = "") {
  CaseResult cr;
  std::vector<uint8_t> storages[2];
  const int paths[2] = {ASCTWIN_BERNOULLI_PATH_NEW, ASCTWIN_BERNOULLI_PATH_LEGACY};
  const double p = probAs(probDtype, prob);
  const std::vector<uint8_t> bits = oracleBits(seed, offset, p, product(outSpec.dims));
  bool ok = true;
  for (int k = 0; k < 2; ++k) {
    const std::string what = label + (k == 0 ? " [new]" : " [legacy]");
    DevTensor out(outSpec);
    Spec selfSpec;
    selfSpec.dtype = outSpec.dtype;
    selfSpec.dims = outSpec.dims;
    DevTensor self(selfSpec);
    aclScalar* s = makeScalar(probDtype, prob);
    RunResult r = BernoulliTest::runScalar(inplace ? out.get() : self.get(), s, seed, offset,
                                           inplace ? nullptr : out.get(), paths[k]);
    aclDestroyScalar(s);
    EXPECT_EQ(r.getStatus, 0) << what << ": " << r.error;
    EXPECT_EQ(r.execStatus, 0) << what << ": " << r.error;
    EXPECT_EQ(r.syncStatus, 0) << what << ": " << r.error;
    if (r.getStatus != 0 || r.execStatus != 0 || r.syncStatus != 0) return cr;
    (k == 0 ? cr.newPlan : cr.legacyPlan) = r.plan;
    storages[k] = out.download();
    if (expectMatchesOracle(out, storages[k], bits, what) != 0) ok = false;
    if (!inplace) {
      // self is never written
      const std::vector<uint8_t> selfBytes = self.download();
      for (uint8_t v : selfBytes)
        if (v != kGuard) {
          ADD_FAILURE() << what << ": self was written";
          ok = false;
          break;
        }
    }
  }
  EXPECT_EQ(storages[0], storages[1]) << label << ": the new and legacy paths differ";
  cr.ok = ok && storages[0] == storages[1];
  cr.storage = std::move(storages[0]);
  return cr;
}

inline Spec dense(aclDataType dt, std::vector<int64_t> dims) {
  Spec s;
  s.dtype = dt;
  s.dims = std::move(dims);
  return s;
}

inline Spec strided(aclDataType dt, std::vector<int64_t> dims, std::vector<int64_t> strides,
                    int64_t offset, std::vector<int64_t> storage) {
  Spec s;
  s.dtype = dt;
  s.dims = std::move(dims);
  s.strides = std::move(strides);
  s.offset = offset;
  s.storage = std::move(storage);
  return s;
}

}  // namespace bt
