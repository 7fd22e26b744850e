# The ASC language, step 2 (every configure): flags and the rules that
# compile, archive and link ASC targets with asctwin's driver. The variables
# and their meaning follow Huawei's ASC package (CMAKE_ASC_ARCHITECTURES,
# CMAKE_ASC_RUN_MODE, CMAKE_ASC_STANDARD, CMAKE_ASC_FLAGS[_<CONFIG>],
# CMAKE_ASC_ENABLE_SIMT, CMAKE_ASC_COMPILER_LAUNCHER, CMAKE_ASC_LINKER_LAUNCHER,
# CMAKE_ASC_COMPILER_AR, CMAKE_ASC_COMPILER_LINKER, $ASCFLAGS).
include(CMakeCommonLanguageInclude)

set(CMAKE_ASC_OUTPUT_EXTENSION .o)
set(CMAKE_INCLUDE_FLAG_ASC "-I")
set(CMAKE_INCLUDE_SYSTEM_FLAG_ASC "-isystem ")
set(CMAKE_ASC_COMPILE_OPTIONS_PIC "-fPIC")
set(CMAKE_ASC_COMPILE_OPTIONS_PIE "-fPIE")
set(CMAKE_ASC_LINK_OPTIONS_PIE "-fPIE" "-pie")
set(CMAKE_ASC_LINK_OPTIONS_NO_PIE "-no-pie")
set(CMAKE_ASC_COMPILE_OPTIONS_VISIBILITY "-fvisibility=")
set(CMAKE_ASC_LINKER_WRAPPER_FLAG "-Wl,")
set(CMAKE_ASC_LINKER_WRAPPER_FLAG_SEP ",")

# --- standard ------------------------------------------------------------------
if(NOT DEFINED CMAKE_ASC_STANDARD OR CMAKE_ASC_STANDARD STREQUAL "")
  set(CMAKE_ASC_STANDARD "${CMAKE_ASC_STANDARD_DEFAULT}")
endif()
if(NOT CMAKE_ASC_STANDARD MATCHES "^[0-9]+$")
  message(FATAL_ERROR "ASC: CMAKE_ASC_STANDARD='${CMAKE_ASC_STANDARD}' must be a number such as 17 or 20.")
endif()
set(_ASC_STANDARD_FLAG "-std=c++${CMAKE_ASC_STANDARD}")

# --- flags ---------------------------------------------------------------------
if(NOT DEFINED CMAKE_ASC_FLAGS_DEBUG_INIT)
  set(CMAKE_ASC_FLAGS_DEBUG_INIT "-O0 -g")
endif()
if(NOT DEFINED CMAKE_ASC_FLAGS_RELEASE_INIT)
  set(CMAKE_ASC_FLAGS_RELEASE_INIT "-O3 -DNDEBUG")
endif()
if(NOT DEFINED CMAKE_ASC_FLAGS_RELWITHDEBINFO_INIT)
  set(CMAKE_ASC_FLAGS_RELWITHDEBINFO_INIT "-O2 -g -DNDEBUG")
endif()
if(NOT DEFINED CMAKE_ASC_FLAGS_MINSIZEREL_INIT)
  set(CMAKE_ASC_FLAGS_MINSIZEREL_INIT "-Os -DNDEBUG")
endif()
set(CMAKE_ASC_FLAGS_INIT "$ENV{ASCFLAGS} ${CMAKE_ASC_FLAGS_INIT}")
cmake_initialize_per_config_variable(CMAKE_ASC_FLAGS "Flags used by the ASC compiler")

# --- architecture: the twin is Atlas A2/A3 (dav-2201) --------------------------
if(NOT CMAKE_ASC_ARCHITECTURES)
  set(CMAKE_ASC_ARCHITECTURES "dav-2201")
