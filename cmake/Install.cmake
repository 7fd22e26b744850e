# Installation and the CMake package: find_package(asctwin) gives
# asctwin::asctwin (shared) and asctwin::asctwin_static; asctwin.pc serves
# plain makefiles. Installed next to libasctwin are the library names CANN
# programs link (ascendcl, nnopbase, opapi), as links to libasctwin.
include(CMakePackageConfigHelpers)

install(TARGETS asctwin asctwin_static EXPORT asctwinTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/asctwin)
install(DIRECTORY include/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/asctwin)
install(EXPORT asctwinTargets NAMESPACE asctwin::
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/asctwin)

configure_package_config_file(cmake/asctwinConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/asctwinConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/asctwin)
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/asctwinConfigVersion.cmake
  COMPATIBILITY SameMajorVersion)
install(FILES
  ${CMAKE_CURRENT_BINARY_DIR}/asctwinConfig.cmake
  ${CMAKE_CURRENT_BINARY_DIR}/asctwinConfigVersion.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/asctwin)
install(FILES cmake/AsctwinAsc.cmake DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/asctwin)
include(cmake/InstallToolchain.cmake)

get_property(ASCTWIN_PC_EXTERNALS GLOBAL PROPERTY ASCTWIN_EXTERNAL_LIBS)
set(ASCTWIN_PC_LIBS_PRIVATE "-lpthread")
foreach(lib ${ASCTWIN_LIBDW_LIBRARIES})
  string(APPEND ASCTWIN_PC_LIBS_PRIVATE " -l${lib}")
endforeach()
# A static link asks for the files that register themselves at program start
# (asctwin_layer's ANCHOR).
get_property(ASCTWIN_PC_ANCHORS GLOBAL PROPERTY ASCTWIN_LINK_ANCHORS)
foreach(anchor ${ASCTWIN_PC_ANCHORS})
  string(APPEND ASCTWIN_PC_LIBS_PRIVATE " -Wl,--undefined=${anchor}")
endforeach()
# asctwin.pc finds its prefix from its own location (${pcfiledir}), so that an
# install with `cmake --install <build> --prefix <dir>` or DESTDIR stays usable.
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}")
  set(ASCTWIN_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
else()
  file(RELATIVE_PATH ASCTWIN_PC_UP "/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/")
  set(ASCTWIN_PC_PREFIX "\${pcfiledir}/${ASCTWIN_PC_UP}")
endif()
configure_file(cmake/asctwin.pc.in ${CMAKE_CURRENT_BINARY_DIR}/asctwin.pc @ONLY)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/asctwin.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)


