// std::source_location for every compiler asctwin supports. Clang before 15
// with libstdc++ has no std::source_location (it lacks the builtin the
// library needs); there the experimental one, built on __builtin_FILE and
// __builtin_LINE, behaves the same as a default argument (it names the
// caller's line), and is made available under the standard name. Include this
// instead of <source_location>.
#pragma once

#include <version>

#include <source_location>

#if !defined(__cpp_lib_source_location)
#include <experimental/source_location>
namespace std {
using source_location = std::experimental::source_location;
}  // namespace std
#endif
