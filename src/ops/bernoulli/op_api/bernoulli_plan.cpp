#include "ops/bernoulli/op_api/bernoulli_plan.h"

#include <memory>

#include "acl/dtype.h"
#include "acl/executor.h"
#include "acl/scalar.h"
#include "acl/tensor.h"
#include "common/env.h"
#include "device/allocator.h"
#include "device/soc.h"
#include "device/stream.h"
#include "dsa/bit_mask.h"
#include "ops/bernoulli/op_api/plan_common.h"
#include "ops/bernoulli/op_host/bernoulli_tiling.h"
#include "ops/bernoulli/op_kernel/bernoulli_mask.h"
#include "ops/common/plan_hook.h"
#include "ops/kernels/dropout_do_mask.h"
#include "ops/kernels/cast.h"
#include "ops/kernels/strided_copy.h"

namespace asctwin::ops::bernoulli {
namespace {

using kernels::View;
using namespace detail;

constexpr const char* kPathEnv = "ASCTWIN_BERNOULLI_PATH";

thread_local int tPath = ASCTWIN_BERNOULLI_PATH_ENV;

// The compute dtype of the legacy chain for an output dtype (design §1.4):
// FP16 for FP16, BF16, INT8, UINT8, BOOL and INT16; FP32 for FP32, INT32,
// INT64 and FP64.
aclDataType legacyComputeType(aclDataType outType) {
  switch (outType) {
    case ACL_FLOAT:
    case ACL_INT32:
    case ACL_INT64:
    case ACL_DOUBLE:
      return ACL_FLOAT;
    default:
      return ACL_FLOAT16;
  }
}

asctwinBernoulliPlanInfo emptyInfo(int plan, int path, uint64_t n) {
  asctwinBernoulliPlanInfo info{};
  info.plan = plan;
  info.path = path;
  info.elements = n;
  info.maskOffset = kNotInWorkspace;
  info.onesOffset = kNotInWorkspace;
  info.tempOffset = kNotInWorkspace;
  info.contiguousOffset = kNotInWorkspace;
  return info;
}

class ScalarExecutor final : public aclOpExecutor {
 public:
  ScalarExecutor(std::string op, const asctwinBernoulliPlanInfo& info)
      : aclOpExecutor(std::move(op), info.workspaceSize), info_(info) {}

  View out;
  View self;
  int64_t seed = 0;
  int64_t offset = 0;
  float dropProb = 0.0f;
  BernoulliMaskTiling tiling{};
  aclDataType computeType = ACL_FLOAT;  // legacy
  bool castIntoOut = false;             // legacy

  Status enqueue(void* workspace, uint64_t, device::Stream& stream) override {
    switch (info_.plan) {
      case ASCTWIN_BERNOULLI_PLAN_ZEROS:
        stream.enqueue("ZerosLike", [v = out] { return kernels::zerosLike(v); });
        return Status::ok();
      case ASCTWIN_BERNOULLI_PLAN_ONES:
        stream.enqueue("OnesLike", [v = out] { return kernels::onesLike(v); });
        return Status::ok();
      case ASCTWIN_BERNOULLI_PLAN_ALIAS:
        return enqueueAlias(stream);
      case ASCTWIN_BERNOULLI_PLAN_FALLBACK:
        return enqueueFallback(workspace, stream);
      case ASCTWIN_BERNOULLI_PLAN_LEGACY:
        return enqueueLegacy(workspace, stream);
      default:
        return Status::ok();  // empty
    }
  }

 private:
  Status enqueueAlias(device::Stream& stream) {
    void* o = out.data;  // offset 0, the view covers the whole storage
    if (Status s = dsa::enqueueGenBitMask(stream, info_.elements, seed, offset, dropProb, o); !s)
      return s;
    stream.enqueue("BernoulliMask", [t = tiling, o] { return runBernoulliMask(t, o, o); });
    return Status::ok();
  }

  Status enqueueFallback(void* workspace, device::Stream& stream) {
    uint8_t* mask = at(workspace, info_.maskOffset);
    if (Status s = dsa::enqueueGenBitMask(stream, info_.elements, seed, offset, dropProb, mask); !s)
      return s;
    if (info_.tempBytes == 0) {
      void* dst = out.firstElement();
      stream.enqueue("BernoulliMask",
                     [t = tiling, mask, dst] { return runBernoulliMask(t, mask, dst); });
      return Status::ok();
    }
    uint8_t* temp = at(workspace, info_.tempOffset);
    stream.enqueue("BernoulliMask",
                   [t = tiling, mask, temp] { return runBernoulliMask(t, mask, temp); });
    stream.enqueue("ViewCopy", [temp, v = out] { return kernels::viewCopy(temp, v); });
    return Status::ok();
  }

