#include "tokenizer.h"

#include <array>

namespace asctwin::asc {
namespace {

bool isIdentStart(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$' || c >= 0x80;
}
bool isIdentChar(unsigned char c) {
  return isIdentStart(c) || (c >= '0' && c <= '9');
}
bool isDigit(unsigned char c) {
  return c >= '0' && c <= '9';
}
bool isHorizontalSpace(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

// Encoding prefixes of string and character literals; the raw forms end in R.
constexpr std::array<std::string_view, 5> kPrefixes = {"L", "u8", "u", "U", ""};

enum class Directive : std::uint8_t { None, Define, Other };

class Lexer {
 public:
  explicit Lexer(std::string_view src) : src_(src) {}

  Tokens run() {
    while (pos_ < src_.size()) step();
    return std::move(out_);
  }

 private:
  [[nodiscard]] char at(std::size_t i) const { return i < src_.size() ? src_[i] : '\0'; }

  // Length of a line splice (backslash, optional CR, newline) at `i`, or 0.
  [[nodiscard]] std::size_t spliceAt(std::size_t i) const {
    if (at(i) != '\\') return 0;
    if (at(i + 1) == '\n') return 2;
    if (at(i + 1) == '\r' && at(i + 2) == '\n') return 3;
    return 0;
  }

  // Moves past the newline at pos_ (which must be '\n').
  void passNewline() {
    ++pos_;
    ++line_;
    lineStart_ = pos_;
  }

  // Moves past `n` characters that may include newlines (literals, comments).
  void advanceOver(std::size_t n) {
    const std::size_t stop = pos_ + n < src_.size() ? pos_ + n : src_.size();
    while (pos_ < stop) {
      if (src_[pos_] == '\n') {
        passNewline();
      } else {
        ++pos_;
      }
    }
  }

  void step() {
    const char c = src_[pos_];
    if (c == '\n') {
      passNewline();
      atLineStart_ = true;
      directive_ = Directive::None;
      return;
    }
    if (isHorizontalSpace(c)) {
      ++pos_;
      return;
    }
    if (const std::size_t splice = spliceAt(pos_)) {
      advanceOver(splice);
      return;
    }
    if (c == '/' && at(pos_ + 1) == '/') {
      skipLineComment();
      return;
    }
    if (c == '/' && at(pos_ + 1) == '*') {
      skipBlockComment();
      return;
    }
    if (c == '#' && atLineStart_ && directive_ == Directive::None) {
      startDirective();
      return;
    }
    atLineStart_ = false;
    lexToken();
  }

  void skipLineComment() {
    while (pos_ < src_.size() && src_[pos_] != '\n') {
      if (const std::size_t splice = spliceAt(pos_)) {
        advanceOver(splice);
      } else {
        ++pos_;
      }
    }
  }

  void skipBlockComment() {
    const std::size_t close = src_.find("*/", pos_ + 2);
    advanceOver(close == std::string_view::npos ? src_.size() - pos_ : close + 2 - pos_);
  }

  void skipHorizontalSpaceAndComments() {
    while (pos_ < src_.size()) {
      if (isHorizontalSpace(src_[pos_])) {
        ++pos_;
      } else if (const std::size_t splice = spliceAt(pos_)) {
        advanceOver(splice);
      } else if (src_[pos_] == '/' && at(pos_ + 1) == '*') {
        skipBlockComment();
      } else {
        return;
      }
    }
  }

  void startDirective() {
    ++pos_;  // '#'
    atLineStart_ = false;
    skipHorizontalSpaceAndComments();
    std::size_t nameEnd = pos_;
    while (nameEnd < src_.size() && isIdentChar(static_cast<unsigned char>(src_[nameEnd]))) {
      ++nameEnd;
    }
    const std::string_view name = src_.substr(pos_, nameEnd - pos_);
    pos_ = nameEnd;
    if (skipping_ > 0) {
      directive_ = Directive::Other;
      if (name == "if" || name == "ifdef" || name == "ifndef") {
        ++skipping_;
      } else if (name == "endif") {
        --skipping_;
      } else if (skipping_ == 1 && name.substr(0, 2) == "el") {
        skipping_ = 0;  // #else, #elif...: the next group may be live
      }
    } else if (name == "define") {
      directive_ = Directive::Define;
      out_.defines.emplace_back();
    } else {
      directive_ = Directive::Other;
      if (name == "if" && conditionIsZero()) skipping_ = 1;
    }
  }

  // After `#if`: is the condition the literal 0 (or false)? Consumes nothing.
  bool conditionIsZero() {
    const std::size_t savedPos = pos_;
    const std::size_t savedLine = line_;
    const std::size_t savedLineStart = lineStart_;
    skipHorizontalSpaceAndComments();
    bool zero = false;
    for (const std::string_view word : {std::string_view("0"), std::string_view("false")}) {
      if (src_.substr(pos_, word.size()) == word &&
          !isIdentChar(static_cast<unsigned char>(at(pos_ + word.size())))) {
        pos_ += word.size();
        skipHorizontalSpaceAndComments();
        zero =
            pos_ >= src_.size() || src_[pos_] == '\n' || (src_[pos_] == '/' && at(pos_ + 1) == '/');
        break;
      }
    }
    pos_ = savedPos;
    line_ = savedLine;
    lineStart_ = savedLineStart;
    return zero;
  }

  void emit(TokenKind kind, std::size_t begin, std::size_t beginLine, std::size_t beginColumn) {
    const Token tok{kind, begin, pos_, beginLine, beginColumn};
    if (skipping_ > 0) return;  // inside #if 0
    switch (directive_) {
      case Directive::None:
        out_.code.push_back(tok);
        break;
      case Directive::Define:
        out_.defines.back().push_back(tok);
        break;
      case Directive::Other:
        break;
    }
  }

  void lexToken() {
    const std::size_t begin = pos_;
    const std::size_t line = line_;
    const std::size_t column = pos_ - lineStart_ + 1;
    const auto c = static_cast<unsigned char>(src_[pos_]);
    if (isIdentStart(c)) {
      while (pos_ < src_.size() && isIdentChar(static_cast<unsigned char>(src_[pos_]))) ++pos_;
      const std::string_view word = src_.substr(begin, pos_ - begin);
      const char next = at(pos_);
      if (next == '"' && isRawPrefix(word) && lexRawString()) {
        emit(TokenKind::String, begin, line, column);
      } else if ((next == '"' || next == '\'') && isPrefix(word)) {
        lexQuoted(next);
        emit(next == '"' ? TokenKind::String : TokenKind::Char, begin, line, column);
      } else {
        emit(TokenKind::Identifier, begin, line, column);
      }
      return;
    }
    if (isDigit(c) || (c == '.' && isDigit(static_cast<unsigned char>(at(pos_ + 1))))) {
      lexNumber();
      emit(TokenKind::Number, begin, line, column);
      return;
    }
    if (c == '"' || c == '\'') {
      lexQuoted(static_cast<char>(c));
      emit(c == '"' ? TokenKind::String : TokenKind::Char, begin, line, column);
      return;
    }
    ++pos_;
    emit(TokenKind::Punct, begin, line, column);
  }

  static bool isPrefix(std::string_view word) {
    for (const std::string_view p : kPrefixes) {
      if (!p.empty() && word == p) return true;
    }
    return false;
  }

  static bool isRawPrefix(std::string_view word) {
    if (word.empty() || word.back() != 'R') return false;
    const std::string_view enc = word.substr(0, word.size() - 1);
    for (const std::string_view p : kPrefixes) {
      if (enc == p) return true;
    }
    return false;
  }

  // At the '"' of a raw string. Returns false (consuming nothing) if the
  // delimiter is malformed, so the literal is read as an ordinary string.
  bool lexRawString() {
    std::size_t i = pos_ + 1;
    while (i < src_.size() && i - pos_ - 1 <= 16) {
      const char d = src_[i];
      if (d == '(') break;
      if (d == ')' || d == '\\' || d == '"' || d == '\n' || isHorizontalSpace(d)) return false;
      ++i;
    }
    if (i >= src_.size() || src_[i] != '(' || i - pos_ - 1 > 16) return false;
    const std::string_view delim = src_.substr(pos_ + 1, i - pos_ - 1);
    std::size_t search = i + 1;
    std::size_t close = std::string_view::npos;
    while ((search = src_.find(')', search)) != std::string_view::npos) {
      if (src_.substr(search + 1, delim.size()) == delim && at(search + 1 + delim.size()) == '"') {
        close = search + 1 + delim.size() + 1;
        break;
      }
      ++search;
    }
    advanceOver(close == std::string_view::npos ? src_.size() - pos_ : close - pos_);
    lexSuffix();
    return true;
  }

  // At the opening quote. Stops after the closing quote, or before the end
  // of the line if the literal is unterminated.
  void lexQuoted(char quote) {
    ++pos_;
    while (pos_ < src_.size()) {
      const char c = src_[pos_];
      if (c == quote) {
        ++pos_;
        lexSuffix();
        return;
      }
      if (c == '\n') return;
      if (c == '\\') {
        if (const std::size_t splice = spliceAt(pos_)) {
          advanceOver(splice);
        } else {
          pos_ += pos_ + 1 < src_.size() && src_[pos_ + 1] != '\n' ? 2 : 1;
        }
        continue;
      }
      ++pos_;
    }
  }

  // A user-defined literal suffix.
  void lexSuffix() {
    while (pos_ < src_.size() && isIdentChar(static_cast<unsigned char>(src_[pos_]))) ++pos_;
  }

  // A preprocessing number: digits, letters, '.', digit separators and
  // exponent signs.
  void lexNumber() {
    ++pos_;
    while (pos_ < src_.size()) {
      const auto c = static_cast<unsigned char>(src_[pos_]);
      const auto prev = static_cast<unsigned char>(src_[pos_ - 1]);
      if (isIdentChar(c) || c == '.') {
        ++pos_;
      } else if ((c == '+' || c == '-') &&
                 (prev == 'e' || prev == 'E' || prev == 'p' || prev == 'P')) {
        ++pos_;
      } else if (c == '\'' && isIdentChar(static_cast<unsigned char>(at(pos_ + 1)))) {
        pos_ += 2;
      } else {
        return;
      }
    }
  }

  std::string_view src_;
  std::size_t pos_ = 0;
  std::size_t line_ = 1;
  std::size_t lineStart_ = 0;
  bool atLineStart_ = true;
  Directive directive_ = Directive::None;
  std::size_t skipping_ = 0;  // inside `#if 0`: 1 + depth of the conditionals nested in it
  Tokens out_;
};

}  // namespace

Tokens tokenize(std::string_view src) {
  return Lexer(src).run();
}

}  // namespace asctwin::asc
