#include "tokenizer.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

namespace asctwin::asc {
namespace {

std::vector<std::string> texts(std::string_view src, const std::vector<Token>& toks) {
  std::vector<std::string> out;
  for (const Token& t : toks) out.emplace_back(t.text(src));
  return out;
}

std::vector<std::string> codeTexts(std::string_view src) {
  return texts(src, tokenize(src).code);
}

using Strings = std::vector<std::string>;

TEST(Tokenizer, SplitsIdentifiersNumbersAndSingleCharPunctuators) {
  EXPECT_EQ(codeTexts("k<<<a, 0x1F>>>(x);"),
            (Strings{"k", "<", "<", "<", "a", ",", "0x1F", ">", ">", ">", "(", "x", ")", ";"}));
  EXPECT_EQ(codeTexts("ns::f_2 $x"), (Strings{"ns", ":", ":", "f_2", "$x"}));
}

TEST(Tokenizer, RecordsLinesColumnsAndOffsets) {
  const std::string_view src = "a\n  bc  d\n\te";
  const Tokens t = tokenize(src);
  ASSERT_EQ(t.code.size(), 4u);
  EXPECT_EQ(t.code[1].line, 2u);
  EXPECT_EQ(t.code[1].column, 3u);
  EXPECT_EQ(t.code[1].begin, 4u);
  EXPECT_EQ(t.code[1].end, 6u);
  EXPECT_EQ(t.code[2].column, 7u);
  EXPECT_EQ(t.code[3].line, 3u);
  EXPECT_EQ(t.code[3].column, 2u);
  EXPECT_TRUE(adjacent(tokenize("<<").code[0], tokenize("<<").code[1]));
  EXPECT_FALSE(adjacent(tokenize("< <").code[0], tokenize("< <").code[1]));
}

TEST(Tokenizer, SkipsCommentsAndKeepsLineNumbers) {
  const std::string_view src = "a // x<<<y\nb /* c\n d */ e // f \\\n g\nh";
  const Tokens t = tokenize(src);
  EXPECT_EQ(texts(src, t.code), (Strings{"a", "b", "e", "h"}));
  EXPECT_EQ(t.code[2].line, 3u);  // after a block comment spanning lines
  EXPECT_EQ(t.code[3].line, 5u);  // the spliced line comment swallowed line 4
  EXPECT_EQ(codeTexts("a /* unterminated"), (Strings{"a"}));
}

TEST(Tokenizer, StringAndCharLiteralsAreSingleTokens) {
  EXPECT_EQ(
      codeTexts(R"(f("a<<<\"b>>>", 'x', '\'', "\\"))"),
      (Strings{"f", "(", R"("a<<<\"b>>>")", ",", "'x'", ",", R"('\'')", ",", R"("\\")", ")"}));
  EXPECT_EQ(codeTexts(R"(L"a" u8"b" u"c" U"d" L'e' u8'f' "g"_sv x"h")"),
            (Strings{R"(L"a")", R"(u8"b")", R"(u"c")", R"(U"d")", "L'e'", "u8'f'", R"("g"_sv)", "x",
                     R"("h")"}));
  const Tokens t = tokenize("\"a\\\nb\" c");  // a splice inside a string
  ASSERT_EQ(t.code.size(), 2u);
  EXPECT_EQ(t.code[1].line, 2u);
}

TEST(Tokenizer, UnterminatedLiteralsEndAtTheEndOfTheLine) {
  const std::string_view src = "a \"open\nb 'c\nd";
  const Tokens t = tokenize(src);
  EXPECT_EQ(texts(src, t.code), (Strings{"a", "\"open", "b", "'c", "d"}));
  EXPECT_EQ(t.code[4].line, 3u);
}

TEST(Tokenizer, RawStrings) {
  const std::string_view src = "R\"(a)\" u8R\"x(b)\"\n)x\" LR\"--(\")--\" uR\"()\" UR\"(\\)\" z";
  const Tokens t = tokenize(src);
  EXPECT_EQ(texts(src, t.code), (Strings{"R\"(a)\"", "u8R\"x(b)\"\n)x\"", "LR\"--(\")--\"",
                                         "uR\"()\"", "UR\"(\\)\"", "z"}));
  EXPECT_EQ(t.code.back().line, 2u);
  // A raw string runs across lines and comment markers; unterminated ones to the end.
  EXPECT_EQ(codeTexts("R\"d(//\n/*)\" )d\" x"), (Strings{"R\"d(//\n/*)\" )d\"", "x"}));
  EXPECT_EQ(codeTexts("R\"(never closed\n k<<<"), (Strings{"R\"(never closed\n k<<<"}));
  // An invalid delimiter (space, too long) makes it R and an ordinary string.
  EXPECT_EQ(codeTexts("R\"a b(x)a b\""), (Strings{"R", "\"a b(x)a b\""}));
  EXPECT_EQ(codeTexts("R\"12345678901234567(x)12345678901234567\"").size(), 2u);
}

TEST(Tokenizer, DigitSeparatorsAreNotCharLiterals) {
  EXPECT_EQ(
      codeTexts("1'000'000 + 0x1'ff'ULL + 1.5e+10 + .25e-3 - 0x1p-3"),
      (Strings{"1'000'000", "+", "0x1'ff'ULL", "+", "1.5e+10", "+", ".25e-3", "-", "0x1p-3"}));
}

TEST(Tokenizer, DirectivesLeaveTheCodeStream) {
  const std::string_view src =
      "#include <a'b>\n"
      "  #  pragma x \"y\n"
      "/* c */ #error don't\n"
      "#if X \\\n  && Y\n"
      "a # b\n"
      "#endif\n";
  const Tokens t = tokenize(src);
  EXPECT_EQ(texts(src, t.code), (Strings{"a", "#", "b"}));
  EXPECT_EQ(t.code[0].line, 6u);
  EXPECT_TRUE(t.defines.empty());
}

TEST(Tokenizer, DefineBodiesAreSeparateStreams) {
  const std::string_view src =
      "#define A(s) k<<<1, nullptr, s>>>(x)\n"
      "x\n"
      "# define B \\\n  y /* multi\n line */ z\n"
      "w\n";
  const Tokens t = tokenize(src);
  EXPECT_EQ(texts(src, t.code), (Strings{"x", "w"}));
  ASSERT_EQ(t.defines.size(), 2u);
  EXPECT_EQ(texts(src, t.defines[0]).size(), 19u);
  EXPECT_EQ(texts(src, t.defines[1]), (Strings{"B", "y", "z"}));
  EXPECT_EQ(t.defines[1].back().line, 5u);
}

TEST(Tokenizer, IfZeroGroupsAreNotCode) {
  const std::string_view src =
      "#if 0 // off\n"
      "dead don't\n"
      "#ifdef X\n"
      "dead2\n"
      "#else\n"
      "dead3\n"
      "#endif\n"
      "#define DEAD 1\n"
      "#else\n"
      "live1\n"
      "#endif\n"
      "live2\n"
      "#if false\n"
      "dead4\n"
      "#elif Y\n"
      "live3\n"
      "#endif\n"
      "#if 00\n"
      "live4\n"
      "#endif\n"
      "#if 0 /* never closed */\n"
      "dead5\n";
  const Tokens t = tokenize(src);
  EXPECT_EQ(texts(src, t.code), (Strings{"live1", "live2", "live3", "live4"}));
  EXPECT_TRUE(t.defines.empty());
}

TEST(Tokenizer, CrLfLineEndingsAndSplices) {
  const std::string_view src = "a\r\n#define X \\\r\n  y\r\nb\r\n";
  const Tokens t = tokenize(src);
  EXPECT_EQ(texts(src, t.code), (Strings{"a", "b"}));
  EXPECT_EQ(t.code[1].line, 4u);
  ASSERT_EQ(t.defines.size(), 1u);
  EXPECT_EQ(texts(src, t.defines[0]), (Strings{"X", "y"}));
}

TEST(Tokenizer, DegenerateInputs) {
  const std::string_view inputs[] = {"",        "\\",    "\\\n",     "R\"",
                                     "R\"(",    "u8",    "'",        "\"",
                                     "/",       "/*",    "//",       "#",
                                     "#define", "#if 0", "#if",      "0'",
                                     "1e+",     ".",     "\xff\xfe", std::string_view("\0x\0", 3)};
  for (const std::string_view s : inputs) {
    const Tokens t = tokenize(s);
    for (const Token& tok : t.code) {
      EXPECT_LE(tok.begin, tok.end);
      EXPECT_LE(tok.end, s.size());
    }
  }
}

}  // namespace
}  // namespace asctwin::asc
