#include "kernel_scan.h"

#include <array>
#include <optional>

#include "local_arrays.h"
#include "token_utils.h"

namespace asctwin::asc {
namespace {

// Specifier-like names followed by a parenthesised argument list that can
// come between `__global__` and the kernel's name.
constexpr std::array<std::string_view, 8> kCallLikeSpecifiers = {
    "__mix__", "__attribute__", "__attribute",       "__declspec",
    "alignas", "decltype",      "__launch_bounds__", "__align__"};

bool isCallLikeSpecifier(std::string_view word) {
  for (const std::string_view s : kCallLikeSpecifiers) {
    if (word == s) return true;
  }
  return false;
}

// Qualifiers that are markers for the front end and nothing else
// (`__kfc_workspace__` also makes its parameter the core's system workspace
// at the kernel's start: translate.cpp).
constexpr std::array<std::string_view, 7> kMarkerWords = {
    "__global__", "__aicore__", "__vector__", "__cube__", "__aicpu__", "__gm__",
    "__kfc_workspace__"};
// Marker statements with an argument list.
constexpr std::array<std::string_view, 3> kMarkerCalls = {"__mix__", "KERNEL_TASK_TYPE_DEFAULT",
                                                          "KERNEL_TASK_TYPE"};

const char* kindName(KernelKind kind) {
  switch (kind) {
    case KernelKind::AiCore:
      return "__aicore__";
    case KernelKind::Vector:
      return "__vector__";
    case KernelKind::Cube:
      return "__cube__";
    case KernelKind::Mix:
      return "__mix__";
    case KernelKind::AiCpu:
      return "__aicpu__";
  }
  return "?";
}

// Words that end a template parameter's type: a parameter ending in one has no name.
bool isTypeKeyword(std::string_view word) {
  for (const std::string_view k : {"typename", "class", "auto", "int", "long", "short", "char",
                                   "unsigned", "signed", "bool", "float", "double", "void", "const",
                                   "volatile", "wchar_t", "char8_t", "char16_t", "char32_t"}) {
    if (word == k) return true;
  }
  return false;
}

struct Qualifier {
  KernelKind kind;
  std::string aic;
  std::string aiv;
  std::size_t token;
};

bool sameKind(const KernelInfo& a, const KernelInfo& b) {
  return a.kind == b.kind && a.mixAic == b.mixAic && a.mixAiv == b.mixAiv;
}

std::string describe(KernelKind kind, const std::string& aic, const std::string& aiv) {
  std::string out = kindName(kind);
  if (kind == KernelKind::Mix) out += '(' + aic + ", " + aiv + ')';
  return out;
}

// The kernel types of KERNEL_TASK_TYPE_DEFAULT that Atlas A2/A3 supports
// (API reference, "设置Kernel类型": kernel type constraints).
struct TaskType {
  std::string_view name;
  KernelKind kind;
  std::string_view aic;
  std::string_view aiv;
  bool supported;
};
constexpr std::array<TaskType, 10> kTaskTypes = {{
    {"KERNEL_TYPE_AIV_ONLY", KernelKind::Vector, "", "", true},
    {"KERNEL_TYPE_AIC_ONLY", KernelKind::Cube, "", "", true},
    {"KERNEL_TYPE_MIX_AIV_1_0", KernelKind::Mix, "0", "1", true},
    {"KERNEL_TYPE_MIX_AIC_1_0", KernelKind::Mix, "1", "0", true},
    {"KERNEL_TYPE_MIX_AIC_1_1", KernelKind::Mix, "1", "1", true},
    {"KERNEL_TYPE_MIX_AIC_1_2", KernelKind::Mix, "1", "2", true},
    {"KERNEL_TYPE_AICORE", KernelKind::AiCore, "", "", false},
    {"KERNEL_TYPE_VECTORCORE", KernelKind::AiCore, "", "", false},
    {"KERNEL_TYPE_MIX_AICORE", KernelKind::AiCore, "", "", false},
    {"KERNEL_TYPE_MIX_VECTOR_CORE", KernelKind::AiCore, "", "", false},
}};

class Scanner {
 public:
  Scanner(std::string_view src, const std::vector<Token>& code, Diagnostics& errors,
          const LineMap* lines = nullptr)
      : t_(src, code), errors_(errors), lines_(lines) {}

