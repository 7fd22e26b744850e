#include "acl/executor.h"

#include "acl/c_boundary.h"
#include "acl/handle_registry.h"
#include "acl/runtime.h"
#include "device/allocator.h"

namespace asctwin::acl {
namespace {

HandleRegistry<aclOpExecutor>& registry() {
  static auto* r = new HandleRegistry<aclOpExecutor>();
  return *r;
}

Status notLive(const aclOpExecutor* executor) {
  return Status(asctwin::code::kNnParamInvalid,
                "executor " + hexPointer(executor) +
                    " is not a live aclOpExecutor (executed or destroyed already, or not made by "
                    "a GetWorkspaceSize call)");
}

}  // namespace

aclOpExecutor* registerExecutor(std::unique_ptr<aclOpExecutor> executor) {
  if (executor == nullptr) return nullptr;
  registry().add(executor.get());  // before release: a throwing add must not leak
  return executor.release();
}

bool isLiveExecutor(const aclOpExecutor* executor) {
  return registry().contains(executor);
}

size_t liveExecutorCount() {
  return registry().size();
}

Status destroyExecutor(aclOpExecutor* executor) {
  if (executor == nullptr)
    return Status(asctwin::code::kNnParamNullptr, "executor must not be null");
  if (!registry().remove(executor)) return notLive(executor);
  delete executor;
  return Status::ok();
}

Status execute(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
               aclrtStream stream) {
  using namespace asctwin::code;
  if (executor == nullptr) return Status(kNnParamNullptr, "executor must not be null");
  if (!registry().contains(executor)) return notLive(executor);
  const uint64_t planned = executor->workspaceSize();
  const std::string op = executor->opName();
  if (workspaceSize < planned)
    return Status(kNnParamInvalid, "workspaceSize (" + std::to_string(workspaceSize) +
                                       ") is smaller than the " + std::to_string(planned) +
                                       " bytes " + op + "GetWorkspaceSize asked for");
  if (planned > 0) {
    if (workspace == nullptr)
      return Status(kNnParamNullptr, "workspace must not be null: " + op + " needs " +
                                         std::to_string(planned) + " bytes of workspace");
    Status ws = device::DeviceMemory::instance().checkRange(workspace, planned, "workspace");
    if (!ws)
      return Status(kNnParamInvalid, ws.message() + " (the workspace must be " +
                                         std::to_string(planned) +
                                         " bytes of device memory from aclrtMalloc)");
  }
  device::Stream* target = nullptr;
  Status st = resolveStream(stream, &target);
  if (!st)
    return Status(st.code() == asctwin::code::kInvalidParam ? kNnParamInvalid : kNnRuntimeError,
                  st.message());
  // Consume: from here on the handle is no longer live, whatever happens.
  if (!registry().remove(executor)) return notLive(executor);  // lost a race with another call
  std::shared_ptr<aclOpExecutor> held(executor);
  Status result;
  try {
    result = executor->enqueue(workspace, workspaceSize, *target);
  } catch (...) {
    result = fromException(std::current_exception(), kNnInner);
  }
  if (result) dumpOperator(op, executor->dumpTensors(), *target);
  // The stream keeps the plan alive until the tasks enqueued before now ran.
  target->enqueue(op + " (release executor)", [held] { return Status::ok(); });
  return result;
}

int executeC(const char* api, void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
             aclrtStream stream) noexcept {
  return guard(
      api, [&] { return execute(workspace, workspaceSize, executor, stream); },
      asctwin::code::kNnInner);
}

}  // namespace asctwin::acl

extern "C" {

aclnnStatus aclDestroyAclOpExecutor(aclOpExecutor* executor) {
  return asctwin::acl::guard(
      "aclDestroyAclOpExecutor", [&] { return asctwin::acl::destroyExecutor(executor); },
      asctwin::code::kNnInner);
}

}  // extern "C"
