// The signal side of kernel faults and timeouts: handlers for SIGSEGV,
// SIGBUS, SIGFPE and SIGILL (and the watchdog's interrupt signal) that act
// only when the signal hit code running on a kernel block's fiber. They
// record the facts in the fiber and make the interrupted context continue in
// Fiber::landing (see fiber.h); every other signal goes to the handler that
// was installed before (or the default action: the process dies as it would
// have without asctwin).
#pragma once

#include <cstdint>

namespace asctwin::kernel {

// Installs the handlers once per process (ASCTWIN_CATCH_FAULTS=0 leaves
// SIGSEGV/SIGBUS/SIGFPE/SIGILL alone; the interrupt signal is always
// installed). Returns whether kernel faults are caught.
bool installFaultHandlers();
// An alternate signal stack for the calling thread (a fiber that overflows
// its stack must still be able to run the handler); once per thread.
void ensureSignalStack();
// The signal the watchdog sends to a thread whose block must be interrupted.
int interruptSignal();
// Sends it (false: the thread is gone).
bool interruptThread(uint64_t thread);

// The name of a fault signal ("SIGSEGV").
const char* signalName(int sig);

}  // namespace asctwin::kernel
