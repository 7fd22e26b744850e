// Small helpers over a token stream shared by the kernel scan and the launch
// rewriter: bracket matching and spelling token ranges on one line.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "tokenizer.h"

namespace asctwin::asc {

inline constexpr std::size_t kNoIndex = static_cast<std::size_t>(-1);

class TokenView {
 public:
  TokenView(std::string_view src, const std::vector<Token>& toks)
      : src_(src), toks_(toks), match_(matchBrackets()) {}

  [[nodiscard]] std::size_t size() const { return toks_.size(); }
  [[nodiscard]] const Token& operator[](std::size_t i) const { return toks_[i]; }
  [[nodiscard]] std::string_view text(std::size_t i) const { return toks_[i].text(src_); }
  [[nodiscard]] std::string_view source() const { return src_; }

  [[nodiscard]] bool punct(std::size_t i, char c) const {
    return i < toks_.size() && isPunct(toks_[i], src_, c);
  }
  [[nodiscard]] bool ident(std::size_t i) const {
    return i < toks_.size() && toks_[i].kind == TokenKind::Identifier;
  }
  [[nodiscard]] bool ident(std::size_t i, std::string_view name) const {
    return ident(i) && text(i) == name;
  }
  // A statement or block boundary: ';', '{' or '}'.
  [[nodiscard]] bool boundary(std::size_t i) const {
    return punct(i, ';') || punct(i, '{') || punct(i, '}');
  }
  // Number of adjacent `c` punctuators starting at i.
  [[nodiscard]] std::size_t run(std::size_t i, char c) const {
    std::size_t n = 0;
    while (punct(i + n, c) && (n == 0 || adjacent(toks_[i + n - 1], toks_[i + n]))) ++n;
    return n;
  }

  // For a bracket token ( ) [ ] { }: the index of its partner, or kNoIndex
  // if it has none (kNoIndex for every other token). A closer that does not
  // match the innermost opener closes the nearest opener of its own type,
  // leaving the ones in between unmatched.
  [[nodiscard]] std::size_t match(std::size_t i) const {
    return i < match_.size() ? match_[i] : kNoIndex;
  }

  // toks[i] is '<': the index of the matching '>', or kNoIndex if a ';', '{',
  // '}', an unmatched bracket or the end comes first. Template argument lists
  // longer than kMaxAngleTokens tokens are not recognised (this keeps scans
  // of malformed input linear).
  [[nodiscard]] std::size_t closeAngles(std::size_t i) const;
  static constexpr std::size_t kMaxAngleTokens = 2048;

  // The tokens [first, last] spelled on one line: no comments, no newlines.
  [[nodiscard]] std::string spell(std::size_t first, std::size_t last) const;

 private:
  [[nodiscard]] std::vector<std::size_t> matchBrackets() const;

  std::string_view src_;
  const std::vector<Token>& toks_;
  std::vector<std::size_t> match_;
};

}  // namespace asctwin::asc
