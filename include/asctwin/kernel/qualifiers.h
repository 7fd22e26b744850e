// The Ascend C qualifiers, as empty markers: the twin compiles kernel code
// with an ordinary C++ compiler. The .asc build step reads __vector__,
// __cube__ and __mix__(a,b) before they disappear here.
#pragma once

#include <cstdint>

#ifndef __global__
#define __global__
#endif
#ifndef __aicore__
#define __aicore__
#endif
#ifndef __gm__
#define __gm__
#endif
#ifndef __ubuf__
#define __ubuf__
#endif
#ifndef __cbuf__
#define __cbuf__
#endif
#ifndef __ca__
#define __ca__
#endif
#ifndef __cb__
#define __cb__
#endif
#ifndef __cc__
#define __cc__
#endif
#ifndef __fbuf__
#define __fbuf__
#endif
#ifndef __biasbuf__
#define __biasbuf__
#endif
#ifndef __ssbuf__
#define __ssbuf__
#endif
#ifndef __vector__
#define __vector__
#endif
#ifndef __cube__
#define __cube__
#endif
#ifndef __mix__
#define __mix__(aic, aiv)
#endif
#ifndef __inline__
#define __inline__ inline
#endif

using GM_ADDR = __gm__ uint8_t*;
