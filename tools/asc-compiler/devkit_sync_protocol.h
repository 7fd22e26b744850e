// Devkit mode: Huawei's cross-core synchronisation through GM flags, made
// known to the twin's checker.
//
// WaitPreBlock / NotifyNextBlock / InitDetermineComputeWorkspace and
// GroupBarrier::Arrive / Wait synchronise cores with ordinary DMA copies of
// flag words and polling (the dcci of a line, then a load through the
// pointer). The program runs them as written; what the checker must know is
// that those copies are synchronisation: otherwise it reports races on the
// flag words and misses the order they give the data. IBSet/IBWait call a
// stub on entry and exit (src/devkit/hooks.cpp); these have none, so in the
// preprocessed unit the body of each definition starts with a scope,
// ::asctwin::devkit::SyncProtocolScope, that opens the protocol
// (kernel::SyncProtocol) and ends it when the function returns. Inserted
// on the line of the body's '{': lines stay where they were.
#pragma once

#include <string>

namespace asctwin::asc {

// Rewrites `text`; there is nothing to refuse (always true).
bool rewriteSyncProtocols(std::string& text, std::string* error);

}  // namespace asctwin::asc
