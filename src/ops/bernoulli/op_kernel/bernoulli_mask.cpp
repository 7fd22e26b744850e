// runBernoulliMask: checks a tiling and its buffers, then launches the
// BernoulliMask kernel on the kernel twin and waits for it.
#include "ops/bernoulli/op_kernel/bernoulli_mask.h"

#include <string>

#include "asctwin/kernel/launch.h"
#include "common/error_message.h"

namespace asctwin::ops::bernoulli {
namespace {

Status invalid(const std::string& message) {
  return Status(code::kInvalidParam, "BernoulliMask launch: " + message);
}

uint32_t elementBytesOfKey(uint32_t key) {
  switch (key) {
    case kKeyFp16:
    case kKeyInt16:
    case kKeyBf16:
      return 2;
    case kKeyFp32:
    case kKeyInt32:
      return 4;
    case kKeyFp64:
    case kKeyInt64:
      return 8;
    case kKeyUint8:
    case kKeyInt8:
      return 1;
    default:
      return 0;
  }
}

Status checkTiling(const BernoulliMaskTiling& t) {
  const uint32_t bytes = elementBytesOfKey(t.tilingKey);
  if (bytes == 0) return invalid("unknown tiling key " + std::to_string(t.tilingKey));
  if (t.elementBytes != bytes)
    return invalid("tiling key " + std::to_string(t.tilingKey) + " has " + std::to_string(bytes) +
                   "-byte elements, the tiling says " + std::to_string(t.elementBytes));
  if (t.totalElements == 0 || t.totalElements > UINT64_MAX / 8)
    return invalid("totalElements " + std::to_string(t.totalElements) + " is out of range");
  if (t.tileElements < kElementAlign || t.tileElements > kMaxTileElements ||
      t.tileElements % kElementAlign != 0)
    return invalid("tileElements " + std::to_string(t.tileElements) +
                   " must be a multiple of 256 in [256, 16384]");
  if (t.elementsPerCore == 0 || t.elementsPerCore % kElementAlign != 0)
    return invalid("elementsPerCore " + std::to_string(t.elementsPerCore) +
                   " must be a positive multiple of 256");
  if (t.blockDim == 0 || t.blockDim != BernoulliCeilDiv(t.totalElements, t.elementsPerCore))
    return invalid("blockDim " + std::to_string(t.blockDim) + " must be ceil(totalElements / " +
                   "elementsPerCore) = " +
                   std::to_string(BernoulliCeilDiv(t.totalElements, t.elementsPerCore)));
  if (t.maskAliasesOut > 1)
    return invalid("maskAliasesOut must be 0 or 1, got " + std::to_string(t.maskAliasesOut));
  if (t.maskAliasesOut != 0 && t.totalElements * bytes < BernoulliMaskBytes(t.totalElements))
    return invalid("the mask of " + std::to_string(BernoulliMaskBytes(t.totalElements)) +
                   " bytes does not fit in the " + std::to_string(t.totalElements * bytes) +
                   "-byte output it aliases");
  return Status::ok();
}

}  // namespace

Status runBernoulliMask(const BernoulliMaskTiling& tiling, const void* mask, void* out) {
  Status s = checkTiling(tiling);
  if (!s) return s;
  if (mask == nullptr || out == nullptr) return invalid("the mask and output must not be null");
  const auto m = reinterpret_cast<uintptr_t>(mask);
  const auto o = reinterpret_cast<uintptr_t>(out);
  const uint64_t maskBytes = BernoulliMaskBytes(tiling.totalElements);
  const uint64_t outBytes = tiling.totalElements * tiling.elementBytes;
  if (tiling.maskAliasesOut != 0) {
    if (m != o)
      return invalid("maskAliasesOut needs the mask at the start of the output (mask != out)");
  } else if (m < o + outBytes && o < m + maskBytes) {
    return invalid("the mask and the output overlap but maskAliasesOut is 0");
  }
  LaunchOptions opt;
  opt.spec = KernelSpec{KernelKind::Vector, 0, 0};
  opt.numBlocks = tiling.blockDim;
  opt.name = "BernoulliMask";
  const int rc = asctwin::run(bernoulli_mask, opt, mask, out, tiling);
  if (rc != 0) return Status(rc, lastErrorMessage());
  return Status::ok();
}

}  // namespace asctwin::ops::bernoulli
