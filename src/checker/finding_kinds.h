// Every kind of finding the checker reports, in one table: its name, its
// tool, how many sites it names, and how its sites deduplicate. The store's
// rules, the tool selection, the JSON output (and through it the corpus
// check) and the table in docs/checker.md (a test compares them) all read it;
// a kind the table lacks cannot be reported (report() takes a Kind).
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "asctwin/asctwin_sanitizer.h"

namespace asctwin::checker {

enum class Kind : uint8_t {
  GmOutOfBounds,
  GmOutsideTensor,
  LocalOverflow,
  Misaligned,
  BufferOverlap,
  RaceSameCore,
  RaceCrossCore,
  UnorderedAtomics,
  PlainWriteVsAtomic,
  WaitWithoutSet,
  UnmatchedSet,
  DoubleSet,
  SyncAllCountMismatch,
  DeadlockSpin,
  UninitUbRead,
  UninitGmRead,
  UninitGmAtomic,
  UninitGmCopy,
  Count_
};

struct KindInfo {
  Kind kind;
  std::string_view name;
  Tool tool;
  uint8_t sites;  // 1 or 2
  // Two sites that no synchronisation orders (races, atomics): which one ran
  // first depends on the schedule, so either order is the same finding.
  bool unorderedPair;
  // The site's block is part of the identity (the block that made fewer
  // SyncAll calls is the finding).
  bool perBlock;
};

inline constexpr std::array<KindInfo, static_cast<size_t>(Kind::Count_)> kKinds{{
    {Kind::GmOutOfBounds, "gm-out-of-bounds", memcheck, 1, false, false},
    {Kind::GmOutsideTensor, "gm-outside-tensor", memcheck, 1, false, false},
    {Kind::LocalOverflow, "local-overflow", memcheck, 1, false, false},
    {Kind::Misaligned, "misaligned", memcheck, 1, false, false},
    {Kind::BufferOverlap, "buffer-overlap", memcheck, 2, false, false},
    {Kind::RaceSameCore, "race-same-core", racecheck, 2, true, false},
    {Kind::RaceCrossCore, "race-cross-core", racecheck, 2, true, false},
    {Kind::UnorderedAtomics, "unordered-atomics", detcheck, 2, true, false},
    {Kind::PlainWriteVsAtomic, "plain-write-vs-atomic", detcheck, 2, true, false},
    {Kind::WaitWithoutSet, "wait-without-set", synccheck, 1, false, false},
    {Kind::UnmatchedSet, "unmatched-set", synccheck, 1, false, false},
    {Kind::DoubleSet, "double-set", synccheck, 2, false, false},
    {Kind::SyncAllCountMismatch, "syncall-count-mismatch", synccheck, 1, false, true},
    {Kind::DeadlockSpin, "deadlock-spin", synccheck, 1, false, false},
    {Kind::UninitUbRead, "uninit-ub-read", initcheck, 1, false, false},
    {Kind::UninitGmRead, "uninit-gm-read", initcheck, 1, false, false},
    {Kind::UninitGmAtomic, "uninit-gm-atomic", initcheck, 1, false, false},
    {Kind::UninitGmCopy, "uninit-gm-copy", initcheck, 2, false, false},
}};

// The table is indexed by the enum.
consteval bool kindsInOrder() {
  for (size_t i = 0; i < kKinds.size(); ++i)
    if (static_cast<size_t>(kKinds[i].kind) != i) return false;
  return true;
}
static_assert(kindsInOrder(), "kKinds must list the kinds in the order of enum Kind");

constexpr const KindInfo& kindInfo(Kind k) {
  return kKinds[static_cast<size_t>(k)];
}

// The kind of a finding's name (findings read back from JSON); null when the
// name is not a kind.
constexpr const KindInfo* kindNamed(std::string_view name) {
  for (const KindInfo& k : kKinds)
    if (k.name == name) return &k;
  return nullptr;
}

// A finding of kind k with its kind and tool filled in.
Finding findingOf(Kind k);

}  // namespace asctwin::checker
