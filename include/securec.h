/* securec.h: the bounded memory and string functions of Huawei's secure C
 * library (libc_sec), which CANN programs use (memcpy_s, memset_s, ...).
 * asctwin's own implementation, inline, from the functions' documented
 * contract: every function checks its destination and size first; on a
 * violation it returns the library's error code and, where the contract says
 * so, clears the destination (the "_AND_RESET" codes). */
#ifndef ASCTWIN_SECUREC_H
#define ASCTWIN_SECUREC_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#ifndef __cplusplus
#include <stdbool.h>
#endif

typedef int errno_t;

#ifndef EOK
#define EOK 0
#endif
#define ASCTWIN_SECUREC_EINVAL 22
#define ASCTWIN_SECUREC_ERANGE 34
#define ASCTWIN_SECUREC_EOVERLAP 54
#ifndef EINVAL_AND_RESET
#define EINVAL_AND_RESET (ASCTWIN_SECUREC_EINVAL | 128)
#endif
#ifndef ERANGE_AND_RESET
#define ERANGE_AND_RESET (ASCTWIN_SECUREC_ERANGE | 128)
#endif
#ifndef EOVERLAP_AND_RESET
#define EOVERLAP_AND_RESET (ASCTWIN_SECUREC_EOVERLAP | 128)
#endif
/* The largest size the library accepts; larger is an error. */
#ifndef SECUREC_MEM_MAX_LEN
#define SECUREC_MEM_MAX_LEN 0x7fffffffUL
#endif
#ifndef SECUREC_STRING_MAX_LEN
#define SECUREC_STRING_MAX_LEN 0x7fffffffUL
#endif

static inline bool asctwin_securec_overlap(const void* a, size_t na, const void* b, size_t nb) {
  const uintptr_t x = (uintptr_t)a;
  const uintptr_t y = (uintptr_t)b;
  return x < y + nb && y < x + na;
}

static inline errno_t memcpy_s(void* dest, size_t destMax, const void* src, size_t count) {
  if (dest == NULL || destMax == 0 || destMax > SECUREC_MEM_MAX_LEN) return ASCTWIN_SECUREC_ERANGE;
  if (src == NULL) {
    memset(dest, 0, destMax);
    return EINVAL_AND_RESET;
  }
  if (count > destMax) {
    memset(dest, 0, destMax);
    return ERANGE_AND_RESET;
  }
  if (count == 0 || dest == src) return EOK;
  if (asctwin_securec_overlap(dest, count, src, count)) {
    memset(dest, 0, destMax);
    return EOVERLAP_AND_RESET;
  }
  memmove(dest, src, count); /* no overlap here; memmove keeps -Wrestrict quiet after inlining */
  return EOK;
}

static inline errno_t memmove_s(void* dest, size_t destMax, const void* src, size_t count) {
  if (dest == NULL || destMax == 0 || destMax > SECUREC_MEM_MAX_LEN) return ASCTWIN_SECUREC_ERANGE;
  if (src == NULL) {
    memset(dest, 0, destMax);
    return EINVAL_AND_RESET;
  }
  if (count > destMax) {
    memset(dest, 0, destMax);
    return ERANGE_AND_RESET;
  }
  if (count != 0 && dest != src) memmove(dest, src, count);
  return EOK;
}

static inline errno_t memset_s(void* dest, size_t destMax, int c, size_t count) {
  if (dest == NULL || destMax == 0 || destMax > SECUREC_MEM_MAX_LEN) return ASCTWIN_SECUREC_ERANGE;
  if (count > destMax) {
    memset(dest, c, destMax);
    return ERANGE_AND_RESET;
  }
  memset(dest, c, count);
  return EOK;
}

static inline errno_t strncpy_s(char* strDest, size_t destMax, const char* strSrc, size_t count) {
  if (strDest == NULL || destMax == 0 || destMax > SECUREC_STRING_MAX_LEN)
    return ASCTWIN_SECUREC_ERANGE;
  if (strSrc == NULL) {
    strDest[0] = '\0';
    return EINVAL_AND_RESET;
  }
  size_t n = 0;
  while (n < count && strSrc[n] != '\0') ++n;
  if (n >= destMax) {
    strDest[0] = '\0';
    return ERANGE_AND_RESET;
  }
  if (asctwin_securec_overlap(strDest, n + 1, strSrc, n + 1)) {
    strDest[0] = '\0';
    return EOVERLAP_AND_RESET;
  }
  memcpy(strDest, strSrc, n);
  strDest[n] = '\0';
  return EOK;
}

