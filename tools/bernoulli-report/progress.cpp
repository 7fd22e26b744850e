#include "progress.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>

namespace asctwin::report {

Progress::Progress(bool wanted, int total)
    : enabled_(wanted && ::isatty(STDERR_FILENO) != 0), total_(std::max(total, 1)) {}

Progress::~Progress() {
  finish();
}

void Progress::step(const std::string& label) {
  ++done_;
  if (enabled_) draw(label);
}

void Progress::draw(const std::string& label) const {
  constexpr int kWidth = 30;
  const int filled = std::min(kWidth, done_ * kWidth / total_);
  std::string bar(static_cast<size_t>(filled), '#');
  bar.resize(kWidth, '.');
  std::fprintf(stderr, "\r\033[K[%s] %d/%d %s", bar.c_str(), std::min(done_, total_), total_,
               label.c_str());
  std::fflush(stderr);
}

void Progress::finish() {
  if (enabled_ && done_ >= 0) {
    std::fprintf(stderr, "\r\033[K");
    std::fflush(stderr);
  }
  enabled_ = false;
}

}  // namespace asctwin::report
