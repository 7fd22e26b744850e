// CLI11 lives in this file alone: GCC 12 reports a false -Wnull-dereference
// inside CLI11's inlined std::string code, so this file (and only this one)
// is built with that warning off (see CMakeLists.txt).
#include "options.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "dtypes.h"

namespace asctwin::report {
namespace {

constexpr const char* kName = "asctwin-bernoulli-report";

constexpr const char* kFooter = R"(
What is measured (every figure in this run, on this machine):
  workspace  aclnnInplaceBernoulliGetWorkspaceSize on --shape, new path and
             legacy chain, per dtype, and the reduction in percent.
  memory     peak device memory of one in-place Bernoulli on --memory-shape
             (the design's B011-B014: FP32, FP16, INT64, BF16 on [8192, 8192]),
             one process per dtype and path: allocated and reserved peaks
             (asctwinMemGetStats; they follow a caching allocator's rules, see
             asctwin/asctwin_ext.h) next to the GPU reference, the tensor's own
             bytes (what PyTorch on an H800 reports), and the gap in percent.
  time       --warmup untimed + --runs timed in-place Bernoulli calls per dtype
             (GetWorkspaceSize + execute + synchronize; the workspace is
             allocated once per process, as a caching allocator reuses it),
             P50 and P90 (linear interpolation), each path in its own process
             of this tool as the design used isolated processes.
  peers      PyTorch CPU t.bernoulli_(p) in place on t = torch.empty(shape,
             dtype) made before the runs, torch.set_num_threads(<cores>); NumPy
             (rng.random(n, dtype=float32, or float64 for 8-byte dtypes) < p)
             .astype(dtype); both in a python3 subprocess with the same
             warm-up/run protocol; memset of the same output bytes in a
             process of this tool (the physical floor), once on one thread
             and once split over the twin's thread count. A peer
             that is not installed, or has no such dtype, is skipped with a
             note. Ratios are peer P50 / new P50 (above 1: new is faster).
  output     hash (64-bit FNV-1a over 8-byte words) of the new path's and the
             legacy chain's output for the same seed/offset (must be equal),
             the fraction of ones against --prob with its 99 % Wilson
             interval and the exact two-sided binomial test, Holm-corrected
             over the dtypes at 1 %. Dtype i uses seed --seed + i, so the
             dtypes are independent samples.
  checker    asctwin-sanitizer --tool all (when built next to this tool) on
             the DSA + BernoulliMask kernel of an aliased FP32 [1024, 1024]
             (40 blocks, high-to-low waves); "checker: not built" otherwise.
  targets    PASS/MISS against the issue's targets, with the measured ratio.

Default protocol: --warmup 2 --runs 8, chosen so that the default run
(including ~0.5 s per PyTorch call) finishes in under 3 minutes on 2 cores;
the design's protocol is --warmup 10 --runs 100 (about 15 minutes with peers).
Timings are wall-clock on a shared machine: other processes make them noisy.

Exit status: 0 when the report was produced (targets may be missed), 1 when a
measurement failed, 2 on a bad option.
)";

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

int fail(const std::string& message) {
  std::fprintf(stderr, "%s: %s\nRun with --help for the options.\n", kName, message.c_str());
  return 2;
}

// Validates the values CLI11 cannot check on its own; the message names the option.
int validate(Options* o) {
  auto checkShape = [](const std::vector<int64_t>& s, const char* opt) -> std::string {
    if (s.empty() || s.size() > 8)
      return std::string(opt) + ": a shape has 1 to 8 dimensions, got " + std::to_string(s.size());
    uint64_t n = 1;
    for (int64_t d : s) {
      if (d <= 0)
        return std::string(opt) + ": every dimension must be positive, got " + std::to_string(d);
      n *= static_cast<uint64_t>(d);
      if (n > (uint64_t{1} << 31))
        return std::string(opt) + ": at most 2^31 elements (the report keeps host copies)";
    }
    return {};
  };
  if (std::string e = checkShape(o->shape, "--shape"); !e.empty()) return fail(e);
  if (std::string e = checkShape(o->memoryShape, "--memory-shape"); !e.empty()) return fail(e);
  for (std::vector<std::string>* list : {&o->dtypes, &o->memoryDtypes}) {
    const char* opt = list == &o->dtypes ? "--dtypes" : "--memory-dtypes";
    for (std::string& d : *list) {
      const auto info = findDtype(d);
      if (!info)
        return fail(std::string(opt) + ": unknown dtype \"" + d +
                    "\" (FP16 FP32 FP64 BF16 UINT8 INT8 INT16 INT32 INT64 BOOL)");
      d = info->name;
    }
  }
  if (o->dtypes.empty())
    for (const DtypeInfo& d : allDtypes()) o->dtypes.emplace_back(d.name);
  if (!std::isfinite(o->prob) || o->prob <= 0.0 || o->prob >= 1.0)
    return fail(
        "--prob: must be strictly between 0 and 1 (0 and 1 take the exact zeros/ones "
        "plans, which have no random path to report), got " +
        std::to_string(o->prob));
  if (o->offset % 4 != 0)
    return fail("--offset: must be a multiple of 4 (as for aclnnBernoulli), got " +
                std::to_string(o->offset));
  for (std::string& p : o->peers) p = lower(p);
  for (std::string& s : o->skip) s = lower(s);
  return -1;
}

}  // namespace

bool Options::skips(const std::string& section) const {
  return std::find(skip.begin(), skip.end(), section) != skip.end();
}

bool Options::wantsPeer(const std::string& peer) const {
  return std::find(peers.begin(), peers.end(), peer) != peers.end();
}

std::string shapeText(const std::vector<int64_t>& shape) {
  std::string s = "[";
  for (size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + "]";
}

uint64_t elementsOf(const std::vector<int64_t>& shape) {
  uint64_t n = 1;
  for (int64_t d : shape) n *= static_cast<uint64_t>(d);
  return n;
}

int parseOptions(int argc, char** argv, Options* o) {
  CLI::App app{
      "The aclnnBernoulli evidence report of the design document, measured on this machine: "
      "workspace, peak device memory against the GPU reference, time of the new path and the "
      "legacy chain next to PyTorch, NumPy and memset, output hashes and statistics, the "
      "checker's verdict, and PASS/MISS against the targets. Prints an aligned table, writes "
      "JSON and PNG charts.",
      kName};
  app.footer(kFooter);
  app.get_formatter()->column_width(34);
  app.add_option("--shape", o->shape,
                 "shape of the workspace, time and statistics sections, e.g. 4096,4096")
      ->delimiter(',')
      ->capture_default_str();
  app.add_option("--dtypes", o->dtypes,
                 "dtypes to report, comma separated (default: all ten: FP16 FP32 FP64 BF16 UINT8 "
                 "INT8 INT16 INT32 INT64 BOOL)")
      ->delimiter(',');
  app.add_option("-p,--prob", o->prob, "probability of a 1, strictly inside (0, 1)")
      ->capture_default_str();
  app.add_option("--seed", o->seed, "seed of the random stream (dtype i uses seed + i)")
      ->capture_default_str();
  app.add_option("--offset", o->offset, "offset of the random stream, a multiple of 4")
      ->capture_default_str();
  app.add_option("--warmup", o->warmup, "untimed calls per process before the timed ones")
      ->check(CLI::Range(0, 100000))
      ->capture_default_str();
  app.add_option("--runs", o->runs, "timed calls per process (P50/P90 over these)")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  app.add_option("--memory-shape", o->memoryShape,
                 "shape of the peak-memory section (design B011-B014: 8192,8192)")
      ->delimiter(',')
      ->capture_default_str();
  app.add_option("--memory-dtypes", o->memoryDtypes, "dtypes of the peak-memory section")
      ->delimiter(',')
      ->capture_default_str();
  app.add_option("--peers", o->peers,
                 "peers to time next to the twin: torch, numpy, memset, or none")
      ->delimiter(',')
      ->check(CLI::IsMember({"torch", "numpy", "memset", "none"}, CLI::ignore_case))
      ->capture_default_str();
  app.add_option("--skip", o->skip,
                 "sections to leave out: workspace, memory, time (also skips peers and output "
                 "hashes), checker")
      ->delimiter(',')
      ->check(CLI::IsMember({"workspace", "memory", "time", "checker"}, CLI::ignore_case));
  app.add_option("--json", o->json, "where to write the JSON report")->capture_default_str();
  app.add_option("--png-dir", o->pngDir,
                 "directory for the PNG charts bernoulli-memory.png and bernoulli-time.png "
                 "(made with python3-matplotlib from the JSON)")
      ->capture_default_str();
  app.add_flag("--no-charts", o->noCharts, "do not draw the PNG charts");
  app.add_option("--python", o->python,
                 "python3 interpreter for the peers and charts (default: the first of python3 "
                 "on PATH and /usr/bin/python3 that has the module)");
  app.add_flag("--no-progress", o->noProgress,
               "no progress bar (it is drawn on stderr only when stderr is a terminal)");
  app.add_option("--child", o->child, "internal: run one measurement and print JSON")
      ->check(CLI::IsMember({"time", "memory", "kernel"}))
      ->group("");
  app.add_option("--child-path", o->childPath, "internal: new, legacy, memset or memset-mt")
      ->check(CLI::IsMember({"new", "legacy", "memset", "memset-mt"}))
      ->group("");
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);  // prints the help, returns 0
  } catch (const CLI::ParseError& e) {
    return fail(e.what());
  }
  return validate(o);
}

}  // namespace asctwin::report
