// utils/debug/asc_assert.h: assert in kernel code. In device code compiled by
// asctwin-asc a failed assert ends the launch with a kernel error naming the
// block, the expression and the source line (the process goes on); host
// code's assert stays the C library's. The form with a message,
// assert(expr, fmt, args...), prints the message first.
#pragma once

#include <cassert>

#include "kernel_operator.h"

#define ASC_INTERNAL_ASSERT_ARGC_(_1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, \
                                  _15, _16, N, ...)                                            \
  N
#define ASC_INTERNAL_ASSERT_ARGC(...) \
  ASC_INTERNAL_ASSERT_ARGC_(__VA_ARGS__, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1)
#define ASC_INTERNAL_ASSERT_PICK_(n, ...) ASC_INTERNAL_ASSERT_##n(__VA_ARGS__)
#define ASC_INTERNAL_ASSERT_PICK(n, ...) ASC_INTERNAL_ASSERT_PICK_(n, __VA_ARGS__)
#define ASC_INTERNAL_ASSERT_1(expr)  \
  (static_cast<bool>(expr) ? void(0) \
                           : __assert_fail(#expr, __FILE__, __LINE__, __PRETTY_FUNCTION__))
#define ASC_INTERNAL_ASSERT_2(expr, ...)                           \
  (static_cast<bool>(expr) ? void(0)                               \
                           : ::asctwin::kernel::assertFailMessage( \
                                 #expr, __FILE__, __LINE__, __PRETTY_FUNCTION__, __VA_ARGS__))
#undef assert
#define assert(...) ASC_INTERNAL_ASSERT_PICK(ASC_INTERNAL_ASSERT_ARGC(__VA_ARGS__), __VA_ARGS__)
