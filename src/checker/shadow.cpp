#include "checker/shadow.h"

#include <iterator>
#include <utility>

namespace asctwin::checker {

void Shadow::split(uintptr_t at) {
  auto it = cells_.upper_bound(at);
  if (it == cells_.begin()) return;
  --it;
  if (it->first == at || it->second.end <= at) return;
  Cell tail = it->second;
  it->second.end = at;
  cells_.emplace_hint(std::next(it), at, std::move(tail));
}

void Shadow::replace(uintptr_t lo, uintptr_t hi, Cell cell) {
  auto it = cells_.lower_bound(lo);
  while (it != cells_.end() && it->first < hi) it = cells_.erase(it);
  cell.end = hi;
  cells_.emplace(lo, std::move(cell));
}

}  // namespace asctwin::checker
