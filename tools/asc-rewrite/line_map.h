// Maps lines of preprocessed text back to the files and lines they came from.
//
// The front end rewrites the output of the host compiler's preprocessor
// (`g++ -E`), which records where every line came from in linemarkers:
// `# <line> "<file>" <flags>` (GCC) or `#line <line> "<file>"`. Diagnostics of
// the rewrite must name the user's file and line, not the temporary file.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace asctwin::asc {

struct SourcePos {
  std::string file;      // as the preprocessor spelled it (escapes resolved)
  std::size_t line = 0;  // 1-based
};

class LineMap {
 public:
  // Reads every linemarker of `text`. Text without markers maps to itself
  // under `defaultFile`.
  LineMap(std::string_view text, std::string defaultFile);

  // Where line `line` (1-based) of the preprocessed text came from.
  [[nodiscard]] SourcePos at(std::size_t line) const;

  // The unit's own file: the one the first linemarker names (the default
  // file for text without markers).
  [[nodiscard]] const std::string& mainFile() const {
    return markers_.empty() ? files_[0] : files_[markers_.front().file];
  }

 private:
  struct Marker {
    std::size_t textLine;  // the line after the marker starts here
    std::size_t file;      // index into files_
    std::size_t line;      // ...and is this line of that file
  };
  std::vector<std::string> files_;
  std::vector<Marker> markers_;  // ordered by textLine
};

// A linemarker or #line directive on one line (without its newline): the
// line number and file it sets. False if `line` is not one.
bool parseLineMarker(std::string_view line, std::size_t& number, std::string& file);

}  // namespace asctwin::asc
