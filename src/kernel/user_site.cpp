#include "kernel/user_site.h"

#include <dwarf.h>
#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>
#include <unistd.h>
#include <unwind.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "kernel/fault_symbols.h"

namespace asctwin::kernel {
namespace {

// What one return address is: the user's line (`file` non-null) or library
// code (null).
struct PcSite {
  const char* file = nullptr;
  uint32_t line = 0;
};

struct State {
  std::mutex mu;
  std::vector<std::string> roots;  // normalised, each ending in '/'
  std::unordered_map<uintptr_t, PcSite> cache;
  std::unordered_set<std::string> files;  // interned file names (never freed)
  Dwfl* dwfl = nullptr;                   // the process, reported again for new modules
};
State& state() {
  static auto* s = new State();  // never destroyed: a block may still run at exit
  return *s;
}
std::atomic<bool> gEnabled{false};

char* gDebuginfoPath = nullptr;
const Dwfl_Callbacks kCallbacks = {&dwfl_linux_proc_find_elf, &dwfl_standard_find_debuginfo,
                                   nullptr, &gDebuginfoPath};

std::string normalised(const std::string& path) {
  std::string n = std::filesystem::path(path).lexically_normal().string();
  if (n.empty() || n.back() != '/') n += '/';
  return n;
}

bool underRoot(const State& s, const std::string& file) {
  if (systemSource(file) || twinFile(file)) return true;
  const std::string n = std::filesystem::path(file).lexically_normal().string();
  for (const std::string& r : s.roots)
    if (n.compare(0, r.size(), r) == 0) return true;
  return false;
}

// A file as compiled and as it really is: asctwin's layers include each
// other through links in the build tree (cmake/Layers.cmake), so its own
// sources may be named by a path outside the tree they come from.
bool libraryFile(const State& s, const std::string& file) {
  if (file.empty() || underRoot(s, file)) return true;
  std::error_code ec;
  const std::string real = std::filesystem::weakly_canonical(file, ec).string();
  return !ec && real != file && underRoot(s, real);
}

void report(State& s) {
  if (s.dwfl != nullptr) dwfl_end(s.dwfl);
  s.dwfl = dwfl_begin(&kCallbacks);
  if (s.dwfl == nullptr) return;
  dwfl_report_begin(s.dwfl);
  const bool ok = dwfl_linux_proc_report(s.dwfl, getpid()) == 0;
  dwfl_report_end(s.dwfl, nullptr, nullptr);
  if (!ok) {
    dwfl_end(s.dwfl);
    s.dwfl = nullptr;
  }
}

// A file of the unit's file table, absolute (relative names are under the
// unit's compilation directory).
std::string callFile(Dwarf_Die* cu, Dwarf_Files* files, Dwarf_Word index) {
  const char* name = dwarf_filesrc(files, index, nullptr, nullptr);
  if (name == nullptr) return "";
  if (name[0] == '/') return name;
  Dwarf_Attribute a;
  const char* dir = dwarf_formstring(dwarf_attr(cu, DW_AT_comp_dir, &a));
  return dir != nullptr ? std::string(dir) + "/" + name : name;
}

PcSite userLine(State& s, const std::string& file, Dwarf_Word line) {
  if (libraryFile(s, file) || line == 0) return {};
  return PcSite{s.files.insert(file).first->c_str(), static_cast<uint32_t>(line)};
}

// The compilation unit holding `pc` (module address): through the module's
// address ranges table, else by asking each unit (clang emits no
// .debug_aranges unless asked, and libdw then finds no unit by address).
Dwarf_Die* unitOf(Dwfl_Module* mod, uintptr_t pc, Dwarf_Die* storage, Dwarf_Addr* bias) {
  if (Dwarf_Die* cu = dwfl_module_addrdie(mod, pc, bias)) return cu;
  Dwarf* dw = dwfl_module_getdwarf(mod, bias);
  if (dw == nullptr) return nullptr;
  Dwarf_CU* unit = nullptr;
  Dwarf_Die die;
  while (dwarf_get_units(dw, unit, &unit, nullptr, nullptr, &die, nullptr) == 0) {
    if (dwarf_haspc(&die, pc - *bias) > 0) {
      *storage = die;
      return storage;
    }
  }
  return nullptr;
}

// The first user location of `pc`: its own line, then the sites of the calls
// inlined at it, innermost first.
PcSite resolve(State& s, uintptr_t pc) {
  if (s.dwfl == nullptr) report(s);
  if (s.dwfl == nullptr) return {};
  Dwfl_Module* mod = dwfl_addrmodule(s.dwfl, pc);
  if (mod == nullptr) {  // a module loaded since the last report
    report(s);
    if (s.dwfl == nullptr || (mod = dwfl_addrmodule(s.dwfl, pc)) == nullptr) return {};
  }
  const char* modName =
      dwfl_module_info(mod, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr);
  if (modName != nullptr && systemModule(modName)) return {};
  Dwarf_Die cuDie;
  Dwarf_Addr bias = 0;
  Dwarf_Die* cu = unitOf(mod, pc, &cuDie, &bias);
  Dwarf_Files* files = nullptr;
  size_t nfiles = 0;
  if (cu == nullptr || dwarf_getsrcfiles(cu, &files, &nfiles) != 0) return {};
  if (Dwarf_Line* l = dwarf_getsrc_die(cu, pc - bias)) {
    int line = 0;
    dwarf_lineno(l, &line);
    if (const char* file = dwarf_linesrc(l, nullptr, nullptr)) {
      const PcSite own = userLine(s, file, static_cast<Dwarf_Word>(line));
      if (own.file != nullptr) return own;
    }
  }
  // The innermost inlined call containing pc, then (dwarf_getscopes_die:
  // the concrete tree, outward) every call it is inlined into.
  Dwarf_Die* scopes = nullptr;
  const int n = dwarf_getscopes(cu, pc - bias, &scopes);
  int inner = 0;
  while (inner < n && dwarf_tag(&scopes[inner]) != DW_TAG_inlined_subroutine) ++inner;
  Dwarf_Die* chain = nullptr;
  const int m = inner < n ? dwarf_getscopes_die(&scopes[inner], &chain) : 0;
  PcSite found;
  for (int i = 0; i < m && found.file == nullptr; ++i) {
    if (dwarf_tag(&chain[i]) != DW_TAG_inlined_subroutine) continue;
    Dwarf_Attribute fa, la;
    Dwarf_Word fileIndex = 0, line = 0;
    if (dwarf_formudata(dwarf_attr(&chain[i], DW_AT_call_file, &fa), &fileIndex) != 0 ||
        dwarf_formudata(dwarf_attr(&chain[i], DW_AT_call_line, &la), &line) != 0)
      continue;
    found = userLine(s, callFile(cu, files, fileIndex), line);
  }
  std::free(chain);
  std::free(scopes);
  return found;
}

PcSite lookup(uintptr_t pc) {
  State& s = state();
  std::lock_guard lock(s.mu);
  auto it = s.cache.find(pc);
  if (it != s.cache.end()) return it->second;
  const PcSite r = resolve(s, pc);
  s.cache.emplace(pc, r);
  return r;
}

struct Walk {
  PcSite found;
  unsigned frames = 0;
};
constexpr unsigned kMaxFrames = 96;

_Unwind_Reason_Code step(_Unwind_Context* ctx, void* arg) {
  auto* w = static_cast<Walk*>(arg);
  int beforeInsn = 0;
  const uintptr_t ip = _Unwind_GetIPInfo(ctx, &beforeInsn);
  if (ip == 0) return _URC_END_OF_STACK;
  // A return address points after the call: look up the call itself.
  w->found = lookup(beforeInsn != 0 ? ip : ip - 1);
  if (w->found.file != nullptr || ++w->frames >= kMaxFrames) return _URC_END_OF_STACK;
  return _URC_NO_REASON;
}

}  // namespace

void addLibraryRoot(const std::string& dir) {
  if (dir.empty()) return;
  State& s = state();
  std::lock_guard lock(s.mu);
  std::vector<std::string> forms = {normalised(dir)};
  std::error_code ec;
  const auto real = std::filesystem::canonical(dir, ec);
  if (!ec) forms.push_back(normalised(real.string()));
  for (const std::string& f : forms)
    if (std::find(s.roots.begin(), s.roots.end(), f) == s.roots.end()) s.roots.push_back(f);
  s.cache.clear();  // earlier answers may name a file now under a root
  gEnabled.store(true, std::memory_order_release);
}

bool userSitesEnabled() {
  return gEnabled.load(std::memory_order_acquire);
}

Site userSite(const char* api) {
  Walk w;
  _Unwind_Backtrace(&step, &w);
  if (w.found.file == nullptr) return Site{api, "", 0};
  return Site{api, w.found.file, w.found.line};
}

}  // namespace asctwin::kernel
