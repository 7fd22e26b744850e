# find_package(ASC): asctwin's ASC toolchain package.
#
# It makes `project(<name> LANGUAGES ASC CXX)` compile Ascend C sources (.asc)
# for the CPU twin with asctwin's driver (asctwin-asc) and the host C++
# compiler, and provides the functions of Huawei's ASC package
# (asc_functions.cmake). Found through CMAKE_PREFIX_PATH=<asctwin prefix> or
# after `source <asctwin prefix>/set_env.sh`.
#
# Unlike Huawei's package it does not need ASCEND_HOME_PATH: when it is not
# set, it is set (for this configure) to asctwin's CANN home, which is laid
# out as a CANN install (include/acl, lib64, tikcpp/ascendc_kernel_cmake,
# set_env.sh), so projects that name $ENV{ASCEND_HOME_PATH}/include or /lib64
# build unchanged.
include("${CMAKE_CURRENT_LIST_DIR}/asc-paths.cmake")

if("$ENV{ASCEND_HOME_PATH}" STREQUAL "")
  set(ENV{ASCEND_HOME_PATH} "${ASCTWIN_CANN_HOME}")
endif()
if(NOT "${ASCTWIN_ASC_MODULE_DIR}/asc_modules" IN_LIST CMAKE_MODULE_PATH)
  list(APPEND CMAKE_MODULE_PATH "${ASCTWIN_ASC_MODULE_DIR}/asc_modules")
endif()
include("${ASCTWIN_ASC_MODULE_DIR}/asc_functions.cmake")
set(ASC_FOUND TRUE)
