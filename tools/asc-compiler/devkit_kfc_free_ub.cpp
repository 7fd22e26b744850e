#include "devkit_kfc_free_ub.h"

#include <vector>

#include "definition_heads.h"
#include "text_edits.h"
#include "token_utils.h"
#include "tokenizer.h"

namespace asctwin::asc {

bool rewriteKfcFreeUb(std::string& text, std::string*) {
  if (text.find("FreeUB") == std::string::npos) return true;
  const Tokens toks = tokenize(text);
  const TokenView v(text, toks.code);
  std::vector<TextEdit> edits;
  for (const DefinitionHead& d : findDefinitions(v, "", "FreeUB")) {
    const std::size_t end = v.match(d.body);
    if (end == kNoIndex) continue;
    for (std::size_t k = d.body + 1; k + 4 < end; ++k) {
      if (v.punct(k, '*') && v.ident(k + 1, "dst") && v.punct(k + 2, '=') &&
          v.ident(k + 3, "addr") && v.punct(k + 4, ';') && !v.ident(k - 1) &&
          !v.punct(k - 1, ')')) {
        edits.push_back({v[k].begin, v[k + 4].end,
                         "create_cbuf_matrix(dst, 0x10001, static_cast<uint32_t>(addr));"});
        break;
      }
    }
  }
  text = applyEdits(text, edits);
  return true;
}

}  // namespace asctwin::asc
