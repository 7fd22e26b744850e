// Finding function definitions by name in a preprocessed unit's tokens, for
// the devkit rewrites that put a hook at the start of one of Huawei's
// functions (devkit_scalar_access, devkit_sync_protocol).
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include "token_utils.h"

namespace asctwin::asc {

// One definition: its parameter list's '(' and its body's '{'.
struct DefinitionHead {
  std::size_t params = kNoIndex;
  std::size_t body = kNoIndex;
};

// The definitions of `name` ("operator()" for the call operator): with `cls`
// empty, free functions (the name neither qualified nor a member access);
// otherwise members defined outside their class, `cls::name` or
// `cls<...>::name`. A head is the parameter list then at most a few
// qualifiers (const, noexcept, &) before the '{'; a call or a declaration
// is not one.
std::vector<DefinitionHead> findDefinitions(const TokenView& v, std::string_view cls,
                                            std::string_view name);

// The name of the first parameter of the list opened at `open`: the last
// identifier before the first ',' or the ')' (empty when there is none).
std::string_view firstParameter(const TokenView& v, std::size_t open);

}  // namespace asctwin::asc
