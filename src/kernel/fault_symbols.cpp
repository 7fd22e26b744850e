#include "kernel/fault_symbols.h"

#include <elfutils/libdwfl.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cxxabi.h>
#include <mutex>

namespace asctwin::kernel {
namespace {

// The repository root, from this file's own path (…/src/kernel/fault_symbols.cpp).
std::string twinRoot() {
  std::string self = __FILE__;
  const std::string tail = "src/kernel/fault_symbols.cpp";
  if (self.size() >= tail.size() && self.compare(self.size() - tail.size(), tail.size(), tail) == 0)
    return self.substr(0, self.size() - tail.size());
  return "";
}

std::string demangle(const char* name) {
  if (name == nullptr) return "";
  int status = 0;
  char* d = abi::__cxa_demangle(name, nullptr, nullptr, &status);
  std::string out = status == 0 && d != nullptr ? d : name;
  std::free(d);
  return out;
}

SourceFrame resolve(Dwfl* dwfl, uintptr_t pc) {
  SourceFrame f;
  f.pc = pc;
  Dwfl_Module* mod = dwfl_addrmodule(dwfl, pc);
  if (mod == nullptr) return f;
  const char* modName =
      dwfl_module_info(mod, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr);
  f.module = modName != nullptr ? modName : "";
  f.function = demangle(dwfl_module_addrname(mod, pc));
  if (Dwfl_Line* line = dwfl_module_getsrc(mod, pc)) {
    int lineNo = 0;
    if (const char* file = dwfl_lineinfo(line, nullptr, &lineNo, nullptr, nullptr, nullptr)) {
      f.file = file;
      f.line = static_cast<uint32_t>(lineNo);
    }
  }
  f.twin = (!f.file.empty() && twinFile(f.file)) || f.function.compare(0, 9, "asctwin::") == 0;
  f.system = !f.twin && (systemModule(f.module) || systemSource(f.file));
  return f;
}

struct UnwindState {
  const FaultCapture* cap;
  const std::vector<uint8_t>* stack;
  uintptr_t base;
  Dwfl* dwfl;
  unsigned maxFrames;
  std::vector<SourceFrame>* out;
};

constexpr pid_t kTid = 1;  // the one (virtual) thread: the abandoned block

pid_t nextThread(Dwfl*, void* arg, void** threadArg) {
  if (*threadArg != nullptr) return 0;
  *threadArg = arg;
  return kTid;
}

bool getThread(Dwfl*, pid_t tid, void* arg, void** threadArg) {
  *threadArg = arg;
  return tid == kTid;
}

// Only the copied stack is readable: a corrupt frame ends the walk instead
// of reading wild memory.
bool memoryRead(Dwfl*, Dwarf_Addr addr, Dwarf_Word* result, void* arg) {
  const auto* st = static_cast<const UnwindState*>(arg);
  if (addr < st->base || addr - st->base + sizeof(Dwarf_Word) > st->stack->size()) return false;
  std::memcpy(result, st->stack->data() + (addr - st->base), sizeof(Dwarf_Word));
  return true;
}

bool setInitialRegisters(Dwfl_Thread* thread, void* arg) {
  const auto* st = static_cast<const UnwindState*>(arg);
  const FaultCapture& cap = *st->cap;
  if (cap.regCount == 0) return false;
  Dwarf_Word regs[FaultCapture::kMaxRegs];
  for (uint32_t i = 0; i < cap.regCount; ++i) regs[i] = cap.regs[i];
#if defined(__x86_64__)
  if (!dwfl_thread_state_registers(thread, 0, 17, regs)) return false;
#elif defined(__aarch64__)
  if (!dwfl_thread_state_registers(thread, 0, 32, regs)) return false;
#endif
  dwfl_thread_state_register_pc(thread, cap.pc);
  return true;
}

int onFrame(Dwfl_Frame* frame, void* arg) {
  auto* st = static_cast<UnwindState*>(arg);
  Dwarf_Addr pc = 0;
  bool activation = false;
  if (!dwfl_frame_pc(frame, &pc, &activation)) return DWARF_CB_ABORT;
  if (pc == 0) return DWARF_CB_ABORT;
  st->out->push_back(resolve(st->dwfl, activation ? pc : pc - 1));
  return st->out->size() >= st->maxFrames ? DWARF_CB_ABORT : DWARF_CB_OK;
}

const Dwfl_Thread_Callbacks kThreadCallbacks = {&nextThread,          &getThread, &memoryRead,
                                                &setInitialRegisters, nullptr,    nullptr};

char* gDebuginfoPath = nullptr;
const Dwfl_Callbacks kProcCallbacks = {&dwfl_linux_proc_find_elf, &dwfl_standard_find_debuginfo,
                                       nullptr, &gDebuginfoPath};

}  // namespace

bool twinFile(const std::string& file) {
  static const std::string root = twinRoot();
  if (root.empty() || file.compare(0, root.size(), root) != 0) return false;
  const std::string rest = file.substr(root.size());
  return rest.compare(0, 4, "src/") == 0 || rest.compare(0, 8, "include/") == 0;
}

bool systemModule(const std::string& path) {
  return path.compare(0, 5, "/lib/") == 0 || path.compare(0, 9, "/usr/lib/") == 0 ||
         path.compare(0, 7, "/lib64/") == 0 || path.find("linux-vdso") != std::string::npos;
}

// Code from the system's headers (the standard library inlined into a
// frame) or a system library's own sources (glibc's relative paths).
bool systemSource(const std::string& file) {
  return file.compare(0, 13, "/usr/include/") == 0 || file.compare(0, 3, "../") == 0;
}

std::string shortFunction(const std::string& function) {
  if (function.size() <= 100) return function;
  const size_t paren = function.find('(');
  return paren != std::string::npos && paren > 0 ? function.substr(0, paren) : function;
}

std::string SourceFrame::text() const {
  std::string fn = function.empty() ? "??" : shortFunction(function);
  if (!file.empty()) return fn + " at " + file + ":" + std::to_string(line);
  std::string mod = module;
  if (const size_t slash = mod.rfind('/'); slash != std::string::npos) mod = mod.substr(slash + 1);
  if (function.empty()) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(pc));
    fn = buf;
  }
  return mod.empty() ? fn : fn + " (" + mod + ")";
}

