// The kind table against the page users read (docs/checker.md's table of
// finding kinds: tool, kind, number of sites), and the rules that read it:
// deduplication of unordered pairs, per-block identity, the JSON flag.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "checker/finding_kinds.h"
#include "checker/finding_store.h"

namespace asctwin::checker {
namespace {

struct DocRow {
  std::string tool;
  int sites = 0;
};

std::map<std::string, DocRow> docTable() {
  std::ifstream in(ASCTWIN_CHECKER_DOC);
  std::map<std::string, DocRow> rows;
  const std::regex row(R"(^\| (\w+) \| `([a-z-]+)` \| ([12]) \|)");
  std::string line;
  while (std::getline(in, line)) {
    std::smatch m;
    if (std::regex_search(line, m, row)) rows[m[2]] = {m[1], std::stoi(m[3])};
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
