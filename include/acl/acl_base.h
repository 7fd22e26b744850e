/* acl/acl_base.h (asctwin). Base types, error codes.
 * Names, signatures, layouts and values are those of CANN's header of the
 * same name (the contract); what each call does on the twin is in
 * docs/runtime.md and in the implementation under src/acl. */
#ifndef ASCTWIN_ACL_ACL_BASE_H_
#define ASCTWIN_ACL_ACL_BASE_H_

#include "acl/acl_base_rt.h"
#include "acl/acl_base_mdl.h"
#include "error_codes/rt_error_codes.h"
#include "error_codes/ge_error_codes.h"

#endif /* ASCTWIN_ACL_ACL_BASE_H_ */
