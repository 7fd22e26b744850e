/* acl/acl_base.h: the ACL base types, enums and status codes (asctwin).
 *
 * asctwin is a CPU twin of Huawei's Ascend CANN stack: this header carries the
 * names, types and numeric values of CANN's acl/acl_base.h that CANN host
 * programs use, so that they compile unmodified. Usable from C11 and C++. */
#ifndef ASCTWIN_ACL_ACL_BASE_H_
#define ASCTWIN_ACL_ACL_BASE_H_

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#ifndef ACL_FUNC_VISIBILITY
#define ACL_FUNC_VISIBILITY __attribute__((visibility("default")))
#endif

/* The enums below have int as their fixed underlying type in C++, so that
 * every int a C client passes (including values outside the enumeration,
 * which asctwin rejects with a message) is a valid value on the C++ side. */
#ifdef __cplusplus
#define ASCTWIN_ENUM_BASE : int
#else
#define ASCTWIN_ENUM_BASE
#endif

typedef int aclError;
typedef uint16_t aclFloat16;
typedef void* aclrtStream;

/* ---- status codes (CANN numbering) ---------------------------------------- */
static const int ACL_SUCCESS = 0;
static const int ACL_ERROR_INVALID_PARAM = 100000;
static const int ACL_ERROR_UNINITIALIZE = 100001;
static const int ACL_ERROR_REPEAT_INITIALIZE = 100002;
static const int ACL_ERROR_INVALID_FILE = 100003;
static const int ACL_ERROR_PARSE_FILE = 100006;
static const int ACL_ERROR_REPEAT_FINALIZE = 100037;
static const int ACL_ERROR_RT_INVALID_DEVICEID = 107001;
static const int ACL_ERROR_RT_CONTEXT_NULL = 107002;
static const int ACL_ERROR_BAD_ALLOC = 200000;
static const int ACL_ERROR_API_NOT_SUPPORT = 200001;
static const int ACL_ERROR_INTERNAL_ERROR = 500000;
static const int ACL_ERROR_FAILURE = 500001;
static const int ACL_ERROR_RT_FAILURE = 500003;

/* ---- element types ---------------------------------------------------------- */
typedef enum aclDataType ASCTWIN_ENUM_BASE {
  ACL_DT_UNDEFINED = -1,
  ACL_FLOAT = 0,
  ACL_FLOAT16 = 1,
  ACL_INT8 = 2,
  ACL_INT32 = 3,
  ACL_UINT8 = 4,
  ACL_INT16 = 6,
  ACL_UINT16 = 7,
  ACL_UINT32 = 8,
  ACL_INT64 = 9,
  ACL_UINT64 = 10,
  ACL_DOUBLE = 11,
  ACL_BOOL = 12,
  ACL_STRING = 13,
  ACL_COMPLEX64 = 16,
  ACL_COMPLEX128 = 17,
  ACL_BF16 = 27
} aclDataType;

/* ---- storage formats -------------------------------------------------------- */
/* Private (non-plain) formats: NC1HWC0, FRACTAL_Z, NC1HWC0_C04, FRACTAL_NZ,
 * NDC1HWC0 and FRACTAL_Z_3D. */
typedef enum aclFormat ASCTWIN_ENUM_BASE {
  ACL_FORMAT_UNDEFINED = -1,
  ACL_FORMAT_NCHW = 0,
  ACL_FORMAT_NHWC = 1,
  ACL_FORMAT_ND = 2,
  ACL_FORMAT_NC1HWC0 = 3,
  ACL_FORMAT_FRACTAL_Z = 4,
  ACL_FORMAT_NC1HWC0_C04 = 12,
  ACL_FORMAT_HWCN = 16,
  ACL_FORMAT_NDHWC = 27,
  ACL_FORMAT_FRACTAL_NZ = 29,
  ACL_FORMAT_NCDHW = 30,
  ACL_FORMAT_NDC1HWC0 = 32,
  ACL_FRACTAL_Z_3D = 33
} aclFormat;

/* ---- runtime enums ---------------------------------------------------------- */
/* asctwin accepts every policy below and treats them alike (device memory is
 * host memory); any other value is rejected. */
typedef enum aclrtMemMallocPolicy ASCTWIN_ENUM_BASE {
  ACL_MEM_MALLOC_HUGE_FIRST = 0,
  ACL_MEM_MALLOC_HUGE_ONLY = 1,
  ACL_MEM_MALLOC_NORMAL_ONLY = 2,
  ACL_MEM_MALLOC_HUGE_FIRST_P2P = 3,
  ACL_MEM_MALLOC_HUGE_ONLY_P2P = 4,
  ACL_MEM_MALLOC_NORMAL_ONLY_P2P = 5
} aclrtMemMallocPolicy;

typedef enum aclrtMemcpyKind ASCTWIN_ENUM_BASE {
  ACL_MEMCPY_HOST_TO_HOST = 0,
  ACL_MEMCPY_HOST_TO_DEVICE = 1,
  ACL_MEMCPY_DEVICE_TO_HOST = 2,
  ACL_MEMCPY_DEVICE_TO_DEVICE = 3
} aclrtMemcpyKind;

/* Memory kinds for aclrtGetMemInfo. The modelled SoCs have HBM only: every
 * HBM kind reports the SoC's HBM, every DDR kind reports 0 bytes. */
typedef enum aclrtMemAttr ASCTWIN_ENUM_BASE {
  ACL_DDR_MEM = 0,
  ACL_HBM_MEM = 1,
  ACL_DDR_MEM_HUGE = 2,
  ACL_DDR_MEM_NORMAL = 3,
  ACL_HBM_MEM_HUGE = 4,
  ACL_HBM_MEM_NORMAL = 5,
  ACL_DDR_MEM_P2P_HUGE = 6,
  ACL_DDR_MEM_P2P_NORMAL = 7,
  ACL_HBM_MEM_P2P_HUGE = 8,
  ACL_HBM_MEM_P2P_NORMAL = 9
} aclrtMemAttr;

/* System parameters (aclrtSetSysParamOpt). asctwin implements
 * ACL_OPT_DETERMINISTIC; the other CANN options are rejected as unsupported. */
typedef enum aclSysParamOpt ASCTWIN_ENUM_BASE {
  ACL_OPT_DETERMINISTIC = 0,
  ACL_OPT_ENABLE_DEBUG_KERNEL = 1,
  ACL_OPT_STRONG_CONSISTENCY = 2
} aclSysParamOpt;

/* The calling thread's most recent error message: never null (an empty string
 * when there has been none). The pointer stays valid until the next error is
 * recorded on the same thread. Successful calls do not clear it. */
ACL_FUNC_VISIBILITY const char* aclGetRecentErrMsg(void);

/* Bytes per element of dataType; 0 for ACL_DT_UNDEFINED, ACL_STRING and
 * unknown values. */
ACL_FUNC_VISIBILITY size_t aclDataTypeSize(aclDataType dataType);

/* IEEE binary16 conversions (round to nearest even). */
ACL_FUNC_VISIBILITY aclFloat16 aclFloatToFloat16(float value);
ACL_FUNC_VISIBILITY float aclFloat16ToFloat(aclFloat16 value);

#ifdef __cplusplus
}
#endif

#endif /* ASCTWIN_ACL_ACL_BASE_H_ */
