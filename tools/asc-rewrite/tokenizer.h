// Tokenizer for Ascend C single-source (.asc) files.
//
// It splits C++ source into the few token kinds the rewriter needs. Comments,
// whitespace and line splices are skipped; string and character literals
// (with encoding prefixes, raw strings and user-defined suffixes) are single
// tokens, so nothing inside them is ever mistaken for code. Punctuators are
// single characters: `<<<` is three adjacent '<' tokens (see adjacent()).
//
// Preprocessor directives are kept out of the code stream: the replacement
// text of each `#define` becomes a token stream of its own (so launches
// written in macros can be rewritten too), every other directive is dropped,
// and so is the text of `#if 0` / `#if false` groups (up to the matching
// #else, #elif or #endif). Other conditionals are not evaluated: the text of
// every branch is code.
// The tokenizer never fails: unterminated literals end at the end of their
// line (raw strings and block comments at the end of the input).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace asctwin::asc {

enum class TokenKind : std::uint8_t { Identifier, Number, String, Char, Punct };

struct Token {
  TokenKind kind;
  std::size_t begin;   // byte offset of the first character
  std::size_t end;     // byte offset one past the last character
  std::size_t line;    // 1-based
  std::size_t column;  // 1-based, in bytes

  [[nodiscard]] std::string_view text(std::string_view src) const {
    return src.substr(begin, end - begin);
  }
};

struct Tokens {
  std::vector<Token> code;                  // ordinary program text
  std::vector<std::vector<Token>> defines;  // one stream per #define directive
};

Tokens tokenize(std::string_view src);

// True if `tok` is the punctuator `c`.
inline bool isPunct(const Token& tok, std::string_view src, char c) {
  return tok.kind == TokenKind::Punct && src[tok.begin] == c;
}

// True if `b` starts right where `a` ends (no whitespace or comment between).
inline bool adjacent(const Token& a, const Token& b) {
  return a.end == b.begin;
}

}  // namespace asctwin::asc
