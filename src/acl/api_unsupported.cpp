// C entry points the twin has no meaning for: each returns
// ACL_ERROR_RT_FEATURE_NOT_SUPPORT (207000) with the reason (c_boundary.h
// notSupported), never a fake success. Grouped by what they need that only
// an NPU has.
#include "acl/acl_rt.h"
#include "acl/c_boundary.h"

using asctwin::acl::guard;
using asctwin::acl::notSupported;

extern "C" {

aclError aclmdlRIGetTasksByStream(aclrtStream stream, aclmdlRITask* tasks, uint32_t* numTasks) {
  (void)stream;
  (void)tasks;
  (void)numTasks;
  return guard("aclmdlRIGetTasksByStream", [] {
    return notSupported(
        "aclmdlRIGetTasksByStream: editing captured tasks one by one (captured tasks are host "
        "closures on the twin; use task groups and aclmdlRICaptureTaskUpdateBegin/End)");
  });
}

aclError aclmdlRIKernelTaskGetAttribute(aclmdlRITask task, aclrtLaunchKernelAttrId attrId,
                                        aclrtLaunchKernelAttrValue* attrValue) {
  (void)task;
  (void)attrId;
  (void)attrValue;
  return guard("aclmdlRIKernelTaskGetAttribute", [] {
    return notSupported(
        "aclmdlRIKernelTaskGetAttribute: editing captured tasks one by one (captured tasks are "
        "host closures on the twin; use task groups and aclmdlRICaptureTaskUpdateBegin/End)");
  });
}

aclError aclmdlRITaskDisable(aclmdlRITask task) {
  (void)task;
  return guard("aclmdlRITaskDisable", [] {
    return notSupported(
        "aclmdlRITaskDisable: editing captured tasks one by one (captured tasks are host closures "
        "on the twin; use task groups and aclmdlRICaptureTaskUpdateBegin/End)");
  });
}

aclError aclmdlRITaskGetParams(aclmdlRITask task, aclmdlRITaskParams* params) {
  (void)task;
  (void)params;
  return guard("aclmdlRITaskGetParams", [] {
    return notSupported(
        "aclmdlRITaskGetParams: editing captured tasks one by one (captured tasks are host "
        "closures on the twin; use task groups and aclmdlRICaptureTaskUpdateBegin/End)");
  });
}

aclError aclmdlRITaskGetSeqId(aclmdlRITask task, uint32_t* id) {
  (void)task;
  (void)id;
  return guard("aclmdlRITaskGetSeqId", [] {
    return notSupported(
        "aclmdlRITaskGetSeqId: editing captured tasks one by one (captured tasks are host closures "
        "on the twin; use task groups and aclmdlRICaptureTaskUpdateBegin/End)");
  });
}

aclError aclmdlRITaskGetType(aclmdlRITask task, aclmdlRITaskType* type) {
  (void)task;
  (void)type;
  return guard("aclmdlRITaskGetType", [] {
    return notSupported(
        "aclmdlRITaskGetType: editing captured tasks one by one (captured tasks are host closures "
        "on the twin; use task groups and aclmdlRICaptureTaskUpdateBegin/End)");
  });
}

aclError aclmdlRITaskSetParams(aclmdlRITask task, aclmdlRITaskParams* params) {
  (void)task;
  (void)params;
  return guard("aclmdlRITaskSetParams", [] {
    return notSupported(
        "aclmdlRITaskSetParams: editing captured tasks one by one (captured tasks are host "
        "closures on the twin; use task groups and aclmdlRICaptureTaskUpdateBegin/End)");
  });
}

aclError aclmdlRIUpdate(aclmdlRI modelRI) {
  (void)modelRI;
  return guard("aclmdlRIUpdate", [] {
    return notSupported(
        "aclmdlRIUpdate: editing captured tasks one by one (captured tasks are host closures on "
        "the twin; use task groups and aclmdlRICaptureTaskUpdateBegin/End)");
  });
}

aclError aclrtBinaryGetDevAddress(const aclrtBinHandle binHandle, void** binAddr, size_t* binSize) {
  (void)binHandle;
  (void)binAddr;
  (void)binSize;
  return guard("aclrtBinaryGetDevAddress", [] {
    return notSupported(
        "aclrtBinaryGetDevAddress: device binaries: an NPU kernel object (ELF for the AI Core) "
        "cannot be loaded or launched on the twin, whose kernels are host C++ launched with <<<>>> "
        "or asctwin::launch");
  });
}

aclError aclrtBinaryGetFunction(const aclrtBinHandle binHandle, const char* kernelName,
                                aclrtFuncHandle* funcHandle) {
  (void)binHandle;
  (void)kernelName;
  (void)funcHandle;
  return guard("aclrtBinaryGetFunction", [] {
    return notSupported(
        "aclrtBinaryGetFunction: device binaries: an NPU kernel object (ELF for the AI Core) "
        "cannot be loaded or launched on the twin, whose kernels are host C++ launched with <<<>>> "
        "or asctwin::launch");
  });
}

aclError aclrtBinaryGetFunctionByEntry(aclrtBinHandle binHandle, uint64_t funcEntry,
                                       aclrtFuncHandle* funcHandle) {
  (void)binHandle;
  (void)funcEntry;
  (void)funcHandle;
  return guard("aclrtBinaryGetFunctionByEntry", [] {
    return notSupported(
        "aclrtBinaryGetFunctionByEntry: device binaries: an NPU kernel object (ELF for the AI "
        "Core) cannot be loaded or launched on the twin, whose kernels are host C++ launched with "
        "<<<>>> or asctwin::launch");
  });
}

aclError aclrtBinaryGetGlobal(aclrtBinHandle binHandle, const char* name, void** dptr,
                              size_t* size) {
  (void)binHandle;
  (void)name;
  (void)dptr;
  (void)size;
  return guard("aclrtBinaryGetGlobal", [] {
    return notSupported(
        "aclrtBinaryGetGlobal: device binaries: an NPU kernel object (ELF for the AI Core) cannot "
        "be loaded or launched on the twin, whose kernels are host C++ launched with <<<>>> or "
        "asctwin::launch");
  });
}

aclError aclrtBinaryLoad(const aclrtBinary binary, aclrtBinHandle* binHandle) {
  (void)binary;
  (void)binHandle;
  return guard("aclrtBinaryLoad", [] {
    return notSupported(
        "aclrtBinaryLoad: device binaries: an NPU kernel object (ELF for the AI Core) cannot be "
        "loaded or launched on the twin, whose kernels are host C++ launched with <<<>>> or "
        "asctwin::launch");
  });
}

aclError aclrtBinaryLoadFromData(const void* data, size_t length,
                                 const aclrtBinaryLoadOptions* options, aclrtBinHandle* binHandle) {
  (void)data;
  (void)length;
  (void)options;
  (void)binHandle;
  return guard("aclrtBinaryLoadFromData", [] {
    return notSupported(
        "aclrtBinaryLoadFromData: device binaries: an NPU kernel object (ELF for the AI Core) "
        "cannot be loaded or launched on the twin, whose kernels are host C++ launched with <<<>>> "
        "or asctwin::launch");
  });
}

aclError aclrtBinaryLoadFromFile(const char* binPath, aclrtBinaryLoadOptions* options,
                                 aclrtBinHandle* binHandle) {
  (void)binPath;
  (void)options;
  (void)binHandle;
  return guard("aclrtBinaryLoadFromFile", [] {
    return notSupported(
        "aclrtBinaryLoadFromFile: device binaries: an NPU kernel object (ELF for the AI Core) "
        "cannot be loaded or launched on the twin, whose kernels are host C++ launched with <<<>>> "
        "or asctwin::launch");
  });
}

aclError aclrtBinarySetExceptionCallback(aclrtBinHandle binHandle,
                                         aclrtOpExceptionCallback callback, void* userData) {
  (void)binHandle;
  (void)callback;
  (void)userData;
  return guard("aclrtBinarySetExceptionCallback", [] {
    return notSupported(
        "aclrtBinarySetExceptionCallback: device binaries: an NPU kernel object (ELF for the AI "
        "Core) cannot be loaded or launched on the twin, whose kernels are host C++ launched with "
        "<<<>>> or asctwin::launch");
  });
}

aclError aclrtBinaryUnLoad(aclrtBinHandle binHandle) {
  (void)binHandle;
  return guard("aclrtBinaryUnLoad", [] {
    return notSupported(
        "aclrtBinaryUnLoad: device binaries: an NPU kernel object (ELF for the AI Core) cannot be "
        "loaded or launched on the twin, whose kernels are host C++ launched with <<<>>> or "
        "asctwin::launch");
  });
}

aclError aclrtCacheLastTaskExtendInfo(const char* const extendInfoPtr, const size_t infoSize) {
  (void)extendInfoPtr;
  (void)infoSize;
  return guard("aclrtCacheLastTaskExtendInfo", [] {
    return notSupported(
        "aclrtCacheLastTaskExtendInfo: per-task profiling records of the device profiler");
  });
}

aclError aclrtCacheLastTaskOpInfo(const void* const infoPtr, const size_t infoSize) {
  (void)infoPtr;
  (void)infoSize;
  return guard("aclrtCacheLastTaskOpInfo", [] {
    return notSupported(
        "aclrtCacheLastTaskOpInfo: per-task profiling records of the device profiler");
  });
}

aclError aclrtCheckMemType(void** addrList, uint32_t size, uint32_t memType, uint32_t* checkResult,
                           uint32_t reserve) {
  (void)addrList;
  (void)size;
  (void)memType;
  (void)checkResult;
  (void)reserve;
  return guard("aclrtCheckMemType", [] {
    return notSupported("aclrtCheckMemType: per-module device memory accounting of the driver");
  });
}

aclrtBinary aclrtCreateBinary(const void* data, size_t dataLen) {
  (void)data;
  (void)dataLen;
  asctwin::acl::report(
      "aclrtCreateBinary",
      notSupported("aclrtCreateBinary: device binaries: an NPU kernel object (ELF for the AI Core) "
                   "cannot be loaded or launched on the twin, whose kernels are host C++ launched "
                   "with <<<>>> or asctwin::launch"));
  return {};
}

aclError aclrtCtxGetFloatOverflowAddr(void** overflowAddr) {
  (void)overflowAddr;
  return guard("aclrtCtxGetFloatOverflowAddr", [] {
    return notSupported(
        "aclrtCtxGetFloatOverflowAddr: float overflow status: the twin computes in IEEE INF/NaN "
        "mode and keeps no overflow flags");
  });
}

aclError aclrtDestroyBinary(aclrtBinary binary) {
  (void)binary;
  return guard("aclrtDestroyBinary", [] {
    return notSupported(
        "aclrtDestroyBinary: device binaries: an NPU kernel object (ELF for the AI Core) cannot be "
        "loaded or launched on the twin, whose kernels are host C++ launched with <<<>>> or "
        "asctwin::launch");
  });
}

aclError aclrtDeviceGetByPCIBusId(const char* pciBusId, int32_t* deviceId) {
  (void)pciBusId;
  (void)deviceId;
  return guard("aclrtDeviceGetByPCIBusId", [] {
    return notSupported(
        "aclrtDeviceGetByPCIBusId: HCCS/SIO links and PCIe bus ids: twin devices sit on no bus");
  });
}

aclError aclrtDeviceGetHostAtomicCapabilities(uint32_t* capabilities,
                                              const aclrtAtomicOperation* operations,
                                              const uint32_t count, int32_t deviceId) {
  (void)capabilities;
  (void)operations;
  (void)count;
  (void)deviceId;
  return guard("aclrtDeviceGetHostAtomicCapabilities", [] {
    return notSupported(
        "aclrtDeviceGetHostAtomicCapabilities: host/P2P atomic and mapping capability tables of "
        "the PCIe/HCCS hardware");
  });
}

aclError aclrtDeviceGetP2PAtomicCapabilities(uint32_t* capabilities,
                                             const aclrtAtomicOperation* operations,
                                             const uint32_t count, int32_t srcDeviceId,
                                             int32_t dstDeviceId) {
  (void)capabilities;
  (void)operations;
  (void)count;
  (void)srcDeviceId;
  (void)dstDeviceId;
  return guard("aclrtDeviceGetP2PAtomicCapabilities", [] {
    return notSupported(
        "aclrtDeviceGetP2PAtomicCapabilities: host/P2P atomic and mapping capability tables of the "
        "PCIe/HCCS hardware");
  });
}

aclError aclrtDeviceGetPCIBusId(int32_t deviceId, char* pciBusId, int32_t len) {
  (void)deviceId;
  (void)pciBusId;
  (void)len;
  return guard("aclrtDeviceGetPCIBusId", [] {
    return notSupported(
        "aclrtDeviceGetPCIBusId: HCCS/SIO links and PCIe bus ids: twin devices sit on no bus");
  });
}

aclError aclrtFunctionGetAvailDynUbufPerBlock(void* func, uint32_t flags, size_t* dynamicUbufSize) {
  (void)func;
  (void)flags;
  (void)dynamicUbufSize;
  return guard("aclrtFunctionGetAvailDynUbufPerBlock", [] {
    return notSupported(
        "aclrtFunctionGetAvailDynUbufPerBlock: device binaries: an NPU kernel object (ELF for the "
        "AI Core) cannot be loaded or launched on the twin, whose kernels are host C++ launched "
        "with <<<>>> or asctwin::launch");
  });
}

aclError aclrtFunctionGetBinary(const aclrtFuncHandle funcHandle, aclrtBinHandle* binHandle) {
  (void)funcHandle;
  (void)binHandle;
  return guard("aclrtFunctionGetBinary", [] {
    return notSupported(
        "aclrtFunctionGetBinary: device binaries: an NPU kernel object (ELF for the AI Core) "
        "cannot be loaded or launched on the twin, whose kernels are host C++ launched with <<<>>> "
        "or asctwin::launch");
  });
}

aclError aclrtFunctionGetParamCount(const void* func, size_t* paramCount) {
  (void)func;
  (void)paramCount;
  return guard("aclrtFunctionGetParamCount", [] {
    return notSupported(
        "aclrtFunctionGetParamCount: device binaries: an NPU kernel object (ELF for the AI Core) "
        "cannot be loaded or launched on the twin, whose kernels are host C++ launched with <<<>>> "
        "or asctwin::launch");
  });
}

aclError aclrtFunctionGetParamInfo(const void* func, size_t paramIndex, size_t* paramOffset,
                                   size_t* paramSize) {
  (void)func;
  (void)paramIndex;
  (void)paramOffset;
  (void)paramSize;
  return guard("aclrtFunctionGetParamInfo", [] {
    return notSupported(
        "aclrtFunctionGetParamInfo: device binaries: an NPU kernel object (ELF for the AI Core) "
        "cannot be loaded or launched on the twin, whose kernels are host C++ launched with <<<>>> "
        "or asctwin::launch");
  });
}

aclError aclrtGetArgsFromExceptionInfo(const aclrtExceptionInfo* info, void** devArgsPtr,
                                       uint32_t* devArgsLen) {
  (void)info;
  (void)devArgsPtr;
  (void)devArgsLen;
  return guard("aclrtGetArgsFromExceptionInfo", [] {
    return notSupported(
        "aclrtGetArgsFromExceptionInfo: device binaries: an NPU kernel object (ELF for the AI "
        "Core) cannot be loaded or launched on the twin, whose kernels are host C++ launched with "
        "<<<>>> or asctwin::launch");
  });
}

aclError aclrtGetFloatOverflowStatus(void* outputAddr, uint64_t outputSize, aclrtStream stream) {
  (void)outputAddr;
  (void)outputSize;
  (void)stream;
  return guard("aclrtGetFloatOverflowStatus", [] {
    return notSupported(
        "aclrtGetFloatOverflowStatus: float overflow status: the twin computes in IEEE INF/NaN "
        "mode and keeps no overflow flags");
  });
}

aclError aclrtGetFuncBySymbol(const void* symbol, aclrtFuncHandle* funcHandle) {
  (void)symbol;
  (void)funcHandle;
  return guard("aclrtGetFuncBySymbol", [] {
    return notSupported(
        "aclrtGetFuncBySymbol: device binaries: an NPU kernel object (ELF for the AI Core) cannot "
        "be loaded or launched on the twin, whose kernels are host C++ launched with <<<>>> or "
        "asctwin::launch");
  });
}

aclError aclrtGetFuncHandleFromExceptionInfo(const aclrtExceptionInfo* info,
                                             aclrtFuncHandle* func) {
  (void)info;
  (void)func;
  return guard("aclrtGetFuncHandleFromExceptionInfo", [] {
    return notSupported(
        "aclrtGetFuncHandleFromExceptionInfo: device binaries: an NPU kernel object (ELF for the "
        "AI Core) cannot be loaded or launched on the twin, whose kernels are host C++ launched "
        "with <<<>>> or asctwin::launch");
  });
}

aclError aclrtGetFunctionAddr(aclrtFuncHandle funcHandle, void** aicAddr, void** aivAddr) {
  (void)funcHandle;
  (void)aicAddr;
  (void)aivAddr;
  return guard("aclrtGetFunctionAddr", [] {
    return notSupported(
        "aclrtGetFunctionAddr: device binaries: an NPU kernel object (ELF for the AI Core) cannot "
        "be loaded or launched on the twin, whose kernels are host C++ launched with <<<>>> or "
        "asctwin::launch");
  });
}

aclError aclrtGetFunctionAttribute(aclrtFuncHandle funcHandle, aclrtFuncAttribute attrType,
                                   int64_t* attrValue) {
  (void)funcHandle;
  (void)attrType;
  (void)attrValue;
  return guard("aclrtGetFunctionAttribute", [] {
    return notSupported(
        "aclrtGetFunctionAttribute: device binaries: an NPU kernel object (ELF for the AI Core) "
        "cannot be loaded or launched on the twin, whose kernels are host C++ launched with <<<>>> "
        "or asctwin::launch");
  });
}

aclError aclrtGetFunctionName(aclrtFuncHandle funcHandle, uint32_t maxLen, char* name) {
  (void)funcHandle;
  (void)maxLen;
  (void)name;
  return guard("aclrtGetFunctionName", [] {
    return notSupported(
        "aclrtGetFunctionName: device binaries: an NPU kernel object (ELF for the AI Core) cannot "
        "be loaded or launched on the twin, whose kernels are host C++ launched with <<<>>> or "
        "asctwin::launch");
  });
}

aclError aclrtGetFunctionSize(aclrtFuncHandle funcHandle, size_t* aicSize, size_t* aivSize) {
  (void)funcHandle;
  (void)aicSize;
  (void)aivSize;
  return guard("aclrtGetFunctionSize", [] {
    return notSupported(
        "aclrtGetFunctionSize: device binaries: an NPU kernel object (ELF for the AI Core) cannot "
        "be loaded or launched on the twin, whose kernels are host C++ launched with <<<>>> or "
        "asctwin::launch");
  });
}

aclError aclrtGetHardwareSyncAddr(void** addr) {
  (void)addr;
  return guard("aclrtGetHardwareSyncAddr", [] {
    return notSupported("aclrtGetHardwareSyncAddr: the hardware synchronisation register address");
  });
}

aclError aclrtGetMemUceInfo(int32_t deviceId, aclrtMemUceInfo* memUceInfoArray, size_t arraySize,
                            size_t* retSize) {
  (void)deviceId;
  (void)memUceInfoArray;
  (void)arraySize;
  (void)retSize;
  return guard("aclrtGetMemUceInfo", [] {
    return notSupported(
        "aclrtGetMemUceInfo: memory uncorrectable-error (UCE) records and repair: twin memory has "
        "no ECC");
  });
}

aclError aclrtGetMemUsageInfo(int32_t deviceId, aclrtMemUsageInfo* memUsageInfo, size_t inputNum,
                              size_t* outputNum) {
  (void)deviceId;
  (void)memUsageInfo;
  (void)inputNum;
  (void)outputNum;
  return guard("aclrtGetMemUsageInfo", [] {
    return notSupported("aclrtGetMemUsageInfo: per-module device memory accounting of the driver");
  });
}

aclError aclrtGetOverflowStatus(void* outputAddr, size_t outputSize, aclrtStream stream) {
  (void)outputAddr;
  (void)outputSize;
  (void)stream;
  return guard("aclrtGetOverflowStatus", [] {
    return notSupported(
        "aclrtGetOverflowStatus: float overflow status: the twin computes in IEEE INF/NaN mode and "
        "keeps no overflow flags");
  });
}

aclError aclrtGetSymbolAddress(const void* symbol, void** devPtr) {
  (void)symbol;
  (void)devPtr;
  return guard("aclrtGetSymbolAddress", [] {
    return notSupported(
        "aclrtGetSymbolAddress: device binaries: an NPU kernel object (ELF for the AI Core) cannot "
        "be loaded or launched on the twin, whose kernels are host C++ launched with <<<>>> or "
        "asctwin::launch");
  });
}

aclError aclrtGetSymbolSize(const void* symbol, size_t* size) {
  (void)symbol;
  (void)size;
  return guard("aclrtGetSymbolSize", [] {
    return notSupported(
        "aclrtGetSymbolSize: device binaries: an NPU kernel object (ELF for the AI Core) cannot be "
        "loaded or launched on the twin, whose kernels are host C++ launched with <<<>>> or "
        "asctwin::launch");
  });
}

aclError aclrtGetThreadLastTaskId(uint32_t* taskId) {
  (void)taskId;
  return guard("aclrtGetThreadLastTaskId", [] {
    return notSupported(
        "aclrtGetThreadLastTaskId: device task ids (twin stream tasks carry no hardware task id)");
  });
}

aclError aclrtHostMemMapCapabilities(uint32_t deviceId, aclrtHacType hacType,
                                     aclrtHostMemMapCapability* capabilities) {
  (void)deviceId;
  (void)hacType;
  (void)capabilities;
  return guard("aclrtHostMemMapCapabilities", [] {
    return notSupported(
        "aclrtHostMemMapCapabilities: host/P2P atomic and mapping capability tables of the "
        "PCIe/HCCS hardware");
  });
}

aclError aclrtIpcMemSetAttr(const char* key, aclrtIpcMemAttrType type, uint64_t attr) {
  (void)key;
  (void)type;
  (void)attr;
  return guard("aclrtIpcMemSetAttr", [] {
    return notSupported("aclrtIpcMemSetAttr: IPC memory attributes of the driver");
  });
}

aclError aclrtKernelArgsAppend(aclrtArgsHandle argsHandle, void* param, size_t paramSize,
                               aclrtParamHandle* paramHandle) {
  (void)argsHandle;
  (void)param;
  (void)paramSize;
  (void)paramHandle;
  return guard("aclrtKernelArgsAppend", [] {
    return notSupported(
        "aclrtKernelArgsAppend: device binaries: an NPU kernel object (ELF for the AI Core) cannot "
        "be loaded or launched on the twin, whose kernels are host C++ launched with <<<>>> or "
        "asctwin::launch");
  });
}

aclError aclrtKernelArgsAppendPlaceHolder(aclrtArgsHandle argsHandle,
                                          aclrtParamHandle* paramHandle) {
  (void)argsHandle;
  (void)paramHandle;
  return guard("aclrtKernelArgsAppendPlaceHolder", [] {
    return notSupported(
        "aclrtKernelArgsAppendPlaceHolder: device binaries: an NPU kernel object (ELF for the AI "
        "Core) cannot be loaded or launched on the twin, whose kernels are host C++ launched with "
        "<<<>>> or asctwin::launch");
  });
}

aclError aclrtKernelArgsFinalize(aclrtArgsHandle argsHandle) {
  (void)argsHandle;
  return guard("aclrtKernelArgsFinalize", [] {
    return notSupported(
        "aclrtKernelArgsFinalize: device binaries: an NPU kernel object (ELF for the AI Core) "
        "cannot be loaded or launched on the twin, whose kernels are host C++ launched with <<<>>> "
        "or asctwin::launch");
  });
}

aclError aclrtKernelArgsGetHandleMemSize(aclrtFuncHandle funcHandle, size_t* memSize) {
  (void)funcHandle;
  (void)memSize;
  return guard("aclrtKernelArgsGetHandleMemSize", [] {
    return notSupported(
        "aclrtKernelArgsGetHandleMemSize: device binaries: an NPU kernel object (ELF for the AI "
        "Core) cannot be loaded or launched on the twin, whose kernels are host C++ launched with "
        "<<<>>> or asctwin::launch");
  });
}

aclError aclrtKernelArgsGetMemSize(aclrtFuncHandle funcHandle, size_t userArgsSize,
                                   size_t* actualArgsSize) {
  (void)funcHandle;
  (void)userArgsSize;
  (void)actualArgsSize;
  return guard("aclrtKernelArgsGetMemSize", [] {
    return notSupported(
        "aclrtKernelArgsGetMemSize: device binaries: an NPU kernel object (ELF for the AI Core) "
        "cannot be loaded or launched on the twin, whose kernels are host C++ launched with <<<>>> "
        "or asctwin::launch");
  });
}

aclError aclrtKernelArgsGetPlaceHolderBuffer(aclrtArgsHandle argsHandle,
                                             aclrtParamHandle paramHandle, size_t dataSize,
                                             void** bufferAddr) {
  (void)argsHandle;
  (void)paramHandle;
  (void)dataSize;
  (void)bufferAddr;
  return guard("aclrtKernelArgsGetPlaceHolderBuffer", [] {
    return notSupported(
        "aclrtKernelArgsGetPlaceHolderBuffer: device binaries: an NPU kernel object (ELF for the "
        "AI Core) cannot be loaded or launched on the twin, whose kernels are host C++ launched "
        "with <<<>>> or asctwin::launch");
  });
}

aclError aclrtKernelArgsInit(aclrtFuncHandle funcHandle, aclrtArgsHandle* argsHandle) {
  (void)funcHandle;
  (void)argsHandle;
  return guard("aclrtKernelArgsInit", [] {
    return notSupported(
        "aclrtKernelArgsInit: device binaries: an NPU kernel object (ELF for the AI Core) cannot "
        "be loaded or launched on the twin, whose kernels are host C++ launched with <<<>>> or "
        "asctwin::launch");
  });
}

aclError aclrtKernelArgsInitByUserMem(aclrtFuncHandle funcHandle, aclrtArgsHandle argsHandle,
                                      void* userHostMem, size_t actualArgsSize) {
  (void)funcHandle;
  (void)argsHandle;
  (void)userHostMem;
  (void)actualArgsSize;
  return guard("aclrtKernelArgsInitByUserMem", [] {
    return notSupported(
        "aclrtKernelArgsInitByUserMem: device binaries: an NPU kernel object (ELF for the AI Core) "
        "cannot be loaded or launched on the twin, whose kernels are host C++ launched with <<<>>> "
        "or asctwin::launch");
  });
}

aclError aclrtKernelArgsParaUpdate(aclrtArgsHandle argsHandle, aclrtParamHandle paramHandle,
                                   void* param, size_t paramSize) {
  (void)argsHandle;
  (void)paramHandle;
  (void)param;
  (void)paramSize;
  return guard("aclrtKernelArgsParaUpdate", [] {
    return notSupported(
        "aclrtKernelArgsParaUpdate: device binaries: an NPU kernel object (ELF for the AI Core) "
        "cannot be loaded or launched on the twin, whose kernels are host C++ launched with <<<>>> "
        "or asctwin::launch");
  });
}

aclError aclrtLaunchKernel(aclrtFuncHandle funcHandle, uint32_t numBlocks, const void* argsData,
                           size_t argsSize, aclrtStream stream) {
  (void)funcHandle;
  (void)numBlocks;
  (void)argsData;
  (void)argsSize;
  (void)stream;
  return guard("aclrtLaunchKernel", [] {
    return notSupported(
        "aclrtLaunchKernel: device binaries: an NPU kernel object (ELF for the AI Core) cannot be "
        "loaded or launched on the twin, whose kernels are host C++ launched with <<<>>> or "
        "asctwin::launch");
  });
}

aclError aclrtLaunchKernelV2(aclrtFuncHandle funcHandle, uint32_t numBlocks, const void* argsData,
                             size_t argsSize, aclrtLaunchKernelCfg* cfg, aclrtStream stream) {
  (void)funcHandle;
  (void)numBlocks;
  (void)argsData;
  (void)argsSize;
  (void)cfg;
  (void)stream;
  return guard("aclrtLaunchKernelV2", [] {
    return notSupported(
        "aclrtLaunchKernelV2: device binaries: an NPU kernel object (ELF for the AI Core) cannot "
        "be loaded or launched on the twin, whose kernels are host C++ launched with <<<>>> or "
        "asctwin::launch");
  });
}

aclError aclrtLaunchKernelWithArgsArray(void* func, uint32_t numBlocks, aclrtStream stream,
                                        aclrtLaunchKernelCfg* cfg, void** args) {
  (void)func;
  (void)numBlocks;
  (void)stream;
  (void)cfg;
  (void)args;
  return guard("aclrtLaunchKernelWithArgsArray", [] {
    return notSupported(
        "aclrtLaunchKernelWithArgsArray: device binaries: an NPU kernel object (ELF for the AI "
        "Core) cannot be loaded or launched on the twin, whose kernels are host C++ launched with "
        "<<<>>> or asctwin::launch");
  });
}

aclError aclrtLaunchKernelWithConfig(aclrtFuncHandle funcHandle, uint32_t numBlocks,
                                     aclrtStream stream, aclrtLaunchKernelCfg* cfg,
                                     aclrtArgsHandle argsHandle, void* reserve) {
  (void)funcHandle;
  (void)numBlocks;
  (void)stream;
  (void)cfg;
  (void)argsHandle;
  (void)reserve;
  return guard("aclrtLaunchKernelWithConfig", [] {
    return notSupported(
        "aclrtLaunchKernelWithConfig: device binaries: an NPU kernel object (ELF for the AI Core) "
        "cannot be loaded or launched on the twin, whose kernels are host C++ launched with <<<>>> "
        "or asctwin::launch");
  });
}

aclError aclrtLaunchKernelWithHostArgs(aclrtFuncHandle funcHandle, uint32_t numBlocks,
                                       aclrtStream stream, aclrtLaunchKernelCfg* cfg,
                                       void* hostArgs, size_t argsSize,
                                       aclrtPlaceHolderInfo* placeHolderArray,
                                       size_t placeHolderNum) {
  (void)funcHandle;
  (void)numBlocks;
  (void)stream;
  (void)cfg;
  (void)hostArgs;
  (void)argsSize;
  (void)placeHolderArray;
  (void)placeHolderNum;
  return guard("aclrtLaunchKernelWithHostArgs", [] {
    return notSupported(
        "aclrtLaunchKernelWithHostArgs: device binaries: an NPU kernel object (ELF for the AI "
        "Core) cannot be loaded or launched on the twin, whose kernels are host C++ launched with "
        "<<<>>> or asctwin::launch");
  });
}

aclError aclrtLaunchSIMTKernelWithArgsArray(void* func, dim3 gridDim, dim3 blockDim,
                                            size_t dynUbufSize, aclrtStream stream,
                                            aclrtLaunchKernelCfg* cfg, void** args) {
  (void)func;
  (void)gridDim;
  (void)blockDim;
  (void)dynUbufSize;
  (void)stream;
  (void)cfg;
  (void)args;
  return guard("aclrtLaunchSIMTKernelWithArgsArray", [] {
    return notSupported(
        "aclrtLaunchSIMTKernelWithArgsArray: device binaries: an NPU kernel object (ELF for the AI "
        "Core) cannot be loaded or launched on the twin, whose kernels are host C++ launched with "
        "<<<>>> or asctwin::launch");
  });
}

aclError aclrtLaunchSIMTKernelWithHostArgs(void* func, dim3 gridDim, dim3 blockDim,
                                           size_t dynUbufSize, aclrtStream stream,
                                           aclrtLaunchKernelCfg* cfg, void* hostArgs,
                                           size_t argsSize, aclrtPlaceHolderInfo* placeHolderArray,
                                           size_t placeHolderNum) {
  (void)func;
  (void)gridDim;
  (void)blockDim;
  (void)dynUbufSize;
  (void)stream;
  (void)cfg;
  (void)hostArgs;
  (void)argsSize;
  (void)placeHolderArray;
  (void)placeHolderNum;
  return guard("aclrtLaunchSIMTKernelWithHostArgs", [] {
    return notSupported(
        "aclrtLaunchSIMTKernelWithHostArgs: device binaries: an NPU kernel object (ELF for the AI "
        "Core) cannot be loaded or launched on the twin, whose kernels are host C++ launched with "
        "<<<>>> or asctwin::launch");
  });
}

aclError aclrtMemManagedGetAttr(aclrtMemManagedRangeAttribute attribute, const void* ptr,
                                size_t size, void* data, size_t dataSize) {
  (void)attribute;
  (void)ptr;
  (void)size;
  (void)data;
  (void)dataSize;
  return guard("aclrtMemManagedGetAttr", [] {
    return notSupported(
        "aclrtMemManagedGetAttr: managed-memory range attributes (residency is not tracked: host "
        "and device share the pages)");
  });
}

aclError aclrtMemManagedGetAttrs(aclrtMemManagedRangeAttribute* attributes, size_t numAttributes,
                                 const void* ptr, size_t size, void** data, size_t* dataSizes) {
  (void)attributes;
  (void)numAttributes;
  (void)ptr;
  (void)size;
  (void)data;
  (void)dataSizes;
  return guard("aclrtMemManagedGetAttrs", [] {
    return notSupported(
        "aclrtMemManagedGetAttrs: managed-memory range attributes (residency is not tracked: host "
        "and device share the pages)");
  });
}

aclError aclrtMemMapNoAccess(void* virPtr, size_t size, size_t offset, aclrtDrvMemHandle handle,
                             uint64_t flags) {
  (void)virPtr;
  (void)size;
  (void)offset;
  (void)handle;
  (void)flags;
  return guard("aclrtMemMapNoAccess",
               [] { return notSupported("aclrtMemMapNoAccess: mappings without access rights"); });
}

aclError aclrtMemMapSelectedLink(void* virPtrDst, size_t size, void* virPtrSrc, uint32_t linkIdx) {
  (void)virPtrDst;
  (void)size;
  (void)virPtrSrc;
  (void)linkIdx;
  return guard("aclrtMemMapSelectedLink", [] {
    return notSupported(
        "aclrtMemMapSelectedLink: HCCS/SIO links and PCIe bus ids: twin devices sit on no bus");
  });
}

aclError aclrtMemMapSetLink(aclrtDrvMemHandle handle, aclrtMemLinkType adviceLink) {
  (void)handle;
  (void)adviceLink;
  return guard("aclrtMemMapSetLink", [] {
    return notSupported(
        "aclrtMemMapSetLink: HCCS/SIO links and PCIe bus ids: twin devices sit on no bus");
  });
}

aclError aclrtMemUceRepair(int32_t deviceId, aclrtMemUceInfo* memUceInfoArray, size_t arraySize) {
  (void)deviceId;
  (void)memUceInfoArray;
  (void)arraySize;
  return guard("aclrtMemUceRepair", [] {
    return notSupported(
        "aclrtMemUceRepair: memory uncorrectable-error (UCE) records and repair: twin memory has "
        "no ECC");
  });
}

aclError aclrtMemcpyFromSymbol(void* dst, size_t dstMax, const void* symbol, size_t count,
                               size_t offset, aclrtMemcpyKind kind) {
  (void)dst;
  (void)dstMax;
  (void)symbol;
  (void)count;
  (void)offset;
  (void)kind;
  return guard("aclrtMemcpyFromSymbol", [] {
    return notSupported(
        "aclrtMemcpyFromSymbol: device binaries: an NPU kernel object (ELF for the AI Core) cannot "
        "be loaded or launched on the twin, whose kernels are host C++ launched with <<<>>> or "
        "asctwin::launch");
  });
}

aclError aclrtMemcpyFromSymbolAsync(void* dst, size_t dstMax, const void* symbol, size_t count,
                                    size_t offset, aclrtMemcpyKind kind, aclrtStream stream) {
  (void)dst;
  (void)dstMax;
  (void)symbol;
  (void)count;
  (void)offset;
  (void)kind;
  (void)stream;
  return guard("aclrtMemcpyFromSymbolAsync", [] {
    return notSupported(
        "aclrtMemcpyFromSymbolAsync: device binaries: an NPU kernel object (ELF for the AI Core) "
        "cannot be loaded or launched on the twin, whose kernels are host C++ launched with <<<>>> "
        "or asctwin::launch");
  });
}

aclError aclrtMemcpyToSymbol(const void* symbol, const void* src, size_t count, size_t offset,
                             aclrtMemcpyKind kind) {
  (void)symbol;
  (void)src;
  (void)count;
  (void)offset;
  (void)kind;
  return guard("aclrtMemcpyToSymbol", [] {
    return notSupported(
        "aclrtMemcpyToSymbol: device binaries: an NPU kernel object (ELF for the AI Core) cannot "
        "be loaded or launched on the twin, whose kernels are host C++ launched with <<<>>> or "
        "asctwin::launch");
  });
}

aclError aclrtMemcpyToSymbolAsync(const void* symbol, const void* src, size_t count, size_t offset,
                                  aclrtMemcpyKind kind, aclrtStream stream) {
  (void)symbol;
  (void)src;
  (void)count;
  (void)offset;
  (void)kind;
  (void)stream;
  return guard("aclrtMemcpyToSymbolAsync", [] {
    return notSupported(
        "aclrtMemcpyToSymbolAsync: device binaries: an NPU kernel object (ELF for the AI Core) "
        "cannot be loaded or launched on the twin, whose kernels are host C++ launched with <<<>>> "
        "or asctwin::launch");
  });
}

aclError aclrtNpuClearFloatOverFlowStatus(uint32_t checkMode, aclrtStream stream) {
  (void)checkMode;
  (void)stream;
  return guard("aclrtNpuClearFloatOverFlowStatus", [] {
    return notSupported(
        "aclrtNpuClearFloatOverFlowStatus: float overflow status: the twin computes in IEEE "
        "INF/NaN mode and keeps no overflow flags");
  });
}

aclError aclrtNpuGetFloatOverFlowStatus(void* outputAddr, uint64_t outputSize, uint32_t checkMode,
                                        aclrtStream stream) {
  (void)outputAddr;
  (void)outputSize;
  (void)checkMode;
  (void)stream;
  return guard("aclrtNpuGetFloatOverFlowStatus", [] {
    return notSupported(
        "aclrtNpuGetFloatOverFlowStatus: float overflow status: the twin computes in IEEE INF/NaN "
        "mode and keeps no overflow flags");
  });
}

aclError aclrtPersistentTaskClean(aclrtStream stream) {
  (void)stream;
  return guard("aclrtPersistentTaskClean", [] {
    return notSupported(
        "aclrtPersistentTaskClean: editing captured tasks one by one (captured tasks are host "
        "closures on the twin; use task groups and aclmdlRICaptureTaskUpdateBegin/End)");
  });
}

aclError aclrtProfTrace(void* userdata, int32_t length, aclrtStream stream) {
  (void)userdata;
  (void)length;
  (void)stream;
  return guard("aclrtProfTrace", [] {
    return notSupported("aclrtProfTrace: per-task profiling records of the device profiler");
  });
}

aclError aclrtRegisterCpuFunc(const aclrtBinHandle handle, const char* funcName,
                              const char* kernelName, aclrtFuncHandle* funcHandle) {
  (void)handle;
  (void)funcName;
  (void)kernelName;
  (void)funcHandle;
  return guard("aclrtRegisterCpuFunc", [] {
    return notSupported(
        "aclrtRegisterCpuFunc: device binaries: an NPU kernel object (ELF for the AI Core) cannot "
        "be loaded or launched on the twin, whose kernels are host C++ launched with <<<>>> or "
        "asctwin::launch");
  });
}

aclError aclrtResetFloatOverflowStatus(aclrtStream stream) {
  (void)stream;
  return guard("aclrtResetFloatOverflowStatus", [] {
    return notSupported(
        "aclrtResetFloatOverflowStatus: float overflow status: the twin computes in IEEE INF/NaN "
        "mode and keeps no overflow flags");
  });
}

aclError aclrtResetOverflowStatus(aclrtStream stream) {
  (void)stream;
  return guard("aclrtResetOverflowStatus", [] {
    return notSupported(
        "aclrtResetOverflowStatus: float overflow status: the twin computes in IEEE INF/NaN mode "
        "and keeps no overflow flags");
  });
}

aclError aclrtSnapShotCallbackRegister(aclrtSnapShotStage stage, aclrtSnapShotCallBack callback,
                                       void* args) {
  (void)stage;
  (void)callback;
  (void)args;
  return guard("aclrtSnapShotCallbackRegister", [] {
    return notSupported(
        "aclrtSnapShotCallbackRegister: process snapshots of device state (backup, restore, lock)");
  });
}

aclError aclrtSnapShotCallbackUnregister(aclrtSnapShotStage stage, aclrtSnapShotCallBack callback) {
  (void)stage;
  (void)callback;
  return guard("aclrtSnapShotCallbackUnregister", [] {
    return notSupported(
        "aclrtSnapShotCallbackUnregister: process snapshots of device state (backup, restore, "
        "lock)");
  });
}

aclError aclrtSnapShotProcessBackup(int pid, aclrtSnapShotBackupArgs* args) {
  (void)pid;
  (void)args;
  return guard("aclrtSnapShotProcessBackup", [] {
    return notSupported(
        "aclrtSnapShotProcessBackup: process snapshots of device state (backup, restore, lock)");
  });
}

aclError aclrtSnapShotProcessLock(int pid, void* reserve) {
  (void)pid;
  (void)reserve;
  return guard("aclrtSnapShotProcessLock", [] {
    return notSupported(
        "aclrtSnapShotProcessLock: process snapshots of device state (backup, restore, lock)");
  });
}

aclError aclrtSnapShotProcessRestore(int pid, aclrtSnapShotRestoreArgs* args) {
  (void)pid;
  (void)args;
  return guard("aclrtSnapShotProcessRestore", [] {
    return notSupported(
        "aclrtSnapShotProcessRestore: process snapshots of device state (backup, restore, lock)");
  });
}

aclError aclrtSnapShotProcessUnlock(int pid, void* reserve) {
  (void)pid;
  (void)reserve;
  return guard("aclrtSnapShotProcessUnlock", [] {
    return notSupported(
        "aclrtSnapShotProcessUnlock: process snapshots of device state (backup, restore, lock)");
  });
}

aclError aclrtTaskUpdateAsync(aclrtStream taskStream, uint32_t taskId, aclrtTaskUpdateInfo* info,
                              aclrtStream execStream) {
  (void)taskStream;
  (void)taskId;
  (void)info;
  (void)execStream;
  return guard("aclrtTaskUpdateAsync", [] {
    return notSupported(
        "aclrtTaskUpdateAsync: editing captured tasks one by one (captured tasks are host closures "
        "on the twin; use task groups and aclmdlRICaptureTaskUpdateBegin/End)");
  });
}

}  // extern "C"
