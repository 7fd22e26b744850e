/* asctwin/asctwin_check.h from strict C11: mode selection and the counters.
 * Returns 0 or the failing line. */
#include <stddef.h>

#include "asctwin/asctwin_check.h"

int asctwin_check_c_api(void) {
  int mode = -1;
  uint64_t seed = 1;
  if (asctwinSetKernelMode(ASCTWIN_MODE_CHECK, 42) != ACL_SUCCESS) return __LINE__;
  if (asctwinGetKernelMode(&mode, &seed) != ACL_SUCCESS) return __LINE__;
  if (mode != ASCTWIN_MODE_CHECK || seed != 42) return __LINE__;
  if (asctwinSetKernelMode(ASCTWIN_MODE_FAST, 0) != ACL_SUCCESS) return __LINE__;
  if (asctwinGetKernelMode(&mode, NULL) != ACL_SUCCESS || mode != ASCTWIN_MODE_FAST)
    return __LINE__;
  if (asctwinSetKernelMode(7, 0) != ACL_ERROR_INVALID_PARAM) return __LINE__;
  if (asctwinSetKernelMode(ASCTWIN_MODE_DEFAULT, 0) != ACL_SUCCESS) return __LINE__;
  (void)asctwinLastScheduleHash();
  (void)asctwinExecutedInstructions();
  return 0;
}
