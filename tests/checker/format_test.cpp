// The API's helpers: tool lists, the dedup key, text and JSON.
#include <gtest/gtest.h>

#include "asctwin/asctwin_sanitizer.h"

namespace asctwin::checker {
namespace {

Finding race(int lineA, int lineB) {
  Finding f;
  f.tool = "racecheck";
  f.kind = "race-cross-core";
  f.kernel = "k";
  f.message = "a \"quoted\"\tmessage";
  f.first = Site{0, "AIV", "MTE3", "DataCopy", "/x/k.asc", lineA};
  f.second = Site{1, "AIV", "MTE2", "DataCopy", "/x/k.asc", lineB};
  f.count = 3;
  f.firstSeed = 5;
  return f;
}

TEST(CheckerFormat, ParsesToolLists) {
  EXPECT_EQ(parseTools("all"), Tools{all});
  EXPECT_EQ(parseTools("memcheck,detcheck"), Tools{memcheck | detcheck});
  EXPECT_EQ(parseTools("racecheck"), Tools{racecheck});
  EXPECT_FALSE(parseTools("").has_value());
  EXPECT_FALSE(parseTools("memcheck,").has_value());
  EXPECT_FALSE(parseTools("bogus").has_value());
  EXPECT_EQ(toolNames(synccheck | initcheck), (std::vector<std::string>{"synccheck", "initcheck"}));
}

TEST(CheckerFormat, DedupKeyIgnoresBlocksAndTheOrderOfUnorderedPairs) {
  Finding a = race(12, 20), b = race(12, 20);
  b.first.block = 7;
  EXPECT_EQ(dedupKey(a), dedupKey(b));
  Finding swapped = a;
  std::swap(swapped.first, *swapped.second);
  EXPECT_EQ(dedupKey(a), dedupKey(swapped));
  Finding ds = a;
  ds.kind = "double-set";
  Finding dsSwapped = ds;
  std::swap(dsSwapped.first, *dsSwapped.second);
  EXPECT_NE(dedupKey(ds), dedupKey(dsSwapped));
  Finding other = race(12, 21);
  EXPECT_NE(dedupKey(a), dedupKey(other));
}

TEST(CheckerFormat, TextAndJson) {
  const Finding f = race(12, 20);
  const std::string text = toText(f);
  EXPECT_EQ(text.rfind("========= RACECHECK race-cross-core: kernel 'k': ", 0), 0u) << text;
  EXPECT_NE(text.find("first:  block 0 AIV MTE3 DataCopy at /x/k.asc:12"), std::string::npos);
  EXPECT_NE(text.find("second: block 1 AIV MTE2 DataCopy at /x/k.asc:20"), std::string::npos);
  EXPECT_EQ(toJson(f),
            "{\"tool\": \"racecheck\", \"kind\": \"race-cross-core\", \"unordered_pair\": true, "
            "\"kernel\": \"k\", "
            "\"count\": 3, \"first_seed\": 5, \"message\": \"a \\\"quoted\\\"\\tmessage\", "
            "\"first\": {\"block\": 0, \"core\": \"AIV\", \"pipe\": \"MTE3\", \"api\": "
            "\"DataCopy\", \"file\": \"/x/k.asc\", \"line\": 12}, \"second\": {\"block\": 1, "
            "\"core\": \"AIV\", \"pipe\": \"MTE2\", \"api\": \"DataCopy\", \"file\": \"/x/k.asc\", "
            "\"line\": 20}}");
  Finding one = f;
  one.second.reset();
  EXPECT_NE(toJson(one).find("\"second\": null"), std::string::npos);
  EXPECT_EQ(toJson(std::vector<Finding>{}), "[]");
}

}  // namespace
}  // namespace asctwin::checker
