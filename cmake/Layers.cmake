# asctwin_layer(<name> SOURCES ... [DEPENDS <layers>...] [EXTERNAL <libs>...])
# One layer of the architecture page = one OBJECT library. DEPENDS names the
# layers above it (explicit dependencies); EXTERNAL names system libraries the
# layer uses, which the bundled libasctwin then links too.
function(asctwin_layer name)
  cmake_parse_arguments(L "" "" "SOURCES;DEPENDS;EXTERNAL" ${ARGN})
  add_library(${name} OBJECT ${L_SOURCES})
  target_include_directories(${name} PUBLIC
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/src>)
  target_link_libraries(${name} PUBLIC ${L_DEPENDS} ${L_EXTERNAL} PRIVATE asctwin_warnings)
  if(ASCTWIN_SANITIZED)
    target_compile_definitions(${name} PUBLIC ASCTWIN_SANITIZED=1)
  endif()
  set_property(GLOBAL APPEND PROPERTY ASCTWIN_LAYERS ${name})
  set_property(GLOBAL APPEND PROPERTY ASCTWIN_EXTERNAL_LIBS ${L_EXTERNAL})
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
  set_target_properties(${shared_name} PROPERTIES OUTPUT_NAME asctwin
    VERSION ${PROJECT_VERSION} SOVERSION ${PROJECT_VERSION_MAJOR})
  set_target_properties(${static_name} PROPERTIES OUTPUT_NAME asctwin)
endfunction()
