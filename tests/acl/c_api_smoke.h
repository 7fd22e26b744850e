/* The C11 smoke test (c_api_smoke.c), called from GoogleTest. */
#ifndef ASCTWIN_TESTS_ACL_C_API_SMOKE_H_
#define ASCTWIN_TESTS_ACL_C_API_SMOKE_H_

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* 0 on success, else the failing line (and a description in err). */
int asctwin_c_smoke(char* err, size_t errLen);

#ifdef __cplusplus
}
#endif

#endif
