// asctwin/asctwin_sanitizer.h: the checker (issue 7) as a C++ API.
//
// The checker watches kernels that run in check mode (architecture page, "Two
// ways to run a kernel") and reports findings of five tools:
//   memcheck  : gm-out-of-bounds, gm-outside-tensor, local-overflow, misaligned,
//               buffer-overlap
//   racecheck : race-same-core, race-cross-core
//   detcheck  : unordered-atomics, plain-write-vs-atomic
//   synccheck : wait-without-set, unmatched-set, double-set,
//               syncall-count-mismatch, deadlock-spin
//   initcheck : uninit-ub-read, uninit-gm-read, uninit-gm-atomic
// docs/checker.md says what each finding means and how to fix it.
//
// Two ways to use it:
//  - in-process: a Session installs the checker for every launch of the
//    process (forcing check mode) until it is destroyed;
//  - from outside: asctwin-sanitizer runs an unmodified program with
//    ASCTWIN_CHECKER=<tools> (and ASCTWIN_CHECKER_OUT=<file> for the JSON of
//    the findings, rewritten after every launch), read at the first launch.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace asctwin::checker {

// Bit mask of tools.
enum Tool : uint32_t {
  memcheck = 1u << 0,
  racecheck = 1u << 1,
  synccheck = 1u << 2,
  initcheck = 1u << 3,
  detcheck = 1u << 4,
  all = memcheck | racecheck | synccheck | initcheck | detcheck,
};
using Tools = uint32_t;

// "memcheck", ... for a single tool bit.
const char* toolName(Tool tool);
// The tool names in a mask, in the order above.
std::vector<std::string> toolNames(Tools tools);
// Parses "all" or a comma-separated list of tool names; nullopt when a name
// is unknown or the list is empty.
std::optional<Tools> parseTools(std::string_view text);

// One side of a finding: where the access or call was made.
struct Site {
  int block = -1;    // GetBlockIdx() of the core
  std::string core;  // "AIV" or "AIC"
  std::string pipe;  // "MTE2", "MTE3", "V", "S", ...
  std::string api;   // "DataCopy", "SetFlag", ...
  std::string file;  // source file as std::source_location gives it
  int line = 0;
};

struct Finding {
  std::string tool;            // "racecheck"
  std::string kind;            // "race-cross-core"
  std::string kernel;          // the launch's kernel name
  std::string message;         // one line of prose (bytes, addresses, counts)
  Site first;                  // the earlier access/call, or the only site
  std::optional<Site> second;  // the later one (null for one-site kinds)
  uint64_t count = 0;          // occurrences of this (kind, site pair)
  uint64_t firstSeed = 0;      // check-mode seed of the first occurrence
};

// Installs the checker as the process observer for every launch (which then
// runs in check mode; the seed comes from LaunchOptions, asctwinSetKernelMode
// or ASCTWIN_SEED as usual) until destroyed. One Session at a time; create it
// while no launch runs.
class Session {
 public:
  explicit Session(Tools tools = all);
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  // Findings so far (of the selected tools), deduplicated, in order of first
  // occurrence.
  std::vector<Finding> findings() const;
  void clear();
  Tools tools() const { return tools_; }

 private:
  Tools tools_;
  void* checker_;   // the session's checker (src/checker)
  void* previous_;  // the process observer the session replaced
};

// What makes two findings the same one: kernel, kind and both sites (file,
// line, API, pipe, core kind; not the block, except for
// syncall-count-mismatch, which is about a block). The two sides of an
// unordered pair (races, atomics) count in either order.
std::string dedupKey(const Finding& finding);

// A finding as compute-sanitizer would print it ("========= RACECHECK ...",
// one line per site).
std::string toText(const Finding& finding);
// JSON of one finding / an array of findings (the "findings" array of
// docs/checker.md).
std::string toJson(const Finding& finding);
std::string toJson(const std::vector<Finding>& findings);

}  // namespace asctwin::checker