  // See findDeviceBodies().
  std::vector<std::pair<std::size_t, std::size_t>> deviceBodies() {
    std::vector<std::pair<std::size_t, std::size_t>> out;
    for (std::size_t i = 0; i < t_.size(); ++i) {
      if (!t_.ident(i, "__global__") && !t_.ident(i, "__aicore__")) continue;
      std::size_t stop = i;
      const std::size_t name = findName(i + 1, stop);
      if (name == kNoIndex) continue;
      std::size_t paramsOpen = name + 1;
      if (t_.punct(paramsOpen, '<')) {
        const std::size_t close = t_.closeAngles(paramsOpen);
        if (close == kNoIndex) continue;
        paramsOpen = close + 1;
      }
      const std::size_t paramsClose = t_.match(paramsOpen);
      if (paramsClose == kNoIndex) continue;
      const std::size_t body = bodyOpen(paramsClose);
      if (body == kNoIndex || t_.match(body) == kNoIndex) {
        i = paramsClose;
        continue;
      }
      out.emplace_back(body, t_.match(body));
      i = t_.match(body);
    }
    return out;
  }

  KernelTable run() {
    std::size_t declStart = 0;
    for (std::size_t i = 0; i < t_.size(); ++i) {
      if (t_.boundary(i)) {
        declStart = i + 1;
        continue;
      }
      if (!t_.ident(i, "__global__")) continue;
      std::size_t stop = i;
      const std::size_t name = findName(i + 1, stop);
      if (name == kNoIndex) {
        // Not a function declaration; resume at the token that ended the search.
        i = stop > i ? stop - 1 : i;
        continue;
      }
      const std::size_t resume = record(declStart, name);
      declStart = resume + 1;
      i = resume;
    }
    return std::move(table_);
  }

 private:
  void error(std::size_t tok, std::string message) {
    errors_.push_back({t_[tok].line, t_[tok].column, std::move(message), {}});
  }

  // The kernel's name: the first identifier after `from` that is followed by
  // its parameter list (possibly after template arguments). `stop` receives
  // where the search ended when there is none.
  std::size_t findName(std::size_t from, std::size_t& stop) {
    std::size_t j = from;
    while (j < t_.size()) {
      if (t_.boundary(j) || t_.punct(j, '=')) break;
      if (t_.punct(j, '(') || t_.punct(j, '[')) {
        const std::size_t close = t_.match(j);
        if (close == kNoIndex) break;
        j = close + 1;
        continue;
      }
      if (t_.ident(j) && t_.punct(j + 1, '(')) {
        if (!isCallLikeSpecifier(t_.text(j))) return j;
        const std::size_t close = t_.match(j + 1);
        if (close == kNoIndex) break;
        j = close + 1;
        continue;
      }
      if (t_.ident(j) && t_.punct(j + 1, '<') && t_.run(j + 1, '<') < 3) {  // `k<<<` is a launch
        const std::size_t close = t_.closeAngles(j + 1);
        if (close != kNoIndex && t_.punct(close + 1, '(')) return j;
        if (close != kNoIndex) {
          j = close + 1;
          continue;
        }
      }
      ++j;
    }
    stop = j;
    return kNoIndex;
  }

  // `__mix__` at token i: its two arguments, or nothing after reporting why.
  std::optional<Qualifier> parseMix(std::size_t i) {
    const char* usage = "'__mix__' takes two arguments: __mix__(aicRatio, aivRatio)";
    if (!t_.punct(i + 1, '(')) {
      error(i, usage);
      return std::nullopt;
    }
    const std::size_t close = t_.match(i + 1);
    if (close == kNoIndex) {
      error(i, usage);
      return std::nullopt;
    }
    std::vector<std::pair<std::size_t, std::size_t>> args;  // [first, last)
    std::size_t first = i + 2;
    for (std::size_t j = i + 2; j <= close; ++j) {
      if (t_.punct(j, '(') || t_.punct(j, '[')) {
        j = t_.match(j);
        if (j == kNoIndex || j > close) break;
        continue;
      }
      if (j == close || t_.punct(j, ',')) {
        args.emplace_back(first, j);
        first = j + 1;
      }
    }
    if (args.size() != 2 || args[0].first == args[0].second || args[1].first == args[1].second) {
      error(i, usage);
      return std::nullopt;
    }
    return Qualifier{KernelKind::Mix, t_.spell(args[0].first, args[0].second - 1),
                     t_.spell(args[1].first, args[1].second - 1), i};
  }

