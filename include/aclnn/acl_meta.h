/* aclnn/acl_meta.h: tensors, scalars and integer arrays, the operands of the
 * ACLNN operator API (asctwin). Usable from C11 and C++. */
#ifndef ASCTWIN_ACLNN_ACL_META_H_
#define ASCTWIN_ACLNN_ACL_META_H_

#include "acl/acl_base.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct aclTensor aclTensor;
typedef struct aclScalar aclScalar;
typedef struct aclIntArray aclIntArray;

/* A tensor is a view on a storage:
 *  - viewDims/viewDimsNum: the shape (rank 0 when viewDimsNum == 0; the
 *    pointer may then be null). At most 25 dimensions (operators may limit
 *    rank further, e.g. to 8). Dimensions must be >= 0.
 *  - stride: element strides, one per view dimension, >= 0 (0 broadcasts);
 *    null means row-major dense.
 *  - offset: element offset of the view's first element in the storage, >= 0.
 *  - storageDims/storageDimsNum: the storage shape; its element count is the
 *    size of the backing storage at tensorData (rank 0 = one element).
 *  - tensorData: may be null (a tensor without data). When it points into
 *    device memory, the whole storage must lie inside that allocation.
 * Every element the view can reach must lie inside the storage. Returns null
 * (with a message for aclGetRecentErrMsg) when any rule is broken. */
ACL_FUNC_VISIBILITY aclTensor* aclCreateTensor(const int64_t* viewDims, uint64_t viewDimsNum,
                                               aclDataType dataType, const int64_t* stride,
                                               int64_t offset, aclFormat format,
                                               const int64_t* storageDims, uint64_t storageDimsNum,
                                               void* tensorData);
/* Null is accepted and does nothing (ACL_SUCCESS). A pointer that is not a
 * live tensor (destroyed already, or never created) is rejected with
 * ACL_ERROR_INVALID_PARAM. The same rules hold for the other destroy calls. */
ACL_FUNC_VISIBILITY aclError aclDestroyTensor(const aclTensor* tensor);

/* Copies the value at `value` (read as dataType) into a new scalar. Every
 * numeric type is accepted (FP16, BF16, FP32, FP64, the integer types, BOOL,
 * COMPLEX64, COMPLEX128). */
ACL_FUNC_VISIBILITY aclScalar* aclCreateScalar(void* value, aclDataType dataType);
ACL_FUNC_VISIBILITY aclError aclDestroyScalar(const aclScalar* scalar);

/* Copies size values; value may be null when size is 0. */
ACL_FUNC_VISIBILITY aclIntArray* aclCreateIntArray(const int64_t* value, uint64_t size);
ACL_FUNC_VISIBILITY aclError aclDestroyIntArray(const aclIntArray* array);

#ifdef __cplusplus
}
#endif

#endif /* ASCTWIN_ACLNN_ACL_META_H_ */
