// A one-line progress bar on stderr for the report's long runs; drawn only
// when stderr is a terminal (logs and pipes stay clean).
#pragma once

#include <string>

namespace asctwin::report {

class Progress {
 public:
  Progress(bool wanted, int total);
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  // Announces the step about to run (label) and counts the previous one done.
  void step(const std::string& label);
  // Erases the bar.
  void finish();

 private:
  void draw(const std::string& label) const;

  bool enabled_;
  int total_;
  int done_ = -1;
};

}  // namespace asctwin::report