  // The kind the qualifiers in [declStart, name) give; nullopt after an error.
  std::optional<KernelInfo> qualifiersKind(std::size_t declStart, std::size_t name) {
    std::optional<Qualifier> kind;
    bool valid = true;
    for (std::size_t j = declStart; j < name; ++j) {
      std::optional<Qualifier> q;
      if (t_.ident(j, "__vector__")) {
        q = Qualifier{KernelKind::Vector, {}, {}, j};
      } else if (t_.ident(j, "__cube__")) {
        q = Qualifier{KernelKind::Cube, {}, {}, j};
      } else if (t_.ident(j, "__aicpu__")) {
        q = Qualifier{KernelKind::AiCpu, {}, {}, j};
      } else if (t_.ident(j, "__mix__")) {
        q = parseMix(j);
        if (!q) {
          valid = false;
          continue;
        }
      } else {
        continue;
      }
      if (kind && (kind->kind != q->kind || kind->aic != q->aic || kind->aiv != q->aiv)) {
        error(q->token, "conflicting kernel kind qualifiers '" +
                            describe(kind->kind, kind->aic, kind->aiv) + "' and '" +
                            describe(q->kind, q->aic, q->aiv) + "'");
        valid = false;
      } else if (!kind) {
        kind = std::move(q);
      }
    }
    if (!valid) return std::nullopt;
    KernelInfo info;
    if (kind) {
      info.kind = kind->kind;
      info.mixAic = kind->aic;
      info.mixAiv = kind->aiv;
    }
    return info;
  }

  // The `template <...>` in [declStart, name): the token of its '<', or kNoIndex.
  std::size_t templateOpen(std::size_t declStart, std::size_t name) const {
    for (std::size_t j = declStart; j + 1 < name; ++j) {
      if (t_.ident(j, "template") && t_.punct(j + 1, '<')) return j + 1;
    }
    return kNoIndex;
  }

  // The template parameters (tokens between `open` and `close`) as an
  // argument list: each parameter's name, `...` after a pack. False when a
  // parameter has no name.
  bool templateArguments(std::size_t open, std::size_t close, std::string& out) const {
    out.clear();
    std::size_t first = open + 1;
    int depth = 0;
    for (std::size_t j = open + 1; j <= close; ++j) {
      if (j < close) {
        if (t_.punct(j, '(') || t_.punct(j, '[') || t_.punct(j, '{') || t_.punct(j, '<')) ++depth;
        if (t_.punct(j, ')') || t_.punct(j, ']') || t_.punct(j, '}') || t_.punct(j, '>')) --depth;
        if (depth > 0 || !t_.punct(j, ',')) continue;
      }
      if (first == j) return j == close && out.empty();  // `template <>`
      std::size_t end = j;  // the parameter is [first, end) without its default
      int d = 0;
      for (std::size_t k = first; k < j; ++k) {
        if (t_.punct(k, '(') || t_.punct(k, '[') || t_.punct(k, '{') || t_.punct(k, '<')) ++d;
        if (t_.punct(k, ')') || t_.punct(k, ']') || t_.punct(k, '}') || t_.punct(k, '>')) --d;
        if (d == 0 && t_.punct(k, '=')) {
          end = k;
          break;
        }
      }
      // A parameter's name is its last token (`typename T`, `int N`,
      // `auto V`, `typename... Ts`, `template <class> class TT`); a parameter
      // ending in anything else (`int`, `std::size_t`, `Ptr*`, `enable_if_t<...>`)
      // has none.
      const std::size_t nameTok = end - 1;
      bool pack = false;
      for (std::size_t k = first; k < end; ++k) {
        if (t_.punct(k, '.') && t_.run(k, '.') >= 3) pack = true;
      }
      if (nameTok <= first || !t_.ident(nameTok) || isTypeKeyword(t_.text(nameTok)) ||
          t_.punct(nameTok - 1, ':')) {
        return false;  // an unnamed parameter
      }
      const std::string_view word = t_.text(nameTok);
      if (!out.empty()) out += ", ";
      out += word;
      if (pack) out += "...";
      first = j + 1;
    }
    return true;
  }

