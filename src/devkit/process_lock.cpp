// Devkit mode: AscendC::ProcessLock, the lock of Huawei's CPU mode
// (impl/basic_api/kernel_process_lock.h declares it; CANN's CPU-mode runtime
// defines it). CANN runs every block in its own process and takes this lock
// around an atomic transfer to GM, so that two processes do not interleave
// their read-modify-write. On the twin the ISA core applies an atomic
// transfer element by element under the twin's own atomic rule, whatever
// the blocks do at the same time, so the lock has nothing left to protect;
// it is kept as a real lock object that never blocks (a fiber that holds it
// may yield to another block of the same host thread, which a blocking lock
// would deadlock).
#include <pthread.h>

namespace AscendC {

// The class as Huawei's header declares it (its layout must match).
class ProcessLock {
 public:
  int Read();
  int Write();
  int Unlock();
  void UnInit();
  static void FreeLock();
  ProcessLock();
  static ProcessLock* CreateLock();
  ~ProcessLock();

 private:
  pthread_rwlock_t lock;
  pthread_rwlockattr_t attr;
  inline void Init();
  static ProcessLock* processLock;
};

ProcessLock* ProcessLock::processLock = nullptr;

ProcessLock::ProcessLock() : lock(), attr() {}
ProcessLock::~ProcessLock() = default;

ProcessLock* ProcessLock::CreateLock() {
  static ProcessLock instance;
  return &instance;
}

void ProcessLock::FreeLock() {
  processLock = nullptr;
}

void ProcessLock::UnInit() {}
int ProcessLock::Read() {
  return 0;
}
int ProcessLock::Write() {
  return 0;
}
int ProcessLock::Unlock() {
  return 0;
}

}  // namespace AscendC
