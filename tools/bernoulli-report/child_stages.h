// Where the new path's time goes: its two device tasks timed one by one in
// the time child, with the same protocol: the DSA mask generation into the
// first bytes of out, then the BernoulliMask kernel expanding it in place
// (aliased, high-to-low waves): exactly the work of the alias plan's stream
// tasks, without the ACLNN call and stream around them.
#pragma once

#include <nlohmann/json.hpp>

#include "device_call.h"
#include "dtypes.h"
#include "options.h"

namespace asctwin::report {

// {"dsa_ms": [...], "kernel_ms": [...], "hash": ...} for the dense tensor t
// (the hash of the output after the last run: it must equal the operator's).
nlohmann::json timeNewPathStages(const Options& o, const DtypeInfo& d, const DeviceTensor& t,
                                 int64_t seed);

}  // namespace asctwin::report
