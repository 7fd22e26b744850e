// Validates the JSON of a small asctwin-bernoulli-report run (the
// bernoulli_report.run fixture): the hashes of the two paths are equal,
// the memory gaps are present and agree with the bytes and the allocator's
// charging rule, the time and output sections are complete, and every
// target is present with a status consistent with its figure.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

namespace {

using nlohmann::json;

json load(const char* path) {
  std::ifstream f(path);
  EXPECT_TRUE(f.good()) << "missing " << path;
  json j = json::parse(f, nullptr, false);
  EXPECT_FALSE(j.is_discarded()) << path << " is not JSON";
  return j;
}

const json& report() {
  static const json j = load(REPORT_JSON);
  return j;
}

const std::set<std::string> kAll{"FP16", "FP32",  "FP64",  "BF16",  "UINT8",
                                 "INT8", "INT16", "INT32", "INT64", "BOOL"};

size_t widthOf(const std::string& d) {
  if (d == "FP64" || d == "INT64") return 8;
  if (d == "FP32" || d == "INT32") return 4;
  if (d == "FP16" || d == "BF16" || d == "INT16") return 2;
  return 1;
}

uint64_t align512(uint64_t n) {
  return (n + 511) / 512 * 512;
}

TEST(BernoulliReportJson, HashesOfNewAndLegacyAreEqualForEveryDtype) {
  const json& out = report().at("output");
  ASSERT_EQ(out.size(), kAll.size());
  for (const json& o : out) {
    SCOPED_TRACE(o.at("dtype").get<std::string>());
    EXPECT_TRUE(o.at("hashes_equal").get<bool>());
    EXPECT_EQ(o.at("hash_new"), o.at("hash_legacy"));
    EXPECT_EQ(o.at("hash_new").get<std::string>().size(), 16u);
    EXPECT_EQ(o.at("elements").get<uint64_t>(), 64u * 1024u);
    const double f = o.at("fraction").get<double>();
    EXPECT_LE(o.at("wilson99_lower").get<double>(), f);
    EXPECT_GE(o.at("wilson99_upper").get<double>(), f);
    EXPECT_EQ(
        o.at("wilson99_contains_p").get<bool>(),
        o.at("wilson99_lower").get<double>() <= 0.5 && 0.5 <= o.at("wilson99_upper").get<double>());
    EXPECT_TRUE(o.contains("holm_rejected"));
  }
  // Dtype i uses seed + i: independent samples, so the outputs differ.
  EXPECT_NE(out[0].at("seed"), out[1].at("seed"));
}

TEST(BernoulliReportJson, MemoryGapsArePresentAndConsistent) {
  const json& mem = report().at("memory");
  ASSERT_EQ(mem.size(), 4u);  // FP32, FP16, INT64, BF16
  for (const json& m : mem) {
    const std::string d = m.at("dtype").get<std::string>();
    SCOPED_TRACE(d);
    const uint64_t ref = m.at("gpu_reference_bytes").get<uint64_t>();
    EXPECT_EQ(ref, 512u * 1024u * widthOf(d));
    for (const char* path : {"new", "legacy"}) {
      const json& f = m.at(path);
      ASSERT_TRUE(f.at("measured").get<bool>()) << path;
      const auto alloc = f.at("peak_allocated_bytes").get<uint64_t>();
      const auto reserved = f.at("peak_reserved_bytes").get<uint64_t>();
      EXPECT_GE(alloc, ref);
      EXPECT_GE(reserved, alloc);
      const double gap = 100.0 * (static_cast<double>(alloc) - static_cast<double>(ref)) /
                         static_cast<double>(ref);
      EXPECT_NEAR(f.at("allocated_gap_percent").get<double>(), gap, 1e-9);
      const double rgap = 100.0 * (static_cast<double>(reserved) - static_cast<double>(ref)) /
                          static_cast<double>(ref);
      EXPECT_NEAR(f.at("reserved_gap_percent").get<double>(), rgap, 1e-9);
    }
    // New path: the tensor alone (charged n + 32 rounded to 512), no workspace.
    EXPECT_EQ(m.at("new").at("workspace_bytes").get<uint64_t>(), 0u);
    EXPECT_EQ(m.at("new").at("peak_allocated_bytes").get<uint64_t>(), align512(ref + 32));
    // Legacy: the tensor plus its workspace.
    const uint64_t ws = m.at("legacy").at("workspace_bytes").get<uint64_t>();
    EXPECT_GT(ws, 0u);
    EXPECT_EQ(m.at("legacy").at("peak_allocated_bytes").get<uint64_t>(),
              align512(ref + 32) + align512(ws + 32));
    // Incremental peaks (above the tensor): none for new, the workspace for legacy.
    EXPECT_EQ(m.at("new").at("incremental_peak_allocated_bytes").get<uint64_t>(), 0u);
    EXPECT_EQ(m.at("legacy").at("incremental_peak_allocated_bytes").get<uint64_t>(),
              align512(ws + 32));
  }
}

TEST(BernoulliReportJson, WorkspaceRowsMatchTheDesignsIntermediates) {
  const json& ws = report().at("workspace");
  ASSERT_EQ(ws.size(), kAll.size());
  constexpr uint64_t n = 64 * 1024;
  for (const json& w : ws) {
    const std::string d = w.at("dtype").get<std::string>();
    SCOPED_TRACE(d);
    EXPECT_EQ(w.at("new_bytes").get<uint64_t>(), 0u);
    EXPECT_EQ(w.at("new_plan"), "alias");
    // legacy: packed mask + full-shape ones in FP32 or FP16
    const bool fp32 = d == "FP32" || d == "INT32" || d == "INT64" || d == "FP64";
    EXPECT_EQ(w.at("legacy_bytes").get<uint64_t>(), align512(n / 8) + align512(n * (fp32 ? 4 : 2)));
    EXPECT_DOUBLE_EQ(w.at("reduction_percent").get<double>(), 100.0);
  }
}

TEST(BernoulliReportJson, TimeRowsHoldTheProtocolsRuns) {
  const json& time = report().at("time");
  ASSERT_EQ(time.size(), kAll.size());
  EXPECT_EQ(report().at("config").at("runs"), 3);
  for (const json& t : time) {
    SCOPED_TRACE(t.at("dtype").get<std::string>());
    for (const char* path : {"new", "legacy", "memset", "memset_parallel"}) {
      const json& x = t.at(path);
      ASSERT_TRUE(x.at("measured").get<bool>()) << path;
      // The parallel memset runs before and after the new path: two runs pooled.
      EXPECT_EQ(x.at("runs_ms").size(), std::string(path) == "memset_parallel" ? 6u : 3u) << path;
      EXPECT_LE(x.at("p50_ms").get<double>(), x.at("p90_ms").get<double>());
    }
    // The new path's two stages, timed alone, give the operator's output.
    const json& st = t.at("stages");
    EXPECT_TRUE(st.at("output_equals_operator").get<bool>());
    EXPECT_EQ(st.at("dsa_mask").at("runs_ms").size(), 3u);
    EXPECT_EQ(st.at("bernoulli_mask_kernel").at("runs_ms").size(), 3u);
    for (const char* peer : {"torch", "numpy"}) {
      const json& x = t.at("peers").at(peer);
      if (x.at("measured").get<bool>()) {
        EXPECT_EQ(x.at("runs_ms").size(), 3u);
        EXPECT_TRUE(t.at("ratios").at(std::string(peer) + "_over_new").is_number());
      } else {
        EXPECT_FALSE(x.at("note").get<std::string>().empty()) << peer << " skipped without a note";
      }
    }
  }
}

TEST(BernoulliReportJson, EveryTargetIsPresentWithAConsistentStatus) {
  std::set<std::string> ids;
  for (const json& t : report().at("targets")) {
    const std::string id = t.at("id").get<std::string>();
    ids.insert(id);
    const std::string status = t.at("status").get<std::string>();
    ASSERT_TRUE(status == "PASS" || status == "MISS" || status == "SKIP") << id;
    EXPECT_FALSE(t.at("reason").get<std::string>().empty()) << id;
    if (status == "SKIP") {
      EXPECT_TRUE(t.at("measured").is_null()) << id;
      continue;
    }
    const double m = t.at("measured").get<double>(), th = t.at("threshold").get<double>();
    const bool atMost = id.rfind("new_vs_memset", 0) == 0 || id.rfind("peak_", 0) == 0;
    EXPECT_EQ(status == "PASS", atMost ? m <= th : m >= th) << id;
  }
  for (const char* d : {"FP32", "INT64", "FP64"})
    EXPECT_TRUE(ids.count(std::string("new_vs_legacy:") + d));
  for (const std::string& d : kAll) {
    EXPECT_TRUE(ids.count("new_vs_torch:" + d)) << d;
    EXPECT_TRUE(ids.count("new_vs_numpy:" + d)) << d;
    EXPECT_EQ(ids.count("new_vs_memset:" + d), 1u) << d;
  }
  for (const char* d : {"FP32", "FP16", "INT64", "BF16"})
    EXPECT_TRUE(ids.count(std::string("peak_allocated_gap:") + d));
  EXPECT_EQ(ids.count("dsa_mask_rate"), 1u);
}

TEST(BernoulliReportJson, ChartsAreWrittenOrTheirAbsenceExplained) {
  const json& charts = report().at("charts");
  if (charts.empty()) {
    bool explained = false;
    for (const json& n : report().at("notes"))
      explained |= n.get<std::string>().rfind("charts skipped", 0) == 0;
    EXPECT_TRUE(explained);
  }
  for (const json& c : charts) EXPECT_TRUE(std::filesystem::exists(c.get<std::string>())) << c;
}

TEST(BernoulliReportJson, CheckerVerdictMatchesItsState) {
  const json j = load(CHECKER_JSON);
  const json& c = j.at("checker");
  if (!c.at("built").get<bool>()) {
    EXPECT_EQ(c.at("verdict"), "checker: not built");
    return;
  }
  ASSERT_TRUE(c.at("ran").get<bool>());
  // The BernoulliMask kernel is expected clean (issue #7's acceptance).
  EXPECT_EQ(c.at("exit_code"), 0) << c.at("output").get<std::string>();
  EXPECT_EQ(c.at("findings"), 0);
  EXPECT_EQ(c.at("kernel_mode"), "check");
  EXPECT_NE(c.at("schedule_hash").get<uint64_t>(), 0u);
  EXPECT_EQ(c.at("verdict").get<std::string>().rfind("PASS", 0), 0u);
}

}  // namespace