endif()
foreach(_asc_arch IN LISTS CMAKE_ASC_ARCHITECTURES)
  if(NOT _asc_arch STREQUAL "dav-2201")
    message(FATAL_ERROR "ASC: CMAKE_ASC_ARCHITECTURES='${CMAKE_ASC_ARCHITECTURES}': asctwin twins "
      "Atlas A2/A3 only; the supported architecture is dav-2201.")
  endif()
endforeach()
string(APPEND CMAKE_ASC_FLAGS " --npu-arch=dav-2201")

# --- devkit mode: the user's asc-devkit compiled instead of asctwin's API ------
# -DASC_DEVKIT_ROOT=<asc-devkit checkout or CANN install>; the environment
# variable ASC_DEVKIT_ROOT (read by the driver itself) works for unchanged projects.
if(ASC_DEVKIT_ROOT)
  string(APPEND CMAKE_ASC_FLAGS " --asctwin-devkit=${ASC_DEVKIT_ROOT}")
endif()

option(CMAKE_ASC_ENABLE_SIMT "Pass --enable-simt to the ASC compiler" OFF)
set(_ASC_SIMT_FLAG "")
if(CMAKE_ASC_ENABLE_SIMT)
  set(_ASC_SIMT_FLAG "--enable-simt")
endif()

# --- run mode: npu, cpu and sim all run on the twin; cpu also defines ----------
# ASCENDC_CPU_DEBUG, as CANN's CPU debugging build does.
if(NOT DEFINED CMAKE_ASC_RUN_MODE OR CMAKE_ASC_RUN_MODE STREQUAL "")
  set(CMAKE_ASC_RUN_MODE "npu")
endif()
if(NOT CMAKE_ASC_RUN_MODE MATCHES "^(npu|cpu|sim)$")
  message(FATAL_ERROR "ASC: CMAKE_ASC_RUN_MODE='${CMAKE_ASC_RUN_MODE}' is unsupported: use npu, cpu or sim.")
endif()
string(APPEND CMAKE_ASC_FLAGS " --run-mode=${CMAKE_ASC_RUN_MODE}")

# --- tools ---------------------------------------------------------------------
set(_ASC_COMPILER_LAUNCHER_PREFIX "")
if(CMAKE_ASC_COMPILER_LAUNCHER)
  string(JOIN " " _ASC_COMPILER_LAUNCHER_PREFIX ${CMAKE_ASC_COMPILER_LAUNCHER})
endif()
set(_ASC_LINKER_LAUNCHER_PREFIX "")
if(CMAKE_ASC_LINKER_LAUNCHER)
  string(JOIN " " _ASC_LINKER_LAUNCHER_PREFIX ${CMAKE_ASC_LINKER_LAUNCHER})
endif()
set(_ASC_AR_TOOL "<CMAKE_AR>")
if(CMAKE_ASC_COMPILER_AR)
  set(_ASC_AR_TOOL "${CMAKE_ASC_COMPILER_AR}")
endif()
set(_ASC_LINK_DRIVER "<CMAKE_ASC_COMPILER>")
if(CMAKE_ASC_COMPILER_LINKER)
  set(_ASC_LINK_DRIVER "${CMAKE_ASC_COMPILER_LINKER}")
endif()

# --- dependencies: computed by the driver's preprocessing pass -----------------
set(CMAKE_DEPFILE_FLAGS_ASC "-MD -MT <DEP_TARGET> -MF <DEP_FILE>")
if((NOT DEFINED CMAKE_DEPENDS_USE_COMPILER OR CMAKE_DEPENDS_USE_COMPILER)
   AND CMAKE_GENERATOR MATCHES "Makefiles|WMake")
  set(CMAKE_ASC_DEPFILE_FORMAT gcc)
  set(CMAKE_ASC_DEPENDS_USE_COMPILER TRUE)
endif()

