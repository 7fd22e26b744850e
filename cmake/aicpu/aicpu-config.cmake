# find_package(AICPU): the AI CPU language of asctwin (sources `.aicpu`,
# kernels `__global__ __aicpu__`), compiled by the same driver as ASC. On the
# twin an AI CPU kernel runs on a host thread as a task of its stream.
include("${CMAKE_CURRENT_LIST_DIR}/../ASC/asc-paths.cmake")
if("$ENV{ASCEND_HOME_PATH}" STREQUAL "")
  set(ENV{ASCEND_HOME_PATH} "${ASCTWIN_CANN_HOME}")
endif()
get_filename_component(_asctwin_aicpu_dir "${CMAKE_CURRENT_LIST_FILE}" REALPATH)
get_filename_component(_asctwin_aicpu_dir "${_asctwin_aicpu_dir}" DIRECTORY)
if(NOT "${_asctwin_aicpu_dir}/aicpu_modules" IN_LIST CMAKE_MODULE_PATH)
  list(APPEND CMAKE_MODULE_PATH "${_asctwin_aicpu_dir}/aicpu_modules")
endif()
unset(_asctwin_aicpu_dir)
set(AICPU_FOUND TRUE)
