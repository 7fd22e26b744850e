// asctwin-asc-rewrite <in.asc> <out.cpp>
//
// The front end on one source as written (translate.h, SourceForm::Raw), for
// build systems that compile the result themselves with `-I<prefix>/include/asctwin`
// and C++20 instead of running the driver asctwin-asc (which preprocesses
// first and is the faithful path). Exit status 0, 1 when the source has errors
// ("file:line:col: error: ..." on stderr; out.cpp is removed), 2 on usage or
// I/O errors.
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <system_error>

#include "translate.h"

namespace fs = std::filesystem;

int main(int argc, char** argv) {
  constexpr const char* kUsage =
      "usage: asctwin-asc-rewrite <in.asc> <out.cpp>\n"
      "Translates an Ascend C source as written (no preprocessing) for asctwin; the\n"
      "ASC compiler driver asctwin-asc is the complete path.\n";
  if (argc == 2 && (std::string(argv[1]) == "--help" || std::string(argv[1]) == "-h")) {
    std::cout << kUsage;
    return 0;
  }
  if (argc != 3) {
    std::cerr << kUsage;
    return 2;
  }
  std::error_code ec;
  fs::path input = fs::absolute(argv[1], ec);
  if (ec) input = argv[1];
  input = input.lexically_normal();
  const fs::path output = argv[2];
  std::ifstream in(input, std::ios::binary);
  if (!in) {
    std::cerr << "asctwin-asc-rewrite: cannot read " << input.string() << '\n';
    return 2;
  }
  std::ostringstream buffer;
  buffer << in.rdbuf();
  const asctwin::asc::TranslateResult result =
      asctwin::asc::translate(buffer.str(), input.string(), asctwin::asc::SourceForm::Raw);
  if (!result.ok()) {
    for (const asctwin::asc::Diagnostic& d : result.errors) {
      std::cerr << asctwin::asc::formatDiagnostic(input.string(), d) << '\n';
    }
    fs::remove(output, ec);
    return 1;
  }
  if (output.has_parent_path()) fs::create_directories(output.parent_path(), ec);
  fs::path tmp = output;
  tmp += ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out.write(result.output.data(), static_cast<std::streamsize>(result.output.size())) ||
        !out.flush()) {
      std::cerr << "asctwin-asc-rewrite: cannot write " << tmp.string() << '\n';
      return 2;
    }
  }
  fs::rename(tmp, output, ec);
  if (ec) {
    std::cerr << "asctwin-asc-rewrite: cannot write " << output.string() << ": " << ec.message()
              << '\n';
    return 2;
  }
  return 0;
}
