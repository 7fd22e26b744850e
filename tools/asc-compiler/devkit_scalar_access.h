// Devkit mode: Huawei's scalar accesses of LocalTensor elements, made
// visible to the twin.
//
// On the NPU, Bisheng's automatic synchronisation (--cce-auto-sync=on, the
// default for <<<>>> programs) orders a tensor's scalar accesses
// (LocalTensor::GetValue / SetValue / operator()) after the pipes' pending
// work on the same tensor, and before later pipe work on it. The own front
// end does the same through kernel::localScalarAccess (check mode completes
// the pending instructions on those bytes; the checker sees the access).
// Huawei's CPU-mode LocalTensor dereferences the buffer's pointer and tells
// nobody, so check mode could run a deferred vector write after a later
// SetValue of the same bytes, and initcheck took bytes written by SetValue
// for never written.
//
// The contract defines `__inout_pipe__(...)` (the pipe annotation Huawei
// puts on those members) as the marker `__asctwin_inout_pipe__(...)` in
// devkit units (include/asctwin/devkit/cpu_types.h). In the preprocessed
// unit every marker goes; in the definitions of LocalTensor<T>::GetValue,
// SetValue and operator() marked `S`, the body starts with a call of
// ::asctwin::devkit::scalarLocalAccess naming the element's bytes (none for
// int4b_t, whose members go through a byte tensor's SetValue / GetValue,
// which report the byte). Everything is inserted on the lines it replaces,
// so diagnostics and debug information keep their lines.
#pragma once

#include <string>

namespace asctwin::asc {

inline constexpr const char* kInoutPipeMarker = "__asctwin_inout_pipe__";

// Rewrites `text`; returns false (and says why in `error`) when a marker is
// not followed by its parenthesised pipes.
bool rewriteScalarAccesses(std::string& text, std::string* error);

}  // namespace asctwin::asc
