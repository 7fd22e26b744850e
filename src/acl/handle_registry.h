// A registry of live handles of one kind (tensors, scalars, int arrays,
// executors), so that a destroy call can reject a pointer that was destroyed
// already or never created, instead of freeing foreign memory.
#pragma once

#include <cstddef>
#include <mutex>
#include <unordered_set>

namespace asctwin::acl {

template <class T>
class HandleRegistry {
 public:
  void add(const T* p) {
    std::lock_guard lock(mu_);
    live_.insert(p);
  }
  // True when p was live (and is now removed): the caller owns it.
  bool remove(const T* p) {
    std::lock_guard lock(mu_);
    return live_.erase(p) != 0;
  }
  bool contains(const T* p) const {
    std::lock_guard lock(mu_);
    return live_.count(p) != 0;
  }
  size_t size() const {
    std::lock_guard lock(mu_);
    return live_.size();
  }

 private:
  mutable std::mutex mu_;
  std::unordered_set<const T*> live_;
};

}  // namespace asctwin::acl