namespace {

// One lookup at a time (libdw's state is per Dwfl, but lookups are rare and
// this keeps the process's memory use bounded).
std::mutex gLookupMu;

// The process's modules as they are now (null when they cannot be read).
Dwfl* openProcess() {
  Dwfl* dwfl = dwfl_begin(&kProcCallbacks);
  if (dwfl == nullptr) return nullptr;
  dwfl_report_begin(dwfl);
  const bool reported = dwfl_linux_proc_report(dwfl, getpid()) == 0;
  dwfl_report_end(dwfl, nullptr, nullptr);
  if (!reported) {
    dwfl_end(dwfl);
    return nullptr;
  }
  return dwfl;
}

}  // namespace

SourceFrame callerFrame(uintptr_t returnAddress) {
  SourceFrame f;
  f.pc = returnAddress;
  if (returnAddress == 0) return f;
  std::lock_guard lock(gLookupMu);
  Dwfl* dwfl = openProcess();
  if (dwfl == nullptr) return f;
  f = resolve(dwfl, returnAddress - 1);  // inside the call instruction
  dwfl_end(dwfl);
  return f;
}

std::vector<SourceFrame> unwindAbandoned(const FaultCapture& cap, const std::vector<uint8_t>& stack,
                                         uintptr_t stackBase, unsigned maxFrames) {
  std::lock_guard lock(gLookupMu);
  std::vector<SourceFrame> out;
  Dwfl* dwfl = openProcess();
  if (dwfl == nullptr) return out;
  UnwindState st{&cap, &stack, stackBase, dwfl, maxFrames, &out};
  if (cap.regCount != 0 && dwfl_attach_state(dwfl, nullptr, getpid(), &kThreadCallbacks, &st))
    dwfl_getthread_frames(dwfl, kTid, &onFrame, &st);
  if (out.empty()) out.push_back(resolve(dwfl, cap.pc));  // the faulting instruction at least
  dwfl_end(dwfl);
  return out;
}

std::vector<SourceFrame> kernelFrames(const std::vector<SourceFrame>& frames) {
  std::vector<SourceFrame> out;
  for (const auto& f : frames) {
    if (f.function.compare(0, 34, "asctwin::kernel::Launch::blockMain") == 0 ||
        f.function.compare(0, 24, "asctwin::kernel::Fiber::") == 0)
      break;
    out.push_back(f);
  }
  return out;
}

const SourceFrame* kernelFrame(const std::vector<SourceFrame>& frames) {
  for (const auto& f : frames)
    if (f.user()) return &f;
  for (const auto& f : frames)
    if (f.line != 0) return &f;
  return frames.empty() ? nullptr : &frames.front();
}

}  // namespace asctwin::kernel
