// asctwin-asc-rewrite in.asc out.cpp
//
// The .asc build step: writes out.cpp, the C++ the twin compiles in place of
// the Ascend C single-source file in.asc (see rewriter.h). Exit status 0 on
// success, 1 if in.asc has errors (reported on stderr as
// "file:line:col: error: ..."; out.cpp is then removed), 2 on usage or I/O
// errors.
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>
#include <system_error>

#include "rewriter.h"

namespace fs = std::filesystem;

namespace {

constexpr const char* kUsage =
    "usage: asctwin-asc-rewrite <in.asc> <out.cpp>\n"
    "Rewrites the kernel launches of an Ascend C single-source file for asctwin.\n";

bool readFile(const fs::path& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream buffer;
  buffer << in.rdbuf();
  out = std::move(buffer).str();
  return !in.bad();
}

// Writes through a temporary file and a rename, so a reader never sees half
// a file.
bool writeFile(const fs::path& path, const std::string& data, std::string& why) {
  std::error_code ec;
  if (path.has_parent_path()) fs::create_directories(path.parent_path(), ec);
  fs::path tmp = path;
  tmp += ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out.write(data.data(), static_cast<std::streamsize>(data.size())) || !out.flush()) {
      why = "cannot write " + tmp.string();
      fs::remove(tmp, ec);
      return false;
    }
  }
  fs::rename(tmp, path, ec);
  if (ec) {
    why = "cannot rename " + tmp.string() + " to " + path.string() + ": " + ec.message();
    fs::remove(tmp, ec);
    return false;
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
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

  std::string source;
  if (!readFile(input, source)) {
    std::cerr << "asctwin-asc-rewrite: cannot read " << input.string() << '\n';
    return 2;
  }
  const asctwin::asc::RewriteResult result = asctwin::asc::rewriteAsc(source, input.string());
  if (!result.ok()) {
    constexpr std::size_t kMaxReported = 50;
    for (std::size_t i = 0; i < result.errors.size() && i < kMaxReported; ++i) {
      std::cerr << asctwin::asc::formatDiagnostic(input.string(), result.errors[i]) << '\n';
    }
    if (result.errors.size() > kMaxReported) {
      std::cerr << "asctwin-asc-rewrite: " << result.errors.size() - kMaxReported
                << " more errors not shown\n";
    }
    fs::remove(output, ec);
    return 1;
  }
  std::string why;
  if (!writeFile(output, result.output, why)) {
    std::cerr << "asctwin-asc-rewrite: " << why << '\n';
    return 2;
  }
  return 0;
}
