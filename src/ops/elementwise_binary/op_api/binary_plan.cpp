// Validation (first failure wins, in the order of the public headers), then
// the plan: promoted compute type, broadcast strides, blocks, and an
// executor that enqueues one kernel launch. Workspace 0.
#include "ops/elementwise_binary/op_api/binary_plan.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "acl/dtype.h"
#include "acl/executor.h"
#include "acl/scalar.h"
#include "acl/tensor.h"
#include "acl/tensor_checks.h"
#include "common/text.h"
#include "device/soc.h"
#include "device/stream.h"
#include "ops/common/operand_checks.h"
#include "ops/elementwise_binary/op_kernel/binary_kernel.h"

namespace asctwin::ops::binary {
namespace {

bool supported(int t) {
  switch (t) {
    case ACL_FLOAT:
    case ACL_FLOAT16:
    case ACL_BF16:
    case ACL_DOUBLE:
    case ACL_INT8:
    case ACL_UINT8:
    case ACL_INT16:
    case ACL_INT32:
    case ACL_INT64:
    case ACL_BOOL:
      return true;
    default:
      return false;
  }
}

Status checkDtype(const char* op, const char* name, int t) {
  if (supported(t)) return Status::ok();
  return nnInvalidArgument(std::string(op) + ": " + name +
                           " dtype must be one of FLOAT, FLOAT16, BF16, DOUBLE, INT8, UINT8, "
                           "INT16, INT32, INT64, BOOL, got " +
                           acl::dataTypeName(t));
}

// The strides of `t` over the broadcast shape `dims` (0 where t broadcasts).
void broadcastStrides(const aclTensor& t, const std::vector<int64_t>& dims, int64_t* out) {
  const size_t rank = dims.size(), tr = t.rank();
  for (size_t i = 0; i < rank; ++i) {
    if (i < rank - tr) {
      out[i] = 0;
      continue;
    }
    const size_t k = i - (rank - tr);
    out[i] = t.viewDims[k] == 1 && dims[i] != 1 ? 0 : t.strides[k];
  }
}

class BinaryExecutor final : public aclOpExecutor {
 public:
  BinaryExecutor(const char* op, const BinaryTiling& t, const void* self, const void* other,
                 void* out)
      : aclOpExecutor(op, 0), t_(t), self_(self), other_(other), out_(out) {}

  std::vector<acl::DumpTensor> dumpTensors() const override {
    auto bytes = [](int type, uint64_t elems) {
      return elems * static_cast<uint64_t>(acl::dataTypeSize(type));
    };
    return {{"input", self_, bytes(t_.selfType, t_.selfElems)},
            {"input", other_, bytes(t_.otherType, t_.otherElems)},
            {"output", out_, bytes(t_.outType, t_.outElems)}};
  }

  Status enqueue(void*, uint64_t, device::Stream& stream) override {
    if (t_.total == 0) return Status::ok();
    stream.enqueue(t_.op == kOpAdd ? "Add" : "Mul",
                   [t = t_, s = self_, o = other_, d = out_] { return runBinary(t, s, o, d); });
    return Status::ok();
  }

