// asctwin-dsa-stream: the DSA random stream (or its packed mask) on stdout, as
// raw binary for external batteries (dieharder -g 200 reads raw 32-bit words
// from stdin) or as hex for people and golden-value checks. See --help.
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "dsa/bit_mask.h"
#include "dsa/random_stream.h"
#include "options.h"

namespace {

using namespace asctwin;

// Writes all of [data, data + n) to stdout. Returns false when the reader has
// gone (EPIPE): the caller stops quietly. Other errors are reported.
bool writeAll(const void* data, size_t n, bool* failed) {
  const auto* p = static_cast<const char*>(data);
  while (n > 0) {
    const ssize_t w = ::write(STDOUT_FILENO, p, n);
    if (w < 0) {
      if (errno == EINTR) continue;
      if (errno != EPIPE) {
        std::fprintf(stderr, "asctwin-dsa-stream: write to stdout failed: %s\n",
                     std::strerror(errno));
        *failed = true;
      }
      return false;
    }
    p += w;
    n -= static_cast<size_t>(w);
  }
  return true;
}

std::string hexWords(const uint32_t* w, size_t n, uint64_t& column) {
  std::string s;
  char buf[16];
  for (size_t i = 0; i < n; ++i) {
    std::snprintf(buf, sizeof buf, "%08x", w[i]);
    s += buf;
    s += (++column % 8 == 0) ? '\n' : ' ';
  }
  return s;
}

std::string hexBytes(const uint8_t* b, size_t n, uint64_t& column) {
  std::string s;
  char buf[4];
  for (size_t i = 0; i < n; ++i) {
    std::snprintf(buf, sizeof buf, "%02x", b[i]);
    s += buf;
    if (++column % 32 == 0) s += '\n';
  }
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  tools::StreamOptions opt;
  if (int rc = tools::parseStreamOptions(argc, argv, &opt); rc >= 0) return rc;
  const int64_t seed = opt.seed, offset = opt.offset;
  const double prob = opt.prob;
  const uint64_t count = opt.count, start = opt.start;
  const std::string& mode = opt.mode;
  const std::string& format = opt.format;
  const std::string& implText = opt.impl;

  if (Status s = dsa::checkOffset(offset); !s) {
    std::fprintf(stderr, "asctwin-dsa-stream: %s\n", s.message().c_str());
    return 2;
  }
  if (Status s = dsa::checkProb(prob); !s) {
    std::fprintf(stderr, "asctwin-dsa-stream: %s\n", s.message().c_str());
    return 2;
  }
  const bool maskMode = mode == "mask";
  if (maskMode && start % 8 != 0) {
    std::fprintf(stderr,
                 "asctwin-dsa-stream: --start must be a multiple of 8 in mask mode, got %llu\n",
                 static_cast<unsigned long long>(start));
    return 2;
  }
  const dsa::Impl impl = implText == "scalar"   ? dsa::Impl::kScalar
                         : implText == "avx2"   ? dsa::Impl::kAvx2
                         : implText == "avx512" ? dsa::Impl::kAvx512
                                                : dsa::Impl::kAuto;
  if (!dsa::implAvailable(impl)) {
    std::fprintf(stderr, "asctwin-dsa-stream: --impl %s is not available on this CPU\n",
                 implText.c_str());
    return 2;
  }
  const float q = dsa::dropProbFromProb(prob);
  const bool hex = format == "hex";

  // The reader closing the pipe is the normal end of an unbounded run.
  std::signal(SIGPIPE, SIG_IGN);

  constexpr size_t kChunkBytes = 1 << 20;
  const uint64_t totalBytes = count == 0 ? 0 : maskMode ? dsa::maskBytesFor(count) : count * 4;
  uint64_t written = 0, column = 0;
  uint64_t next = maskMode ? start / 8 : start;  // next byte (mask) or word (words)
  std::vector<uint32_t> words(kChunkBytes / 4);
  std::vector<uint8_t> bytes(kChunkBytes);
  bool failed = false;
  while (count == 0 || written < totalBytes) {
    const uint64_t want =
        count == 0 ? kChunkBytes : std::min<uint64_t>(kChunkBytes, totalBytes - written);
    const void* data = nullptr;
    size_t n = 0;
    std::string text;
    if (maskMode) {
      dsa::maskBytes(seed, offset, q, next, want, bytes.data(), impl);
      next += want;
      data = bytes.data();
      n = want;
      if (hex) text = hexBytes(bytes.data(), n, column);
    } else {
      const size_t w = want / 4;
      dsa::streamWords(seed, offset, next, w, words.data(), impl);
      next += w;
      data = words.data();
      n = w * 4;
      if (hex) text = hexWords(words.data(), w, column);
    }
    const bool more =
        hex ? writeAll(text.data(), text.size(), &failed) : writeAll(data, n, &failed);
    if (!more) break;
    written += n;
  }
  if (!failed && hex && column % (maskMode ? 32 : 8) != 0) writeAll("\n", 1, &failed);
  return failed ? 1 : 0;
}
