/* aclnn_reduce_sum.h: the ReduceSum operator under CANN's short include path
 * (asctwin). The declarations live in aclnnop/aclnn_reduce_sum.h. */
#ifndef ASCTWIN_ACLNN_REDUCE_SUM_H_
#define ASCTWIN_ACLNN_REDUCE_SUM_H_

#include "aclnnop/aclnn_reduce_sum.h"

#endif /* ASCTWIN_ACLNN_REDUCE_SUM_H_ */
