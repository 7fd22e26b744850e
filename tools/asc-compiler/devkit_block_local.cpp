#include "devkit_block_local.h"

#include <algorithm>
#include <string_view>
#include <vector>

#include "line_map.h"
#include "text_edits.h"
#include "token_utils.h"
#include "tokenizer.h"

namespace asctwin::asc {
namespace {

// What one marked declaration declares.
struct Declaration {
  std::size_t semicolon = kNoIndex;  // its ';'
  std::size_t name = kNoIndex;       // the declarator-id (variables)
  bool function = false;             // the declarator is a function
  std::string problem;               // non-empty: not understood
};

bool skipsParentheses(std::string_view word) {
  return word == "__attribute__" || word == "alignas" || word == "__declspec" ||
         word == "decltype" || word == "__decltype";
}

// From the marker at `at` to the declaration's `;`: the declarator-id is the
// identifier before the first `=`, `{`, `[` or the `;` at bracket depth 0; a
// `(` there (other than an attribute's or decltype's) makes the declaration a
// function's. A `,` outside template brackets before the initialiser would
// declare several variables, which Huawei's headers never do.
Declaration scan(const TokenView& v, std::size_t at) {
  Declaration d;
  int angles = 0;
  bool initialiser = false;
  for (std::size_t j = at + 1; j < v.size(); ++j) {
    if (v.punct(j, ';')) {
      d.semicolon = j;
      if (!initialiser && !d.function && v.ident(j - 1)) d.name = j - 1;
      break;
    }
    if (v.punct(j, '}')) break;  // the enclosing scope ends: no declaration
    if (initialiser) {
      if (v.punct(j, '(') || v.punct(j, '[') || v.punct(j, '{')) j = v.match(j);
      if (j == kNoIndex) break;
      continue;
    }
    if (v.ident(j) && skipsParentheses(v.text(j)) && v.punct(j + 1, '(')) {
      j = v.match(j + 1);
      if (j == kNoIndex) break;
      continue;
    }
    if (v.punct(j, '<')) ++angles;
    if (v.punct(j, '>')) --angles;
    if (v.punct(j, ',') && angles == 0) {
      d.problem = "declares more than one variable";
      return d;
    }
    const bool open = v.punct(j, '=') || v.punct(j, '{') || v.punct(j, '[');
    if (v.punct(j, '[') && v.punct(j + 1, '[')) {  // [[attribute]]
      j = v.match(j);
      if (j == kNoIndex) break;
      continue;
    }
    if (open && !d.function) {
      if (v.ident(j - 1)) d.name = j - 1;
      initialiser = true;
      if (!v.punct(j, '=')) {
        j = v.match(j);
        if (j == kNoIndex) break;
      }
      continue;
    }
    if (v.punct(j, '(')) {
      d.function = true;
      j = v.match(j);
      if (j == kNoIndex) break;
    }
  }
  if (d.semicolon == kNoIndex) {
    d.problem = "has no ';'";
  } else if (!d.function && d.name == kNoIndex) {
    d.problem = "names no variable";
  }
  return d;
}

std::string registration(std::string_view name, std::size_t serial) {
  const std::string n(name);
  return " static_assert(__is_trivially_copyable(decltype(" + n +
         ")), \"a block-local variable is saved and restored as bytes\");"
         " [[maybe_unused]] static const bool asctwin_dk_block_local_" +
         std::to_string(serial) +
         " = ::asctwin::devkit::registerBlockLocal(+[]() -> void* { return "
         "static_cast<void*>(__builtin_addressof(" +
         n + ")); }, sizeof(" + n + "));";
}

}  // namespace

bool rewriteBlockLocals(std::string& text, std::string* error) {
  if (text.find(kBlockLocalMarker) == std::string::npos) return true;
  const Tokens toks = tokenize(text);
  const TokenView v(text, toks.code);
  std::vector<TextEdit> edits;
  std::size_t serial = 0;
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (!v.ident(i, kBlockLocalMarker)) continue;
    const Declaration d = scan(v, i);
    if (!d.problem.empty()) {
      const SourcePos at = LineMap(text, "<unit>").at(v[i].line);
      const std::size_t last =
          d.semicolon != kNoIndex ? d.semicolon : std::min(v.size() - 1, i + 12);
      *error = at.file + ":" + std::to_string(at.line) +
               ": a __BLOCK_LOCAL__ declaration that devkit mode cannot keep per block (it " +
               d.problem + "): " + v.spell(i, last);
      return false;
    }
    if (d.function) {
      edits.push_back({v[i].begin, v[i].end, "extern \"C\""});
      continue;
    }
    edits.push_back({v[i].begin, v[i].end, "thread_local"});
    const std::size_t after = v[d.semicolon].end;
    edits.push_back({after, after, registration(v.text(d.name), serial++)});
  }
  text = applyEdits(text, edits);
  return true;
}

}  // namespace asctwin::asc
