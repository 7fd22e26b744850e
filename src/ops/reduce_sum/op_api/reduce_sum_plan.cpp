// aclnnReduceSum op_api: validation (first failure wins, in the order of the
// public header), then the plan: tiling, workspace layout and the executor
// that enqueues [StridedCopy (non-contiguous self)] -> ReduceSum ->
// [StridedCopy (non-contiguous out)].
#include "ops/reduce_sum/op_api/reduce_sum_plan.h"

#include <memory>
#include <string>
#include <vector>

#include "acl/dtype.h"
#include "acl/executor.h"
#include "acl/int_array.h"
#include "acl/runtime.h"
#include "acl/tensor_checks.h"
#include "common/env.h"
#include "common/text.h"
#include "device/allocator.h"
#include "device/soc.h"
#include "device/stream.h"
#include "ops/common/operand_checks.h"
#include "ops/common/plan_hook.h"
#include "ops/common/workspace.h"
#include "ops/kernels/strided_copy.h"
#include "ops/reduce_sum/op_api/reduce_sum_hooks.h"
#include "ops/reduce_sum/op_host/reduce_sum_tiling.h"
#include "ops/reduce_sum/op_kernel/reduce_sum_kernel.h"

namespace asctwin::ops::reduce_sum {
namespace {

constexpr const char* kOp = "aclnnReduceSum";
constexpr const char* kBlocksEnv = "ASCTWIN_REDUCE_SUM_BLOCKS";
// The launch name of the strided copies into and out of the workspace.
constexpr const char* kCopyName = "ReduceSum.StridedCopy";

thread_local uint32_t tForcedBlocks = 0;

bool supportedType(int t) {
  return t == ACL_FLOAT || t == ACL_FLOAT16 || t == ACL_BF16;
}
uint32_t typeKey(int t) {
  return t == ACL_FLOAT16 ? kTypeF16 : t == ACL_BF16 ? kTypeBf16 : kTypeF32;
}

Status checkDtype(int t, const char* name) {
  if (supportedType(t)) return Status::ok();
  return nnInvalidArgument(std::string(name) +
                           " must be one of ACL_FLOAT, ACL_FLOAT16, ACL_BF16, got " +
                           acl::dataTypeName(t));
}

// A tensor the operator reads (write = false) or writes.
Status blockOverride(uint32_t* blocks) {
  *blocks = tForcedBlocks;
  if (*blocks != 0) return Status::ok();
  Status error;
  const std::optional<uint64_t> v = envUnsigned(kBlocksEnv, &error);
  if (!error) return nnInvalidArgument(error.message());
  if (!v) return Status::ok();
  if (*v == 0 || *v > 65535)
    return nnInvalidArgument(std::string(kBlocksEnv) +
                             " must be a block count in [1, 65535], got " + std::to_string(*v));
  *blocks = static_cast<uint32_t>(*v);
  return Status::ok();
}

// What the executor enqueues: buffers and workspace pieces (byte offsets).
struct PlanData {
  ReduceSumTiling tiling{};
  kernels::View self;  // the operand views (copied: clients may destroy the tensors)
  kernels::View out;
  bool outCopy = false;            // out is not contiguous: the result is copied into it last
  const void* selfData = nullptr;  // first element of self
  void* outData = nullptr;         // first element of out
  uint64_t contigOffset = kNotInWorkspace;  // self's contiguous copy (when self is strided)
  uint64_t partialsOffset = 0;
  uint64_t accOffset = kNotInWorkspace;      // kNotInWorkspace: the sums go straight into out
  uint64_t stagingOffset = kNotInWorkspace;  // cast result before the copy into a strided out
  uint64_t syncOffset = 0;
};

class ReduceSumExecutor final : public aclOpExecutor {
 public:
  ReduceSumExecutor(uint64_t workspaceSize, const PlanData& d)
      : aclOpExecutor(kOp, workspaceSize), d_(d) {}

