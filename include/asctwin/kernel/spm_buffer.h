// TPipe's SPM buffer (InitSpmBuffer, WriteSpmBuffer, ReadSpmBuffer): a GM
// area a core spills UB data to when UB is short, lowered as the real
// implementation does: the flags that order the spill after the UB data's
// producers (V, MTE2) and before its next users, and one burst copy
// (copy_ubuf_to_gm / copy_gm_to_ubuf). The offset counts elements of T (the
// real code adds it to a T pointer; the reference's prose says bytes). A
// copy outside the buffer InitSpmBuffer declared fails (the reference warns
// of overwriting); so does a spill before InitSpmBuffer. The L1 form of
// InitSpmBuffer does not exist on A2/A3 (as the reference says).
#pragma once

#include <cstdint>

#include "asctwin/isa/intrinsics.h"
#include "asctwin/kernel/pipe.h"

namespace AscendC {

template <typename T>
void TPipe::InitSpmBuffer(const GlobalTensor<T>& workspace, const int32_t bufferSize,
                          std::source_location loc) {
  const auto site = asctwin::kernel::Site::at("TPipe::InitSpmBuffer", loc);
  if (bufferSize < 0)
    asctwin::kernel::fail(site, "InitSpmBuffer: bufferSize %d must not be negative", bufferSize);
  if (workspace.GetPhyAddr() == nullptr)
    asctwin::kernel::fail(site, "InitSpmBuffer: workspace has no GM address (SetGlobalBuffer)");
  spmAddr_ = reinterpret_cast<uintptr_t>(workspace.GetPhyAddr());
  spmBytes_ = bufferSize;
}

inline void TPipe::InitSpmBuffer(const int32_t bufferSize, std::source_location loc) {
  asctwin::kernel::fail(asctwin::kernel::Site::at("TPipe::InitSpmBuffer", loc),
                        "InitSpmBuffer(bufferSize = %d): an SPM buffer in L1 is not supported on "
                        "Atlas A2/A3; use InitSpmBuffer(workspace, bufferSize)",
                        bufferSize);
}

// The GM address of a copy of `p` at element `offset` of the SPM buffer,
// checked to lie inside it.
template <typename T>
uint8_t* TPipe::spmRange(const char* api, const LocalTensor<T>& local, const DataCopyParams& p,
                         int32_t offset, const asctwin::kernel::Site& site) const {
  if (spmBytes_ < 0) asctwin::kernel::fail(site, "%s before InitSpmBuffer", api);
  if (local.ref().space != asctwin::kernel::Space::UB)
    asctwin::kernel::fail(site, "%s: the local tensor must be in UB, not %s", api,
                          asctwin::kernel::spaceName(local.ref().space));
  if (offset < 0) asctwin::kernel::fail(site, "%s: offset %d must not be negative", api, offset);
  if (p.blockCount == 0 || p.blockLen == 0)
    asctwin::kernel::fail(site, "%s: blockCount %u and blockLen %u must be at least 1", api,
                          static_cast<unsigned>(p.blockCount), static_cast<unsigned>(p.blockLen));
  const uint64_t first = uint64_t(offset) * sizeof(T);
  const uint64_t gap = p.dstGap;  // the SPM side's gap (dst of a write, src of a read)
  const uint64_t end =
      first + ((p.blockCount - 1u) * (uint64_t{p.blockLen} + gap) + p.blockLen) * 32u;
  if (end > static_cast<uint64_t>(spmBytes_))
    asctwin::kernel::fail(site,
                          "%s: the copy covers bytes [%llu, %llu) of the SPM buffer, which holds "
                          "%lld bytes (InitSpmBuffer's bufferSize)",
                          api, static_cast<unsigned long long>(first),
                          static_cast<unsigned long long>(end), static_cast<long long>(spmBytes_));
  return reinterpret_cast<uint8_t*>(spmAddr_) + first;
}

namespace detail {
inline void spmSync(TPipe& pipe, HardEvent e, const Site& site, const std::source_location& loc) {
  const TEventID id = pipe.FetchEventID(e, loc);
  setFlag(e, id, site);
  waitFlag(e, id, site);
}
// The DataCopyParams of `count` elements of T in whole blocks (0: the
// tensor's size); a partial last block is not copied, as in DataCopy.
template <typename T>
DataCopyParams spmBlocks(const LocalTensor<T>& t, int32_t count, const char* api,
                         const Site& site) {
  if (count < 0) asctwin::kernel::fail(site, "%s: size %d must not be negative", api, count);
  const uint64_t n = count != 0 ? static_cast<uint64_t>(count) : t.GetSize();
  DataCopyParams p;
  p.blockLen = static_cast<uint16_t>(n * sizeof(T) / 32u);
  return p;
}
}  // namespace detail

template <typename T>
void TPipe::WriteSpmBuffer(const LocalTensor<T>& writeBuffer, const DataCopyParams& copyParams,
                           int32_t writeOffset, std::source_location loc) {
  const auto site = asctwin::kernel::Site::at("TPipe::WriteSpmBuffer", loc);
  asctwin::kernel::ApiCall call("TPipe::WriteSpmBuffer", loc, {writeBuffer.ref().bufferId});
  uint8_t* gm = spmRange("WriteSpmBuffer", writeBuffer, copyParams, writeOffset, site);
  // The UB data may come from V or MTE2; its next user may be V.
  detail::spmSync(*this, HardEvent::V_MTE3, site, loc);
  detail::spmSync(*this, HardEvent::MTE2_MTE3, site, loc);
  copy_ubuf_to_gm(gm, writeBuffer.ref().ptr, 0, copyParams.blockCount, copyParams.blockLen,
                  copyParams.srcGap, copyParams.dstGap);
  detail::spmSync(*this, HardEvent::MTE3_MTE2, site, loc);
  detail::spmSync(*this, HardEvent::MTE3_V, site, loc);
}

template <typename T>
void TPipe::ReadSpmBuffer(const LocalTensor<T>& readBuffer, const DataCopyParams& copyParams,
                          int32_t readOffset, std::source_location loc) {
  const auto site = asctwin::kernel::Site::at("TPipe::ReadSpmBuffer", loc);
  asctwin::kernel::ApiCall call("TPipe::ReadSpmBuffer", loc, {readBuffer.ref().bufferId});
  // The SPM side of a read is its source: its gap is srcGap.
  DataCopyParams spmSide = copyParams;
  spmSide.dstGap = copyParams.srcGap;
  uint8_t* gm = spmRange("ReadSpmBuffer", readBuffer, spmSide, readOffset, site);
  detail::spmSync(*this, HardEvent::V_MTE2, site, loc);
  copy_gm_to_ubuf(readBuffer.ref().ptr, gm, 0, copyParams.blockCount, copyParams.blockLen,
                  copyParams.srcGap, copyParams.dstGap);
  detail::spmSync(*this, HardEvent::MTE2_V, site, loc);
  detail::spmSync(*this, HardEvent::MTE2_MTE3, site, loc);
}

template <typename T>
void TPipe::WriteSpmBuffer(const LocalTensor<T>& writeBuffer, const int32_t writeSize,
                           int32_t writeOffset, std::source_location loc) {
  const auto site = asctwin::kernel::Site::at("TPipe::WriteSpmBuffer", loc);
  WriteSpmBuffer(writeBuffer, detail::spmBlocks(writeBuffer, writeSize, "WriteSpmBuffer", site),
                 writeOffset, loc);
}

template <typename T>
void TPipe::ReadSpmBuffer(const LocalTensor<T>& readBuffer, const int32_t readSize,
                          int32_t readOffset, std::source_location loc) {
  const auto site = asctwin::kernel::Site::at("TPipe::ReadSpmBuffer", loc);
  ReadSpmBuffer(readBuffer, detail::spmBlocks(readBuffer, readSize, "ReadSpmBuffer", site),
                readOffset, loc);
}

}  // namespace AscendC
