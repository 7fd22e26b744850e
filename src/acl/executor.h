// The executor behind aclOpExecutor: the plan an operator's GetWorkspaceSize
// call makes and its execute call enqueues. Operators derive their plans from
// it and override enqueue().
//
// Life cycle: registerExecutor() makes a plan a live handle (returned to the
// client); execute() validates the execute call's arguments, unregisters the
// executor, calls enqueue() once and hands the executor to the stream, which
// deletes it after the tasks enqueued before it have run (so tasks may refer
// to the plan). aclDestroyAclOpExecutor deletes an executor never executed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include <vector>

#include "acl/dump.h"
#include "aclnn/aclnn_base.h"
#include "common/status.h"
#include "device/stream.h"

struct aclOpExecutor {
  aclOpExecutor(std::string opName, uint64_t workspaceSize)
      : opName_(std::move(opName)), workspaceSize_(workspaceSize) {}
  virtual ~aclOpExecutor() = default;
  aclOpExecutor(const aclOpExecutor&) = delete;
  aclOpExecutor& operator=(const aclOpExecutor&) = delete;

  // The operator, e.g. "aclnnBernoulli" (used in messages and task names).
  const std::string& opName() const { return opName_; }
  // Workspace bytes the plan needs (the GetWorkspaceSize result).
  uint64_t workspaceSize() const { return workspaceSize_; }

  // Enqueues the plan's tasks on `stream`. `workspace` holds at least
  // workspaceSize() bytes of device memory (null when that is 0). The default
  // plan has nothing to do (e.g. an empty tensor).
  // The tensors the data dump writes after the operator (default: none).
  virtual std::vector<asctwin::acl::DumpTensor> dumpTensors() const { return {}; }

  virtual asctwin::Status enqueue(void* workspace, uint64_t workspaceSize,
                                  asctwin::device::Stream& stream) {
    (void)workspace;
    (void)workspaceSize;
    (void)stream;
    return asctwin::Status::ok();
  }

 private:
  std::string opName_;
  uint64_t workspaceSize_;
};

namespace asctwin::acl {

// Makes `executor` a live handle and returns it.
aclOpExecutor* registerExecutor(std::unique_ptr<aclOpExecutor> executor);
bool isLiveExecutor(const aclOpExecutor* executor);
size_t liveExecutorCount();

// aclDestroyAclOpExecutor: null -> ACLNN_ERR_PARAM_NULLPTR, unknown ->
// ACLNN_ERR_PARAM_INVALID.
Status destroyExecutor(aclOpExecutor* executor);

// The execute call of an operator (aclnnXxx(workspace, workspaceSize,
// executor, stream)), first failure wins:
//   executor null                                   ACLNN_ERR_PARAM_NULLPTR
//   executor not live (executed/destroyed/foreign)  ACLNN_ERR_PARAM_INVALID
//   workspaceSize < planned size                    ACLNN_ERR_PARAM_INVALID
//   workspace null while the planned size is > 0    ACLNN_ERR_PARAM_NULLPTR
//   workspace not [planned] bytes of device memory  ACLNN_ERR_PARAM_INVALID
//   stream not live                                 ACLNN_ERR_PARAM_INVALID
//   null stream without a current device / init     ACLNN_ERR_RUNTIME_ERROR
// A rejected call leaves the executor alive. Otherwise the executor is
// consumed, whatever enqueue() returns.
Status execute(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
               aclrtStream stream);

// execute() behind the C boundary: returns the aclnnStatus and records the
// message prefixed with `api`.
int executeC(const char* api, void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
             aclrtStream stream) noexcept;

}  // namespace asctwin::acl
