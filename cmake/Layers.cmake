# The layers of the architecture page (docs/architecture.md), each one OBJECT
# library, and the operators built from them.
#
# Layering is checked by the compiler: a layer sees only its own directory
# and those of the layers it DEPENDS on. Its include root is a directory of
# the build tree holding one link, <root>/<dir> -> src/<dir>, so
# `#include "kernel/observer.h"` resolves in the kernel layer and in every
# layer above it, and fails ("No such file or directory") in a layer below.
# tests/layering proves it.

set(ASCTWIN_LAYER_ROOTS ${PROJECT_BINARY_DIR}/layer_roots)

# asctwin_layer(<name> SOURCES ... [DIR <dir>] [DEPENDS <layers>...] [EXTERNAL <libs>...]
#               [ANCHOR <symbol>])
# One layer = one OBJECT library. DIR is the layer's directory relative to
# src/ (default: the calling CMakeLists.txt's); DEPENDS names the layers it
# uses (their include roots and, transitively, theirs); EXTERNAL names system
# libraries the layer uses, which the bundled libasctwin then links too.
# ANCHOR names a symbol of a file that registers itself at program start with
# a layer below (no code calls into it): every static link of libasctwin
# asks for it (-Wl,--undefined) so that the registration is linked in.
function(asctwin_layer name)
  cmake_parse_arguments(L "" "DIR;ANCHOR" "SOURCES;DEPENDS;EXTERNAL" ${ARGN})
  if(NOT L_DIR)
    file(RELATIVE_PATH L_DIR ${PROJECT_SOURCE_DIR}/src ${CMAKE_CURRENT_SOURCE_DIR})
  endif()
  set(root ${ASCTWIN_LAYER_ROOTS}/${name})
  get_filename_component(parent ${root}/${L_DIR} DIRECTORY)
  file(MAKE_DIRECTORY ${parent})
  file(CREATE_LINK ${PROJECT_SOURCE_DIR}/src/${L_DIR} ${root}/${L_DIR} SYMBOLIC)

  add_library(${name} OBJECT ${L_SOURCES})
  target_include_directories(${name} PUBLIC
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
    $<BUILD_INTERFACE:${root}>)
  target_link_libraries(${name} PUBLIC ${L_DEPENDS} ${L_EXTERNAL} PRIVATE asctwin_warnings)
  if(ASCTWIN_SANITIZED)
    target_compile_definitions(${name} PUBLIC ASCTWIN_SANITIZED=1)
  endif()
  set_property(GLOBAL APPEND PROPERTY ASCTWIN_LAYERS ${name})
  set_property(GLOBAL APPEND PROPERTY ASCTWIN_EXTERNAL_LIBS ${L_EXTERNAL})
  set_property(GLOBAL PROPERTY ASCTWIN_LAYER_DEPENDS_${name} ${L_DEPENDS})
  set_property(GLOBAL PROPERTY ASCTWIN_LAYER_EXTERNAL_${name} ${L_EXTERNAL})
  if(L_ANCHOR)
    set_property(GLOBAL APPEND PROPERTY ASCTWIN_LINK_ANCHORS ${L_ANCHOR})
  endif()
endfunction()

# asctwin_layer_closure(<layer> <out-var>): the layer and every layer it
# depends on, directly or not.
function(asctwin_layer_closure layer out)
  get_property(layers GLOBAL PROPERTY ASCTWIN_LAYERS)
  set(seen "")
  set(todo ${layer})
  while(todo)
    list(POP_FRONT todo l)
    if(l IN_LIST seen)
      continue()
    endif()
    list(APPEND seen ${l})
    get_property(deps GLOBAL PROPERTY ASCTWIN_LAYER_DEPENDS_${l})
    foreach(d ${deps})
      if(d IN_LIST layers)
        list(APPEND todo ${d})
      endif()
    endforeach()
  endwhile()
  set(${out} ${seen} PARENT_SCOPE)
endfunction()

