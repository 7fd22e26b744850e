# The ASC language, step 1 (first configure only): find the compiler and
# record it in <build>/CMakeFiles/<version>/CMakeASCCompiler.cmake.
#
# The compiler is asctwin's driver, asctwin-asc (tools/asc-compiler): it
# compiles Ascend C sources for the CPU twin with the host C++ compiler.
# find_package(ASC) (asc-config.cmake) tells where it is.
if(NOT CMAKE_ASC_COMPILER)
  if(ASCTWIN_ASC_DRIVER)
    set(CMAKE_ASC_COMPILER "${ASCTWIN_ASC_DRIVER}" CACHE FILEPATH "ASC compiler (asctwin's driver)")
  else()
    find_program(CMAKE_ASC_COMPILER NAMES asctwin-asc DOC "ASC compiler (asctwin's driver)")
  endif()
endif()
mark_as_advanced(CMAKE_ASC_COMPILER)
if(NOT CMAKE_ASC_COMPILER OR NOT EXISTS "${CMAKE_ASC_COMPILER}")
  message(FATAL_ERROR "ASC: the compiler asctwin-asc was not found ('${CMAKE_ASC_COMPILER}'). "
    "Call find_package(ASC) with asctwin's install prefix on CMAKE_PREFIX_PATH (or source "
    "<prefix>/set_env.sh) before project(... LANGUAGES ASC).")
endif()

# Source extensions: a value set before the language is enabled wins.
if(NOT CMAKE_ASC_SOURCE_FILE_EXTENSIONS)
  set(CMAKE_ASC_SOURCE_FILE_EXTENSIONS asc)
endif()
set(CMAKE_ASC_COMPILER_ENV_VAR "ASC")
if(NOT CMAKE_ASC_STANDARD_DEFAULT)
  set(CMAKE_ASC_STANDARD_DEFAULT 17)  # ASC's default; the driver raises it for the twin's headers
endif()
if(CMAKE_SYSTEM_PROCESSOR MATCHES "x86_64|AMD64")
  set(CMAKE_ASC_COMPILER_ARCHITECTURE_ID "x86_64")
elseif(CMAKE_SYSTEM_PROCESSOR MATCHES "aarch64|arm64")
  set(CMAKE_ASC_COMPILER_ARCHITECTURE_ID "aarch64")
else()
  set(CMAKE_ASC_COMPILER_ARCHITECTURE_ID "${CMAKE_SYSTEM_PROCESSOR}")
endif()

configure_file(${CMAKE_CURRENT_LIST_DIR}/CMakeASCCompiler.cmake.in
  ${CMAKE_PLATFORM_INFO_DIR}/CMakeASCCompiler.cmake @ONLY)
