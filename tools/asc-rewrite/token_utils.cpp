#include "token_utils.h"

#include <algorithm>

namespace asctwin::asc {

std::size_t TokenView::closeAngles(std::size_t i) const {
  std::size_t depth = 0;
  const std::size_t stop = std::min(size(), i + kMaxAngleTokens);
  for (std::size_t j = i; j < stop; ++j) {
    if (punct(j, '<')) {
      ++depth;
    } else if (punct(j, '>')) {
      if (--depth == 0) return j;
    } else if (punct(j, '(') || punct(j, '[')) {
      j = match(j);
      if (j == kNoIndex) return kNoIndex;
    } else if (boundary(j) || punct(j, ')') || punct(j, ']')) {
      return kNoIndex;
    }
  }
  return kNoIndex;
}

std::vector<std::size_t> TokenView::matchBrackets() const {
  constexpr std::string_view kOpeners = "([{";
  constexpr std::string_view kClosers = ")]}";
  std::vector<std::size_t> match(size(), kNoIndex);
  std::vector<std::size_t> open;
  std::size_t openOfType[3] = {0, 0, 0};
  for (std::size_t i = 0; i < size(); ++i) {
    if (toks_[i].kind != TokenKind::Punct) continue;
    const char c = src_[toks_[i].begin];
    if (const std::size_t type = kOpeners.find(c); type != std::string_view::npos) {
      open.push_back(i);
      ++openOfType[type];
      continue;
    }
    const std::size_t type = kClosers.find(c);
    if (type == std::string_view::npos || openOfType[type] == 0) continue;
    while (true) {
      const std::size_t top = open.back();
      open.pop_back();
      const std::size_t topType = kOpeners.find(src_[toks_[top].begin]);
      --openOfType[topType];
      if (topType == type) {
        match[top] = i;
        match[i] = top;
        break;
      }
    }
  }
  return match;
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
