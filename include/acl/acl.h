/* acl/acl.h (asctwin). The whole ACL host API.
 * Names, signatures, layouts and values are those of CANN's header of the
 * same name (the contract); what each call does on the twin is in
 * docs/runtime.md and in the implementation under src/acl. */
#ifndef ASCTWIN_ACL_ACL_H_
#define ASCTWIN_ACL_ACL_H_

#include "acl_rt.h"
#include "acl_op.h"
#include "acl_mdl.h"
/* asctwin: the ACLNN operand types and executors (CANN has them in aclnn/). */
#include "aclnn/acl_meta.h"
#include "aclnn/aclnn_base.h"

#endif /* ASCTWIN_ACL_ACL_H_ */
