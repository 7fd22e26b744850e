// The GM flag protocols the twin knows (see runtime.h's syncProtocolBegin),
// in a header of its own: devkit units name them without the kernel API.
#pragma once

#include <cstdint>

namespace asctwin::kernel {

// A cross-core protocol made of ordinary copies of flag words in GM and
// polling (Huawei's IBSet/IBWait, WaitPreBlock/NotifyNextBlock and
// GroupBarrier, which devkit mode compiles unchanged, and the own
// GroupBarrier). Between begin and end, the GM side of the core's copies is
// a flag access, not data: a copy into GM releases what its pipe had issued
// (an atomic one adds to the word's earlier releases), and the GM bytes the
// core copies out or cleans from its data cache are acquired at the end, when
// the polling has seen what it waited for. The checker then orders the
// protocol's users as it orders the twin's own primitives, and reports no
// race on the flag words themselves.
enum class SyncProtocol : uint8_t {
  IBSet,
  IBWait,
  InitDetermineCompute,
  NotifyNextBlock,
  WaitPreBlock,
  GroupArrive,
  GroupWait,
};

}  // namespace asctwin::kernel