  Status enqueueLegacy(void* workspace, device::Stream& stream) {
    const uint64_t n = info_.elements;
    if (info_.contiguousBytes > 0) {
      uint8_t* copy = at(workspace, info_.contiguousOffset);
      stream.enqueue("Contiguous", [v = self, copy] { return kernels::contiguous(v, copy); });
    }
    uint8_t* mask = at(workspace, info_.maskOffset);
    if (Status s = dsa::enqueueGenBitMask(stream, n, seed, offset, dropProb, mask); !s) return s;
    uint8_t* ones = at(workspace, info_.onesOffset);
    const aclDataType ct = computeType;
    const std::vector<int64_t> flat{static_cast<int64_t>(n)};
    stream.enqueue("Fill", [ones, ct, flat] {
      return kernels::fill(View::dense(ones, ct, flat), 1.0, "Fill");
    });
    // keep_prob = 1: a set bit keeps the one, a clear bit gives 0 (doMaskOut
    // reuses the ones' storage).
    stream.enqueue("DropoutDoMask", [ones, mask, ct, n] {
      return kernels::dropoutDoMask(ct, ones, mask, 1.0f, ones, n);
    });
    const aclDataType target = out.dtype;
    if (ct == target) {
      stream.enqueue("ViewCopy", [ones, v = out] { return kernels::viewCopy(ones, v); });
    } else if (castIntoOut) {
      void* dst = out.firstElement();
      stream.enqueue(
          "Cast", [ones, ct, dst, target, n] { return kernels::cast(ones, ct, dst, target, n); });
    } else {
      uint8_t* temp = at(workspace, info_.tempOffset);
      stream.enqueue(
          "Cast", [ones, ct, temp, target, n] { return kernels::cast(ones, ct, temp, target, n); });
      stream.enqueue("ViewCopy", [temp, v = out] { return kernels::viewCopy(temp, v); });
    }
    return Status::ok();
  }

