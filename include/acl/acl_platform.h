/* acl/acl_platform.h (asctwin). Platform queries.
 * Names, signatures, layouts and values are those of CANN's header of the
 * same name (the contract); what each call does on the twin is in
 * docs/runtime.md and in the implementation under src/acl. */
#ifndef ASCTWIN_ACL_ACL_PLATFORM_H_
#define ASCTWIN_ACL_ACL_PLATFORM_H_

#include <stdint.h>
#include "acl_base.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum aclplatformDevInfo ASCTWIN_ENUM_BASE {
  ACL_PLATFORM_AICORE_CNT = 0,
  ACL_PLATFORM_AICORE_UB_SIZE = 1,
  ACL_PLATFORM_CUBE_CORE_CNT = 2,
  ACL_PLATFORM_VECTOR_CORE_CNT = 3,
  ACL_PLATFORM_L2_SIZE = 4,
  ACL_PLATFORM_MEMORY_SIZE = 5,
  ACL_PLATFORM_CUBE_FREQ = 6,
  ACL_PLATFORM_VEC_FREQ = 7,
  ACL_PLATFORM_BT_SIZE = 8,
  ACL_PLATFORM_L0_A_SIZE = 9,
  ACL_PLATFORM_L0_B_SIZE = 10,
  ACL_PLATFORM_L0_C_SIZE = 11,
  ACL_PLATFORM_L1_SIZE = 12,
  ACL_PLATFORM_SOC_VERSION = 13,
  ACL_PLATFORM_AIC_VERSION = 14,
  ACL_PLATFORM_NPU_ARCH = 15,
  ACL_PLATFORM_MEMORY_TYPE = 16,
} aclplatformDevInfo;

typedef enum aclplatformCoreType ASCTWIN_ENUM_BASE {
  ACL_PLATFORM_CORE_TYPE_AI_CORE = 0,
  ACL_PLATFORM_CORE_TYPE_VECTOR_CORE = 1,
} aclplatformCoreType;

aclError aclplatformGetDeviceInfo(aclplatformDevInfo infoType, char* value, uint32_t maxLen);

aclError aclplatformGetInstructionInfo(aclplatformCoreType type, const char* instruction,
                                       char* value, uint32_t maxLen);

typedef enum aclplatformNpuArch ASCTWIN_ENUM_BASE {
  DAV_1001 = 1001,
  DAV_2002 = 2002,
  DAV_2102 = 2102,
  DAV_2201 = 2201,
  DAV_3002 = 3002,
  DAV_3003 = 3003,
  DAV_3004 = 3004,
  DAV_3102 = 3102,
  DAV_3113 = 3113,
  DAV_3505 = 3505,
  DAV_3510 = 3510,
  DAV_5102 = 5102,
  DAV_5162 = 5162,
  DAV_RESV = 0xFFFF
} aclplatformNpuArch;

typedef enum aclplatformLocalMemType ASCTWIN_ENUM_BASE {
  L0_A = 0,
  L0_B = 1,
  L0_C = 2,
  L1 = 3,
  L2 = 4,
  UB = 5,
  HBM = 6
} aclplatformLocalMemType;

#ifdef __cplusplus
}
#endif

#endif /* ASCTWIN_ACL_ACL_PLATFORM_H_ */
