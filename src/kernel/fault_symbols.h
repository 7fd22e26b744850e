// Source lines for kernel faults and stopped blocks: unwinding an abandoned
// block's stack (from the registers the signal handler saved, over a copy of
// the stack) and resolving each program counter to function, file and line
// with elfutils' libdw. Runs in ordinary context, after the launch.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "kernel/block_slot.h"

namespace asctwin::kernel {

struct SourceFrame {
  uintptr_t pc = 0;      // the address looked up (a return address minus 1 for callers)
  std::string function;  // demangled, "" when unknown
  std::string file;      // full path, "" when there is no line information
  uint32_t line = 0;
  std::string module;   // the executable or library
  bool system = false;  // a system library (libc, libstdc++, ...) or system header
  bool twin = false;    // asctwin's own code (the kernel API, the launcher)
  bool user() const { return !system && !twin && line != 0; }
  // "function at file:line" (or "function (module)", "0x... (module)").
  std::string text() const;
};

// What a source file or module is: asctwin's own sources (src/, include/ of
// the tree the library was built from), a system library, system headers.
bool twinFile(const std::string& file);
bool systemModule(const std::string& path);
bool systemSource(const std::string& file);

// A function name short enough for a message (long template signatures lose
// their parameter list).
std::string shortFunction(const std::string& function);

// The source line of a call, from the return address the callee saw (the
// host code that called an ACL entry point, for a checker finding).
SourceFrame callerFrame(uintptr_t returnAddress);

// The frames of an abandoned block, innermost first (at most maxFrames).
std::vector<SourceFrame> unwindAbandoned(const FaultCapture& cap, const std::vector<uint8_t>& stack,
                                         uintptr_t stackBase, unsigned maxFrames);

// The frames that belong to the kernel: up to (not including) the launcher
// that called it (Launch::blockMain, the fiber's entry).
std::vector<SourceFrame> kernelFrames(const std::vector<SourceFrame>& frames);

// The frame that names the kernel's line: the innermost one in the user's
// code, else the innermost with a line, else the first (null when empty).
const SourceFrame* kernelFrame(const std::vector<SourceFrame>& frames);

}  // namespace asctwin::kernel
