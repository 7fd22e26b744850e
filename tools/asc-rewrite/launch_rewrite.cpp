#include "launch_rewrite.h"

#include <algorithm>

#include "token_utils.h"

namespace asctwin::asc {
namespace {

// Keywords that can come right before an expression: they end the callee.
bool isStatementKeyword(std::string_view w) {
  for (const std::string_view k : {"return", "case", "else", "do", "throw", "co_return", "co_yield",
                                   "co_await", "new", "delete", "sizeof", "typeid"}) {
    if (w == k) return true;
  }
  return false;
}

struct Launch {
  std::size_t calleeStart = 0;  // first token of the launched expression
  std::size_t name = kNoIndex;  // its kernel NAME token when it names a kernel directly
  std::size_t open = 0;         // first '<' of `<<<`
  std::vector<std::size_t> commas;
  std::size_t close = 0;      // first '>' of `>>>`
  std::size_t argsOpen = 0;   // '(' of the argument list
  std::size_t argsClose = 0;  // its ')'
};

class LaunchRewriter {
 public:
  LaunchRewriter(std::string_view src, const std::vector<Token>& toks, const KernelTable& kernels,
                 Edits& edits, std::vector<LaunchSite>& sites, Diagnostics& errors)
      : t_(src, toks), kernels_(kernels), edits_(edits), sites_(sites), errors_(errors) {}

  void run() {
    for (std::size_t i = 0; i < t_.size(); ++i) {
      if (!t_.punct(i, '<') || (i > 0 && t_.punct(i - 1, '<') && adjacent(t_[i - 1], t_[i]))) {
        continue;  // not the start of a run of '<'
      }
      const std::size_t run = t_.run(i, '<');
      if (run >= 3 && !(i > 0 && t_.ident(i - 1, "operator"))) {
        Launch launch;
        launch.open = i;
        if (parse(launch)) emit(launch);
      }
      i += run - 1;
    }
  }

 private:
  void error(std::size_t tok, std::string message) {
    errors_.push_back({t_[tok].line, t_[tok].column, std::move(message), {}});
  }

  // toks[i] is '>': the index of its matching '<', walking backwards.
  std::size_t openAngles(std::size_t i) const {
    std::size_t depth = 0;
    const std::size_t stop = i > TokenView::kMaxAngleTokens ? i - TokenView::kMaxAngleTokens : 0;
    for (std::size_t j = i + 1; j-- > stop;) {
      if (t_.punct(j, '>')) {
        ++depth;
      } else if (t_.punct(j, '<')) {
        if (--depth == 0) return j;
      } else if (t_.punct(j, ')') || t_.punct(j, ']')) {
        j = t_.match(j);  // skip the group
        if (j == kNoIndex) return kNoIndex;
      } else if (t_.boundary(j) || t_.punct(j, '(') || t_.punct(j, '[')) {
        return kNoIndex;
      }
    }
    return kNoIndex;
  }

  // The launched expression ends right before `<<<`: a postfix expression
  // made of names, `::`, `.`, `->`, template argument lists and bracketed
  // groups. It names a kernel directly when it is `[::]a::b::NAME[<...>]`.
  bool parseCallee(Launch& l) {
    const char* expected = "expected a kernel name before '<<<'";
    std::size_t j = l.open;  // one past the callee's first token so far
    bool any = false;
    while (j > 0) {
      const std::size_t k = j - 1;
      if (k > 0 && t_.punct(k, '>') && t_.punct(k - 1, '-') && adjacent(t_[k - 1], t_[k])) {
        j = k - 1;  // `->`
      } else if (t_.punct(k, '>')) {
        const std::size_t angle = openAngles(k);
        if (angle == kNoIndex || angle == 0 || !t_.ident(angle - 1)) break;
        j = angle;
      } else if (t_.punct(k, ')') || t_.punct(k, ']')) {
        const std::size_t open = t_.match(k);
        if (open == kNoIndex) break;
        j = open;
      } else if (t_.ident(k)) {
        if (isStatementKeyword(t_.text(k)) || (any && t_.ident(j))) break;
        j = k;
      } else if (t_.punct(k, ':') && k > 0 && t_.punct(k - 1, ':') && adjacent(t_[k - 1], t_[k])) {
        j = k - 1;
      } else if (t_.punct(k, '.') && !(k > 0 && t_.punct(k - 1, '.'))) {
        j = k;
      } else {
        break;
      }
      any = true;
    }
    if (!any) {
      error(l.open, expected);
      return false;
    }
    l.calleeStart = j;
    // A direct kernel name: qualified names and one template argument list only.
    std::size_t last = l.open - 1;
    if (t_.punct(last, '>')) {
      const std::size_t angle = openAngles(last);
      last = angle == kNoIndex || angle == 0 ? kNoIndex : angle - 1;
    }
    if (last == kNoIndex || !t_.ident(last)) return true;
    std::size_t q = last;
    while (q >= 2 && t_.punct(q - 1, ':') && t_.punct(q - 2, ':') &&
           adjacent(t_[q - 2], t_[q - 1])) {
      if (q >= 3 && t_.ident(q - 3)) {
        q -= 3;
      } else {
        q -= 2;
        break;
      }
    }
    if (q == l.calleeStart && kernels_.byName.count(t_.text(last)) != 0) l.name = last;
    return true;
  }

