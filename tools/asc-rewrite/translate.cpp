#include "translate.h"

#include <algorithm>
#include <cctype>
#include <map>

#include "line_map.h"
#include "local_arrays.h"
#include "token_utils.h"
#include "tokenizer.h"

namespace asctwin::asc {
namespace {

// Blanks source bytes [begin, end): spaces, newlines kept.
Edit blank(std::string_view src, std::size_t begin, std::size_t end) {
  std::string text(src.substr(begin, end - begin));
  for (char& c : text) {
    if (c != '\n') c = ' ';
  }
  return {begin, end, std::move(text)};
}

// The registration statement put at the start of a kernel's body, or "" when
// the kernel's address cannot be named there (an overloaded name, a template
// parameter without a name).
// A type as written without the markers (`__gm__ float*` -> `float*`): text
// the front end adds is not blanked, and the markers are no macros in pass 2.
std::string withoutMarkers(const std::string& type) {
  std::string out;
  std::size_t i = 0;
  while (i < type.size()) {
    std::size_t end = i;
    while (end < type.size() &&
           (std::isalnum(static_cast<unsigned char>(type[end])) != 0 || type[end] == '_')) {
      ++end;
    }
    if (end == i) {
      out += type[i++];
      continue;
    }
    const std::string word = type.substr(i, end - i);
    if (!isMarkerWord(word)) out += word;
    i = end;
  }
  // Spaces left around a removed word.
  std::string collapsed;
  for (const char c : out) {
    if (c == ' ' && (collapsed.empty() || collapsed.back() == ' ')) continue;
    collapsed += c;
  }
  while (!collapsed.empty() && collapsed.back() == ' ') collapsed.pop_back();
  return collapsed;
}

// True when `text` has `word` as a whole identifier.
bool hasWord(std::string_view text, std::string_view word) {
  const auto identChar = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
  };
  for (std::size_t at = text.find(word); at != std::string_view::npos;
       at = text.find(word, at + 1)) {
    const bool startOk = at == 0 || !identChar(text[at - 1]);
    const bool endOk = at + word.size() == text.size() || !identChar(text[at + word.size()]);
    if (startOk && endOk) return true;
  }
  return false;
}

std::string registration(const KernelDefinition& def, const KernelInfo& info) {
  std::string address = "&" + def.name;
  if (!def.explicitArgs.empty()) {
    address += def.explicitArgs;
  } else if (def.isTemplate) {
    if (!def.templateArgsKnown) return "";
    address += "<" + def.templateArgs + ">";
  } else {
    // The definition's own function type picks it among overloads.
    if (!def.paramsKnown) return "";
    const std::string ret = info.kind == KernelKind::AiCpu ? def.returnType : std::string("void");
    if (ret.empty()) return "";
    std::string params;
    for (const std::string& type : def.paramTypes) {
      params += (params.empty() ? "" : ", ") + withoutMarkers(type);
    }
    address = "static_cast<" + ret + " (*)(" + params + ")>(" + address + ")";
  }
  return " (void)::asctwin::kernelRegistration<" + address + ", " + kernelSpecExpression(info) +
         ">;";
}

// A kernel parameter qualified `__kfc_workspace__` is the KFC workspace: on
// the NPU the kernel starts with the system workspace register holding it
// (GetSysWorkSpacePtr) and the parameter holding the user's part after it
// (asctwin/kernel/kfc_entry.h). The statement that does so on the twin, put
// at the start of the body; "" when no parameter is marked. A marked
// parameter without a name is an error.
std::string kfcWorkspaceEntry(const KernelDefinition& def, const std::vector<Token>& code,
                              std::vector<Diagnostic>& errors) {
  std::string stmt;
  for (std::size_t i = 0; i < def.paramTypes.size(); ++i) {
    if (!hasWord(def.paramTypes[i], "__kfc_workspace__")) continue;
    if (i >= def.paramNames.size() || def.paramNames[i].empty()) {
      const Token& at = code[def.nameToken];
      errors.push_back({at.line, at.column,
                        "a '__kfc_workspace__' parameter of kernel '" + def.name +
                            "' needs a name (it becomes the system workspace)",
                        {}});
      continue;
    }
    stmt += " " + def.paramNames[i] + " = ::asctwin::kernel::kfcWorkspaceEntry(" +
            def.paramNames[i] + ");";
  }
  return stmt;
}

// In device code `printf` is the kernel's printf (block prefix, as on the
// NPU) and a failed assert ends the launch, not the process.
void rewriteDeviceCalls(std::string_view text, const std::vector<Token>& code, Edits& edits) {
  const TokenView t(text, code);
  for (const auto& [open, close] : findDeviceBodies(text, code)) {
    for (std::size_t i = open + 1; i < close; ++i) {
      if (!t.ident(i) || !t.punct(i + 1, '(')) continue;
      // `ns::f`, `o.f`, `p->f` name another function; a lone ':' (the
      // `?:` of glibc's assert expansion, a label, a case) does not.
      const auto pair = [&](char first, char second) {
        return i > 1 && t.punct(i - 1, second) && t.punct(i - 2, first) &&
               adjacent(code[i - 2], code[i - 1]);
      };
      const bool qualified = pair(':', ':') || pair('-', '>') || (i > 0 && t.punct(i - 1, '.'));
      if (qualified) continue;
      const std::string_view word = t.text(i);
      if (word == "printf") {
        edits.push_back({code[i].begin, code[i].end, "::AscendC::printf"});
      } else if (word == "__assert_fail") {
        edits.push_back({code[i].begin, code[i].end, "::asctwin::kernel::deviceAssertFail"});
      }
    }
  }
}

}  // namespace

