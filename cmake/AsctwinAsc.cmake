# The ASC language for asctwin's own build and for find_package(asctwin):
#
#   asctwin_add_asc_executable(<target> <source>...)
#
# builds an executable from Ascend C single-source files (.asc) and ordinary
# C++ sources: the .asc files are compiled as the ASC language by asctwin's
# driver asctwin-asc (tools/asc-compiler: preprocess, translate launches and
# kernel qualifiers, compile with the host C++ compiler), with the project's
# C++ flags; the target links asctwin. Projects written for CANN use
# find_package(ASC) instead (cmake/asc/asc-config.cmake), which uses the same
# driver and language modules.
#
# In asctwin's source tree this file builds the driver and enables the ASC
# language with it; an installed package (asctwinConfig.cmake) enables the
# language with the installed driver before including this file.

if(NOT TARGET asctwin-asc AND NOT CMAKE_ASC_COMPILER_LOADED
   AND EXISTS "${CMAKE_CURRENT_LIST_DIR}/../tools/asc-compiler/CMakeLists.txt")
  add_subdirectory("${CMAKE_CURRENT_LIST_DIR}/../tools/asc-compiler"
    "${CMAKE_CURRENT_BINARY_DIR}/asc-compiler")
  set_target_properties(asctwin-asc PROPERTIES RUNTIME_OUTPUT_DIRECTORY "${CMAKE_BINARY_DIR}/bin")
  # The driver is built by this project, after configure: the language is
  # enabled with a small script that runs it (CMake wants the compiler to
  # exist now), and every ASC target depends on the driver target.
  set(ASCTWIN_ASC_DRIVER "${CMAKE_BINARY_DIR}/bin/asctwin-asc-in-tree")
  file(WRITE "${ASCTWIN_ASC_DRIVER}"
    "#!/bin/sh\n# asctwin's build tree: the ASC compiler is the driver built by this tree.\n"
    "exec \"${CMAKE_BINARY_DIR}/bin/asctwin-asc\" \"$@\"\n")
  file(CHMOD "${ASCTWIN_ASC_DRIVER}" PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE
    GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
  set(ASCTWIN_ASC_DRIVER_TARGET asctwin-asc)
  list(APPEND CMAKE_MODULE_PATH "${CMAKE_CURRENT_LIST_DIR}/asc/asc_modules")
  foreach(config "" _DEBUG _RELEASE _RELWITHDEBINFO _MINSIZEREL)
    if(NOT DEFINED CMAKE_ASC_FLAGS${config}_INIT)
      set(CMAKE_ASC_FLAGS${config}_INIT "${CMAKE_CXX_FLAGS${config}}")
    endif()
  endforeach()
  enable_language(ASC)
endif()

function(asctwin_add_asc_executable target)
  if(NOT ARGN)
    message(FATAL_ERROR "asctwin_add_asc_executable(${target}): no sources given")
  endif()
  if(NOT CMAKE_ASC_COMPILER_LOADED)
    message(FATAL_ERROR "asctwin_add_asc_executable(${target}): the ASC language is not "
      "enabled; call find_package(asctwin) after project() and at file scope")
  endif()
  if(TARGET asctwin)
    set(runtime asctwin)  # asctwin's own build tree
  else()
    set(runtime asctwin::asctwin)
  endif()
  set(sources)
  foreach(src IN LISTS ARGN)
    cmake_path(ABSOLUTE_PATH src BASE_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}" NORMALIZE
      OUTPUT_VARIABLE abs)
    if(abs MATCHES "\\.asc$")
      set_source_files_properties("${abs}" PROPERTIES LANGUAGE ASC)
    endif()
    list(APPEND sources "${abs}")
  endforeach()
  add_executable(${target} ${sources})
  target_link_libraries(${target} PRIVATE ${runtime})
  if(ASCTWIN_ASC_DRIVER_TARGET)
    add_dependencies(${target} ${ASCTWIN_ASC_DRIVER_TARGET})
  endif()
endfunction()
