#include "definition_heads.h"

namespace asctwin::asc {
namespace {

// The '{' of the body after the parameter list closed at `close`, if the
// tokens between are qualifiers only.
std::size_t bodyAfter(const TokenView& v, std::size_t close) {
  constexpr std::size_t kMaxQualifiers = 4;
  for (std::size_t k = close + 1; k < v.size() && k <= close + kMaxQualifiers + 1; ++k) {
    if (v.punct(k, '{')) return k;
    if (v.ident(k, "const") || v.ident(k, "noexcept") || v.ident(k, "override") ||
        v.ident(k, "final") || v.punct(k, '&'))
      continue;
    return kNoIndex;
  }
  return kNoIndex;
}

// Whether the tokens ending just before `at` are `cls::` or `cls<...>::`.
bool qualifiedBy(const TokenView& v, std::size_t at, std::string_view cls) {
  if (at < 3 || !v.punct(at - 1, ':') || !v.punct(at - 2, ':')) return false;
  std::size_t k = at - 3;
  if (v.punct(k, '>')) {
    // Back to the matching '<' (template arguments are short here).
    constexpr std::size_t kMaxBack = 64;
    int depth = 0;
    for (std::size_t steps = 0; steps < kMaxBack; ++steps, --k) {
      if (v.punct(k, '>')) ++depth;
      if (v.punct(k, '<') && --depth == 0) break;
      if (k == 0 || v.boundary(k)) return false;
    }
    if (depth != 0 || k == 0) return false;
    --k;
  }
  return v.ident(k, cls);
}

bool memberAccess(const TokenView& v, std::size_t at) {
  return at > 0 && (v.punct(at - 1, '.') || v.punct(at - 1, ':') ||
                    (v.punct(at - 1, '>') && at > 1 && v.punct(at - 2, '-')));
}

}  // namespace

std::vector<DefinitionHead> findDefinitions(const TokenView& v, std::string_view cls,
                                            std::string_view name) {
  std::vector<DefinitionHead> out;
  const bool callOperator = name == "operator()";
  const std::string_view ident = callOperator ? "operator" : name;
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (!v.ident(i, ident)) continue;
    std::size_t open = i + 1;
    if (callOperator) {
      if (!v.punct(i + 1, '(') || !v.punct(i + 2, ')')) continue;
      open = i + 3;
    }
    if (!v.punct(open, '(')) continue;
    if (cls.empty() ? memberAccess(v, i) : !qualifiedBy(v, i, cls)) continue;
    const std::size_t close = v.match(open);
    if (close == kNoIndex) continue;
    const std::size_t body = bodyAfter(v, close);
    if (body != kNoIndex) out.push_back({open, body});
  }
  return out;
}

std::string_view firstParameter(const TokenView& v, std::size_t open) {
  const std::size_t close = v.match(open);
  std::string_view name;
  for (std::size_t k = open + 1; k < close && k != kNoIndex; ++k) {
    if (v.punct(k, ',')) break;
    if (v.ident(k)) name = v.text(k);
  }
  return name;
}

}  // namespace asctwin::asc
