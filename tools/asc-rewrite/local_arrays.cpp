#include "local_arrays.h"

#include <array>
#include <string>

#include "kernel_scan.h"
#include "token_utils.h"

namespace asctwin::asc {
namespace {

struct SpaceWord {
  std::string_view word;
  std::string_view space;  // asctwin::capi::LocalSpace enumerator
};
constexpr std::array<SpaceWord, 7> kSpaces = {{{"__ubuf__", "UB"},
                                               {"__cbuf__", "L1"},
                                               {"__ca__", "L0A"},
                                               {"__cb__", "L0B"},
                                               {"__cc__", "L0C"},
                                               {"__biasbuf__", "BT"},
                                               {"__fbuf__", "FB"}}};

std::string_view spaceOf(std::string_view word) {
  for (const SpaceWord& s : kSpaces) {
    if (s.word == word) return s.space;
  }
  return {};
}

class Rewriter {
 public:
  Rewriter(std::string_view src, const std::vector<Token>& code, Edits& edits, Diagnostics& errors)
      : t_(src, code), code_(code), edits_(edits), errors_(errors) {}

  void run() {
    for (const auto& [open, close] : findDeviceBodies(t_.source(), code_)) {
      for (std::size_t i = open + 1; i < close; ++i) {
        if (!t_.ident(i) || spaceOf(t_.text(i)).empty()) continue;
        i = declaration(i);
      }
    }
  }

 private:
  void error(std::size_t tok, std::string message) {
    errors_.push_back({code_[tok].line, code_[tok].column, std::move(message), {}});
  }

  // One declarator: [name, end) with its shape.
  struct Declarator {
    std::size_t name = kNoIndex;
    std::size_t first = 0, last = 0;  // its tokens (inclusive)
  };

  // The statement whose qualifier is at `q`; returns the index to go on from.
  std::size_t declaration(std::size_t q) {
    // Only declarations that begin a statement (after cv-qualifiers).
    std::size_t before = q;
    while (before > 0 && (t_.ident(before - 1, "const") || t_.ident(before - 1, "volatile"))) {
      --before;
    }
    if (before == 0 || !t_.boundary(before - 1)) {
      for (const std::string_view s : {"static", "extern", "thread_local"}) {
        if (before > 0 && t_.ident(before - 1, s)) {
          error(q, "a " + std::string(t_.text(q)) + " variable cannot be '" + std::string(s) +
                       "': local memory is placed per core and launch");
        }
      }
      return q;
    }
    // The statement's end: the ';' at this depth.
    std::size_t end = q + 1;
    while (end < t_.size() && !t_.punct(end, ';')) {
      if (t_.punct(end, '}') || (t_.punct(end, '{') && t_.match(end) == kNoIndex)) return q;
      const std::size_t m = t_.match(end);
      if ((t_.punct(end, '(') || t_.punct(end, '[') || t_.punct(end, '{')) && m != kNoIndex) {
        end = m + 1;
        continue;
      }
      ++end;
    }
    if (end >= t_.size()) return q;
    // Pointers, references, functions: the qualifier alone goes. A '*' or
    // '&' inside an array bound or a brace (x[kM * kK]) is an operator.
    for (std::size_t j = q + 1; j < end; ++j) {
      if ((t_.punct(j, '[') || t_.punct(j, '{')) && t_.match(j) != kNoIndex) {
        j = t_.match(j);
        continue;
      }
      if (t_.punct(j, '*') || t_.punct(j, '&') || t_.punct(j, '(')) return end;
    }
    // Declarators, split at the commas outside brackets.
    std::vector<Declarator> decls;
    std::size_t from = q + 1;
    for (std::size_t j = q + 1; j <= end; ++j) {
      const std::size_t m = t_.punct(j, '<') ? t_.closeAngles(j) : t_.match(j);
      if ((t_.punct(j, '[') || t_.punct(j, '{') || t_.punct(j, '<')) && m != kNoIndex) {
        j = m;
        continue;
      }
      if (j == end || t_.punct(j, ',')) {
        if (j == from) return end;  // an empty declarator: not ours to judge
        decls.push_back({kNoIndex, from, j - 1});
        from = j + 1;
      }
    }
    // The first declarator's name ends the type: the last identifier before
    // its first '[', '{' or '='.
    std::size_t typeEnd = kNoIndex;
    for (Declarator& d : decls) {
      std::size_t stop = d.first;
      while (stop <= d.last && !t_.punct(stop, '[') && !t_.punct(stop, '{') &&
             !t_.punct(stop, '=')) {
        if (t_.punct(stop, '<') && t_.closeAngles(stop) != kNoIndex) stop = t_.closeAngles(stop);
        ++stop;
      }
      if (stop == d.first || !t_.ident(stop - 1)) {
        error(d.first, "cannot read this declaration of local memory");
        return end;
      }
      d.name = stop - 1;
      if (typeEnd == kNoIndex) {
        typeEnd = d.name;
        if (typeEnd == q + 1) {
          error(q, "a declaration of local memory needs a type");
          return end;
        }
      } else if (d.name != d.first) {
        error(d.first, "cannot read this declaration of local memory");
        return end;
      }
    }
    const std::string type = t_.spell(q + 1, typeEnd - 1);
    const std::string space(spaceOf(t_.text(q)));
    std::string out;
    for (const Declarator& d : decls) {
      const std::string name(t_.text(d.name));
      std::string dims;
      std::size_t j = d.name + 1;
      while (j <= d.last && t_.punct(j, '[') && t_.match(j) != kNoIndex) {
        if (t_.match(j) == j + 1) {
          error(j, "the array '" + name + "' in local memory needs a size");
          return end;
        }
        dims += "[" + t_.spell(j + 1, t_.match(j) - 1) + "]";
        j = t_.match(j) + 1;
      }
      const bool braces = j <= d.last && t_.punct(j, '{') && t_.match(j) == j + 1;
      if (braces) j += 2;
      if (j <= d.last) {
        error(j, "'" + name + "' in local memory cannot have an initialiser");
        return end;
      }
      if (dims.empty() && !braces) {
        error(d.name, "'" + name + "' in local memory needs braces ('" + name +
                          "{}'): the NPU compiler does not construct it implicitly");
        return end;
      }
      if (!dims.empty() && braces) {
        error(d.name, "'" + name + "' in local memory cannot have an initialiser");
        return end;
      }
      out += (out.empty() ? "" : " ") + std::string("auto& ") + name + " = ::asctwin::capi::" +
             (braces ? "localObject<" + type : "localArray<" + type + dims) +
             ", ::asctwin::capi::LocalSpace::" + space + ">([] {}, \"" + name + "\");";
    }
    // Keep the line count: the declaration's newlines after the new text.
    const std::size_t begin = code_[q + 1].begin;
    const std::size_t stop = code_[end].end;
    for (std::size_t k = begin; k < stop; ++k) {
      if (t_.source()[k] == '\n') out += '\n';
    }
    edits_.push_back({begin, stop, std::move(out)});
    return end;
  }

  TokenView t_;
  const std::vector<Token>& code_;
  Edits& edits_;
  Diagnostics& errors_;
};

}  // namespace

bool isLocalSpaceWord(std::string_view word) {
  return !spaceOf(word).empty();
}

void rewriteLocalArrays(std::string_view src, const std::vector<Token>& code, Edits& edits,
                        Diagnostics& errors) {
  Rewriter(src, code, edits, errors).run();
}

}  // namespace asctwin::asc
