# Installation of the toolchain front door (included by Install.cmake):
#  - the driver asctwin-asc (<prefix>/bin);
#  - the ASC and AICPU CMake packages (<libdir>/cmake/ASC, <libdir>/cmake/AICPU):
#    find_package(ASC), project(... LANGUAGES ASC CXX), the legacy
#    include(${ASCENDC_CMAKE_DIR}/ascendc.cmake) flow;
#  - <prefix>/set_env.sh;
#  - the CANN home <libdir>/asctwin/cann (ASCEND_HOME_PATH after set_env.sh),
#    made of relative links into the prefix and laid out as a CANN install:
#    set_env.sh, include/ (acl/acl.h, kernel_operator.h, ...), lib64/,
#    tikcpp/ascendc_kernel_cmake/ascendc.cmake, compiler/tikcpp/ascendc_kernel_cmake,
#    <arch>-linux/{include,lib64,tikcpp};
#  - the CANN library names programs link (-lascendcl, -lacl_rt, -ltiling_api,
#    ...), as links to libasctwin.so next to it.
include(CMakePackageConfigHelpers)

# The version of the ASC toolchain contract the packages follow (the asc-devkit
# snapshot in ../shared/reference: 9.1.0-beta.2); find_package(ASC <= it) works.
set(ASCTWIN_ASC_CONTRACT_VERSION 9.1.0)

set(ASCTWIN_CANN_HOME_REL "${CMAKE_INSTALL_LIBDIR}/asctwin/cann")
set(asc_dir "${CMAKE_INSTALL_LIBDIR}/cmake/ASC")
file(RELATIVE_PATH ASCTWIN_ASC_UP "/${asc_dir}" "/")

install(TARGETS asctwin-asc asctwin-asc-rewrite RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

configure_file(cmake/asc/asc-paths.cmake.in ${CMAKE_CURRENT_BINARY_DIR}/asc-paths.cmake @ONLY)
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/asc-config-version.cmake
  VERSION ${ASCTWIN_ASC_CONTRACT_VERSION} COMPATIBILITY AnyNewerVersion ARCH_INDEPENDENT)
install(FILES
  cmake/asc/asc-config.cmake cmake/asc/asc_functions.cmake cmake/asc/ascendc.cmake
  ${CMAKE_CURRENT_BINARY_DIR}/asc-paths.cmake ${CMAKE_CURRENT_BINARY_DIR}/asc-config-version.cmake
  DESTINATION ${asc_dir})
install(DIRECTORY cmake/asc/asc_modules DESTINATION ${asc_dir})
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/aicpu-config-version.cmake
  VERSION ${ASCTWIN_ASC_CONTRACT_VERSION} COMPATIBILITY AnyNewerVersion ARCH_INDEPENDENT)
install(FILES cmake/aicpu/aicpu-config.cmake ${CMAKE_CURRENT_BINARY_DIR}/aicpu-config-version.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/AICPU)
install(DIRECTORY cmake/aicpu/aicpu_modules DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/AICPU)

# set_env.sh knows its own place in bash and zsh; plain sh cannot tell, so the
# prefix it falls back to is the one of the install (not of the configure).
configure_file(cmake/set_env.sh.in ${CMAKE_CURRENT_BINARY_DIR}/set_env.sh.in @ONLY)
install(CODE "
  file(READ \"${CMAKE_CURRENT_BINARY_DIR}/set_env.sh.in\" _text)
  string(REPLACE \"__ASCTWIN_INSTALL_PREFIX__\" \"\${CMAKE_INSTALL_PREFIX}\" _text \"\${_text}\")
  file(WRITE \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/set_env.sh\" \"\${_text}\")
  message(STATUS \"Installing: \$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/set_env.sh\")
")

# Relative links, made at install time (also under DESTDIR).
set(ASCTWIN_INSTALL_LINKS)
macro(asctwin_install_link link_rel target_rel)
  # Both paths relative to the prefix; the link stores the relative way there.
  get_filename_component(_dir "/${link_rel}" DIRECTORY)
  file(RELATIVE_PATH _to "${_dir}" "/${target_rel}")
  list(APPEND ASCTWIN_INSTALL_LINKS "${link_rel}|${_to}")
endmacro()

if(CMAKE_SYSTEM_PROCESSOR MATCHES "aarch64|arm64")
  set(cann_arch aarch64-linux)
else()
  set(cann_arch x86_64-linux)
endif()
set(home "${ASCTWIN_CANN_HOME_REL}")
asctwin_install_link("${home}/set_env.sh" "set_env.sh")
asctwin_install_link("${home}/include" "${CMAKE_INSTALL_INCLUDEDIR}/asctwin")
asctwin_install_link("${home}/lib64" "${CMAKE_INSTALL_LIBDIR}")
asctwin_install_link("${home}/bin" "${CMAKE_INSTALL_BINDIR}")
asctwin_install_link("${home}/tikcpp/ascendc_kernel_cmake" "${asc_dir}")
asctwin_install_link("${home}/compiler/tikcpp/ascendc_kernel_cmake" "${asc_dir}")
asctwin_install_link("${home}/${cann_arch}/include" "${CMAKE_INSTALL_INCLUDEDIR}/asctwin")
asctwin_install_link("${home}/${cann_arch}/lib64" "${CMAKE_INSTALL_LIBDIR}")
asctwin_install_link("${home}/${cann_arch}/tikcpp/ascendc_kernel_cmake" "${asc_dir}")

# CANN's library names, as links to libasctwin.so (the twin implements what
# it implements of each; a name without its symbols fails at link time).
foreach(alias ascendcl acl_rt acl_rt_impl nnopbase opapi runtime register platform tiling_api
    ascendc_runtime error_manager profapi msprofiler ge_common_base unified_dlog mmpa
    ascend_dump ascendalog c_sec graph graph_base ge_runner acl_tdt_channel acl_tdt_queue)
  asctwin_install_link("${CMAKE_INSTALL_LIBDIR}/lib${alias}.so" "${CMAKE_INSTALL_LIBDIR}/libasctwin.so")
endforeach()

install(CODE "
  set(_root \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}\")
  foreach(_pair ${ASCTWIN_INSTALL_LINKS})
    string(REPLACE \"|\" \";\" _pair \"\${_pair}\")
    list(GET _pair 0 _link)
    list(GET _pair 1 _to)
    get_filename_component(_dir \"\${_root}/\${_link}\" DIRECTORY)
    file(MAKE_DIRECTORY \"\${_dir}\")
    file(REMOVE \"\${_root}/\${_link}\")
    file(CREATE_LINK \"\${_to}\" \"\${_root}/\${_link}\" SYMBOLIC)
  endforeach()
  message(STATUS \"Installing: CANN home \${_root}/${home} (ASCEND_HOME_PATH after set_env.sh)\")
")