  Status enqueue(void* workspace, uint64_t, device::Stream& stream) override {
    const void* x = d_.selfData;
    if (d_.contigOffset != kNotInWorkspace) {
      void* contig = at(workspace, d_.contigOffset);
      stream.enqueue("ReduceSum.Contiguous", [src = d_.self, contig] {
        return kernels::stridedCopy(src, kernels::View::dense(contig, src.dtype, src.dims),
                                    kCopyName);
      });
      x = contig;
    }
    void* acc = d_.accOffset != kNotInWorkspace ? at(workspace, d_.accOffset) : d_.outData;
    void* cast = d_.tiling.castOut == 0                ? nullptr
                 : d_.stagingOffset != kNotInWorkspace ? at(workspace, d_.stagingOffset)
                                                       : d_.outData;
    stream.enqueue("ReduceSum", [t = d_.tiling, x, acc, partials = at(workspace, d_.partialsOffset),
                                 sync = at(workspace, d_.syncOffset),
                                 cast] { return runReduceSum(t, x, acc, partials, sync, cast); });
    if (d_.outCopy) {
      void* result = d_.tiling.castOut != 0 ? cast : acc;
      stream.enqueue("ReduceSum.ViewCopy", [result, dst = d_.out] {
        return kernels::stridedCopy(kernels::View::dense(result, dst.dtype, dst.dims), dst,
                                    kCopyName);
      });
    }
    return Status::ok();
  }

