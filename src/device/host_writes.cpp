#include "device/host_writes.h"

#include <iterator>
#include <map>
#include <mutex>

namespace asctwin::device {
namespace {

std::mutex gMu;
// start -> end, disjoint and not touching (touching ranges are merged).
std::map<uintptr_t, uintptr_t>& ranges() {
  static auto* m = new std::map<uintptr_t, uintptr_t>();
  return *m;
}

}  // namespace

void noteHostWrite(const void* p, size_t n) {
  if (p == nullptr || n == 0) return;
  uintptr_t lo = reinterpret_cast<uintptr_t>(p);
  uintptr_t hi = lo + n;
  std::lock_guard lock(gMu);
  auto& m = ranges();
  auto it = m.upper_bound(lo);
  if (it != m.begin() && std::prev(it)->second >= lo) --it;
  while (it != m.end() && it->first <= hi) {
    lo = std::min(lo, it->first);
    hi = std::max(hi, it->second);
    it = m.erase(it);
  }
  m.emplace(lo, hi);
}

void forgetHostWrites(const void* p, size_t n) {
  if (p == nullptr || n == 0) return;
  const uintptr_t lo = reinterpret_cast<uintptr_t>(p);
  const uintptr_t hi = lo + n;
  std::lock_guard lock(gMu);
  auto& m = ranges();
  auto it = m.upper_bound(lo);
  if (it != m.begin() && std::prev(it)->second > lo) --it;
  while (it != m.end() && it->first < hi) {
    const uintptr_t s = it->first, e = it->second;
    it = m.erase(it);
    if (s < lo) m.emplace(s, lo);
    if (e > hi) it = m.emplace(hi, e).first;
  }
}

bool hostWritten(const void* p, size_t n) {
  if (n == 0) return true;
  const uintptr_t lo = reinterpret_cast<uintptr_t>(p);
  std::lock_guard lock(gMu);
  auto& m = ranges();
  auto it = m.upper_bound(lo);
  if (it == m.begin()) return false;
  --it;
  return it->first <= lo && it->second >= lo + n;
}

}  // namespace asctwin::device