  // The parameters between `open` and `close` (a function's parentheses):
  // each one's type and name spelled on one line, the default dropped. False
  // for a parameter pack or anything that does not split cleanly.
  bool splitParameters(std::size_t open, std::size_t close, std::vector<std::string>& types,
                       std::vector<std::string>& names) const {
    types.clear();
    names.clear();
    if (open == kNoIndex || close == kNoIndex || close <= open) return false;
    if (close == open + 1 || (close == open + 2 && t_.ident(open + 1, "void"))) return true;
    for (std::size_t j = open + 1; j < close; ++j) {  // not a parameter list
      if (t_.punct(j, ';') || t_.punct(j, '{') || t_.punct(j, '}') ||
          (t_.punct(j, '<') && t_.run(j, '<') >= 3)) {
        return false;
      }
    }
    std::size_t first = open + 1;
    int depth = 0;
    for (std::size_t j = open + 1; j <= close; ++j) {
      if (j < close) {
        if (t_.punct(j, '(') || t_.punct(j, '[') || t_.punct(j, '{') || t_.punct(j, '<')) ++depth;
        if (t_.punct(j, ')') || t_.punct(j, ']') || t_.punct(j, '}') || t_.punct(j, '>')) --depth;
        if (depth > 0 || !t_.punct(j, ',')) continue;
      }
      std::size_t end = j;
      for (std::size_t k = first; k < j; ++k) {
        if (t_.punct(k, '=')) {
          end = k;
          break;
        }
        if (t_.punct(k, '.') && t_.run(k, '.') >= 3) return false;  // a pack or C varargs
      }
      if (end <= first) return false;
      // A trailing identifier after a type is the name (`GM_ADDR x`, `float* y`);
      // a lone type word has none.
      const std::size_t last = end - 1;
      const bool named = t_.ident(last) && last > first && !t_.punct(last - 1, ':') &&
                         !isTypeKeyword(t_.text(last));
      types.push_back(t_.spell(first, named ? last - 1 : last));
      names.push_back(named ? std::string(t_.text(last)) : std::string());
      first = j + 1;
    }
    return true;
  }

  // The '{' of the body after the parameter list closed at `paramsClose`, or
  // kNoIndex for a declaration.
  std::size_t bodyOpen(std::size_t paramsClose) const {
    for (std::size_t j = paramsClose + 1; j < t_.size(); ++j) {
      if (t_.punct(j, '{')) return j;
      if (t_.punct(j, ';') || t_.punct(j, '=') || t_.punct(j, '}')) return kNoIndex;
      if (t_.punct(j, '(') || t_.punct(j, '[')) {
        j = t_.match(j);
        if (j == kNoIndex) return kNoIndex;
      }
    }
    return kNoIndex;
  }

