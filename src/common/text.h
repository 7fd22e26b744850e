// Text helpers shared by the error messages of every layer.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace asctwin {

// "[a, b, c]": how shapes, strides and dim lists appear in error messages.
std::string listText(const std::vector<int64_t>& values);

}  // namespace asctwin
