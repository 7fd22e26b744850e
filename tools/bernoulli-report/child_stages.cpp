#include "child_stages.h"

#include <chrono>
#include <stdexcept>

#include "device/soc.h"
#include "dsa/bit_mask.h"
#include "ops/bernoulli/op_host/bernoulli_tiling.h"
#include "ops/bernoulli/op_kernel/bernoulli_mask.h"

namespace asctwin::report {

nlohmann::json timeNewPathStages(const Options& o, const DtypeInfo& d, const DeviceTensor& t,
                                 int64_t seed) {
  using Clock = std::chrono::steady_clock;
  const uint64_t n = elementsOf(o.shape);
  ops::bernoulli::BernoulliMaskTiling tiling{};
  if (!ops::bernoulli::computeBernoulliMaskTiling(d.acl, n, true, device::currentSoc(), &tiling))
    throw std::runtime_error("the aliased BernoulliMask tiling does not apply to this shape");
  auto* out = static_cast<uint8_t*>(t.data());
  const float dropProb = dsa::dropProbFromProb(o.prob);
  std::vector<double> dsaMs, kernelMs;
  for (int i = 0; i < o.warmup + o.runs; ++i) {
    const auto t0 = Clock::now();
    dsa::genBitMask(n, seed, o.offset, dropProb, out);
    const auto t1 = Clock::now();
    if (Status s = ops::bernoulli::runBernoulliMask(tiling, out, out); !s)
      throw std::runtime_error("BernoulliMask: " + s.message());
    const auto t2 = Clock::now();
    if (i < o.warmup) continue;
    dsaMs.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
    kernelMs.push_back(std::chrono::duration<double, std::milli>(t2 - t1).count());
  }
  return {{"dsa_ms", dsaMs}, {"kernel_ms", kernelMs}, {"hash", hashBytes(t.download())}};
}

}  // namespace asctwin::report