  [[nodiscard]] bool opener(std::size_t j) const {
    return t_.punct(j, '(') || t_.punct(j, '[') || t_.punct(j, '{');
  }
  [[nodiscard]] bool closer(std::size_t j) const {
    return t_.punct(j, ')') || t_.punct(j, ']') || t_.punct(j, '}');
  }

  // The group opened at `open` (which has a partner): the first token inside
  // it, outside braces, that cannot be there: an unmatched bracket or a ';'
  // (a ';' belongs in a lambda body, not in an argument list). kNoIndex if none.
  [[nodiscard]] std::size_t firstStray(std::size_t open) const {
    const bool block = t_.punct(open, '{');
    for (std::size_t k = open + 1; k < t_.match(open); ++k) {
      if (t_.punct(k, '{') && t_.match(k) != kNoIndex) {
        k = t_.match(k);
      } else if ((!block && t_.punct(k, ';')) ||
                 ((opener(k) || closer(k)) && t_.match(k) == kNoIndex)) {
        return k;
      }
    }
    return kNoIndex;
  }

  void unbalanced(std::size_t tok, const char* where) {
    error(tok, "unbalanced '" + std::string(t_.text(tok)) + "' in the " + where);
  }

  // A group of the launch configuration or argument list: true if it is balanced.
  bool checkGroup(std::size_t open, const char* where) {
    if (t_.match(open) == kNoIndex) {
      unbalanced(open, where);
      return false;
    }
    const std::size_t stray = firstStray(open);
    if (stray == kNoIndex) return true;
    if (t_.punct(stray, ';')) {
      unbalanced(open, where);
    } else {
      unbalanced(stray, where);
    }
    return false;
  }

  bool parseConfig(Launch& l) {
    const char* where = "launch configuration";
    std::size_t segmentStart = l.open + 3;
    for (std::size_t j = l.open + 3; j < t_.size(); ++j) {
      if (opener(j)) {
        if (!checkGroup(j, where)) return false;
        j = t_.match(j);
      } else if (closer(j)) {
        error(l.open, "unterminated '<<<': '" + std::string(t_.text(j)) +
                          "' comes before the matching '>>>'");
        return false;
      } else if (t_.punct(j, ';')) {
        error(l.open, "unterminated '<<<': missing '>>>'");
        return false;
      } else if (t_.punct(j, ',')) {
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
          if (l.commas.size() != 1 && l.commas.size() != 2) {
            error(l.open,
                  "a launch takes two or three parameters <<<numBlocks, dynUbBytes[, stream]>>>, "
                  "not " +
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
    if (!checkGroup(l.argsOpen, "kernel launch arguments")) return false;
    l.argsClose = t_.match(l.argsOpen);
    return true;
  }

  bool parse(Launch& l) { return parseCallee(l) && parseConfig(l) && parseArguments(l); }

  // Extends a range over the spaces and tabs around it (never newlines, and
  // never the indentation at the start of a line).
  std::size_t spacesBefore(std::size_t pos) const {
    const std::string_view src = t_.source();
    std::size_t start = pos;
    while (start > 0 && (src[start - 1] == ' ' || src[start - 1] == '\t')) --start;
    return start == 0 || src[start - 1] == '\n' ? pos : start;
  }
  std::size_t spacesAfter(std::size_t pos) const {
    const std::string_view src = t_.source();
    while (pos < src.size() && (src[pos] == ' ' || src[pos] == '\t')) ++pos;
    return pos;
  }

  void emit(const Launch& l) {
    const std::size_t start = t_[l.calleeStart].begin;
    const bool direct = l.name != kNoIndex;
    const std::string callee = t_.spell(l.calleeStart, l.open - 1);
    if (direct) {
      const KernelInfo& kernel = kernels_.byName.find(t_.text(l.name))->second;
      edits_.push_back({start, start,
                        "::asctwin::ascLaunch(" + kernelSpecExpression(kernel) + ", \"" +
                            std::string(t_.text(l.name)) + "\", "});
    } else {
      edits_.push_back(
          {start, start, "::asctwin::ascLaunchPtr(\"" + escapeString(callee) + "\", "});
    }
    edits_.push_back({spacesBefore(t_[l.open].begin), spacesAfter(t_[l.open + 2].end), ", ("});
    for (const std::size_t comma : l.commas) {
      edits_.push_back({spacesBefore(t_[comma].begin), spacesAfter(t_[comma].end), "), ("});
    }
    edits_.push_back({spacesBefore(t_[l.close].begin), spacesAfter(t_[l.close + 2].end),
                      l.commas.size() == 1 ? "), nullptr" : ")"});
    const bool hasArgs = l.argsClose > l.argsOpen + 1;
    edits_.push_back({t_[l.argsOpen].begin, spacesAfter(t_[l.argsOpen].end), hasArgs ? ", " : ""});
    sites_.push_back({direct ? std::string(t_.text(l.name)) : callee, direct,
                      t_[l.calleeStart].line, t_[l.calleeStart].column, t_[l.argsOpen].line});
  }

  TokenView t_;
  const KernelTable& kernels_;
  Edits& edits_;
  std::vector<LaunchSite>& sites_;
  Diagnostics& errors_;
};

}  // namespace

void rewriteLaunches(std::string_view src, const std::vector<Token>& toks,
                     const KernelTable& kernels, Edits& edits, std::vector<LaunchSite>& sites,
                     Diagnostics& errors) {
  LaunchRewriter(src, toks, kernels, edits, sites, errors).run();
}

std::string escapeString(std::string_view text) {
  std::string out;
  for (const char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out;
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
