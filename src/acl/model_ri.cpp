#include "acl/model_ri.h"

#include <atomic>
#include <cstring>
#include <deque>
#include <fstream>
#include <map>
#include <set>

#include "acl/c_boundary.h"
#include "acl/memory.h"
#include "acl/runtime.h"
#include "device/allocator.h"

using asctwin::invalidParam;
using asctwin::Status;
using asctwin::acl::guard;

namespace asctwin::acl::model {

struct Model;

struct BoundStream {
  device::Stream* stream = nullptr;
  uint32_t flag = ACL_MODEL_STREAM_FLAG_DEFAULT;
  std::vector<Entry> entries;
};

struct Cond {
  Model* owner = nullptr;
  uint64_t* value = nullptr;  // device memory (aclmdlRICondHandleGetCondPtr)
  uint32_t defaultValue = 0;
  bool assignDefault = false;
};

struct Model {
  uint32_t id = 0;
  std::string name;
  bool ended = false;     // capture ended / built: executable
  bool building = false;  // between aclmdlRIBuildBegin and aclmdlRIBuildEnd
  bool isChild = false;   // a branch of a conditional task (destroyed with its parent)
  std::vector<Entry> entries;
  std::vector<BoundStream> bound;
  std::vector<std::unique_ptr<Cond>> conds;
  std::vector<std::shared_ptr<Model>> children;
  std::vector<std::pair<aclrtCallback, void*>> onDestroy;
  std::shared_ptr<Group> openGroup;  // between TaskGrpBegin and TaskGrpEnd
  device::Stream* captureStream = nullptr;
};

struct Label {
  uint32_t id = 0;
};
struct LabelList {
  std::vector<const Label*> labels;
};

// Everything a run needs: activations of bound streams, the end flag, and a
// label to jump to inside the current stream.
struct RunContext {
  Model* model = nullptr;
  std::deque<BoundStream*> activated;
  bool ended = false;
  const void* jumpTo = nullptr;
  bool leaveStream = false;  // a switch moved execution to another stream
};

namespace {

struct Registry {
  std::mutex mu;
  std::map<const Model*, std::shared_ptr<Model>> models;  // user-visible models
  std::map<const Model*, std::shared_ptr<Model>> allModels;
  std::map<const device::Stream*, Model*> capturing;  // stream -> model it records into
  std::map<const device::Stream*, std::pair<Model*, size_t>> boundTo;  // stream -> (model, index)
  std::map<const Cond*, Cond*> conds;
  std::set<const Group*> groups;
  std::map<const device::Stream*, std::shared_ptr<std::vector<Entry>>> updating;
  std::map<const device::Stream*, std::shared_ptr<Group>> updateTarget;
  std::set<const Label*> labels;
  std::set<const LabelList*> labelLists;
  uint32_t nextId = 1;
};
Registry& reg() {
  static auto* r = new Registry();
  return *r;
}

thread_local aclmdlRICaptureMode tlsCaptureMode = ACL_MODEL_RI_CAPTURE_MODE_GLOBAL;

Status resolveModel(Registry& r, aclmdlRI handle, Model** out) {
  auto it = r.allModels.find(static_cast<const Model*>(handle));
  if (handle == nullptr || it == r.allModels.end())
    return invalidParam("modelRI is not a live model run instance");
  *out = it->second.get();
  return Status::ok();
}

std::shared_ptr<Model> newModel(Registry& r, bool child) {
  auto m = std::make_shared<Model>();
  m->id = r.nextId++;
  m->isChild = child;
  r.allModels[m.get()] = m;
  if (!child) r.models[m.get()] = m;
  return m;
}

void appendEntry(Registry& r, Model* m, Entry e) {
  (void)r;
  if (m->openGroup) {
    std::lock_guard lock(m->openGroup->mu);
    m->openGroup->entries.push_back(std::move(e));
  } else {
    m->entries.push_back(std::move(e));
  }
}

// Starts recording the stream's tasks into `m`.
void startCapture(Registry& r, device::Stream* s, Model* m) {
  r.capturing[s] = m;
  m->captureStream = s;
  s->setCaptureSink(
      [m](std::string name, device::Stream::Task task, device::Stream::LaunchTask atLaunch) {
        auto& rr = reg();
        std::lock_guard lock(rr.mu);
        Entry e;
        e.name = std::move(name);
        e.task = std::move(task);
        e.atLaunch = std::move(atLaunch);
        appendEntry(rr, m, std::move(e));
      });
}

Status runEntries(std::vector<Entry> entries, RunContext& ctx);

Status runEntry(Entry& e, RunContext& ctx) {
  if (e.group) {
    std::vector<Entry> copy;
    {
      std::lock_guard lock(e.group->mu);
      copy = e.group->entries;
    }
    return runEntries(std::move(copy), ctx);
  }
  if (e.control) return e.control(ctx);
  if (e.label != nullptr) return Status::ok();
  device::Stream::Task t = e.atLaunch ? e.atLaunch() : e.task;
  if (!t) return Status::ok();
  Status s = t();
  if (!s) return Status(s.code(), "model task '" + e.name + "': " + s.message());
  return s;
}

Status runEntries(std::vector<Entry> entries, RunContext& ctx) {
  for (size_t pc = 0; pc < entries.size() && !ctx.ended; ++pc) {
    Status s = runEntry(entries[pc], ctx);
    if (!s) return s;
    if (ctx.jumpTo != nullptr) {
      size_t target = entries.size();
      for (size_t i = 0; i < entries.size(); ++i)
        if (entries[i].label == ctx.jumpTo) target = i;
      ctx.jumpTo = nullptr;
      if (target == entries.size())
        return Status(ACL_ERROR_RT_LABEL_CONTEXT, "the label jumped to is not on this stream");
      pc = target;  // the loop's ++pc steps past the marker
    }
    if (ctx.leaveStream) {
      ctx.leaveStream = false;
      break;
    }
  }
  return Status::ok();
}

// A launch: entries whose task is made at the launch are made now.
std::vector<Entry> prepared(const std::vector<Entry>& in) {
  std::vector<Entry> out = in;
  for (Entry& e : out)
    if (e.atLaunch) {
      e.task = e.atLaunch();
      e.atLaunch = nullptr;
    }
  return out;
}

Status runModel(const std::shared_ptr<Model>& m, std::vector<Entry> top,
                std::vector<std::vector<Entry>> boundEntries) {
  RunContext ctx;
  ctx.model = m.get();
  for (auto& c : m->conds)
    if (c->assignDefault) *c->value = c->defaultValue;
  if (boundEntries.empty()) return runEntries(std::move(top), ctx);
  // Built model: the head streams first, then each activation in order.
  std::vector<BoundStream> streams = m->bound;
  for (size_t i = 0; i < streams.size(); ++i) streams[i].entries = std::move(boundEntries[i]);
  for (auto& b : streams)
    if (b.flag == ACL_MODEL_STREAM_FLAG_HEAD) ctx.activated.push_back(&b);
  auto findBound = [&](const device::Stream* s) -> BoundStream* {
    for (auto& b : streams)
      if (b.stream == s) return &b;
    return nullptr;
  };
  size_t steps = 0;
  while (!ctx.activated.empty() && !ctx.ended) {
    BoundStream* b = ctx.activated.front();
    ctx.activated.pop_front();
    if (++steps > 1000000)
      return Status(ACL_ERROR_RT_TASK_TIMEOUT, "the model activates streams without end");
    // Activation entries record the stream; map it to this run's copy.
    std::vector<Entry> es = b->entries;
    for (Entry& e : es) {
      if (!e.control) continue;
      auto inner = e.control;
      e.control = [inner, findBound](RunContext& c) {
        const size_t before = c.activated.size();
        Status s = inner(c);
        for (size_t i = before; i < c.activated.size(); ++i) {
          BoundStream* mapped = findBound(c.activated[i]->stream);
          if (mapped != nullptr) c.activated[i] = mapped;
        }
        return s;
      };
    }
    Status s = runEntries(std::move(es), ctx);
    if (!s) return s;
  }
  return Status::ok();
}

// The run of `m` as one stream task, prepared under r.mu. The caller
// enqueues it after releasing r.mu: enqueueing onto a stream that is being
// captured hands the task to the capture sink, which takes r.mu itself.
struct PreparedRun {
  std::string name;
  device::Stream::Task task;
};

Status prepareLaunch(Registry& r, Model* m, PreparedRun* out) {
  if (!m->ended)
    return invalidParam(
        "modelRI is still being captured or built: end it first "
        "(aclmdlRICaptureEnd / aclmdlRIBuildEnd)");
  std::shared_ptr<Model> keep = r.allModels[m];
  std::vector<Entry> top = prepared(m->entries);
  std::vector<std::vector<Entry>> boundEntries;
  for (const auto& b : m->bound) boundEntries.push_back(prepared(b.entries));
  out->name = "aclmdlRI#" + std::to_string(m->id);
  out->task = [keep, top = std::move(top), boundEntries = std::move(boundEntries)] {
    return runModel(keep, top, boundEntries);
  };
  return Status::ok();
}

// Queues a run of the root model `handle` on `stream`: prepared under r.mu,
// enqueued after it (see PreparedRun).
Status enqueueRun(aclmdlRI handle, device::Stream* stream) {
  PreparedRun run;
  {
    Registry& r = reg();
    std::lock_guard lock(r.mu);
    Model* m = nullptr;
    Status st = resolveModel(r, handle, &m);
    if (!st) return st;
    if (m->isChild) return invalidParam("modelRI is a branch of a conditional task; run its root");
    st = prepareLaunch(r, m, &run);
    if (!st) return st;
  }
  stream->enqueue(std::move(run.name), std::move(run.task));
  return Status::ok();
}

bool compare(int64_t l, int64_t rgt, int cond) {
  switch (cond) {
    case ACL_RT_EQUAL:
      return l == rgt;
    case ACL_RT_NOT_EQUAL:
      return l != rgt;
    case ACL_RT_GREATER:
      return l > rgt;
    case ACL_RT_GREATER_OR_EQUAL:
      return l >= rgt;
    case ACL_RT_LESS:
      return l < rgt;
    default:
      return l <= rgt;
  }
}

// The bound model of a stream for the build-mode calls.
Status boundModel(Registry& r, aclrtStream stream, const char* what, Model** m, size_t* index) {
  auto it = r.boundTo.find(static_cast<const device::Stream*>(stream));
  if (stream == nullptr || it == r.boundTo.end())
    return invalidParam(std::string(what) + " is not bound to a model (aclmdlRIBindStream)");
  *m = it->second.first;
  *index = it->second.second;
  return Status::ok();
}

// The model a captured stream records into; ACL_ERROR_RT_STREAM_NOT_CAPTURED when none.
Status capturingModel(Registry& r, const device::Stream* s, Model** m) {
  auto it = r.capturing.find(s);
  if (it == r.capturing.end())
    return Status(ACL_ERROR_RT_STREAM_NOT_CAPTURED, "the stream is not being captured");
  *m = it->second;
  return Status::ok();
}

void destroyModelLocked(Registry& r, Model* m, std::vector<std::pair<aclrtCallback, void*>>* cbs) {
  for (auto& c : m->conds) {
    r.conds.erase(c.get());
    (void)device::DeviceMemory::instance().free(c->value);
  }
  for (auto& child : m->children) destroyModelLocked(r, child.get(), cbs);
  for (auto& b : m->bound) {
    b.stream->clearCaptureSink();
    r.boundTo.erase(b.stream);
  }
  if (m->captureStream != nullptr && r.capturing.count(m->captureStream) != 0 &&
      r.capturing[m->captureStream] == m) {
    m->captureStream->clearCaptureSink();
    r.capturing.erase(m->captureStream);
  }
  cbs->insert(cbs->end(), m->onDestroy.begin(), m->onDestroy.end());
  r.models.erase(m);
  r.allModels.erase(m);
}

}  // namespace
}  // namespace asctwin::acl::model

