// Devkit mode: where Huawei's CPU mode finds a core's local memories.
//
// Huawei's CPU mode keeps one buffer per local memory in a process-wide
// singleton (AscendC::ConstDefiner) and reads their base addresses from its
// member `std::map<Hardware, uint8_t*> hardwareCpuBufferMap` whenever a
// tensor's address is formed (CANN runs every block in a process of its own).
// The twin runs all blocks in one process, each with its own images of UB,
// L1, L0A/B/C, BT and FB. This specialisation of std::map for exactly that
// key and value type answers every lookup with the base of the calling
// core's image (the block whose fiber runs), so tensor addresses are host
// addresses inside the right core's memory in every mode and on every host
// thread. The constructor's assignment of its own buffers is accepted and
// ignored: they are never used.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <set>
#include <utility>

namespace AscendC {
enum class Hardware : uint8_t;  // impl/utils/common_types.h: GM, UB, L1, L0A, L0B, L0C, BIAS,
                                // FIXBUF
}

namespace asctwin::devkit {
// The calling core's image of local memory `hardware` (a Hardware value), or
// null when the core has none (or outside a kernel).
uint8_t* hardwareBase(uint8_t hardware);
// The calling core's set of local memories with a LocalMemAllocator (bit h
// for Hardware h): Huawei's CPU mode allows one allocator per memory and per
// block, and keeps the set in its process-wide singleton.
uint32_t& allocatorMemories();
inline constexpr uint8_t kHardwareCount = 8;  // GM .. FIXBUF
}  // namespace asctwin::devkit

template <>
class std::map<AscendC::Hardware, uint8_t*> {
 public:
  using key_type = AscendC::Hardware;
  using mapped_type = uint8_t*;
  using value_type = std::pair<const AscendC::Hardware, uint8_t*>;
  using size_type = std::size_t;

  // Iterates the memories the calling core has (GM excluded, as in the
  // constructor's map). An iterator is a Hardware value; end() is past FIXBUF.
  class const_iterator {
   public:
    const_iterator() = default;
    explicit const_iterator(uint8_t h) : h_(h) { skipAbsent(); }
    value_type operator*() const { return {key(), asctwin::devkit::hardwareBase(h_)}; }
    const_iterator& operator++() {
      ++h_;
      skipAbsent();
      return *this;
    }
    bool operator==(const const_iterator& o) const { return h_ == o.h_; }
    bool operator!=(const const_iterator& o) const { return h_ != o.h_; }

   private:
    AscendC::Hardware key() const { return static_cast<AscendC::Hardware>(h_); }
    void skipAbsent() {
      while (h_ < asctwin::devkit::kHardwareCount && asctwin::devkit::hardwareBase(h_) == nullptr)
        ++h_;
    }
    uint8_t h_ = asctwin::devkit::kHardwareCount;
  };
  using iterator = const_iterator;

  map() = default;
  map(std::initializer_list<value_type>) {}
  map& operator=(std::initializer_list<value_type>) { return *this; }

  // The base of the calling core's image; writes through the reference go
  // to a scratch slot of the calling thread (nothing writes there but the
  // ignored constructor).
  mapped_type& at(const key_type& k) const { return slot(k); }
  mapped_type& operator[](const key_type& k) const { return slot(k); }
  const_iterator find(const key_type& k) const {
    const uint8_t h = static_cast<uint8_t>(k);
    return asctwin::devkit::hardwareBase(h) != nullptr ? const_iterator(h) : end();
  }
  size_type count(const key_type& k) const { return find(k) == end() ? 0 : 1; }
  bool contains(const key_type& k) const { return count(k) != 0; }
  const_iterator begin() const { return const_iterator(0); }
  const_iterator end() const { return const_iterator(); }

 private:
  static mapped_type& slot(const key_type& k) {
    thread_local mapped_type value = nullptr;
    value = asctwin::devkit::hardwareBase(static_cast<uint8_t>(k));
    return value;
  }
};

// The one std::set<Hardware> of Huawei's CPU mode is ConstDefiner's
// `allocatorUsed`, per block on an NPU: this specialisation keeps it in the
// calling core's record, so a block never sees another block's allocators.
template <>
class std::set<AscendC::Hardware> {
 public:
  using key_type = AscendC::Hardware;
  using value_type = AscendC::Hardware;
  using size_type = std::size_t;
  class const_iterator {
   public:
    const_iterator() = default;
    explicit const_iterator(uint8_t h) : h_(h) {}
    value_type operator*() const { return static_cast<AscendC::Hardware>(h_); }
    bool operator==(const const_iterator& o) const { return h_ == o.h_; }
    bool operator!=(const const_iterator& o) const { return h_ != o.h_; }

   private:
    uint8_t h_ = 32;
  };
  using iterator = const_iterator;

  const_iterator find(const key_type& k) const {
    const uint8_t h = static_cast<uint8_t>(k);
    return h < 32 && (asctwin::devkit::allocatorMemories() >> h & 1u) != 0 ? const_iterator(h)
                                                                           : end();
  }
  const_iterator end() const { return const_iterator(); }
  size_type count(const key_type& k) const { return find(k) == end() ? 0 : 1; }
  std::pair<const_iterator, bool> insert(const key_type& k) {
    const uint8_t h = static_cast<uint8_t>(k);
    const bool fresh = count(k) == 0;
    if (h < 32) asctwin::devkit::allocatorMemories() |= 1u << h;
    return {const_iterator(h), fresh};
  }
  size_type erase(const key_type& k) {
    const size_type had = count(k);
    const uint8_t h = static_cast<uint8_t>(k);
    if (h < 32) asctwin::devkit::allocatorMemories() &= ~(1u << h);
    return had;
  }
};
