// C entry points: tensor data transfer queues, buffers and routes
// (acl/acl_tdt_queue.h), as host-side queues of the process. A bound route
// src -> dst forwards what is enqueued on src to every dst (one-to-many
// shares the buffer, as the real queues do). Queues are per process on the
// twin: granting or attaching another process's queue is not supported.
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "acl/acl_rt.h"
#include "acl/acl_tdt_queue.h"
#include "acl/c_boundary.h"

using asctwin::invalidParam;
using asctwin::Status;
using asctwin::acl::guard;

struct tagMemQueueAttr {
  std::string name;
  uint32_t depth = 8;
};

struct acltdtQueueRoute {
  uint32_t src = 0;
  uint32_t dst = 0;
  int32_t status = ACL_TDT_QUEUE_ROUTE_UNBIND;
};

struct acltdtQueueRouteList {
  std::vector<acltdtQueueRoute> routes;
};

struct acltdtQueueRouteQueryInfo {
  int mode = ACL_TDT_QUEUE_ROUTE_QUERY_SRC_AND_DST;
  uint32_t src = 0;
  uint32_t dst = 0;
  bool haveSrc = false;
  bool haveDst = false;
};

namespace {

// A buffer (mbuf): data, user data (a fixed 96-byte area, as CANN's), a chain.
struct Buf {
  std::vector<uint8_t> data;
  size_t len = 0;
  uint8_t user[96] = {};
  std::vector<std::shared_ptr<Buf>> chain;  // the following buffers of a chain head
};

struct Queue {
  std::string name;
  uint32_t depth = 8;
  std::deque<std::shared_ptr<Buf>> items;
  std::condition_variable cv;
};

struct State {
  std::mutex mu;
  uint32_t nextQid = 1;
  std::map<uint32_t, std::unique_ptr<Queue>> queues;
  std::map<const void*, std::shared_ptr<Buf>> bufs;  // handle -> buffer (a handle per reference)
  std::vector<acltdtQueueRoute> bound;
  std::set<const void*> attrs, routes, routeLists, queryInfos;
};
State& st() {
  static auto* s = new State();
  return *s;
}

Status findQueue(State& s, uint32_t qid, Queue** q) {
  auto it = s.queues.find(qid);
  if (it == s.queues.end())
    return Status(ACL_ERROR_INVALID_QUEUE_ID,
                  "qid " + std::to_string(qid) + " is not a live queue");
  *q = it->second.get();
  return Status::ok();
}

// Puts a buffer on qid, following bound routes; waits for room up to timeout.
Status put(State& s, std::unique_lock<std::mutex>& lock, uint32_t qid, std::shared_ptr<Buf> b,
           int32_t timeout) {
  Queue* q = nullptr;
  Status r = findQueue(s, qid, &q);
  if (!r) return r;
  std::vector<uint32_t> targets;
  for (const auto& route : s.bound)
    if (route.src == qid) targets.push_back(route.dst);
  if (!targets.empty()) {
    for (uint32_t dst : targets) {
      r = put(s, lock, dst, b, timeout);
      if (!r) return r;
    }
    return Status::ok();
  }
  auto room = [&] { return s.queues.count(qid) != 0 && q->items.size() < q->depth; };
  if (timeout < 0) {
    q->cv.wait(lock, room);
  } else if (!q->cv.wait_for(lock, std::chrono::milliseconds(timeout), room)) {
    return Status(ACL_ERROR_RT_QUEUE_FULL, "queue " + std::to_string(qid) + " is full (depth " +
                                               std::to_string(q->depth) + ")");
  }
  q->items.push_back(std::move(b));
  q->cv.notify_all();
  return Status::ok();
}

Status take(State& s, std::unique_lock<std::mutex>& lock, uint32_t qid, int32_t timeout,
            std::shared_ptr<Buf>* out) {
  Queue* q = nullptr;
  Status r = findQueue(s, qid, &q);
  if (!r) return r;
  auto ready = [&] { return s.queues.count(qid) == 0 || !q->items.empty(); };
  if (timeout < 0) {
    q->cv.wait(lock, ready);
  } else if (!q->cv.wait_for(lock, std::chrono::milliseconds(timeout), ready)) {
    return Status(ACL_ERROR_RT_QUEUE_EMPTY, "queue " + std::to_string(qid) + " is empty");
  }
  if (s.queues.count(qid) == 0)
    return Status(ACL_ERROR_INVALID_QUEUE_ID, "the queue was destroyed");
  *out = q->items.front();
  q->items.pop_front();
  q->cv.notify_all();
  return Status::ok();
}

void* newHandle(State& s, std::shared_ptr<Buf> b) {
  auto* h = new char;  // a distinct handle per reference
  s.bufs[h] = std::move(b);
  return h;
}

Status resolveBuf(State& s, const void* h, std::shared_ptr<Buf>* out) {
  auto it = s.bufs.find(h);
  if (h == nullptr || it == s.bufs.end()) return invalidParam("buf is not a live acltdtBuf");
  *out = it->second;
  return Status::ok();
}

template <class Body>
aclError locked(const char* api, Body body) {
  return guard(api, [&] {
    std::unique_lock lock(st().mu);
    return body(st(), lock);
  });
}

}  // namespace

