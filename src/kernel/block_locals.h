// Thread-local variables whose value belongs to the running block.
//
// On an NPU each AI Core has its own copy of a block-local variable; code
// compiled for CANN's CPU mode (Huawei's `__BLOCK_LOCAL__` declarations, in
// devkit mode) keeps such state in variables of the process. The twin runs a
// launch's blocks as fibers on a few host threads, so those variables are
// `thread_local` (two workers run blocks at once) and registered here; when
// the scheduler switches a thread from one block to another (setCurrentCore),
// the leaving block's values are saved into its core and the arriving
// block's restored from it. A block starts with the values the variables had
// on the registering thread when they were registered (their initialisers).
//
// Every switch goes through setCurrentCore on the thread that runs the
// block's fiber, and a fiber never changes thread (fast mode: block i stays
// on worker i % W; check mode: one thread), so the thread-local addresses a
// block's code computed before a yield stay its own.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace asctwin::kernel {

struct CoreState;

// Returns the calling thread's instance of one variable.
using BlockLocalAddress = void* (*)();

// Registers a variable of `bytes` bytes (trivially copyable). Several
// registrations of one variable (one per translation unit that declares it)
// are one: they are told apart by the calling thread's address. Returns
// true when the variable was new. Thread-safe; may be called while launches
// run (a block that started before sees the variable's initial value).
bool addBlockLocal(BlockLocalAddress address, size_t bytes);

// Number of distinct variables registered (tests, statistics).
size_t blockLocalCount();

// Where a switched-out block keeps its values (CoreState::blockLocals).
struct BlockLocalValues {
  std::vector<uint8_t> bytes;  // registry order; shorter = the rest still initial
};

// The scheduler's switch of the calling thread from block `from` to block
// `to` (either may be null: no block). Nothing when no variable is registered.
void switchBlockLocals(CoreState* from, CoreState* to);

}  // namespace asctwin::kernel
