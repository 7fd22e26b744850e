/* aclnn_bernoulli.h: the Bernoulli operators under CANN's short include path
 * (asctwin). The declarations live in aclnnop/aclnn_bernoulli.h. */
#ifndef ASCTWIN_ACLNN_BERNOULLI_H_
#define ASCTWIN_ACLNN_BERNOULLI_H_

#include "aclnnop/aclnn_bernoulli.h"

#endif /* ASCTWIN_ACLNN_BERNOULLI_H_ */
