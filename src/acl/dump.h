// Data dump of ACLNN operators (the "dump" section of the aclInit
// configuration, aclmdlSetDump, acldumpRegCallback) and the argument dump of
// aclopStartDumpArgs. What the twin dumps is what its operators see: after an
// operator's tasks, the bytes of each tensor it names (inputs, outputs) go to
// the registered callback in chunks, or to files under dump_path; the
// argument dump writes one line per operator launch (name, tensor addresses
// and sizes) into <path>/asctwin_op_args.txt.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/status.h"
#include "device/stream.h"

namespace asctwin::acl {

// One tensor an operator exposes to the dump.
struct DumpTensor {
  std::string kind;  // "input" or "output"
  const void* data = nullptr;
  uint64_t bytes = 0;
};

// Applies the "dump" object of a configuration document (JSON text of the
// whole file). Unknown keys are ignored; a malformed dump section is an error.
Status applyDumpConfig(const std::string& json);
// Whether data dump is on, and its path ("" when none is configured).
bool dataDumpOn();
std::string dataDumpPath();

// Called by the executor after an operator's tasks were enqueued.
void dumpOperator(const std::string& op, const std::vector<DumpTensor>& tensors,
                  device::Stream& stream);

}  // namespace asctwin::acl
