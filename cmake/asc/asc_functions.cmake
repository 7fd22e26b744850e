# The functions of the ASC package (find_package(ASC)), with the signatures of
# Huawei's: ascendc_library, ascendc_fatbin_library, ascendc_compile_options,
# ascendc_compile_definitions, ascendc_include_directories. Kernel libraries
# carry the twin's runtime in their link interface, so a C++ program that
# links one needs nothing else.

set(ASCTWIN_ASC_LIBRARY_TYPES SHARED STATIC)

# Usage requirements of a kernel library: the twin's headers and runtime
# (CANN's acl headers and runtime libraries on the NPU). With `launch_headers`
# (ENABLE_ACLRT_LAUNCH; always in the kernel-launch flow) the driver writes
# aclrtlaunch_<kernel>.h for each kernel of the library into
# <build>/include/<target>, which users of the library get on their include path.
function(_asctwin_asc_library_interface target_name launch_headers)
  target_include_directories(${target_name} INTERFACE "${ASCTWIN_ASC_INCLUDE_DIR}")
  target_link_libraries(${target_name} INTERFACE "${ASCTWIN_ASC_RUNTIME_LIBRARY}" -pthread)
  if(launch_headers)
    set(dir "${CMAKE_BINARY_DIR}/include/${target_name}")
    file(MAKE_DIRECTORY "${dir}")
    target_include_directories(${target_name} INTERFACE "${dir}")
    target_compile_definitions(${target_name} PRIVATE "GEN_ACLRT=${dir}")
    # The compile writes the headers; writing them now from the sources as
    # written makes them exist before any user of the library compiles
    # (Ninja does not order a user's compiles after the library's).
    get_target_property(sources ${target_name} SOURCES)
    get_target_property(source_dir ${target_name} SOURCE_DIR)
    set(absolute)
    foreach(s IN LISTS sources)
      cmake_path(ABSOLUTE_PATH s BASE_DIRECTORY "${source_dir}" OUTPUT_VARIABLE a)
      list(APPEND absolute "${a}")
    endforeach()
    execute_process(COMMAND "${CMAKE_ASC_COMPILER}" --asctwin-aclrtlaunch-headers
        "-DGEN_ACLRT=${dir}" ${absolute}
      RESULT_VARIABLE rc ERROR_VARIABLE err)
    if(NOT rc EQUAL 0)
      message(WARNING "ascendc_library(${target_name}): the aclrtlaunch headers are written "
        "when the library compiles: ${err}")
    endif()
  endif()
endfunction()

function(ascendc_library target_name target_type)
  if(NOT target_type IN_LIST ASCTWIN_ASC_LIBRARY_TYPES)
    message(FATAL_ERROR "ascendc_library(${target_name}): target_type ${target_type} is "
      "unsupported, the support list is ${ASCTWIN_ASC_LIBRARY_TYPES}")
  endif()
  if(NOT ARGN)
    message(FATAL_ERROR "ascendc_library(${target_name}): no sources given")
  endif()
  set_source_files_properties(${ARGN} PROPERTIES LANGUAGE ASC)
  add_library(${target_name} ${target_type} ${ARGN})
  set_target_properties(${target_name} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  _asctwin_asc_library_interface(${target_name} "${ENABLE_ACLRT_LAUNCH}")
  include(GNUInstallDirs)
  install(TARGETS ${target_name}
    LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT asc-devkit
    ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT asc-devkit)
endfunction()

# On the NPU: a device binary <name>.o for aclrtBinaryLoad*. On the twin: a
# shared object of that name holding the kernels, built by the same driver.
function(ascendc_fatbin_library target_name)
  if(NOT ARGN)
    message(FATAL_ERROR "ascendc_fatbin_library(${target_name}): no sources given")
  endif()
  set_source_files_properties(${ARGN} PROPERTIES LANGUAGE ASC)
  add_library(${target_name} MODULE ${ARGN})
  set_target_properties(${target_name} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  target_compile_options(${target_name} PRIVATE --aicore-only)
endfunction()

function(ascendc_compile_definitions target_name target_scope)
  target_compile_definitions(${target_name} ${target_scope} ${ARGN})
endfunction()

# Options before -forward-options-to-host-compiler are for the kernel
# compiler, the rest for the host compiler; the driver takes both groups.
function(ascendc_compile_options target_name target_scope)
  if(NOT ARGN)
    return()
  endif()
  set(kernel_options)
  set(host_options)
  set(to_host OFF)
  foreach(arg IN LISTS ARGN)
    if(to_host)
      list(APPEND host_options "${arg}")
    elseif(arg STREQUAL "-forward-options-to-host-compiler")
      set(to_host ON)
    else()
      list(APPEND kernel_options "${arg}")
    endif()
  endforeach()
  target_compile_options(${target_name} ${target_scope}
    -Xaicore-start ${kernel_options} -Xaicore-end -Xhost-start ${host_options} -Xhost-end)
endfunction()

function(ascendc_include_directories target_name target_scope)
  target_include_directories(${target_name} ${target_scope} ${ARGN})
endfunction()
