#include "common/text.h"

#include <sstream>

namespace asctwin {

std::string listText(const std::vector<int64_t>& values) {
  std::ostringstream os;
  os << '[';
  for (size_t i = 0; i < values.size(); ++i) os << (i ? ", " : "") << values[i];
  os << ']';
  return os.str();
}

}  // namespace asctwin
