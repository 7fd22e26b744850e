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
  TokenView(std::string_view src, const std::vector<Token>& toks) : src_(src), toks_(toks) {}

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

  // toks[i] opens a '(' or '[' group: the index of its closer, or kNoIndex if
  // the group is unbalanced or a ';', '{' or '}' comes first.
  [[nodiscard]] std::size_t closeGroup(std::size_t i) const;

  // toks[i] is '<': the index of the matching '>', or kNoIndex.
  [[nodiscard]] std::size_t closeAngles(std::size_t i) const;

  // The tokens [first, last] spelled on one line: no comments, no newlines.
  [[nodiscard]] std::string spell(std::size_t first, std::size_t last) const;

 private:
  std::string_view src_;
  const std::vector<Token>& toks_;
};

}  // namespace asctwin::asc
