/* acl/acl.h: everything a CANN host program needs from asctwin's ACL layer:
 * base types and codes, the runtime, tensors/scalars/int arrays and the ACLNN
 * base (aclnnStatus, aclOpExecutor). */
#ifndef ASCTWIN_ACL_ACL_H_
#define ASCTWIN_ACL_ACL_H_

#include "acl/acl_base.h"
#include "acl/acl_rt.h"
#include "aclnn/acl_meta.h"
#include "aclnn/aclnn_base.h"

#endif /* ASCTWIN_ACL_ACL_H_ */
