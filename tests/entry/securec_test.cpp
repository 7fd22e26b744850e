// securec.h against the secure C library's contract: the destination and
// size are checked first; violations return the library's codes and clear
// the destination where the contract says so (the *_AND_RESET codes).
#include "securec.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>

namespace {

TEST(Securec, MemcpyCopiesWithinBounds) {
  char d[8] = "xxxxxxx";
  EXPECT_EQ(memcpy_s(d, sizeof d, "abc", 3), EOK);
  EXPECT_EQ(std::string(d, 4), "abcx");
  EXPECT_EQ(memcpy_s(d, sizeof d, "q", 0), EOK);  // nothing to copy
  EXPECT_EQ(d[0], 'a');
}

TEST(Securec, MemcpyViolations) {
  char d[4] = {'1', '2', '3', '4'};
  EXPECT_EQ(memcpy_s(nullptr, 4, "a", 1), 34);  // ERANGE: no destination
  EXPECT_EQ(memcpy_s(d, 0, "a", 1), 34);
  EXPECT_EQ(memcpy_s(d, sizeof d, nullptr, 1), EINVAL_AND_RESET);
  EXPECT_EQ(std::memcmp(d, "\0\0\0\0", 4), 0);
  std::memcpy(d, "1234", 4);
  EXPECT_EQ(memcpy_s(d, sizeof d, "abcdef", 6), ERANGE_AND_RESET);
  EXPECT_EQ(std::memcmp(d, "\0\0\0\0", 4), 0);
  char o[8] = "abcdefg";
  EXPECT_EQ(memcpy_s(o + 1, 7, o, 4), EOVERLAP_AND_RESET);
  EXPECT_EQ(std::string(o, 1), "a");
  EXPECT_EQ(o[1], '\0');
}

TEST(Securec, MemmoveHandlesOverlap) {
  char o[8] = "abcdefg";
  EXPECT_EQ(memmove_s(o + 1, 7, o, 4), EOK);
  EXPECT_EQ(std::string(o), "aabcdfg");
}

TEST(Securec, Memset) {
  char d[4] = {'1', '2', '3', '4'};
  EXPECT_EQ(memset_s(d, sizeof d, 'z', 2), EOK);
  EXPECT_EQ(std::string(d, 4), "zz34");
  EXPECT_EQ(memset_s(d, sizeof d, 'y', 9), ERANGE_AND_RESET);
  EXPECT_EQ(std::string(d, 4), "yyyy");  // filled up to destMax
}

TEST(Securec, Strings) {
  char d[6];
  EXPECT_EQ(strcpy_s(d, sizeof d, "hello"), EOK);
  EXPECT_STREQ(d, "hello");
  EXPECT_EQ(strcpy_s(d, sizeof d, "hello!"), ERANGE_AND_RESET);  // no room for the terminator
  EXPECT_STREQ(d, "");
  EXPECT_EQ(strncpy_s(d, sizeof d, "abcdef", 3), EOK);
  EXPECT_STREQ(d, "abc");
  EXPECT_EQ(strcat_s(d, sizeof d, "de"), EOK);
  EXPECT_STREQ(d, "abcde");
  EXPECT_EQ(strcat_s(d, sizeof d, "f"), ERANGE_AND_RESET);
  EXPECT_STREQ(d, "");
  EXPECT_EQ(strncat_s(d, sizeof d, "xyz", 2), EOK);
  EXPECT_STREQ(d, "xy");
}

TEST(Securec, Formatted) {
  char d[8];
  EXPECT_EQ(snprintf_s(d, sizeof d, sizeof d - 1, "%d-%s", 42, "ab"), 5);
  EXPECT_STREQ(d, "42-ab");
  EXPECT_EQ(sprintf_s(d, sizeof d, "%s", "toolongtext"), -1);
  EXPECT_STREQ(d, "");
  EXPECT_EQ(snprintf_s(d, sizeof d, 3, "%s", "abcdef"), -1);  // truncated at count
  EXPECT_STREQ(d, "abc");
  EXPECT_EQ(sprintf_s(nullptr, 4, "x"), -1);
}

}  // namespace