# --- shared libraries and rpaths -----------------------------------------------
set(CMAKE_SHARED_LIBRARY_CREATE_ASC_FLAGS "-shared")
set(CMAKE_SHARED_MODULE_CREATE_ASC_FLAGS "-shared")
set(CMAKE_SHARED_LIBRARY_SONAME_ASC_FLAG "-Wl,-soname,")
set(CMAKE_SHARED_LIBRARY_RUNTIME_ASC_FLAG "-Wl,-rpath,")
set(CMAKE_SHARED_LIBRARY_RUNTIME_ASC_FLAG_SEP ":")
set(CMAKE_SHARED_LIBRARY_RPATH_LINK_ASC_FLAG "-Wl,-rpath-link,")
set(CMAKE_EXECUTABLE_RUNTIME_ASC_FLAG "-Wl,-rpath,")
set(CMAKE_EXECUTABLE_RUNTIME_ASC_FLAG_SEP ":")
set(CMAKE_EXECUTABLE_RPATH_LINK_ASC_FLAG "-Wl,-rpath-link,")

# --- rules ---------------------------------------------------------------------
if(NOT CMAKE_ASC_COMPILE_OBJECT)
  set(CMAKE_ASC_COMPILE_OBJECT "${_ASC_COMPILER_LAUNCHER_PREFIX} <CMAKE_ASC_COMPILER> <DEFINES> \
<INCLUDES> ${_ASC_SIMT_FLAG} ${_ASC_STANDARD_FLAG} <FLAGS> -o <OBJECT> -c <SOURCE>")
endif()
if(NOT DEFINED CMAKE_ASC_ARCHIVE_CREATE)
  set(CMAKE_ASC_ARCHIVE_CREATE "${_ASC_AR_TOOL} qc <TARGET> <LINK_FLAGS> <OBJECTS>")
endif()
if(NOT DEFINED CMAKE_ASC_ARCHIVE_APPEND)
  set(CMAKE_ASC_ARCHIVE_APPEND "${_ASC_AR_TOOL} q <TARGET> <LINK_FLAGS> <OBJECTS>")
endif()
if(NOT DEFINED CMAKE_ASC_ARCHIVE_FINISH)
  set(CMAKE_ASC_ARCHIVE_FINISH "<CMAKE_RANLIB> <TARGET>")
endif()
if(NOT CMAKE_ASC_LINK_EXECUTABLE)
  set(CMAKE_ASC_LINK_EXECUTABLE "${_ASC_LINKER_LAUNCHER_PREFIX} ${_ASC_LINK_DRIVER} <FLAGS> \
<CMAKE_ASC_LINK_FLAGS> <LINK_FLAGS> <OBJECTS> -o <TARGET> <LINK_LIBRARIES>")
endif()
if(NOT CMAKE_ASC_CREATE_SHARED_LIBRARY)
  set(CMAKE_ASC_CREATE_SHARED_LIBRARY "${_ASC_LINKER_LAUNCHER_PREFIX} ${_ASC_LINK_DRIVER} \
<CMAKE_SHARED_LIBRARY_ASC_FLAGS> <LANGUAGE_COMPILE_FLAGS> <LINK_FLAGS> \
<CMAKE_SHARED_LIBRARY_CREATE_ASC_FLAGS> <SONAME_FLAG><TARGET_SONAME> -o <TARGET> <OBJECTS> \
<LINK_LIBRARIES>")
endif()
# ascendc_fatbin_library: on the NPU a device binary `<name>.o` loaded at run
# time; on the twin the same file name holds a shared object with the kernels.
if(NOT CMAKE_ASC_CREATE_SHARED_MODULE)
  set(CMAKE_SHARED_MODULE_PREFIX_ASC "")
  set(CMAKE_SHARED_MODULE_SUFFIX_ASC ".o")
  set(CMAKE_ASC_CREATE_SHARED_MODULE "${_ASC_LINKER_LAUNCHER_PREFIX} ${_ASC_LINK_DRIVER} \
<LANGUAGE_COMPILE_FLAGS> <LINK_FLAGS> <CMAKE_SHARED_MODULE_CREATE_ASC_FLAGS> -o <TARGET> \
<OBJECTS> <LINK_LIBRARIES>")
endif()

set(CMAKE_ASC_INFORMATION_LOADED 1)
