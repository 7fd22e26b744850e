// Edits of a translated unit's text, applied in one pass: the devkit
// rewrites (devkit_block_local, devkit_scalar_access) collect them in text
// order while they read the tokens, then apply them together.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace asctwin::asc {

// Replaces [begin, end) of the text by `text` (begin == end: an insertion).
struct TextEdit {
  std::size_t begin;
  std::size_t end;
  std::string text;
};

// `text` with `edits` (in text order, not overlapping) applied.
inline std::string applyEdits(const std::string& text, const std::vector<TextEdit>& edits) {
  std::string out;
  out.reserve(text.size() + edits.size() * 256);
  std::size_t from = 0;
  for (const TextEdit& e : edits) {
    out.append(text, from, e.begin - from);
    out += e.text;
    from = e.end;
  }
  out.append(text, from, std::string::npos);
  return out;
}

}  // namespace asctwin::asc
