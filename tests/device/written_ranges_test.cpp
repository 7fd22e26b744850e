// initcheck's record of written device bytes: the interval set on its own
// (checked against a byte-per-byte model), and its life in the allocator
// (per allocation, forgotten at free, assumed at a checker's start), and the
// fill of fresh memory (zero by default, poison on request).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "device/allocator.h"
#include "device/written_ranges.h"

namespace asctwin::device {
namespace {

constexpr int32_t kDev = 9;  // a device id no other test uses

// Independent model: one flag per word.
struct WordModel {
  std::vector<bool> word;
  explicit WordModel(size_t bytes) : word((bytes + 3) / 4, false) {}
  void mark(size_t lo, size_t hi) {
    for (size_t w = lo / 4; w * 4 < hi; ++w) word[w] = true;
  }
  UnwrittenSpan unwritten(uintptr_t base, size_t lo, size_t hi) const {
    UnwrittenSpan s;
    for (size_t b = lo; b < hi; ++b)
      if (!word[b / 4]) {
        if (s.first == 0) s.first = base + b;
        ++s.bytes;
      }
    return s;
  }
};

TEST(WrittenRanges, AgreesWithAWordModelOnRandomMarks) {
  constexpr uintptr_t kBase = 0x10000;
  constexpr size_t kBytes = 512;
  std::mt19937 rng(7);
  for (int round = 0; round < 200; ++round) {
    WrittenRanges r;
    WordModel m(kBytes);
    const int marks = static_cast<int>(rng() % 12);
    for (int i = 0; i < marks; ++i) {
      const size_t lo = rng() % kBytes, len = 1 + rng() % 64;
      const size_t hi = std::min(kBytes, lo + len);
      r.mark(kBase + lo, kBase + hi);
      m.mark(lo, hi);
    }
    for (int q = 0; q < 20; ++q) {
      const size_t lo = rng() % kBytes, hi = lo + rng() % (kBytes - lo + 1);
      const UnwrittenSpan got = r.unwritten(kBase + lo, kBase + hi);
      const UnwrittenSpan want = m.unwritten(kBase, lo, hi);
      ASSERT_EQ(got.bytes, want.bytes) << "round " << round << " [" << lo << ", " << hi << ")";
      ASSERT_EQ(got.first, want.first) << "round " << round << " [" << lo << ", " << hi << ")";
    }
  }
}

TEST(WrittenRanges, OneByteMarksItsWordOnly) {
  WrittenRanges r;
  r.mark(0x1005, 0x1006);
  EXPECT_EQ(r.unwritten(0x1004, 0x1008).bytes, 0u);
  EXPECT_EQ(r.unwritten(0x1000, 0x100C).bytes, 8u);
  EXPECT_EQ(r.unwritten(0x1000, 0x100C).first, 0x1000u);
  EXPECT_EQ(r.unwritten(0x1004, 0x100C).first, 0x1008u);
  EXPECT_EQ(r.unwritten(0x1004, 0x1004).bytes, 0u);  // empty range
}

class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    if (value)
      setenv(name, value, 1);
    else
      unsetenv(name);
  }
  ~ScopedEnv() {
    if (old_)
      setenv(name_, old_->c_str(), 1);
    else
      unsetenv(name_);
  }

 private:
  const char* name_;
  std::optional<std::string> old_;
};

TEST(DeviceFill, ZeroByDefaultPoisonOnRequestAndBadValuesRefused) {
  auto& m = DeviceMemory::instance();
  auto freshBytes = [&](const char* fill, std::vector<uint8_t>* out) {
    ScopedEnv env("ASCTWIN_DEVICE_FILL", fill);
    void* p = nullptr;
    Status s = m.allocate(kDev, 3000, &p);
    if (!s) return s;
    const auto* b = static_cast<const uint8_t*>(p);
    out->assign(b, b + 3000);
    return m.free(p);
  };
  std::vector<uint8_t> bytes;
  ASSERT_TRUE(freshBytes(nullptr, &bytes));
  EXPECT_EQ(bytes, std::vector<uint8_t>(3000, 0));
  ASSERT_TRUE(freshBytes("zero", &bytes));
  EXPECT_EQ(bytes, std::vector<uint8_t>(3000, 0));
  ASSERT_TRUE(freshBytes("poison", &bytes));
  EXPECT_EQ(bytes, std::vector<uint8_t>(3000, kPoisonByte));
  const Status bad = freshBytes("0xAB", &bytes);
  EXPECT_EQ(bad.code(), code::kInvalidParam);
  EXPECT_NE(bad.message().find("ASCTWIN_DEVICE_FILL must be zero or poison"), std::string::npos)
      << bad.message();
  // The override wins over the environment.
  m.setFill(0);
  ASSERT_TRUE(freshBytes("poison", &bytes));
  EXPECT_EQ(bytes, std::vector<uint8_t>(3000, 0));
  m.setFill(std::nullopt);
}

TEST(DeviceWrites, PerAllocationForgottenAtFreeAndAssumedAtACheckerStart) {
  auto& m = DeviceMemory::instance();
  void* a = nullptr;
  void* b = nullptr;
  ASSERT_TRUE(m.allocate(kDev, 1000, &a));
  ASSERT_TRUE(m.allocate(kDev, 1000, &b));
  auto* pa = static_cast<uint8_t*>(a);
  EXPECT_EQ(m.unwritten(a, 1000).bytes, 1000u);
  EXPECT_EQ(m.unwritten(a, 1000).first, reinterpret_cast<uintptr_t>(a));
  m.markWritten(pa + 100, 200);
  const UnwrittenSpan s = m.unwritten(a, 1000);
  EXPECT_EQ(s.bytes, 800u);
  EXPECT_EQ(m.unwritten(pa + 100, 200).bytes, 0u);
  EXPECT_EQ(m.unwritten(pa + 200, 200).first, reinterpret_cast<uintptr_t>(pa + 300));
  // A range past the end counts only the allocation's part; memory that is
  // not an allocation counts as written.
  EXPECT_EQ(m.unwritten(pa + 900, 5000).bytes, 100u);
  int local = 0;
  EXPECT_EQ(m.unwritten(&local, sizeof local).bytes, 0u);
  m.markWritten(&local, sizeof local);  // ignored, no crash
  // The other allocation is untouched by a's marks.
  EXPECT_EQ(m.unwritten(b, 1000).bytes, 1000u);
  // A checker starting now takes everything live as written.
  m.noteUnrecordedLaunch();
  m.assumeUnrecordedWritten();
  EXPECT_EQ(m.unwritten(a, 1000).bytes, 0u);
  EXPECT_EQ(m.unwritten(b, 1000).bytes, 0u);
  // Freed and allocated again (the record does not outlive the allocation).
  ASSERT_TRUE(m.free(a));
  void* c = nullptr;
  ASSERT_TRUE(m.allocate(kDev, 1000, &c));
  EXPECT_EQ(m.unwritten(c, 1000).bytes, 1000u);
  ASSERT_TRUE(m.free(b));
  ASSERT_TRUE(m.free(c));
}

}  // namespace
}  // namespace asctwin::device
