// What an operator's last GetWorkspaceSize on the calling thread planned:
// every operator records its plan the same way, for its test and tool hooks
// (asctwinBernoulliGetLastPlan, reduce_sum::lastPlan()).
#pragma once

namespace asctwin::ops {

// One record per plan type and thread; `Info` is the operator's own
// description of a plan (value-initialised until the first plan).
template <typename Info>
class LastPlan {
 public:
  static void record(const Info& info) { last_ = info; }
  static Info get() { return last_; }

 private:
  static inline thread_local Info last_{};
};

}  // namespace asctwin::ops