  asctwinBernoulliPlanInfo info_;
};

// Design §3.2.2: the packed mask may share out's storage only when out is the
// standard row-major layout with exactly the dense strides, view offset 0,
// the view covering the whole storage, N * B >= M, and not a private format.
bool denseAlias(const aclTensor& o) {
  const auto n = static_cast<uint64_t>(o.numel());
  return !o.isPrivateFormat() && o.offset == 0 && o.strides == acl::rowMajorStrides(o.viewDims) &&
         o.storageNumel() == o.numel() && n * o.elementSize() >= dsa::maskBytesFor(n);
}

}  // namespace

Status resolvePath(int* path) {
  if (tPath != ASCTWIN_BERNOULLI_PATH_ENV) {
    *path = tPath;
    return Status::ok();
  }
  const std::optional<std::string> v = envString(kPathEnv);
  if (!v || v->empty() || *v == "new") {
    *path = ASCTWIN_BERNOULLI_PATH_NEW;
  } else if (*v == "legacy") {
    *path = ASCTWIN_BERNOULLI_PATH_LEGACY;
  } else {
    return nnInvalidArgument(std::string("environment variable ") + kPathEnv +
                             " must be \"new\" or \"legacy\", got \"" + *v + "\"");
  }
  return Status::ok();
}

Status setThreadPath(int path) {
  if (path != ASCTWIN_BERNOULLI_PATH_ENV && path != ASCTWIN_BERNOULLI_PATH_NEW &&
      path != ASCTWIN_BERNOULLI_PATH_LEGACY)
    return nnInvalidArgument(
        "path must be ASCTWIN_BERNOULLI_PATH_ENV (0), _NEW (1) or _LEGACY (2), got " +
        std::to_string(path));
  tPath = path;
  return Status::ok();
}

int threadPath() {
  return tPath;
}

asctwinBernoulliPlanInfo lastPlan() {
  return LastPlan<asctwinBernoulliPlanInfo>::get();
}

void recordPlan(const asctwinBernoulliPlanInfo& info) {
  LastPlan<asctwinBernoulliPlanInfo>::record(info);
}

const char* planName(int plan) {
  switch (plan) {
    case ASCTWIN_BERNOULLI_PLAN_NONE:
      return "none";
    case ASCTWIN_BERNOULLI_PLAN_EMPTY:
      return "empty";
    case ASCTWIN_BERNOULLI_PLAN_ZEROS:
      return "zeros";
    case ASCTWIN_BERNOULLI_PLAN_ONES:
      return "ones";
    case ASCTWIN_BERNOULLI_PLAN_ALIAS:
      return "alias";
    case ASCTWIN_BERNOULLI_PLAN_FALLBACK:
      return "fallback";
    case ASCTWIN_BERNOULLI_PLAN_LEGACY:
      return "legacy";
    case ASCTWIN_BERNOULLI_PLAN_TENSOR:
      return "tensor";
    default:
      return "unknown";
  }
}

Status planScalar(const char* api, const aclTensor* self, const aclScalar* prob, int64_t seed,
                  int64_t offset, const aclTensor* out, bool inplace, uint64_t* workspaceSize,
                  aclOpExecutor** executor) {
  const char* selfName = inplace ? "selfRef" : "self";
  const char* outName = inplace ? "selfRef" : "out";
  // 1. null pointers, live handles; 2. dtypes
  if (Status s = checkHandlesAndDtypes(self, prob, out, inplace, workspaceSize, executor); !s)
    return s;
  // 3. the probability
  const double p = prob->toDouble();
  if (Status s = dsa::checkProb(p); !s) return s;
  // 4. rank and shapes
  if (Status s = checkRank(*self, selfName); !s) return s;
  if (Status s = checkRank(*out, outName); !s) return s;
  if (self->viewDims != out->viewDims)
    return nnInvalidArgument(std::string(selfName) + " shape " + listText(self->viewDims) +
                             " and " + outName + " shape " + listText(out->viewDims) +
                             " must be equal");
  // 5. formats
  if (Status s = checkPlainFormat(*self, selfName); !s) return s;
  if (Status s = checkPlainFormat(*out, outName); !s) return s;
  // 6. offset
  if (Status s = dsa::checkOffset(offset); !s) return s;
  // asctwin: the output must be writable device memory; the path must be known.
  if (Status s = acl::checkOperandStorage(*out, outName, true); !s) return s;
  int path = ASCTWIN_BERNOULLI_PATH_NEW;
  if (Status s = resolvePath(&path); !s) return s;

  const auto n = static_cast<uint64_t>(out->numel());
  const size_t b = out->elementSize();
  asctwinBernoulliPlanInfo info = emptyInfo(ASCTWIN_BERNOULLI_PLAN_EMPTY, path, n);
  View outView = View::of(*out);
  View selfView = View::of(*self);
  BernoulliMaskTiling tiling{};
  aclDataType computeType = ACL_FLOAT;
  bool castIntoOut = false;
  WorkspaceLayout ws;

  if (n == 0) {
    info.plan = ASCTWIN_BERNOULLI_PLAN_EMPTY;
  } else if (p == 0.0 || p == 1.0) {
    info.plan = p == 0.0 ? ASCTWIN_BERNOULLI_PLAN_ZEROS : ASCTWIN_BERNOULLI_PLAN_ONES;
    info.tasks = 1;
  } else if (path == ASCTWIN_BERNOULLI_PATH_LEGACY) {
    info.plan = ASCTWIN_BERNOULLI_PLAN_LEGACY;
    computeType = legacyComputeType(out->dataType);
    const size_t w = acl::dataTypeSize(computeType);
    info.tasks = 4;  // DSA, Fill, DropoutDoMask, and Cast or ViewCopy
    if (!selfView.rowMajorContiguous() && self->data != nullptr) {
      if (Status s = acl::checkOperandStorage(*self, selfName, false); !s) return s;
      info.contiguousBytes = n * b;
      info.contiguousOffset = ws.add(info.contiguousBytes);
      ++info.tasks;
    }
    info.maskBytes = dsa::maskBytesFor(n);
    info.maskOffset = ws.add(info.maskBytes);
    info.onesBytes = n * w;
    info.onesOffset = ws.add(info.onesBytes);
    if (computeType != out->dataType) {
      castIntoOut = outView.rowMajorContiguous();
      if (!castIntoOut) {
        info.tempBytes = n * b;
        info.tempOffset = ws.add(info.tempBytes);
        ++info.tasks;
      }
    }
  } else {
    const device::SocSpec soc = device::currentSoc();
    bool alias = false;
    if (denseAlias(*out)) {
      alias = computeBernoulliMaskTiling(out->dataType, n, true, soc, &tiling).isOk();
    }
    if (alias) {
      info.plan = ASCTWIN_BERNOULLI_PLAN_ALIAS;
      info.maskBytes = dsa::maskBytesFor(n);
      info.tasks = 2;
    } else {
      info.plan = ASCTWIN_BERNOULLI_PLAN_FALLBACK;
      if (Status s = computeBernoulliMaskTiling(out->dataType, n, false, soc, &tiling); !s)
        return Status(code::kNnInner, "BernoulliMask tiling failed: " + s.message());
      info.maskBytes = dsa::maskBytesFor(n);
      info.maskOffset = ws.add(info.maskBytes);
      info.tasks = 2;
      if (!outView.rowMajorContiguous()) {
        info.tempBytes = n * b;
        info.tempOffset = ws.add(info.tempBytes);
        info.tasks = 3;
      }
    }
    info.tilingKey = tiling.tilingKey;
    info.blockDim = tiling.blockDim;
  }
  info.workspaceSize = ws.end;

  auto ex = std::make_unique<ScalarExecutor>(api, info);
  ex->out = outView;
  ex->self = selfView;
  ex->seed = seed;
  ex->offset = offset;
  ex->dropProb = dsa::dropProbFromProb(p);
  ex->tiling = tiling;
  ex->computeType = computeType;
  ex->castIntoOut = castIntoOut;
  *workspaceSize = info.workspaceSize;
  *executor = acl::registerExecutor(std::move(ex));
  recordPlan(info);
  return Status::ok();
}

}  // namespace asctwin::ops::bernoulli
