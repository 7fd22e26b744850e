/* acl/acl_base_mdl.h (asctwin). Model base types (empty in the runtime package).
 * Names, signatures, layouts and values are those of CANN's header of the
 * same name (the contract); what each call does on the twin is in
 * docs/runtime.md and in the implementation under src/acl. */
#ifndef ASCTWIN_ACL_ACL_BASE_MDL_H_
#define ASCTWIN_ACL_ACL_BASE_MDL_H_

#endif /* ASCTWIN_ACL_ACL_BASE_MDL_H_ */