static inline errno_t strcpy_s(char* strDest, size_t destMax, const char* strSrc) {
  return strncpy_s(strDest, destMax, strSrc, strSrc == NULL ? 0 : strlen(strSrc));
}

static inline errno_t strncat_s(char* strDest, size_t destMax, const char* strSrc, size_t count) {
  if (strDest == NULL || destMax == 0 || destMax > SECUREC_STRING_MAX_LEN)
    return ASCTWIN_SECUREC_ERANGE;
  if (strSrc == NULL) {
    strDest[0] = '\0';
    return EINVAL_AND_RESET;
  }
  size_t used = 0;
  while (used < destMax && strDest[used] != '\0') ++used;
  if (used == destMax) {  /* the destination is not terminated within destMax */
    strDest[0] = '\0';
    return EINVAL_AND_RESET;
  }
  size_t n = 0;
  while (n < count && strSrc[n] != '\0') ++n;
  if (used + n >= destMax) {
    strDest[0] = '\0';
    return ERANGE_AND_RESET;
  }
  memcpy(strDest + used, strSrc, n);
  strDest[used + n] = '\0';
  return EOK;
}

static inline errno_t strcat_s(char* strDest, size_t destMax, const char* strSrc) {
  return strncat_s(strDest, destMax, strSrc, strSrc == NULL ? 0 : strlen(strSrc));
}

/* The formatted forms return the number of characters written, or -1 on a
 * bad argument or when the output does not fit: sprintf_s then leaves an
 * empty string; snprintf_s with count < destMax truncates to count
 * characters (and still returns -1), with count >= destMax it is sprintf_s. */
static inline int vsprintf_s(char* strDest, size_t destMax, const char* format, va_list argList)
    __attribute__((format(printf, 3, 0)));
static inline int vsnprintf_s(char* strDest, size_t destMax, size_t count, const char* format,
                              va_list argList) __attribute__((format(printf, 4, 0)));
static inline int vsprintf_s(char* strDest, size_t destMax, const char* format, va_list argList) {
  if (strDest == NULL || destMax == 0 || destMax > SECUREC_STRING_MAX_LEN) return -1;
  if (format == NULL) {
    strDest[0] = '\0';
    return -1;
  }
  const int n = vsnprintf(strDest, destMax, format, argList);
  if (n < 0 || (size_t)n >= destMax) {
    strDest[0] = '\0';
    return -1;
  }
  return n;
}

static inline int vsnprintf_s(char* strDest, size_t destMax, size_t count, const char* format,
                              va_list argList) {
  if (count >= destMax) return vsprintf_s(strDest, destMax, format, argList);
  if (strDest == NULL || destMax > SECUREC_STRING_MAX_LEN) return -1;
  if (format == NULL) {
    strDest[0] = '\0';
    return -1;
  }
  const int n = vsnprintf(strDest, count + 1, format, argList);
  if (n < 0) {
    strDest[0] = '\0';
    return -1;
  }
  return (size_t)n > count ? -1 : n;
}

static inline int snprintf_s(char* strDest, size_t destMax, size_t count, const char* format, ...)
    __attribute__((format(printf, 4, 5)));
static inline int snprintf_s(char* strDest, size_t destMax, size_t count, const char* format, ...) {
  va_list args;
  va_start(args, format);
  const int n = vsnprintf_s(strDest, destMax, count, format, args);
  va_end(args);
  return n;
}

static inline int sprintf_s(char* strDest, size_t destMax, const char* format, ...)
    __attribute__((format(printf, 3, 4)));
static inline int sprintf_s(char* strDest, size_t destMax, const char* format, ...) {
  va_list args;
  va_start(args, format);
  const int n = vsprintf_s(strDest, destMax, format, args);
  va_end(args);
  return n;
}

#endif /* ASCTWIN_SECUREC_H */