extern "C" {

acltdtQueueAttr* acltdtCreateQueueAttr(void) {
  return asctwin::acl::guardPtr<acltdtQueueAttr>("acltdtCreateQueueAttr",
                                                 [](acltdtQueueAttr** out) {
                                                   auto* a = new acltdtQueueAttr();
                                                   std::lock_guard lock(st().mu);
                                                   st().attrs.insert(a);
                                                   *out = a;
                                                   return Status::ok();
                                                 });
}

aclError acltdtDestroyQueueAttr(const acltdtQueueAttr* attr) {
  return locked("acltdtDestroyQueueAttr", [&](State& s, auto&) {
    if (attr == nullptr || s.attrs.erase(attr) == 0)
      return invalidParam("attr is not a live queue attribute");
    delete attr;
    return Status::ok();
  });
}

aclError acltdtSetQueueAttr(acltdtQueueAttr* attr, acltdtQueueAttrType type, size_t len,
                            const void* param) {
  return locked("acltdtSetQueueAttr", [&](State& s, auto&) {
    if (attr == nullptr || s.attrs.count(attr) == 0)
      return invalidParam("attr is not a live queue attribute");
    if (param == nullptr) return invalidParam("param must not be null");
    if (type == ACL_TDT_QUEUE_NAME_PTR) {
      if (len != sizeof(const char*)) return invalidParam("len must be sizeof(char*) for the name");
      const char* name = nullptr;
      std::memcpy(&name, param, sizeof name);
      if (name == nullptr || std::strlen(name) >= 128)
        return invalidParam("the name must be a string shorter than 128 bytes");
      attr->name = name;
      return Status::ok();
    }
    if (type == ACL_TDT_QUEUE_DEPTH_UINT32) {
      if (len != sizeof(uint32_t))
        return invalidParam("len must be sizeof(uint32_t) for the depth");
      uint32_t d = 0;
      std::memcpy(&d, param, sizeof d);
      if (d < 2 || d > 8192)
        return invalidParam("depth must be in [2, 8192], got " + std::to_string(d));
      attr->depth = d;
      return Status::ok();
    }
    return invalidParam("type is not an acltdtQueueAttrType");
  });
}

aclError acltdtGetQueueAttr(const acltdtQueueAttr* attr, acltdtQueueAttrType type, size_t len,
                            size_t* paramRetSize, void* param) {
  return locked("acltdtGetQueueAttr", [&](State& s, auto&) {
    if (attr == nullptr || s.attrs.count(attr) == 0)
      return invalidParam("attr is not a live queue attribute");
    if (param == nullptr || paramRetSize == nullptr)
      return invalidParam("param and paramRetSize must not be null");
    if (type == ACL_TDT_QUEUE_NAME_PTR) {
      if (len < sizeof(const char*)) return invalidParam("len is too small for a pointer");
      const char* p = attr->name.c_str();
      std::memcpy(param, &p, sizeof p);
      *paramRetSize = sizeof p;
      return Status::ok();
    }
    if (type == ACL_TDT_QUEUE_DEPTH_UINT32) {
      if (len < sizeof(uint32_t)) return invalidParam("len is too small for a uint32");
      std::memcpy(param, &attr->depth, sizeof(uint32_t));
      *paramRetSize = sizeof(uint32_t);
      return Status::ok();
    }
    return invalidParam("type is not an acltdtQueueAttrType");
  });
}

aclError acltdtCreateQueue(const acltdtQueueAttr* attr, uint32_t* qid) {
  return locked("acltdtCreateQueue", [&](State& s, auto&) {
    if (attr == nullptr || s.attrs.count(attr) == 0)
      return invalidParam("attr is not a live queue attribute");
    if (qid == nullptr) return invalidParam("qid must not be null");
    auto q = std::make_unique<Queue>();
    q->name = attr->name;
    q->depth = attr->depth;
    *qid = s.nextQid++;
    s.queues[*qid] = std::move(q);
    return Status::ok();
  });
}

aclError acltdtDestroyQueue(uint32_t qid) {
  return locked("acltdtDestroyQueue", [&](State& s, auto&) {
    Queue* q = nullptr;
    Status r = findQueue(s, qid, &q);
    if (!r) return r;
    for (const auto& route : s.bound)
      if (route.src == qid || route.dst == qid)
        return invalidParam("queue " + std::to_string(qid) +
                            " is in a bound route: unbind it first");
    q->cv.notify_all();
    s.queues.erase(qid);
    return Status::ok();
  });
}

aclError acltdtEnqueue(uint32_t qid, acltdtBuf buf, int32_t timeout) {
  return locked("acltdtEnqueue", [&](State& s, std::unique_lock<std::mutex>& lock) {
    std::shared_ptr<Buf> b;
    Status r = resolveBuf(s, buf, &b);
    if (!r) return r;
    r = put(s, lock, qid, b, timeout);
    if (!r) return r;
    // The queue owns the buffer now; the handle dies.
    s.bufs.erase(buf);
    delete static_cast<char*>(buf);
    return Status::ok();
  });
}

aclError acltdtDequeue(uint32_t qid, acltdtBuf* buf, int32_t timeout) {
  return locked("acltdtDequeue", [&](State& s, std::unique_lock<std::mutex>& lock) {
    if (buf == nullptr) return invalidParam("buf must not be null");
    std::shared_ptr<Buf> b;
    Status r = take(s, lock, qid, timeout, &b);
    if (!r) return r;
    *buf = newHandle(s, std::move(b));
    return Status::ok();
  });
}

aclError acltdtEnqueueData(uint32_t qid, const void* data, size_t dataSize, const void* userData,
                           size_t userDataSize, int32_t timeout, uint32_t rsv) {
  return locked("acltdtEnqueueData", [&](State& s, std::unique_lock<std::mutex>& lock) {
    if (rsv != 0) return invalidParam("rsv is reserved and must be 0");
    if (data == nullptr && dataSize != 0) return invalidParam("data must not be null");
    if (userDataSize > sizeof(Buf::user)) return invalidParam("userDataSize must be at most 96");
    if (userData == nullptr && userDataSize != 0) return invalidParam("userData must not be null");
    auto b = std::make_shared<Buf>();
    b->data.assign(static_cast<const uint8_t*>(data), static_cast<const uint8_t*>(data) + dataSize);
    b->len = dataSize;
    if (userDataSize != 0) std::memcpy(b->user, userData, userDataSize);
    return put(s, lock, qid, std::move(b), timeout);
  });
}

aclError acltdtDequeueData(uint32_t qid, void* data, size_t dataSize, size_t* retDataSize,
                           void* userData, size_t userDataSize, int32_t timeout) {
  return locked("acltdtDequeueData", [&](State& s, std::unique_lock<std::mutex>& lock) {
    if (data == nullptr || retDataSize == nullptr)
      return invalidParam("data and retDataSize must not be null");
    if (userDataSize > sizeof(Buf::user)) return invalidParam("userDataSize must be at most 96");
    Queue* q = nullptr;
    Status r = findQueue(s, qid, &q);
    if (!r) return r;
    if (!q->items.empty() && q->items.front()->len > dataSize)
      return invalidParam("dataSize " + std::to_string(dataSize) +
                          " is smaller than the next item (" +
                          std::to_string(q->items.front()->len) + " bytes)");
    std::shared_ptr<Buf> b;
    r = take(s, lock, qid, timeout, &b);
    if (!r) return r;
    std::memcpy(data, b->data.data(), std::min(b->len, dataSize));
    *retDataSize = b->len;
    if (userData != nullptr && userDataSize != 0) std::memcpy(userData, b->user, userDataSize);
    return Status::ok();
  });
}

aclError acltdtGrantQueue(uint32_t qid, int32_t pid, uint32_t permission, int32_t timeout) {
  return locked("acltdtGrantQueue", [&](State& s, auto&) {
    (void)pid;
    (void)permission;
    (void)timeout;
    Queue* q = nullptr;
    Status r = findQueue(s, qid, &q);
    if (!r) return r;
    return asctwin::acl::notSupported(
        "granting a queue to another process (queues are per process)");
  });
}

aclError acltdtAttachQueue(uint32_t qid, int32_t timeout, uint32_t* permission) {
  return locked("acltdtAttachQueue", [&](State& s, auto&) {
    (void)timeout;
    if (permission == nullptr) return invalidParam("permission must not be null");
    Queue* q = nullptr;
    Status r = findQueue(s, qid, &q);
    if (!r) return r;
    // The creating process manages, enqueues and dequeues its own queues.
    *permission = ACL_TDT_QUEUE_PERMISSION_MANAGE | ACL_TDT_QUEUE_PERMISSION_DEQUEUE |
                  ACL_TDT_QUEUE_PERMISSION_ENQUEUE;
    return Status::ok();
  });
}

acltdtQueueRoute* acltdtCreateQueueRoute(uint32_t srcId, uint32_t dstId) {
  return asctwin::acl::guardPtr<acltdtQueueRoute>(
      "acltdtCreateQueueRoute", [&](acltdtQueueRoute** out) {
        auto* r = new acltdtQueueRoute{srcId, dstId, ACL_TDT_QUEUE_ROUTE_UNBIND};
        std::lock_guard lock(st().mu);
        st().routes.insert(r);
        *out = r;
        return Status::ok();
      });
}

aclError acltdtDestroyQueueRoute(const acltdtQueueRoute* route) {
  return locked("acltdtDestroyQueueRoute", [&](State& s, auto&) {
    if (route == nullptr || s.routes.erase(route) == 0)
      return invalidParam("route is not a live route");
    delete route;
    return Status::ok();
  });
}

aclError acltdtGetQueueRouteParam(const acltdtQueueRoute* route, acltdtQueueRouteParamType type,
                                  size_t len, size_t* paramRetSize, void* param) {
  return locked("acltdtGetQueueRouteParam", [&](State& s, auto&) {
    if (route == nullptr || s.routes.count(route) == 0)
      return invalidParam("route is not a live route");
    if (param == nullptr || paramRetSize == nullptr)
      return invalidParam("param and paramRetSize must not be null");
    if (len < 4) return invalidParam("len must be at least 4");
    switch (static_cast<int>(type)) {
      case ACL_TDT_QUEUE_ROUTE_SRC_UINT32:
        std::memcpy(param, &route->src, 4);
        break;
      case ACL_TDT_QUEUE_ROUTE_DST_UINT32:
        std::memcpy(param, &route->dst, 4);
        break;
      case ACL_TDT_QUEUE_ROUTE_STATUS_INT32:
        std::memcpy(param, &route->status, 4);
        break;
      default:
        return invalidParam("type is not an acltdtQueueRouteParamType");
    }
    *paramRetSize = 4;
    return Status::ok();
  });
}

acltdtQueueRouteList* acltdtCreateQueueRouteList(void) {
  return asctwin::acl::guardPtr<acltdtQueueRouteList>("acltdtCreateQueueRouteList",
                                                      [](acltdtQueueRouteList** out) {
                                                        auto* l = new acltdtQueueRouteList();
                                                        std::lock_guard lock(st().mu);
                                                        st().routeLists.insert(l);
                                                        *out = l;
                                                        return Status::ok();
                                                      });
}

aclError acltdtDestroyQueueRouteList(const acltdtQueueRouteList* routeList) {
  return locked("acltdtDestroyQueueRouteList", [&](State& s, auto&) {
    if (routeList == nullptr || s.routeLists.erase(routeList) == 0)
      return invalidParam("routeList is not a live route list");
    delete routeList;
    return Status::ok();
  });
}

aclError acltdtAddQueueRoute(acltdtQueueRouteList* routeList, const acltdtQueueRoute* route) {
  return locked("acltdtAddQueueRoute", [&](State& s, auto&) {
    if (routeList == nullptr || s.routeLists.count(routeList) == 0)
      return invalidParam("routeList is not a live route list");
    if (route == nullptr || s.routes.count(route) == 0)
      return invalidParam("route is not a live route");
    routeList->routes.push_back(*route);
    return Status::ok();
  });
}

aclError acltdtGetQueueRoute(const acltdtQueueRouteList* routeList, size_t index,
                             acltdtQueueRoute* route) {
  return locked("acltdtGetQueueRoute", [&](State& s, auto&) {
    if (routeList == nullptr || s.routeLists.count(routeList) == 0)
      return invalidParam("routeList is not a live route list");
    if (route == nullptr || s.routes.count(route) == 0)
      return invalidParam("route is not a live route");
    if (index >= routeList->routes.size())
      return invalidParam("index " + std::to_string(index) + " is past the list's " +
                          std::to_string(routeList->routes.size()) + " routes");
    *route = routeList->routes[index];
    return Status::ok();
  });
}

size_t acltdtGetQueueRouteNum(const acltdtQueueRouteList* routeList) {
  std::lock_guard lock(st().mu);
  if (routeList == nullptr || st().routeLists.count(routeList) == 0) return 0;
  return routeList->routes.size();
}

aclError acltdtBindQueueRoutes(acltdtQueueRouteList* qRouteList) {
  return locked("acltdtBindQueueRoutes", [&](State& s, auto&) {
    if (qRouteList == nullptr || s.routeLists.count(qRouteList) == 0)
      return invalidParam("qRouteList is not a live route list");
    for (auto& r : qRouteList->routes) {
      Queue* q = nullptr;
      Status e = findQueue(s, r.src, &q);
      if (!e) return e;
      e = findQueue(s, r.dst, &q);
      if (!e) return e;
      if (r.src == r.dst) return invalidParam("a route must join two different queues");
    }
    for (auto& r : qRouteList->routes) {
      r.status = ACL_TDT_QUEUE_ROUTE_BIND;
      s.bound.push_back(r);
    }
    return Status::ok();
  });
}

aclError acltdtUnbindQueueRoutes(acltdtQueueRouteList* qRouteList) {
  return locked("acltdtUnbindQueueRoutes", [&](State& s, auto&) {
    if (qRouteList == nullptr || s.routeLists.count(qRouteList) == 0)
      return invalidParam("qRouteList is not a live route list");
    for (auto& r : qRouteList->routes) {
      std::erase_if(s.bound,
                    [&](const acltdtQueueRoute& b) { return b.src == r.src && b.dst == r.dst; });
      r.status = ACL_TDT_QUEUE_ROUTE_UNBIND;
    }
    return Status::ok();
  });
}

acltdtQueueRouteQueryInfo* acltdtCreateQueueRouteQueryInfo(void) {
  return asctwin::acl::guardPtr<acltdtQueueRouteQueryInfo>(
      "acltdtCreateQueueRouteQueryInfo", [](acltdtQueueRouteQueryInfo** out) {
        auto* q = new acltdtQueueRouteQueryInfo();
        std::lock_guard lock(st().mu);
        st().queryInfos.insert(q);
        *out = q;
        return Status::ok();
      });
}

aclError acltdtDestroyQueueRouteQueryInfo(const acltdtQueueRouteQueryInfo* info) {
  return locked("acltdtDestroyQueueRouteQueryInfo", [&](State& s, auto&) {
    if (info == nullptr || s.queryInfos.erase(info) == 0)
      return invalidParam("info is not a live query");
    delete info;
    return Status::ok();
  });
}

aclError acltdtSetQueueRouteQueryInfo(acltdtQueueRouteQueryInfo* param,
                                      acltdtQueueRouteQueryInfoParamType type, size_t len,
                                      const void* value) {
  return locked("acltdtSetQueueRouteQueryInfo", [&](State& s, auto&) {
    if (param == nullptr || s.queryInfos.count(param) == 0)
      return invalidParam("param is not a live query");
    if (value == nullptr || len < 4) return invalidParam("value must hold at least 4 bytes");
    switch (static_cast<int>(type)) {
      case ACL_TDT_QUEUE_ROUTE_QUERY_MODE_ENUM: {
        int m = 0;
        std::memcpy(&m, value, sizeof m);
        if (m != ACL_TDT_QUEUE_ROUTE_QUERY_SRC && m != ACL_TDT_QUEUE_ROUTE_QUERY_DST &&
            m != ACL_TDT_QUEUE_ROUTE_QUERY_SRC_AND_DST && m != ACL_TDT_QUEUE_ROUTE_QUERY_ABNORMAL)
          return invalidParam("the mode is not an acltdtQueueRouteQueryMode");
        param->mode = m;
        return Status::ok();
      }
      case ACL_TDT_QUEUE_ROUTE_QUERY_SRC_ID_UINT32:
        std::memcpy(&param->src, value, 4);
        param->haveSrc = true;
        return Status::ok();
      case ACL_TDT_QUEUE_ROUTE_QUERY_DST_ID_UINT32:
        std::memcpy(&param->dst, value, 4);
        param->haveDst = true;
        return Status::ok();
      default:
        return invalidParam("type is not an acltdtQueueRouteQueryInfoParamType");
    }
  });
}

aclError acltdtQueryQueueRoutes(const acltdtQueueRouteQueryInfo* queryInfo,
                                acltdtQueueRouteList* qRouteList) {
  return locked("acltdtQueryQueueRoutes", [&](State& s, auto&) {
    if (queryInfo == nullptr || s.queryInfos.count(queryInfo) == 0)
      return invalidParam("queryInfo is not a live query");
    if (qRouteList == nullptr || s.routeLists.count(qRouteList) == 0)
      return invalidParam("qRouteList is not a live route list");
    qRouteList->routes.clear();
    for (const auto& r : s.bound) {
      bool match = false;
      switch (queryInfo->mode) {
        case ACL_TDT_QUEUE_ROUTE_QUERY_SRC:
          match = r.src == queryInfo->src;
          break;
        case ACL_TDT_QUEUE_ROUTE_QUERY_DST:
          match = r.dst == queryInfo->dst;
          break;
        case ACL_TDT_QUEUE_ROUTE_QUERY_SRC_AND_DST:
          match = r.src == queryInfo->src && r.dst == queryInfo->dst;
          break;
        default:
          match = r.status == ACL_TDT_QUEUE_ROUTE_BIND_ABNORMAL;
          break;
      }
      if (match) qRouteList->routes.push_back(r);
    }
    return Status::ok();
  });
}

aclError acltdtAllocBuf(size_t size, uint32_t type, acltdtBuf* buf) {
  return locked("acltdtAllocBuf", [&](State& s, auto&) {
    if (buf == nullptr) return invalidParam("buf must not be null");
    if (type != ACL_TDT_NORMAL_MEM && type != ACL_TDT_DVPP_MEM)
      return invalidParam("type must be ACL_TDT_NORMAL_MEM or ACL_TDT_DVPP_MEM");
    auto b = std::make_shared<Buf>();
    b->data.resize(size);
    b->len = size;
    *buf = newHandle(s, std::move(b));
    return Status::ok();
  });
}

aclError acltdtFreeBuf(acltdtBuf buf) {
  return locked("acltdtFreeBuf", [&](State& s, auto&) {
    if (buf == nullptr || s.bufs.erase(buf) == 0)
      return invalidParam("buf is not a live acltdtBuf");
    delete static_cast<char*>(buf);
    return Status::ok();
  });
}

aclError acltdtGetBufData(const acltdtBuf buf, void** dataPtr, size_t* size) {
  return locked("acltdtGetBufData", [&](State& s, auto&) {
    if (dataPtr == nullptr || size == nullptr)
      return invalidParam("dataPtr and size must not be null");
    std::shared_ptr<Buf> b;
    Status r = resolveBuf(s, buf, &b);
    if (!r) return r;
    *dataPtr = b->data.data();
    *size = b->data.size();
    return Status::ok();
  });
}

aclError acltdtSetBufDataLen(acltdtBuf buf, size_t len) {
  return locked("acltdtSetBufDataLen", [&](State& s, auto&) {
    std::shared_ptr<Buf> b;
    Status r = resolveBuf(s, buf, &b);
    if (!r) return r;
    if (len > b->data.size()) return invalidParam("len exceeds the buffer's size");
    b->len = len;
    return Status::ok();
  });
}

aclError acltdtGetBufDataLen(acltdtBuf buf, size_t* len) {
  return locked("acltdtGetBufDataLen", [&](State& s, auto&) {
    if (len == nullptr) return invalidParam("len must not be null");
    std::shared_ptr<Buf> b;
    Status r = resolveBuf(s, buf, &b);
    if (!r) return r;
    *len = b->len;
    return Status::ok();
  });
}

aclError acltdtAppendBufChain(acltdtBuf headBuf, acltdtBuf buf) {
  return locked("acltdtAppendBufChain", [&](State& s, auto&) {
    std::shared_ptr<Buf> head, b;
    Status r = resolveBuf(s, headBuf, &head);
    if (!r) return r;
    r = resolveBuf(s, buf, &b);
    if (!r) return r;
    if (head == b) return invalidParam("a buffer cannot be chained to itself");
    head->chain.push_back(b);
    return Status::ok();
  });
}

aclError acltdtGetBufChainNum(acltdtBuf headBuf, uint32_t* num) {
  return locked("acltdtGetBufChainNum", [&](State& s, auto&) {
    if (num == nullptr) return invalidParam("num must not be null");
    std::shared_ptr<Buf> head;
    Status r = resolveBuf(s, headBuf, &head);
    if (!r) return r;
    *num = static_cast<uint32_t>(head->chain.size() + 1);
    return Status::ok();
  });
}

aclError acltdtGetBufFromChain(acltdtBuf headBuf, uint32_t index, acltdtBuf* buf) {
  return locked("acltdtGetBufFromChain", [&](State& s, auto&) {
    if (buf == nullptr) return invalidParam("buf must not be null");
    std::shared_ptr<Buf> head;
    Status r = resolveBuf(s, headBuf, &head);
    if (!r) return r;
    if (index > head->chain.size()) return invalidParam("index is past the chain");
    if (index == 0) {
      *buf = headBuf;
      return Status::ok();
    }
    for (auto& [h, b] : s.bufs)
      if (b == head->chain[index - 1]) {
        *buf = const_cast<void*>(h);
        return Status::ok();
      }
    *buf = newHandle(s, head->chain[index - 1]);
    return Status::ok();
  });
}

aclError acltdtGetBufUserData(const acltdtBuf buf, void* dataPtr, size_t size, size_t offset) {
  return locked("acltdtGetBufUserData", [&](State& s, auto&) {
    if (dataPtr == nullptr) return invalidParam("dataPtr must not be null");
    std::shared_ptr<Buf> b;
    Status r = resolveBuf(s, buf, &b);
    if (!r) return r;
    if (offset > sizeof(Buf::user) || size > sizeof(Buf::user) - offset)
      return invalidParam("offset + size must be at most 96 (the user data area)");
    std::memcpy(dataPtr, b->user + offset, size);
    return Status::ok();
  });
}

aclError acltdtSetBufUserData(acltdtBuf buf, const void* dataPtr, size_t size, size_t offset) {
  return locked("acltdtSetBufUserData", [&](State& s, auto&) {
    if (dataPtr == nullptr) return invalidParam("dataPtr must not be null");
    std::shared_ptr<Buf> b;
    Status r = resolveBuf(s, buf, &b);
    if (!r) return r;
    if (offset > sizeof(Buf::user) || size > sizeof(Buf::user) - offset)
      return invalidParam("offset + size must be at most 96 (the user data area)");
    std::memcpy(b->user + offset, dataPtr, size);
    return Status::ok();
  });
}

aclError acltdtCopyBufRef(const acltdtBuf buf, acltdtBuf* newBuf) {
  return locked("acltdtCopyBufRef", [&](State& s, auto&) {
    if (newBuf == nullptr) return invalidParam("newBuf must not be null");
    std::shared_ptr<Buf> b;
    Status r = resolveBuf(s, buf, &b);
    if (!r) return r;
    *newBuf = newHandle(s, b);
    return Status::ok();
  });
}

}  // extern "C"
