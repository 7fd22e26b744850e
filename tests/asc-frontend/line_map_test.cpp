// LineMap and parseLineMarker (line_map.h), and the front end's errors mapped
// through the preprocessor's linemarkers to the user's files and lines. The
// marker forms are GCC's documented ones (cpp manual, "Preprocessor Output":
// `# linenum "filename" flags`) and the #line directive.
#include "line_map.h"

#include <gtest/gtest.h>

#include <string>

#include "test_support.h"

namespace asctwin::asc {
namespace {

std::string pos(const std::string& file, std::size_t line) {
  return file + ":" + std::to_string(line);
}

std::string at(const LineMap& map, std::size_t line) {
  const SourcePos p = map.at(line);
  return pos(p.file, p.line);
}

TEST(LineMarker, GccAndLineDirectiveForms) {
  std::size_t n = 0;
  std::string file;
  EXPECT_TRUE(parseLineMarker("# 12 \"a.h\" 1 3 4", n, file));
  EXPECT_EQ(n, 12u);
  EXPECT_EQ(file, "a.h");
  EXPECT_TRUE(parseLineMarker("  #  7 \"b.asc\"", n, file));
  EXPECT_EQ(n, 7u);
  EXPECT_EQ(file, "b.asc");
  EXPECT_TRUE(parseLineMarker("#line 30 \"c.asc\"", n, file));
  EXPECT_EQ(n, 30u);
  EXPECT_EQ(file, "c.asc");
  file.clear();
  EXPECT_TRUE(parseLineMarker("#line 9", n, file));
  EXPECT_EQ(n, 9u);
  EXPECT_EQ(file, "");
}

TEST(LineMarker, EscapesInTheFileName) {
  std::size_t n = 0;
  std::string file;
  ASSERT_TRUE(parseLineMarker(R"(# 1 "dir\\with\"quote.asc")", n, file));
  EXPECT_EQ(file, "dir\\with\"quote.asc");
  // GCC writes bytes outside ASCII as octal escapes: "\303\251" is UTF-8 'é'.
  ASSERT_TRUE(parseLineMarker(R"(# 1 "caf\303\251.asc")", n, file));
  EXPECT_EQ(file, "caf\xC3\xA9.asc");
}

TEST(LineMarker, OtherLinesAreNotMarkers) {
  std::size_t n = 0;
  std::string file;
  for (const char* line : {"#pragma once", "#define X 1", "# \"a.h\"", "#line x", "# 1 a.h",
                           "# 1 \"unterminated", "int x; # 1 \"a\"", "", "#"}) {
    EXPECT_FALSE(parseLineMarker(line, n, file)) << line;
  }
}

TEST(LineMap, TextWithoutMarkersMapsToItself) {
  const LineMap map("a\nb\nc\n", "x.asc");
  EXPECT_EQ(at(map, 1), pos("x.asc", 1));
  EXPECT_EQ(at(map, 3), pos("x.asc", 3));
}

TEST(LineMap, FollowsEveryMarker) {
  const std::string text =
      "int before;\n"              // 1: x.asc:1 (no marker yet)
      "# 1 \"/src/user.asc\"\n"    // 2
      "a\n"                        // 3: user.asc:1
      "# 1 \"/inc/k.h\" 1\n"       // 4
      "k1\n"                       // 5: k.h:1
      "k2\n"                       // 6: k.h:2
      "# 3 \"/src/user.asc\" 2\n"  // 7
      "b\n"                        // 8: user.asc:3
      "#line 40\n"                 // 9
      "c\n"                        // 10: user.asc:40 (same file)
      "#line 5 \"renamed.asc\"\n"  // 11
      "d\n";                       // 12: renamed.asc:5
  const LineMap map(text, "x.asc");
  EXPECT_EQ(at(map, 1), pos("x.asc", 1));
  EXPECT_EQ(at(map, 3), pos("/src/user.asc", 1));
  EXPECT_EQ(at(map, 5), pos("/inc/k.h", 1));
  EXPECT_EQ(at(map, 6), pos("/inc/k.h", 2));
  EXPECT_EQ(at(map, 8), pos("/src/user.asc", 3));
  EXPECT_EQ(at(map, 10), pos("/src/user.asc", 40));
  EXPECT_EQ(at(map, 12), pos("renamed.asc", 5));
  EXPECT_EQ(at(map, 13), pos("renamed.asc", 6));  // past the end: counts on
}

// --- translate()'s errors through linemarkers --------------------------------------

// The preprocessed form of a user file that includes a header with a kernel.
const std::string kPreprocessed =
    "# 1 \"/src/user.asc\"\n"
    "# 1 \"<built-in>\"\n"
    "# 1 \"<command-line>\"\n"
    "# 1 \"/src/user.asc\"\n"
    "# 1 \"/src/kernels.h\" 1\n"
    "__global__ __vector__ void k(int);\n"  // kernels.h:1
    "# 2 \"/src/user.asc\" 2\n"
    "\n"                         // user.asc:2
    "void f() {\n"               // user.asc:3
    "  k<<<1, 2, 3, 4>>>(0);\n"  // user.asc:4
    "}\n";

TEST(MappedErrors, NameTheUsersFileAndLine) {
  const TranslateResult r = translate(kPreprocessed, "/tmp/x.ii");
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(formatDiagnostic("/tmp/x.ii", r.errors[0]),
            "/src/user.asc:4:4: error: a launch takes two or three parameters <<<numBlocks, "
            "dynUbBytes[, stream]>>>, not 4");
}

TEST(MappedErrors, TheTranslatedFileItselfHasNoFileName) {
  // A diagnostic in the file named by `path` leaves `file` empty (formatDiagnostic uses path).
  const TranslateResult r = translate(kPreprocessed, "/src/user.asc");
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0].file, "");
  EXPECT_EQ(r.errors[0].line, 4u);
}

TEST(MappedErrors, FromAHeaderAndNamingTheOtherDeclaration) {
  const std::string text =
      "# 1 \"/src/user.asc\"\n"
      "# 1 \"/src/a.h\" 1\n"
      "__global__ __vector__ void k(int);\n"  // a.h:1
      "# 2 \"/src/user.asc\" 2\n"
      "# 1 \"/src/b.h\" 1\n"
      "\n"
      "__global__ __cube__ void k(int);\n"  // b.h:2
      "# 3 \"/src/user.asc\" 2\n"
      "__global__ __mix__(1) void m(int);\n";  // user.asc:3
  const TranslateResult r = translate(text, "/src/user.asc");
  ASSERT_EQ(r.errors.size(), 2u);
  // In the order of the translation unit (b.h is included before line 3).
  EXPECT_EQ(formatDiagnostic("/src/user.asc", r.errors[0]),
            "/src/b.h:2:26: error: kernel 'k' redeclared as __cube__; it was declared as "
            "__vector__ at /src/a.h:1");
  EXPECT_EQ(formatDiagnostic("/src/user.asc", r.errors[1]),
            "/src/user.asc:3:12: error: '__mix__' takes two arguments: __mix__(aicRatio, "
            "aivRatio)");
}

TEST(MappedErrors, AHeaderIncludedTwiceIsStillOneKernel) {
  // Include guards are the preprocessor's business; a redeclaration of the same
  // kind (from two headers) is no error.
  const std::string text =
      "# 1 \"/src/user.asc\"\n"
      "# 1 \"/src/a.h\" 1\n"
      "__global__ __vector__ void k(int);\n"
      "# 2 \"/src/user.asc\" 2\n"
      "# 1 \"/src/b.h\" 1\n"
      "__global__ __vector__ void k(int);\n"
      "# 3 \"/src/user.asc\" 2\n"
      "void f() { k<<<1, 0>>>(1); }\n";
  const TranslateResult r = translate(text, "/src/user.asc");
  EXPECT_TRUE(r.ok());
  EXPECT_NE(r.output.find(test::direct("k", test::spec("Vector"))), std::string::npos);
}

}  // namespace
}  // namespace asctwin::asc