  // KERNEL_TASK_TYPE_DEFAULT(type) in the body opened at `open`: overrides `info`.
  void applyTaskType(std::size_t open, KernelInfo& info) {
    const std::size_t close = t_.match(open);
    if (close == kNoIndex) return;
    for (std::size_t j = open + 1; j < close; ++j) {
      if (!t_.ident(j, "KERNEL_TASK_TYPE_DEFAULT") || !t_.punct(j + 1, '(')) continue;
      const std::size_t argsClose = t_.match(j + 1);
      if (argsClose == kNoIndex) continue;
      std::size_t value = kNoIndex;
      for (std::size_t k = j + 2; k < argsClose; ++k) {
        if (t_.ident(k)) value = k;
      }
      const TaskType* found = nullptr;
      for (const TaskType& type : kTaskTypes) {
        if (value != kNoIndex && t_.text(value) == type.name) found = &type;
      }
      if (found == nullptr) {
        error(j, "KERNEL_TASK_TYPE_DEFAULT: '" +
                     (value == kNoIndex ? std::string() : std::string(t_.text(value))) +
                     "' is not a kernel type (KERNEL_TYPE_AIV_ONLY, KERNEL_TYPE_AIC_ONLY, "
                     "KERNEL_TYPE_MIX_AIV_1_0, KERNEL_TYPE_MIX_AIC_1_0, KERNEL_TYPE_MIX_AIC_1_1, "
                     "KERNEL_TYPE_MIX_AIC_1_2)");
      } else if (!found->supported) {
        error(j, "KERNEL_TASK_TYPE_DEFAULT: " + std::string(found->name) +
                     " is not supported on Atlas A2/A3 (dav-2201)");
      } else {
        info.kind = found->kind;
        info.mixAic = found->aic;
        info.mixAiv = found->aiv;
      }
      j = argsClose;
    }
  }

  // A parameter in (open, close) qualified `__kfc_workspace__`. A kernel
  // without a kind (no qualifier, no KERNEL_TASK_TYPE_DEFAULT) is typed by
  // CANN's compiler from its code: cube instructions in the AIC object and
  // vector ones in the AIV object make it MIX, 1:2 on A2/A3 (the reference's
  // cmake/asc/legacy_modules/util/channel.py and extract_host_stub.py; the
  // KFC's MIX_NUM is 2). The twin compiles one object for both, so it takes
  // the KFC workspace, which only the AIC's Matmul server and its AIV
  // clients share, as that sign.
  bool hasKfcWorkspace(std::size_t open, std::size_t close) const {
    if (close == kNoIndex) return false;
    for (std::size_t j = open + 1; j < close; ++j)
      if (t_.ident(j, "__kfc_workspace__")) return true;
    return false;
  }

  // Records the kernel named at `name`; returns the token to resume after.
  std::size_t record(std::size_t declStart, std::size_t name) {
    std::optional<KernelInfo> parsed = qualifiersKind(declStart, name);
    KernelInfo info = parsed.value_or(KernelInfo{});
    info.line = t_[name].line;
    info.column = t_[name].column;

    std::size_t paramsOpen = name + 1;
    std::string explicitArgs;
    if (t_.punct(paramsOpen, '<')) {
      const std::size_t close = t_.closeAngles(paramsOpen);
      explicitArgs = t_.spell(paramsOpen, close);
      paramsOpen = close + 1;
    }
    const std::size_t paramsClose = t_.match(paramsOpen);
    const std::size_t body = paramsClose == kNoIndex ? kNoIndex : bodyOpen(paramsClose);
    if (body != kNoIndex && parsed) applyTaskType(body, info);
    if (parsed && info.kind == KernelKind::AiCore && hasKfcWorkspace(paramsOpen, paramsClose)) {
      info.kind = KernelKind::Mix;
      info.mixAic = "1";
      info.mixAiv = "2";
    }

    const std::string nameText(t_.text(name));
    if (body != kNoIndex) {
      KernelDefinition def;
      def.name = nameText;
      def.bodyOpen = body;
      def.explicitArgs = explicitArgs;
      def.nameToken = name;
      def.paramsKnown = splitParameters(paramsOpen, paramsClose, def.paramTypes, def.paramNames);
      if (name > 0 && t_.ident(name - 1)) {
        std::size_t first = name - 1;  // `std::uint32_t`, `::uint32_t`
        while (first >= 2 && t_.punct(first - 1, ':') && t_.punct(first - 2, ':')) {
          first -= (first >= 3 && t_.ident(first - 3)) ? 3 : 2;
        }
        def.returnType = t_.spell(first, name - 1);
      }
      for (std::size_t j = declStart; j + 1 < name; ++j) {
        if (t_.ident(j, "extern") && t_[j + 1].kind == TokenKind::String &&
            t_.text(j + 1) == "\"C\"") {
          def.externC = true;
        }
      }
      const std::size_t tplOpen = templateOpen(declStart, name);
      if (tplOpen != kNoIndex) {
        const std::size_t tplClose = t_.closeAngles(tplOpen);
        def.isTemplate = tplClose != kNoIndex;
        def.templateArgsKnown =
            def.isTemplate && templateArguments(tplOpen, tplClose, def.templateArgs);
      }
      table_.definitions.push_back(std::move(def));
    }
    merge(nameText, info, parsed.has_value(), name);
    if (body != kNoIndex && t_.match(body) != kNoIndex) return t_.match(body);
    return paramsClose != kNoIndex ? paramsClose : name;
  }