 private:
  BinaryTiling t_;
  const void* self_;
  const void* other_;
  void* out_;
};

}  // namespace

Status planBinary(const char* opName, BinaryOp op, const aclTensor* self, const aclTensor* other,
                  const aclScalar* alpha, const aclTensor* out, uint64_t* workspaceSize,
                  aclOpExecutor** executor) {
  if (workspaceSize == nullptr) return nnNullArgument("workspaceSize");
  if (executor == nullptr) return nnNullArgument("executor");
  *executor = nullptr;
  if (self == nullptr) return nnNullArgument("self");
  if (other == nullptr) return nnNullArgument("other");
  if (op == kOpAdd && alpha == nullptr) return nnNullArgument("alpha");
  if (out == nullptr) return nnNullArgument("out");
  Status s = checkLiveTensor(self, "self");
  if (!s) return s;
  s = checkLiveTensor(other, "other");
  if (!s) return s;
  s = checkLiveTensor(out, "out");
  if (!s) return s;
  if (alpha != nullptr) {
    s = checkLiveScalar(alpha, "alpha");
    if (!s) return s;
  }
  s = checkDtype(opName, "self", self->dataType);
  if (!s) return s;
  s = checkDtype(opName, "other", other->dataType);
  if (!s) return s;
  s = checkDtype(opName, "out", out->dataType);
  if (!s) return s;
  const int promoted = promoteTypes(self->dataType, other->dataType);
  if (!canCastTo(promoted, out->dataType))
    return nnInvalidArgument("the promoted type of self (" + acl::dataTypeName(self->dataType) +
                             ") and other (" + acl::dataTypeName(other->dataType) + ") is " +
                             acl::dataTypeName(promoted) + ", which cannot be cast to out's " +
                             acl::dataTypeName(out->dataType));
  if (alpha != nullptr && !acl::isFloatingDataType(promoted) && alpha->isFloating() && op == kOpAdd)
    return nnInvalidArgument("alpha is floating (" + acl::dataTypeName(alpha->dataType) +
                             ") while self and other promote to the integral " +
                             acl::dataTypeName(promoted));
  const std::pair<const aclTensor*, const char*> operands[] = {
      {self, "self"}, {other, "other"}, {out, "out"}};
  for (const auto& [t, name] : operands) {
    s = checkRank(*t, name);
    if (!s) return s;
  }
  std::vector<int64_t> dims;
  if (!broadcastShapes(self->viewDims, other->viewDims, &dims))
    return nnInvalidArgument("self " + listText(self->viewDims) + " and other " +
                             listText(other->viewDims) + " do not broadcast");
  if (dims != out->viewDims)
    return nnInvalidArgument("out shape " + listText(out->viewDims) +
                             " must be the broadcast shape of self and other " + listText(dims));
  for (const auto& [t, name] : operands) {
    s = checkPlainFormat(*t, name);
    if (!s) return s;
  }

  BinaryTiling t;
  t.op = op;
  t.rank = static_cast<uint32_t>(dims.size());
  uint64_t total = 1;
  for (size_t i = 0; i < dims.size(); ++i) {
    t.dims[i] = dims[i];
    total *= static_cast<uint64_t>(dims[i]);
    t.outStride[i] = out->strides[i];
  }
  t.total = total;
  if (total != 0) {
    s = acl::checkOperandStorage(*self, "self", false);
    if (!s) return s;
    s = acl::checkOperandStorage(*other, "other", false);
    if (!s) return s;
    s = acl::checkOperandStorage(*out, "out", true);
    if (!s) return s;
  }
  broadcastStrides(*self, dims, t.selfStride);
  broadcastStrides(*other, dims, t.otherStride);
  t.selfOffset = self->offset;
  t.otherOffset = other->offset;
  t.outOffset = out->offset;
  t.selfElems = static_cast<uint64_t>(self->storageNumel());
  t.otherElems = static_cast<uint64_t>(other->storageNumel());
  t.outElems = static_cast<uint64_t>(out->storageNumel());
  t.selfType = self->dataType;
  t.otherType = other->dataType;
  t.outType = out->dataType;
  t.compute = promoted == ACL_DOUBLE              ? kComputeDouble
              : acl::isFloatingDataType(promoted) ? kComputeFloat
              : promoted == ACL_BOOL              ? kComputeBool
                                                  : kComputeInt;
  if (alpha != nullptr) {
    t.alphaFloat = alpha->toDouble();
    t.alphaInt = alpha->toInt64();
  }
  t.blockDim = binaryBlockDim(total, device::currentSoc().aivCores);
  auto exec = std::make_unique<BinaryExecutor>(opName, t, self->data, other->data, out->data);
  *workspaceSize = 0;
  *executor = acl::registerExecutor(std::move(exec));
  return Status::ok();
}

}  // namespace asctwin::ops::binary
