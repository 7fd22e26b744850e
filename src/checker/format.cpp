// Tool names, the compute-sanitizer style text and the JSON of findings
// (docs/checker.md fixes the schema).
#include <cctype>
#include <cstdio>
#include <string>

#include "asctwin/asctwin_sanitizer.h"
#include "checker/finding_kinds.h"

namespace asctwin::checker {
namespace {

constexpr Tool kTools[] = {memcheck, racecheck, synccheck, initcheck, detcheck};

void jsonString(std::string& out, const std::string& s) {
  out += '"';
  for (unsigned char ch : s) {
    switch (ch) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\r':
        out += "\\r";
        break;
      default:
        if (ch < 0x20) {
          char b[8];
          std::snprintf(b, sizeof b, "\\u%04x", ch);
          out += b;
        } else {
          out += static_cast<char>(ch);
        }
    }
  }
  out += '"';
}

void jsonSite(std::string& out, const Site& s) {
  out += "{\"block\": " + std::to_string(s.block) + ", \"core\": ";
  jsonString(out, s.core);
  out += ", \"pipe\": ";
  jsonString(out, s.pipe);
  out += ", \"api\": ";
  jsonString(out, s.api);
  out += ", \"file\": ";
  jsonString(out, s.file);
  out += ", \"line\": " + std::to_string(s.line) + "}";
}

std::string siteText(const Site& s) {
  if (s.core == "host") {
    std::string out = "host " + s.api + " at ";
    out += s.file.empty() ? std::string("?") : s.file;
    if (s.line != 0) {
      out += ':';
      out += std::to_string(s.line);
    }
    return out;
  }
  return "block " + std::to_string(s.block) + " " + s.core + " " + s.pipe + " " + s.api + " at " +
         s.file + ":" + std::to_string(s.line);
}

}  // namespace

const char* toolName(Tool tool) {
  switch (tool) {
    case memcheck:
      return "memcheck";
    case racecheck:
      return "racecheck";
    case synccheck:
      return "synccheck";
    case initcheck:
      return "initcheck";
    case detcheck:
      return "detcheck";
    default:
      return "all";
  }
}

std::vector<std::string> toolNames(Tools tools) {
  std::vector<std::string> out;
  for (Tool t : kTools)
    if (tools & t) out.emplace_back(toolName(t));
  return out;
}

std::optional<Tools> parseTools(std::string_view text) {
  Tools tools = 0;
  size_t at = 0;
  while (at <= text.size()) {
    size_t comma = text.find(',', at);
    if (comma == std::string_view::npos) comma = text.size();
    const std::string_view name = text.substr(at, comma - at);
    bool known = false;
    if (name == "all") {
      tools |= all;
      known = true;
    }
    for (Tool t : kTools) {
      if (name == toolName(t)) {
        tools |= t;
        known = true;
      }
    }
    if (!known) return std::nullopt;
    at = comma + 1;
  }
  if (tools == 0) return std::nullopt;
  return tools;
}

std::string toText(const Finding& f) {
  std::string tool = f.tool;
  for (char& ch : tool) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  std::string out = "========= " + tool + " " + f.kind + ": kernel '" + f.kernel +
                    "': " + f.message + " (" + std::to_string(f.count) +
                    (f.count == 1 ? " time" : " times") + ", first at seed " +
                    std::to_string(f.firstSeed) + ")\n";
  if (f.second) {
    out += "=========     first:  " + siteText(f.first) + "\n";
    out += "=========     second: " + siteText(*f.second) + "\n";
  } else {
    out += "=========     at " + siteText(f.first) + "\n";
  }
  return out;
}

std::string toJson(const Finding& f) {
  std::string out = "{\"tool\": ";
  jsonString(out, f.tool);
  out += ", \"kind\": ";
  jsonString(out, f.kind);
  // Whether either order of the sites is the same finding (the kind table;
  // the corpus check matches the sites either way round then).
  const KindInfo* k = kindNamed(f.kind);
  out +=
      std::string(", \"unordered_pair\": ") + (k != nullptr && k->unorderedPair ? "true" : "false");
  out += ", \"kernel\": ";
  jsonString(out, f.kernel);
  out += ", \"count\": " + std::to_string(f.count) +
         ", \"first_seed\": " + std::to_string(f.firstSeed) + ", \"message\": ";
  jsonString(out, f.message);
  out += ", \"first\": ";
  jsonSite(out, f.first);
  out += ", \"second\": ";
  if (f.second) {
    jsonSite(out, *f.second);
  } else {
    out += "null";
  }
  out += "}";
  return out;
}

std::string toJson(const std::vector<Finding>& findings) {
  std::string out = "[";
  for (size_t i = 0; i < findings.size(); ++i) {
    if (i != 0) out += ",\n ";
    out += toJson(findings[i]);
  }
  out += "]";
  return out;
}

}  // namespace asctwin::checker