  // Merges a declaration's kind into the table: an unqualified AI Core kernel
  // takes the kind of any other declaration; two different kinds conflict.
  void merge(const std::string& name, const KernelInfo& info, bool valid, std::size_t tok) {
    const auto found = table_.byName.find(name);
    if (found == table_.byName.end()) {
      table_.byName.emplace(name, info);
      return;
    }
    KernelInfo& first = found->second;
    if (!valid || sameKind(first, info) || info.kind == KernelKind::AiCore) return;
    if (first.kind == KernelKind::AiCore) {
      const std::size_t line = first.line;
      const std::size_t column = first.column;
      first = info;
      first.line = line;
      first.column = column;
      return;
    }
    error(tok, "kernel '" + name + "' redeclared as " +
                   describe(info.kind, info.mixAic, info.mixAiv) + "; it was declared as " +
                   describe(first.kind, first.mixAic, first.mixAiv) + " at " + where(first.line));
  }

  // Line `line` of the scanned text as the user knows it.
  std::string where(std::size_t line) const {
    if (lines_ == nullptr) return "line " + std::to_string(line);
    const SourcePos pos = lines_->at(line);
    return pos.file + ":" + std::to_string(pos.line);
  }

  TokenView t_;
  Diagnostics& errors_;
  const LineMap* lines_;
  KernelTable table_;
};

}  // namespace

KernelTable findKernels(std::string_view src, const std::vector<Token>& code, Diagnostics& errors,
                        const LineMap* lines) {
  return Scanner(src, code, errors, lines).run();
}

std::string kernelSpecExpression(const KernelInfo& kernel) {
  switch (kernel.kind) {
    case KernelKind::Vector:
      return "::asctwin::KernelSpec{::asctwin::KernelKind::Vector, 0, 0}";
    case KernelKind::Cube:
      return "::asctwin::KernelSpec{::asctwin::KernelKind::Cube, 0, 0}";
    case KernelKind::Mix:
      return "::asctwin::KernelSpec{::asctwin::KernelKind::Mix, " + kernel.mixAic + ", " +
             kernel.mixAiv + "}";
    case KernelKind::AiCpu:
      return "::asctwin::KernelSpec{::asctwin::KernelKind::AiCpu, 0, 0}";
    case KernelKind::AiCore:
      break;
  }
  return "::asctwin::KernelSpec{::asctwin::KernelKind::AiCore, 0, 0}";
}

std::vector<std::pair<std::size_t, std::size_t>> findDeviceBodies(std::string_view src,
                                                                  const std::vector<Token>& code) {
  Diagnostics ignored;
  return Scanner(src, code, ignored).deviceBodies();
}

bool isMarkerWord(std::string_view word) {
  for (const std::string_view m : kMarkerWords) {
    if (word == m) return true;
  }
  return isLocalSpaceWord(word);
}

std::vector<std::pair<std::size_t, std::size_t>> findMarkers(std::string_view src,
                                                             const std::vector<Token>& code) {
  const TokenView t(src, code);
  std::vector<std::pair<std::size_t, std::size_t>> out;
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (!t.ident(i)) continue;
    const std::string_view word = t.text(i);
    if (isMarkerWord(word)) {
      out.emplace_back(i, i);
      continue;
    }
    for (const std::string_view m : kMarkerCalls) {
      if (word == m && t.punct(i + 1, '(') && t.match(i + 1) != kNoIndex) {
        out.emplace_back(i, t.match(i + 1));
        i = t.match(i + 1);
        break;
      }
    }
  }
  return out;
}

}  // namespace asctwin::asc
