#include "kernel_scan.h"

#include <array>
#include <optional>

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

const char* kindName(KernelKind kind) {
  switch (kind) {
    case KernelKind::Vector:
      return "__vector__";
    case KernelKind::Cube:
      return "__cube__";
    case KernelKind::Mix:
      return "__mix__";
  }
  return "?";
}

struct Qualifier {
  KernelKind kind;
  std::string aic;
  std::string aiv;
  std::size_t token;
};

bool sameKind(const Qualifier& a, const Qualifier& b) {
  return a.kind == b.kind && a.aic == b.aic && a.aiv == b.aiv;
}

std::string describe(KernelKind kind, const std::string& aic, const std::string& aiv) {
  std::string out = kindName(kind);
  if (kind == KernelKind::Mix) out += '(' + aic + ", " + aiv + ')';
  return out;
}

class Scanner {
 public:
  Scanner(std::string_view src, const std::vector<Token>& code, Diagnostics& errors)
      : t_(src, code), errors_(errors) {}

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
      record(declStart, name);
      declStart = name + 1;
      i = name;
    }
    return std::move(table_);
  }

 private:
  void error(std::size_t tok, std::string message) {
    errors_.push_back({t_[tok].line, t_[tok].column, std::move(message)});
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
      if (t_.ident(j) && t_.punct(j + 1, '<')) {
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

  void record(std::size_t declStart, std::size_t name) {
    std::optional<Qualifier> kind;
    bool valid = true;
    for (std::size_t j = declStart; j < name; ++j) {
      std::optional<Qualifier> q;
      if (t_.ident(j, "__vector__")) {
        q = Qualifier{KernelKind::Vector, {}, {}, j};
      } else if (t_.ident(j, "__cube__")) {
        q = Qualifier{KernelKind::Cube, {}, {}, j};
      } else if (t_.ident(j, "__mix__")) {
        q = parseMix(j);
        if (!q) {
          valid = false;
          continue;
        }
      } else {
        continue;
      }
      if (kind && !sameKind(*kind, *q)) {
        error(q->token, "conflicting kernel kind qualifiers '" +
                            describe(kind->kind, kind->aic, kind->aiv) + "' and '" +
                            describe(q->kind, q->aic, q->aiv) + "'");
        valid = false;
      } else if (!kind) {
        kind = std::move(q);
      }
    }
    KernelInfo info;
    if (kind) {
      info.kind = kind->kind;
      info.mixAic = kind->aic;
      info.mixAiv = kind->aiv;
    }
    info.line = t_[name].line;
    info.column = t_[name].column;
    const std::string_view nameText = t_.text(name);
    if (!valid) {
      // Already reported; keep the name known so its launches add no noise.
      table_.try_emplace(std::string(nameText), std::move(info));
      return;
    }
    const auto found = table_.find(nameText);
    if (found == table_.end()) {
      table_.emplace(std::string(nameText), std::move(info));
      return;
    }
    const KernelInfo& first = found->second;
    if (first.kind != info.kind || first.mixAic != info.mixAic || first.mixAiv != info.mixAiv) {
      error(name, "kernel '" + std::string(nameText) + "' redeclared as " +
                      describe(info.kind, info.mixAic, info.mixAiv) + "; it was declared as " +
                      describe(first.kind, first.mixAic, first.mixAiv) + " at line " +
                      std::to_string(first.line));
    }
  }

  TokenView t_;
  Diagnostics& errors_;
  KernelTable table_;
};

}  // namespace

KernelTable findKernels(std::string_view src, const std::vector<Token>& code, Diagnostics& errors) {
  return Scanner(src, code, errors).run();
}

std::string kernelSpecExpression(const KernelInfo& kernel) {
  switch (kernel.kind) {
    case KernelKind::Cube:
      return "::asctwin::KernelSpec{::asctwin::KernelKind::Cube, 0, 0}";
    case KernelKind::Mix:
      return "::asctwin::KernelSpec{::asctwin::KernelKind::Mix, " + kernel.mixAic + ", " +
             kernel.mixAiv + "}";
    case KernelKind::Vector:
      break;
  }
  return "::asctwin::KernelSpec{::asctwin::KernelKind::Vector, 0, 0}";
}

}  // namespace asctwin::asc
