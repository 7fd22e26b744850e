# include(${ASCENDC_CMAKE_DIR}/ascendc.cmake): the kernel-launch project flow
# of CANN (the one before find_package(ASC)), on asctwin.
#
# ASCENDC_CMAKE_DIR is $ASCEND_HOME_PATH/tikcpp/ascendc_kernel_cmake (or the
# <arch>-linux/ or compiler/ variant) of asctwin's CANN home. Inputs as in
# CANN: SOC_VERSION (an Atlas A2/A3 SoC), ASCEND_CANN_PACKAGE_PATH (default:
# the CANN home), RUN_MODE (npu, cpu or sim; all run on the twin).
# Provides ascendc_library(<target> STATIC|SHARED|OBJECT <sources>) (with the
# aclrtlaunch_<kernel>.h launch headers of each kernel on its users' include path),
# ascendc_fatbin_library, ascendc_compile_options, ascendc_compile_definitions,
# ascendc_include_directories and the INTERFACE target host_intf_pub. Kernel
# sources (.cpp with `__global__ __aicore__` kernels and `<<<...>>>` launches)
# are compiled as the ASC language by asctwin's driver.
include_guard(GLOBAL)
get_filename_component(_asctwin_legacy_dir "${CMAKE_CURRENT_LIST_FILE}" REALPATH)
get_filename_component(_asctwin_legacy_dir "${_asctwin_legacy_dir}" DIRECTORY)
include("${_asctwin_legacy_dir}/asc-paths.cmake")

# The SoCs of Atlas A2/A3 (ascend910b series and the Atlas A3 ascend910_93xx).
set(ASCTWIN_SOC_VERSIONS ascend910b1 ascend910b2 ascend910b2c ascend910b3 ascend910b4
  ascend910b4-1 ascend910_9391 ascend910_9381 ascend910_9372 ascend910_9392 ascend910_9382
  ascend910_9362)
if(NOT DEFINED SOC_VERSION OR SOC_VERSION STREQUAL "")
  message(FATAL_ERROR "SOC_VERSION value not set (an Atlas A2/A3 SoC, e.g. Ascend910B1; "
    "CANN's samples read it from aclrtGetSocName).")
endif()
string(TOLOWER "${SOC_VERSION}" _LOWER_SOC_VERSION)
if(NOT _LOWER_SOC_VERSION IN_LIST ASCTWIN_SOC_VERSIONS)
  message(FATAL_ERROR "SOC_VERSION ${SOC_VERSION} is not supported by asctwin, which twins "
    "Atlas A2/A3; the support list is ${ASCTWIN_SOC_VERSIONS}")
endif()
set(BUILD_MODE c220)
set(DYNAMIC_MODE ON)
if(NOT DEFINED RUN_MODE OR RUN_MODE STREQUAL "")
  set(RUN_MODE "npu")
endif()
if(NOT RUN_MODE MATCHES "^(npu|cpu|sim)$")
  message(FATAL_ERROR "RUN_MODE ${RUN_MODE} is unsupported: use npu, cpu or sim.")
endif()
if(NOT ASCEND_CANN_PACKAGE_PATH)
  set(ASCEND_CANN_PACKAGE_PATH "${ASCTWIN_CANN_HOME}")
endif()
if("$ENV{ASCEND_HOME_PATH}" STREQUAL "")
  set(ENV{ASCEND_HOME_PATH} "${ASCTWIN_CANN_HOME}")
endif()

# The ASC language compiles the kernel sources.
set(CMAKE_ASC_ARCHITECTURES "dav-2201")
set(CMAKE_ASC_RUN_MODE "${RUN_MODE}")
if(NOT "${ASCTWIN_ASC_MODULE_DIR}/asc_modules" IN_LIST CMAKE_MODULE_PATH)
  list(APPEND CMAKE_MODULE_PATH "${ASCTWIN_ASC_MODULE_DIR}/asc_modules")
endif()
enable_language(ASC)
include("${ASCTWIN_ASC_MODULE_DIR}/asc_functions.cmake")

# Host code's usage requirements, as CANN's host_intf_pub.
if(NOT TARGET host_intf_pub)
  add_library(host_intf_pub INTERFACE)
  target_include_directories(host_intf_pub INTERFACE "${ASCTWIN_ASC_INCLUDE_DIR}")
  target_link_directories(host_intf_pub INTERFACE "${ASCTWIN_ASC_LIBRARY_DIR}")
  target_link_libraries(host_intf_pub INTERFACE "${ASCTWIN_ASC_RUNTIME_LIBRARY}" -pthread)
endif()

# CANN's kernel-launch ascendc_library also takes OBJECT libraries.
function(ascendc_library target_name target_type)
  string(TOUPPER "${target_type}" _type)
  if(NOT _type MATCHES "^(SHARED|STATIC|OBJECT)$")
    message(FATAL_ERROR "ascendc_library(${target_name}): target_type ${target_type} does not "
      "support, the support list is SHARED;STATIC;OBJECT")
  endif()
  if(NOT ARGN)
    message(FATAL_ERROR "ascendc_library(${target_name}): no sources given")
  endif()
  set(_sources)
  foreach(_s IN LISTS ARGN)
    get_filename_component(_abs "${_s}" ABSOLUTE)
    list(APPEND _sources "${_abs}")
  endforeach()
  set_source_files_properties(${_sources} PROPERTIES LANGUAGE ASC)
  add_library(${target_name} ${_type} ${_sources})
  set_target_properties(${target_name} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  _asctwin_asc_library_interface(${target_name} ON)
endfunction()
unset(_asctwin_legacy_dir)
