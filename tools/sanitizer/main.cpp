// asctwin-sanitizer: runs an unmodified host program under check mode with
// the checker switched on, once per seed, and prints the findings in the
// style of compute-sanitizer (docs/checker.md):
//
//   $ asctwin-sanitizer --tool racecheck --seeds 4 -- ./my_program args
//   ========= RACECHECK race-cross-core: kernel 'k': ...
//   =========     first:  block 0 AIV MTE3 DataCopy at /abs/x.asc:12
//   =========     second: block 1 AIV MTE2 DataCopy at /abs/x.asc:20
//   ========= ERROR SUMMARY: 1 finding (memcheck 0, racecheck 1, ...)
//
// Exit status: 0 no findings and the program succeeded; 1 findings; the
// program's own status when it failed without findings; 2 bad options or a
// program that cannot be started.
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "asctwin/asctwin_sanitizer.h"
#include "merge.h"
#include "run_program.h"

namespace {

using asctwin::checker::Finding;

std::string readFile(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string jsonString(const std::string& s) {
  // The findings' own JSON writer escapes; reuse it through a one-field
  // finding would be roundabout, so escape here (same rules).
  std::string out = "\"";
  for (unsigned char ch : s) {
    if (ch == '"' || ch == '\\') {
      out += '\\';
      out += static_cast<char>(ch);
    } else if (ch < 0x20) {
      char b[8];
      std::snprintf(b, sizeof b, "\\u%04x", ch);
      out += b;
    } else {
      out += static_cast<char>(ch);
    }
  }
  return out + "\"";
}

std::string commandText(const std::vector<std::string>& argv) {
  std::string s;
  for (const auto& a : argv) s += (s.empty() ? "" : " ") + a;
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{
      "asctwin-sanitizer: run a program under check mode with the checker (memcheck, "
      "racecheck, synccheck, initcheck, detcheck), once per seed, and print the findings. Exit "
      "status 0: no findings and the program succeeded; 1: findings; the program's status when "
      "it failed without findings; 2: bad options.",
      "asctwin-sanitizer"};
  std::vector<std::string> toolList;
  uint64_t seeds = 1, firstSeed = 0;
  std::string jsonPath;
  bool quiet = false;
  std::vector<std::string> command;
  app.add_option("--tool", toolList,
                 "memcheck, racecheck, synccheck, initcheck, detcheck or all (repeatable, or "
                 "comma-separated; default all)");
  app.add_option("--seeds", seeds, "how many check-mode seeds (runs of the program)")
      ->default_val(1)
      ->check(CLI::Range(uint64_t{1}, uint64_t{1} << 32));
  app.add_option("--first-seed", firstSeed, "the first seed")->default_val(0);
  app.add_option("--json", jsonPath, "also write the merged findings as JSON to this file");
  app.add_flag("--quiet", quiet,
               "print only the summary line (not each finding) and discard the program's output");
  // Everything after the first "--" is the program and its own arguments,
  // passed on untouched: CLI11 would otherwise take the program's options
  // (e.g. `-- ./prog --opt`) as ours, since --tool accepts several values.
  int ownArgc = argc;
  for (int i = 1; i < argc; ++i) {
    if (std::string_view(argv[i]) == "--") {
      ownArgc = i;
      command.assign(argv + i + 1, argv + argc);
      break;
    }
  }
  app.add_option("command", command, "the program and its arguments (after --)")
      ->required(ownArgc == argc);
  asctwin::checker::Tools tools = asctwin::checker::all;
  try {
    app.parse(ownArgc, argv);
    if (command.empty()) throw CLI::RequiredError("the program to run (after --)");
    if (!toolList.empty()) {
      tools = 0;
      for (const auto& t : toolList) {
        auto parsed = asctwin::checker::parseTools(t);
        if (!parsed) throw CLI::ValidationError("--tool", "unknown tool '" + t + "'");
        tools |= *parsed;
      }
    }
  } catch (const CLI::ParseError& e) {
    const int rc = app.exit(e);
    return e.get_exit_code() == 0 ? rc : 2;
  }
  const std::vector<std::string> names = asctwin::checker::toolNames(tools);
  std::string toolsEnv;
  for (const auto& n : names) toolsEnv += (toolsEnv.empty() ? "" : ",") + n;

  char dirTemplate[] = "/tmp/asctwin-sanitizer-XXXXXX";
  if (mkdtemp(dirTemplate) == nullptr) {
    std::perror("asctwin-sanitizer: mkdtemp");
    return 2;
  }
  const std::string outFile = std::string(dirTemplate) + "/findings.json";

  asctwin::sanitizer::Merged merged;
  int programStatus = 0;
  bool broken = false;
  for (uint64_t i = 0; i < seeds; ++i) {
    const uint64_t seed = firstSeed + i;
    std::remove(outFile.c_str());
    asctwin::sanitizer::RunRequest req{command, seed, toolsEnv, outFile, quiet};
    std::string error;
    const int status = asctwin::sanitizer::runProgram(req, &error);
    if (status < 0) {
      std::fprintf(stderr, "asctwin-sanitizer: %s\n", error.c_str());
      rmdir(dirTemplate);
      return 2;
    }
    if (status != 0 && programStatus == 0) programStatus = status;
    const std::string text = readFile(outFile);
    if (text.empty()) {
      // The program made no launch (or is not linked against asctwin).
      continue;
    }
    auto run = asctwin::sanitizer::parseFindings(text);
    if (!run) {
      std::fprintf(stderr, "asctwin-sanitizer: seed %llu: unreadable findings file\n",
                   static_cast<unsigned long long>(seed));
      broken = true;
      continue;
    }
    merged.add(*run, seed);
  }
  std::remove(outFile.c_str());
  std::remove((outFile + ".tmp").c_str());
  rmdir(dirTemplate);

  const auto& findings = merged.findings();
  std::vector<size_t> perTool(names.size(), 0);
  static const char* kAll[] = {"memcheck", "racecheck", "synccheck", "initcheck", "detcheck"};
  size_t counts[5] = {0, 0, 0, 0, 0};
  for (const Finding& f : findings) {
    for (int t = 0; t < 5; ++t)
      if (f.tool == kAll[t]) ++counts[t];
    if (!quiet) std::fputs(asctwin::checker::toText(f).c_str(), stdout);
  }
  std::string summary = "========= ERROR SUMMARY: " + std::to_string(findings.size()) +
                        (findings.size() == 1 ? " finding (" : " findings (");
  for (int t = 0; t < 5; ++t)
    summary += std::string(t ? ", " : "") + kAll[t] + " " + std::to_string(counts[t]);
  summary += ")";
  if (programStatus != 0)
    summary += "; the program exited with status " + std::to_string(programStatus);
  std::printf("%s\n", summary.c_str());
  std::fflush(stdout);

  if (!jsonPath.empty()) {
    std::string j = "{\"program\": " + jsonString(commandText(command)) +
                    ", \"seeds\": " + std::to_string(seeds) + ", \"tools\": [";
    for (size_t i = 0; i < names.size(); ++i) j += (i ? ", " : "") + jsonString(names[i]);
    j += "],\n \"findings\": " + asctwin::checker::toJson(findings) +
         ",\n \"summary\": {\"findings\": " + std::to_string(findings.size());
    for (int t = 0; t < 5; ++t)
      j += std::string(", \"") + kAll[t] + "\": " + std::to_string(counts[t]);
    j += "},\n \"exit_status\": " + std::to_string(programStatus) + "}\n";
    std::ofstream out(jsonPath);
    out << j;
    if (!out) {
      std::fprintf(stderr, "asctwin-sanitizer: cannot write %s\n", jsonPath.c_str());
      return 2;
    }
  }
  if (!findings.empty()) return 1;
  if (programStatus != 0) return programStatus;
  return broken ? 2 : 0;
}
