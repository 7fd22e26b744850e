# The .asc build step.
#
#   asctwin_add_asc_executable(<target> <source>...)
#
# Builds an executable from Ascend C single-source files (.asc) and ordinary
# C++ sources. Each .asc file is rewritten at build time by
# asctwin-asc-rewrite (kernel launches `k<<<blocks, ubBytes, stream>>>(args)`
# become `::asctwin::ascLaunch(...)` calls, every line keeps its number and a
# `#line` header names the .asc file) into
#   <current binary dir>/asctwin_asc/<target>/<path of the .asc>.cpp
# which is compiled as C++20 with the other sources. The .asc file's own
# directory is on the include path, so its `#include "..."` still work. The
# target links asctwin.
#
# Works in the asctwin build tree (in-tree rewriter, target asctwin), in a
# project that adds asctwin with add_subdirectory(), and after
# find_package(asctwin) (imported asctwin::asc-rewrite and asctwin::asctwin).

# In the asctwin source tree: make sure the rewriter is built even when the
# other tools are not (ASCTWIN_BUILD_TOOLS=OFF). tools/asc-rewrite returns
# early when the tools/ glob adds it a second time.
if(NOT TARGET asctwin-asc-rewrite AND NOT TARGET asctwin::asc-rewrite
   AND EXISTS "${CMAKE_CURRENT_LIST_DIR}/../tools/asc-rewrite/CMakeLists.txt")
  add_subdirectory("${CMAKE_CURRENT_LIST_DIR}/../tools/asc-rewrite"
    "${CMAKE_CURRENT_BINARY_DIR}/asc-rewrite")
endif()

function(asctwin_add_asc_executable target)
  if(NOT ARGN)
    message(FATAL_ERROR "asctwin_add_asc_executable(${target}): no sources given")
  endif()
  if(TARGET asctwin-asc-rewrite)
    set(rewriter asctwin-asc-rewrite)  # asctwin's own build tree
    set(runtime asctwin)
  elseif(TARGET asctwin::asc-rewrite)
    set(rewriter asctwin::asc-rewrite)  # installed package
    set(runtime asctwin::asctwin)
  else()
    message(FATAL_ERROR "asctwin_add_asc_executable(${target}): the rewriter "
      "asctwin::asc-rewrite is missing; call find_package(asctwin) first")
  endif()

  set(sources)
  set(asc_dirs)
  set(outputs)
  set(n 0)
  foreach(src IN LISTS ARGN)
    cmake_path(ABSOLUTE_PATH src BASE_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}"
      NORMALIZE OUTPUT_VARIABLE abs)
    cmake_path(GET abs EXTENSION LAST_ONLY ext)
    if(NOT ext STREQUAL ".asc")
      list(APPEND sources "${abs}")
      continue()
    endif()
    # Mirror the source layout; sources outside the source dir keep only their name.
    cmake_path(RELATIVE_PATH abs BASE_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}"
      OUTPUT_VARIABLE rel)
    if(rel MATCHES "^\\.\\./" OR rel STREQUAL "" OR IS_ABSOLUTE "${rel}")
      cmake_path(GET abs FILENAME rel)
    endif()
    set(out "${CMAKE_CURRENT_BINARY_DIR}/asctwin_asc/${target}/${rel}.cpp")
    while(out IN_LIST outputs)  # two outside sources with the same name
      math(EXPR n "${n} + 1")
      set(out "${CMAKE_CURRENT_BINARY_DIR}/asctwin_asc/${target}/${n}/${rel}.cpp")
    endwhile()
    list(APPEND outputs "${out}")
    add_custom_command(
      OUTPUT "${out}"
      COMMAND ${rewriter} "${abs}" "${out}"  # creates the output's directory
      DEPENDS ${rewriter} "${abs}"
      COMMENT "Rewriting Ascend C source ${rel}"
      VERBATIM)
    set_source_files_properties("${abs}" PROPERTIES HEADER_FILE_ONLY TRUE)
    list(APPEND sources "${out}" "${abs}")
    cmake_path(GET abs PARENT_PATH dir)
    list(APPEND asc_dirs "${dir}")
  endforeach()

  add_executable(${target} ${sources})
  if(asc_dirs)
    list(REMOVE_DUPLICATES asc_dirs)
    target_include_directories(${target} PRIVATE ${asc_dirs})
  endif()
  target_compile_features(${target} PRIVATE cxx_std_20)
  target_link_libraries(${target} PRIVATE ${runtime})
endfunction()
