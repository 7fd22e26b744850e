// The tensor-probability Bernoulli operators: one device task (like the DSA
// mask task, not an AI Core kernel: the twin's Ascend C has no Philox API)
// that draws out[i] = (u_i >= (float)(1 - prob[i])) with u_i the uniform of
// word i of the DSA stream of (seed, offset), i the row-major index of the
// output element, prob broadcast to self's shape. Where prob is a constant
// this is exactly the scalar path's bit.
//
// The task first checks every probability (NaN or outside [0, 1] fails the
// task, so the error surfaces at aclrtSynchronizeStream and nothing is
// written), then fills the output view in parallel on the worker pool.
#include <cmath>
#include <cstring>
#include <memory>

#include "acl/dtype.h"
#include "acl/executor.h"
#include "acl/tensor.h"
#include "device/allocator.h"
#include "device/stream.h"
#include "device/worker_pool.h"
#include "dsa/bit_mask.h"
#include "dsa/random_stream.h"
#include "ops/bernoulli/op_api/bernoulli_plan.h"
#include "ops/bernoulli/op_api/plan_common.h"
#include "ops/kernels/strided_copy.h"

namespace asctwin::ops::bernoulli {
namespace {

using kernels::View;
using namespace detail;

constexpr size_t kChunk = 4096;  // elements per stream batch

double readProb(const uint8_t* p, aclDataType t) {
  switch (t) {
    case ACL_FLOAT16: {
      uint16_t h;
      std::memcpy(&h, p, 2);
      return static_cast<double>(acl::halfToFloat(h));
    }
    case ACL_BF16: {
      uint16_t h;
      std::memcpy(&h, p, 2);
      return static_cast<double>(acl::bf16ToFloat(h));
    }
    case ACL_FLOAT: {
      float f;
      std::memcpy(&f, p, 4);
      return static_cast<double>(f);
    }
    default: {
      double d;
      std::memcpy(&d, p, 8);
      return d;
    }
  }
}

// An odometer over a shape that tracks the element offsets of two views.
struct Odometer {
  std::vector<int64_t> dims, idx, sa, sb;
  int64_t a = 0, b = 0;
  void seek(uint64_t i, int64_t baseA, int64_t baseB) {
    a = baseA;
    b = baseB;
    idx.assign(dims.size(), 0);
    for (size_t k = dims.size(); k-- > 0;) {
      idx[k] = static_cast<int64_t>(i % static_cast<uint64_t>(dims[k]));
      i /= static_cast<uint64_t>(dims[k]);
      a += idx[k] * sa[k];
      b += idx[k] * sb[k];
    }
  }
  void next() {
    for (size_t k = dims.size(); k-- > 0;) {
      ++idx[k];
      a += sa[k];
      b += sb[k];
      if (idx[k] < dims[k]) return;
      a -= sa[k] * dims[k];
      b -= sb[k] * dims[k];
      idx[k] = 0;
    }
  }
};

class TensorExecutor final : public aclOpExecutor {
 public:
  TensorExecutor(std::string op, uint64_t ws) : aclOpExecutor(std::move(op), ws) {}
  View out;
  View prob;                         // the prob tensor's own view
  std::vector<int64_t> probStrides;  // prob strides broadcast to out's shape
  int64_t seed = 0;
  int64_t offset = 0;

  Status enqueue(void*, uint64_t, device::Stream& stream) override {
    if (out.numel() == 0) return Status::ok();
    stream.enqueue("BernoulliTensor", [this] { return run(); });
    return Status::ok();
  }

 private:
  Status checkProbs() const {
    const size_t pb = prob.elementSize();
    Odometer o;
    o.dims = prob.dims;
    o.sa = prob.strides;
    o.sb.assign(prob.dims.size(), 0);
    o.seek(0, prob.offset, 0);
    const auto* base = static_cast<const uint8_t*>(prob.data);
    const uint64_t n = prob.numel();
    for (uint64_t i = 0; i < n; ++i, o.next()) {
      const double p = readProb(base + static_cast<uint64_t>(o.a) * pb, prob.dtype);
      if (!(p >= 0.0 && p <= 1.0)) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.9g", p);
        return Status(code::kNnParamInvalid,
                      "BernoulliTensor: every prob must be within [0, 1], but prob element " +
                          std::to_string(i) + " (row-major) is " + buf);
      }
    }
    return Status::ok();
  }

