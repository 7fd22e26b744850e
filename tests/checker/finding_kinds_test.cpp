// The kind table against the page users read (docs/checker.md's table of
// finding kinds: tool, kind, number of sites), and the rules that read it:
// deduplication of unordered pairs, per-block identity, the JSON flag.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "checker/finding_kinds.h"
#include "checker/finding_store.h"

namespace asctwin::checker {
namespace {

struct DocRow {
  std::string tool;
  int sites = 0;
};

// Rows of the form "| tool | `kind` | sites | ..." (std::regex is avoided:
// GCC 12 warns inside its implementation under the sanitizer build).
std::map<std::string, DocRow> docTable() {
  std::ifstream in(ASCTWIN_CHECKER_DOC);
  std::map<std::string, DocRow> rows;
  std::string line;
  while (std::getline(in, line)) {
    std::vector<std::string> cells;
    std::stringstream ss(line);
    std::string cell;
    while (std::getline(ss, cell, '|')) {
      const size_t b = cell.find_first_not_of(' '), e = cell.find_last_not_of(' ');
      cells.push_back(b == std::string::npos ? std::string() : cell.substr(b, e - b + 1));
    }
    // "", tool, `kind`, sites, ...
    if (cells.size() < 4 || !cells[0].empty()) continue;
    const std::string& kind = cells[2];
    if (kind.size() < 3 || kind.front() != '`' || kind.back() != '`') continue;
    if (cells[3] != "1" && cells[3] != "2") continue;
    rows[kind.substr(1, kind.size() - 2)] = {cells[1], cells[3][0] - '0'};
  }
  return rows;
}

TEST(FindingKinds, TheTableIsTheDocumentedOne) {
  const auto doc = docTable();
  ASSERT_FALSE(doc.empty()) << "no kind rows read from " << ASCTWIN_CHECKER_DOC;
  std::set<std::string> names;
  for (const KindInfo& k : kKinds) {
    const std::string name(k.name);
    EXPECT_TRUE(names.insert(name).second) << name << " twice";
    auto it = doc.find(name);
    ASSERT_NE(it, doc.end()) << name << " is not in docs/checker.md";
    EXPECT_EQ(it->second.tool, toolName(k.tool)) << name;
    EXPECT_EQ(it->second.sites, k.sites) << name;
    // Only a two-site kind can be an unordered pair.
    if (k.unorderedPair) {
      EXPECT_EQ(k.sites, 2) << name;
    }
    EXPECT_EQ(kindNamed(name), &k);
  }
  for (const auto& [name, row] : doc) EXPECT_TRUE(names.count(name)) << name << " only in the docs";
  EXPECT_EQ(kindNamed("no-such-kind"), nullptr);
}

Finding twoSites(Kind k, int firstLine, int secondLine) {
  Finding f = findingOf(k);
  f.kernel = "k";
  f.first.file = "a.asc";
  f.first.line = firstLine;
  f.second = Site{};
  f.second->file = "a.asc";
  f.second->line = secondLine;
  return f;
}

TEST(FindingKinds, OnlyUnorderedPairsDeduplicateAcrossOrders) {
  for (const KindInfo& k : kKinds) {
    if (k.sites != 2) continue;
    const bool same = dedupKey(twoSites(k.kind, 10, 20)) == dedupKey(twoSites(k.kind, 20, 10));
    EXPECT_EQ(same, k.unorderedPair) << k.name;
    const std::string json = toJson(twoSites(k.kind, 10, 20));
    EXPECT_NE(json.find(std::string("\"unordered_pair\": ") + (k.unorderedPair ? "true" : "false")),
              std::string::npos)
        << json;
  }
}

TEST(FindingKinds, PerBlockKindsKeepTheBlock) {
  for (const KindInfo& k : kKinds) {
    Finding a = findingOf(k.kind), b = findingOf(k.kind);
    a.first.block = 1;
    b.first.block = 2;
    EXPECT_EQ(dedupKey(a) != dedupKey(b), k.perBlock) << k.name;
    EXPECT_EQ(a.tool, toolName(k.tool));
  }
}

}  // namespace
}  // namespace asctwin::checker
