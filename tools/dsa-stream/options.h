// Command line of asctwin-dsa-stream.
#pragma once

#include <cstdint>
#include <string>

namespace asctwin::tools {

struct StreamOptions {
  int64_t seed = 0;
  int64_t offset = 0;
  std::string mode = "words";  // words | mask
  double prob = 0.5;
  uint64_t count = 0;  // 0 = unbounded
  uint64_t start = 0;
  std::string format = "raw";  // raw | hex
  std::string impl = "auto";   // auto | scalar | avx2 | avx512
};

// Parses argv; returns -1 to go on, or the exit code (help, parse errors).
int parseStreamOptions(int argc, char** argv, StreamOptions* out);

}  // namespace asctwin::tools