 private:
  PlanData d_;
};

}  // namespace

void setForcedBlockCount(uint32_t blocks) {
  tForcedBlocks = blocks;
}
uint32_t forcedBlockCount() {
  return tForcedBlocks;
}
ReduceSumPlanInfo lastPlan() {
  return LastPlan<ReduceSumPlanInfo>::get();
}

Status planReduceSum(const aclTensor* self, const aclIntArray* dim, bool keepDims,
                     aclDataType dtype, aclTensor* out, uint64_t* workspaceSize,
                     aclOpExecutor** executor) {
  // 1. Null pointers.
  if (workspaceSize == nullptr) return nnNullArgument("workspaceSize");
  if (executor == nullptr) return nnNullArgument("executor");
  if (self == nullptr) return nnNullArgument("self");
  if (dim == nullptr) return nnNullArgument("dim");
  if (out == nullptr) return nnNullArgument("out");
  // 2. Live handles.
  if (Status s = checkLiveTensor(self, "self"); !s) return s;
  if (Status s = checkLiveTensor(out, "out"); !s) return s;
  if (!acl::isLiveIntArray(dim))
    return nnInvalidArgument(
        "dim is not a live aclIntArray (destroyed, or not made by aclCreateIntArray)");
  // 3. Data types.
  if (Status s = checkDtype(self->dataType, "self dtype"); !s) return s;
  if (Status s = checkDtype(static_cast<int>(dtype), "dtype"); !s) return s;
  if (out->dataType != dtype)
    return nnInvalidArgument("out dtype must equal dtype (" + acl::dataTypeName(dtype) + "), got " +
                             acl::dataTypeName(out->dataType));
  // 4. Ranks.
  if (Status s = checkRank(*self, "self"); !s) return s;
  if (Status s = checkRank(*out, "out"); !s) return s;
  // 5. Dimensions: in [-rank, rank) (a rank-0 self accepts 0 and -1), no repeats.
  const auto rank = static_cast<int64_t>(self->rank());
  const int64_t bound = rank == 0 ? 1 : rank;
  std::vector<bool> reduced(self->rank(), false);
  std::vector<int64_t> seenAt(static_cast<size_t>(bound), -1);
  for (size_t i = 0; i < dim->size(); ++i) {
    const int64_t d = dim->values[i];
    if (d < -bound || d >= bound)
      return nnInvalidArgument("dim[" + std::to_string(i) + "] = " + std::to_string(d) +
                               " is out of range for a rank-" + std::to_string(rank) +
                               " self (expected [" + std::to_string(-bound) + ", " +
                               std::to_string(bound - 1) + "])");
    const int64_t nd = d < 0 ? d + bound : d;
    if (seenAt[static_cast<size_t>(nd)] >= 0)
      return nnInvalidArgument(
          "dim repeats dimension " + std::to_string(nd) + " (dim[" +
          std::to_string(seenAt[static_cast<size_t>(nd)]) + "] = " +
          std::to_string(dim->values[static_cast<size_t>(seenAt[static_cast<size_t>(nd)])]) +
          " and dim[" + std::to_string(i) + "] = " + std::to_string(d) + ")");
    seenAt[static_cast<size_t>(nd)] = static_cast<int64_t>(i);
    if (rank > 0) reduced[static_cast<size_t>(nd)] = true;
  }
  // 6. The shape of out.
  std::vector<int64_t> expected;
  for (size_t i = 0; i < self->rank(); ++i) {
    if (!reduced[i]) {
      expected.push_back(self->viewDims[i]);
    } else if (keepDims) {
      expected.push_back(1);
    }
  }
  if (out->viewDims != expected)
    return nnInvalidArgument("out shape must be " + listText(expected) + " (self " +
                             listText(self->viewDims) + " reduced over dim " +
                             listText(dim->values) + ", keepDims " + (keepDims ? "true" : "false") +
                             "), got " + listText(out->viewDims));
  // 7. Formats.
  if (Status s = checkPlainFormat(*self, "self"); !s) return s;
  if (Status s = checkPlainFormat(*out, "out"); !s) return s;
  // 8. Storage and the block override.
  if (Status s = acl::checkOperandStorage(*self, "self", false); !s) return s;
  if (Status s = acl::checkOperandStorage(*out, "out", true); !s) return s;
  uint32_t forced = 0;
  if (Status s = blockOverride(&forced); !s) return s;

  ReduceSumPlanInfo info;
  info.deterministic = acl::deterministic();
  std::unique_ptr<aclOpExecutor> plan;
  const auto outElems = static_cast<uint64_t>(out->numel());
  if (outElems == 0) {
    plan = std::make_unique<aclOpExecutor>(kOp, 0);  // nothing to do
  } else {
    const device::SocSpec soc = device::currentSoc();
    const size_t inBytes = acl::dataTypeSize(self->dataType);
    const size_t outBytes = acl::dataTypeSize(out->dataType);
    ReduceSumProblem p;
    p.shape = self->viewDims;
    p.reduced = reduced;
    p.inType = typeKey(self->dataType);
    p.outType = typeKey(dtype);
    p.deterministic = info.deterministic;
    p.castOut = dtype != ACL_FLOAT;
    p.forcedBlocks = forced;
    PlanData d;
    if (Status s = computeReduceSumTiling(p, soc, &d.tiling); !s) return s;
    const bool outContig = out->isRowMajorContiguous();
    const uint64_t inElems = d.tiling.inElems;
    WorkspaceLayout ws;
    d.self = kernels::View::of(*self);
    d.out = kernels::View::of(*out);
    if (!self->isRowMajorContiguous() && inElems != 0) {
      d.contigOffset = ws.add(inElems * inBytes);
      Status s = kernels::checkStridedCopy(
          d.self, kernels::View::dense(nullptr, d.self.dtype, d.self.dims), kCopyName);
      if (!s) return s;
    }
    d.partialsOffset = ws.add(uint64_t{d.tiling.groups} * outElems * 4);
    if (p.castOut || !outContig) d.accOffset = ws.add(outElems * 4);
    if (p.castOut && !outContig) d.stagingOffset = ws.add(outElems * outBytes);
    d.syncOffset = ws.add(uint64_t{d.tiling.blockDim} * 32);
    if (!outContig) {
      d.outCopy = true;
      Status s = kernels::checkStridedCopy(kernels::View::dense(nullptr, d.out.dtype, d.out.dims),
                                           d.out, kCopyName);
      if (!s) return s;
    }
    d.selfData =
        inElems == 0 ? nullptr : at(self->data, static_cast<uint64_t>(self->offset) * inBytes);
    d.outData = at(out->data, static_cast<uint64_t>(out->offset) * outBytes);
    info.empty = false;
    info.contiguousCopy = d.contigOffset != kNotInWorkspace;
    info.viewCopyOut = !outContig;
    info.accumulatorInWorkspace = d.accOffset != kNotInWorkspace;
    info.workspaceSize = ws.end;
    info.tiling = d.tiling;
    plan = std::make_unique<ReduceSumExecutor>(ws.end, d);
  }
  *workspaceSize = info.workspaceSize;
  *executor = acl::registerExecutor(std::move(plan));
  LastPlan<ReduceSumPlanInfo>::record(info);
  return Status::ok();
}

}  // namespace asctwin::ops::reduce_sum
