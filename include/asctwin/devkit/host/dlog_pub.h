// Devkit mode, host side: the logging entry points of CANN's dlog
// (unified_dlog) that the tiling library calls.
#pragma once

#include <cstdarg>
#include <cstdio>

#define DLOG_DEBUG 0
#define DLOG_INFO 1
#define DLOG_WARN 2
#define DLOG_ERROR 3
#define DLOG_NULL 4
#define ASCENDCKERNEL 57
// Set in a module id for the debug log (as opposed to the run log).
#define DEBUG_LOG_MASK (0x00010000)
#define ASCENDC 57

// Defined by the twin's library (libunified_dlog / libslog are its names), as
// C functions, since Huawei's host log looks them up with dlsym.
extern "C" {
int CheckLogLevel(int moduleId, int level);
void DlogRecord(int moduleId, int level, const char* fmt, ...)
    __attribute__((format(printf, 3, 4)));
}
#define dlog_error(moduleId, fmt, ...) \
  DlogRecord(moduleId, DLOG_ERROR, fmt __VA_OPT__(, ) __VA_ARGS__)
#define dlog_warn(moduleId, fmt, ...) \
  DlogRecord(moduleId, DLOG_WARN, fmt __VA_OPT__(, ) __VA_ARGS__)
#define dlog_info(moduleId, fmt, ...) \
  DlogRecord(moduleId, DLOG_INFO, fmt __VA_OPT__(, ) __VA_ARGS__)
#define dlog_debug(moduleId, fmt, ...) \
  DlogRecord(moduleId, DLOG_DEBUG, fmt __VA_OPT__(, ) __VA_ARGS__)
