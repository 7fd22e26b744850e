#include "launch_rewrite.h"

#include <algorithm>

#include "token_utils.h"

namespace asctwin::asc {
namespace {

// Open brackets met while walking a launch, innermost last.
class Brackets {
 public:
  enum class Step { Token, Opened, Closed, Mismatch };

  Step feed(const TokenView& t, std::size_t j) {
    if (t.punct(j, '(') || t.punct(j, '[') || t.punct(j, '{')) {
      open_.push_back(j);
      if (t.punct(j, '{')) ++braces_;
      return Step::Opened;
    }
    const char closer = t.punct(j, ')') ? '(' : t.punct(j, ']') ? '[' : t.punct(j, '}') ? '{' : 0;
    if (closer == 0) return Step::Token;
    if (open_.empty() || !t.punct(open_.back(), closer)) return Step::Mismatch;
    if (closer == '{') --braces_;
    open_.pop_back();
    return Step::Closed;
  }

  [[nodiscard]] bool empty() const { return open_.empty(); }
  [[nodiscard]] std::size_t depth() const { return open_.size(); }
  [[nodiscard]] std::size_t innermost() const { return open_.back(); }
  // A ';' outside any braces (lambda bodies) ends the statement.
  [[nodiscard]] bool endsStatement(const TokenView& t, std::size_t j) const {
    return braces_ == 0 && t.punct(j, ';');
  }

 private:
  std::vector<std::size_t> open_;
  std::size_t braces_ = 0;
};

struct Launch {
  std::size_t qualifiedStart = 0;  // first token of `ns::NAME`
  std::size_t name = 0;            // the NAME token
  std::size_t open = 0;            // first '<' of `<<<`
  std::vector<std::size_t> commas;
  std::size_t close = 0;      // first '>' of `>>>`
  std::size_t argsOpen = 0;   // '(' of the argument list
  std::size_t argsClose = 0;  // its ')'
};

class LaunchRewriter {
 public:
  LaunchRewriter(std::string_view src, const std::vector<Token>& toks, const KernelTable& kernels,
                 Edits& edits, Diagnostics& errors)
      : t_(src, toks), kernels_(kernels), edits_(edits), errors_(errors) {}

  std::size_t run() {
    std::size_t found = 0;
    for (std::size_t i = 0; i < t_.size(); ++i) {
      if (!t_.punct(i, '<') || (i > 0 && t_.punct(i - 1, '<') && adjacent(t_[i - 1], t_[i]))) {
        continue;  // not the start of a run of '<'
      }
      const std::size_t run = t_.run(i, '<');
      if (run >= 3 && !(i > 0 && t_.ident(i - 1, "operator"))) {
        ++found;
        Launch launch;
        launch.open = i;
        if (parse(launch)) emit(launch);
      }
      i += run - 1;
    }
    return found;
  }

 private:
  void error(std::size_t tok, std::string message) {
    errors_.push_back({t_[tok].line, t_[tok].column, std::move(message)});
  }

  // toks[i] is '>': the index of its matching '<', walking backwards.
  std::size_t openAngles(std::size_t i) const {
    std::size_t depth = 0;
    for (std::size_t j = i + 1; j-- > 0;) {
      if (t_.punct(j, '>')) {
        ++depth;
      } else if (t_.punct(j, '<')) {
        if (--depth == 0) return j;
      } else if (t_.punct(j, ')') || t_.punct(j, ']')) {
        const char open = t_.punct(j, ')') ? '(' : '[';
        const char close = t_.punct(j, ')') ? ')' : ']';
        std::size_t nest = 0;
        for (; j-- > 0;) {
          if (t_.punct(j, close)) ++nest;
          if (t_.punct(j, open) && nest-- == 0) break;
          if (t_.boundary(j)) return kNoIndex;
        }
        if (j == kNoIndex) return kNoIndex;
      } else if (t_.boundary(j) || t_.punct(j, '(') || t_.punct(j, '[')) {
        return kNoIndex;
      }
    }
    return kNoIndex;
  }

  bool parseName(Launch& l) {
    const char* expected = "expected a kernel name before '<<<'";
    if (l.open == 0) {
      error(l.open, expected);
      return false;
    }
    std::size_t name = l.open - 1;
    if (t_.punct(name, '>')) {
      const std::size_t angle = openAngles(name);
      name = angle == kNoIndex || angle == 0 ? kNoIndex : angle - 1;
    }
    if (name == kNoIndex || !t_.ident(name)) {
      error(l.open, expected);
      return false;
    }
    l.name = name;
    l.qualifiedStart = name;
    // `a::b::NAME` or `::NAME`
    while (l.qualifiedStart >= 2 && t_.punct(l.qualifiedStart - 1, ':') &&
           t_.punct(l.qualifiedStart - 2, ':') &&
           adjacent(t_[l.qualifiedStart - 2], t_[l.qualifiedStart - 1])) {
      if (l.qualifiedStart >= 3 && t_.ident(l.qualifiedStart - 3)) {
        l.qualifiedStart -= 3;
      } else {
        l.qualifiedStart -= 2;
        break;
      }
    }
    return true;
  }

