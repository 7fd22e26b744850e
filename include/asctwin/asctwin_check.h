/* asctwin/asctwin_check.h: selecting the kernel twin's execution mode (fast or
 * check) and reading what check mode reports. asctwin's own extension, not
 * part of CANN; usable from C11 and C++ (C++ also gets asctwin::explore).
 *
 * Modes (see the architecture page, "Two ways to run a kernel"):
 *  - ASCTWIN_MODE_FAST: every instruction runs when issued, blocks in
 *    parallel (the default);
 *  - ASCTWIN_MODE_CHECK: a deterministic seeded simulation: one block's
 *    scalar code at a time, pipe instructions deferred and carried out in a
 *    seeded order that respects exactly the hardware's ordering guarantees.
 *    The same seed gives the same schedule and the same result; a kernel that
 *    misses a synchronisation gives different results under different seeds;
 *  - ASCTWIN_MODE_DEFAULT: no process setting; launches follow the
 *    environment: ASCTWIN_MODE=fast|check and ASCTWIN_SEED=<unsigned> (a
 *    malformed value fails the launch with a message naming the variable).
 *
 * Precedence for a launch: asctwin::LaunchOptions::mode (C++ launch API),
 * then the process setting made here, then the environment, then fast. The
 * mode is taken when the launch is made (enqueued), not when it runs. */
#ifndef ASCTWIN_ASCTWIN_CHECK_H_
#define ASCTWIN_ASCTWIN_CHECK_H_

#include <stdint.h>

#include "acl/acl_base.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ASCTWIN_MODE_DEFAULT 0
#define ASCTWIN_MODE_FAST 1
#define ASCTWIN_MODE_CHECK 2

/* Sets the mode (and the check-mode seed) of every later launch of the
 * process that does not choose one itself; ASCTWIN_MODE_DEFAULT returns to the
 * environment. Any other mode value is ACL_ERROR_INVALID_PARAM. */
ACL_FUNC_VISIBILITY aclError asctwinSetKernelMode(int mode, uint64_t seed);
/* The mode and seed the next launch without its own choice would use
 * (resolving the environment); a malformed environment variable is
 * ACL_ERROR_INVALID_PARAM with a message naming it. Either pointer may be
 * null. */
ACL_FUNC_VISIBILITY aclError asctwinGetKernelMode(int* mode, uint64_t* seed);
/* The schedule hash of the last check-mode launch that finished (0 if none):
 * equal seeds give equal hashes. */
ACL_FUNC_VISIBILITY uint64_t asctwinLastScheduleHash(void);
/* Instruction records carried out by every launch of the process so far. */
ACL_FUNC_VISIBILITY uint64_t asctwinExecutedInstructions(void);

#ifdef __cplusplus
}
#include "asctwin/kernel/explore.h"
#endif

#endif /* ASCTWIN_ASCTWIN_CHECK_H_ */
