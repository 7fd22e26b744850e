# The AICPU language, step 1: the compiler is asctwin's driver (asctwin-asc).
if(NOT CMAKE_AICPU_COMPILER)
  if(ASCTWIN_ASC_DRIVER)
    set(CMAKE_AICPU_COMPILER "${ASCTWIN_ASC_DRIVER}" CACHE FILEPATH "AICPU compiler (asctwin's driver)")
  else()
    find_program(CMAKE_AICPU_COMPILER NAMES asctwin-asc DOC "AICPU compiler (asctwin's driver)")
  endif()
endif()
mark_as_advanced(CMAKE_AICPU_COMPILER)
if(NOT CMAKE_AICPU_COMPILER OR NOT EXISTS "${CMAKE_AICPU_COMPILER}")
  message(FATAL_ERROR "AICPU: the compiler asctwin-asc was not found ('${CMAKE_AICPU_COMPILER}'). "
    "Call find_package(AICPU) with asctwin's install prefix on CMAKE_PREFIX_PATH first.")
endif()
if(NOT CMAKE_AICPU_SOURCE_FILE_EXTENSIONS)
  set(CMAKE_AICPU_SOURCE_FILE_EXTENSIONS aicpu)
endif()
set(CMAKE_AICPU_COMPILER_ENV_VAR "AICPU")
configure_file(${CMAKE_CURRENT_LIST_DIR}/CMakeAICPUCompiler.cmake.in
  ${CMAKE_PLATFORM_INFO_DIR}/CMakeAICPUCompiler.cmake @ONLY)
