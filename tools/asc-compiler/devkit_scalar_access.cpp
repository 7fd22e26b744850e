#include "devkit_scalar_access.h"

#include <algorithm>
#include <string_view>
#include <vector>

#include "definition_heads.h"
#include "line_map.h"
#include "text_edits.h"
#include "token_utils.h"
#include "tokenizer.h"

namespace asctwin::asc {
namespace {

// The scalar members of LocalTensor the hook goes into, and whether each
// writes (operator() hands out a reference: taken as a write, as the own
// front end takes it).
struct Member {
  std::size_t params = kNoIndex;  // the '(' of its parameter list
  bool write = false;
};

// In the tokens [from, to) of a marked definition's head: the member of
// LocalTensor it defines, if it is GetValue, SetValue or operator().
Member scalarMember(const TokenView& v, std::size_t from, std::size_t to) {
  bool local = false;
  for (std::size_t k = from; k < to; ++k) {
    if (v.ident(k, "GlobalTensor")) return {};
    if (v.ident(k, "LocalTensor")) local = true;
    if (!local || !v.punct(k - 1, ':')) continue;
    if (v.ident(k, "GetValue") && v.punct(k + 1, '(')) return {k + 1, false};
    if (v.ident(k, "SetValue") && v.punct(k + 1, '(')) return {k + 1, true};
    if (v.ident(k, "operator") && v.punct(k + 1, '(') && v.punct(k + 2, ')') && v.punct(k + 3, '('))
      return {k + 3, true};
  }
  return {};
}

std::string hook(std::string_view index, bool write) {
  const std::string i(index);
  return " ::asctwin::devkit::scalarLocalAccess(static_cast<const void*>(this->GetPhyAddr()), "
         "IsSameType<PrimType, int4b_t>::value ? 0ull : static_cast<unsigned long long>(" +
         i +
         ") * sizeof(PrimType), IsSameType<PrimType, int4b_t>::value ? 0u : "
         "static_cast<unsigned>(sizeof(PrimType)), " +
         (write ? "true" : "false") + ");";
}

// Huawei's GlobalTensor<T>::GetValue / SetValue / operator() load and store
// through oriAddress_ (a nibble's byte for the half-byte types).
std::string globalHook(std::string_view offset, bool write) {
  const std::string o(offset);
  return " ::asctwin::devkit::scalarGlobalAccess(static_cast<const void*>(this->oriAddress_), "
         "IsHalfByteDataType<PrimType>() ? static_cast<unsigned long long>(" +
         o + ") / 2 : static_cast<unsigned long long>(" + o +
         ") * sizeof(PrimType), IsHalfByteDataType<PrimType>() ? 1u : "
         "static_cast<unsigned>(sizeof(PrimType)), " +
         (write ? "true" : "false") + ");";
}

void hookGlobalTensor(const TokenView& v, std::vector<TextEdit>& edits) {
  struct GlobalMember {
    const char* name;
    bool write;  // operator() hands out a reference: taken as a write
  };
  for (const GlobalMember m : {GlobalMember{"GetValue", false}, GlobalMember{"SetValue", true},
                               GlobalMember{"operator()", true}}) {
    for (const DefinitionHead& d : findDefinitions(v, "GlobalTensor", m.name)) {
      const std::string_view offset = firstParameter(v, d.params);
      if (!offset.empty())
        edits.push_back({v[d.body].end, v[d.body].end, globalHook(offset, m.write)});
    }
  }
}

}  // namespace

bool rewriteScalarAccesses(std::string& text, std::string* error) {
  if (text.find(kInoutPipeMarker) == std::string::npos &&
      text.find("GlobalTensor") == std::string::npos)
    return true;
  const Tokens toks = tokenize(text);
  const TokenView v(text, toks.code);
  std::vector<TextEdit> edits;
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (!v.ident(i, kInoutPipeMarker)) continue;
    const std::size_t close = v.punct(i + 1, '(') ? v.match(i + 1) : kNoIndex;
    if (close == kNoIndex) {
      const SourcePos at = LineMap(text, "<unit>").at(v[i].line);
      *error = at.file + ":" + std::to_string(at.line) +
               ": __inout_pipe__ without its parenthesised pipes";
      return false;
    }
    const bool scalarPipe = close == i + 3 && v.ident(i + 2, "S");
    edits.push_back({v[i].begin, v[close].end, ""});
    // The head runs to the definition's '{' (or a declaration's ';').
    std::size_t body = kNoIndex;
    for (std::size_t j = close + 1; j < v.size(); ++j) {
      if (v.punct(j, ';') || v.punct(j, '}')) break;
      if (v.punct(j, '{')) {
        body = j;
        break;
      }
      if (v.punct(j, '(') || v.punct(j, '[')) {
        j = v.match(j);
        if (j == kNoIndex) break;
      }
    }
    if (!scalarPipe || body == kNoIndex) continue;
    const Member m = scalarMember(v, close + 1, body);
    if (m.params == kNoIndex) continue;
    const std::string_view index = firstParameter(v, m.params);
    if (index.empty()) continue;
    edits.push_back({v[body].end, v[body].end, hook(index, m.write)});
  }
  hookGlobalTensor(v, edits);
  std::sort(edits.begin(), edits.end(),
            [](const TextEdit& a, const TextEdit& b) { return a.begin < b.begin; });
  text = applyEdits(text, edits);
  return true;
}

}  // namespace asctwin::asc
