#include "token_utils.h"

namespace asctwin::asc {

std::size_t TokenView::closeGroup(std::size_t i) const {
  std::vector<char> open;
  for (std::size_t j = i; j < size(); ++j) {
    if (punct(j, '(') || punct(j, '[')) {
      open.push_back(src_[toks_[j].begin]);
    } else if (punct(j, ')') || punct(j, ']')) {
      const char want = punct(j, ')') ? '(' : '[';
      if (open.empty() || open.back() != want) return kNoIndex;
      open.pop_back();
      if (open.empty()) return j;
    } else if (boundary(j)) {
      return kNoIndex;
    }
  }
  return kNoIndex;
}

std::size_t TokenView::closeAngles(std::size_t i) const {
  std::size_t depth = 0;
  for (std::size_t j = i; j < size(); ++j) {
    if (punct(j, '<')) {
      ++depth;
    } else if (punct(j, '>')) {
      if (--depth == 0) return j;
    } else if (punct(j, '(') || punct(j, '[')) {
      j = closeGroup(j);
      if (j == kNoIndex) return kNoIndex;
    } else if (boundary(j) || punct(j, ')') || punct(j, ']')) {
      return kNoIndex;
    }
  }
  return kNoIndex;
}

std::string TokenView::spell(std::size_t first, std::size_t last) const {
  std::string out;
  for (std::size_t j = first; j <= last && j < size(); ++j) {
    if (j > first && !adjacent(toks_[j - 1], toks_[j])) out += ' ';
    for (const char c : text(j)) out += (c == '\n' || c == '\r') ? ' ' : c;
  }
  return out;
}

}  // namespace asctwin::asc
