#include "devkit_sync_protocol.h"

#include <algorithm>
#include <string_view>
#include <vector>

#include "definition_heads.h"
#include "text_edits.h"
#include "token_utils.h"
#include "tokenizer.h"

namespace asctwin::asc {
namespace {

// Huawei's functions (impl/basic_api/dav_c220/...) and the protocol each is.
struct Protocol {
  std::string_view cls;  // empty: a free function
  std::string_view name;
  std::string_view protocol;  // an enumerator of kernel::SyncProtocol
};
constexpr Protocol kProtocols[] = {
    {"", "InitDetermineComputeWorkspaceCalc", "InitDetermineCompute"},
    {"", "WaitPreBlockCalc", "WaitPreBlock"},
    {"", "NotifyNextBlockCalc", "NotifyNextBlock"},
    {"GroupBarrier", "Arrive", "GroupArrive"},
    {"GroupBarrier", "Wait", "GroupWait"},
};

}  // namespace

bool rewriteSyncProtocols(std::string& text, std::string*) {
  bool any = false;
  for (const Protocol& p : kProtocols) any = any || text.find(p.name) != std::string::npos;
  if (!any) return true;
  const Tokens toks = tokenize(text);
  const TokenView v(text, toks.code);
  std::vector<TextEdit> edits;
  for (const Protocol& p : kProtocols) {
    for (const DefinitionHead& d : findDefinitions(v, p.cls, p.name)) {
      edits.push_back({v[d.body].end, v[d.body].end,
                       " ::asctwin::devkit::SyncProtocolScope asctwin_sync_protocol_scope_("
                       "::asctwin::kernel::SyncProtocol::" +
                           std::string(p.protocol) + ");"});
    }
  }
  std::sort(edits.begin(), edits.end(),
            [](const TextEdit& a, const TextEdit& b) { return a.begin < b.begin; });
  text = applyEdits(text, edits);
  return true;
}

}  // namespace asctwin::asc
