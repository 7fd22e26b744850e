#include "ops/elementwise_binary/op_host/binary_tiling.h"

#include <algorithm>

#include "ops/common/tiling_math.h"

namespace asctwin::ops::binary {
namespace {

enum Category { kBool = 0, kInt = 1, kFloat = 2, kOther = 3 };

Category category(int t) {
  switch (t) {
    case ACL_BOOL:
      return kBool;
    case ACL_INT8:
    case ACL_UINT8:
    case ACL_INT16:
    case ACL_UINT16:
    case ACL_INT32:
    case ACL_UINT32:
    case ACL_INT64:
    case ACL_UINT64:
      return kInt;
    case ACL_FLOAT16:
    case ACL_BF16:
    case ACL_FLOAT:
    case ACL_DOUBLE:
      return kFloat;
    default:
      return kOther;
  }
}

int intBits(int t) {
  switch (t) {
    case ACL_INT8:
    case ACL_UINT8:
      return 8;
    case ACL_INT16:
    case ACL_UINT16:
      return 16;
    case ACL_INT32:
    case ACL_UINT32:
      return 32;
    default:
      return 64;
  }
}
bool isUnsigned(int t) {
  return t == ACL_UINT8 || t == ACL_UINT16 || t == ACL_UINT32 || t == ACL_UINT64;
}
int signedOfBits(int bits) {
  return bits <= 8 ? ACL_INT8 : bits <= 16 ? ACL_INT16 : bits <= 32 ? ACL_INT32 : ACL_INT64;
}
int floatRank(int t) {
  return t == ACL_FLOAT16 || t == ACL_BF16 ? 1 : t == ACL_FLOAT ? 2 : 3;
}

}  // namespace

int promoteTypes(int a, int b) {
  const Category ca = category(a), cb = category(b);
  if (ca == kOther || cb == kOther) return ACL_DT_UNDEFINED;
  if (a == b) return a;
  if (ca != cb) return ca > cb ? a : b;
  if (ca == kFloat) {
    if ((a == ACL_FLOAT16 && b == ACL_BF16) || (a == ACL_BF16 && b == ACL_FLOAT16))
      return ACL_FLOAT;
    return floatRank(a) >= floatRank(b) ? a : b;
  }
  // Integers: same signedness -> the wider; mixed -> a signed type wide
  // enough for both (UINT8 + INT8 -> INT16), at most INT64.
  if (isUnsigned(a) == isUnsigned(b)) return intBits(a) >= intBits(b) ? a : b;
  const int u = isUnsigned(a) ? a : b, s = isUnsigned(a) ? b : a;
  if (intBits(s) > intBits(u)) return s;
  return signedOfBits(std::min(64, intBits(u) * 2));
}

bool canCastTo(int from, int to) {
  const Category cf = category(from), ct = category(to);
  if (cf == kOther || ct == kOther) return false;
  if (cf == kFloat && ct != kFloat) return false;
  if (ct == kBool && cf != kBool) return false;
  return true;
}

bool broadcastShapes(const std::vector<int64_t>& a, const std::vector<int64_t>& b,
                     std::vector<int64_t>* out) {
  const size_t rank = std::max(a.size(), b.size());
  out->assign(rank, 1);
  for (size_t i = 0; i < rank; ++i) {
    const int64_t da = i < rank - a.size() ? 1 : a[i - (rank - a.size())];
    const int64_t db = i < rank - b.size() ? 1 : b[i - (rank - b.size())];
    if (da != db && da != 1 && db != 1) return false;
    (*out)[i] = da == 1 ? db : da;
  }
  return true;
}

uint32_t binaryBlockDim(uint64_t total, uint32_t aivCores) {
  constexpr uint64_t kPerBlock = 4096;  // elements a block takes before another one joins
  return static_cast<uint32_t>(
      std::clamp<uint64_t>(CeilDiv(total, kPerBlock), 1, std::max(1u, aivCores)));
}

}  // namespace asctwin::ops::binary