std::string lineDirective(std::string_view path) {
  return "#line 1 \"" + escapeString(path) + "\"\n";
}

TranslateResult translate(std::string_view text, std::string_view path, SourceForm form,
                          bool aclrtLaunch) {
  constexpr std::string_view kBom = "\xEF\xBB\xBF";
  if (text.substr(0, kBom.size()) == kBom) text.remove_prefix(kBom.size());

  TranslateResult result;
  const Tokens tokens = tokenize(text);
  const LineMap lines(text, std::string(path));
  result.kernels = findKernels(text, tokens.code, result.errors, &lines);
  Edits edits;
  for (const auto& [first, last] : findMarkers(text, tokens.code)) {
    edits.push_back(blank(text, tokens.code[first].begin, tokens.code[last].end));
  }
  rewriteLaunches(text, tokens.code, result.kernels, edits, result.launches, result.errors);
  if (form == SourceForm::Raw) {
    for (const std::vector<Token>& define : tokens.defines) {
      rewriteLaunches(text, define, result.kernels, edits, result.launches, result.errors);
    }
  }
  rewriteDeviceCalls(text, tokens.code, edits);
  rewriteLocalArrays(text, tokens.code, edits, result.errors);

  for (const KernelDefinition& def : result.kernels.definitions) {
    const KernelInfo& info = result.kernels.byName.at(def.name);
    std::string stmt =
        registration(def, info) + kfcWorkspaceEntry(def, tokens.code, result.errors);
    if (stmt.empty()) continue;
    const std::size_t at = tokens.code[def.bodyOpen].end;
    edits.push_back({at, at, std::move(stmt)});
  }

  // Errors in the order of the translation unit, then in the user's files and lines.
  std::stable_sort(result.errors.begin(), result.errors.end(),
                   [](const Diagnostic& a, const Diagnostic& b) {
                     return a.line != b.line ? a.line < b.line : a.column < b.column;
                   });
  for (Diagnostic& d : result.errors) {
    SourcePos pos = lines.at(d.line);
    d.line = pos.line;
    d.file = pos.file == path ? std::string() : std::move(pos.file);
  }
  std::stable_sort(result.launches.begin(), result.launches.end(),
                   [](const LaunchSite& a, const LaunchSite& b) {
                     return a.line != b.line ? a.line < b.line : a.column < b.column;
                   });
  if (!result.ok()) return result;

  std::size_t number = 0;
  std::string file;
  const std::string_view firstLine = text.substr(0, text.find('\n'));
  const bool marked = parseLineMarker(firstLine, number, file);
  // A raw source gets what the driver's pass 1 puts in front of every unit
  // (the qualifiers and the launchers), then its own line numbering.
  const std::string prelude =
      form == SourceForm::Raw ? "#include \"asctwin/asc_prelude.h\"\n" : std::string();
  if (aclrtLaunch) {
    // Each launch function right after its kernel's body: in the kernel's own
    // namespace, on the line of the closing brace (no line moves).
    std::vector<bool> inMainFile;
    for (const KernelDefinition& def : result.kernels.definitions) {
      inMainFile.push_back(lines.at(tokens.code[def.nameToken].line).file == lines.mainFile());
    }
    result.aclrtLaunch = aclrtLaunches(result.kernels, inMainFile);
    for (const AclrtLaunch& a : result.aclrtLaunch) {
      for (const KernelDefinition& def : result.kernels.definitions) {
        if (def.name != a.kernel || def.isTemplate || !def.explicitArgs.empty()) continue;
        const TokenView t(text, tokens.code);
        const std::size_t close = t.match(def.bodyOpen);
        if (close == kNoIndex) break;
        const std::size_t at = tokens.code[close].end;
        edits.push_back({at, at, " " + a.definition});
        break;
      }
    }
  }
  result.output = prelude + (marked && prelude.empty() ? std::string() : lineDirective(path)) +
                  applyEdits(text, std::move(edits));
  return result;
}

}  // namespace asctwin::asc