  Status run() const {
    auto& mem = device::DeviceMemory::instance();
    const uint64_t outBytes = out.storageElements * out.elementSize();
    if (Status s = mem.checkRange(out.data, outBytes, "out"); !s)
      return Status(code::kInvalidParam, "BernoulliTensor: " + s.message());
    if (Status s = mem.checkRange(prob.data, prob.storageElements * prob.elementSize(), "prob"); !s)
      return Status(code::kInvalidParam, "BernoulliTensor: " + s.message());
    if (Status s = checkProbs(); !s) return s;

    const uint64_t n = out.numel();
    const size_t ob = out.elementSize();
    const size_t pb = prob.elementSize();
    const uint64_t one = kernels::valueBits(out.dtype, 1.0);
    auto* outBase = static_cast<uint8_t*>(out.data);
    const auto* probBase = static_cast<const uint8_t*>(prob.data);
    const uint64_t chunks = (n + kChunk - 1) / kChunk;
    device::WorkerPool::instance().parallelFor(chunks, 0, [&](size_t cb, size_t ce, unsigned) {
      std::vector<uint32_t> words(kChunk);
      Odometer o;
      o.dims = out.dims;
      o.sa = out.strides;
      o.sb = probStrides;
      for (size_t c = cb; c < ce; ++c) {
        const uint64_t first = c * kChunk;
        const size_t count = static_cast<size_t>(std::min<uint64_t>(kChunk, n - first));
        dsa::streamWords(seed, offset, first, count, words.data());
        o.seek(first, out.offset, prob.offset);
        for (size_t k = 0; k < count; ++k, o.next()) {
          const double p = readProb(probBase + static_cast<uint64_t>(o.b) * pb, prob.dtype);
          const bool bit = dsa::bitOfFloat(words[k], dsa::dropProbFromProb(p));
          const uint64_t v = bit ? one : 0;
          std::memcpy(outBase + static_cast<uint64_t>(o.a) * ob, &v, ob);
        }
      }
    });
    return Status::ok();
  }
};

}  // namespace

Status planTensor(const char* api, const aclTensor* self, const aclTensor* prob, int64_t seed,
                  int64_t offset, const aclTensor* out, bool inplace, uint64_t* workspaceSize,
                  aclOpExecutor** executor) {
  const char* selfName = inplace ? "selfRef" : "self";
  const char* outName = inplace ? "selfRef" : "out";
  // 1. null pointers, live handles; 2. dtypes
  if (Status s = checkHandlesAndDtypes(self, prob, out, inplace, workspaceSize, executor); !s)
    return s;
  // 3. the probabilities are checked when the operator runs.
  // 4. ranks, shapes, broadcasting
  if (Status s = checkRank(*self, selfName); !s) return s;
  if (Status s = checkRank(*out, outName); !s) return s;
  if (Status s = checkRank(*prob, "prob"); !s) return s;
  if (self->viewDims != out->viewDims)
    return nnInvalidArgument(std::string(selfName) + " shape " + listText(self->viewDims) +
                             " and " + outName + " shape " + listText(out->viewDims) +
                             " must be equal");
  const size_t r = out->rank();
  const size_t pr = prob->rank();
  std::vector<int64_t> probStrides(r, 0);
  bool broadcasts = pr <= r;
  for (size_t k = 0; broadcasts && k < pr; ++k) {
    const int64_t pd = prob->viewDims[pr - 1 - k];
    const int64_t od = out->viewDims[r - 1 - k];
    if (pd == od) {
      probStrides[r - 1 - k] = pd == 1 ? 0 : prob->strides[pr - 1 - k];
    } else if (pd != 1) {
      broadcasts = false;
    }
  }
  if (!broadcasts)
    return nnInvalidArgument("prob shape " + listText(prob->viewDims) + " does not broadcast to " +
                             selfName + " shape " + listText(self->viewDims) +
                             " (trailing dimensions must be equal or 1, and prob's rank at most " +
                             selfName + "'s)");
  // 5. formats
  if (Status s = checkPlainFormat(*self, selfName); !s) return s;
  if (Status s = checkPlainFormat(*out, outName); !s) return s;
  if (Status s = checkPlainFormat(*prob, "prob"); !s) return s;
  // 6. offset
  if (Status s = dsa::checkOffset(offset); !s) return s;
  // asctwin: storage checks.
  if (Status s = acl::checkOperandStorage(*out, outName, true); !s) return s;
  const auto n = static_cast<uint64_t>(out->numel());
  if (n > 0) {
    if (Status s = acl::checkOperandStorage(*prob, "prob", false); !s) return s;
  }

  asctwinBernoulliPlanInfo info{};
  info.plan = n == 0 ? ASCTWIN_BERNOULLI_PLAN_EMPTY : ASCTWIN_BERNOULLI_PLAN_TENSOR;
  info.path = ASCTWIN_BERNOULLI_PATH_NEW;
  info.elements = n;
  info.maskOffset = info.onesOffset = info.tempOffset = info.contiguousOffset = kNotInWorkspace;
  info.tasks = n == 0 ? 0 : 1;
  auto ex = std::make_unique<TensorExecutor>(api, 0);
  ex->out = View::of(*out);
  ex->prob = View::of(*prob);
  ex->probStrides = std::move(probStrides);
  ex->seed = seed;
  ex->offset = offset;
  *workspaceSize = 0;
  *executor = acl::registerExecutor(std::move(ex));
  recordPlan(info);
  return Status::ok();
}

}  // namespace asctwin::ops::bernoulli
