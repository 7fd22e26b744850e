#include "rewriter.h"

#include <algorithm>

#include "tokenizer.h"

namespace asctwin::asc {

std::string lineDirective(std::string_view path) {
  std::string out = "#line 1 \"";
  for (const char c : path) {
    switch (c) {
      case '\\':
      case '"':
        out += '\\';
        out += c;
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      default:
        out += c;
    }
  }
  out += "\"\n";
  return out;
}

RewriteResult rewriteAsc(std::string_view source, std::string_view path) {
  constexpr std::string_view kBom = "\xEF\xBB\xBF";
  if (source.substr(0, kBom.size()) == kBom) source.remove_prefix(kBom.size());

  RewriteResult result;
  const Tokens tokens = tokenize(source);
  result.kernels = findKernels(source, tokens.code, result.errors);
  Edits edits;
  rewriteLaunches(source, tokens.code, result.kernels, edits, result.launches, result.errors);
  for (const std::vector<Token>& define : tokens.defines) {
    rewriteLaunches(source, define, result.kernels, edits, result.launches, result.errors);
  }
  std::stable_sort(result.launches.begin(), result.launches.end(),
                   [](const LaunchSite& a, const LaunchSite& b) {
                     return a.line != b.line ? a.line < b.line : a.column < b.column;
                   });
  std::stable_sort(result.errors.begin(), result.errors.end(),
                   [](const Diagnostic& a, const Diagnostic& b) {
                     return a.line != b.line ? a.line < b.line : a.column < b.column;
                   });
  if (result.ok()) result.output = lineDirective(path) + applyEdits(source, std::move(edits));
  return result;
}

}  // namespace asctwin::asc