# asctwin_layer_link_check(<layer> <target> [EXTRA_OBJECTS <objects>...])
# A shared library of the layer and every layer it depends on, linked with
# -Wl,--no-undefined: a layer that calls a function only a layer above it
# (or beside it) defines fails to link here, as one that includes such a
# layer's header fails to compile (tests/layering).
function(asctwin_layer_link_check layer target)
  cmake_parse_arguments(C "" "" "EXTRA_OBJECTS" ${ARGN})
  asctwin_layer_closure(${layer} closure)
  set(externals "")
  foreach(l ${closure})
    get_property(ext GLOBAL PROPERTY ASCTWIN_LAYER_EXTERNAL_${l})
    list(APPEND externals ${ext})
  endforeach()
  add_library(${target} SHARED ${C_EXTRA_OBJECTS})
  foreach(l ${closure})
    target_sources(${target} PRIVATE $<TARGET_OBJECTS:${l}>)
  endforeach()
  target_link_libraries(${target} PRIVATE Threads::Threads ${externals})
  # Only the symbols matter: no debug sections copied (a faster link).
  target_link_options(${target} PRIVATE "LINKER:--no-undefined" "LINKER:--strip-debug")
  set_target_properties(${target} PROPERTIES LIBRARY_OUTPUT_DIRECTORY
    ${PROJECT_BINARY_DIR}/layer_link_checks)
endfunction()

# asctwin_add_operator(<name> [DEPENDS <layers>...])
# An operator in CANN's layout, from the folders of src/ops/<name>:
#   op_host/*.cpp   -> asctwin_op_<name>_host    (tiling; the operator foundation)
#   op_kernel/*.cpp -> asctwin_op_<name>_kernel  (Ascend C kernels and their launch;
#                                                 + the shared kernels, the ISA core)
#   op_api/*.cpp    -> asctwin_op_<name>_api     (ACLNN entry points, plans, executors)
# each a layer that sees only the parts below it, the operator foundation
# (src/ops/common, src/ops/kernels) and DEPENDS. A folder without sources
# adds no layer. Its tests are tests/ops/<name> (tests/ops/CMakeLists.txt).
function(asctwin_add_operator name)
  cmake_parse_arguments(O "" "" "DEPENDS" ${ARGN})
  set(dir ${CMAKE_CURRENT_SOURCE_DIR}/${name})
  set(below asctwin_ops_common)
  foreach(part host kernel api)
    file(GLOB sources CONFIGURE_DEPENDS ${dir}/op_${part}/*.cpp)
    if(NOT sources)
      continue()
    endif()
    set(layer asctwin_op_${name}_${part})
    set(deps ${below})
    if(part STREQUAL "kernel")
      list(APPEND deps asctwin_ops_kernels asctwin_isa)
    elseif(part STREQUAL "api")
      list(APPEND deps ${O_DEPENDS})
    endif()
    asctwin_layer(${layer} DIR ops/${name}/op_${part} SOURCES ${sources} DEPENDS ${deps})
    set(below ${layer})
  endforeach()
  set_property(GLOBAL APPEND PROPERTY ASCTWIN_OPERATORS ${name})
endfunction()

# asctwin_bundle(<shared-target> <static-target>): the public libraries made of
# every layer registered so far.
function(asctwin_bundle shared_name static_name)
  get_property(layers GLOBAL PROPERTY ASCTWIN_LAYERS)
  get_property(externals GLOBAL PROPERTY ASCTWIN_EXTERNAL_LIBS)
  if(externals)
    list(REMOVE_DUPLICATES externals)
  endif()
  add_library(${shared_name} SHARED)
  add_library(${static_name} STATIC)
  foreach(lib ${shared_name} ${static_name})
    foreach(layer ${layers})
      target_sources(${lib} PRIVATE $<TARGET_OBJECTS:${layer}>)
    endforeach()
    target_include_directories(${lib} PUBLIC
      $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
      $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}/asctwin>)
    target_link_libraries(${lib} PUBLIC Threads::Threads ${externals})
    target_compile_features(${lib} PUBLIC cxx_std_20)
    if(ASCTWIN_SANITIZED)
      target_compile_definitions(${lib} PUBLIC ASCTWIN_SANITIZED=1)
    endif()
  endforeach()
  get_property(anchors GLOBAL PROPERTY ASCTWIN_LINK_ANCHORS)
  foreach(anchor ${anchors})
    target_link_options(${static_name} INTERFACE "LINKER:--undefined=${anchor}")
  endforeach()
  set_target_properties(${shared_name} PROPERTIES OUTPUT_NAME asctwin
    VERSION ${PROJECT_VERSION} SOVERSION ${PROJECT_VERSION_MAJOR})
  set_target_properties(${static_name} PROPERTIES OUTPUT_NAME asctwin)
endfunction()
