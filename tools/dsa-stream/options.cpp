// CLI11 lives in this file alone: GCC 12 reports a false -Wnull-dereference
// inside CLI11's inlined std::string code, so this file (and only this one)
// is built with that warning off (see CMakeLists.txt).
#include "options.h"

#include <CLI/CLI.hpp>

namespace asctwin::tools {
namespace {

constexpr const char* kFooter = R"(
Modes:
  words  32-bit stream words in element order, native (little-endian) byte order.
  mask   packed mask bits for --prob: bit i is bit i % 8 of byte i / 8 (LSB
         first), exactly what the DSA mask task writes; with --count N the
         output is the task's M = 16 * ceil(N / 128) bytes.
Without --count the output is unbounded and ends cleanly (exit 0) when the
reader closes the pipe.

External battery (dieharder reads raw 32-bit words from stdin with -g 200):
  full battery on the words:
    asctwin-dsa-stream --seed 20260725 | dieharder -g 200 -a
  full battery on the mask bits at p = 0.5 (uniform bits):
    asctwin-dsa-stream --mode mask --prob 0.5 | dieharder -g 200 -a
  one test, e.g. the 32x32 binary rank test:
    asctwin-dsa-stream --seed 1 | dieharder -g 200 -d 2
)";

}  // namespace

int parseStreamOptions(int argc, char** argv, StreamOptions* o) {
  CLI::App app{
      "Writes the asctwin DSA random stream (Philox4x32-10, shared/spec/dsa-random-stream.md) or "
      "its packed Bernoulli mask to stdout."};
  app.footer(kFooter);
  app.add_option("--seed", o->seed, "seed (int64)")->capture_default_str();
  app.add_option("--offset", o->offset, "offset (int64, a multiple of 4 as for the operator)")
      ->capture_default_str();
  app.add_option("--mode", o->mode, "words | mask")
      ->check(CLI::IsMember({"words", "mask"}))
      ->capture_default_str();
  app.add_option("--prob", o->prob, "mask mode: probability of a 1 bit (the engine gets 1 - prob)")
      ->capture_default_str();
  app.add_option("-n,--count", o->count,
                 "elements to write (words, or mask bits padded to 128); 0 = unbounded")
      ->capture_default_str();
  app.add_option("--start", o->start,
                 "first element index (mask mode: a multiple of 8; output starts at byte start/8)")
      ->capture_default_str();
  app.add_option("--format", o->format, "raw (binary) | hex (text)")
      ->check(CLI::IsMember({"raw", "hex"}))
      ->capture_default_str();
  app.add_option("--impl", o->impl, "auto | scalar | avx2 | avx512")
      ->check(CLI::IsMember({"auto", "scalar", "avx2", "avx512"}))
      ->capture_default_str();
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  return -1;
}

}  // namespace asctwin::tools