  bool parseConfig(Launch& l) {
    Brackets b;
    std::size_t segmentStart = l.open + 3;
    for (std::size_t j = l.open + 3; j < t_.size(); ++j) {
      const std::size_t depth = b.depth();
      switch (b.feed(t_, j)) {
        case Brackets::Step::Mismatch:
          if (depth == 0) {
            error(l.open, "unterminated '<<<': '" + std::string(t_.text(j)) +
                              "' comes before the matching '>>>'");
          } else {
            error(b.innermost(), "unbalanced '" + std::string(t_.text(b.innermost())) +
                                     "' in the launch configuration");
          }
          return false;
        case Brackets::Step::Opened:
        case Brackets::Step::Closed:
          continue;
        case Brackets::Step::Token:
          break;
      }
      if (b.endsStatement(t_, j)) {
        if (b.empty()) {
          error(l.open, "unterminated '<<<': missing '>>>'");
        } else {
          error(b.innermost(), "unbalanced '" + std::string(t_.text(b.innermost())) +
                                   "' in the launch configuration");
        }
        return false;
      }
      if (!b.empty()) continue;
      if (t_.punct(j, ',')) {
        if (j == segmentStart) {
          error(j, "empty launch parameter");
          return false;
        }
        l.commas.push_back(j);
        segmentStart = j + 1;
      } else if (t_.punct(j, '<') && t_.run(j, '<') >= 3) {
        error(j, "'<<<' inside the configuration of another launch");
        return false;
      } else if (t_.punct(j, '>')) {
        const std::size_t run = t_.run(j, '>');
        if (run >= 3) {
          // In `T<U<V>>>>>` the last three close the launch.
          l.close = j + run - 3;
          if (l.close == segmentStart) {
            error(l.close, "empty launch parameter");
            return false;
          }
          if (l.commas.size() != 2) {
            error(l.open, "a launch takes three parameters <<<numBlocks, ubBytes, stream>>>, not " +
                              std::to_string(l.commas.size() + 1));
            return false;
          }
          return true;
        }
        j += run - 1;
      }
    }
    error(l.open, "unterminated '<<<': missing '>>>'");
    return false;
  }

  bool parseArguments(Launch& l) {
    l.argsOpen = l.close + 3;
    if (!t_.punct(l.argsOpen, '(')) {
      error(l.close + 2, "expected '(' with the kernel arguments after '>>>'");
      return false;
    }
    Brackets b;
    b.feed(t_, l.argsOpen);
    for (std::size_t j = l.argsOpen + 1; j < t_.size(); ++j) {
      const Brackets::Step step = b.feed(t_, j);
      if (step == Brackets::Step::Mismatch || b.endsStatement(t_, j)) {
        error(b.innermost(), "unbalanced '" + std::string(t_.text(b.innermost())) +
                                 "' in the kernel launch arguments");
        return false;
      }
      if (step == Brackets::Step::Closed && b.empty()) {
        l.argsClose = j;
        return true;
      }
    }
    error(b.innermost(), "unbalanced '" + std::string(t_.text(b.innermost())) +
                             "' in the kernel launch arguments");
    return false;
  }

  bool parse(Launch& l) {
    if (!parseName(l) || !parseConfig(l) || !parseArguments(l)) return false;
    if (kernels_.find(t_.text(l.name)) == kernels_.end()) {
      error(l.name, "'" + std::string(t_.text(l.name)) +
                        "' is not a kernel of this file: a launch needs a __global__ "
                        "declaration of it in the same .asc source");
      return false;
    }
    return true;
  }

  // Extends a range over the spaces and tabs around it (never newlines).
  std::size_t spacesBefore(std::size_t pos) const {
    const std::string_view src = t_.source();
    while (pos > 0 && (src[pos - 1] == ' ' || src[pos - 1] == '\t')) --pos;
    return pos;
  }
  std::size_t spacesAfter(std::size_t pos) const {
    const std::string_view src = t_.source();
    while (pos < src.size() && (src[pos] == ' ' || src[pos] == '\t')) ++pos;
    return pos;
  }

  void emit(const Launch& l) {
    const KernelInfo& kernel = kernels_.find(t_.text(l.name))->second;
    const std::size_t start = t_[l.qualifiedStart].begin;
    edits_.push_back({start, start,
                      "::asctwin::ascLaunch(" + kernelSpecExpression(kernel) + ", \"" +
                          std::string(t_.text(l.name)) + "\", "});
    edits_.push_back({spacesBefore(t_[l.open].begin), spacesAfter(t_[l.open + 2].end), ", ("});
    for (const std::size_t comma : l.commas) {
      edits_.push_back({spacesBefore(t_[comma].begin), spacesAfter(t_[comma].end), "), ("});
    }
    edits_.push_back({spacesBefore(t_[l.close].begin), spacesAfter(t_[l.close + 2].end), ")"});
    const bool hasArgs = l.argsClose > l.argsOpen + 1;
    edits_.push_back({t_[l.argsOpen].begin, spacesAfter(t_[l.argsOpen].end), hasArgs ? ", " : ""});
  }

  TokenView t_;
  const KernelTable& kernels_;
  Edits& edits_;
  Diagnostics& errors_;
};

}  // namespace

std::size_t rewriteLaunches(std::string_view src, const std::vector<Token>& toks,
                            const KernelTable& kernels, Edits& edits, Diagnostics& errors) {
  return LaunchRewriter(src, toks, kernels, edits, errors).run();
}

std::string applyEdits(std::string_view src, Edits edits) {
  std::stable_sort(edits.begin(), edits.end(), [](const Edit& a, const Edit& b) {
    return a.begin != b.begin ? a.begin < b.begin : a.end < b.end;
  });
  std::string out;
  out.reserve(src.size() + edits.size() * 48);
  std::size_t cursor = 0;
  for (const Edit& e : edits) {
    if (e.begin < cursor || e.end < e.begin || e.end > src.size()) continue;
    out.append(src.substr(cursor, e.begin - cursor));
    out += e.text;
    cursor = e.end;
  }
  out.append(src.substr(cursor));
  return out;
}

}  // namespace asctwin::asc