namespace asctwin::acl {
bool streamCaptureModel(const device::Stream* stream, aclmdlRI* out) {
  auto& r = model::reg();
  std::lock_guard lock(r.mu);
  auto it = r.capturing.find(stream);
  if (it == r.capturing.end()) return false;
  *out = it->second;
  return true;
}
}  // namespace asctwin::acl

namespace mdl = asctwin::acl::model;
namespace acl = asctwin::acl;

extern "C" {

aclError aclmdlRICaptureBegin(aclrtStream stream, aclmdlRICaptureMode mode) {
  return guard("aclmdlRICaptureBegin", [&] {
    if (static_cast<int>(mode) < ACL_MODEL_RI_CAPTURE_MODE_GLOBAL ||
        static_cast<int>(mode) > ACL_MODEL_RI_CAPTURE_MODE_RELAXED)
      return invalidParam("mode is not an aclmdlRICaptureMode");
    asctwin::device::Stream* s = nullptr;
    Status st = acl::resolveCreatedStream(stream, "stream", &s);
    if (!st) return st;
    auto& r = mdl::reg();
    std::lock_guard lock(r.mu);
    if (r.capturing.count(s) != 0 || s->capturing())
      return Status(ACL_ERROR_RT_STREAM_CAPTURED, "the stream is already being captured");
    auto m = mdl::newModel(r, false);
    mdl::startCapture(r, s, m.get());
    return Status::ok();
  });
}

aclError aclmdlRICaptureToModelRIBegin(aclrtStream stream, aclmdlRI modelRI,
                                       aclmdlRICaptureMode mode) {
  return guard("aclmdlRICaptureToModelRIBegin", [&] {
    if (static_cast<int>(mode) < ACL_MODEL_RI_CAPTURE_MODE_GLOBAL ||
        static_cast<int>(mode) > ACL_MODEL_RI_CAPTURE_MODE_RELAXED)
      return invalidParam("mode is not an aclmdlRICaptureMode");
    asctwin::device::Stream* s = nullptr;
    Status st = acl::resolveCreatedStream(stream, "stream", &s);
    if (!st) return st;
    auto& r = mdl::reg();
    std::lock_guard lock(r.mu);
    mdl::Model* m = nullptr;
    st = mdl::resolveModel(r, modelRI, &m);
    if (!st) return st;
    if (r.capturing.count(s) != 0 || s->capturing())
      return Status(ACL_ERROR_RT_STREAM_CAPTURED, "the stream is already being captured");
    m->ended = false;
    mdl::startCapture(r, s, m);
    return Status::ok();
  });
}

aclError aclmdlRICaptureGetInfo(aclrtStream stream, aclmdlRICaptureStatus* status,
                                aclmdlRI* modelRI) {
  return guard("aclmdlRICaptureGetInfo", [&] {
    if (status == nullptr || modelRI == nullptr)
      return invalidParam("status and modelRI must not be null");
    asctwin::device::Stream* s = nullptr;
    Status st = acl::resolveCreatedStream(stream, "stream", &s);
    if (!st) return st;
    auto& r = mdl::reg();
    std::lock_guard lock(r.mu);
    auto it = r.capturing.find(s);
    *status = it == r.capturing.end() ? ACL_MODEL_RI_CAPTURE_STATUS_NONE
                                      : ACL_MODEL_RI_CAPTURE_STATUS_ACTIVE;
    *modelRI = it == r.capturing.end() ? nullptr : it->second;
    return Status::ok();
  });
}

aclError aclmdlRICaptureEnd(aclrtStream stream, aclmdlRI* modelRI) {
  return guard("aclmdlRICaptureEnd", [&] {
    if (modelRI == nullptr) return invalidParam("modelRI must not be null");
    asctwin::device::Stream* s = nullptr;
    Status st = acl::resolveCreatedStream(stream, "stream", &s);
    if (!st) return st;
    auto& r = mdl::reg();
    std::lock_guard lock(r.mu);
    mdl::Model* m = nullptr;
    st = mdl::capturingModel(r, s, &m);
    if (!st) return st;
    if (m->openGroup)
      return Status(ACL_ERROR_RT_STREAM_CAPTURE_UNMATCHED,
                    "a task group is open: end it (aclmdlRICaptureTaskGrpEnd) first");
    s->clearCaptureSink();
    r.capturing.erase(s);
    m->captureStream = nullptr;
    m->ended = true;
    *modelRI = m;
    return Status::ok();
  });
}

aclError aclmdlRICaptureThreadExchangeMode(aclmdlRICaptureMode* mode) {
  return guard("aclmdlRICaptureThreadExchangeMode", [&] {
    if (mode == nullptr) return invalidParam("mode must not be null");
    if (static_cast<int>(*mode) < ACL_MODEL_RI_CAPTURE_MODE_GLOBAL ||
        static_cast<int>(*mode) > ACL_MODEL_RI_CAPTURE_MODE_RELAXED)
      return invalidParam("*mode is not an aclmdlRICaptureMode");
    std::swap(*mode, mdl::tlsCaptureMode);
    return Status::ok();
  });
}

aclError aclmdlRICaptureTaskGrpBegin(aclrtStream stream) {
  return guard("aclmdlRICaptureTaskGrpBegin", [&] {
    asctwin::device::Stream* s = nullptr;
    Status st = acl::resolveCreatedStream(stream, "stream", &s);
    if (!st) return st;
    auto& r = mdl::reg();
    std::lock_guard lock(r.mu);
    mdl::Model* m = nullptr;
    st = mdl::capturingModel(r, s, &m);
    if (!st) return st;
    if (m->openGroup)
      return Status(ACL_ERROR_RT_STREAM_CAPTURE_UNMATCHED, "a task group is already open");
    auto g = std::make_shared<mdl::Group>();
    mdl::Entry e;
    e.name = "task group";
    e.group = g;
    m->entries.push_back(e);
    m->openGroup = g;
    r.groups.insert(g.get());
    return Status::ok();
  });
}

aclError aclmdlRICaptureTaskGrpEnd(aclrtStream stream, aclrtTaskGrp* handle) {
  return guard("aclmdlRICaptureTaskGrpEnd", [&] {
    if (handle == nullptr) return invalidParam("handle must not be null");
    asctwin::device::Stream* s = nullptr;
    Status st = acl::resolveCreatedStream(stream, "stream", &s);
    if (!st) return st;
    auto& r = mdl::reg();
    std::lock_guard lock(r.mu);
    mdl::Model* m = nullptr;
    st = mdl::capturingModel(r, s, &m);
    if (!st) return st;
    if (!m->openGroup)
      return Status(ACL_ERROR_RT_STREAM_CAPTURE_UNMATCHED, "no task group is open on the stream");
    *handle = m->openGroup.get();
    m->openGroup.reset();
    return Status::ok();
  });
}

aclError aclmdlRICaptureTaskUpdateBegin(aclrtStream stream, aclrtTaskGrp handle) {
  return guard("aclmdlRICaptureTaskUpdateBegin", [&] {
    asctwin::device::Stream* s = nullptr;
    Status st = acl::resolveCreatedStream(stream, "stream", &s);
    if (!st) return st;
    auto& r = mdl::reg();
    std::lock_guard lock(r.mu);
    if (handle == nullptr || r.groups.count(static_cast<const mdl::Group*>(handle)) == 0)
      return invalidParam("handle is not a task group of aclmdlRICaptureTaskGrpEnd");
    if (r.capturing.count(s) != 0 || s->capturing() || r.updating.count(s) != 0)
      return Status(ACL_ERROR_RT_STREAM_CAPTURED, "the stream is already being captured");
    // The group's owner is kept alive by the models that hold it.
    std::shared_ptr<mdl::Group> target;
    for (auto& [raw, m] : r.allModels)
      for (auto& e : m->entries)
        if (e.group.get() == handle) target = e.group;
    if (!target) return invalidParam("handle's model was destroyed");
    auto pending = std::make_shared<std::vector<mdl::Entry>>();
    r.updating[s] = pending;
    r.updateTarget[s] = target;
    s->setCaptureSink([pending](std::string name, asctwin::device::Stream::Task task,
                                asctwin::device::Stream::LaunchTask atLaunch) {
      auto& rr = mdl::reg();
      std::lock_guard l(rr.mu);
      pending->push_back(mdl::Entry{std::move(name), std::move(task), std::move(atLaunch), nullptr,
                                    nullptr, nullptr});
    });
    return Status::ok();
  });
}

aclError aclmdlRICaptureTaskUpdateEnd(aclrtStream stream) {
  return guard("aclmdlRICaptureTaskUpdateEnd", [&] {
    asctwin::device::Stream* s = nullptr;
    Status st = acl::resolveCreatedStream(stream, "stream", &s);
    if (!st) return st;
    std::shared_ptr<std::vector<mdl::Entry>> pending;
    std::shared_ptr<mdl::Group> target;
    {
      auto& r = mdl::reg();
      std::lock_guard lock(r.mu);
      auto it = r.updating.find(s);
      if (it == r.updating.end())
        return Status(ACL_ERROR_RT_STREAM_NOT_CAPTURED,
                      "the stream is not updating a task group (aclmdlRICaptureTaskUpdateBegin)");
      pending = it->second;
      target = r.updateTarget[s];
      r.updating.erase(it);
      r.updateTarget.erase(s);
      s->clearCaptureSink();
    }
    // The update is a task of the stream: runs of the model that reach the
    // group after it see the new entries.
    s->enqueue("aclmdlRICaptureTaskUpdate", [pending, target] {
      std::lock_guard lock(target->mu);
      target->entries = *pending;
      return Status::ok();
    });
    return Status::ok();
  });
}

aclError aclmdlRIExecuteAsync(aclmdlRI modelRI, aclrtStream stream) {
  return guard("aclmdlRIExecuteAsync", [&] {
    asctwin::device::Stream* s = nullptr;
    Status st = acl::resolveStream(stream, &s);
    if (!st) return st;
    return mdl::enqueueRun(modelRI, s);
  });
}

aclError aclmdlRIExecute(aclmdlRI modelRI, int32_t timeout) {
  return guard("aclmdlRIExecute", [&] {
    if (timeout < -1 || timeout == 0) return invalidParam("timeout must be -1 or > 0 ms");
    asctwin::device::Stream* s = nullptr;
    Status st = acl::resolveStream(nullptr, &s);
    if (!st) return st;
    st = mdl::enqueueRun(modelRI, s);
    if (!st) return st;
    return s->synchronizeFor(std::chrono::milliseconds(timeout));
  });
}

aclError aclmdlRIDestroy(aclmdlRI modelRI) {
  return guard("aclmdlRIDestroy", [&] {
    std::vector<std::pair<aclrtCallback, void*>> cbs;
    {
      auto& r = mdl::reg();
      std::lock_guard lock(r.mu);
      mdl::Model* m = nullptr;
      Status st = mdl::resolveModel(r, modelRI, &m);
      if (!st) return st;
      if (m->isChild)
        return invalidParam("modelRI is a branch of a conditional task; destroy its root");
      mdl::destroyModelLocked(r, m, &cbs);
    }
    for (auto& [fn, data] : cbs) fn(data);
    return Status::ok();
  });
}

aclError aclmdlRIDestroyRegisterCallback(aclmdlRI modelRI, aclrtCallback func, void* userData) {
  return guard("aclmdlRIDestroyRegisterCallback", [&] {
    if (func == nullptr) return invalidParam("func must not be null");
    auto& r = mdl::reg();
    std::lock_guard lock(r.mu);
    mdl::Model* m = nullptr;
    Status st = mdl::resolveModel(r, modelRI, &m);
    if (!st) return st;
    m->onDestroy.emplace_back(func, userData);
    return Status::ok();
  });
}

aclError aclmdlRIDestroyUnregisterCallback(aclmdlRI modelRI, aclrtCallback func) {
  return guard("aclmdlRIDestroyUnregisterCallback", [&] {
    auto& r = mdl::reg();
    std::lock_guard lock(r.mu);
    mdl::Model* m = nullptr;
    Status st = mdl::resolveModel(r, modelRI, &m);
    if (!st) return st;
    const size_t before = m->onDestroy.size();
    std::erase_if(m->onDestroy, [&](const auto& p) { return p.first == func; });
    if (m->onDestroy.size() == before) return invalidParam("func is not registered");
    return Status::ok();
  });
}

aclError aclmdlRIBuildBegin(aclmdlRI* modelRI, uint32_t flag) {
  return guard("aclmdlRIBuildBegin", [&] {
    if (modelRI == nullptr) return invalidParam("modelRI must not be null");
    if (flag != 0) return invalidParam("flag is reserved and must be 0");
    auto& r = mdl::reg();
    std::lock_guard lock(r.mu);
    auto m = mdl::newModel(r, false);
    m->building = true;
    *modelRI = m.get();
    return Status::ok();
  });
}

aclError aclmdlRIBindStream(aclmdlRI modelRI, aclrtStream stream, uint32_t flag) {
  return guard("aclmdlRIBindStream", [&] {
    if (flag != ACL_MODEL_STREAM_FLAG_HEAD && flag != ACL_MODEL_STREAM_FLAG_DEFAULT)
      return invalidParam(
          "flag must be ACL_MODEL_STREAM_FLAG_HEAD or ACL_MODEL_STREAM_FLAG_DEFAULT");
    asctwin::device::Stream* s = nullptr;
    Status st = acl::resolveCreatedStream(stream, "stream", &s);
    if (!st) return st;
    if ((s->flags() & ACL_STREAM_PERSISTENT) == 0)
      return invalidParam(
          "stream must be created with ACL_STREAM_PERSISTENT "
          "(aclrtCreateStreamWithConfig)");
    auto& r = mdl::reg();
    std::lock_guard lock(r.mu);
    mdl::Model* m = nullptr;
    st = mdl::resolveModel(r, modelRI, &m);
    if (!st) return st;
    if (!m->building) return invalidParam("modelRI is not being built (aclmdlRIBuildBegin)");
    if (r.boundTo.count(s) != 0) return invalidParam("stream is already bound to a model");
    const size_t index = m->bound.size();
    m->bound.push_back(mdl::BoundStream{s, flag, {}});
    r.boundTo[s] = {m, index};
    s->setCaptureSink([m, index](std::string name, asctwin::device::Stream::Task task,
                                 asctwin::device::Stream::LaunchTask atLaunch) {
      auto& rr = mdl::reg();
      std::lock_guard l(rr.mu);
      m->bound[index].entries.push_back(mdl::Entry{std::move(name), std::move(task),
                                                   std::move(atLaunch), nullptr, nullptr, nullptr});
    });
    return Status::ok();
  });
}

aclError aclmdlRIUnbindStream(aclmdlRI modelRI, aclrtStream stream) {
  return guard("aclmdlRIUnbindStream", [&] {
    asctwin::device::Stream* s = nullptr;
    Status st = acl::resolveCreatedStream(stream, "stream", &s);
    if (!st) return st;
    auto& r = mdl::reg();
    std::lock_guard lock(r.mu);
    mdl::Model* m = nullptr;
    st = mdl::resolveModel(r, modelRI, &m);
    if (!st) return st;
    auto it = r.boundTo.find(s);
    if (it == r.boundTo.end() || it->second.first != m)
      return invalidParam("stream is not bound to modelRI");
    s->clearCaptureSink();
    r.boundTo.erase(it);
    return Status::ok();
  });
}

aclError aclmdlRIEndTask(aclmdlRI modelRI, aclrtStream stream) {
  return guard("aclmdlRIEndTask", [&] {
    auto& r = mdl::reg();
    std::lock_guard lock(r.mu);
    mdl::Model* m = nullptr;
    Status st = mdl::resolveModel(r, modelRI, &m);
    if (!st) return st;
    mdl::Model* bm = nullptr;
    size_t index = 0;
    st = mdl::boundModel(r, stream, "stream", &bm, &index);
    if (!st) return st;
    if (bm != m) return invalidParam("stream is bound to another model");
    mdl::Entry e;
    e.name = "EndTask";
    e.control = [](mdl::RunContext& c) {
      c.ended = true;
      return Status::ok();
    };
    m->bound[index].entries.push_back(e);
    return Status::ok();
  });
}

aclError aclmdlRIBuildEnd(aclmdlRI modelRI, void* reserve) {
  return guard("aclmdlRIBuildEnd", [&] {
    (void)reserve;
    auto& r = mdl::reg();
    std::lock_guard lock(r.mu);
    mdl::Model* m = nullptr;
    Status st = mdl::resolveModel(r, modelRI, &m);
    if (!st) return st;
    if (!m->building) return invalidParam("modelRI is not being built (aclmdlRIBuildBegin)");
    bool head = false;
    for (const auto& b : m->bound) head |= b.flag == ACL_MODEL_STREAM_FLAG_HEAD;
    if (!head) return invalidParam("modelRI has no head stream (ACL_MODEL_STREAM_FLAG_HEAD)");
    m->building = false;
    m->ended = true;
    return Status::ok();
  });
}

aclError aclrtActiveStream(aclrtStream activeStream, aclrtStream stream) {
  return guard("aclrtActiveStream", [&] {
    auto& r = mdl::reg();
    std::lock_guard lock(r.mu);
    mdl::Model* m = nullptr;
    mdl::Model* am = nullptr;
    size_t index = 0, aindex = 0;
    Status st = mdl::boundModel(r, stream, "stream", &m, &index);
    if (!st) return st;
    st = mdl::boundModel(r, activeStream, "activeStream", &am, &aindex);
    if (!st) return st;
    if (am != m) return invalidParam("activeStream and stream are bound to different models");
    mdl::Entry e;
    e.name = "ActiveStream";
    e.control = [m, aindex](mdl::RunContext& c) {
      c.activated.push_back(&m->bound[aindex]);
      return Status::ok();
    };
    m->bound[index].entries.push_back(e);
    return Status::ok();
  });
}

aclError aclrtSwitchStream(void* leftValue, aclrtCondition cond, void* rightValue,
                           aclrtCompareDataType dataType, aclrtStream trueStream,
                           aclrtStream falseStream, aclrtStream stream) {
  return guard("aclrtSwitchStream", [&] {
    if (falseStream != nullptr) return invalidParam("falseStream is reserved and must be null");
    const int c = static_cast<int>(cond), dt = static_cast<int>(dataType);
    if (c < ACL_RT_EQUAL || c > ACL_RT_LESS_OR_EQUAL)
      return invalidParam("cond is not an aclrtCondition");
    if (dt != ACL_RT_SWITCH_INT32 && dt != ACL_RT_SWITCH_INT64)
      return invalidParam("dataType must be ACL_RT_SWITCH_INT32 or ACL_RT_SWITCH_INT64");
    const size_t bytes = dt == ACL_RT_SWITCH_INT32 ? 4 : 8;
    Status st =
        acl::checkDeviceRange(leftValue, bytes, "leftValue", "the switch reads it on the device");
    if (!st) return st;
    st =
        acl::checkDeviceRange(rightValue, bytes, "rightValue", "the switch reads it on the device");
    if (!st) return st;
    auto& r = mdl::reg();
    std::lock_guard lock(r.mu);
    mdl::Model* m = nullptr;
    mdl::Model* tm = nullptr;
    size_t index = 0, tindex = 0;
    st = mdl::boundModel(r, stream, "stream", &m, &index);
    if (!st) return st;
    st = mdl::boundModel(r, trueStream, "trueStream", &tm, &tindex);
    if (!st) return st;
    if (tm != m) return invalidParam("trueStream and stream are bound to different models");
    mdl::Entry e;
    e.name = "SwitchStream";
    e.control = [m, tindex, leftValue, rightValue, c, dt](mdl::RunContext& ctx) {
      int64_t l = 0, rv = 0;
      if (dt == ACL_RT_SWITCH_INT32) {
        l = *static_cast<const int32_t*>(leftValue);
        rv = *static_cast<const int32_t*>(rightValue);
      } else {
        l = *static_cast<const int64_t*>(leftValue);
        rv = *static_cast<const int64_t*>(rightValue);
      }
      if (mdl::compare(l, rv, c)) {
        ctx.activated.push_back(&m->bound[tindex]);
        ctx.leaveStream = true;  // only the stream switched to goes on
      }
      return Status::ok();
    };
    m->bound[index].entries.push_back(e);
    return Status::ok();
  });
}

aclError aclrtCreateLabel(aclrtLabel* label) {
  return guard("aclrtCreateLabel", [&] {
    if (label == nullptr) return invalidParam("label must not be null");
    auto& r = mdl::reg();
    std::lock_guard lock(r.mu);
    auto* l = new mdl::Label{r.nextId++};
    r.labels.insert(l);
    *label = l;
    return Status::ok();
  });
}

aclError aclrtDestroyLabel(aclrtLabel label) {
  return guard("aclrtDestroyLabel", [&] {
    auto& r = mdl::reg();
    std::lock_guard lock(r.mu);
    auto* l = static_cast<mdl::Label*>(label);
    if (label == nullptr || r.labels.erase(l) == 0)
      return invalidParam("label is not a live label");
    delete l;
    return Status::ok();
  });
}

aclError aclrtSetLabel(aclrtLabel label, aclrtStream stream) {
  return guard("aclrtSetLabel", [&] {
    auto& r = mdl::reg();
    std::lock_guard lock(r.mu);
    if (label == nullptr || r.labels.count(static_cast<const mdl::Label*>(label)) == 0)
      return invalidParam("label is not a live label");
    mdl::Model* m = nullptr;
    size_t index = 0;
    Status st = mdl::boundModel(r, stream, "stream", &m, &index);
    if (!st) return st;
    mdl::Entry e;
    e.name = "Label";
    e.label = label;
    m->bound[index].entries.push_back(e);
    return Status::ok();
  });
}

aclError aclrtCreateLabelList(aclrtLabel* labels, size_t num, aclrtLabelList* labelList) {
  return guard("aclrtCreateLabelList", [&] {
    if (labels == nullptr || num == 0 || labelList == nullptr)
      return invalidParam("labels must hold num > 0 labels and labelList must not be null");
    auto& r = mdl::reg();
    std::lock_guard lock(r.mu);
    auto list = std::make_unique<mdl::LabelList>();
    for (size_t i = 0; i < num; ++i) {
      if (r.labels.count(static_cast<const mdl::Label*>(labels[i])) == 0)
        return invalidParam("labels[" + std::to_string(i) + "] is not a live label");
      list->labels.push_back(static_cast<const mdl::Label*>(labels[i]));
    }
    r.labelLists.insert(list.get());
    *labelList = list.release();
    return Status::ok();
  });
}

aclError aclrtDestroyLabelList(aclrtLabelList labelList) {
  return guard("aclrtDestroyLabelList", [&] {
    auto& r = mdl::reg();
    std::lock_guard lock(r.mu);
    auto* l = static_cast<mdl::LabelList*>(labelList);
    if (labelList == nullptr || r.labelLists.erase(l) == 0)
      return invalidParam("labelList is not a live label list");
    delete l;
    return Status::ok();
  });
}

aclError aclrtSwitchLabelByIndex(void* ptr, uint32_t maxValue, aclrtLabelList labelList,
                                 aclrtStream stream) {
  return guard("aclrtSwitchLabelByIndex", [&] {
    Status st =
        acl::checkDeviceRange(ptr, sizeof(uint32_t), "ptr", "the index is read on the device");
    if (!st) return st;
    auto& r = mdl::reg();
    std::lock_guard lock(r.mu);
    auto* list = static_cast<mdl::LabelList*>(labelList);
    if (labelList == nullptr || r.labelLists.count(list) == 0)
      return invalidParam("labelList is not a live label list");
    if (maxValue == 0 || maxValue > list->labels.size())
      return invalidParam("maxValue must be in [1, " + std::to_string(list->labels.size()) +
                          "] (the labels in the list)");
    mdl::Model* m = nullptr;
    size_t index = 0;
    st = mdl::boundModel(r, stream, "stream", &m, &index);
    if (!st) return st;
    std::vector<const mdl::Label*> labels = list->labels;
    mdl::Entry e;
    e.name = "SwitchLabelByIndex";
    e.control = [ptr, maxValue, labels](mdl::RunContext& c) {
      uint32_t i = *static_cast<const uint32_t*>(ptr);
      if (i >= maxValue) i = maxValue - 1;  // beyond the last: the last label
      c.jumpTo = labels[i];
      return Status::ok();
    };
    m->bound[index].entries.push_back(e);
    return Status::ok();
  });
}

aclError aclmdlRICondHandleCreate(aclmdlRI modelRI, uint32_t defaultLaunchValue,
                                  aclmdlRICondHandleFlag flag, aclmdlRICondHandle* handle) {
  return guard("aclmdlRICondHandleCreate", [&] {
    if (handle == nullptr) return invalidParam("handle must not be null");
    const int f = static_cast<int>(flag);
    if (f != 0 && f != ACL_MODEL_RI_COND_HANDLE_ASSIGN_DEFAULT)
      return invalidParam("flag must be 0 or ACL_MODEL_RI_COND_HANDLE_ASSIGN_DEFAULT");
    int32_t dev = 0;
    Status st = acl::currentDevice(&dev);
    if (!st) return st;
    auto& r = mdl::reg();
    std::lock_guard lock(r.mu);
    mdl::Model* m = nullptr;
    st = mdl::resolveModel(r, modelRI, &m);
    if (!st) return st;
    auto c = std::make_unique<mdl::Cond>();
    void* p = nullptr;
    st = asctwin::device::DeviceMemory::instance().allocate(dev, sizeof(uint64_t), &p);
    if (!st) return st;
    c->owner = m;
    c->value = static_cast<uint64_t*>(p);
    *c->value = defaultLaunchValue;
    c->defaultValue = defaultLaunchValue;
    c->assignDefault = f == ACL_MODEL_RI_COND_HANDLE_ASSIGN_DEFAULT;
    r.conds[c.get()] = c.get();
    *handle = c.get();
    m->conds.push_back(std::move(c));
    return Status::ok();
  });
}

aclError aclmdlRICondHandleGetCondPtr(aclmdlRICondHandle handle, uint64_t** ptr) {
  return guard("aclmdlRICondHandleGetCondPtr", [&] {
    if (ptr == nullptr) return invalidParam("ptr must not be null");
    auto& r = mdl::reg();
    std::lock_guard lock(r.mu);
    auto it = r.conds.find(static_cast<const mdl::Cond*>(handle));
    if (handle == nullptr || it == r.conds.end())
      return invalidParam("handle is not a live condition handle");
    *ptr = it->second->value;
    return Status::ok();
  });
}

aclError aclmdlRIAddCondTask(aclmdlRICondTaskParams params, aclrtStream stream, uint32_t flags) {
  return guard("aclmdlRIAddCondTask", [&] {
    if (flags != 0) return invalidParam("flags is reserved and must be 0");
    const int type = static_cast<int>(params.type);
    if (type < ACL_MODEL_RI_COND_TYPE_IF || type > ACL_MODEL_RI_COND_TYPE_SWITCH)
      return invalidParam("params.type is not an aclmdlRICondTaskType");
    if (params.modelRIArray == nullptr || params.size == 0)
      return invalidParam("params.modelRIArray must hold params.size > 0 models");
    if (type == ACL_MODEL_RI_COND_TYPE_IF && params.size > 2)
      return invalidParam("an IF task has 1 or 2 branches, got " + std::to_string(params.size));
    if (type == ACL_MODEL_RI_COND_TYPE_WHILE && params.size != 1)
      return invalidParam("a WHILE task has exactly 1 body, got " + std::to_string(params.size));
    asctwin::device::Stream* s = nullptr;
    Status st = acl::resolveCreatedStream(stream, "stream", &s);
    if (!st) return st;
    auto& r = mdl::reg();
    std::lock_guard lock(r.mu);
    auto cit = r.conds.find(static_cast<const mdl::Cond*>(params.handle));
    if (params.handle == nullptr || cit == r.conds.end())
      return invalidParam("params.handle is not a live condition handle");
    mdl::Model* m = nullptr;
    st = mdl::capturingModel(r, s, &m);
    if (!st) return st;
    std::vector<std::shared_ptr<mdl::Model>> branches;
    for (uint32_t i = 0; i < params.size; ++i) {
      auto child = mdl::newModel(r, true);
      child->ended = true;
      m->children.push_back(child);
      branches.push_back(child);
      params.modelRIArray[i] = child.get();
    }
    const uint64_t* value = cit->second->value;
    mdl::Entry e;
    e.name = type == ACL_MODEL_RI_COND_TYPE_IF      ? "IF"
             : type == ACL_MODEL_RI_COND_TYPE_WHILE ? "WHILE"
                                                    : "SWITCH";
    e.control = [branches, value, type](mdl::RunContext& ctx) -> Status {
      auto runBranch = [&](const std::shared_ptr<mdl::Model>& b) {
        mdl::RunContext inner;
        inner.model = b.get();
        return mdl::runEntries(b->entries, inner);
      };
      (void)ctx;
      if (type == ACL_MODEL_RI_COND_TYPE_IF) {
        if (*value != 0) return runBranch(branches[0]);
        return branches.size() > 1 ? runBranch(branches[1]) : Status::ok();
      }
      if (type == ACL_MODEL_RI_COND_TYPE_WHILE) {
        for (uint64_t n = 0; *value != 0; ++n) {
          if (n > 100000000) return Status(ACL_ERROR_RT_TASK_TIMEOUT, "the WHILE body never ends");
          Status body = runBranch(branches[0]);
          if (!body) return body;
        }
        return Status::ok();
      }
      const uint64_t k = *value;
      return k < branches.size() ? runBranch(branches[k]) : Status::ok();
    };
    mdl::appendEntry(r, m, e);
    return Status::ok();
  });
}

aclError aclmdlRIDebugJsonPrint(aclmdlRI modelRI, const char* path, uint32_t flags) {
  return guard("aclmdlRIDebugJsonPrint", [&] {
    if (path == nullptr) return invalidParam("path must not be null");
    if (flags > ACL_MDLRI_DEBUG_JSON_PRINT_VERBOSE)
      return invalidParam("flags must be ACL_MDLRI_DEBUG_JSON_PRINT_SUMMARY or _VERBOSE");
    auto& r = mdl::reg();
    std::lock_guard lock(r.mu);
    mdl::Model* m = nullptr;
    Status st = mdl::resolveModel(r, modelRI, &m);
    if (!st) return st;
    std::ofstream out(path);
    if (!out) return Status(ACL_ERROR_WRITE_FILE, std::string("cannot write ") + path);
    out << "{\"modelRI\": " << m->id << ", \"name\": \"" << m->name << "\", \"tasks\": [";
    for (size_t i = 0; i < m->entries.size(); ++i)
      out << (i ? ", " : "") << "{\"seq\": " << i << ", \"type\": \"" << m->entries[i].name
          << "\"}";
    out << "], \"streams\": " << m->bound.size() << "}\n";
    return Status::ok();
  });
}

aclError aclmdlRIDebugPrint(aclmdlRI modelRI) {
  return guard("aclmdlRIDebugPrint", [&] {
    auto& r = mdl::reg();
    std::lock_guard lock(r.mu);
    mdl::Model* m = nullptr;
    Status st = mdl::resolveModel(r, modelRI, &m);
    if (!st) return st;
    std::fprintf(stderr, "[asctwin] aclmdlRI #%u: %zu task(s), %zu bound stream(s)\n", m->id,
                 m->entries.size(), m->bound.size());
    for (size_t i = 0; i < m->entries.size(); ++i)
      std::fprintf(stderr, "[asctwin]   %zu: %s\n", i, m->entries[i].name.c_str());
    return Status::ok();
  });
}

aclError aclmdlRISetName(aclmdlRI modelRI, const char* name) {
  return guard("aclmdlRISetName", [&] {
    if (name == nullptr) return invalidParam("name must not be null");
    auto& r = mdl::reg();
    std::lock_guard lock(r.mu);
    mdl::Model* m = nullptr;
    Status st = mdl::resolveModel(r, modelRI, &m);
    if (!st) return st;
    m->name = name;
    return Status::ok();
  });
}

aclError aclmdlRIGetName(aclmdlRI modelRI, uint32_t maxLen, char* name) {
  return guard("aclmdlRIGetName", [&] {
    if (name == nullptr || maxLen == 0) return invalidParam("name must hold maxLen > 0 bytes");
    auto& r = mdl::reg();
    std::lock_guard lock(r.mu);
    mdl::Model* m = nullptr;
    Status st = mdl::resolveModel(r, modelRI, &m);
    if (!st) return st;
    if (m->name.size() + 1 > maxLen) return invalidParam("maxLen is too small for the name");
    std::snprintf(name, maxLen, "%s", m->name.c_str());
    return Status::ok();
  });
}

aclError aclmdlRIGetId(aclmdlRI modelRI, uint32_t* modelRIId) {
  return guard("aclmdlRIGetId", [&] {
    if (modelRIId == nullptr) return invalidParam("modelRIId must not be null");
    auto& r = mdl::reg();
    std::lock_guard lock(r.mu);
    mdl::Model* m = nullptr;
    Status st = mdl::resolveModel(r, modelRI, &m);
    if (!st) return st;
    *modelRIId = m->id;
    return Status::ok();
  });
}

aclError aclmdlRIGetStreams(aclmdlRI modelRI, aclrtStream* streams, uint32_t* numStreams) {
  return guard("aclmdlRIGetStreams", [&] {
    if (numStreams == nullptr) return invalidParam("numStreams must not be null");
    auto& r = mdl::reg();
    std::lock_guard lock(r.mu);
    mdl::Model* m = nullptr;
    Status st = mdl::resolveModel(r, modelRI, &m);
    if (!st) return st;
    if (streams != nullptr) {
      if (*numStreams < m->bound.size())
        return invalidParam("*numStreams is smaller than the model's " +
                            std::to_string(m->bound.size()) + " streams");
      for (size_t i = 0; i < m->bound.size(); ++i) streams[i] = m->bound[i].stream;
    }
    *numStreams = static_cast<uint32_t>(m->bound.size());
    return Status::ok();
  });
}

aclError aclmdlRIAbort(aclmdlRI modelRI) {
  return guard("aclmdlRIAbort", [&] {
    auto& r = mdl::reg();
    std::lock_guard lock(r.mu);
    mdl::Model* m = nullptr;
    Status st = mdl::resolveModel(r, modelRI, &m);
    if (!st) return st;
    return acl::notSupported("aborting a running model (its run is one stream task)");
  });
}

}  // extern "C"
